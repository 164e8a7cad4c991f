"""puzzlog's Python bridge: load puzzles, solve them with the Prolog engine, explain the steps.

>>> import pybridge
>>> [p] = pybridge.load("...24......32...")
>>> print(pybridge.solve(p))
solved (0 guesses, ... ms)
3 1 | 4 2
4 2 | 3 1
----+----
1 4 | 2 3
2 3 | 1 4
>>> print(pybridge.explain(p).steps[0])
naked single: r2c4 can only be 1 (removes 1 from r2c2, r2c3, r4c4, r1c3)
"""
import sys
from importlib import import_module
from types import ModuleType
from typing import Any

# What each public name is, and the module that defines it: a module is imported the first
# time one of its names is asked for, so `import pybridge` (and every command of the CLI)
# pays only for what it uses.
_HOMES = {
    "batch": "batch", "CheckReport": "check", "Problem": "check", "check": "check",
    "EngineError": "errors", "PuzzleFormatError": "errors", "PuzzlogError": "errors", "RulesError": "errors",
    "RuleStoppedError": "errors", "FalseStepWarning": "errors", "write": "formats", "Generated": "generate", "generate": "generate",
    "Hint": "hints", "hint": "hints", "Clue": "kakuro", "KakuroPuzzle": "kakuro", "Puzzle": "puzzle",
    "Unreadable": "puzzle", "SamuraiPuzzle": "samurai", "LEVELS": "rating", "Rating": "rating", "rate": "rating", "LIMITS": "reading",
    "Limits": "reading", "load": "reading", "parse": "reading", "read": "reading", "RuleReport": "rule_check",
    "check_rule": "rule_check", "RuleFile": "rules", "load_rules": "rules", "print_sheet": "sheet",
    "Explanation": "solver", "Result": "solver", "Solver": "solver", "Step": "solver", "explain": "solver",
    "solve": "solver", "TECHNIQUE_SETS": "techniques", "UnknownTechniqueError": "techniques",
    "ladder": "techniques",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pybridge' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """pybridge.batch, .check and .generate are functions named as their modules: importing
    a module sets its name on the package, which here must stay the function's."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and _HOMES.get(name) == name:
            return  # the module is in sys.modules all the same
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


__all__ = sorted(_HOMES)
__version__ = "0.1.0"

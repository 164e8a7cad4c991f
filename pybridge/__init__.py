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
from importlib import import_module
from typing import TYPE_CHECKING, Any

# The public face over the rooms (engine/, puzzles/, solving/, batches/, teaching/, library/,
# cli/, web/: tests/test_layers.py): each public name and the module that defines it.  A module
# is imported the first time one of its names is asked for, so `import pybridge` (and every
# command of the CLI) pays only for what it uses.
_HOMES = {
    "EngineError": "engine.errors", "PuzzleFormatError": "engine.errors", "PuzzlogError": "engine.errors",
    "ArgumentError": "engine.errors", "ArgumentTypeError": "engine.errors", "PuzzleFileNotFoundError": "engine.errors",
    "RulesError": "engine.errors", "RuleStoppedError": "engine.errors", "FalseStepWarning": "engine.errors",
    "RuleFile": "engine.rules", "load_rules": "engine.rules", "bundled": "puzzles.reading",
    "Puzzle": "puzzles.latin", "Unreadable": "puzzles.latin", "Clue": "puzzles.kakuro",
    "KakuroPuzzle": "puzzles.kakuro", "SamuraiPuzzle": "puzzles.samurai", "write": "puzzles.formats",
    "LIMITS": "puzzles.reading", "Limits": "puzzles.reading", "load": "puzzles.reading",
    "parse": "puzzles.reading", "read": "puzzles.reading",
    "Explanation": "solving.solver", "Result": "solving.solver", "Solver": "solving.solver",
    "Step": "solving.solver", "explain": "solving.solver", "solve": "solving.solver",
    "CheckReport": "solving.check", "Problem": "solving.check", "check": "solving.check",
    "Hint": "solving.hints", "hint": "solving.hints", "LEVELS": "solving.rating", "Rating": "solving.rating",
    "KINDS": "puzzles.reading", "FORMATS": "puzzles.reading",
    "rate": "solving.rating", "Generated": "solving.generate", "generate": "solving.generate",
    "TECHNIQUE_SETS": "solving.ladder", "UnknownTechniqueError": "solving.ladder", "ladder": "solving.ladder",
    "print_sheet": "solving.sheet",
    "batch": "batches.work", "Pool": "batches.work", "Cancelled": "engine.swipl", "CancelToken": "engine.swipl",
    "cancel_scope": "engine.swipl", "assume_unique": "engine.swipl",
    "RuleReport": "teaching.rule_check", "check_rule": "teaching.rule_check",
    "practice": "teaching.practice", "PracticePosition": "teaching.practice", "AnswerCheck": "teaching.practice",
    "PracticeError": "teaching.practice",
}


if TYPE_CHECKING:   # what a type checker sees: the names with their real types (the lazy
    # loading below hands out the same objects at run time)
    from .batches.work import batch as batch, Pool as Pool
    from .engine.errors import (ArgumentError as ArgumentError, ArgumentTypeError as ArgumentTypeError,
        EngineError as EngineError, FalseStepWarning as FalseStepWarning,
        PuzzleFileNotFoundError as PuzzleFileNotFoundError, PuzzleFormatError as PuzzleFormatError,
        PuzzlogError as PuzzlogError, RulesError as RulesError, RuleStoppedError as RuleStoppedError)
    from .engine.rules import load_rules as load_rules, RuleFile as RuleFile
    from .engine.swipl import cancel_scope as cancel_scope, Cancelled as Cancelled, CancelToken as CancelToken
    from .engine.swipl import assume_unique as assume_unique
    from .puzzles.formats import write as write
    from .puzzles.kakuro import Clue as Clue, KakuroPuzzle as KakuroPuzzle
    from .puzzles.latin import Puzzle as Puzzle, Unreadable as Unreadable
    from .puzzles.reading import (bundled as bundled, FORMATS as FORMATS, KINDS as KINDS, LIMITS as LIMITS,
        Limits as Limits, load as load, parse as parse, read as read)
    from .puzzles.samurai import SamuraiPuzzle as SamuraiPuzzle
    from .solving.check import check as check, CheckReport as CheckReport, Problem as Problem
    from .solving.generate import generate as generate, Generated as Generated
    from .solving.hints import Hint as Hint, hint as hint
    from .solving.ladder import (ladder as ladder, TECHNIQUE_SETS as TECHNIQUE_SETS,
        UnknownTechniqueError as UnknownTechniqueError)
    from .solving.rating import LEVELS as LEVELS, rate as rate, Rating as Rating
    from .solving.sheet import print_sheet as print_sheet
    from .solving.solver import (explain as explain, Explanation as Explanation, Result as Result,
        solve as solve, Solver as Solver, Step as Step)
    from .teaching.rule_check import check_rule as check_rule, RuleReport as RuleReport
    from .teaching.practice import (AnswerCheck as AnswerCheck, practice as practice,
        PracticeError as PracticeError, PracticePosition as PracticePosition)
    from .batches import aio as aio

# Public modules, under the names they are used by: pybridge.aio.solve(...).
_MODULES = {"aio": "batches.aio"}


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        value = import_module(f".{_MODULES[name]}", __name__)
        globals()[name] = value
        return value
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pybridge' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES, *_MODULES})


__all__ = sorted([*_HOMES, *_MODULES])
__version__ = "0.1.0"

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
from .batch import batch
from .check import CheckReport, Problem, check
from .errors import EngineError, PuzzleFormatError, PuzzlogError, RulesError, RuleStoppedError
from .formats import write
from .generate import Generated, generate
from .hints import Hint, hint
from .kakuro import Clue, KakuroPuzzle
from .puzzle import Puzzle, Unreadable
from .rating import LEVELS, Rating, rate
from .reading import LIMITS, Limits, load, parse, read
from .rule_check import RuleReport, check_rule
from .rules import RuleFile, load_rules
from .sheet import print_sheet
from .solver import Explanation, Result, Solver, Step, explain, solve
from .techniques import TECHNIQUE_SETS, UnknownTechniqueError, ladder

__all__ = ["CheckReport", "Clue", "EngineError", "Explanation", "Generated", "Hint", "KakuroPuzzle", "LEVELS",
           "LIMITS", "Limits", "Problem", "Puzzle", "PuzzleFormatError", "PuzzlogError", "Rating", "Result",
           "RuleFile", "RuleReport", "RuleStoppedError", "RulesError", "Solver", "Step", "TECHNIQUE_SETS",
           "UnknownTechniqueError", "Unreadable", "batch", "check", "check_rule", "explain", "generate", "hint",
           "ladder", "load", "load_rules", "parse", "print_sheet", "rate", "read", "solve", "write"]
__version__ = "0.1.0"

"""puzzlog's Python bridge: load puzzles, solve them with the Prolog engine, explain the steps.

>>> import pybridge
>>> [p] = pybridge.load("..3.4....2.1.3..")          # doctest: +SKIP
>>> print(pybridge.solve(p))                          # doctest: +SKIP
"""
from .errors import EngineError, PuzzleFormatError, PuzzlogError
from .formats import write
from .puzzle import Puzzle, Unreadable
from .reading import LIMITS, Limits, load, parse, read
from .solver import Explanation, Result, Solver, Step, explain, solve
from .techniques import TECHNIQUE_SETS, UnknownTechniqueError, ladder

__all__ = ["EngineError", "Explanation", "LIMITS", "Limits", "PuzzleFormatError", "PuzzlogError", "Puzzle", "Result",
           "Solver", "Step", "TECHNIQUE_SETS", "UnknownTechniqueError", "Unreadable", "explain", "ladder", "load",
           "parse", "read", "solve", "write"]
__version__ = "0.1.0"

"""puzzlog's Python bridge: load puzzles, solve them with the Prolog engine, explain the steps.

>>> import pybridge
>>> [p] = pybridge.load("..3.4....2.1.3..")          # doctest: +SKIP
>>> print(pybridge.solve(p))                          # doctest: +SKIP
"""
from .errors import EngineError, PuzzleFormatError, PuzzlogError
from .formats import parse, write
from .puzzle import Puzzle
from .solver import TECHNIQUE_SETS, Result, Solver, Step, load, solve

__all__ = ["EngineError", "PuzzleFormatError", "PuzzlogError", "Puzzle", "Result", "Solver", "Step",
           "TECHNIQUE_SETS", "load", "parse", "solve", "write"]
__version__ = "0.1.0"

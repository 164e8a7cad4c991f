"""Hints: the next deduction from the givens or from a player's partly filled grid, at three
depths, after checking the player's entries against the solution.

>>> import pybridge
>>> p = pybridge.load("puzzles/sudoku9.txt")[5]
>>> print(pybridge.hint(p, level=1))
Look for: cross hatching.
>>> print(pybridge.hint(p, level=2))
Look for: cross hatching, in box 3.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from . import engine
from .errors import PuzzlogError
from .kakuro import KakuroPuzzle
from .reading import load
from .solver import Solvable, Solver, Step, _step, solve


@dataclass
class Hint:
    """A hint: ``status`` is step (``text`` hints at ``step`` at ``level``), mistake (the
    player's entries in ``mistakes`` contradict the solution; nothing else is said), solved,
    stuck (no technique applies: a guess is needed) or contradiction."""

    status: str
    level: int
    text: str
    step: Step | None = None
    mistakes: list[tuple[int, int, int]] = field(default_factory=list)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict:
        data: dict = {"status": self.status, "level": self.level, "text": self.text,
                      "mistakes": [list(m) for m in self.mistakes]}
        if self.step is not None:
            step = self.step.to_json()
            data["technique"] = step["technique"]
            if self.level >= 2:
                data.update(units=step["units"], cells=step["cells"])
            if self.level >= 3:
                data.update(placements=step["placements"], eliminations=step["eliminations"])
        return data


def hint(puzzle: Solvable, grid: str | Path | list[int] | None = None, level: int = 3,
         techniques: str | list[str] | None = None) -> Hint:
    """A hint at the next deduction from the givens, or from ``grid``: the player's partly
    filled grid (a text or file in the puzzle's own formats, or row-major values, 0 blank).

    Level 1 names the technique, 2 also where to look, 3 gives the whole deduction.  If the
    grid holds an entry that contradicts the puzzle's solution, the hint names those cells
    and says nothing else.  Raises PuzzlogError for a grid that does not fit the puzzle.
    """
    if level not in (1, 2, 3):
        raise PuzzlogError(f"the hint level is 1, 2 or 3, not {level!r}")
    position = puzzle if grid is None else _with_entries(puzzle, _entries(puzzle, grid))
    if grid is not None:
        mistakes = _mistakes(puzzle, position.givens)
        if mistakes:
            cells = ", ".join(f"r{r}c{c} = {v}" for r, c, v in mistakes)
            return Hint("mistake", level, f"{cells}: {'this contradicts' if len(mistakes) == 1 else 'these contradict'}"
                                          f" the solution; correct {'it' if len(mistakes) == 1 else 'them'} first",
                        mistakes=mistakes)
    solver = Solver(position, techniques)
    status, text, items = engine.call(
        "bridge_hint", [position.geometry(), solver.codes, solver.techniques, level], 3)
    messages = {"solved": "The grid is complete and correct.",
                "stuck": "No technique applies here: a guess is needed.",
                "contradiction": f"Contradiction: {text}."}
    if status == "step":
        return Hint("step", level, str(text), _step(items[0]))
    return Hint(str(status), level, messages[str(status)])


def _entries(puzzle: Solvable, grid: str | Path | list[int]) -> list[int]:
    """The player's grid as row-major values, checked against the puzzle's shape and givens."""
    if isinstance(grid, list):
        values = grid
    else:
        read = load(grid, kind=puzzle.kind)
        if not read:
            raise PuzzlogError("the grid holds no puzzle")
        values = read[0].givens
    if len(values) != len(puzzle.givens):
        raise PuzzlogError(f"the grid has {len(values)} cells; the puzzle has {len(puzzle.givens)}")
    _, cols = puzzle.shape
    for i, (given, value) in enumerate(zip(puzzle.givens, values)):
        if given and value and given != value:
            raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1}: the puzzle gives {given}, the grid has {value}")
    return [given or value for given, value in zip(puzzle.givens, values)]


def _with_entries(puzzle: Solvable, values: list[int]) -> Solvable:
    """The puzzle with ``values`` as its givens: a Kakuro's white cells hold them."""
    if isinstance(puzzle, KakuroPuzzle):
        _, cols = puzzle.shape
        cells = [[values[r * cols + c] if isinstance(cell, int) else cell for c, cell in enumerate(row)]
                 for r, row in enumerate(puzzle.cells)]
        return dataclasses.replace(puzzle, cells=cells)
    return dataclasses.replace(puzzle, givens=list(values))


def _mistakes(puzzle: Solvable, values: list[int]) -> list[tuple[int, int, int]]:
    """Entries that differ from the puzzle's unique solution (none when it has no unique one)."""
    result = solve(puzzle)
    if result.status != "solved" or result.values is None:
        return []
    _, cols = puzzle.shape
    return [(i // cols + 1, i % cols + 1, v) for i, (v, true) in enumerate(zip(values, result.values))
            if v and v != true]

"""A player's entries: a partly filled grid read against its puzzle, for hints and checks.

The grid comes in the puzzle's own formats: a text (a ``str`` is always the text itself,
never a file name, whatever file it may name), a file (a ``Path``), or row-major values
with 0 for a blank.  It must have the puzzle's shape, keep its givens and, for a Kakuro,
its layout of clues.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

from ..engine.errors import PuzzlogError
from .kakuro import KakuroPuzzle
from .samurai import SamuraiPuzzle
from .latin import Unreadable
from .reading import load, read
from .answers import Solvable

Grid = str | Path | list[int]


def read_entries(puzzle: Solvable, grid: Grid) -> list[int]:
    """The grid's values, row-major (0 blank), givens included: raises PuzzlogError, naming
    the cell, for a grid that does not fit the puzzle."""
    rows, cols = puzzle.shape
    if isinstance(grid, list):
        values = grid
        if len(values) != rows * cols:
            raise PuzzlogError(f"the grid has {len(values)} cells; the puzzle has {rows * cols} ({rows}x{cols})")
        for i, v in enumerate(values):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= puzzle.largest:
                raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1}: {v!r} is not a value of this puzzle "
                                   f"(0 for a blank, 1..{puzzle.largest})")
    else:
        if isinstance(grid, str):
            found = read(grid, "<grid>", puzzle.kind)  # a text: errors name it as the grid
        elif isinstance(grid, Path):
            found = load(grid, kind=puzzle.kind, errors="keep")
        else:
            raise TypeError(f"a grid is a text, a Path or a list of values, not {type(grid).__name__}")
        other = found[0]
        if isinstance(other, Unreadable):
            raise other.error
        if other.shape != puzzle.shape:
            raise PuzzlogError(f"the grid is {other.shape[0]}x{other.shape[1]}; the puzzle is {rows}x{cols}")
        if isinstance(puzzle, KakuroPuzzle):
            _same_layout(puzzle, other)
        values = other.givens
    for i, (given, value) in enumerate(zip(puzzle.givens, values)):
        if given and value and given != value:
            raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1}: the puzzle gives {given}, the grid has {value}")
        if value and isinstance(puzzle, KakuroPuzzle) and not puzzle.is_white(i // cols, i % cols):
            raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1} is a black cell: it takes no value")
        if value and isinstance(puzzle, SamuraiPuzzle) and not puzzle.is_cell(i // cols, i % cols):
            raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1} is in no grid of the Samurai: it takes no value")
    return [given or value for given, value in zip(puzzle.givens, values)]


def _same_layout(puzzle: KakuroPuzzle, other: KakuroPuzzle) -> None:
    for r, (row, other_row) in enumerate(zip(puzzle.cells, other.cells), 1):
        for c, (cell, theirs) in enumerate(zip(row, other_row), 1):
            if isinstance(cell, int) != isinstance(theirs, int) or (not isinstance(cell, int) and cell != theirs):
                raise PuzzlogError(f"r{r}c{c}: the grid's cell differs from the puzzle's (the layout and clues "
                                   "must be the puzzle's)")


def with_entries(puzzle: Solvable, values: list[int]) -> Solvable:
    """The puzzle with ``values`` as its givens: a Kakuro's white cells hold them."""
    if isinstance(puzzle, KakuroPuzzle):
        _, cols = puzzle.shape
        cells = [[values[r * cols + c] if isinstance(cell, int) else cell for c, cell in enumerate(row)]
                 for r, row in enumerate(puzzle.cells)]
        return dataclasses.replace(puzzle, cells=cells)
    return dataclasses.replace(puzzle, givens=list(values))


def entries_text(puzzle: Solvable, values: list[int]) -> str:
    """The entries alone (the givens blanked) as the engine reads givens."""
    only = [0 if given else v for given, v in zip(puzzle.givens, values)]
    return with_entries(puzzle, only).givens_text()

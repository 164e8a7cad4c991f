"""A player's entries: a partly filled grid read against its puzzle, for hints and checks.

The grid comes in the puzzle's own formats: a text (a ``str`` is always the text itself,
never a file name, whatever file it may name), a file (a ``Path``), or row-major values
with 0 for a blank.  It must have the puzzle's shape, keep its givens and, for a Kakuro,
its layout of clues.
"""
from __future__ import annotations

from pathlib import Path

from ..engine.errors import ArgumentTypeError, PuzzlogError
from .latin import Unreadable
from .reading import load, read
from .kinds import AnyPuzzle

Grid = str | Path | list[int]


def read_entries(puzzle: AnyPuzzle, grid: Grid) -> list[int]:
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
            raise ArgumentTypeError(f"a grid is a text, a Path or a list of values, not {type(grid).__name__}")
        other = found[0]
        if isinstance(other, Unreadable):
            raise other.error
        if other.shape != puzzle.shape:
            raise PuzzlogError(f"the grid is {other.shape[0]}x{other.shape[1]}; the puzzle is {rows}x{cols}")
        puzzle.same_layout(other)
        values = other.givens
    for i, (given, value, takes) in enumerate(zip(puzzle.givens, values, puzzle.takes_value())):
        if given and value and given != value:
            raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1}: the puzzle gives {given}, the grid has {value}")
        if value and not takes:
            raise PuzzlogError(f"r{i // cols + 1}c{i % cols + 1} is {puzzle.no_value_cell}: it takes no value")
    return [given or value for given, value in zip(puzzle.givens, values)]


def with_entries(puzzle: AnyPuzzle, values: list[int]) -> AnyPuzzle:
    """The puzzle with ``values`` as its givens (a Kakuro's white cells hold them)."""
    return puzzle.with_values(values)


def entries_text(puzzle: AnyPuzzle, values: list[int]) -> str:
    """The entries alone (the givens blanked) as the engine reads givens."""
    only = [0 if given else v for given, v in zip(puzzle.givens, values)]
    return with_entries(puzzle, only).givens_text()

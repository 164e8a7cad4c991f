"""What every kind of puzzle is to the rest of puzzlog: one protocol, so that no caller asks
which kind it holds.

A kind's Python class (``latin.Puzzle`` for the Latin squares — Sudoku, jigsaw, X,
greater-than, Killer, Futoshiki, Adjacent —, ``kakuro.KakuroPuzzle``,
``samurai.SamuraiPuzzle``) subclasses ``PuzzleKind`` and is registered in ``kinds.KINDS``
under the tag of its engine record; the engine's kind record (prolog/kinds/) says the rest
(names it is read under, sizes, generation).  Solving, hints, checking, rating, printing, the
CLI and the server use only what is below; tests/test_kinds.py counts the switches on kinds
outside these modules (none).

>>> import pybridge
>>> [p] = pybridge.load("puzzles/kakuro/small.grid")
>>> p.native_format, p.takes_value()[:3], p.default_techniques
('grid', [False, False, False], 'singles')
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Sequence, TypeVar

from .cells import values_text
from .picture import Layout, Marks, picture
from ..engine.errors import ArgumentError

K = TypeVar("K", bound="PuzzleKind")


class PuzzleKind:
    """The protocol of a kind of puzzle, with what most kinds share as defaults.

    Fields every kind has: ``source``, ``index``, ``line`` (where it came from), ``givens``
    (row-major values, 0 blank), ``solution`` (one its file gave, or None).  Each kind
    defines ``kind`` (its catalogue name), ``shape``, ``largest``, ``units()``,
    ``geometry()`` and ``givens_text()`` (the engine's terms), ``text_of(values)``,
    ``check()``, its formats and its picture cells.
    """

    source: str
    index: int
    line: int | None
    givens: list[int]
    solution: list[int] | None

    formats: ClassVar[tuple[str, ...]]   # the formats it is written in (write_all)
    written_as: ClassVar[str]            # how a message names the family ("Sudoku is written as ...")
    default_techniques: str = "pairs"    # the fastest technique set for it (bench/ measures)
    no_value_cell: ClassVar[str] = ""    # how a cell that takes no value is named in a message
    spaced: bool = False                 # drawn with room between cells (for signs)

    def __hash__(self) -> int:
        """By content, as equality is (where a puzzle came from is not part of it)."""
        return hash((self.kind, self.shape, tuple(self.givens)))

    @classmethod
    def from_text(cls: type[K], text: str, kind: str | None = None, fmt: str | None = None) -> K:
        """The one puzzle of ``text``, in any format pybridge.load reads (``kind`` and ``fmt``
        as there); PuzzleFormatError when it cannot be read, ArgumentError when it holds
        several puzzles or one of another family.

        >>> import pybridge
        >>> pybridge.Puzzle.from_text("...24......32...")
        Puzzle(sudoku 4x4, 4 givens, <text>:1 #0)
        """
        from .reading import parse   # reading knows every kind: this module is below it
        puzzles = parse(text, "<text>", kind, fmt)
        if len(puzzles) != 1 or not isinstance(puzzles[0], cls):
            found = f"{len(puzzles)} puzzles" if len(puzzles) != 1 else f"a {puzzles[0].kind}"
            raise ArgumentError(f"{cls.__name__}.from_text takes the text of one {cls.__name__}; this holds {found}")
        return puzzles[0]

    @property
    def kind(self) -> str:
        raise NotImplementedError

    @property
    def kind_name(self) -> str:
        """What a person calls it (a caption, a message): ``kind``, unless the kind says more."""
        return self.kind

    @property
    def catalogue_name(self) -> str:
        """The name of its kind in the catalogue (the name it is made and read under): ``kind``,
        but a greater-than Sudoku and an Adjacent by their own names (their texts read as a
        Sudoku and a Futoshiki, the kinds they are)."""
        return self.kind

    @property
    def largest(self) -> int:
        """The largest value a cell takes."""
        raise NotImplementedError

    @property
    def shape(self) -> tuple[int, int]:
        raise NotImplementedError

    def geometry(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def check(self) -> None:
        """Raise ArgumentError or ArgumentTypeError unless the puzzle is well formed."""
        raise NotImplementedError

    # ---------------------------------------------------------------- cells
    def units(self) -> list[list[int]]:
        """Every unit whose values all differ (rows, columns, boxes or regions, diagonals, a
        kind's own regions, Kakuro runs, Killer cages), as row-major cell indices: as the
        engine's geometry has them (bridge_units/2), never worked out again here."""
        from ..engine import swipl   # the engine, asked only when a caller wants the units
        _, cols = self.shape
        [flat_units] = swipl.call("bridge_units", [self.geometry()], 1)
        return [[(r - 1) * cols + c - 1 for r, c in zip(flat[::2], flat[1::2])] for flat in flat_units]

    def takes_value(self) -> list[bool]:
        """Row-major, whether each cell takes a value (a Kakuro's black cells do not, nor a
        Samurai's frame where no grid is)."""
        rows, cols = self.shape
        return [True] * (rows * cols)

    def labelled_cells(self) -> set[tuple[int, int]]:
        """The cells (row, column from 1) whose top left corner holds a label (a Killer cage's
        sum): their candidates are drawn below it."""
        return set()

    def cell_words(self) -> list[str]:
        """Row-major, what the board shows of each cell beyond its value, in words, for a
        reader who cannot see the board (the page's screen-reader announcement): its cage
        and sum, its signs, its region, its runs' clues; "" for a cell with nothing more.

        >>> import pybridge
        >>> pybridge.load("puzzles/kakuro/small.grid")[0].cell_words()[5]
        'across sum 16 in 2 cells, down sum 9 in 2 cells'
        """
        rows, cols = self.shape
        return [""] * (rows * cols)

    def same_layout(self, other: Any) -> None:
        """Raise PuzzlogError, naming the cell, if ``other`` (the same kind and shape) lays its
        cells out otherwise: a player's grid must be this puzzle's."""

    def with_values(self, values: list[int]) -> Any:
        """The puzzle with ``values`` (row-major) as its givens."""
        return dataclasses.replace(self, givens=list(values))  # type: ignore[type-var]

    # ---------------------------------------------------------------- text
    @property
    def native_format(self) -> str:
        """The format that keeps all of it, as ``generate`` and the library write it."""
        return self.formats[0]

    def written(self, fmt: str) -> str:
        """The puzzle as text in ``fmt`` (one of ``formats``); ValueError when the format
        would drop part of it."""
        raise NotImplementedError

    @classmethod
    def write_all(cls, puzzles: Sequence[PuzzleKind], fmt: str) -> str:
        """Puzzles of this kind as one text in ``fmt``, one after the other."""
        if fmt not in cls.formats:
            raise ArgumentError(f"{cls.written_as} is written as {', '.join(cls.formats)}, not {fmt}")
        return cls.joined([p.written(fmt) for p in puzzles], fmt)

    @classmethod
    def joined(cls, texts: list[str], fmt: str) -> str:
        """The texts of puzzles in ``fmt`` as one text: apart by a blank line."""
        return "\n\n".join(texts) + "\n"

    def puzzle_line(self) -> str:
        """The puzzle on one line (a CSV field): its native text, lines joined by ``;``."""
        return self.written(self.native_format).strip().replace("\n", ";")

    def solution_line(self, values: list[int]) -> str:
        """A solution on one line, one character a cell (a CSV field, ``--one-line``)."""
        return values_text(values)

    def text_of(self, values: list[int]) -> str:
        raise NotImplementedError

    # ---------------------------------------------------------------- pictures
    def picture_cells(self, layout: Layout, marks: Marks) -> list[str]:
        """The SVG of its cells, lines and borders, under the values."""
        raise NotImplementedError

    def picture_over(self, layout: Layout) -> list[str]:
        """The SVG drawn over the values (signs between cells)."""
        return []

    def __str__(self) -> str:
        return self.text_of(self.givens)

    def picture(self, values: list[int] | None = None) -> str:
        """The SVG picture of the grid with ``values`` (default: the givens) in its cells."""
        return picture(self, self.givens if values is None else values)

    def _repr_svg_(self) -> str:
        return self.picture()

"""Samurai Sudoku: overlapping 9x9 grids in one frame, each a Sudoku; a box two grids share
is one box.  The standard Samurai is five grids, four corners round a centre, in a 21x21
frame; a twin (two grids) or a row of three come from the same geometry.

The format (docs/formats.md; the engine reads it, prolog/reading/samurai_text.pl): the word
``samurai``, then five Sudoku lines of 81 cells (top left, top right, centre, bottom left,
bottom right), or the frame itself, one character a cell and a space where no grid is.

>>> import pybridge
>>> p = pybridge.parse("samurai\\n" + "\\n".join(["." * 81] * 5))[0]
>>> p.kind, p.shape, p.grids[2], len(p.units())
('samurai', (21, 21), (6, 6), 131)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from .cells import value_char, values_text
from ..engine.foreign import PrologString
from .answers import chunks, line_number, values_of
from .kind import PuzzleKind
from .picture import Layout, Marks, svg_line
from ..engine.errors import ArgumentError

STANDARD = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]


class SamuraiRecord(NamedTuple):
    """A Samurai as bridge_read/5 reads it: the frame's size, the grids' places flat (R0, C0,
    ...), the givens and solution texts of one character a cell of the frame."""

    tag: str
    index: int  # type: ignore[assignment]  # the field hides tuple.index, never used here
    line: int | str
    rows: int
    cols: int
    grids: list[int]
    givens: str
    solution: str


@dataclass(repr=False, frozen=True)
class SamuraiPuzzle(PuzzleKind):
    """Grids (0-based row and column of each 9x9 grid's top left cell in the frame) and the
    givens, row-major over the frame (0: empty, and where no grid is)."""

    grids: list[tuple[int, int]]
    givens: list[int]
    source: str = field(default="<text>", compare=False)
    index: int = field(default=0, compare=False)
    line: int | None = field(default=None, compare=False)
    solution: list[int] | None = field(default=None, compare=False)
    __hash__ = PuzzleKind.__hash__

    kind = "samurai"
    kind_name = "samurai"
    size = largest = 9  # values 1..9, as in each of its Sudokus
    box_rows = box_cols = 3
    boxed = True
    regions = None
    diagonals = False
    signs: ClassVar[list[Any]] = []
    adjacent = None
    cages = None
    has_signs = False

    def __repr__(self) -> str:
        rows, cols = self.shape
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        return f"SamuraiPuzzle({len(self.grids)} grids, {rows}x{cols}, {self.clues} givens, {where} #{self.index})"

    @property
    def shape(self) -> tuple[int, int]:
        return max(r + 9 for r, _ in self.grids), max(c + 9 for _, c in self.grids)

    @property
    def clues(self) -> int:
        return sum(1 for v in self.givens if v)

    def is_cell(self, r: int, c: int) -> bool:
        """Whether the 0-based r, c of the frame is in a grid."""
        return any(r0 <= r < r0 + 9 and c0 <= c < c0 + 9 for r0, c0 in self.grids)

    def box_of(self, r: int, c: int) -> int:
        """The frame's box (1-based, row-major over the frame) of the 0-based cell r, c."""
        return (r // 3) * (self.shape[1] // 3) + c // 3 + 1

    def check(self) -> None:
        """Raise TypeError or ValueError if a field is not what its type says; the engine
        checks the grids' places and the givens against the rules."""
        if not isinstance(self.grids, list) or not self.grids:
            raise ArgumentError("a Samurai needs a list of grids, each (row, column) of its top left cell")
        for grid in self.grids:
            if not (isinstance(grid, tuple) and len(grid) == 2 and all(isinstance(x, int) and x >= 0 for x in grid)):
                raise ArgumentError(f"grid {grid!r}: a grid is (row, column) of its top left cell, from 0")
        rows, cols = self.shape
        if len(self.givens) != rows * cols or not all(isinstance(v, int) and 0 <= v <= 9 for v in self.givens):
            raise ArgumentError(f"givens: {rows * cols} values 0..9 are needed, one a cell of the {rows}x{cols} frame")

    def geometry(self) -> tuple[Any, ...]:
        """The engine's geometry term, as its record comes: samurai([R0, C0, ...]) (prolog/bridge/wire.pl)."""
        return ("samurai", [x for grid in self.grids for x in grid])

    def givens_text(self) -> PrologString:
        return PrologString(values_text(self.givens))

    def text_of(self, values: list[int]) -> str:
        """The frame with ``values`` in its cells, a space where no grid is."""
        return "\n".join(" ".join(_row_chars(self, values, r)).rstrip() for r in range(self.shape[0]))

    # ---------------------------------------------------------------- the kind's protocol
    @classmethod
    def from_record(cls, raw: list[Any], source: str) -> SamuraiPuzzle:
        """The puzzle of one record of prolog/bridge.pl's bridge_read/5 (SamuraiRecord)."""
        rec = SamuraiRecord._make(raw)
        grids = [(int(r), int(c)) for r, c in chunks(rec.grids, 2)]
        return cls(grids, values_of(rec.givens), source, rec.index, line_number(rec.line),
                   values_of(rec.solution) if rec.solution else None)

    formats = ("samurai",)
    written_as = "a Samurai"
    no_value_cell = "in no grid of the Samurai"

    def takes_value(self) -> list[bool]:
        rows, cols = self.shape
        return [self.is_cell(i // cols, i % cols) for i in range(rows * cols)]

    def written(self, fmt: str) -> str:
        return to_samurai(self)

    @classmethod
    def joined(cls, texts: list[str], fmt: str) -> str:
        return "\n".join(texts)   # each ends with its last line's newline

    def puzzle_line(self) -> str:
        return values_text(self.givens)

    def picture_cells(self, layout: Layout, marks: Marks) -> list[str]:
        return _samurai_cells(self, layout, marks)


def _row_chars(p: SamuraiPuzzle, values: list[int], r: int) -> list[str]:
    cols = p.shape[1]
    return [value_char(values[r * cols + c]) if p.is_cell(r, c) else " " for c in range(cols)]


def to_samurai(p: SamuraiPuzzle) -> str:
    """The samurai format: the word, then the frame, one character a cell."""
    return "samurai\n" + "\n".join("".join(_row_chars(p, p.givens, r)).rstrip() for r in range(p.shape[0])) + "\n"


def _samurai_cells(p: SamuraiPuzzle, layout: Layout, marks: Marks) -> list[str]:
    """The cells of a Samurai's grids, thin lines, thick box borders and each grid's outline."""
    rows, cols = p.shape
    s = layout.size
    out = []
    for r in range(rows):
        for c in range(cols):
            if p.is_cell(r, c):
                fill = marks.fill((r + 1, c + 1)) or "#fff"
                out.append(f'<rect data-cell="r{r + 1}c{c + 1}" x="{layout.x(c)}" y="{layout.y(r)}" width="{s}" '
                           f'height="{s}" fill="{fill}" stroke="#aaa" stroke-width="1"/>')
    for r in range(rows):
        for c in range(cols):
            if not p.is_cell(r, c):
                continue
            if c % 3 == 2 and c + 1 < cols and p.is_cell(r, c + 1):
                out.append(svg_line(layout.x(c + 1), layout.y(r), layout.x(c + 1), layout.y(r + 1), 2))
            if r % 3 == 2 and r + 1 < rows and p.is_cell(r + 1, c):
                out.append(svg_line(layout.x(c), layout.y(r + 1), layout.x(c + 1), layout.y(r + 1), 2))
    for r0, c0 in p.grids:
        out.append(f'<rect x="{layout.x(c0)}" y="{layout.y(r0)}" width="{9 * s}" height="{9 * s}" fill="none" '
                   'stroke="#222" stroke-width="3" class="grid"/>')
    return out

"""Pictures of a grid, as SVG: one renderer for every kind.

A picture shows the givens (black), the values placed since (blue), and, in a cell
without a value, its candidates as small digits.  ``Marks`` light up what a step,
hint or check is about: the units it looks at (pale yellow), the cells it rests on
(yellow), the value it places (green),
the candidates it removes (red, struck through), broken rules (red cells), entries
that contradict the solution (orange) and the cells where two solutions differ (blue).
Standard boxes and jigsaw regions are drawn with thick borders, Sudoku X's diagonals
shaded, signs and Adjacent marks between their cells, Kakuro clues in black cells.

Values come as the engine's cell codes (pybridge.Solver.codes): a value, 0 for a blank
(or a black cell), or minus a bit set of candidates (bit v - 1 for candidate v).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from .cells import value_char

if TYPE_CHECKING:
    from .kind import PuzzleKind

Cell = tuple[int, int]
Triple = tuple[int, int, int]

AREA, FOCUS, PLACED, BROKEN, WRONG, CHANGED = "#fdf8dc", "#ffe97a", "#bfeebf", "#f7b0b0", "#fdcf9a", "#c9dcff"
GIVEN, FILLED, STRUCK, SIGN = "#000", "#1a5fb4", "#c01c28", "#a51d2d"
SHADE = "#dcdff0"   # a diagonal's or a kind's own regions' cells: apart from the page's blue of a cell's peers


@dataclass
class Marks:
    """What to light up; cells and candidates as (row, col[, value]) from 1."""

    area: set[Cell] = field(default_factory=set)
    focus: set[Cell] = field(default_factory=set)
    placed: set[Triple] = field(default_factory=set)
    struck: set[Triple] = field(default_factory=set)
    broken: set[Cell] = field(default_factory=set)
    wrong: set[Cell] = field(default_factory=set)
    changed: set[Cell] = field(default_factory=set)

    def fill(self, cell: Cell) -> str | None:
        """The background of a cell: the strongest mark it has."""
        for cells, colour in ((self.broken, BROKEN), (self.wrong, WRONG), (self.changed, CHANGED),
                              ({(r, c) for r, c, _ in self.placed}, PLACED), (self.focus, FOCUS),
                              (self.area, AREA)):
            if cell in cells:
                return colour
        return None


@dataclass
class Layout:
    """Where things go: cells of ``size`` pixels, ``gap`` between them (room for signs)."""

    rows: int
    cols: int
    size: int
    gap: int
    margin: int = 22

    def x(self, c: int) -> float:
        """Left edge of column c (from 0)."""
        return self.margin + c * (self.size + self.gap)

    def y(self, r: int) -> float:
        return self.margin + r * (self.size + self.gap)

    @property
    def width(self) -> float:
        return self.x(self.cols) - self.gap + 4

    @property
    def height(self) -> float:
        return self.y(self.rows) - self.gap + 4


def picture(puzzle: PuzzleKind, codes: list[int], marks: Marks | None = None) -> str:
    """The SVG picture of ``puzzle`` with ``codes`` in its cells (see the module's text): the
    kind draws its cells (PuzzleKind.picture_cells) and what goes over them; the values and
    candidates are drawn here, alike for every kind."""
    marks = marks or Marks()
    rows, cols = puzzle.shape
    biggest = max(rows, cols)
    size = 44 if biggest <= 12 else 36 if biggest <= 16 else 32
    layout = Layout(rows, cols, size, size // 2 if puzzle.spaced else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{layout.width:.0f}" height="{layout.height:.0f}" '
           f'viewBox="0 0 {layout.width:.0f} {layout.height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<rect width="{layout.width:.0f}" height="{layout.height:.0f}" fill="#fff"/>']
    out += _labels(layout)
    out += puzzle.picture_cells(layout, marks)
    top = puzzle.largest
    givens = puzzle.givens
    labelled = puzzle.labelled_cells()
    for i, (code, takes) in enumerate(zip(codes, puzzle.takes_value())):
        if takes:
            r, c = divmod(i, cols)
            out += _contents(layout, r, c, code, bool(givens[i]), top, marks, (r + 1, c + 1) in labelled)
    out += puzzle.picture_over(layout)
    out.append("</svg>")
    return "\n".join(out)


def _labels(layout: Layout) -> list[str]:
    """Row and column numbers, as the steps name cells (r3c5)."""
    half = layout.size / 2
    style = 'font-size="11" fill="#777" text-anchor="middle"'
    out = [f'<text x="{layout.x(c) + half:.1f}" y="{layout.margin - 7}" {style}>{c + 1}</text>'
           for c in range(layout.cols)]
    out += [f'<text x="{layout.margin - 10}" y="{layout.y(r) + half + 4:.1f}" {style}>{r + 1}</text>'
            for r in range(layout.rows)]
    return out


def _contents(layout: Layout, r: int, c: int, code: int, given: bool, top: int, marks: Marks,
              labelled: bool = False) -> list[str]:
    """A cell's value, or its candidates with the marked ones lit (below the label of a
    labelled cell, smaller)."""
    s, x, y = layout.size, layout.x(c), layout.y(r)
    cell = (r + 1, c + 1)
    if code > 0:
        colour = GIVEN if given else FILLED
        weight = ' font-weight="bold"' if given else ""
        return [f'<text data-value="r{r + 1}c{c + 1}" x="{x + s / 2:.1f}" y="{y + s * 0.72:.1f}" '
                f'font-size="{s * 0.6:.0f}" fill="{colour}"{weight} text-anchor="middle">'
                f'{escape(value_char(code))}</text>']
    placed = [v for rr, cc, v in marks.placed if (rr, cc) == cell]
    if code == 0:  # a blank shown without candidates: a placement shows as its value
        return [f'<text data-value="r{r + 1}c{c + 1}" x="{x + s / 2:.1f}" y="{y + s * 0.72:.1f}" '
                f'font-size="{s * 0.6:.0f}" fill="#26a269" text-anchor="middle">{escape(value_char(v))}</text>'
                for v in placed]
    k = math.ceil(math.sqrt(top))
    below = s * 0.3 if labelled else 0.0   # room for the label: the candidates' grid is shorter
    step, rise = s / k, (s - below) / k
    out = []
    for v in range(1, top + 1):
        if not -code >> (v - 1) & 1:
            continue
        cx, cy = x + step * ((v - 1) % k + 0.5), y + below + rise * ((v - 1) // k + 0.5)
        colour = "#555"
        if v in placed:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{rise * 0.45:.1f}" fill="#26a269"/>')
            colour = "#fff"
        struck = (r + 1, c + 1, v) in marks.struck
        if struck:
            colour = STRUCK
        state = " struck" if struck else " placed" if v in placed else ""
        out.append(f'<text data-candidate="r{r + 1}c{c + 1}" class="candidate{state}" x="{cx:.1f}" '
                   f'y="{cy + rise * 0.28:.1f}" font-size="{rise * 0.75:.1f}" fill="{colour}" '
                   f'text-anchor="middle">{escape(value_char(v))}</text>')
        if struck:
            h = rise * 0.38
            out.append(svg_line(cx - h, cy + h, cx + h, cy - h, 1.4, STRUCK))
    return out


def svg_line(x1: float, y1: float, x2: float, y2: float, width: float, colour: str = "#222") -> str:
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round"/>')

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
    from .kakuro import KakuroPuzzle
    from .samurai import SamuraiPuzzle
    from .latin import Puzzle

Cell = tuple[int, int]
Triple = tuple[int, int, int]

AREA, FOCUS, PLACED, BROKEN, WRONG, CHANGED = "#fdf8dc", "#ffe97a", "#bfeebf", "#f7b0b0", "#fdcf9a", "#c9dcff"
GIVEN, FILLED, STRUCK, SIGN = "#000", "#1a5fb4", "#c01c28", "#a51d2d"


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
class _Layout:
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


class ShowsGivens:
    """A puzzle prints (and renders in Jupyter, as an SVG picture) as its grid of givens.

    Subclasses (Puzzle, KakuroPuzzle) have ``kind``, ``givens`` and ``text_of(values)``.
    """

    def __str__(self) -> str:
        return self.text_of(self.givens)  # type: ignore[attr-defined]

    def picture(self, values: list[int] | None = None) -> str:
        """The SVG picture of the grid with ``values`` (default: the givens) in its cells."""
        return picture(self, self.givens if values is None else values)  # type: ignore[arg-type,attr-defined]

    def _repr_svg_(self) -> str:
        return self.picture()


def picture(puzzle: Puzzle | KakuroPuzzle, codes: list[int], marks: Marks | None = None) -> str:
    """The SVG picture of ``puzzle`` with ``codes`` in its cells (see the module's text)."""
    marks = marks or Marks()
    kakuro = puzzle.kind == "kakuro"   # the one switch on the kind: black cells and clues
    rows, cols = puzzle.shape
    biggest = max(rows, cols)
    size = 44 if biggest <= 12 else 36 if biggest <= 16 else 32
    spaced = not kakuro and not puzzle.boxed  # type: ignore[union-attr]  # Futoshiki: signs between cells
    layout = _Layout(rows, cols, size, size // 2 if spaced else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{layout.width:.0f}" height="{layout.height:.0f}" '
           f'viewBox="0 0 {layout.width:.0f} {layout.height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<rect width="{layout.width:.0f}" height="{layout.height:.0f}" fill="#fff"/>']
    out += _labels(layout)
    samurai = puzzle.kind == "samurai"  # cells only where its grids are
    if kakuro:
        out += _kakuro_cells(puzzle, layout, marks)  # type: ignore[arg-type]
    elif samurai:
        out += _samurai_cells(puzzle, layout, marks)  # type: ignore[arg-type]
    else:
        out += _latin_cells(puzzle, layout, marks)  # type: ignore[arg-type]
    top = puzzle.largest
    givens = puzzle.givens
    for i, code in enumerate(codes):
        r, c = divmod(i, cols)
        if kakuro and not puzzle.is_white(r, c):  # type: ignore[union-attr]
            continue
        if samurai and not puzzle.is_cell(r, c):  # type: ignore[union-attr]
            continue
        out += _contents(layout, r, c, code, bool(givens[i]), top, marks)
    if not kakuro:
        out += _signs(puzzle, layout)  # type: ignore[arg-type]
    out.append("</svg>")
    return "\n".join(out)


def _labels(layout: _Layout) -> list[str]:
    """Row and column numbers, as the steps name cells (r3c5)."""
    half = layout.size / 2
    style = 'font-size="11" fill="#777" text-anchor="middle"'
    out = [f'<text x="{layout.x(c) + half:.1f}" y="{layout.margin - 7}" {style}>{c + 1}</text>'
           for c in range(layout.cols)]
    out += [f'<text x="{layout.margin - 10}" y="{layout.y(r) + half + 4:.1f}" {style}>{r + 1}</text>'
            for r in range(layout.rows)]
    return out


def _latin_cells(p: Puzzle, layout: _Layout, marks: Marks) -> list[str]:
    """Cell backgrounds, thin cell lines, thick region borders."""
    n, s = p.size, layout.size
    out = []
    for r in range(n):
        for c in range(n):
            fill = marks.fill((r + 1, c + 1)) or ("#e8ecf8" if p.diagonals and (r == c or r + c == n - 1) else "#fff")
            stroke = ' stroke="#333" stroke-width="1.5"' if layout.gap else ' stroke="#aaa" stroke-width="1"'
            out.append(f'<rect data-cell="r{r + 1}c{c + 1}" x="{layout.x(c)}" y="{layout.y(r)}" width="{s}" '
                       f'height="{s}" fill="{fill}"{stroke}/>')
    if layout.gap:
        return out
    for r in range(n):
        for c in range(n):
            here = p.region_of(r, c)
            if c + 1 < n and p.region_of(r, c + 1) != here:
                x = layout.x(c + 1)
                out.append(_line(x, layout.y(r), x, layout.y(r + 1), 3))
            if r + 1 < n and p.region_of(r + 1, c) != here:
                y = layout.y(r + 1)
                out.append(_line(layout.x(c), y, layout.x(c + 1), y, 3))
    out.append(f'<rect x="{layout.margin}" y="{layout.margin}" width="{n * s}" height="{n * s}" fill="none" '
               'stroke="#222" stroke-width="3"/>')
    return out + _cages(p, layout)


def _samurai_cells(p: SamuraiPuzzle, layout: _Layout, marks: Marks) -> list[str]:
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
                out.append(_line(layout.x(c + 1), layout.y(r), layout.x(c + 1), layout.y(r + 1), 2))
            if r % 3 == 2 and r + 1 < rows and p.is_cell(r + 1, c):
                out.append(_line(layout.x(c), layout.y(r + 1), layout.x(c + 1), layout.y(r + 1), 2))
    for r0, c0 in p.grids:
        out.append(f'<rect x="{layout.x(c0)}" y="{layout.y(r0)}" width="{9 * s}" height="{9 * s}" fill="none" '
                   'stroke="#222" stroke-width="3" class="grid"/>')
    return out


def _cages(p: Puzzle, layout: _Layout) -> list[str]:
    """A Killer's cages: a dashed outline inside each, its sum small in its first cell."""
    out: list[str] = []
    inset, s = 4, layout.size
    for total, cells in p.cages or []:
        inside = set(cells)
        for r, c in cells:
            x0, y0 = layout.x(c - 1) + inset, layout.y(r - 1) + inset
            x1, y1 = layout.x(c) - inset, layout.y(r) - inset
            # each side that borders another cage: its dashed edge, reaching to the neighbour
            # cell's inset when the cage goes on there
            left = x0 if (r, c - 1) not in inside else x0 - 2 * inset
            right = x1 if (r, c + 1) not in inside else x1 + 2 * inset
            top = y0 if (r - 1, c) not in inside else y0 - 2 * inset
            bottom = y1 if (r + 1, c) not in inside else y1 + 2 * inset
            for edge, line in (((r - 1, c), (left, y0, right, y0)), ((r + 1, c), (left, y1, right, y1)),
                               ((r, c - 1), (x0, top, x0, bottom)), ((r, c + 1), (x1, top, x1, bottom))):
                if edge not in inside:
                    out.append(f'<line x1="{line[0]:.1f}" y1="{line[1]:.1f}" x2="{line[2]:.1f}" y2="{line[3]:.1f}" '
                               'stroke="#555" stroke-width="1" stroke-dasharray="3,2" class="cage"/>')
        r, c = min(cells)
        out.append(f'<text x="{layout.x(c - 1) + 6:.1f}" y="{layout.y(r - 1) + s * 0.28:.1f}" '
                   f'font-size="{s * 0.24:.1f}" fill="#333" class="cage-sum">{total}</text>')
    return out


def _kakuro_cells(p: KakuroPuzzle, layout: _Layout, marks: Marks) -> list[str]:
    """White cells with their marks; black cells with the down clue bottom-left and the
    across clue top-right of a diagonal."""
    s = layout.size
    out = []
    for r, row in enumerate(p.cells):
        for c, cell in enumerate(row):
            x, y = layout.x(c), layout.y(r)
            if isinstance(cell, int):
                fill = marks.fill((r + 1, c + 1)) or "#fff"
                out.append(f'<rect data-cell="r{r + 1}c{c + 1}" x="{x}" y="{y}" width="{s}" height="{s}" '
                           f'fill="{fill}" stroke="#555"/>')
                continue
            out.append(f'<rect data-black="r{r + 1}c{c + 1}" x="{x}" y="{y}" width="{s}" height="{s}" '
                       'fill="#3a3a3a" stroke="#555"/>')
            if cell.down or cell.across:
                out.append(_line(x, y, x + s, y + s, 1, "#ddd"))
            style = f'class="clue" font-size="{s * 0.3:.0f}" fill="#fff" text-anchor="middle"'
            if cell.across:
                out.append(f'<text x="{x + s * 0.7:.1f}" y="{y + s * 0.4:.1f}" {style}>{cell.across}</text>')
            if cell.down:
                out.append(f'<text x="{x + s * 0.3:.1f}" y="{y + s * 0.88:.1f}" {style}>{cell.down}</text>')
    rows, cols = p.shape
    out.append(f'<rect x="{layout.margin}" y="{layout.margin}" width="{cols * s}" height="{rows * s}" '
               'fill="none" stroke="#222" stroke-width="2"/>')
    return out


def _contents(layout: _Layout, r: int, c: int, code: int, given: bool, top: int, marks: Marks) -> list[str]:
    """A cell's value, or its candidates with the marked ones lit."""
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
    step = s / k
    out = []
    for v in range(1, top + 1):
        if not -code >> (v - 1) & 1:
            continue
        cx, cy = x + step * ((v - 1) % k + 0.5), y + step * ((v - 1) // k + 0.5)
        colour = "#555"
        if v in placed:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{step * 0.45:.1f}" fill="#26a269"/>')
            colour = "#fff"
        struck = (r + 1, c + 1, v) in marks.struck
        if struck:
            colour = STRUCK
        state = " struck" if struck else " placed" if v in placed else ""
        out.append(f'<text data-candidate="r{r + 1}c{c + 1}" class="candidate{state}" x="{cx:.1f}" '
                   f'y="{cy + step * 0.28:.1f}" font-size="{step * 0.75:.1f}" fill="{colour}" '
                   f'text-anchor="middle">{escape(value_char(v))}</text>')
        if struck:
            h = step * 0.38
            out.append(_line(cx - h, cy + h, cx + h, cy - h, 1.4, STRUCK))
    return out


def _signs(p: Puzzle, layout: _Layout) -> list[str]:
    """Each sign points at the smaller cell, each Adjacent mark is a bar across the border."""
    s, g = layout.size, layout.gap
    out = []
    font = s * 0.42 if g else s * 0.36
    for r1, c1, r2, c2 in p.signs:  # r1c1 < r2c2
        across = r1 == r2
        (ra, ca), (rb, cb) = sorted([(r1, c1), (r2, c2)])
        first_smaller = (ra, ca) == (r1, c1)
        glyph = ("<" if first_smaller else ">") if across else ("∧" if first_smaller else "∨")
        cx, cy = _border_middle(layout, ra - 1, ca - 1, across)
        if not g:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s * 0.17:.1f}" fill="#fff" stroke="{SIGN}" '
                       'stroke-width="0.8"/>')
        out.append(f'<text class="sign" x="{cx:.1f}" y="{cy + font * 0.36:.1f}" font-size="{font:.1f}" '
                   f'fill="{SIGN}" font-weight="bold" text-anchor="middle">{escape(glyph)}</text>')
    for r1, c1, r2, c2 in p.adjacent or []:
        across = r1 == r2
        (ra, ca), _ = sorted([(r1, c1), (r2, c2)])
        cx, cy = _border_middle(layout, ra - 1, ca - 1, across)
        h = s * 0.22
        bar = _line(cx, cy - h, cx, cy + h, 4, SIGN) if across else _line(cx - h, cy, cx + h, cy, 4, SIGN)
        out.append(bar.replace("<line ", '<line class="adjacent" ', 1))
    return out


def _border_middle(layout: _Layout, r: int, c: int, across: bool) -> tuple[float, float]:
    """The middle of what lies between cell r, c (from 0) and its right or lower neighbour."""
    s, g = layout.size, layout.gap
    if across:
        return layout.x(c) + s + g / 2, layout.y(r) + s / 2
    return layout.x(c) + s / 2, layout.y(r) + s + g / 2


def _line(x1: float, y1: float, x2: float, y2: float, width: float, colour: str = "#222") -> str:
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round"/>')

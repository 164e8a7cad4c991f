"""Signs between neighbouring cells: Futoshiki, its Adjacent mode, greater-than Sudoku.

How they print and are written; the engine reads both spellings
(prolog/puzzle_text.pl, docs/formats.md):
  unequal  Simon Tatham's Unequal game IDs, ``<n>:`` (signs) or ``<n>a:``
           (Adjacent mode), then n*n cells row by row, each a number (0 =
           empty) with flags U/R/D/L and a comma.  A flag says this cell is
           greater than that neighbour; in Adjacent mode, that the two differ
           by exactly 1 (the neighbour carries the opposite flag too).
  grid     the readable grid with signs: ``<``/``>`` between cells of a row,
           ``^``/``v`` (or ``∧``/``∨``) on a line of their own under the cells
           a vertical sign joins (``^``: the upper cell is the smaller); in
           Adjacent mode (a first line ``adjacent``) ``|`` between cells and
           ``-`` under them mark neighbours that differ by 1.

A sign is kept as (r1, c1, r2, c2), 1-based, meaning r1c1 < r2c2; an
Adjacent mark as the same four numbers, the upper or left cell first.
"""
from __future__ import annotations

import html
from collections import defaultdict

from .puzzle import Puzzle, value_char

Pair = tuple[int, int, int, int]

DIRECTIONS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
FLAG_OF_STEP = {step: flag for flag, step in DIRECTIONS.items()}


# ---------------------------------------------------------------- writing

def _ordered(pair: Pair) -> Pair:
    """A pair with its upper or left cell first."""
    r1, c1, r2, c2 = pair
    return pair if (r1, c1) < (r2, c2) else (r2, c2, r1, c1)


def to_unequal(p: Puzzle) -> str:
    """The puzzle as an Unequal game ID (Futoshiki only: no boxes)."""
    n = p.size
    flags: dict[tuple[int, int], str] = defaultdict(str)

    def flag(r: int, c: int, r2: int, c2: int) -> None:
        """r c carries the flag pointing at its neighbour r2 c2."""
        flags[(r, c)] += FLAG_OF_STEP[(r2 - r, c2 - c)]

    for r1, c1, r2, c2 in p.adjacent or []:
        flag(r1, c1, r2, c2)
        flag(r2, c2, r1, c1)
    for r1, c1, r2, c2 in p.signs:  # the greater cell carries the flag
        flag(r2, c2, r1, c1)
    cells = [f"{v}{''.join(sorted(flags[(i // n + 1, i % n + 1)], key='URDL'.index))},"
             for i, v in enumerate(p.givens)]
    return f"{n}{'a' if p.adjacent is not None else ''}:{''.join(cells)}"


def from_corpus_record(record: dict, source: str = "<corpus>") -> Puzzle:
    """A puzzle from the shared corpus's fields: ``size``, ``givens`` and ``gt`` ([r1,c1,r2,c2]
    0-based, r1c1 > r2c2), independently of the game ID."""
    n = record["size"]
    givens = [0 if ch == "." else int(ch) for ch in record["givens"]]
    signs = [(r2 + 1, c2 + 1, r1 + 1, c1 + 1) for r1, c1, r2, c2 in record["gt"]]
    return Puzzle(n, givens, signs=signs, source=source)


# ---------------------------------------------------------------- the readable grid

def render_text(p: Puzzle, values: list[int]) -> str:
    """The readable grid with signs: cells four columns apart, signs between and under them."""
    n = p.size
    less = set(p.signs)
    marks = set(p.adjacent or [])
    br, bc = (p.box_rows, p.box_cols) if p.box_rows and p.regions is None else (None, None)
    lines = ["adjacent"] if p.adjacent is not None else []
    for r in range(1, n + 1):
        if r > 1:
            between = _between_line(n, r, less, marks, br, bc)
            if between.strip():
                lines.append(between)
        parts = []
        for c in range(1, n + 1):
            if c > 1:
                parts.append(f" {_gap(r, c, less, marks, bc)} ")
            parts.append(value_char(values[(r - 1) * n + c - 1]))
        lines.append("".join(parts).rstrip())
    return "\n".join(lines)


def _glyph(a: tuple[int, int], b: tuple[int, int], less: set[Pair], marks: set[Pair], glyphs: str) -> str:
    """What joins neighbours a (upper or left) and b: glyphs[0] for a < b, glyphs[1] for
    a > b, glyphs[2] for an Adjacent mark; "" for nothing."""
    if a + b in less:
        return glyphs[0]
    if b + a in less:
        return glyphs[1]
    return glyphs[2] if a + b in marks else ""


def _gap(r: int, c: int, less: set[Pair], marks: set[Pair], bc: int | None) -> str:
    glyph = _glyph((r, c - 1), (r, c), less, marks, "<>|")
    return glyph or ("|" if bc and (c - 1) % bc == 0 else " ")


def _between_line(n: int, r: int, less: set[Pair], marks: set[Pair], br: int | None, bc: int | None) -> str:
    """The line between rows r-1 and r: vertical signs, and a box border when one runs there."""
    border = bool(br) and (r - 1) % br == 0
    chars = list(("-" if border else " ") * (4 * n - 3))
    if border and bc:
        for c in range(bc, n, bc):
            chars[4 * c - 2] = "+"
    for c in range(1, n + 1):
        chars[4 * (c - 1)] = _glyph((r - 1, c), (r, c), less, marks, "^v-") or chars[4 * (c - 1)]
    return "".join(chars).rstrip()


def render_html(p: Puzzle, values: list[int]) -> str:
    """An HTML table with a narrow row or column between cells for the signs; boxes shaded
    in a checkerboard."""
    n = p.size
    less = set(p.signs)
    marks = set(p.adjacent or [])
    cell = "width:1.6em;height:1.6em;border:1px solid #333;text-align:center;font-family:monospace"
    gap = "text-align:center;font-family:monospace;color:#a33;padding:0 .2em"
    rows = []
    for r in range(1, n + 1):
        if r > 1:
            signs = [f'<td style="{gap}">{_glyph((r - 1, c), (r, c), less, marks, "∧∨—")}</td>'
                     for c in range(1, n + 1)]
            rows.append('<tr>' + '<td></td>'.join(signs) + '</tr>')
        out = []
        for c in range(1, n + 1):
            if c > 1:
                mark = _glyph((r, c - 1), (r, c), less, marks, "<>|")
                out.append(f'<td style="{gap}">{html.escape(mark)}</td>')
            v = values[(r - 1) * n + c - 1]
            colour = ";color:#15c" if v and not p.givens[(r - 1) * n + c - 1] else ""
            if p.boxed and _shaded(p, r, c):
                colour += ";background:#eee"
            out.append(f'<td style="{cell}{colour}">{value_char(v) if v else "&nbsp;"}</td>')
        rows.append("<tr>" + "".join(out) + "</tr>")
    return '<table style="border-collapse:collapse">' + "".join(rows) + "</table>"


def _shaded(p: Puzzle, r: int, c: int) -> bool:
    """Every other box is shaded, so the boxes show between the sign cells."""
    region = p.region_of(r - 1, c - 1)
    if p.regions is not None:
        return region % 2 == 0
    per_row = p.size // (p.box_cols or 1)
    return ((region - 1) // per_row + (region - 1) % per_row) % 2 == 1

"""How a Latin-square puzzle prints: text with box borders, jigsaw region borders or
signs between cells (docs/formats.md's grid layouts).  Pictures are picture.py's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cells import value_char
from ..engine.errors import ArgumentError

if TYPE_CHECKING:
    from .latin import Puzzle

Pair = tuple[int, int, int, int]


CAGE_NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def named_cages(puzzle: Puzzle) -> list[tuple[str, int, list[tuple[int, int]]]]:
    """A Killer's cages as (name, sum, cells), named a, b, ... in the reading order of their
    first cells: the names of the killer format and of the printed grid."""
    cages = sorted(puzzle.cages or [], key=lambda cage: min(cage[1]))
    if len(cages) > len(CAGE_NAMES):
        raise ArgumentError(f"{len(cages)} cages: a Killer names {len(CAGE_NAMES)} at most")
    return [(name, total, cells) for name, (total, cells) in zip(CAGE_NAMES, cages)]


def render_text(puzzle: Puzzle, values: list[int]) -> str:
    """A readable grid: `.` blanks, `|` and `-` between standard boxes, the borders of
    jigsaw regions, signs where there are any; a Killer's blanks name their cage, whose
    sums follow the grid."""
    if puzzle.cages is not None:
        return _render_cages(puzzle, values)
    if puzzle.has_signs or not puzzle.boxed:
        return _render_signs(puzzle, values)
    chars = [value_char(v) for v in values]
    if puzzle.regions is not None:
        return _render_regions(puzzle, chars)
    return _render_boxes(puzzle, chars)


def _render_boxes(p: Puzzle, chars: list[str]) -> str:
    """Standard boxes: `|` and `-` between them."""
    n, br, bc = p.size, p.box_rows or p.size, p.box_cols or p.size
    lines = []
    for r in range(n):
        if r and r % br == 0:
            groups = [("-" * (2 * bc - 1))] * (n // bc)
            lines.append("-+-".join(groups))
        cells = []
        for c in range(n):
            if c and c % bc == 0:
                cells.append("|")
            cells.append(chars[r * n + c])
        lines.append(" ".join(cells))
    return "\n".join(lines)


def _render_cages(p: Puzzle, values: list[int]) -> str:
    n = p.size
    cages = named_cages(p)
    # Above 9x9 letters are values too: blanks stay dots there.
    letter = {(r - 1) * n + c - 1: name for name, _, cells in cages for r, c in cells} if n <= 9 else {}
    shown = [value_char(v) if v else letter.get(i, ".") for i, v in enumerate(values)]
    grid = _render_boxes(p, shown) if p.regions is None else _render_regions(p, shown)
    if all(values) or not letter:
        return grid
    return grid + "\n" + " ".join(f"{name}={total}" for name, total, _ in cages)


def _render_regions(p: Puzzle, chars: list[str]) -> str:
    """A jigsaw: ` | ` between cells of different regions and, between rows, `-` under
    a cell whose region ends there, `+` where borders meet."""
    n = p.size

    def differs(r1: int, c1: int, r2: int, c2: int) -> bool:
        return p.region_of(r1, c1) != p.region_of(r2, c2)

    lines = []
    for r in range(n):
        if r:
            border = []
            for c in range(n):
                below = differs(r - 1, c, r, c)
                border.append("-" if below else " ")
                if c + 1 < n:
                    right = differs(r - 1, c + 1, r, c + 1)
                    down = differs(r - 1, c, r - 1, c + 1) or differs(r, c, r, c + 1)
                    middle = "+" if (below or right) and down else "|" if down else "-" if below and right else " "
                    border.append(("-" if below else " ") + middle + ("-" if right else " "))
            lines.append("".join(border).rstrip())
        row = []
        for c in range(n):
            row.append(chars[r * n + c])
            if c + 1 < n:
                row.append(" | " if differs(r, c, r, c + 1) else "   ")
        lines.append("".join(row))
    return "\n".join(lines)


def _render_signs(p: Puzzle, values: list[int]) -> str:
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
    border = br is not None and br > 0 and (r - 1) % br == 0
    chars = list(("-" if border else " ") * (4 * n - 3))
    if border and bc:
        for c in range(bc, n, bc):
            chars[4 * c - 2] = "+"
    for c in range(1, n + 1):
        chars[4 * (c - 1)] = _glyph((r - 1, c), (r, c), less, marks, "^v-") or chars[4 * (c - 1)]
    return "".join(chars).rstrip()

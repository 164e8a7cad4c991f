"""A position as text a student can read: every cell's candidates in the puzzle's own
structure — box and jigsaw borders, Futoshiki signs and Adjacent marks, Killer cages (each
cell's cage letter, the sums below), Kakuro clues in black cells, a Samurai's frame left blank —
with the cells in question marked ``[...]``.  A check's counterexample prints this way.

>>> from pybridge.puzzles.latin import Puzzle
>>> p = Puzzle(4, [1, 2, 0, 0] + [0] * 12, box_rows=2, box_cols=2)
>>> print(position_text(p, [1, 2, -12, -12] + [-15] * 12, {(1, 3)}).splitlines()[0])
 1      2    |[34  ]  34
"""
from __future__ import annotations

from typing import Any, Collection

from .cells import code_candidates, value_char
from .render import named_cages


def position_text(puzzle: Any, codes: list[int], marked: Collection[tuple[int, int]] = ()) -> str:
    """``codes`` (the engine's: a placed value, or minus the bit set of the candidates) drawn
    over ``puzzle``'s structure; ``marked`` cells (1-based row, col) in brackets."""
    rows, cols = puzzle.shape
    texts = [[_cell_text(puzzle, codes, r, c) for c in range(cols)] for r in range(rows)]
    width = max(len(t) for row in texts for t in row)
    less = {tuple(s) for s in getattr(puzzle, "signs", None) or []}
    marks = {tuple(m) for m in getattr(puzzle, "adjacent", None) or []}
    lines = []
    for r in range(rows):
        if r:
            lines.append(_between(puzzle, r, cols, width, less, marks))
        parts = []
        for c in range(cols):
            text = texts[r][c].ljust(width)
            parts.append(f"[{text}]" if (r + 1, c + 1) in marked else f" {text} ")
            if c + 1 < cols:
                parts.append(_gap(puzzle, r, c, less, marks))
        lines.append("".join(parts).rstrip())
    cages = getattr(puzzle, "cages", None)
    if cages:
        lines.append("cages: " + " ".join(f"{name}={total}" for name, total, _ in named_cages(puzzle)))
    return "\n".join(lines)


def _cell_text(puzzle: Any, codes: list[int], r: int, c: int) -> str:
    cells = getattr(puzzle, "cells", None)
    if cells is not None and not isinstance(cells[r][c], int):        # a Kakuro clue
        clue = cells[r][c]
        return f"{clue.down or ''}\\{clue.across or ''}" if clue.down or clue.across else "#"
    is_cell = getattr(puzzle, "is_cell", None)
    if is_cell is not None and not is_cell(r, c):                      # outside a Samurai's grids
        return ""
    code = codes[r * puzzle.shape[1] + c]
    if code > 0:
        text = value_char(code)
    else:
        text = "".join(value_char(v) for v in code_candidates(code)) or "-"
    letter = _cage_letter(puzzle, r, c)
    return f"{letter}:{text}" if letter else text


def _cage_letter(puzzle: Any, r: int, c: int) -> str:
    if not getattr(puzzle, "cages", None):
        return ""
    for name, _, cells in named_cages(puzzle):
        if (r + 1, c + 1) in cells:
            return name
    return "."


def _region(puzzle: Any, r: int, c: int) -> int | None:
    """The box or region of the 0-based cell, None where a kind has none."""
    if getattr(puzzle, "cells", None) is not None:
        return None
    box_of = getattr(puzzle, "box_of", None)
    if box_of is not None:
        return int(box_of(r, c))
    if getattr(puzzle, "boxed", False):
        return int(puzzle.region_of(r, c))
    return None


def _border(puzzle: Any, a: tuple[int, int], b: tuple[int, int]) -> bool:
    ra, rb = _region(puzzle, *a), _region(puzzle, *b)
    return ra is not None and ra != rb


def _glyph(a: tuple[int, int], b: tuple[int, int], less: set[Any], marks: set[Any], glyphs: str) -> str:
    """glyphs[0] for a < b (a the upper or left cell, 1-based), glyphs[1] for a > b, glyphs[2]
    for an Adjacent mark, "" for nothing."""
    if a + b in less:
        return glyphs[0]
    if b + a in less:
        return glyphs[1]
    return glyphs[2] if a + b in marks or b + a in marks else ""


def _gap(puzzle: Any, r: int, c: int, less: set[Any], marks: set[Any]) -> str:
    glyph = _glyph((r + 1, c + 1), (r + 1, c + 2), less, marks, "<>=")
    return glyph or ("|" if _border(puzzle, (r, c), (r, c + 1)) else " ")


def _between(puzzle: Any, r: int, cols: int, width: int, less: set[Any], marks: set[Any]) -> str:
    """The line between rows r-1 and r (0-based): borders under cells, signs centred."""
    out = []
    for c in range(cols):
        border = _border(puzzle, (r - 1, c), (r, c))
        run = list(("-" if border else " ") * (width + 2))
        glyph = _glyph((r, c + 1), (r + 1, c + 1), less, marks, "^v=")
        if glyph:
            run[(width + 2) // 2] = glyph
        out.append("".join(run))
        if c + 1 < cols:
            across = border or _border(puzzle, (r - 1, c + 1), (r, c + 1))
            down = _border(puzzle, (r - 1, c), (r - 1, c + 1)) or _border(puzzle, (r, c), (r, c + 1))
            out.append("+" if across and down else "-" if across else "|" if down else " ")
    return "".join(out).rstrip()

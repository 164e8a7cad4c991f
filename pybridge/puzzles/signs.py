"""Signs between neighbouring cells: Futoshiki, its Adjacent mode, greater-than Sudoku.

How they print and are written; the engine reads both spellings
(prolog/reading/puzzle_text.pl, docs/formats.md):
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

from typing import Any

from collections import defaultdict

from .latin import Puzzle


DIRECTIONS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
FLAG_OF_STEP = {step: flag for flag, step in DIRECTIONS.items()}


# ---------------------------------------------------------------- writing

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


def from_corpus_record(record: dict[str, Any], source: str = "<corpus>") -> Puzzle:
    """A puzzle from the shared corpus's fields: ``size``, ``givens`` and ``gt`` ([r1,c1,r2,c2]
    0-based, r1c1 > r2c2), independently of the game ID."""
    n = record["size"]
    givens = [0 if ch == "." else int(ch) for ch in record["givens"]]
    signs = [(r2 + 1, c2 + 1, r1 + 1, c1 + 1) for r1, c1, r2, c2 in record["gt"]]
    return Puzzle(n, givens, None, None, signs=signs, source=source)


# ---------------------------------------------------------------- the readable grid

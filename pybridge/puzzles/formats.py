"""Writing puzzles in every format (docs/formats.md); reading is reading.py's (the engine's).

Formats written:
  line     one puzzle per line: n*n cells, then a jigsaw's region map and the
           flag ``x`` of Sudoku X
  grid     readable rows, box borders drawn, signs between cells; a jigsaw's
           region map follows its grid
  sdk      ``[Puzzle]`` then the rows (standard boxes only)
  solo     Simon Tatham's Solo game IDs
  unequal  Simon Tatham's Unequal game IDs (Futoshiki)
  grid, game, matrices for Kakuro (kakuro.py), samurai for Samurai (samurai.py)

Each kind says its formats and writes itself (PuzzleKind.write_all); the writers below are
the Latin squares' (latin.Puzzle.written).
"""
from __future__ import annotations

from typing import Any

from . import signs
from .cells import value_char
from ..engine.errors import ArgumentError, ArgumentTypeError, PuzzlogError
from .kind import PuzzleKind
from .latin import Puzzle
from .render import named_cages, render_text
from .reading import parse


# ---------------------------------------------------------------- writing

def to_line(p: Puzzle) -> str:
    parts = [p.to_line()]
    if p.regions is not None:
        parts.append("".join(value_char(r) for r in p.regions))
    if p.diagonals:
        parts.append("x")
    if p.extra is not None:
        parts.append(p.extra.kind)   # the kind of its own regions, as the line reader takes it
    return " ".join(parts)


def to_grid(p: Puzzle, values: list[int] | None = None) -> str:
    text = render_text(p, p.givens if values is None else values)
    if p.regions is not None:
        n = p.size
        text += "\n" + "\n".join(" ".join(value_char(r) for r in p.regions[i * n:(i + 1) * n])
                                 for i in range(n))
    return text


def to_sdk(p: Puzzle) -> str:
    n = p.size
    line = p.to_line()
    return "[Puzzle]\n" + "\n".join(line[i * n:(i + 1) * n] for i in range(n))


def to_solo(p: Puzzle) -> str:
    if p.regions is not None:
        params = f"{p.size}j"
    else:
        params = f"{p.box_rows}x{p.box_cols}"
    if p.diagonals:
        params += "x"
    desc = _solo_desc(p.givens)
    if p.regions is not None:
        desc += "," + _solo_edges(p.regions, p.size)
    return f"{params}:{desc}"


def _solo_runs(runs: list[int]) -> str:
    """Letters for runs of blanks (or of non-edges): a=1 .. z=26."""
    out = []
    for run in runs:
        while run > 26:
            out.append("z")
            run -= 26
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def _solo_desc(givens: list[int]) -> str:
    out: list[str] = []
    blanks = 0
    last_was_number = False
    for v in givens:
        if v == 0:
            blanks += 1
            continue
        if blanks:
            out.append(_solo_runs([blanks]))
            blanks = 0
        elif last_was_number:
            out.append("_")
        out.append(str(v))
        last_was_number = True
    if blanks:
        out.append(_solo_runs([blanks]))
    return "".join(out)


def _solo_edges(regions: list[int], n: int) -> str:
    out = []
    run = 0
    for pos in range(2 * n * (n - 1) + 1):
        is_edge = pos == 2 * n * (n - 1) or _differs(regions, *_edge_cells(pos, n))
        if not is_edge:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        out.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
    return "".join(out)


def _edge_cells(pos: int, n: int) -> tuple[int, int]:
    """The two cells (flat indices) either side of internal edge number ``pos``.

    Solo numbers first the n*(n-1) edges between horizontal neighbours, row by
    row, then those between vertical neighbours, column by column.
    """
    if pos < n * (n - 1):
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x, y = divmod(pos - n * (n - 1), n - 1)
    return y * n + x, (y + 1) * n + x


def _differs(regions: list[int], a: int, b: int) -> bool:
    return regions[a] != regions[b]


def to_killer(p: Puzzle) -> str:
    """A Killer as readable text: `killer` (with `x` for diagonals, `jigsaw` for regions), one
    letter a cell naming its cage, a jigsaw's region map, each cage's sum as Name=Sum, and the
    givens as a grid when there are any (docs/formats.md)."""
    try:
        cages = named_cages(p)
    except ValueError as error:
        raise PuzzlogError(str(error)) from None
    n = p.size
    grid = [["."] * n for _ in range(n)]
    for name, _, cells in cages:
        for r, c in cells:
            grid[r - 1][c - 1] = name
    sums = " ".join(f"{name}={total}" for name, total, _ in cages)
    header = "killer" + " x" * p.diagonals + " jigsaw" * (p.regions is not None)
    lines = [header, *("".join(row) for row in grid)]
    if p.regions is not None:
        lines += ["".join(value_char(r) for r in p.regions[i:i + n]) for i in range(0, n * n, n)]
    lines.append(sums)
    if any(p.givens):
        lines += [to_line(p)[i:i + n] for i in range(0, n * n, n)]
    return "\n".join(lines) + "\n"


WRITERS = {"line": to_line, "grid": to_grid, "sdk": to_sdk, "solo": to_solo, "unequal": signs.to_unequal,
           "killer": to_killer}


def latin_text(p: Puzzle, fmt: str) -> str:
    """A Latin square in ``fmt``: ValueError for a format that would drop part of it."""
    _check_writable(p, fmt)
    return WRITERS[fmt](p)


def _check_writable(p: Puzzle, fmt: str) -> None:
    """Refuse a format that would silently drop part of the puzzle."""
    if p.extra is not None and fmt != "line":
        raise ArgumentError(f"only the line format keeps a {p.kind}'s {p.extra.word}s: write it as line")
    if (fmt == "killer") != (p.cages is not None):
        raise ArgumentError("only the killer format keeps a Killer's cages" if p.cages is not None
                         else "the killer format is for Killer Sudoku: this puzzle has no cages")
    if fmt == "unequal" and p.boxed:
        raise ArgumentError("the unequal format has no boxes: write Sudoku as line, grid, sdk or solo")
    if fmt not in ("grid", "unequal") and (p.has_signs or not p.boxed):
        raise ArgumentError(f"the {fmt} format has no signs: write Futoshiki and greater-than Sudoku "
                         "as grid (or unequal)")
    if fmt == "sdk" and (p.regions is not None or p.diagonals):
        raise ArgumentError(f"the sdk format has standard boxes and no diagonals: write this {p.kind} "
                         "as line or solo (or grid)")
    if fmt == "grid" and p.diagonals:
        raise ArgumentError(f"the grid format does not mark the diagonals of this {p.kind}: write it as "
                         "line or solo (a grid is read as Sudoku X with --kind sudoku-x)")


def write(puzzles: list[Any], fmt: str = "line") -> str:
    """The puzzles (of one kind) as text in ``fmt``, one after the other."""
    if not isinstance(puzzles, (list, tuple)):
        raise ArgumentTypeError(f"write() takes a list of puzzles, not {type(puzzles).__name__}")
    for p in puzzles:
        if not isinstance(p, PuzzleKind):
            raise ArgumentTypeError(f"a puzzle is a Puzzle, KakuroPuzzle or SamuraiPuzzle (see pybridge.load), not "
                            f"{type(p).__name__}")
    kinds = {type(p) for p in puzzles}
    if len(kinds) > 1:
        raise ArgumentError(f"one text holds puzzles of one kind: these are {' and '.join(sorted(k.written_as for k in kinds))}")
    return (type(puzzles[0]) if puzzles else Puzzle).write_all(puzzles, fmt)


__all__ = ["parse", "write", "to_line", "to_grid", "to_sdk", "to_solo", "value_char"]

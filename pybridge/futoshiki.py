"""Signs between neighbouring cells: Futoshiki, its Adjacent mode, greater-than Sudoku.

Two spellings (docs/formats.md):
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
import re
from collections import defaultdict

from .errors import PuzzleFormatError
from .puzzle import Puzzle, value_char

Pair = tuple[int, int, int, int]

UNEQUAL_LINE = re.compile(r"^\d+a?:")
UNEQUAL_CELL = re.compile(r"^(\d+)([URDL]*)$")
DIRECTIONS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
FLAG_OF_STEP = {step: flag for flag, step in DIRECTIONS.items()}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
UPPER_SMALLER = "^∧"
UPPER_GREATER = "v∨"
VERTICAL_SIGNS = UPPER_SMALLER + UPPER_GREATER
MIN_SIZE, MAX_SIZE = 3, 25


def check_size(n: int, source: str, line: int | None) -> None:
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise PuzzleFormatError(f"a Futoshiki grid is {MIN_SIZE} to {MAX_SIZE} cells wide, not {n}",
                                source, line)


# ---------------------------------------------------------------- Unequal game IDs

def parse_unequal_id(game_id: str, source: str = "<text>", line: int | None = None) -> Puzzle:
    """A Puzzle from an Unequal game ID such as ``4:0D,0,0R,...`` or ``5a:...``."""
    params, _, desc = game_id.strip().partition(":")
    adjacent = params.endswith("a")
    n = int(params.rstrip("a"))
    check_size(n, source, line)
    items = desc.split(",")
    if items[-1] != "":
        raise PuzzleFormatError("every cell of an Unequal game ID ends with a comma", source, line)
    items = items[:-1]
    if len(items) != n * n:
        raise PuzzleFormatError(f"the game ID gives {len(items)} cells, a {n}x{n} grid has {n * n}",
                                source, line)
    givens: list[int] = []
    flags: dict[tuple[int, int], str] = {}
    for i, item in enumerate(items):
        cell = (i // n + 1, i % n + 1)
        m = UNEQUAL_CELL.match(item)
        if not m:
            raise PuzzleFormatError(f"{item!r} is not a cell (a number, then flags from U, R, D, L)",
                                    source, line, cell)
        value = int(m.group(1))
        if value > n:
            raise PuzzleFormatError(f"value {value} is outside 1..{n}", source, line, cell)
        givens.append(value)
        flags[cell] = m.group(2)
    flagged = [(cell, flag) for cell, fs in flags.items() for flag in fs]
    pairs = [_flag_pair(cell, flag, n, source, line) for cell, flag in flagged]
    if not adjacent:
        return Puzzle(n, givens, signs=sorted(pairs), source=source, line=line)
    for (cell, flag), (r1, c1, _, _) in zip(flagged, pairs):  # r1c1: the neighbour flagged
        if OPPOSITE[flag] not in flags[(r1, c1)]:
            raise PuzzleFormatError(f"flag {flag} marks r{r1}c{c1} as adjacent, but r{r1}c{c1} has no "
                                    f"{OPPOSITE[flag]} flag back: Adjacent marks come in pairs",
                                    source, line, cell)
    marks = sorted({_ordered(p) for p in pairs})
    return Puzzle(n, givens, adjacent=marks, source=source, line=line)


def _flag_pair(cell: tuple[int, int], flag: str, n: int, source: str, line: int | None) -> Pair:
    """The pair a flag names: (neighbour, cell), as the neighbour is the smaller."""
    r, c = cell
    dr, dc = DIRECTIONS[flag]
    r2, c2 = r + dr, c + dc
    if not (1 <= r2 <= n and 1 <= c2 <= n):
        raise PuzzleFormatError(f"flag {flag} points outside the grid", source, line, cell)
    return r2, c2, r, c


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

def is_cell_char(ch: str) -> bool:
    return ch not in " \t|-+<>" + VERTICAL_SIGNS


def read_rows(block: list[tuple[int, str]], source: str, adjacent: bool
              ) -> tuple[list[tuple[int, str]], list[Pair], list[Pair], bool]:
    """Split a grid's lines into its cell rows and the signs between cells.

    Returns the cell rows (line number, cells with separators dropped), the
    signs, the Adjacent marks, and whether box separators (``|``, ``---``)
    were seen.  Lines holding only separators are dropped.
    """
    rows: list[tuple[int, str]] = []
    positions: list[list[int]] = []  # where each cell of each row stands in its line
    signs: list[Pair] = []
    marks: list[Pair] = []
    separators = False
    pending: list[tuple[int, str, int]] = []  # vertical signs waiting for the row below
    for number, raw in block:
        line = raw.rstrip()
        if not any(is_cell_char(ch) for ch in line):
            separators = separators or ("-" in line and not adjacent)
            pending += _vertical_signs(number, line, rows, positions, source, adjacent)
            continue
        row = len(rows) + 1
        cells, where = _cell_row(number, line, row, signs, marks, source, adjacent)
        separators = separators or ("|" in line and not adjacent)
        for _, ch, col in pending:
            _add(ch, (row - 1, col, row, col), signs, marks, UPPER_SMALLER)
        pending = []
        rows.append((number, cells))
        positions.append(where)
    if pending:
        raise PuzzleFormatError(f"the sign {pending[0][1]!r} has no row of cells below it",
                                source, pending[0][0])
    return rows, sorted(signs), sorted(marks), separators


def _add(ch: str, pair: Pair, signs: list[Pair], marks: list[Pair], first_smaller: str) -> None:
    """Record the sign or mark ``ch`` between the two cells of ``pair``."""
    if ch in "|-":
        marks.append(pair)
    elif ch in first_smaller:
        signs.append(pair)
    else:
        r1, c1, r2, c2 = pair
        signs.append((r2, c2, r1, c1))


def _cell_row(number: int, line: str, row: int, signs: list[Pair], marks: list[Pair],
              source: str, adjacent: bool) -> tuple[str, list[int]]:
    cells: list[str] = []
    where: list[int] = []
    sign = ""
    for i, ch in enumerate(line):
        is_sign = ch in "<>" or (adjacent and ch == "|")
        if is_sign:
            if not cells or sign:
                raise PuzzleFormatError(f"the sign {ch!r} needs a cell on each side", source, number,
                                        (row, len(cells) + 1))
            sign = ch
        elif is_cell_char(ch):
            col = len(cells) + 1
            if sign:
                _add(sign, (row, col - 1, row, col), signs, marks, "<")
                sign = ""
            cells.append(ch)
            where.append(i)
        elif ch in VERTICAL_SIGNS:
            raise PuzzleFormatError(f"the sign {ch!r} belongs on a line of its own, under a cell",
                                    source, number, (row, len(cells) + 1))
    if sign:
        raise PuzzleFormatError(f"the sign {sign!r} needs a cell on each side", source, number,
                                (row, len(cells)))
    return "".join(cells), where


def _vertical_signs(number: int, line: str, rows: list[tuple[int, str]], positions: list[list[int]],
                    source: str, adjacent: bool) -> list[tuple[int, str, int]]:
    """The (line, sign, column) of each vertical sign on a line between two rows of cells."""
    signs_here = VERTICAL_SIGNS + ("-" if adjacent else "")
    found = []
    for i, ch in enumerate(line):
        if ch not in signs_here:
            continue
        if not rows:
            raise PuzzleFormatError(f"the sign {ch!r} has no row of cells above it", source, number)
        distances = sorted((abs(p - i), col) for col, p in enumerate(positions[-1], 1))
        best = distances[0]
        if best[0] > 1 or (len(distances) > 1 and distances[1][0] == best[0]):
            raise PuzzleFormatError(f"the sign {ch!r} at column {i + 1} of the line does not stand "
                                    "under a cell", source, number)
        found.append((number, ch, best[1]))
    return found


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

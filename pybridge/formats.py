"""Reading and writing Sudoku-family puzzle texts (see docs/formats.md).

Formats:
  line   one puzzle per line: n*n cells, then optionally a region map of n*n
         symbols (jigsaw) and the flag ``x`` (diagonals); ``#`` comments
  grid   readable rows of cells, ``|``, ``-``, ``+`` and spaces ignored; a
         jigsaw grid is followed by its region map of the same shape; puzzles
         are separated by blank lines
  sdk    the .sdk variant of grid: ``[Puzzle]`` header, ``#`` metadata
  solo   Simon Tatham's Solo game IDs: ``3x3:...``, ``2x3:...``, ``3x3x:...``,
         ``9j:...,<edges>``
  unequal  Simon Tatham's Unequal (Futoshiki) game IDs: ``5:...``, ``5a:...``

A grid may carry signs between cells (Futoshiki, greater-than Sudoku; see
futoshiki.py).  It is read as Futoshiki when it has signs and no ``|`` or
``---`` box borders, or is a square of a size Sudoku does not come in (3, 5,
7, ...); otherwise as Sudoku.  ``kind`` decides when given.

Cells: ``.`` or ``0`` blank, ``1``-``9`` then ``A``.. (any case) for 10 and up.
Only characters are read here; nothing in a puzzle text is ever evaluated.
"""
from __future__ import annotations

import re
from collections import deque

from . import futoshiki, kakuro
from .errors import PuzzleFormatError
from .puzzle import BOX_SHAPES, VALUE_CHARS, Puzzle, value_char

FORMATS = ("line", "grid", "sdk", "solo", "unequal") + tuple(f for f in kakuro.FORMATS if f != "grid")
KIND_ALIASES = {
    "sudoku": (False, False), "jigsaw": (True, False),
    "x": (False, True), "sudoku-x": (False, True), "jigsaw-x": (True, True),
}
KINDS = tuple(KIND_ALIASES) + ("futoshiki", "kakuro")
SOLO_PARAMS = re.compile(r"^(?:(\d+)x(\d+)|(\d+)j)(x?)$")
SOLO_LINE = re.compile(r"^(?:\d+x\d+|\d+j)x?:")
REGION_SYMBOLS = "123456789" + VALUE_CHARS[9:]


def detect_format(text: str) -> str:
    """The format of ``text``: solo, unequal, sdk, line or grid."""
    lines = [ln.strip() for ln in text.splitlines()]
    content = [ln for ln in lines if ln and not ln.startswith("#")]
    if content and all(SOLO_LINE.match(ln) for ln in content):
        return "solo"
    if content and all(futoshiki.UNEQUAL_LINE.match(ln) for ln in content):
        return "unequal"
    if any(ln.lower() == "[puzzle]" for ln in lines):
        return "sdk"
    if content and all(_is_line_puzzle(ln) for ln in content):
        return "line"
    return "grid"


def _is_line_puzzle(line: str) -> bool:
    first = line.split()[0]
    return any(len(first) == n * n for n in BOX_SHAPES) and len(first) >= 16


def parse(text: str, source: str = "<text>", kind: str | None = None,
          fmt: str | None = None) -> list:
    """Every puzzle of ``text``; raises PuzzleFormatError naming the line and cell.

    The kind (Sudoku family, Kakuro) is detected when not given.
    """
    if kind is not None and kind not in KINDS:
        raise PuzzleFormatError(f"unknown kind {kind!r} (known: {', '.join(KINDS)})", source)
    if kind == "kakuro" or (kind is None and (fmt in ("game", "matrices")
                                              or (fmt is None and kakuro.detect_format(text)))):
        return kakuro.parse(text, source, fmt)
    fmt = fmt or detect_format(text)
    readers = {"line": _parse_lines, "grid": _parse_grids, "sdk": _parse_sdk, "solo": _parse_solo,
               "unequal": _parse_unequal}
    if fmt not in readers:
        raise PuzzleFormatError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})", source)
    puzzles = readers[fmt](text, source, kind)
    if not puzzles:
        raise PuzzleFormatError("no puzzle found (the text is empty or only comments)", source)
    for index, puzzle in enumerate(puzzles):
        puzzle.index = index
        _apply_kind(puzzle, kind)
        _check_regions(puzzle)
    return puzzles


def _apply_kind(puzzle: Puzzle, kind: str | None) -> None:
    if kind is None:
        return
    if (kind == "futoshiki") == puzzle.boxed:
        what = "has boxes" if puzzle.boxed else "is a Futoshiki (no boxes)"
        raise PuzzleFormatError(f"kind {kind} was asked for, but this puzzle {what}", puzzle.source, puzzle.line)
    if kind == "futoshiki":
        return
    jigsaw, diagonals = KIND_ALIASES[kind]
    if jigsaw and puzzle.regions is None:
        raise PuzzleFormatError("kind jigsaw needs a region map", puzzle.source, puzzle.line)
    if not jigsaw and puzzle.regions is not None:
        raise PuzzleFormatError(f"kind {kind} has standard boxes, but a region map was given",
                                puzzle.source, puzzle.line)
    puzzle.diagonals = puzzle.diagonals or diagonals


def _cell_values(cells: str, n: int, source: str, line: int | None, first_row: int = 1) -> list[int]:
    values = []
    for i, ch in enumerate(cells):
        cell = (first_row + i // n, i % n + 1)
        if ch in ".0":
            values.append(0)
            continue
        v = VALUE_CHARS.find(ch.upper()) + 1
        if v == 0:
            raise PuzzleFormatError(f"{ch!r} is not a value or a blank (use . or 0 for blanks)",
                                    source, line, cell)
        if v > n:
            raise PuzzleFormatError(f"value {ch} ({v}) is outside 1..{n}", source, line, cell)
        values.append(v)
    return values


def _size_of(count: int, source: str, line: int | None, what: str = "cells") -> int:
    for n in BOX_SHAPES:
        if n * n == count:
            return n
    sizes = ", ".join(f"{n * n} ({n}x{n})" for n in BOX_SHAPES)
    raise PuzzleFormatError(f"{count} {what}: a puzzle has {sizes}", source, line)


def _region_ids(symbols: str, n: int, source: str, line: int | None) -> list[int]:
    """Region numbers 1..k by first appearance in reading order."""
    numbers: dict[str, int] = {}
    for ch in symbols:
        numbers.setdefault(ch, len(numbers) + 1)
    if len(numbers) != n:
        raise PuzzleFormatError(f"the region map has {len(numbers)} regions, a {n}x{n} jigsaw needs {n}",
                                source, line)
    return [numbers[ch] for ch in symbols]


def _new_puzzle(n: int, givens: list[int], regions: list[int] | None, diagonals: bool,
                source: str, line: int | None) -> Puzzle:
    if regions is None:
        br, bc = BOX_SHAPES[n]
        return Puzzle(n, givens, br, bc, None, diagonals, source, 0, line)
    return Puzzle(n, givens, None, None, regions, diagonals, source, 0, line)


def _check_regions(p: Puzzle) -> None:
    """A jigsaw region map must cut the grid into n connected regions of n cells."""
    if p.regions is None:
        return
    n = p.size
    cells: dict[int, list[tuple[int, int]]] = {}
    for i, region in enumerate(p.regions):
        cells.setdefault(region, []).append((i // n, i % n))
    for region, members in sorted(cells.items()):
        r0, c0 = members[0]
        if len(members) != n:
            raise PuzzleFormatError(f"region {region} has {len(members)} cells; every region needs {n}",
                                    p.source, p.line, (r0 + 1, c0 + 1))
        inside = set(members)
        seen = {members[0]}
        todo = deque([members[0]])
        while todo:
            r, c = todo.popleft()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in inside and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != n:
            r, c = min(inside - seen)
            raise PuzzleFormatError(f"region {region} is not connected: r{r + 1}c{c + 1} is cut off from r{r0 + 1}c{c0 + 1}",
                                    p.source, p.line, (r + 1, c + 1))


def _parse_lines(text: str, source: str, kind: str | None) -> list[Puzzle]:
    puzzles = []
    for number, line in _content_lines(text):
        tokens = line.split()
        diagonals = tokens[-1].lower() == "x" and len(tokens) > 1
        if diagonals:
            tokens = tokens[:-1]
        if len(tokens) > 2:
            raise PuzzleFormatError("a line holds the cells, optionally a region map and the flag x; "
                                    f"found {len(tokens)} words", source, number)
        n = _size_of(len(tokens[0]), source, number)
        givens = _cell_values(tokens[0], n, source, number)
        regions = None
        if len(tokens) == 2:
            if len(tokens[1]) != n * n:
                raise PuzzleFormatError(f"the region map has {len(tokens[1])} symbols, the grid {n * n} cells",
                                        source, number)
            regions = _region_ids(tokens[1], n, source, number)
        puzzles.append(_new_puzzle(n, givens, regions, diagonals, source, number))
    return puzzles


def _grid_blocks(lines: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Runs of lines split at blank lines, comment lines dropped."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, raw in lines:
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            blocks.append([])
            continue
        blocks[-1].append((number, raw))
    return [b for b in blocks if b]


def _parse_grid_block(block: list[tuple[int, str]], source: str, kind: str | None) -> Puzzle:
    """One readable grid: cell rows, maybe signs between them, maybe a region map after them."""
    adjacent = block[0][1].strip().lower() == "adjacent"
    if adjacent:
        block = block[1:]
        if kind not in (None, "futoshiki"):
            raise PuzzleFormatError(f"Adjacent mode is for Futoshiki, not {kind}", source, block[0][0])
    rows, signs, marks, borders = futoshiki.read_rows(block, source, adjacent)
    if not rows:
        raise PuzzleFormatError("this grid has no row of cells", source, block[0][0])
    first_line, first = rows[0]
    n = len(first)
    boxed = _boxed(kind, borders, bool(signs) or adjacent, n, len(rows))
    if boxed and n not in BOX_SHAPES:
        raise PuzzleFormatError(f"a row of {n} cells: grids are {', '.join(map(str, BOX_SHAPES))} cells wide",
                                source, first_line)
    if not boxed:
        futoshiki.check_size(n, source, first_line)
    for number, cells in rows:
        if len(cells) != n:
            raise PuzzleFormatError(f"this row has {len(cells)} cells, the first row has {n}", source, number)
    if len(rows) not in (n, 2 * n) or (len(rows) == 2 * n and not boxed):
        maps = f" (or {2 * n} with a jigsaw region map)" if boxed else ""
        raise PuzzleFormatError(f"the grid has {len(rows)} rows; a {n}x{n} grid has {n}{maps}",
                                source, first_line)
    if any(pair[0] > n or pair[2] > n for pair in signs + marks):
        raise PuzzleFormatError("signs belong between the cells of the grid, not of the region map",
                                source, rows[n][0])
    givens: list[int] = []
    for row, (number, cells) in enumerate(rows[:n]):
        givens += _cell_values(cells, n, source, number, first_row=row + 1)
    regions = None
    if len(rows) == 2 * n:
        regions = _region_ids("".join(cells for _, cells in rows[n:]), n, source, rows[n][0])
    if boxed:
        puzzle = _new_puzzle(n, givens, regions, False, source, first_line)
    else:
        puzzle = Puzzle(n, givens, source=source, line=first_line)
    puzzle.signs = signs
    puzzle.adjacent = sorted(marks) if adjacent else None
    return puzzle


def _boxed(kind: str | None, borders: bool, signs: bool, n: int, rows: int) -> bool:
    """Whether a grid has boxes: as asked for; else when it has box borders, or has
    no signs and is not an n x n square of a size Sudoku does not come in."""
    if kind is not None:
        return kind != "futoshiki"
    if borders:
        return True
    latin_only = n not in BOX_SHAPES and rows == n and futoshiki.MIN_SIZE <= n <= futoshiki.MAX_SIZE
    return not (signs or latin_only)


def _parse_grids(text: str, source: str, kind: str | None) -> list[Puzzle]:
    lines = list(enumerate(text.splitlines(), 1))
    return [_parse_grid_block(block, source, kind) for block in _grid_blocks(lines)]


def _parse_sdk(text: str, source: str, kind: str | None) -> list[Puzzle]:
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.lower() == "[puzzle]":
            continue
        if line.startswith("["):  # [State] and later sections are not the puzzle
            break
        lines.append((number, raw))
    return [_parse_grid_block(block, source, kind or "sudoku") for block in _grid_blocks(lines)]


def _parse_unequal(text: str, source: str, kind: str | None) -> list[Puzzle]:
    return [futoshiki.parse_unequal_id(line, source, number) for number, line in _content_lines(text)]


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(number, line) of each line that is neither blank nor a comment."""
    return [(number, raw.strip()) for number, raw in enumerate(text.splitlines(), 1)
            if raw.strip() and not raw.strip().startswith("#")]


def _parse_solo(text: str, source: str, kind: str | None) -> list[Puzzle]:
    return [parse_solo_id(line, source, number) for number, line in _content_lines(text)]


def parse_solo_id(game_id: str, source: str = "<text>", line: int | None = None) -> Puzzle:
    """A Puzzle from a Solo game ID such as ``2x3:a1b2...`` or ``9j:...,<edges>``."""
    params, sep, desc = game_id.partition(":")
    m = SOLO_PARAMS.match(params)
    if not sep or not m:
        raise PuzzleFormatError(f"{params!r} is not a Solo game ID parameter (e.g. 3x3, 2x3, 3x3x, 9j)",
                                source, line)
    if m.group(3):
        n = int(m.group(3))
        box = None
    else:
        box = (int(m.group(1)), int(m.group(2)))
        n = box[0] * box[1]
    if n not in BOX_SHAPES:
        raise PuzzleFormatError(f"size {n} is not supported", source, line)
    if box is not None and box not in (BOX_SHAPES[n], BOX_SHAPES[n][::-1]):
        raise PuzzleFormatError(f"boxes of {box[0]}x{box[1]} are not supported", source, line)
    cells, comma, edges = desc.partition(",")
    givens = _solo_givens(cells, n, source, line)
    regions = None
    if box is None:
        if not comma:
            raise PuzzleFormatError("a jigsaw game ID needs its region edges after a comma", source, line)
        regions = _solo_regions(edges, n, source, line)
    elif comma:
        raise PuzzleFormatError("only jigsaw game IDs (like 9j:) have region edges", source, line)
    diagonals = m.group(4) == "x"
    if box is None:
        return Puzzle(n, givens, None, None, regions, diagonals, source, 0, line)
    return Puzzle(n, givens, box[0], box[1], None, diagonals, source, 0, line)


def _solo_givens(desc: str, n: int, source: str, line: int | None) -> list[int]:
    givens: list[int] = []
    for token in re.findall(r"[a-z]|_|\d+|.", desc):
        if token == "_":
            continue
        if token.isdigit():
            v = int(token)
            if not 1 <= v <= n:
                cell = (len(givens) // n + 1, len(givens) % n + 1)
                raise PuzzleFormatError(f"value {v} is outside 1..{n}", source, line, cell)
            givens.append(v)
        elif "a" <= token <= "z":
            givens += [0] * (ord(token) - ord("a") + 1)
        else:
            raise PuzzleFormatError(f"{token!r} cannot appear in a Solo grid description", source, line)
    if len(givens) != n * n:
        raise PuzzleFormatError(f"the description gives {len(givens)} cells, a {n}x{n} grid has {n * n}",
                                source, line)
    return givens


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


def _solo_regions(spec: str, n: int, source: str, line: int | None) -> list[int]:
    parent = list(range(n * n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    total = 2 * n * (n - 1)
    pos = 0
    for ch in spec:
        if ch == "_":
            run = 0
        elif "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
        else:
            raise PuzzleFormatError(f"{ch!r} cannot appear in Solo region edges", source, line)
        for _ in range(run):
            if pos >= total:
                raise PuzzleFormatError("the region edges describe more edges than the grid has", source, line)
            a, b = _edge_cells(pos, n)
            parent[find(a)] = find(b)
            pos += 1
        if run != 26:  # 'z' is 26 non-edges with no edge after them
            pos += 1
    if pos != total + 1:
        raise PuzzleFormatError(f"the region edges describe {pos} edges, the grid has {total}", source, line)
    roots = [find(i) for i in range(n * n)]
    return _region_ids("".join(chr(0x100 + r) for r in roots), n, source, line)


# ---------------------------------------------------------------- writing

def to_line(p: Puzzle) -> str:
    parts = [p.to_line()]
    if p.regions is not None:
        parts.append("".join(REGION_SYMBOLS[r - 1] for r in p.regions))
    if p.diagonals:
        parts.append("x")
    return " ".join(parts)


def to_grid(p: Puzzle, values: list[int] | None = None) -> str:
    from .puzzle import render_text
    text = render_text(p, p.givens if values is None else values)
    if p.regions is not None:
        n = p.size
        text += "\n" + "\n".join(" ".join(REGION_SYMBOLS[r - 1] for r in p.regions[i * n:(i + 1) * n])
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


def _differs(regions: list[int], a: int, b: int) -> bool:
    return regions[a] != regions[b]


WRITERS = {"line": to_line, "grid": to_grid, "sdk": to_sdk, "solo": to_solo, "unequal": futoshiki.to_unequal}


def _check_writable(p: Puzzle, fmt: str) -> None:
    if fmt == "unequal" and p.boxed:
        raise ValueError("the unequal format has no boxes: write Sudoku as line, grid, sdk or solo")
    if fmt not in ("grid", "unequal") and (p.has_signs or not p.boxed):
        raise ValueError(f"the {fmt} format has no signs: write Futoshiki and greater-than Sudoku "
                         "as grid (or unequal)")


def write(puzzles: list, fmt: str = "line") -> str:
    """The puzzles as text in ``fmt``, one after the other."""
    if puzzles and isinstance(puzzles[0], kakuro.KakuroPuzzle):
        if fmt not in kakuro.WRITERS:
            raise ValueError(f"Kakuro is written as {', '.join(kakuro.WRITERS)}, not {fmt}")
        return "\n\n".join(kakuro.WRITERS[fmt](p) for p in puzzles) + "\n"
    if fmt not in WRITERS:
        raise ValueError(f"Sudoku is written as {', '.join(WRITERS)}, not {fmt}")
    for p in puzzles:
        _check_writable(p, fmt)
    sep = "\n\n" if fmt in ("grid", "sdk") else "\n"
    return sep.join(WRITERS[fmt](p) for p in puzzles) + "\n"


__all__ = ["FORMATS", "detect_format", "parse", "parse_solo_id", "write", "to_line", "to_grid",
           "to_sdk", "to_solo", "value_char"]

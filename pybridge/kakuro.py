"""Kakuro puzzles: the grid value and its formats (see docs/formats.md).

Formats:
  grid      readable cells split by whitespace: ``#`` black, ``.`` white,
            ``23\\`` down clue, ``\\17`` across clue, ``23\\17`` both, a digit
            for a filled white cell; puzzles separated by blank lines
  game      the Kakuro game's text: ``rows,cols`` then comma-separated cells
            ``*`` black, ``?`` white, ``C<n>`` down, ``F<n>`` across,
            ``C<n>F<m>`` both, a digit for a filled cell
  matrices  the thesis program's pair of integer matrices, down clues then
            across ("right") clues: 0 white, 1 black without a clue that way,
            n >= 2 a clue; in one text the two are split by a blank line, on
            disk they are ``NAME_down.txt`` + ``NAME_right.txt`` (or
            ``NAME_dolje.txt`` + ``NAME_desno.txt``)
Whether a run's clue fits it (lengths, sums, clues without runs) is checked by
the engine (prolog/runs.pl), which names the cell.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import PuzzleFormatError
from .foreign import PrologString
from .puzzle import ShowsGivens

FORMATS = ("grid", "game", "matrices")
MATRIX_SUFFIXES = (("_down.txt", "_right.txt"), ("_dolje.txt", "_desno.txt"))
GRID_CLUE = re.compile(r"^(\d*)\\(\d*)$")
GAME_CLUE = re.compile(r"^(?:C(\d+))?(?:F(\d+))?$")
CORPUS_CLUE = re.compile(r"^(?:D(\d+))?(?:A(\d+))?$")


@dataclass(frozen=True)
class Clue:
    """A black cell: the sums of the runs below (down) and to the right (across); 0 = none."""

    down: int = 0
    across: int = 0


Cell = Clue | int  # int: a white cell, 0 empty or its filled digit


@dataclass
class KakuroPuzzle(ShowsGivens):
    """A Kakuro grid: rows of cells, each a Clue (black) or an int (white: 0 or a digit)."""

    cells: list[list[Cell]]
    source: str = "<text>"
    index: int = 0
    line: int | None = None
    meta: dict = field(default_factory=dict)

    kind = "kakuro"

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.cells), len(self.cells[0])

    @property
    def givens(self) -> list[int]:
        """Row-major values: filled digits, 0 for empty white and for black cells."""
        return [c if isinstance(c, int) else 0 for row in self.cells for c in row]

    def is_white(self, r: int, c: int) -> bool:
        return isinstance(self.cells[r][c], int)

    def geometry(self) -> tuple:
        """The shape as the bridge passes it: kakuro(Text), one atom (prolog/bridge.pl)."""
        text = ";".join(",".join("." if isinstance(c, int) else f"{c.down}:{c.across}" for c in row)
                        for row in self.cells)
        return ("kakuro", PrologString(text))

    def givens_text(self) -> PrologString:
        return PrologString("".join(str(v) if v else "." for v in self.givens))

    def text_of(self, values: list[int]) -> str:
        """The readable grid with ``values`` (row-major, 0 empty) in the white cells."""
        return render_text(self, values)

    def html_of(self, values: list[int]) -> str:
        return render_html(self, values)


def _token(cell: Cell, value: int) -> str:
    if isinstance(cell, int):
        return str(value) if value else "."
    if not cell.down and not cell.across:
        return "#"
    return f"{cell.down or ''}\\{cell.across or ''}"


def render_text(p: KakuroPuzzle, values: list[int]) -> str:
    """The readable grid, columns aligned: the grid format, with ``values`` in the white cells."""
    _, cols = p.shape
    tokens = [[_token(cell, values[r * cols + c]) for c, cell in enumerate(row)]
              for r, row in enumerate(p.cells)]
    width = max(len(t) for row in tokens for t in row)
    return "\n".join(" ".join(t.rjust(width) for t in row).rstrip() for row in tokens)


def render_html(p: KakuroPuzzle, values: list[int]) -> str:
    """An HTML table: black clue cells with the down sum bottom-left, across top-right."""
    _, cols = p.shape
    base = "width:2em;height:2em;border:1px solid #333;text-align:center;font-family:monospace"
    rows = []
    for r, row in enumerate(p.cells):
        out = []
        for c, cell in enumerate(row):
            if isinstance(cell, int):
                v = values[r * cols + c]
                colour = "" if cell else ";color:#15c"
                out.append(f'<td style="{base}{colour}">{v if v else "&nbsp;"}</td>')
            else:
                text = ""
                if cell.across:
                    text += f'<div style="text-align:right;font-size:70%">{cell.across}</div>'
                if cell.down:
                    text += f'<div style="text-align:left;font-size:70%">{cell.down}</div>'
                out.append(f'<td style="{base};background:#333;color:#fff">{text}</td>')
        rows.append("<tr>" + "".join(out) + "</tr>")
    return '<table style="border-collapse:collapse">' + "".join(rows) + "</table>"


# ---------------------------------------------------------------- reading

def detect_format(text: str) -> str | None:
    """grid, game or matrices when ``text`` is unmistakably Kakuro, else None."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines:
        return None
    if re.fullmatch(r"\d+\s*,\s*\d+", lines[0]):
        return "game"
    if "\\" in text:
        return "grid"
    tokens = text.split()
    if all(t.isdigit() for t in tokens) and any(len(t) > 1 for t in tokens) and "\n\n" in text.strip():
        return "matrices"
    return None


def parse(text: str, source: str = "<text>", fmt: str | None = None) -> list[KakuroPuzzle]:
    if fmt is None:
        numbers_only = all(t.isdigit() for t in text.split())
        fmt = detect_format(text) or ("matrices" if numbers_only else "grid")
    readers = {"grid": _parse_grids, "game": _parse_game, "matrices": _parse_matrices}
    if fmt not in readers:
        raise PuzzleFormatError(f"unknown Kakuro format {fmt!r} (known: {', '.join(FORMATS)})", source)
    puzzles = readers[fmt](text, source)
    if not puzzles:
        raise PuzzleFormatError("no puzzle found (the text is empty)", source)
    for index, p in enumerate(puzzles):
        p.index = index
    return puzzles


def _blocks(text: str) -> list[list[tuple[int, str]]]:
    """Runs of non-blank lines with their line numbers, split at blank lines."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.strip():
            blocks[-1].append((number, raw.strip()))
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def _check_rows(rows: list[list], numbers: list[int], source: str, what: str = "cells") -> None:
    width = len(rows[0])
    for row, number in zip(rows, numbers):
        if len(row) != width:
            raise PuzzleFormatError(f"this row has {len(row)} {what}, the first row has {width}",
                                    source, number)


def _digit(token: str, source: str, line: int, cell: tuple[int, int]) -> int:
    if len(token) == 1 and token in "123456789":
        return int(token)
    raise PuzzleFormatError(f"{token!r} is not a Kakuro cell", source, line, cell)


def _cell(token: str, black: str, white: str, clue: re.Pattern, source: str, line: int,
          cell: tuple[int, int]) -> Cell:
    """One cell in a format's spelling: its black and white tokens, its clue pattern (down, across)."""
    if token == black:
        return Clue()
    if token == white:
        return 0
    m = clue.match(token)
    if token and m:
        return Clue(int(m.group(1) or 0), int(m.group(2) or 0))
    return _digit(token, source, line, cell)


def _parse_grids(text: str, source: str) -> list[KakuroPuzzle]:
    puzzles = []
    for block in _blocks(text):
        rows = [[_cell(t, "#", ".", GRID_CLUE, source, number, (r + 1, c + 1)) for c, t in enumerate(line.split())]
                for r, (number, line) in enumerate(block)]
        _check_rows(rows, [n for n, _ in block], source)
        puzzles.append(KakuroPuzzle(rows, source, 0, block[0][0]))
    return puzzles


def _parse_game(text: str, source: str) -> list[KakuroPuzzle]:
    lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    puzzles = []
    while lines:
        number, header = lines[0]
        m = re.fullmatch(r"(\d+)\s*,\s*(\d+)", header)
        if not m:
            raise PuzzleFormatError(f"expected a 'rows,cols' header, found {header!r}", source, number)
        n_rows, n_cols = int(m.group(1)), int(m.group(2))
        body = lines[1:1 + n_rows]
        if len(body) < n_rows:
            raise PuzzleFormatError(f"the header says {n_rows} rows, the text has {len(body)}",
                                    source, number)
        rows = []
        for r, (line, row_text) in enumerate(body):
            tokens = [t.strip() for t in row_text.split(",")]
            if len(tokens) != n_cols:
                raise PuzzleFormatError(f"this row has {len(tokens)} cells, the header says {n_cols} "
                                        "(a trailing comma counts as an empty cell)", source, line)
            rows.append([_cell(t, "*", "?", GAME_CLUE, source, line, (r + 1, c + 1))
                         for c, t in enumerate(tokens)])
        puzzles.append(KakuroPuzzle(rows, source, 0, number))
        lines = lines[1 + n_rows:]
    return puzzles


def _matrix(block: list[tuple[int, str]], source: str) -> list[list[int]]:
    rows = []
    for number, line in block:
        row = []
        for c, token in enumerate(line.split()):
            if not token.isdigit():
                raise PuzzleFormatError(f"{token!r} is not a whole number", source, number,
                                        (len(rows) + 1, c + 1))
            row.append(int(token))
        rows.append(row)
    _check_rows(rows, [n for n, _ in block], source, "numbers")
    return rows


def from_matrices(down: list[list[int]], right: list[list[int]], source: str = "<text>",
                  line: int | None = None) -> KakuroPuzzle:
    """A puzzle from the thesis's down-clue and across-clue matrices."""
    if (len(down), len(down[0])) != (len(right), len(right[0])):
        raise PuzzleFormatError(f"the down matrix is {len(down)}x{len(down[0])}, the right matrix "
                                f"{len(right)}x{len(right[0])}: they must have the same shape", source, line)
    rows: list[list[Cell]] = []
    for r, (drow, arow) in enumerate(zip(down, right)):
        row: list[Cell] = []
        for c, (d, a) in enumerate(zip(drow, arow)):
            if (d == 0) != (a == 0):
                raise PuzzleFormatError(f"white (0) in one matrix but {d or a} in the other",
                                        source, line, (r + 1, c + 1))
            row.append(0 if d == 0 else Clue(0 if d == 1 else d, 0 if a == 1 else a))
        rows.append(row)
    return KakuroPuzzle(rows, source, 0, line)


def _parse_matrices(text: str, source: str) -> list[KakuroPuzzle]:
    blocks = _blocks(text)
    if len(blocks) != 2:
        raise PuzzleFormatError(f"expected two matrices (down, then right) split by a blank line, "
                                f"found {len(blocks)}", source)
    return [from_matrices(_matrix(blocks[0], source), _matrix(blocks[1], source), source, blocks[0][0][0])]


def matrix_files(path: Path) -> tuple[Path, Path] | None:
    """The (down, right) file pair that ``path`` names: NAME, NAME_down.txt or NAME_right.txt."""
    for down_suffix, right_suffix in MATRIX_SUFFIXES:
        for suffix in (down_suffix, right_suffix):
            if path.name.endswith(suffix):
                stem = path.name[: -len(suffix)]
                return path.with_name(stem + down_suffix), path.with_name(stem + right_suffix)
        down = path.with_name(path.name + down_suffix)
        if down.exists():
            return down, path.with_name(path.name + right_suffix)
    return None


def load_matrix_files(down_path: Path, right_path: Path) -> list[KakuroPuzzle]:
    texts = []
    for p in (down_path, right_path):
        try:
            texts.append(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise PuzzleFormatError(f"cannot read the file: {exc.strerror or exc}", str(p)) from None
    blocks = [_blocks(t) for t in texts]
    for p, b in zip((down_path, right_path), blocks):
        if len(b) != 1:
            raise PuzzleFormatError("expected one matrix of whole numbers", str(p))
    down = _matrix(blocks[0][0], str(down_path))
    right = _matrix(blocks[1][0], str(right_path))
    return [from_matrices(down, right, f"{down_path} + {right_path.name}", 1)]


def from_corpus_grid(grid: list[list[str]], source: str = "<corpus>") -> KakuroPuzzle:
    """A puzzle from the shared corpus's JSON grid: ``.``, ``#``, ``D<n>``, ``A<n>``, ``D<n>A<m>``."""
    rows = [[_cell(token, "#", ".", CORPUS_CLUE, source, r + 1, (r + 1, c + 1)) for c, token in enumerate(tokens)]
            for r, tokens in enumerate(grid)]
    return KakuroPuzzle(rows, source)


# ---------------------------------------------------------------- writing

def to_grid(p: KakuroPuzzle) -> str:
    return render_text(p, p.givens)


def _game_token(cell: Cell) -> str:
    if isinstance(cell, int):
        return str(cell) if cell else "?"
    if not cell.down and not cell.across:
        return "*"
    return (f"C{cell.down}" if cell.down else "") + (f"F{cell.across}" if cell.across else "")


def to_game(p: KakuroPuzzle) -> str:
    rows, cols = p.shape
    return f"{rows},{cols}\n" + "\n".join(",".join(_game_token(c) for c in row) for row in p.cells)


def to_matrices(p: KakuroPuzzle) -> str:
    """The down matrix, a blank line, the right matrix (filled digits are not kept)."""
    def number(cell: Cell, way: str) -> str:
        if isinstance(cell, int):
            return "0"
        return str(getattr(cell, way) or 1)
    down = "\n".join(" ".join(number(c, "down") for c in row) for row in p.cells)
    right = "\n".join(" ".join(number(c, "across") for c in row) for row in p.cells)
    return down + "\n\n" + right


WRITERS = {"grid": to_grid, "game": to_game, "matrices": to_matrices}

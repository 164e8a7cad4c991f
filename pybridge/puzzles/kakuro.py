"""Kakuro puzzles: the grid value, how it prints, and the formats it is written in.

Formats (docs/formats.md; the engine reads them, prolog/reading/puzzle_text.pl):
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
the engine (prolog/kinds/runs.pl), which names the cell.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .cells import value_char
from ..engine.errors import ArgumentError, ArgumentTypeError, PuzzleFormatError, PuzzlogError
from ..engine.foreign import PrologString
from ..engine.limits import LIMITS
from .answers import line_number, values_of
from .kind import PuzzleKind
from .picture import Layout, Marks, svg_line

MATRIX_SUFFIXES = (("_down.txt", "_right.txt"), ("_dolje.txt", "_desno.txt"))
CORPUS_CLUE = re.compile(r"(?:D([0-9]+))?(?:A([0-9]+))?", re.ASCII)


@dataclass(frozen=True)
class Clue:
    """A black cell: the sums of the runs below (down) and to the right (across); 0 = none."""

    down: int = 0
    across: int = 0


Cell = Clue | int  # int: a white cell, 0 empty or its filled digit


class KakuroRecord(NamedTuple):
    """A Kakuro as bridge_read/5 reads it: ``downs`` and ``acrosses`` a clue per cell,
    row-major (-1 on a white cell), ``givens`` a text of the white cells' digits."""

    tag: str
    index: int  # type: ignore[assignment]  # the field hides tuple.index, never used here
    line: int | str
    rows: int
    cols: int
    downs: list[int]
    acrosses: list[int]
    givens: str


@dataclass(repr=False, frozen=True)
class KakuroPuzzle(PuzzleKind):
    """A Kakuro grid: rows of cells, each a Clue (black) or an int (white: 0 or a digit)."""

    cells: list[list[Cell]]
    source: str = field(default="<text>", compare=False)
    index: int = field(default=0, compare=False)
    line: int | None = field(default=None, compare=False)
    __hash__ = PuzzleKind.__hash__

    kind = "kakuro"
    largest = 9      # the largest value a cell takes
    solution = None  # Kakuro files carry no solution to check against

    def __repr__(self) -> str:
        rows, cols = self.shape
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        white = sum(1 for row in self.cells for c in row if isinstance(c, int))
        return f"KakuroPuzzle({rows}x{cols}, {white} white cells, {where} #{self.index})"

    def check(self) -> None:
        """Raise TypeError or ValueError if the cells are not what their types say (the
        engine checks the rules: runs, clues, sums)."""
        if not isinstance(self.cells, list) or not self.cells or not all(isinstance(r, list) for r in self.cells):
            raise ArgumentTypeError("cells must be a non-empty list of rows (lists of cells)")
        width = len(self.cells[0])
        if max(len(self.cells), width) > LIMITS.max_kakuro_side:
            raise ArgumentError(f"a Kakuro of {len(self.cells)}x{width}: at most {LIMITS.max_kakuro_side} rows and "
                             "columns (pybridge.LIMITS.max_kakuro_side)")
        for r, row in enumerate(self.cells, 1):
            if len(row) != width:
                raise ArgumentError(f"row {r} has {len(row)} cells, row 1 has {width}")
            for c, cell in enumerate(row, 1):
                if isinstance(cell, Clue):
                    for v in (cell.down, cell.across):
                        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 999:
                            raise ArgumentError(f"r{r}c{c}: a clue is a whole number (0 for none), not {v!r}")
                elif isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell <= 9:
                    raise ArgumentTypeError(f"r{r}c{c}: a cell is a Clue or a digit 0..9, not {cell!r}")

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.cells), len(self.cells[0])

    @property
    def givens(self) -> list[int]:  # type: ignore[override]  # read from the cells, not kept twice
        """Row-major values: filled digits, 0 for empty white and for black cells."""
        return [c if isinstance(c, int) else 0 for row in self.cells for c in row]

    def is_white(self, r: int, c: int) -> bool:
        return isinstance(self.cells[r][c], int)

    def geometry(self) -> tuple[Any, ...]:
        """The shape as the bridge passes it, as its record comes: kakuro(Rows, Cols, Downs,
        Acrosses), each cell's clues row-major, -1 for a white cell (prolog/bridge/wire.pl)."""
        rows, cols = self.shape
        cells = [c for row in self.cells for c in row]
        return ("kakuro", rows, cols, [-1 if isinstance(c, int) else c.down for c in cells],
                [-1 if isinstance(c, int) else c.across for c in cells])

    def givens_text(self) -> PrologString:
        return PrologString("".join(str(v) if v else "." for v in self.givens))

    def text_of(self, values: list[int]) -> str:
        """The readable grid with ``values`` (row-major, 0 empty) in the white cells."""
        return render_text(self, values)

    # ---------------------------------------------------------------- the kind's protocol
    @classmethod
    def from_record(cls, raw: list[Any], source: str) -> KakuroPuzzle:
        """The puzzle of one record of prolog/bridge.pl's bridge_read/5 (KakuroRecord)."""
        rec = KakuroRecord._make(raw)
        values = values_of(rec.givens)
        cells: list[list[Cell]] = []
        for r in range(rec.rows):
            row: list[Cell] = []
            for c in range(rec.cols):
                i = r * rec.cols + c
                row.append(values[i] if rec.downs[i] < 0 else Clue(rec.downs[i], rec.acrosses[i]))
            cells.append(row)
        return cls(cells, source, rec.index, line_number(rec.line))

    formats = ("grid", "game", "matrices")
    written_as = "Kakuro"
    default_techniques = "singles"  # the sums already prune most of what pairs would find
    no_value_cell = "a black cell"

    def takes_value(self) -> list[bool]:
        return [isinstance(c, int) for row in self.cells for c in row]

    def same_layout(self, other: Any) -> None:
        for r, (row, other_row) in enumerate(zip(self.cells, other.cells), 1):
            for c, (cell, theirs) in enumerate(zip(row, other_row), 1):
                if isinstance(cell, int) != isinstance(theirs, int) or (not isinstance(cell, int) and cell != theirs):
                    raise PuzzlogError(f"r{r}c{c}: the grid's cell differs from the puzzle's (the layout and clues "
                                       "must be the puzzle's)")

    def with_values(self, values: list[int]) -> KakuroPuzzle:
        """The puzzle with ``values`` in its white cells."""
        _, cols = self.shape
        cells = [[values[r * cols + c] if isinstance(cell, int) else cell for c, cell in enumerate(row)]
                 for r, row in enumerate(self.cells)]
        return dataclasses.replace(self, cells=cells)

    def written(self, fmt: str) -> str:
        return WRITERS[fmt](self)

    def puzzle_line(self) -> str:
        return self.written("game").strip().replace("\n", ";")

    def solution_line(self, values: list[int]) -> str:
        _, cols = self.shape
        return "".join(str(v) if self.is_white(i // cols, i % cols) else "." for i, v in enumerate(values))

    def cell_words(self) -> list[str]:
        return _run_words(self)

    def picture_cells(self, layout: Layout, marks: Marks) -> list[str]:
        return _kakuro_cells(self, layout, marks)


def _token(cell: Cell, value: int) -> str:
    if isinstance(cell, int):
        return value_char(value)
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


def _run_words(p: KakuroPuzzle) -> list[str]:
    """Each white cell's two runs in words: the clue and the length of each."""
    rows, cols = p.shape
    words: list[list[str]] = [[] for _ in range(rows * cols)]
    for r, row in enumerate(p.cells):
        for c, cell in enumerate(row):
            if isinstance(cell, int):
                continue
            for total, way, (dr, dc) in ((cell.across, "across", (0, 1)), (cell.down, "down", (1, 0))):
                run, rr, cc = [], r + dr, c + dc
                while rr < rows and cc < cols and isinstance(p.cells[rr][cc], int):
                    run.append(rr * cols + cc)
                    rr, cc = rr + dr, cc + dc
                for i in run if total else ():
                    words[i].append(f"{way} sum {total} in {len(run)} cells")
    return [", ".join(sorted(parts)) for parts in words]   # across, then down


def _kakuro_cells(p: KakuroPuzzle, layout: Layout, marks: Marks) -> list[str]:
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
                out.append(svg_line(x, y, x + s, y + s, 1, "#ddd"))
            style = f'class="clue" font-size="{s * 0.3:.0f}" fill="#fff" text-anchor="middle"'
            if cell.across:
                out.append(f'<text x="{x + s * 0.7:.1f}" y="{y + s * 0.4:.1f}" {style}>{cell.across}</text>')
            if cell.down:
                out.append(f'<text x="{x + s * 0.3:.1f}" y="{y + s * 0.88:.1f}" {style}>{cell.down}</text>')
    rows, cols = p.shape
    out.append(f'<rect x="{layout.margin}" y="{layout.margin}" width="{cols * s}" height="{rows * s}" '
               'fill="none" stroke="#222" stroke-width="2"/>')
    return out



# ---------------------------------------------------------------- files and the corpus

def matrix_files(path: Path) -> tuple[Path, Path] | None:
    """The (down, right) file pair that ``path`` names: NAME, NAME_down.txt or NAME_right.txt
    (also the thesis's own NAME_dolje.txt and NAME_desno.txt)."""
    for down_suffix, right_suffix in MATRIX_SUFFIXES:
        for suffix in (down_suffix, right_suffix):
            if path.name.endswith(suffix):
                stem = path.name[: -len(suffix)]
                return path.with_name(stem + down_suffix), path.with_name(stem + right_suffix)
        down = path.with_name(path.name + down_suffix)
        if down.is_file():
            return down, path.with_name(path.name + right_suffix)
    return None


def from_corpus_grid(grid: list[list[str]], source: str = "<corpus>") -> KakuroPuzzle:
    """A puzzle from the shared corpus's JSON grid: ``.``, ``#``, ``D<n>``, ``A<n>``, ``D<n>A<m>``."""
    rows: list[list[Cell]] = []
    for r, tokens in enumerate(grid, 1):
        row: list[Cell] = []
        for c, token in enumerate(tokens, 1):
            m = CORPUS_CLUE.fullmatch(token)
            if token == "#":
                row.append(Clue())
            elif token == ".":
                row.append(0)
            elif token and m:
                row.append(Clue(int(m.group(1) or 0), int(m.group(2) or 0)))
            else:
                raise PuzzleFormatError(f"{token!r} is not a corpus Kakuro cell", source, r, (r, c))
        rows.append(row)
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

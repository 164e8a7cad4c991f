"""The Puzzle value: a Sudoku-family grid, its shape and where it came from."""
from __future__ import annotations

import html
from dataclasses import dataclass, field

# Standard box shape (rows, columns) of each supported size.
BOX_SHAPES: dict[int, tuple[int, int]] = {
    4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5),
}
KINDS = ("sudoku", "jigsaw", "sudoku-x", "jigsaw-x")
VALUE_CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def value_char(value: int) -> str:
    """The one-character spelling of a value: 1-9, then A for 10 and so on; `.` for 0."""
    return "." if value == 0 else VALUE_CHARS[value - 1]


class ShowsGivens:
    """A puzzle prints (and renders in Jupyter) as its grid of givens.

    Subclasses have ``givens`` and ``text_of(values)`` / ``html_of(values)``.
    """

    def __str__(self) -> str:
        return self.text_of(self.givens)  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        return self.html_of(self.givens)  # type: ignore[attr-defined]


@dataclass
class Puzzle(ShowsGivens):
    """A Sudoku-family puzzle.

    ``givens`` is row-major, 0 for a blank.  Either ``box_rows``/``box_cols``
    (standard boxes) or ``regions`` (jigsaw: a region number 1..n per cell)
    describes the boxes; ``diagonals`` adds the two main diagonals (Sudoku X).
    """

    size: int
    givens: list[int]
    box_rows: int | None = None
    box_cols: int | None = None
    regions: list[int] | None = None
    diagonals: bool = False
    source: str = "<text>"
    index: int = 0
    line: int | None = None
    meta: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        base = "jigsaw" if self.regions is not None else "sudoku"
        if self.diagonals:
            return "sudoku-x" if base == "sudoku" else "jigsaw-x"
        return base

    @property
    def shape(self) -> tuple[int, int]:
        return self.size, self.size

    def geometry(self) -> tuple:
        """The engine's geometry term (prolog/geometry.pl)."""
        regions = ("regions", self.regions) if self.regions is not None else ("boxes", self.box_rows, self.box_cols)
        return ("geometry", self.size, regions, ["diagonals"] if self.diagonals else [])

    def givens_text(self) -> str:
        """The givens as the engine reads them: one character a cell."""
        return self.to_line()

    @property
    def clues(self) -> int:
        return sum(1 for v in self.givens if v)

    def rows(self) -> list[list[int]]:
        n = self.size
        return [self.givens[r * n:(r + 1) * n] for r in range(n)]

    def region_of(self, r: int, c: int) -> int:
        """Region (box) number, 1-based, of the 0-based cell r, c."""
        if self.regions is not None:
            return self.regions[r * self.size + c]
        assert self.box_rows and self.box_cols
        return (r // self.box_rows) * (self.size // self.box_cols) + c // self.box_cols + 1

    def to_line(self) -> str:
        return "".join(value_char(v) for v in self.givens)

    def text_of(self, values: list[int]) -> str:
        """The grid as text with ``values`` (row-major, 0 blank) in its cells."""
        return render_text(self, values)

    def html_of(self, values: list[int]) -> str:
        return render_html(self, values)


def render_text(puzzle: Puzzle, values: list[int]) -> str:
    """A readable grid: `.` blanks, `|` and `-` between standard boxes."""
    n = puzzle.size
    br, bc = (puzzle.box_rows, puzzle.box_cols) if puzzle.regions is None else (None, None)
    lines = []
    for r in range(n):
        if br and r and r % br == 0:
            groups = [("-" * (2 * bc - 1))] * (n // bc)
            lines.append("-+-".join(groups))
        cells = []
        for c in range(n):
            if bc and c and c % bc == 0:
                cells.append("|")
            cells.append(value_char(values[r * n + c]))
        lines.append(" ".join(cells))
    return "\n".join(lines)


def render_html(puzzle: Puzzle, values: list[int], givens: list[int] | None = None) -> str:
    """An HTML table with thick borders between regions; solved values in blue."""
    n = puzzle.size
    givens = puzzle.givens if givens is None else givens
    rows = []
    for r in range(n):
        cells = []
        for c in range(n):
            here = puzzle.region_of(r, c)
            style = ["width:1.6em", "height:1.6em", "text-align:center", "font-family:monospace"]
            for side, (dr, dc) in (("top", (-1, 0)), ("bottom", (1, 0)), ("left", (0, -1)), ("right", (0, 1))):
                rr, cc = r + dr, c + dc
                thick = not (0 <= rr < n and 0 <= cc < n) or puzzle.region_of(rr, cc) != here
                style.append(f"border-{side}:{'2px' if thick else '1px'} solid #333")
            if puzzle.diagonals and (r == c or r + c == n - 1):
                style.append("background:#eef")
            v = values[r * n + c]
            if v and not givens[r * n + c]:
                style.append("color:#15c")
            text = html.escape(value_char(v)) if v else "&nbsp;"
            cells.append(f'<td style="{";".join(style)}">{text}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="border-collapse:collapse">' + "".join(rows) + "</table>"

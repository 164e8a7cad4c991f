"""Puzzles on paper: a PDF sheet of 1, 2, 4 or 6 puzzles a page, A4 or Letter, each drawn from the
engine's own SVG picture (vector) at a size its kind needs, with a header (title, date), a line
for the solver's name, date and time, a caption a puzzle (its number, kind, size and level), and
pages of solutions after them when asked, more to a page.  Needs fpdf2
(``pip install 'puzzlog[print]'``).

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "sheet.pdf"
>>> print_sheet(pybridge.load("puzzles/sudoku4.txt")[:4], out, per_page=4, solutions=True)
2
"""
from __future__ import annotations

import datetime
import io
import os
import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any

from ..puzzles.kinds import AnyPuzzle
from ..engine.errors import PuzzlogError

PER_PAGE = {1: (1, 1), 2: (1, 2), 6: (2, 3), 4: (2, 2)}   # puzzles a page: columns, rows
SOLUTION_GRIDS = {1: (2, 2), 2: (2, 3), 4: (3, 3), 6: (3, 4)}   # solutions a page, denser than the puzzles
PAPERS = ("A4", "Letter")
MARGIN, HEADER, NAME_LINE, CAPTION = 15.0, 10.0, 8.0, 7.0  # mm
SMALLEST_CELL = {False: 6.0, True: 4.0}   # mm a cell: a puzzle to write in, a solution to read
LARGEST_CELL = {False: 12.0, True: 7.0}  # mm a cell: a 4x4 is not drawn as large as its slot


@dataclass
class Board:
    """One picture on a sheet: its SVG, its caption, and its side in cells."""

    svg: str
    caption: str
    cells: int


def print_sheet(puzzles: list[AnyPuzzle], path: str | os.PathLike[str], per_page: int = 4, solutions: bool = False,
                title: str = "puzzlog", paper: str = "A4", time_limit: float = 5.0) -> int:
    """Write ``puzzles`` to the PDF ``path``; returns the number of pages.  Each puzzle is rated
    for its caption (its number on the sheet, kind, size and level) and solved for the
    solutions within ``time_limit`` seconds.  A puzzle too big for ``per_page`` (its cells
    under 6 mm) gets a page with fewer; a small one is not drawn larger than 12 mm a cell.
    The solutions come after, smaller and more to a page."""
    try:
        from fpdf import FPDF
    except ImportError as exc:
        raise PuzzlogError("printing needs fpdf2: pip install 'puzzlog[print]'") from exc
    if per_page not in PER_PAGE:
        raise PuzzlogError(f"--per-page is one of {', '.join(map(str, PER_PAGE))}, not {per_page}")
    if paper not in PAPERS:
        raise PuzzlogError(f"the paper is one of {', '.join(PAPERS)}, not {paper!r}")
    if not puzzles:
        raise PuzzlogError("nothing to print: no readable puzzle")
    pdf = FPDF(format=paper.lower() if paper == "Letter" else paper, unit="mm")
    pdf.set_auto_page_break(False)
    unicode_font = _add_fonts(pdf)
    if not unicode_font:
        unwritable = dict.fromkeys(ch for ch in title if not _core_font_writes(ch))
        if unwritable:
            raise PuzzlogError(f"the title holds {''.join(unwritable)!r}, which the PDF's core font cannot write "
                               f"and no Unicode font is installed: install fonts-dejavu-core, or leave them out")
    pdf.set_title(title)
    captions = [_caption(number, p, time_limit) for number, p in enumerate(puzzles, 1)]
    sheet = _Sheet(pdf, "DejaVu Sans" if unicode_font else "Helvetica", unicode_font)
    sheet.pages(title, [Board(p.picture(), c, max(p.shape)) for p, c in zip(puzzles, captions)],
                PER_PAGE[per_page], for_solutions=False)
    if solutions:
        from .solver import solve
        solved = [(p, solve(p, time_limit=time_limit)) for p in puzzles]
        sheet.pages(f"{title}: solutions",
                    [Board(p.picture(r.values) if r.values else p.picture(),
                           c if r.values else f"{c}: {r.status}", max(p.shape)) for (p, r), c in zip(solved, captions)],
                    SOLUTION_GRIDS[per_page], for_solutions=True)
    pdf.output(str(path))
    return int(pdf.pages_count)


def _caption(number: int, p: AnyPuzzle, time_limit: float) -> str:
    from .rating import rate  # the CLI reads this module's choices without needing it
    rows, cols = p.shape
    level = rate(p, time_limit=time_limit).level
    return f"{number}. {p.kind_name} {rows}x{cols}" + (f", {level}" if level else "")


class _Sheet:
    """Pages of boards on one PDF, in the font it has."""

    def __init__(self, pdf: Any, font: str, unicode_font: bool) -> None:
        self.pdf, self.font, self.unicode_font = pdf, font, unicode_font

    def side(self, grid: tuple[int, int], top: float) -> tuple[float, float]:
        """The width and height of one slot of a page laid out ``grid`` (columns, rows)."""
        columns, rows = grid
        return (self.pdf.w - 2 * MARGIN) / columns, (self.pdf.h - MARGIN - top) / rows

    def fitting(self, board: Board, grid: tuple[int, int], top: float, smallest: float) -> tuple[int, int]:
        """``grid``, or the densest of the layouts with fewer slots whose cells are not too small."""
        options = sorted({g for g in (*PER_PAGE.values(), *SOLUTION_GRIDS.values())
                          if g[0] * g[1] <= grid[0] * grid[1]}, key=lambda g: -g[0] * g[1])
        for option in options:
            width, height = self.side(option, top)
            if min(width - 8, height - CAPTION - 6) / (board.cells + 1) >= smallest:
                return option
        return (1, 1)

    def pages(self, title: str, boards: list[Board], grid: tuple[int, int], for_solutions: bool) -> None:
        top = MARGIN + HEADER + (0 if for_solutions else NAME_LINE)
        smallest = SMALLEST_CELL[for_solutions]
        laid: list[tuple[tuple[int, int], list[Board]]] = []
        for board in boards:   # in order; a big board starts a page of its own layout
            fits = self.fitting(board, grid, top, smallest)
            if laid and laid[-1][0] == fits and len(laid[-1][1]) < fits[0] * fits[1]:
                laid[-1][1].append(board)
            else:
                laid.append((fits, [board]))
        for page_grid, on_page in laid:
            self.page(title, page_grid, on_page, top, for_solutions)

    def page(self, title: str, grid: tuple[int, int], boards: list[Board], top: float, for_solutions: bool) -> None:
        pdf = self.pdf
        pdf.add_page()
        pdf.set_font(self.font, "B", 13)
        pdf.set_xy(MARGIN, MARGIN)
        pdf.cell(pdf.w - 2 * MARGIN, 8, self.writable(title), align="L")
        pdf.set_font(self.font, "", 9)
        pdf.set_xy(MARGIN, MARGIN)
        pdf.cell(pdf.w - 2 * MARGIN, 8, datetime.date.today().isoformat(), align="R")
        if not for_solutions:   # a line for who solves it, and when
            pdf.set_font(self.font, "", 10)
            pdf.set_xy(MARGIN, MARGIN + HEADER)
            pdf.cell(pdf.w - 2 * MARGIN, 6, "Name ______________________________     Date ______________     "
                     "Time ________", align="L")
        width, height = self.side(grid, top)
        columns = grid[0]
        for k, board in enumerate(boards):
            x = MARGIN + (k % columns) * width
            y = top + (k // columns) * height
            side = min(width - 8, height - CAPTION - 6, (board.cells + 1) * LARGEST_CELL[for_solutions])
            self.caption(board.caption, x, y, width - 4)
            drawn = _centred(board.svg if self.unicode_font else _plain(board.svg))
            pdf.image(io.BytesIO(drawn.encode()), x=x + (width - side) / 2, y=y + CAPTION, w=side, h=side,
                      keep_aspect_ratio=True)

    def caption(self, text: str, x: float, y: float, width: float) -> None:
        """A caption centred over its board, smaller until it fits its slot (never over the next)."""
        pdf = self.pdf
        text = self.writable(text)
        size = 9.0
        pdf.set_font(self.font, "", size)
        while pdf.get_string_width(text) > width and size > 5:
            size -= 0.5
            pdf.set_font(self.font, "", size)
        pdf.set_xy(x + 2, y)
        pdf.cell(width, CAPTION - 2, text, align="C")

    def writable(self, text: str) -> str:
        if self.unicode_font:
            return text
        return "".join(ch if _core_font_writes(ch) else "?" for ch in text)   # a name the core font cannot write


# The pictures name DejaVu Sans first: Debian's fonts-dejavu-core, which has the signs' arrows.
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


def _add_fonts(pdf: Any) -> bool:
    """Give the PDF the pictures' own font when this machine has it; True if it did."""
    regular, bold = DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"
    if not (regular.is_file() and bold.is_file()):
        return False
    pdf.add_font("DejaVu Sans", fname=str(regular))
    pdf.add_font("DejaVu Sans", style="B", fname=str(bold))
    return True


def _core_font_writes(ch: str) -> bool:
    """Whether the PDF's core fonts (Helvetica: Latin-1) have a character."""
    return ord(ch) < 256


def _plain(svg: str) -> str:
    """Without a Unicode font, the signs drawn with letters the core fonts have."""
    return svg.replace("∨", "v").replace("∧", "^")


def _centred(svg: str) -> str:
    """The picture with its centred labels placed by hand: the PDF's SVG reader starts each text
    at its x, so a label's x moves back by half its width (digits are about 0.55 em wide)."""
    def shift(match: re.Match[str]) -> str:
        tag = match.group(0)
        x, size = re.search(r'\bx="([\d.]+)"', tag), re.search(r'font-size="([\d.]+)"', tag)
        if not (x and size):
            return tag
        text_length = len(unescape(match.group(2)))   # "&lt;" is one sign wide, not four
        moved = float(x.group(1)) - 0.28 * float(size.group(1)) * text_length
        tag = tag.replace(x.group(0), f'x="{moved:.2f}"').replace(' text-anchor="middle"', "")
        return tag
    return re.sub(r'(<text[^>]*text-anchor="middle"[^>]*>)([^<]*)', shift, svg)

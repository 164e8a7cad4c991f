"""Puzzles on paper: a PDF sheet of 1, 2, 4 or 6 puzzles a page, A4 or Letter, each drawn from the
engine's own SVG picture (vector), with a header (title, date) and a caption a puzzle (where it is
from, its kind and level), and pages of solutions after them when asked.  Needs fpdf2
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
from pathlib import Path
from typing import Any

from ..puzzles.kinds import AnyPuzzle
from ..engine.errors import PuzzlogError

PER_PAGE = {1: (1, 1), 2: (1, 2), 6: (2, 3), 4: (2, 2)}   # puzzles a page: columns, rows
PAPERS = ("A4", "Letter")
MARGIN, HEADER, CAPTION = 15.0, 14.0, 7.0                  # mm


def print_sheet(puzzles: list[AnyPuzzle], path: str | os.PathLike[str], per_page: int = 4, solutions: bool = False,
                title: str = "puzzlog", paper: str = "A4", time_limit: float = 5.0) -> int:
    """Write ``puzzles`` to the PDF ``path``; returns the number of pages.  Each puzzle is rated
    for its caption and solved for the solutions within ``time_limit`` seconds."""
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
    captions = [_caption(p, time_limit) for p in puzzles]
    _pages(pdf, title, [(p.picture(), c) for p, c in zip(puzzles, captions)], per_page, unicode_font)
    if solutions:
        from .solver import solve
        solved = [(p, solve(p, time_limit=time_limit)) for p in puzzles]
        _pages(pdf, f"{title}: solutions",
               [(p.picture(r.values) if r.values else p.picture(), f"{c} (solution)" if r.values else
                 f"{c}: {r.status}") for (p, r), c in zip(solved, captions)], per_page, unicode_font)
    pdf.output(str(path))
    return pdf.pages_count


def _caption(p: AnyPuzzle, time_limit: float) -> str:
    from .rating import rate  # the CLI reads this module's choices without needing it
    rows, cols = p.shape
    level = rate(p, time_limit=time_limit).level
    return f"{Path(p.source).name} #{p.index}: {p.kind} {rows}x{cols}" + (f", {level}" if level else "")


def _pages(pdf: Any, title: str, boards: list[tuple[str, str]], per_page: int, unicode_font: bool) -> None:
    columns, rows = PER_PAGE[per_page]
    width = (pdf.w - 2 * MARGIN) / columns
    height = (pdf.h - 2 * MARGIN - HEADER) / rows
    font = "DejaVu Sans" if unicode_font else "Helvetica"
    for start in range(0, len(boards), per_page):
        pdf.add_page()
        pdf.set_font(font, "B", 13)
        pdf.set_xy(MARGIN, MARGIN)
        pdf.cell(pdf.w - 2 * MARGIN, 8, title, align="L")
        pdf.set_font(font, "", 9)
        pdf.set_xy(MARGIN, MARGIN)
        pdf.cell(pdf.w - 2 * MARGIN, 8, datetime.date.today().isoformat(), align="R")
        for k, (svg, caption) in enumerate(boards[start:start + per_page]):
            x = MARGIN + (k % columns) * width
            y = MARGIN + HEADER + (k // columns) * height
            side = min(width - 8, height - CAPTION - 6)
            pdf.set_xy(x, y)
            pdf.set_font(font, "", 9)
            if not unicode_font:   # a file's name may hold what the core font cannot write
                caption = "".join(ch if _core_font_writes(ch) else "?" for ch in caption)
            pdf.cell(width, CAPTION - 2, caption, align="C")
            drawn = _centred(svg if unicode_font else _plain(svg))
            pdf.image(io.BytesIO(drawn.encode()), x=x + (width - side) / 2, y=y + CAPTION, w=side, h=side,
                      keep_aspect_ratio=True)


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
        text_length = len(match.group(2))
        moved = float(x.group(1)) - 0.28 * float(size.group(1)) * text_length
        tag = tag.replace(x.group(0), f'x="{moved:.2f}"').replace(' text-anchor="middle"', "")
        return tag
    return re.sub(r'(<text[^>]*text-anchor="middle"[^>]*>)([^<]*)', shift, svg)

"""Puzzles on paper: `puzzlog print` lays puzzles of every kind out on A4 or Letter pages, with
solutions pages when asked; the PDF, rendered back to a picture with poppler's pdftoppm, shows
as many boards a page as asked."""
from __future__ import annotations

import shutil
import subprocess
import sys
from collections import deque

import pytest

import pybridge
from conftest import ROOT

pytest.importorskip("fpdf", reason="fpdf2 is in puzzlog[print] and puzzlog[test]: make test installs it")
Image = pytest.importorskip("PIL.Image", reason="Pillow comes with fpdf2")
ImageFilter = pytest.importorskip("PIL.ImageFilter", reason="Pillow comes with fpdf2")
PDFTOPPM = shutil.which("pdftoppm")
SUDOKU9 = ROOT / "puzzles" / "sudoku9.txt"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def boards_on(pdf, page: int, tmp_path) -> int:
    """How many boards page ``page`` shows: the large connected shapes of ink (a board's grid
    lines all touch each other; the page's header is a small shape of its own)."""
    return len(board_boxes(pdf, page, tmp_path))


def board_boxes(pdf, page: int, tmp_path) -> list[tuple[float, float]]:
    """The width and height, in mm, of each board on page ``page``."""
    if PDFTOPPM is None:
        pytest.skip("pdftoppm is not installed (poppler-utils; make test installs it when run as root)")
    subprocess.run([PDFTOPPM, "-r", "50", "-f", str(page), "-l", str(page), "-png", str(pdf), str(tmp_path / "p")],
                   check=True)
    # ink spread by 5 pixels (2.5 mm): a Futoshiki's separate squares and a board's caption join
    # its board, while boards stay apart (the layout keeps 8 mm between them)
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("L").filter(ImageFilter.MinFilter(11))
    width, height = image.size
    pixels = image.load()
    dark = [[pixels[x, y] < 200 for x in range(width)] for y in range(height)]  # thin lines are grey here
    seen = [[False] * width for _ in range(height)]
    large = []
    for y in range(height):
        for x in range(width):
            if not dark[y][x] or seen[y][x]:
                continue
            seen[y][x] = True
            queue, xs, ys = deque([(x, y)]), [x, x], [y, y]
            while queue:
                cx, cy = queue.popleft()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < width and 0 <= ny < height and dark[ny][nx] and not seen[ny][nx]:
                        seen[ny][nx] = True
                        queue.append((nx, ny))
                        xs = [min(xs[0], nx), max(xs[1], nx)]
                        ys = [min(ys[0], ny), max(ys[1], ny)]
            if xs[1] - xs[0] > width * 0.15 and ys[1] - ys[0] > height * 0.08:
                large.append(((xs[1] - xs[0]) * 25.4 / 50, (ys[1] - ys[0]) * 25.4 / 50))
    for png in tmp_path.glob("p*.png"):
        png.unlink()
    return large


def test_a_six_up_sheet_with_solutions(tmp_path):
    sheet = tmp_path / "sheet.pdf"
    out = cli("print", str(SUDOKU9), "--per-page", "6", "--solutions", "--title", "Exercises", "-o", str(sheet))
    assert out.returncode == 0, out.stderr
    assert "10 puzzles on 3 pages" in out.stderr  # 6 + 4 puzzles, then the 10 solutions on one page
    assert sheet.read_bytes().startswith(b"%PDF")
    assert boards_on(sheet, 1, tmp_path) == 6
    assert boards_on(sheet, 2, tmp_path) == 4
    assert boards_on(sheet, 3, tmp_path) == 10


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_every_kind_on_a_letter_page(tmp_path, per_page):
    files = [ROOT / "puzzles" / name for name in ("sudoku4.txt", "jigsaw6_grid.txt", "futoshiki/unequal.txt",
                                                  "kakuro/medium.txt", "sudoku_x_solo.txt")]
    puzzles = [pybridge.load(f)[0] for f in files]
    sheet = tmp_path / "every.pdf"
    pages = pybridge.print_sheet(puzzles, sheet, per_page=per_page, paper="Letter")
    assert pages == -(-len(puzzles) // per_page)
    assert boards_on(sheet, 1, tmp_path) == per_page


def test_bad_choices_are_refused(tmp_path):
    out = cli("print", str(SUDOKU9), "--per-page", "3", "-o", str(tmp_path / "x.pdf"))
    assert out.returncode == 2 and "invalid choice" in out.stderr
    with pytest.raises(pybridge.PuzzlogError, match="the paper is one of A4, Letter"):
        pybridge.print_sheet(pybridge.load(SUDOKU9)[:1], tmp_path / "x.pdf", paper="A5")


def test_a_title_in_any_script_prints_or_is_refused_in_words(tmp_path, monkeypatch):
    """A title (and file names) beyond Latin-1: written in DejaVu Sans when Debian's font is
    there (a core PDF font could not, and the CLI showed fpdf's traceback), else refused with
    what to do."""
    from pybridge.solving import sheet
    out = cli("print", str(ROOT / "puzzles" / "sudoku4.txt"), "--title", "✓ Übung — Σ", "-o", str(tmp_path / "t.pdf"))
    if not (sheet.DEJAVU / "DejaVuSans.ttf").is_file():
        assert out.returncode == 1 and "install fonts-dejavu-core" in out.stderr and "Traceback" not in out.stderr
        return
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    assert (tmp_path / "t.pdf").read_bytes().startswith(b"%PDF")
    monkeypatch.setattr(sheet, "DEJAVU", tmp_path / "no-fonts")
    with pytest.raises(pybridge.PuzzlogError, match=r"the title holds '✓—Σ'.*install fonts-dejavu-core"):
        pybridge.print_sheet(pybridge.load(ROOT / "puzzles" / "sudoku4.txt")[:1], tmp_path / "u.pdf",
                             title="✓ Übung — Σ")
    assert pybridge.print_sheet(pybridge.load(ROOT / "puzzles" / "sudoku4.txt")[:1], tmp_path / "v.pdf",
                                title="Übung") == 1


def pdf_text(pdf) -> list[str]:
    """Each page's text, as poppler's pdftotext reads it."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed (poppler-utils; make test installs it when run as root)")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")


def test_a_sheet_sizes_each_kind_and_has_a_line_for_the_solver(tmp_path):
    """A 4x4 is not drawn as large as its slot, a Samurai gets a page of its own (its cells
    would be 4 mm at four a page), each caption is the puzzle's number, kind, size and level
    (not a file name), and each puzzle page has a line for a name, a date and a time."""
    small = pybridge.load(ROOT / "puzzles" / "sudoku4.txt")[0]
    samurai = pybridge.load(ROOT / "puzzles" / "generated" / "samurai.txt")[0]
    greater = pybridge.load(ROOT / "puzzles" / "futoshiki" / "greater_than_sudoku.grid")[0]
    nines = pybridge.load(SUDOKU9)[:2]
    sheet = tmp_path / "kinds.pdf"
    pages = pybridge.print_sheet([small, greater, *nines, samurai], sheet, per_page=4, solutions=True)
    texts = pdf_text(sheet)
    # the four, then the Samurai alone; their solutions smaller, then the Samurai's alone
    assert pages == 4 and [boards_on(sheet, page, tmp_path) for page in (1, 2, 3, 4)] == [4, 1, 4, 1]
    widths = sorted(width for width, _ in board_boxes(sheet, 1, tmp_path))
    # the 4x4 at most 12 mm a cell, narrower than the 9x9s, which fill their slots (all were alike)
    assert widths[0] < min(widths[1:]) - 5, widths
    [(samurai_width, _)] = board_boxes(sheet, 2, tmp_path)
    assert samurai_width / 22 >= 6, samurai_width   # its cells at least 6 mm
    for page in texts[:2]:
        assert "Name ____" in page and "Date ____" in page and "Time ____" in page
    assert "Name ____" not in texts[2] and "solutions" in texts[2]
    whole = "".join(texts)
    assert "1. sudoku 4x4" in whole and "2. greater-than sudoku 4x4" in whole and "5. samurai" in whole
    assert ".txt" not in whole and ".grid" not in whole


def test_a_sign_is_centred_on_its_circle():
    """fpdf2 starts a text at its x: the sheet moves each centred label back by half its width,
    measured on the character it shows (a "<" is written &lt; in the SVG, one sign, not four)."""
    from pybridge.solving.sheet import _centred
    shifted = _centred('<text x="100.0" font-size="10" text-anchor="middle">&lt;</text>')
    assert 'x="97.20"' in shifted and "text-anchor" not in shifted
    assert 'x="94.40"' in _centred('<text x="100.0" font-size="10" text-anchor="middle">12</text>')


def red_shapes(png) -> list[tuple[int, int, int, int, float, float]]:
    """The connected shapes of the signs' red on a rendered page: bounding box and centre."""
    image = Image.open(png).convert("RGB")
    width, height = image.size
    pixels = image.load()
    red = {(x, y) for y in range(height) for x in range(width)
           if pixels[x, y][0] > 120 and pixels[x, y][1] < 110 and pixels[x, y][2] < 110}
    shapes = []
    while red:
        start = red.pop()
        queue, members = deque([start]), [start]
        while queue:
            x, y = queue.popleft()
            for neighbour in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if neighbour in red:
                    red.remove(neighbour)
                    queue.append(neighbour)
                    members.append(neighbour)
        xs, ys = [x for x, _ in members], [y for _, y in members]
        shapes.append((min(xs), min(ys), max(xs), max(ys), sum(xs) / len(xs), sum(ys) / len(ys)))
    return shapes


def test_a_sign_on_paper_sits_in_its_circle(tmp_path):
    """Rendered back from the PDF, each greater-than sign's glyph lies inside its circle (fpdf2
    set the glyph a sign's width too far left: the SVG's &lt; was measured as four)."""
    if PDFTOPPM is None:
        pytest.skip("pdftoppm is not installed (poppler-utils; make test installs it when run as root)")
    greater = pybridge.load(ROOT / "puzzles" / "futoshiki" / "greater_than_sudoku.grid")[0]
    sheet = tmp_path / "signs.pdf"
    pybridge.print_sheet([greater], sheet, per_page=1)
    subprocess.run([PDFTOPPM, "-r", "150", "-f", "1", "-l", "1", "-png", str(sheet), str(tmp_path / "s")], check=True)
    shapes = red_shapes(next(tmp_path.glob("s*.png")))
    circles = [s for s in shapes if s[2] - s[0] > 8 and 0.8 <= (s[2] - s[0] + 1) / (s[3] - s[1] + 1) <= 1.25]
    assert len(circles) == len(greater.signs), (len(circles), len(greater.signs), shapes)
    for x0, y0, x1, y1, cx, cy in shapes:   # each glyph (a shape inside no other) within a circle
        if any(c[0] <= cx <= c[2] and c[1] <= cy <= c[3] for c in circles):
            continue
        raise AssertionError(f"a sign's shape at ({cx:.0f}, {cy:.0f}) lies in no circle")

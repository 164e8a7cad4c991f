"""Hostile, huge and odd input: each gets a message naming the file, line or cell, an exit
status of 1 or 2, within seconds, never a traceback or a Prolog term."""
from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pybridge
from pybridge.engine import swipl
from pybridge.puzzles.kakuro import Clue, KakuroPuzzle
from conftest import ROOT

HUGE = "9" * 5000  # Python's int() refuses more than 4300 digits
PROLOG_TERM = re.compile(r"error\(|_G\d+|_\d{3,}|\$[a-z_]+\(|context\(")


def cli(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def write(path: Path, data: str | bytes) -> Path:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


# name, file contents, extra CLI arguments, words the message must hold
CASES = [
    ("adjacent_alone", "adjacent\n", [], "line 1: this grid has no row of cells after its 'adjacent' line"),
    ("solo_huge_value", f"2x2:{HUGE}\n", [], "r1c1: value of 5000 digits is outside 1..4"),
    ("unequal_huge_value", f"4:{HUGE},{'0,' * 15}\n", [], "r1c1: value of 5000 digits is outside 1..4"),
    ("kakuro_huge_clue", f"3,3\n*,C{HUGE},C4\nF3,?,?\nF4,?,?\n", [],
     "line 2, r1c2: the down clue has 5000 digits"),
    ("unequal_format_on_other_text", "hello world\n", ["--format", "unequal"],
     "line 1: an Unequal game ID starts with its size and a colon"),
    ("kakuro_zero_header", "0,0\n", [], "line 1: a Kakuro grid of 0x0: it needs at least 2 rows and 2 columns"),
    ("arabic_indic_digit", "..\u0663.24......32..\n", [], "r1c3: '\u0663' is not a value or a blank"),
    ("dotless_i", "\u0131..24......32...\n", [], "r1c1: '\u0131' is not a value or a blank"),
    ("fullwidth_digit", "\uff11..24......32...\n", [], "r1c1: '\uff11' is not a value or a blank"),
    ("huge_kakuro", "\n".join(" ".join(["#", "\\3"] + ["."] * 200) for _ in range(200)) + "\n", [],
     "a Kakuro grid of 200x202: at most 60 rows and columns are read (max_kakuro_side)"),
    ("long_solo_id", "3x3:" + "a" * 10_000_000 + "\n", [],
     "line 1: 10000004 characters: a puzzle takes at most 100000 (max_puzzle_chars)"),
    ("sign_line", ". < " * 10_000 + ".\n", [], "a Futoshiki grid is 3 to 25 cells wide, not 10001"),
    ("binary_with_nul", b"...24......32...\n\x00\x01\x02\xff", [],
     "line 2: not UTF-8 text: byte 0xff at offset 3 of the line"),
    ("nul_in_text", "...24......32...\n\x00abc\n", [],
     "line 2 holds a NUL character (byte 0): this is binary data, not a puzzle text"),
    ("vertical_signs", ". . .\n" + "^ " * 20_000 + "\n. . .\n. . .\n", [],
     "the sign '^' at column 7 of the line does not stand under a cell"),
]


@pytest.mark.parametrize("name,data,options,words", CASES, ids=[c[0] for c in CASES])
def test_hostile_files_get_a_message(tmp_path, name, data, options, words):
    path = write(tmp_path / f"{name}.txt", data)
    started = time.monotonic()
    out = cli("solve", str(path), *options)
    assert time.monotonic() - started < 20
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 600_000  # KB, the largest child so far
    text = out.stdout + out.stderr
    assert out.returncode in (1, 2)
    assert "Traceback" not in text and not PROLOG_TERM.search(text), text[:2000]
    assert str(path) in text and words in text, text[:2000]


def test_a_byte_order_mark_is_read_as_text(tmp_path):
    path = write(tmp_path / "bom.txt", b"\xef\xbb\xbf...24......32...\n")
    out = cli("solve", str(path), "--one-line")
    assert (out.returncode, out.stdout) == (0, "3142423114232314\n")
    grid = write(tmp_path / "bom.grid", "\ufeff. . | . 2\n4 . | . .\n----+----\n. . | . 3\n2 . | . .\n")
    assert cli("solve", str(grid), "--one-line").stdout == "3142423114232314\n"


def test_kakuro_matrices_with_odd_characters_or_bytes(tmp_path):
    write(tmp_path / "m_down.txt", "1 3 11\n1 0 0\n1 0 0\n")
    write(tmp_path / "m_right.txt", "1 1 1\n1\u00b2 0 0\n3 0 0\n")  # a superscript two
    out = cli("solve", str(tmp_path / "m"))
    assert out.returncode == 1 and "r2c1: '1\u00b2' is not a whole number" in out.stdout, out.stdout
    write(tmp_path / "n_down.txt", "1 3 11\n1 0 0\n1 0 0\n")
    write(tmp_path / "n_right.txt", b"1 1 1\n11 0 \xff\n3 0 0\n")
    out = cli("solve", str(tmp_path / "n"))
    assert out.returncode == 1 and "n_right.txt: not UTF-8 text: byte 0xff at offset 11" in out.stderr
    assert "Traceback" not in out.stderr


def test_convert_of_a_zero_sized_kakuro(tmp_path):
    path = write(tmp_path / "zero.txt", "0,0\n")
    out = cli("convert", str(path), "--to", "grid")
    assert out.returncode == 1 and f"{path}, line 1: a Kakuro grid of 0x0" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("path,words", [
    (Path("a\0b.txt"), "a file name cannot hold a NUL character"),
    (Path("x" * 300), "cannot read the file: File name too long"),
    ("a\0b.txt", "'a\\x00b.txt': no such file (in "),
    ("y" * 300 + ".txt", "304 cells"),
    (Path("/"), "not a file (a directory)"),
])
def test_odd_paths_through_the_api(path, words):
    with pytest.raises(pybridge.PuzzleFormatError) as err:
        pybridge.load(path)
    assert words in str(err.value)


@pytest.mark.parametrize("make,error", [
    (lambda: pybridge.Puzzle("9", [0] * 81, 3, 3), TypeError),
    (lambda: pybridge.Puzzle(9, ["1"] + [0] * 80, 3, 3), TypeError),
    (lambda: pybridge.Puzzle(9, [0] * 80, 3, 3), TypeError),
    (lambda: pybridge.Puzzle(9, [10] + [0] * 80, 3, 3), ValueError),
    (lambda: pybridge.Puzzle(4, [0] * 16, 2, 3), ValueError),
    (lambda: pybridge.Puzzle(3, [0] * 9, signs=[("1", 1, 1, 2)]), TypeError),
    (lambda: pybridge.Puzzle(3, [0] * 9, signs="1,1,1,2"), TypeError),
    (lambda: pybridge.Puzzle(3, [0] * 9, diagonals="yes"), TypeError),
    (lambda: KakuroPuzzle([[Clue(), Clue("3", 0)], [Clue(0, 3), 0]]), ValueError),
    (lambda: KakuroPuzzle([[Clue(), Clue(3, 0)], [Clue(0, 3), "1"]]), TypeError),
    (lambda: KakuroPuzzle([[Clue(), Clue(3, 0)], [Clue(0, 3)]]), ValueError),
])
def test_types_are_checked_at_the_api_boundary(make, error):
    with pytest.raises(error):
        pybridge.solve(make())
    with pytest.raises(error):
        pybridge.Solver(make())


def test_an_error_names_this_puzzle_not_the_one_before():
    small = pybridge.Puzzle(4, [0] * 16, 2, 2)
    pybridge.Solver(small)
    # Straight to the engine, past Python's checks: 'A' (10) in a 9x9.
    status, _, error = swipl.call("bridge_start", [pybridge.Puzzle(9, [0] * 81, 3, 3).geometry(),
                                                    "A" + "." * 80], 3)
    assert status == "invalid" and error == "r1c1: value 10 is outside 1..9"


def test_running_out_of_stack_is_an_error_record_and_the_engine_goes_on():
    code = """
import pybridge
from pybridge.puzzles.kakuro import Clue, KakuroPuzzle
pybridge.LIMITS.engine_stack_mb = 64
pybridge.LIMITS.max_kakuro_side = 300
cells = [[Clue() if (r % 3, c % 3) == (0, 0) else Clue(3, 0) if r % 3 == 0 else Clue(0, 3) if c % 3 == 0 else 0
          for c in range(300)] for r in range(300)]
result = pybridge.solve(KakuroPuzzle(cells))
print(result.status)
print(result.error)
print(pybridge.solve(pybridge.load("...24......32...")[0]).status)
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    status, error, after = out.stdout.splitlines()
    assert (status, after) == ("error", "solved"), out.stderr
    assert "the engine ran out of memory (stack) on this puzzle; its stacks may take 64 MB" in error


def test_a_symlink_loop_and_bytes_that_are_not_text_on_stdin_get_a_message(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    out = cli("solve", str(tmp_path / "a"))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.strip() == f"puzzlog: {tmp_path / 'a'}: cannot read the file: Too many levels of symbolic links"
    piped = subprocess.run([sys.executable, "-m", "pybridge", "solve", "-"], input=b"\xff\xfe...24......32...\n",
                           capture_output=True, cwd=ROOT, timeout=120)
    assert piped.returncode == 1 and b"Traceback" not in piped.stderr
    assert piped.stderr.decode().strip() == "puzzlog: <stdin>, line 1: not UTF-8 text: byte 0xff at offset 0 " \
                                            "of the line (save the file as UTF-8)"

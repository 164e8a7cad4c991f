"""Reading and writing every format; bad input gets a clear error, never a traceback or a goal run."""
from __future__ import annotations

import pytest

import pybridge
from pybridge import PuzzleFormatError
from pybridge.puzzles import formats
from conftest import ROOT, corpus_jsonl

LINE_9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize("text,fmt", [
    (LINE_9 + "\n", "line"),
    ("2x2:c2_4f3_2c\n", "solo"),
    ("[Puzzle]\n" + "\n".join(LINE_9[i:i + 9] for i in range(0, 81, 9)), "sdk"),
    ("1 . | . .\n. . | . 1\n----+----\n. . | . .\n. 1 | . .\n", "grid"),
    ("puzzle,solution\n" + LINE_9 + ",\n", "csv"),
])
def test_detects_each_format(text, fmt):
    detected = pybridge.parse(text)
    assert [(p.size, p.givens) for p in detected] == [(p.size, p.givens) for p in pybridge.parse(text, fmt=fmt)]
    other = "solo" if fmt != "solo" else "line"
    with pytest.raises(PuzzleFormatError):
        pybridge.parse(text, fmt=other)


@pytest.mark.parametrize("name", ["sudoku4_sgt_solo.jsonl", "sudoku6_sgt_solo.jsonl", "sudoku16_sgt_solo.jsonl",
                                  "sudoku9_x_diagonal_sgt_solo.jsonl", "sudoku9_jigsaw_sgt_solo.jsonl",
                                  "sudoku6_jigsaw_sgt_solo.jsonl"])
def test_every_format_round_trips(name):
    for record in corpus_jsonl(name)[::25]:
        [p] = pybridge.load(record["game_id"])
        assert formats.to_solo(p) == record["game_id"]
        for fmt in ("line", "grid", "sdk", "solo"):
            if fmt in ("grid", "sdk") and p.diagonals:
                continue  # the X flag is given with --kind sudoku-x for grids
            if fmt == "sdk" and p.regions is not None:
                continue  # .sdk carries standard boxes only
            text = formats.write([p], fmt)
            [back] = formats.parse(text, fmt=fmt)
            assert (back.givens, back.regions, back.diagonals, back.size) == \
                (p.givens, p.regions, p.diagonals, p.size), (fmt, text)
            if p.regions is None:
                assert (back.box_rows, back.box_cols) == (p.box_rows, p.box_cols)


def test_grid_with_separators_and_comments():
    text = "# a comment\n1 2 | . .\n. . | 1 2\n----+----\n. 1 | . .\n. . | . 1\n"
    [p] = pybridge.load(text)
    assert p.givens == [1, 2, 0, 0, 0, 0, 1, 2, 0, 1, 0, 0, 0, 0, 0, 1]
    assert (p.box_rows, p.box_cols) == (2, 2)


def test_x_flag_and_values_over_nine():
    [p] = pybridge.load(LINE_9 + " x")
    assert p.diagonals and p.kind == "sudoku-x"
    [q] = pybridge.load("G" + "." * 255)
    assert q.size == 16 and q.givens[0] == 16


def test_bundled_puzzles_all_load():
    files = sorted((ROOT / "puzzles").glob("*.txt")) + sorted((ROOT / "puzzles").glob("*.sdk"))
    assert len(files) >= 6
    kinds = {p.kind for f in files for p in pybridge.load(f)}
    assert kinds == {"sudoku", "sudoku-x", "jigsaw"}


@pytest.mark.parametrize("text,fragment", [
    (LINE_9[:-1], "80 cells"),
    (LINE_9[:-1] + "?", "r9c9: '?' is not a value or a blank"),
    (LINE_9[:-1] + "x", "r9c9: value x (33) is outside 1..9"),
    ("." * 15 + "5", "r4c4: value 5 is outside 1..4"),
    ("1 2 3 4\n1 2 3\n", "line 2: this row has 3 cells, the first row has 4"),
    ("1 2 3\n", "a row of 3 cells"),
    ("# only a comment\n", "no puzzle found"),
    ("", "no puzzle found"),
    ("3x3:a1z", "the description gives"),
    ("7x7:a", "size 49 is not supported"),
    ("9j:" + "i" * 9 + ",zzz", "region edges"),
    ("." * 16 + " " + "1112" + "2222" + "3344" + "3344", "region 1 has 3 cells"),
    ("." * 16 + " " + "1221" + "1221" + "3344" + "3344", "region 1 is not connected"),
    ("'), halt, ('", "since no file \"'), halt, ('\" exists"),
])
def test_bad_input_messages(text, fragment):
    with pytest.raises(PuzzleFormatError) as err:
        pybridge.load(text)
    assert fragment in str(err.value)


def test_error_names_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("# header\n" + LINE_9 + "\n" + LINE_9[:40] + "?" + LINE_9[41:] + "\n")
    with pytest.raises(PuzzleFormatError) as err:
        pybridge.load(path)
    assert str(err.value) == f"{path}, line 3, r5c5: '?' is not a value or a blank (use . or 0 for blanks)"


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(PuzzleFormatError, match="no such file"):
        pybridge.load(tmp_path / "nothere.txt")
    (tmp_path / "empty.txt").write_text("")
    with pytest.raises(PuzzleFormatError, match="empty.txt: no puzzle found"):
        pybridge.load(tmp_path / "empty.txt")


def test_clashing_givens_are_invalid_with_cells_named():
    [p] = pybridge.load("5...5" + "." * 76)
    result = pybridge.solve(p)
    assert result.status == "invalid"
    assert "r1c5: value 5 is already given at r1c1 in row 1" in result.error
    [q] = pybridge.load("1" + "." * 9 + "1" + "." * 70)
    assert "in box 1" in pybridge.solve(q).error
    [x] = pybridge.load("1" + "." * 29 + "1" + "." * 50 + " x")
    assert "the main diagonal" in pybridge.solve(x).error


def test_prolog_syntax_in_givens_is_only_data():
    # Reaches the engine directly, skipping Python's checks: still just characters.
    from pybridge.engine import swipl
    status, _, _, _, _, error, _ = swipl.call(
        "bridge_solve", [("geometry", 4, ("boxes", 2, 2), []), "'),halt,('......", 1, 0, []], 7)
    assert status == "invalid" and "is not a value or a blank" in error
    assert pybridge.solve(pybridge.load("." * 16)[0], max_solutions=1).status == "solved"  # the engine is still alive

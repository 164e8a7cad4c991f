"""The puzzlog command: JSON fields, text output, exit codes, standard input, bad files."""
from __future__ import annotations

import json
import subprocess
import sys

import pybridge
from conftest import ROOT, assert_valid_solution

LINE_9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def run(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_json_objects_for_every_puzzle():
    out = run("solve", "puzzles/sudoku4_solo.txt", "puzzles/jigsaw6_grid.txt", "--json")
    assert out.returncode == 0, out.stderr
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["source"], r["index"]) for r in records] == \
        [("puzzles/sudoku4_solo.txt", i) for i in range(5)] + [("puzzles/jigsaw6_grid.txt", i) for i in range(2)]
    puzzles = pybridge.load(ROOT / "puzzles/sudoku4_solo.txt") + pybridge.load(ROOT / "puzzles/jigsaw6_grid.txt")
    for record, puzzle in zip(records, puzzles):
        assert set(record) >= {"source", "index", "kind", "status", "grid", "solutions", "guesses", "techniques", "ms"}
        assert record["status"] == "solved" and record["solutions"] == 1
        assert record["kind"] == puzzle.kind
        assert_valid_solution(puzzle, [v for row in record["grid"] for v in row])
        assert sum(record["techniques"].values()) > 0


def test_text_output_and_stdin():
    out = run("solve", "-", stdin=LINE_9 + "\n")
    assert out.returncode == 0
    assert out.stderr == ""  # nor SWI-Prolog's complaint when it is shut down from the wrong thread
    assert "solved" in out.stdout and "<stdin>" in out.stdout
    assert out.stdout.count("------+-------+------") == 4  # puzzle and solution grids


def test_exit_codes():
    assert run("solve", "-", "--json", stdin="5...5" + "." * 76 + "\n").returncode == 1
    unsolvable = run("solve", "-", "--json", stdin="12.." + ".." + "3" + "." * 9 + "4" + "\n")
    assert json.loads(unsolvable.stdout)["status"] in ("unsolvable", "invalid")
    assert unsolvable.returncode == 1
    multiple = run("solve", "-", "--json", stdin="." * 16 + "\n")
    assert (json.loads(multiple.stdout)["status"], multiple.returncode) == ("multiple", 1)
    assert run("solve", "-", "--count", "1", stdin="." * 16 + "\n").returncode == 0
    empty = run("solve", stdin="")  # no file: standard input, which is empty here
    assert empty.returncode == 1 and "no puzzle found" in empty.stderr
    assert run("solve", "x.txt", "--count", "0").returncode == 2
    assert run("bogus").returncode == 2


def test_invalid_puzzle_json_has_error():
    out = run("solve", "-", "--json", stdin="5...5" + "." * 76 + "\n")
    record = json.loads(out.stdout)
    assert record["status"] == "invalid"
    assert record["error"] == "<stdin>, line 1: r1c5: value 5 is already given at r1c1 in row 1 (each value once per unit)"
    assert record["grid"][0][:5] == [5, 0, 0, 0, 5]


def test_missing_file_is_reported_and_others_still_solved():
    out = run("solve", "nothere.txt", "puzzles/sudoku4_solo.txt", "--json")
    assert out.returncode == 1
    first, *rest = [json.loads(line) for line in out.stdout.splitlines()]
    assert first["status"] == "invalid" and first["error"] == "nothere.txt: no such file"
    assert set(first) == set(rest[0])  # a record with the keys of every other
    assert len(rest) == 5 and all(r["status"] == "solved" for r in rest)
    text = run("solve", "nothere.txt")
    assert text.returncode == 1 and "nothere.txt: no such file" in text.stderr and "Traceback" not in text.stderr


def test_time_limit_bounds_search():
    # 16x16 with no givens and a hopeless start: the limit must stop it quickly.
    out = run("solve", "-", "--json", "--time-limit", "0.05", "--count", "100000",
              stdin="." * 256 + "\n")
    record = json.loads(out.stdout)
    assert record["status"] == "timeout" and out.returncode == 1


def test_explain_prints_every_deduction():
    out = run("explain", "puzzles/sudoku4_solo.txt")
    assert out.returncode == 0
    assert "naked single" in out.stdout or "hidden single" in out.stdout


def test_convert_round_trip():
    out = run("convert", "puzzles/sudoku16_solo.txt", "--to", "line")
    assert out.returncode == 0
    back = pybridge.load(out.stdout)
    assert [p.givens for p in back] == [p.givens for p in pybridge.load(ROOT / "puzzles/sudoku16_solo.txt")]


def test_reader_that_stops_early_gets_no_traceback():
    # `puzzlog solve ... | head -1`: the pipe closes after the first line.
    with subprocess.Popen([sys.executable, "-m", "pybridge", "solve", "--json", *[str(p) for p in
                           sorted((ROOT / "puzzles").glob("*.txt"))] * 20],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT) as proc:
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=300)
    assert json.loads(first)["status"] == "solved"
    assert "Traceback" not in err and "Error" not in err, err
    assert proc.returncode == 1


GARBAGE = ["", "-1", "1e999", "nan", "x" * 5000, "\x7f", "../../etc/passwd", "/dev/zero", "/tmp", "é✓",
           "%s%n", "[", "9" * 40]
OPTIONS = {"solve": ["--limit", "--time-limit", "--kind", "--format", "--index", "--jobs", "--techniques"],
           "generate": ["--size", "--count", "--seed", "--difficulty", "--symmetry", "--givens", "--technique",
                        "--format", "--jobs", "--time-limit"],
           "rate": ["--time-limit", "--kind", "--jobs"], "explain": ["--max-steps", "--time-limit", "--index"],
           "hint": ["--level", "--grid", "--index"], "check": ["--grid", "--time-limit", "--index"],
           "convert": ["--to", "--kind"], "print": ["--per-page", "--paper", "--title", "--time-limit"],
           "check-rule": ["--kind", "--limit", "--time-limit"], "techniques": [], "lessons": []}


def test_garbage_arguments_end_in_one_line_never_a_traceback(tmp_path, monkeypatch, capsys):
    """Every command and option given each of 13 kinds of garbage (numbers out of range, NaN
    and infinity, 5,000 characters, paths to devices and folders, format directives): each ends
    in an exit status and a line of words; no exception leaves the CLI (each one was a
    traceback).  Run in one process: the engine is started once."""
    from pybridge.cli.main import main
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    puzzle = str(ROOT / "puzzles" / "sudoku4.txt")
    cases = [[command, value] for command in [*OPTIONS, "library", "lessons"] for value in GARBAGE]
    cases += [[command, option, value, *([] if command in ("generate", "techniques") else [puzzle])]
              if command != "generate" else [command, "sudoku", option, value]
              for command, options in OPTIONS.items() for option in options for value in GARBAGE]
    cases += [["library", "add", value] for value in GARBAGE] + [["library", "export", "--kind", v] for v in GARBAGE]
    cases += [["print", puzzle, "-o", str(tmp_path / "out.pdf"), "--title", v] for v in ("é✓ 数独", "x" * 5000, "%s%n")]
    for argv in cases:
        try:
            status = main(argv)
        except SystemExit as exc:   # argparse's usage error: status 2 and its one line
            status = exc.code
        said = capsys.readouterr().err.strip().splitlines()
        assert status in (0, 1, 2), (argv, status)
        assert status == 0 or (said and said[-1].startswith(("puzzlog", "usage:"))), (argv, said[-3:])
    assert len(cases) > 600

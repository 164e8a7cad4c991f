"""Windoku, the kind added as one file (prolog/kinds/windoku.pl): a Sudoku whose four windows
(rows and columns 2-4 and 6-8 of a 9x9) each hold every digit once.  Tried as a player would:
made, printed, read back, solved and explained from the command line; the windows checked
here from their definition, not from the engine."""
from __future__ import annotations

import subprocess
import sys

import pybridge
from conftest import ROOT, assert_valid_solution

WINDOWS = [[(r, c) for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)] for r0 in (2, 6) for c0 in (2, 6)]


def puzzlog(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_a_windoku_is_made_printed_read_and_solved_with_its_windows():
    made = puzzlog("generate", "windoku", "--seed", "3", "--difficulty", "intermediate")
    assert made.returncode == 0, made.stderr
    line = made.stdout.strip()
    assert line.endswith(" windoku") and len(line.split()[0]) == 81      # its line names its kind
    solved = puzzlog("solve", "--one-line", "-", stdin=line + "\n")
    assert solved.returncode == 0, solved.stderr
    values = [int(ch) for ch in solved.stdout.strip()]
    [p] = pybridge.load(line)
    assert p.kind == "windoku" and [v for v in p.givens if v] == [values[i] for i, v in enumerate(p.givens) if v]
    assert_valid_solution(p, values)                                       # rows, columns, boxes
    for window in WINDOWS:
        assert sorted(values[(r - 1) * 9 + c - 1] for r, c in window) == list(range(1, 10)), window
    # the windows are rules: without them the same givens are a Sudoku with more than one solution
    assert pybridge.solve(pybridge.load(line.split()[0])[0]).status == "multiple"


def test_a_windoku_is_explained_and_drawn_by_its_windows():
    [g] = pybridge.generate("windoku", seed=3, difficulty="intermediate")
    explained = pybridge.explain(g.puzzle)
    assert explained.status == "solved" and explained.values == g.solution
    assert any("window" in step.text for step in explained.steps)
    assert "hidden_single_region" in pybridge.rate(g.puzzle).techniques or \
        any(s.technique == "hidden_single_region" for s in explained.steps)
    picture = g.puzzle.picture()
    assert picture.count('fill="#dcdff0"') == 36                          # its four windows shaded
    assert pybridge.write([g.puzzle], "line").strip() == g.text()

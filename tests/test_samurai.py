"""Samurai Sudoku: five 9x9 grids (or two, or three) sharing corner boxes, one board, every
door; generated puzzles are unique by the engine and by the CLP(FD) model of each grid."""
from __future__ import annotations

import subprocess
import sys

import pytest
from starlette.testclient import TestClient

import pybridge
from pybridge.puzzles.samurai import STANDARD, SamuraiPuzzle
from pybridge.web import create_app
from conftest import ROOT

BUNDLED = ROOT / "puzzles" / "generated" / "samurai.txt"


def keeps_the_rules(p: SamuraiPuzzle, values: list[int]) -> bool:
    """Each grid a Sudoku (its rows, columns and boxes 1..9), and nothing outside the grids."""
    rows, cols = p.shape
    for r0, c0 in p.grids:
        grid = [[values[(r0 + i) * cols + c0 + j] for j in range(9)] for i in range(9)]
        houses = grid + [list(col) for col in zip(*grid)]
        houses += [[grid[3 * a + i][3 * b + j] for i in range(3) for j in range(3)] for a in range(3) for b in range(3)]
        if any(sorted(h) != list(range(1, 10)) for h in houses):
            return False
    return all(values[i] == 0 for i in range(rows * cols) if not p.is_cell(i // cols, i % cols))


def test_the_bundled_samurai_solve_uniquely_and_keep_the_rules():
    puzzles = pybridge.load(BUNDLED)
    assert len(puzzles) == 2
    for p in puzzles:
        assert isinstance(p, SamuraiPuzzle) and p.grids == STANDARD and p.shape == (21, 21)
        result = pybridge.solve(p)
        assert result.status == "solved" and keeps_the_rules(p, result.values)
        assert all(g == v for g, v in zip(p.givens, result.values) if g)
        assert pybridge.check(p).status == "unique"
        assert pybridge.check(p, grid=p.givens).cells_left == 369 - p.clues  # the frame outside the grids is no cell
        solver = pybridge.Solver(p)
        solver.propagate()
        assert solver.solved and solver.values == result.values


def test_five_lines_and_the_frame_read_as_the_same_puzzle():
    p = pybridge.load(BUNDLED)[0]
    cols = p.shape[1]
    lines = ["".join(str(p.givens[(r0 + i) * cols + c0 + j] or ".") for i in range(9) for j in range(9))
             for r0, c0 in STANDARD]
    five = pybridge.parse("samurai\n" + "\n".join(lines))[0]
    assert five.givens == p.givens and five.grids == p.grids
    assert pybridge.parse("\n".join(lines), kind="samurai")[0].givens == p.givens  # the word may be left out
    again = pybridge.parse(pybridge.write([p], "samurai"))[0]
    assert again.givens == p.givens and again.grids == p.grids


@pytest.mark.parametrize("text,message", [
    ("samurai\n" + "\n".join(["1" + "." * 80] + ["." * 81] * 4), None),
    ("samurai\n" + "\n".join(["." * 60 + "5" + "." * 20, "." * 81, "6" + "." * 80] + ["." * 81] * 2),
     "r7c7 is given as 5 in one grid and 6 in another"),
    ("samurai\n" + "\n".join(["." * 9] * 8), "no 9x9 grid in the frame"),
    ("samurai\n" + "\n".join(["." * 9] * 9 + [".........x"]), "'x' at r10c10 is no cell"),
    ("samurai\n" + "\n".join(["." * 9] * 9 + [" " * 9 + "."]), "r10c10 is in no 9x9 grid"),
    ("samurai twin\n" + "\n".join(["." * 81] * 5), "line 1: 'samurai twin': the header takes no other word"),
])
def test_a_broken_samurai_text_is_refused_by_line_and_cell(text, message):
    [p] = pybridge.read(text)
    if message is None:
        assert isinstance(p, SamuraiPuzzle) and p.givens[0] == 1
    else:
        assert isinstance(p, pybridge.Unreadable) and message in str(p.error)


def test_the_steps_name_the_grid_of_a_row():
    p = pybridge.load(BUNDLED)[1]
    explanation = pybridge.explain(p)
    assert explanation.status == "solved" and keeps_the_rules(p, explanation.values)
    assert any(" of grid " in step.text for step in explanation.steps if step.technique.startswith("hidden_single_r"))
    solution = explanation.values
    cols = p.shape[1]
    for step in explanation.steps:  # every step sound against the solution
        assert all(solution[(r - 1) * cols + c - 1] != v for r, c, v in step.eliminations)
        assert all(solution[(r - 1) * cols + c - 1] == v for r, c, v in step.placements)


def test_generated_samurai_twin_and_three_are_unique_for_the_clpfd_model_too():
    from pybridge.engine import swipl
    swipl.call("use_module", [str(ROOT / "bench" / "clpfd_reference.pl")], 0)
    for grids in (2, 3):
        [g] = pybridge.generate("samurai", size=grids, seed=1)
        p = g.puzzle
        assert isinstance(p, SamuraiPuzzle) and len(p.grids) == grids
        assert keeps_the_rules(p, g.solution) and pybridge.solve(p).values == g.solution
        [count] = swipl.call("bridge_clpfd_count", [p.geometry(), p.givens_text(), 20000], 1)
        assert count == 1
    for p in pybridge.load(BUNDLED):  # the standard five-grid ones too
        assert swipl.call("bridge_clpfd_count", [p.geometry(), p.givens_text(), 60000], 1) == [1]
    with pytest.raises(pybridge.PuzzlogError, match="5 grids"):
        pybridge.generate("samurai", size=4)


def test_the_cli_and_the_picture_show_one_board():
    out = subprocess.run([sys.executable, "-m", "pybridge", "solve", str(BUNDLED)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 0 and "(samurai, 21x21)" in out.stdout and "solved" in out.stdout
    p = pybridge.load(BUNDLED)[0]
    svg = p.picture()
    assert svg.count('data-cell="') == 369 and svg.count('class="grid"') == 5


def test_the_page_api_reads_hints_and_checks_a_samurai():
    text = BUNDLED.read_text()
    with TestClient(create_app(), base_url="http://localhost") as client:
        [shown, _] = client.post("/api/read", json={"puzzle": text}).json()["puzzles"]
        assert shown["kind"] == "samurai" and (shown["rows"], shown["cols"]) == (21, 21)
        assert len(shown["units"]) == 131 and shown["picture"].count('class="grid"') == 5
        hint = client.post("/api/hint", json={"puzzle": text, "level": 3}).json()
        p = pybridge.load(BUNDLED)[0]
        assert hint["text"] == pybridge.hint(p, level=3).text
        report = client.post("/api/check", json={"puzzle": text}).json()
        assert report["status"] == "unique"

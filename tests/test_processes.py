"""pybridge in more than one process: a child made by multiprocessing, under each start method,
solves correctly after its parent has used the engine (a fork copies a started engine: the
child must get one of its own, not hang on the parent's threads)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

# Run as a script of its own, so that a hang fails this test (by its timeout) instead of the
# suite, and the fork is made from a plain process, not from a pytest worker.
FORKED = """
import multiprocessing, sys, threading
import pybridge

def valid(puzzle, values):
    rows = [values[i:i + 9] for i in range(0, 81, 9)]
    units = rows + [list(c) for c in zip(*rows)] + [
        [rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)]
        for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(sorted(u) == list(range(1, 10)) for u in units) and \\
        all(g in (0, v) for g, v in zip(puzzle.givens, values))

def child(index):
    puzzle = pybridge.load("puzzles/sudoku9.txt")[index]
    result = pybridge.solve(puzzle)
    return result.status == "solved" and valid(puzzle, result.values)

if __name__ == "__main__":
    method = sys.argv[1]
    puzzles = pybridge.load("puzzles/sudoku9.txt")
    assert pybridge.solve(puzzles[0]).status == "solved"      # the parent's engine is started
    busy = threading.Thread(target=lambda: [pybridge.solve(p) for p in puzzles * 3], daemon=True)
    busy.start()                                             # and at work as the children are made
    with multiprocessing.get_context(method).Pool(2) as pool:
        answers = pool.map(child, list(range(len(puzzles))) * 4)
    busy.join()
    assert pybridge.solve(puzzles[1]).status == "solved"      # the parent's engine still answers
    print("children", len(answers), "valid", sum(answers))
"""


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_a_child_process_solves_after_its_parent_did(method, tmp_path):
    script = tmp_path / "children.py"
    script.write_text(FORKED)
    out = subprocess.run([sys.executable, str(script), method], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    words = out.stdout.split()
    assert words[0] == "children" and int(words[1]) >= 20 and words[1] == words[3], out.stdout

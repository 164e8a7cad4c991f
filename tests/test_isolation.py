"""Nothing leaks between puzzles; many calls in one process do not wear the bridge out."""
from __future__ import annotations

import subprocess
import sys
import threading

import pybridge
from pybridge.engine import swipl
from conftest import ROOT, corpus_file


def state_size() -> tuple[int, int, int]:
    return tuple(swipl.call("bridge_state_size", [], 3))


def test_no_state_left_after_any_call():
    jigsaw = pybridge.load(ROOT / "puzzles/jigsaw9_solo.txt")[0]
    big = pybridge.load(ROOT / "puzzles/sudoku16_solo.txt")[0]
    for puzzle in (jigsaw, big):
        pybridge.solve(puzzle, max_solutions=2)
        assert state_size() == (0, 0, 0)
    pybridge.solve(pybridge.load("5...5" + "." * 76)[0])
    assert state_size() == (0, 0, 0)
    pybridge.solve(pybridge.load("." * 256)[0], max_solutions=10 ** 6, time_limit=0.05)
    assert state_size() == (0, 0, 0)
    solver = pybridge.Solver(jigsaw)
    solver.step()
    solver.guess()
    assert state_size() == (0, 0, 0)


def test_solving_b_after_a_is_solving_b_alone():
    a = pybridge.load(ROOT / "puzzles/jigsaw9_solo.txt")[1]
    b = pybridge.load(ROOT / "puzzles/sudoku9.txt")[0]
    alone = pybridge.solve(b, max_solutions=2)
    pybridge.solve(a, max_solutions=2)
    after = pybridge.solve(b, max_solutions=2)
    key = lambda r: (r.status, r.values, r.solutions, r.guesses, r.techniques)  # noqa: E731
    assert key(after) == key(alone)


def test_step_solvers_do_not_disturb_each_other():
    p, q = pybridge.load(ROOT / "puzzles/sudoku9.txt")[:2]
    s, t = pybridge.Solver(p), pybridge.Solver(q)
    alone = pybridge.Solver(p)
    for _ in range(5):
        s.step()
        t.step()
        alone.step()
    assert s.codes == alone.codes


def test_threads_share_the_engine_safely():
    puzzles = pybridge.load(ROOT / "puzzles/sudoku4_solo.txt") * 10
    results: list[str] = []

    def work(chunk):
        for p in chunk:
            results.append(pybridge.solve(p).status)

    threads = [threading.Thread(target=work, args=(puzzles[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("solved") == len(puzzles)


SOAK = """
import random, sys
from pathlib import Path
import dataclasses
import pybridge

def rss_kb():
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4

sudoku = pybridge.load("puzzles/sudoku4.txt")
others = pybridge.load("puzzles/kakuro/small.txt") + pybridge.load("puzzles/futoshiki/unequal.txt")[:2]
rng = random.Random(2026)
solved = 0
for i in range(4000):
    if i % 50 == 49:
        p = others[i % len(others)]
    else:  # a new puzzle every time: its digits relabelled
        p = sudoku[i % len(sudoku)]
        relabel = list(range(1, p.size + 1))
        rng.shuffle(relabel)
        p = dataclasses.replace(p, givens=[relabel[v - 1] if v else 0 for v in p.givens])
    solved += pybridge.solve(p).status == "solved"
    if i % 100 == 0:
        solver = pybridge.Solver(p)
        while solver.step():
            pass
        solved += solver.solved
    if i == 999:
        first = rss_kb()
print(solved, first, rss_kb())
"""


def test_soak_memory_stays_flat():
    """4,000 solves (and 40 step-wise solves) in one process: after the first 1,000 the
    process must not grow by more than 10%.  A solve used to keep about 160 KB for good (480 MB
    over these 3,000); bench/soak.py runs 100,000."""
    out = subprocess.run([sys.executable, "-c", SOAK], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr
    solved, first, last = map(int, out.stdout.split())
    assert solved == 4040
    assert last <= first * 1.10, f"RSS grew from {first} KB after 1,000 solves to {last} KB after 4,000"
    assert state_size() == (0, 0, 0)


READ_SOAK = """
import sys
from pathlib import Path
import pybridge

def rss_kb():
    return int(Path("/proc/self/statm").read_text().split()[1]) * 4

rows = Path(sys.argv[1]).read_text().splitlines()
text = "\\n".join(rows[:2000])
for i in range(12):
    assert len(pybridge.parse(text, "piece.csv")) == 2000
    if i == 2:
        first = rss_kb()
print(first, rss_kb())
"""


def test_reading_the_same_piece_again_and_again_keeps_memory_flat():
    """A stream reads a big file a piece at a time: each 2,000-line answer used to leave
    some 2 MB of SWI-Prolog's text buffers behind (texts read out of an answer without a
    string-buffer mark), and a 300,000-atom answer ended the process ("Too many stacked
    strings")."""
    source = corpus_file("sudoku9_kaggle_bryanpark_first3000.csv")
    out = subprocess.run([sys.executable, "-c", READ_SOAK, str(source)], cwd=ROOT, capture_output=True, text=True,
                         timeout=240)
    assert out.returncode == 0, out.stderr
    first, last = map(int, out.stdout.split())
    assert last - first < 8_000, f"RSS grew from {first} KB after 3 reads to {last} KB after 12"

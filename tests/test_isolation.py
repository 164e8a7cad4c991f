"""Nothing leaks between puzzles; many calls in one process do not wear the bridge out."""
from __future__ import annotations

import threading

import pybridge
from pybridge import engine
from conftest import ROOT


def state_size() -> tuple[int, int, int]:
    return tuple(engine.call("bridge_state_size", [], 3))


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


def test_soak_many_queries_in_one_process():
    """pyswip has been reported to fail after very many queries; 5000 solves and steps must not."""
    puzzles = pybridge.load(ROOT / "puzzles/sudoku4_solo.txt")
    solved = 0
    for i in range(4000):
        solved += pybridge.solve(puzzles[i % len(puzzles)]).status == "solved"
    for i in range(200):
        solver = pybridge.Solver(puzzles[i % len(puzzles)])
        while solver.step():
            pass
        solved += solver.solved
    assert solved == 4200
    assert state_size() == (0, 0, 0)

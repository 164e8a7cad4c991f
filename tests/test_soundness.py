"""No deduction ever removes a candidate equal to the known solution, nor places a wrong value.

Every step of the teaching path (all techniques, simplest first) is
checked on puzzles of each corpus kind until no technique applies: slices
of the sets here, whole sets with bench/soundness.py.
"""
from __future__ import annotations

import pytest

import pybridge
from pybridge.engine import swipl
from conftest import corpus_file, corpus_jsonl, corpus_lines, decode, engine_step


def check_steps(puzzle: pybridge.Puzzle, solution: list[int]) -> int:
    """Deduce until no technique applies (one query: Solver.propagate) and check every step."""
    n = puzzle.size
    solver = pybridge.Solver(puzzle)
    solver.propagate()
    for step in solver.history:
        for r, c, v in step.placements:
            assert solution[(r - 1) * n + c - 1] == v, f"{step.text}: wrong placement"
        for r, c, v in step.eliminations:
            assert solution[(r - 1) * n + c - 1] != v, f"{step.text}: removed the true value at r{r}c{c}"
    return len(solver.history)


@pytest.mark.parametrize("name,every", [
    ("sudoku9_norvig_top95.txt", 24),
    ("sudoku9_norvig_hardest.txt", 2),
    ("sudoku9_forum_hardest_1106.txt", 120),
])
def test_steps_are_sound_on_hard_9x9(name, every):
    puzzles = pybridge.load(corpus_file(name))
    solutions = corpus_lines(name.replace(".txt", ".solutions.txt"))
    total = sum(check_steps(p, decode(s)) for p, s in list(zip(puzzles, solutions))[::every])
    assert total > 0


def test_steps_are_sound_on_random_minimal_puzzles():
    """Berthier's random minimal puzzles, rated by S+W: every 500th, the whole ladder (bench/soundness.py
    walks hundreds of each set: 0 wrong in 88,331 steps when this ladder was last extended)."""
    import csv
    rows = list(csv.DictReader(corpus_file("sudoku9_cbg000_first10000_rated.csv").open()))[::500]
    assert sum(check_steps(pybridge.load(r["puzzle"])[0], decode(r["solution"])) for r in rows) > 0


def test_steps_are_sound_on_top1465():
    puzzles = pybridge.load(corpus_file("sudoku9_magictour_top1465.txt"))
    solutions = corpus_lines("sudoku9_magictour_top1465.solutions.txt")
    assert sum(check_steps(p, decode(s)) for p, s in list(zip(puzzles, solutions))[::300]) > 0


@pytest.mark.parametrize("name,every", [
    ("sudoku6_sgt_solo.jsonl", 40),
    ("sudoku16_sgt_solo.jsonl", 20),
    ("sudoku9_x_diagonal_sgt_solo.jsonl", 50),
    ("sudoku9_jigsaw_sgt_solo.jsonl", 50),
])
def test_steps_are_sound_on_variants(name, every):
    for record in corpus_jsonl(name)[::every]:
        [p] = pybridge.load(record["game_id"])
        assert check_steps(p, decode(record["solution"])) > 0


PAIRS = pybridge.TECHNIQUE_SETS["pairs"]
SCANNED = ["naked_single", "hidden_single_row", "hidden_single_column", "hidden_single_box",
           "hidden_single_diagonal", *PAIRS]


@pytest.mark.parametrize("name,every", [
    ("sudoku9_norvig_top95.txt", 5),
    ("sudoku9_jigsaw_sgt_solo.jsonl", 25),
    ("sudoku9_x_diagonal_sgt_solo.jsonl", 25),
])
def test_propagation_leaves_nothing_for_a_grid_scan(name, every):
    """The solving path looks again only where candidates shrank; a scan of the whole grid
    by each technique must then find nothing it missed."""
    if name.endswith(".jsonl"):
        puzzles = [pybridge.load(r["game_id"])[0] for r in corpus_jsonl(name)[::every]]
    else:
        puzzles = pybridge.load(corpus_file(name))[::every]
    stalled = 0
    for p in puzzles:
        start = pybridge.Solver(p).codes
        status, codes, _ = swipl.call("bridge_propagate", [p.geometry(), start, PAIRS], 3)
        if status != "stalled":
            continue
        stalled += 1
        for technique in SCANNED:
            status, _, text, _, _ = engine_step(technique, p.geometry(), codes)
            assert status == "stuck", f"{p.source}#{p.index}: propagation missed {text}"
    assert stalled > 0

"""No deduction ever removes a candidate equal to the known solution, nor places a wrong value.

Every step of the teaching path (all techniques, simplest first) is
checked on puzzles of each corpus kind until no technique applies.
"""
from __future__ import annotations

import pytest

import pybridge
from conftest import corpus_file, corpus_jsonl, corpus_lines, decode


def check_steps(puzzle: pybridge.Puzzle, solution: list[int]) -> int:
    n = puzzle.size
    solver = pybridge.Solver(puzzle)
    steps = 0
    while (step := solver.step()) is not None:
        steps += 1
        for r, c, v in step.placements:
            assert solution[(r - 1) * n + c - 1] == v, f"{step.text}: wrong placement"
        for r, c, v in step.eliminations:
            assert solution[(r - 1) * n + c - 1] != v, f"{step.text}: removed the true value at r{r}c{c}"
    return steps


@pytest.mark.parametrize("name,every", [
    ("sudoku9_norvig_top95.txt", 8),
    ("sudoku9_norvig_hardest.txt", 2),
    ("sudoku9_forum_hardest_1106.txt", 60),
])
def test_steps_are_sound_on_hard_9x9(name, every):
    puzzles = pybridge.load(corpus_file(name))
    solutions = corpus_lines(name.replace(".txt", ".solutions.txt"))
    total = sum(check_steps(p, decode(s)) for p, s in list(zip(puzzles, solutions))[::every])
    assert total > 0


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

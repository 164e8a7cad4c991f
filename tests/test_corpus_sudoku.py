"""Every corpus Sudoku set: solved, checked against the rules and against the known solutions."""
from __future__ import annotations

import csv

import pytest

import pybridge
from conftest import assert_valid_solution, corpus_file, corpus_jsonl, corpus_lines, decode

# (puzzle file, solutions file, take every k-th puzzle): full sets where they are quick,
# regular subsets of the big ones (the full sets run in bench/sudoku.py).
LINE_SETS = [
    ("sudoku9_norvig_easy50.txt", 1),
    ("sudoku9_norvig_top95.txt", 1),
    ("sudoku9_norvig_hardest.txt", 1),
    ("sudoku9_magictour_top1465.txt", 15),
    ("sudoku9_forum_hardest_1106.txt", 12),
    ("sudoku9_forum_hardest_1905_11plus_every24th.txt", 40),
    ("sudoku9_royle17_first2000.txt", 40),
]


@pytest.mark.parametrize("name,every", LINE_SETS)
def test_line_sets_solve_to_known_solutions(name, every):
    puzzles = pybridge.load(corpus_file(name))
    solutions = corpus_lines(name.replace(".txt", ".solutions.txt"))
    assert len(puzzles) == len(solutions)
    for p, known in list(zip(puzzles, solutions))[::every]:
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "solved", (p.line, result.error)
        assert result.solutions == 1
        assert_valid_solution(p, result.values)
        assert result.values == decode(known)


def test_serg_benchmark_reported_multiple():
    puzzles = pybridge.load(corpus_file("sudoku9_serg_benchmark_first1000.txt"))
    statuses = corpus_lines("sudoku9_serg_benchmark_first1000.solutions.txt")
    for p, expected in list(zip(puzzles, statuses))[::20]:
        assert expected == "MULTIPLE"
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "multiple" and result.solutions == 2
        assert_valid_solution(p, result.values)


COUNTED_EXACTLY = 200   # beyond it, a count is checked to reach that many (counting the rest took 10 s of 16)


def test_tdoku_test_puzzles_have_their_stated_counts():
    checked = 0
    for line in corpus_lines("sudoku9_tdoku_test_puzzles.txt"):
        text, count, *solution = line.split(":")
        count = int(count)
        [p] = pybridge.load(text)
        if count > COUNTED_EXACTLY:
            result = pybridge.solve(p, max_solutions=COUNTED_EXACTLY, time_limit=60)
            assert result.status == "multiple" and result.solutions == COUNTED_EXACTLY, (text, result.solutions)
            checked += 1
            continue
        result = pybridge.solve(p, max_solutions=count + 1, time_limit=60)
        assert result.solutions == count, (text, result.solutions, count)
        expected = {0: "unsolvable", 1: "solved"}.get(count, "multiple")
        assert result.status == expected
        if count:
            assert_valid_solution(p, result.values)
        if solution:
            assert result.values == decode(solution[0])
        checked += 1
    assert checked == 43


@pytest.mark.parametrize("name,column_puzzle,column_solution,every", [
    ("sudoku9_kaggle_bryanpark_first3000.csv", 0, 1, 30),
    ("sudoku9_qqwing_generated_1000.csv", 0, 1, 10),
])
def test_csv_sets(name, column_puzzle, column_solution, every):
    rows = list(csv.reader(corpus_file(name).read_text().splitlines()))
    if rows[0][0] == "puzzle":
        rows = rows[1:]
    for row in rows[::every]:
        [p] = pybridge.load(row[column_puzzle])
        result = pybridge.solve(p)
        assert result.status == "solved"
        assert result.values == decode(row[column_solution])


@pytest.mark.parametrize("name,kind,every", [
    ("sudoku4_sgt_solo.jsonl", "sudoku", 1),
    ("sudoku6_sgt_solo.jsonl", "sudoku", 1),
    ("sudoku16_sgt_solo.jsonl", "sudoku", 2),
    ("sudoku9_x_diagonal_sgt_solo.jsonl", "sudoku-x", 2),
    ("sudoku9_jigsaw_sgt_solo.jsonl", "jigsaw", 3),
    ("sudoku6_jigsaw_sgt_solo.jsonl", "jigsaw", 1),
])
def test_solo_sets(name, kind, every):
    for record in corpus_jsonl(name)[::every]:
        [p] = pybridge.load(record["game_id"])
        assert p.kind == kind
        assert p.to_line() == record["givens"]
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "solved", record["game_id"]
        assert_valid_solution(p, result.values)
        assert result.values == decode(record["solution"])


def test_empty_grids_solve():
    for n in (4, 6, 9, 16):
        [p] = pybridge.load("." * (n * n))
        first = pybridge.solve(p, max_solutions=1)   # the first solution found
        assert first.status == "solved"
        assert_valid_solution(p, first.values)
        if n < 16:
            assert pybridge.solve(p).status == "multiple"   # the default counts to 2, as the CLI

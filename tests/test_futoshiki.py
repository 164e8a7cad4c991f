"""Futoshiki, Adjacent mode and greater-than Sudoku: corpus, techniques, formats, bad input, CLI."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pybridge
from pybridge import PuzzleFormatError
from pybridge.engine import swipl
from pybridge.puzzles import formats
from pybridge.puzzles.signs import from_corpus_record
from conftest import ROOT, assert_valid_solution, candidate_codes, corpus_jsonl, decode, engine_step

CORPUS = "futoshiki_sgt_unequal.jsonl"
FUTOSHIKI = ROOT / "puzzles" / "futoshiki"


# ---------------------------------------------------------------- the shared corpus

def test_every_corpus_puzzle_solves_to_its_known_solution():
    records = corpus_jsonl(CORPUS)
    assert {r["size"] for r in records} == set(range(4, 10))
    for record in records[::2]:   # every other (all took 10 s of make test), every size among them
        [p] = pybridge.load(record["game_id"])
        # The game ID's flags and the corpus's independent `gt` list give the same signs.
        assert p.signs == sorted(from_corpus_record(record).signs), record["game_id"]
        assert p.givens == decode(record["givens"])
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "solved", (record["game_id"], result.error)
        assert result.values == decode(record["solution"]), record["game_id"]
        assert_valid_solution(p, result.values)


def test_no_step_removes_a_true_value():
    """Step by step, every technique in turn, on every 20th corpus puzzle."""
    for record in corpus_jsonl(CORPUS)[::20]:
        [p] = pybridge.load(record["game_id"])
        truth = decode(record["solution"])
        n = p.size
        solver = pybridge.Solver(p)
        while (step := solver.step()) is not None:
            for r, c, v in step.eliminations:
                assert truth[(r - 1) * n + c - 1] != v, (step.text, record["game_id"])
            for r, c, v in step.placements:
                assert truth[(r - 1) * n + c - 1] == v, (step.text, record["game_id"])
        solver.run()
        assert solver.values == truth


# ---------------------------------------------------------------- techniques, one position each

def shape(n: int, signs=(), adjacent=None) -> tuple:
    return pybridge.Puzzle(n, [0] * n * n, signs=list(signs), adjacent=adjacent).geometry()


codes = candidate_codes


def step(technique: str, geometry: tuple, state: list[int]):
    status, name, _, placed, removed = engine_step(technique, geometry, state)
    return status, name, placed, removed


def test_chain_bounds_from_repeated_inequality_bounds():
    # r1c1 < r1c2 < r1c3 < r1c4 on 5x5: the top is at least 4, the bottom at most 2.
    signs = [(1, 1, 1, 2), (1, 2, 1, 3), (1, 3, 1, 4)]
    status, state, _ = swipl.call("bridge_propagate", [shape(5, signs), codes(5), []], 3)
    assert status == "stalled"
    bits = [{v for v in range(1, 6) if -state[c] >> (v - 1) & 1} for c in range(4)]
    assert bits == [{1, 2}, {2, 3}, {3, 4}, {4, 5}]


def test_chain_bounds_absent_when_the_chain_is_loose():
    # Candidates already inside the bounds: nothing to remove.
    signs = [(1, 1, 1, 2), (1, 2, 1, 3)]
    state = codes(4, {(1, 1): {1, 2}, (1, 2): {2, 3}, (1, 3): {3, 4}})
    assert step("inequality_bounds", shape(4, signs), state)[0] == "stuck"


def test_adjacency_keeps_values_one_apart():
    state = codes(5, placed={(1, 1): 3})
    status, name, placed, removed = step("adjacency", shape(5, adjacent=[(1, 1, 1, 2)]), state)
    assert (status, name, placed) == ("step", "adjacency", [])
    # r1c2 must be 2 or 4; r2c1 (unmarked) must differ from 3 by more than 1: not 2 or 4.
    assert set(removed) >= {(1, 2, 1), (1, 2, 5)}
    assert all(v not in (2, 4) for r, c, v in removed if (r, c) == (1, 2))


def test_adjacency_absent_when_every_value_has_a_partner():
    # Every pair of neighbours marked, every cell 1..3: each value has a neighbour value one away.
    n = 3
    marks = [(r, c, r2, c2) for r in range(1, n + 1) for c in range(1, n + 1)
             for r2, c2 in ((r, c + 1), (r + 1, c)) if r2 <= n and c2 <= n]
    assert step("adjacency", shape(n, adjacent=marks), codes(n))[0] == "stuck"


def test_naked_single_in_a_latin_square():
    state = codes(4, {(2, 2): {3}})
    assert step("naked_single", shape(4), state)[:3] == ("step", "naked_single", [(2, 2, 3)])
    assert step("naked_single", shape(4), codes(4))[0] == "stuck"


def test_hidden_single_in_a_row_and_a_column():
    no_two = {(1, c): {1, 3, 4} for c in (1, 2, 3)}
    assert step("hidden_single_row", shape(4), codes(4, no_two))[2] == [(1, 4, 2)]
    no_two_col = {(r, 1): {1, 3, 4} for r in (1, 2, 3)}
    assert step("hidden_single_column", shape(4), codes(4, no_two_col))[2] == [(4, 1, 2)]
    assert step("hidden_single_row", shape(4), codes(4, {(1, 1): {1, 3, 4}}))[0] == "stuck"
    assert step("hidden_single_column", shape(4), codes(4, {(1, 1): {1, 3, 4}}))[0] == "stuck"


def test_naked_and_hidden_pairs_in_rows_of_a_latin_square():
    pair = {(1, 1): {1, 2}, (1, 2): {1, 2}}
    status, name, _, removed = step("naked_pair", shape(5), codes(5, pair))
    assert (status, name) == ("step", "naked_pair")
    assert set(removed) == {(1, c, v) for c in (3, 4, 5) for v in (1, 2)}
    assert step("naked_pair", shape(5), codes(5, {(1, 1): {1, 2}, (1, 2): {1, 3}}))[0] == "stuck"
    hidden = {(1, c): {3, 4, 5} for c in (3, 4, 5)}  # 1 and 2 only in r1c1, r1c2
    status, name, _, removed = step("hidden_pair", shape(5), codes(5, hidden))
    assert (status, name) == ("step", "hidden_pair")
    assert set(removed) == {(1, c, v) for c in (1, 2) for v in (3, 4, 5)}
    two_places_each = {(1, c): {3, 4, 5} for c in (4, 5)}  # 1 and 2 still have three places
    assert step("hidden_pair", shape(5), codes(5, two_places_each))[0] == "stuck"


# ---------------------------------------------------------------- Adjacent mode, greater-than Sudoku

def test_bundled_adjacent_puzzles_solve_and_keep_the_rules():
    puzzles = pybridge.load(FUTOSHIKI / "adjacent.txt") + pybridge.load(FUTOSHIKI / "adjacent.grid")
    assert len(puzzles) >= 4 and all(p.adjacent is not None and p.kind == "futoshiki" for p in puzzles)
    for p in puzzles:
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "solved", result.error
        assert_valid_solution(p, result.values)


def test_greater_than_sudoku_is_detected_and_solved_by_its_signs():
    puzzles = pybridge.load(FUTOSHIKI / "greater_than_sudoku.grid")
    assert {p.size for p in puzzles} == {4, 6}
    for p in puzzles:
        assert p.kind == "sudoku" and p.signs and p.clues <= 3
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "solved", result.error
        assert_valid_solution(p, result.values)
        # Without its signs the same givens leave the grid open.
        bare = pybridge.Puzzle(p.size, p.givens, p.box_rows, p.box_cols)
        assert pybridge.solve(bare, max_solutions=2).status == "multiple"


def test_kind_decides_boxes_for_a_grid_with_signs():
    text = ". < . . .\n. . . .\n. . . .\n. . . .\n"
    [p] = pybridge.load(text)
    assert p.kind == "futoshiki" and p.signs == [(1, 1, 1, 2)]
    [s] = pybridge.load(text, kind="sudoku")
    assert s.kind == "sudoku" and (s.box_rows, s.box_cols) == (2, 2) and s.signs == [(1, 1, 1, 2)]


# ---------------------------------------------------------------- formats

def test_unequal_ids_and_grids_round_trip():
    for record in corpus_jsonl(CORPUS)[::17]:
        [p] = pybridge.load(record["game_id"])
        assert formats.write([p], "unequal").strip() == record["game_id"]
        [back] = pybridge.load(formats.write([p], "grid"), kind="futoshiki")
        assert (back.size, back.givens, back.signs, back.adjacent) == (p.size, p.givens, p.signs, None)
    for p in pybridge.load(FUTOSHIKI / "adjacent.txt"):
        for fmt in ("unequal", "grid"):
            [back] = pybridge.load(formats.write([p], fmt))
            assert (back.givens, back.adjacent, back.signs) == (p.givens, p.adjacent, []), fmt
    for p in pybridge.load(FUTOSHIKI / "greater_than_sudoku.grid"):
        [back] = pybridge.load(formats.write([p], "grid"))
        assert (back.givens, back.signs, back.box_rows, back.box_cols) == \
            (p.givens, p.signs, p.box_rows, p.box_cols)


def test_readable_grid_spellings():
    text = "1 < .   .\n∧       ∨\n.   .   .\n. > .   .\n"
    [p] = pybridge.load(text)
    assert p.size == 3 and p.givens[0] == 1
    assert p.signs == sorted([(1, 1, 1, 2), (1, 1, 2, 1), (2, 3, 1, 3), (3, 2, 3, 1)])
    assert pybridge.load("5:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n")[0].kind == "futoshiki"


def test_solution_prints_with_its_signs():
    p = pybridge.load(FUTOSHIKI / "futoshiki.grid")[0]
    result = pybridge.solve(p)
    text = str(result).splitlines()[1:]
    assert [ln for ln in text if set(ln) <= set(" ^v")] == \
        [ln for ln in str(p).splitlines() if set(ln) <= set(" ^v")]
    assert p._repr_svg_().count('class="sign"') == len(p.signs)


# ---------------------------------------------------------------- bad input

BLANK3 = "0," * 9


@pytest.mark.parametrize("text,words", [
    ("3:0U," + "0," * 8, "r1c1: flag U points outside the grid"),
    ("3:4," + "0," * 8, "r1c1: value 4 is outside 1..3"),
    ("3:0X," + "0," * 8, "r1c1: '0X' is not a cell"),
    ("3:" + "0," * 8, "the game ID gives 8 cells, a 3x3 grid has 9"),
    ("3:" + "0," * 8 + "0", "every cell of an Unequal game ID ends with a comma"),
    ("3a:0R," + "0," * 8, "r1c1: flag R marks r1c2 as adjacent, but r1c2 has no L flag back"),
    ("2:0,0,0,0,", "a Futoshiki grid is 3 to 25 cells wide, not 2"),
    (". < .   .\n.   .\n.   .   .\n", "line 2: this row has 2 cells, the first row has 3"),
    (". < .   . <\n.   .   .\n.   .   .\n", "the sign '<' needs a cell on each side"),
    (". < .   .\n  ^\n.   .   .\n.   .   .\n", "does not stand under a cell"),
    (". < .   .\n.   .   .\n.   .   .\nv\n", "has no row of cells below it"),
])
def test_malformed_futoshiki_texts_name_line_and_cell(text, words):
    with pytest.raises(PuzzleFormatError) as info:
        pybridge.load(text)
    assert words in str(info.value)


@pytest.mark.parametrize("puzzle,words", [
    (pybridge.Puzzle(3, [0] * 9, signs=[(1, 1, 3, 1)]), "r1c1: a sign joins it to r3c1, which is not a neighbour"),
    (pybridge.Puzzle(3, [0] * 9, signs=[(1, 3, 1, 4)]), "r1c3: its sign points to r1c4, outside the grid"),
    (pybridge.load("3:0R,0L," + "0," * 7)[0], "the signs go round in a cycle"),
    (pybridge.load("3:1R,2," + "0," * 7)[0], "r1c2 < r1c1 cannot hold"),
    (pybridge.load("3:1,0,1," + "0," * 6)[0], "r1c3: value 1 is already given at r1c1 in row 1"),
])
def test_broken_rules_are_invalid_naming_the_cells(puzzle, words):
    result = pybridge.solve(puzzle)
    assert result.status == "invalid"
    assert words in result.error


def test_unsolvable_futoshiki_says_so():
    # Rows 1 and 2 are both forced to 1 2 3 by their signs: column 1 holds 1 twice.
    impossible = pybridge.Puzzle(3, [0] * 9, signs=[(1, 1, 1, 2), (1, 2, 1, 3), (2, 1, 2, 2), (2, 2, 2, 3)])
    assert pybridge.solve(impossible, max_solutions=2).status == "unsolvable"


# ---------------------------------------------------------------- CLI

def test_cli_json_for_futoshiki():
    out = subprocess.run([sys.executable, "-m", "pybridge", "solve", "--kind", "futoshiki", "--json",
                          str(FUTOSHIKI / "unequal.txt")], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(ln) for ln in out.stdout.splitlines()]
    assert len(lines) == len(pybridge.load(FUTOSHIKI / "unequal.txt"))
    for data, p in zip(lines, pybridge.load(FUTOSHIKI / "unequal.txt")):
        assert data["kind"] == "futoshiki" and data["status"] == "solved"
        assert {"source", "index", "solutions", "guesses", "techniques", "ms"} <= set(data)
        assert_valid_solution(p, [v for row in data["grid"] for v in row])


def test_cli_rejects_futoshiki_kind_for_a_sudoku_file():
    out = subprocess.run([sys.executable, "-m", "pybridge", "solve", "--kind", "futoshiki",
                          str(ROOT / "puzzles" / "sudoku4.txt")], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 1 and "kind futoshiki was asked for, but this puzzle has boxes" in out.stdout

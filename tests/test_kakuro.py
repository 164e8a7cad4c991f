"""Kakuro: the corpus solved and checked, the thesis's techniques, formats and bad input."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import pybridge
from pybridge.engine import swipl
from pybridge.puzzles import kakuro
from pybridge.puzzles.kakuro import KakuroPuzzle

from conftest import ROOT, corpus_jsonl, engine_step

UPC = "kakuro_upc_prop_paucuesta9.jsonl"
KRAZYDAD = "kakuro_krazydad_via_billstclair.jsonl"


def runs_of(p: KakuroPuzzle) -> list[tuple[int, list[int]]]:
    """(sum, flat cell indices) of every run, found here independently of the engine."""
    rows, cols = p.shape
    out = []
    for r in range(rows):
        for c in range(cols):
            cell = p.cells[r][c]
            if isinstance(cell, int):
                continue
            for total, (dr, dc) in ((cell.across, (0, 1)), (cell.down, (1, 0))):
                rr, cc, members = r + dr, c + dc, []
                while rr < rows and cc < cols and p.is_white(rr, cc):
                    members.append(rr * cols + cc)
                    rr, cc = rr + dr, cc + dc
                if total:
                    out.append((total, members))
    return out


def assert_valid_kakuro(p: KakuroPuzzle, values: list[int] | None) -> None:
    assert values is not None
    rows, cols = p.shape
    for i, v in enumerate(values):
        white = p.is_white(i // cols, i % cols)
        assert (1 <= v <= 9) if white else v == 0
    for total, members in runs_of(p):
        digits = [values[i] for i in members]
        assert sum(digits) == total and len(set(digits)) == len(digits), (total, digits)


def known_solution(entry: dict) -> list[int]:
    return [int(ch) if ch.isdigit() else 0 for row in entry["solution"] for ch in row]


# ---------------------------------------------------------------- corpus

@pytest.mark.parametrize("name", [UPC, KRAZYDAD])
def test_corpus_solves_to_the_given_solutions(name):
    checked = 0
    for number, entry in enumerate(corpus_jsonl(name), 1):
        if entry.get("verification") == "invalid":
            continue
        puzzle = kakuro.from_corpus_grid(entry["grid"], name)
        result = pybridge.solve(puzzle, max_solutions=2)
        assert result.status == "solved", (number, result.error)
        assert_valid_kakuro(puzzle, result.values)
        assert result.values == known_solution(entry), number
        checked += 1
    assert checked == {UPC: 147, KRAZYDAD: 200}[name]


def test_upc_original_texts_read_as_the_game_format_and_the_malformed_one_is_reported():
    entries = corpus_jsonl(UPC)
    for entry in entries:
        if entry.get("verification") == "invalid":
            with pytest.raises(pybridge.PuzzleFormatError) as info:
                pybridge.load(entry["original_text"])
            message = str(info.value)
            assert "line 3" in message and "header says 10" in message
            continue
        [p] = pybridge.load(entry["original_text"])
        assert p.cells == kakuro.from_corpus_grid(entry["grid"]).cells
        assert kakuro.to_game(p) == entry["original_text"].rstrip("\n")  # some lack the final newline


# ---------------------------------------------------------------- techniques

def test_combination_table_matches_the_thesis():
    assert swipl.call("combinations", [20, 3], 1) == [[[3, 8, 9], [4, 7, 9], [5, 6, 9], [5, 7, 8]]]
    assert swipl.call("combinations", [20, 3, [7]], 1) == [[[4, 7, 9], [5, 7, 8]]]


@pytest.mark.parametrize("total,length,digits", [
    (3, 2, [1, 2]), (4, 2, [1, 3]), (16, 2, [7, 9]), (17, 2, [8, 9]),
    (6, 3, [1, 2, 3]), (7, 3, [1, 2, 4]), (23, 3, [6, 8, 9]), (24, 3, [7, 8, 9]),
])
def test_magic_sums_have_one_combination(total, length, digits):
    assert swipl.call("combinations", [total, length], 1) == [[digits]]


def grid_shape(rows: list[str]) -> tuple:
    """A Kakuro shape from rows of readable-grid tokens."""
    [p] = pybridge.parse("\n".join(rows), kind="kakuro", fmt="grid")
    return p, p.geometry()


def codes_for(p: KakuroPuzzle, candidates: dict, placed: dict | None = None) -> list[int]:
    """Engine state codes: black 0, placed v, else minus the candidate bits (all 1..9 by default)."""
    rows, cols = p.shape
    codes = []
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if not p.is_white(r - 1, c - 1):
                codes.append(0)
            elif (r, c) in (placed or {}):
                codes.append(placed[(r, c)])
            else:
                values = candidates.get((r, c), range(1, 10))
                codes.append(-sum(1 << (v - 1) for v in values))
    return codes


# 13 in two cells across meets 7 in three cells down at r2c2.
CROSSING = ["#  7\\  #",
            "\\13 .  .",
            "#  .  #",
            "#  .  #"]


def test_crossing_places_the_one_digit_both_runs_allow():
    p, shape = grid_shape(CROSSING)
    status, name, text, placed, _ = engine_step("crossing", shape, codes_for(p, {}))
    assert (status, name, placed) == ("step", "crossing", [(2, 2, 4)])
    # The thesis's example: 13 in two cells across, 7 in three down: only 4 fits both.
    assert "(13 in 2 cells: 4, 5, 6, 7, 8, 9)" in text and "(7 in 3 cells: 1, 2, 4)" in text
    assert "meet at r2c2, which can only be 4" in text


def test_crossing_absent_when_candidates_already_fit():
    p, shape = grid_shape(CROSSING)
    allowed = {(2, 2): {4}, (2, 3): {9}, (3, 2): {1, 2}, (4, 2): {1, 2}}
    assert engine_step("crossing", shape, codes_for(p, allowed))[0] == "stuck"


# 7 in two cells across, crossed by 4 in two cells (r2c2) and 35 in five cells (r2c3).
MULTIPLE = ["#   4\\  35\\",
            "\\7  .   .",
            "\\8  .   .",
            "#   #   .",
            "#   #   .",
            "#   #   ."]


def test_multiple_crossing_keeps_only_one_plus_six():
    p, shape = grid_shape(MULTIPLE)
    start = {(2, 2): {1, 3}, (2, 3): {5, 6}, (3, 2): {1, 3}}
    start.update({(r, 3): {5, 6, 7, 8, 9} for r in range(3, 7)})
    status, name, text, placed, removed = engine_step("multiple_crossing", shape, codes_for(p, start))
    assert (status, name, placed, removed) == ("step", "multiple_crossing", [], [(2, 2, 3), (2, 3, 5)])
    assert "only 1+6" in text


def test_multiple_crossing_absent_when_every_digit_has_a_layout():
    p, shape = grid_shape(MULTIPLE)
    start = {(2, 2): {1}, (2, 3): {6}, (3, 2): {3}, (3, 3): {5}}
    start.update({(r, 3): {7, 8, 9} for r in range(4, 7)})
    assert engine_step("multiple_crossing", shape, codes_for(p, start))[0] == "stuck"


# 7 in three cells across: its only combination is 1+2+4.
ROW7 = ["#  #  #  #",
        "\\7 .  .  ."]


def test_elimination_naked_pair_in_a_run():
    p, shape = grid_shape(ROW7)
    codes = codes_for(p, {(2, 2): {1, 2}, (2, 3): {1, 2, 4}, (2, 4): {1, 2}})
    status, name, _, placed, removed = engine_step("elimination", shape, codes)
    assert (status, name, placed, removed) == ("step", "elimination", [], [(2, 3, 1), (2, 3, 2)])


def test_elimination_absent_without_a_closed_set():
    p, shape = grid_shape(ROW7)
    codes = codes_for(p, {(2, 2): {1, 2, 4}, (2, 3): {1, 2, 4}, (2, 4): {1, 2, 4}})
    assert engine_step("elimination", shape, codes)[0] == "stuck"


def test_hidden_single_run_places_a_required_digit():
    p, shape = grid_shape(ROW7)
    codes = codes_for(p, {(2, 2): {1, 2}, (2, 3): {1, 2, 4}, (2, 4): {1, 2}})
    status, name, _, placed, _ = engine_step("hidden_single_run", shape, codes)
    assert (status, name, placed) == ("step", "hidden_single_run", [(2, 3, 4)])


def test_hidden_single_run_absent_when_the_digit_has_two_places():
    p, shape = grid_shape(ROW7)
    codes = codes_for(p, {(2, 2): {1, 4}, (2, 3): {1, 2, 4}, (2, 4): {1, 2}})
    assert engine_step("hidden_single_run", shape, codes)[0] == "stuck"


def test_last_empty_cell_takes_the_rest_of_the_sum():
    p, shape = grid_shape(ROW7)
    codes = codes_for(p, {(2, 4): {3, 4, 5}}, placed={(2, 2): 1, (2, 3): 2})
    status, name, text, placed, _ = engine_step("last_empty_cell", shape, codes)
    assert (status, name, placed) == ("step", "last_empty_cell", [(2, 4, 4)])
    assert "last empty cell" in text


def test_last_empty_cell_absent_when_two_cells_are_empty():
    p, shape = grid_shape(ROW7)
    codes = codes_for(p, {(2, 3): {2, 4}, (2, 4): {2, 4}}, placed={(2, 2): 1})
    assert engine_step("last_empty_cell", shape, codes)[0] == "stuck"


@pytest.mark.parametrize("name", [UPC, KRAZYDAD])
def test_no_step_removes_a_true_digit(name):
    """Step by step, every technique in turn, on a slice of the corpus (every 30th)."""
    entries = [e for e in corpus_jsonl(name) if e.get("verification") != "invalid"][::30]
    for entry in entries:
        puzzle = kakuro.from_corpus_grid(entry["grid"], name)
        truth = known_solution(entry)
        _, cols = puzzle.shape
        solver = pybridge.Solver(puzzle)
        while (step := solver.step()) is not None:
            for r, c, v in step.eliminations:
                assert truth[(r - 1) * cols + c - 1] != v, (step.text, entry.get("source_id"))
            for r, c, v in step.placements:
                assert truth[(r - 1) * cols + c - 1] == v, step.text
        if solver.solved:
            assert solver.values == truth


# ---------------------------------------------------------------- formats

def test_matrices_and_grid_round_trip():
    for entry in corpus_jsonl(KRAZYDAD)[:20]:
        p = kakuro.from_corpus_grid(entry["grid"])
        for fmt in ("grid", "game", "matrices"):
            text = pybridge.write([p], fmt)
            [back] = pybridge.load(text, kind="kakuro", fmt=fmt)
            assert back.cells == p.cells, fmt
            assert pybridge.load(text)[0].cells == p.cells, f"{fmt} is detected"


def test_matrix_file_pair_loads_by_name(tmp_path):
    p = kakuro.from_corpus_grid(corpus_jsonl(KRAZYDAD)[0]["grid"])
    down, right = kakuro.to_matrices(p).split("\n\n")
    (tmp_path / "k_dolje.txt").write_text(down + "\n")
    (tmp_path / "k_desno.txt").write_text(right + "\n")
    for name in ("k", "k_dolje.txt", "k_desno.txt"):
        [back] = pybridge.load(tmp_path / name)
        assert back.cells == p.cells
    assert pybridge.solve(back).status == "solved"


def test_solution_prints_in_the_readable_layout():
    p = kakuro.from_corpus_grid(corpus_jsonl(UPC)[0]["grid"])
    result = pybridge.solve(p)
    assert str(result).splitlines()[1:] == ["  #  3\\ 11\\", "\\11   2   9", " \\3   1   2"]


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("rows,words", [
    (["#  #  #", "#  .  .", "#  .  ."], "r2c2: the across run that starts here has no clue before it"),
    (["#  2\\ 4\\", "\\3 .  .", "\\4 .  ."], "r1c2: no 2 different digits add up to the down clue 2"),
    (["# 46\\"] + ["\\1 ."] * 6, "r1c2: no 6 different digits add up to the down clue 46"),
    ([" ".join(["#"] * 11), "\\55 " + " ".join(["."] * 10)], "r2c1: the across run is 10 cells long"),
    (["#  3\\ 4\\ #", "\\4 .  .  #", "\\3 .  .  #", "#  #  #  ."], "r4c4: a white cell in no run"),
    (["#  4\\ 6\\", "\\3 1  1", "\\7 .  ."], "value 1 is already given at r2c2"),
    (["#  4\\ 6\\", "\\3 1  3", "\\7 .  ."], "the givens break a rule"),
])
def test_bad_grids_are_invalid_naming_the_cell(rows, words):
    [p] = pybridge.parse("\n".join(rows), "bad.grid", kind="kakuro", fmt="grid")
    result = pybridge.solve(p)
    assert result.status == "invalid", result
    assert words in result.error and result.error.startswith("bad.grid, line 1"), result.error


def test_one_cell_run_is_reported_and_accepted():
    [p] = pybridge.parse("#  3\\  #\n\\3 .  #\n#  #  #", "one.grid", kind="kakuro", fmt="grid")
    result = pybridge.solve(p)
    assert result.status == "solved" and result.values[4] == 3
    assert any("the down clue 3 covers a single cell" in note for note in result.notes), result.notes
    assert "notes" in result.to_json()


def test_clue_without_a_run_is_invalid():
    [p] = pybridge.parse("#  3\\\n\\3  #", "c.grid", kind="kakuro", fmt="grid")
    result = pybridge.solve(p)
    assert result.status == "invalid"
    assert "r1c2: the down clue has no white cell after it" in result.error


@pytest.mark.parametrize("text,words", [
    ("3,3\n*,C3,C4\nF3,?,?\nF4,?\n", "line 4: this row has 2 cells, the header says 3"),
    ("3,3\n*,C3,C4\nF3,?,X\nF4,?,?\n", "line 3, r2c3: 'X' is not a Kakuro cell"),
    ("#  3\\ 4\\\n\\3 .  .\n\\4 .\n", "line 3: this row has 2 cells"),
    ("0 1\n0 0\n\n1 1 1\n0 0 0\n", "the down matrix is 2x2, the right matrix 2x3"),
])
def test_malformed_texts_name_line_and_cell(text, words):
    with pytest.raises(pybridge.PuzzleFormatError) as info:
        pybridge.load(text, kind="kakuro")
    assert words in str(info.value)


def test_cli_json_for_kakuro(tmp_path):
    entry = corpus_jsonl(UPC)[0]
    path = tmp_path / "k.txt"
    path.write_text(entry["original_text"])
    out = subprocess.run([sys.executable, "-m", "pybridge", "solve", str(path), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["kind"] == "kakuro" and data["status"] == "solved"
    assert data["grid"] == [[0, 0, 0], [0, 2, 9], [0, 1, 2]]
    assert {"source", "index", "solutions", "guesses", "techniques", "ms"} <= set(data)


def test_bundled_kakuro_puzzles_solve_in_every_format():
    folder = ROOT / "puzzles" / "kakuro"
    games = sorted(folder.glob("*.txt"))
    games = [g for g in games if not g.name.endswith(("_down.txt", "_right.txt"))]
    assert games, "puzzles/kakuro holds game-format puzzles"
    for game in games:
        [p] = pybridge.load(game)
        [g] = pybridge.load(game.with_suffix(".grid"))
        [m] = pybridge.load(folder / game.stem)
        assert p.cells == g.cells == m.cells
        result = pybridge.solve(p, max_solutions=2)
        assert result.status == "solved"
        assert_valid_kakuro(p, result.values)


def band_sums(p: KakuroPuzzle, codes: list[int]):
    """Every (unknown cells, what they add up to) the innies and outies of a band of rows, then
    of columns, give, in the order the engine looks: worked out here from the runs alone."""
    rows, cols = p.shape
    runs = [(total, members, members[1] - members[0] == 1 if len(members) > 1 else None)
            for total, members in runs_of(p)]
    # a one-cell run's direction: from where its clue sits (not needed for these corpus grids)
    for across, line_of, n in ((True, lambda i: i // cols, rows), (False, lambda i: i % cols, cols)):
        for l1 in range(n):
            for l2 in range(l1, n):
                band = [r for r in runs if r[2] is across and l1 <= line_of(r[1][0]) <= l2]
                if not band:
                    continue
                cells = {i for _, m, _ in band for i in m}
                total = sum(t for t, _, _ in band)
                crossing = [r for r in runs if r[2] is (not across) and cells & set(r[1])]
                inside = [r for r in crossing if set(r[1]) <= cells]
                partial = [r for r in crossing if not set(r[1]) <= cells]
                innies = cells - {i for _, m, _ in inside for i in m}
                outies = {i for _, m, _ in partial for i in m} - cells
                for side, side_total in ((innies, total - sum(t for t, _, _ in inside)),
                                         (outies, sum(t for t, _, _ in crossing) - total)):
                    unknown = sorted(i for i in side if codes[i] < 0)
                    rest = side_total - sum(codes[i] for i in side if codes[i] > 0)
                    if side and 1 <= len(unknown) <= 2:
                        yield unknown, rest


def test_region_sum_innies_and_outies():
    entry = next(e for e in corpus_jsonl(UPC) if e["source_path"] == "data/diff1/9_9/0.txt")
    p = kakuro.from_corpus_grid(entry["grid"], UPC)
    solver = pybridge.Solver(p, "subsets")
    assert solver.propagate() == "stalled"
    status, name, text, placed, removed = engine_step("region_sum", p.geometry(), solver.codes)
    assert (status, name, placed) == ("step", "region_sum", [])
    _, cols = p.shape
    candidates = {i: {v for v in range(1, 10) if -code >> (v - 1) & 1} for i, code in enumerate(solver.codes)
                  if code < 0}
    expected = None
    for unknown, rest in band_sums(p, solver.codes):
        if len(unknown) == 1:
            [i] = unknown
            gone = {(i, v) for v in candidates[i] if v != rest} if rest in candidates[i] else set()
        else:
            a, b = unknown
            same_run = any(a in m and b in m for _, m in runs_of(p))
            gone = {(i, v) for i, j in ((a, b), (b, a)) for v in candidates[i]
                    if not any(v + w == rest and not (same_run and w == v) for w in candidates[j])}
        if gone:
            expected = sorted((i // cols + 1, i % cols + 1, v) for i, v in gone)
            break
    assert removed == expected, text
    truth = known_solution(entry)
    assert all(truth[(r - 1) * cols + c - 1] != v for r, c, v in removed)
    assert "outies of rows 1-4" in text and "add up to 11" in text

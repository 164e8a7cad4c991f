"""Rating: the level is the lowest level whose techniques finish the puzzle (checked here by
solving with those techniques, independently of the rating walk), the score orders puzzles
as an outside rating does, the features are what the grid shows, and `rate` works through
every door on every kind."""
from __future__ import annotations

import csv
import json
import sys

import pytest

import pybridge
from pybridge import LEVELS
from pybridge.solving.rating import rating_ladder
from conftest import ROOT, corpus_file, every_kind_cases
from test_doors import cli
from test_kakuro import runs_of
from test_shell import run_queries

sys.path.insert(0, str(ROOT / "bench"))
from stats import spearman  # noqa: E402


def techniques_up_to(puzzle, level: str) -> list[str]:
    return [name for name, lv in rating_ladder(puzzle) if LEVELS.index(lv) <= LEVELS.index(level)]


def finishes(puzzle, techniques: list[str]) -> bool:
    solver = pybridge.Solver(puzzle, techniques)
    return solver.propagate() == "solved"


def test_the_level_is_the_lowest_whose_techniques_finish_the_puzzle():
    rows = list(csv.DictReader(open(corpus_file("sudoku9_qqwing_generated_1000.csv"))))
    puzzles = [pybridge.load(row["puzzle"])[0] for row in rows[::40]]
    puzzles += [p for p, _ in every_kind_cases()]
    seen = set()
    for puzzle in puzzles:
        r = pybridge.rate(puzzle)
        assert r.ok, puzzle
        seen.add(r.level)
        if r.level == "unreasonable":
            assert r.guesses > 0 and not finishes(puzzle, techniques_up_to(puzzle, "extreme"))
            continue
        assert finishes(puzzle, techniques_up_to(puzzle, r.level)), (puzzle, r)
        if r.level != "trivial":
            below = LEVELS[LEVELS.index(r.level) - 1]
            assert not finishes(puzzle, techniques_up_to(puzzle, below)), (puzzle, r)
        assert dict(rating_ladder(puzzle))[r.hardest] == r.level
        assert sum(r.techniques.values()) == len(r.steps)
    assert {"trivial", "basic", "intermediate", "advanced", "extreme"} <= seen


def test_score_follows_an_outside_rating():
    """Berthier's S+W rating on random minimal puzzles the weights were not tuned on (the
    bench uses rows 2000 on; docs/rating.md has the full figures)."""
    rows = list(csv.DictReader(open(corpus_file("sudoku9_cbg000_first10000_rated.csv"))))[6000:6060]
    ratings = [pybridge.rate(pybridge.load(row["puzzle"])[0]) for row in rows]
    sw = [int(row["sw_rating"]) for row in rows]
    assert spearman([r.score for r in ratings], sw) >= 0.9
    assert spearman([LEVELS.index(r.level) for r in ratings], sw) >= 0.9
    assert spearman([r.se for r in ratings], sw) >= 0.9      # the walk on SE's scale (0.93 here)


def test_first_use_weighs_more_than_repeats_and_guesses_most():
    p = pybridge.load("puzzles/sudoku9.txt")[5]
    r = pybridge.rate(p)
    again = pybridge.rate(p)
    assert (r.level, r.score, r.steps) == (again.level, again.score, again.steps)  # deterministic
    logical = [pybridge.rate(q) for q in pybridge.load("puzzles/sudoku9.txt")]
    hardest = open(corpus_file("sudoku9_forum_hardest_1106.txt")).read().split()[:6]
    guessing = [pybridge.rate(pybridge.load(line)[0], time_limit=30) for line in hardest]
    assert all(x.level != "unreasonable" for x in logical)
    assert all(x.level == "unreasonable" and x.hardest == "guess" and x.guesses > 0 for x in guessing)
    assert min(x.score for x in guessing) > max(x.score for x in logical)
    for x in logical + guessing:  # the score is the steps' weights, a first use weighing more
        assert x.score == recomputed_score(x)


def weight(technique: str, size: int) -> tuple[int, int]:
    from pybridge.engine import swipl
    first, repeat = swipl.call("step_weight", [technique, size], 2)
    assert first > repeat > 0
    return first, repeat


def recomputed_score(r) -> int:
    seen: set[str] = set()
    score = 0
    for technique, size in r.steps:
        first, repeat = weight(technique, size)
        score += repeat if technique in seen else first
        seen.add(technique)
    if r.guesses:
        first, repeat = weight("guess", 0)
        score += first + repeat * (r.guesses - 1)
    return score


def test_kakuro_and_futoshiki_features():
    p = pybridge.load("puzzles/kakuro/medium.grid")[0]
    f = pybridge.rate(p).features
    rows, cols = p.shape
    white = sum(1 for row in p.cells for c in row if isinstance(c, int))
    lengths = [len(members) for _, members in runs_of(p)]
    assert f["cells"] == white and f["white_share"] == pytest.approx(white / (rows * cols))
    assert f["mean_run"] == pytest.approx(sum(lengths) / len(lengths)) and f["longest_run"] == max(lengths)
    assert 0 <= f["fixed_by_propagation"] <= white and 1 <= f["candidates_per_cell"] <= 9
    for q in pybridge.load("puzzles/futoshiki/unequal.txt") + pybridge.load("puzzles/futoshiki/adjacent.txt"):
        features = pybridge.rate(q).features
        pairs = 2 * q.size * (q.size - 1)
        assert features["sign_density"] == pytest.approx(len(q.signs) / pairs)
        if q.adjacent is not None:
            assert features["mark_density"] == pytest.approx(len(q.adjacent) / pairs)


def test_puzzles_without_one_solution_are_not_rated():
    multiple, none, clash = (pybridge.load(t)[0] for t in
                             ("12..34..........", "12345678." + "........9" + "." * 63, "11.............."))
    assert pybridge.rate(multiple).status == "multiple"
    assert pybridge.rate(none).status == "unsolvable"
    bad = pybridge.rate(clash)
    assert bad.status == "invalid" and bad.error == pybridge.solve(clash).error and bad.level is None


def test_the_outside_scales_read_as_qqwing_labels():
    """On Sudoku Explainer's scale singles are at most 2.3 and pairs and intersections 2.6 to
    4.0; HoDoKu calls puzzles of singles easy and those of pairs and intersections medium.
    qqwing's labels say which a puzzle needs: simple and easy singles, intermediate pairs and
    intersections, expert more (its solver then guesses)."""
    rows = list(csv.DictReader(open(corpus_file("sudoku9_qqwing_generated_1000.csv"))))[::50]
    for row in rows:
        r = pybridge.rate(pybridge.load(row["puzzle"])[0])
        assert r.se is not None and r.hodoku_score is not None and r.hodoku_score > 0, r
        if row["difficulty"] in ("simple", "easy"):
            assert (r.hodoku_level, r.se <= 2.3) == ("easy", True), (row, r.se)
        elif row["difficulty"] == "intermediate":
            assert (r.hodoku_level, 2.6 <= r.se <= 4.0) == ("medium", True), (row, r.se)
        else:
            assert r.hodoku_level in ("medium", "hard", "unfair", "extreme") and r.se >= 2.6, (row, r.se)
    hardest = corpus_file("sudoku9_forum_hardest_1106.txt").read_text().split()[0]
    r = pybridge.rate(pybridge.load(hardest)[0])
    assert (r.level, r.se, r.hodoku_level) == ("unreasonable", 9.5, "extreme")


def test_the_outside_scales_only_for_the_grid_they_rate():
    """SE and HoDoKu rate the standard 9x9 grid only: no reading for any other kind, in the
    text `rate` prints, its JSON, the Rating and the shell."""
    others = ["puzzles/sudoku4.txt", "puzzles/jigsaw9_solo.txt", "puzzles/sudoku_x_solo.txt",
              "puzzles/futoshiki/unequal.txt", "puzzles/kakuro/medium.txt"]
    nine = pybridge.load("puzzles/sudoku9_expert.sdk")
    ratings = [pybridge.rate(p) for p in nine]
    records = [json.loads(line) for line in cli("rate", "puzzles/sudoku9_expert.sdk", *others, "--json").stdout.splitlines()]
    assert [(r["se"], r["hodoku_level"], r["hodoku_score"]) for r in records[:len(nine)]] == \
        [(r.se, r.hodoku_level, r.hodoku_score) for r in ratings]
    assert all(isinstance(r["se"], float) for r in records[:len(nine)])
    assert len(records) > len(nine) and all(r["se"] is None and r["status"] == "rated" for r in records[len(nine):])
    text = cli("rate", "puzzles/sudoku9_expert.sdk", *others).stdout
    lines = [f"on outside scales: SE {r.se:.1f}, HoDoKu {r.hodoku_level} (score {r.hodoku_score})" for r in ratings]
    assert [line for line in text.splitlines() if line.startswith("on outside scales")] == lines
    outputs = run_queries(["load_puzzle('puzzles/sudoku9_expert.sdk')", "rate"])
    assert outputs[1][1] == lines[0]


@pytest.mark.parametrize("name", ["puzzles/sudoku4.txt", "puzzles/sudoku6_grid.txt", "puzzles/jigsaw9_solo.txt",
                                  "puzzles/sudoku_x_solo.txt", "puzzles/sudoku9_expert.sdk",
                                  "puzzles/futoshiki/unequal.txt", "puzzles/futoshiki/adjacent.grid",
                                  "puzzles/futoshiki/greater_than_sudoku.grid", "puzzles/kakuro/medium.grid",
                                  "puzzles/kakuro/medium.txt", "puzzles/kakuro/small"])
def test_rate_command_on_every_kind_and_format(name):
    out = cli("rate", name, "--json")
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and records and all(r["status"] == "rated" and r["level"] in LEVELS for r in records)
    puzzles = pybridge.load(name)
    assert [r["level"] for r in records] == [pybridge.rate(p).level for p in puzzles]


def test_rate_command_text_stdin_and_errors():
    out = cli("rate", "-", stdin="...24......32...\n12..34..........\n11..............\n")
    assert out.returncode == 1
    assert "trivial (score" in out.stdout and "not rated: the puzzle has more than one solution" in out.stdout
    assert "invalid: <stdin>, line 3: r1c2: value 1 is already given at r1c1" in out.stdout
    assert "Traceback" not in out.stderr
    csv_text = "puzzle,solution\n...24......32...,3142423114232314\n"
    out = cli("rate", "-", "--json", stdin=csv_text)
    assert out.returncode == 0 and json.loads(out.stdout)["level"] == "trivial"
    missing = cli("rate", "nothere.txt")
    assert missing.returncode == 1 and missing.stderr == "puzzlog: nothere.txt: no such file\n"


def test_rate_in_the_shell():
    outputs = run_queries(["load_puzzle('puzzles/sudoku4.txt')", "rate", "clear_puzzle", "rate"])
    level = pybridge.rate(pybridge.load("puzzles/sudoku4.txt")[0])
    assert outputs[1][0] == f"{level.level} (score {level.score}): hardest {level.hardest}"
    assert [line.split() for line in outputs[1][1:]] == [[n, str(c)] for n, c in level.techniques.items()]
    assert outputs[3][-1] == "false"

"""Practice positions as a learner and a teacher meet them: every position handed out has its
technique as the ladder's next step (checked here one technique at a time, apart from the walk
that found it), replaying the steps before it from the givens gives it, and the answer check
takes the step in any order, says what a partial answer misses and refuses a wrong one."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import pybridge
from pybridge.library.store import Library
from pybridge.solving.solver import Position
from pybridge.teaching.practice import PracticeError, check_answer, positions_in, practice, shipped_bank
from conftest import ROOT, engine_step

LADDER = [name for name, _ in pybridge.ladder()]


def assert_next_on_ladder(p) -> None:
    """No technique before p.technique on the ladder has a step in the position; it has."""
    geometry, codes = p.puzzle.geometry(), p.position.codes
    for easier in LADDER[:LADDER.index(p.technique)]:
        status, *_ = engine_step(easier, geometry, codes)
        assert status == "stuck", f"{easier} applies before {p.technique} in {p!r}"
    status, name, _text, placed, removed = engine_step(p.technique, geometry, codes)
    assert (status, name) == ("step", p.technique)


def assert_a_true_position(p) -> None:
    assert p.step.technique == p.technique
    assert p.replay().codes == p.position.codes, "the steps before do not lead to the position"
    assert_next_on_ladder(p)


def changes(p) -> list[tuple]:
    if p.step.placements:
        return [("p", *t) for t in p.step.placements]
    return [("r", *t) for t in p.step.eliminations]


@pytest.mark.parametrize("technique", ["pointing", "naked_pair", "x_wing", "xy_wing"])
def test_sudoku_positions_have_the_technique_next(technique):
    positions = practice(technique, count=2, seed=3, time_limit=120)
    assert len(positions) == 2 and positions[0].puzzle.givens != positions[1].puzzle.givens
    for p in positions:
        assert_a_true_position(p)


@pytest.mark.parametrize("kind, technique", [("killer", "cage_splitting"), ("kakuro", "crossing"),
                                             ("futoshiki", "inequality_bounds"), ("futoshiki", "x_wing")])
def test_other_kinds_positions_come_from_the_shipped_bank(kind, technique):
    if not any(technique in e.techniques for e in shipped_bank(kind)):
        pytest.fail(f"the shipped {kind} bank has no puzzle for {technique}: remake it (bench/practice_bank.py)")
    [p] = practice(technique, count=1, kind=kind, seed=1, generate=False)
    assert p.source == "bank" and p.puzzle.kind == kind
    assert_a_true_position(p)


def test_the_answer_check_takes_the_step_in_any_order_and_refuses_a_wrong_one():
    [p] = practice("x_wing", count=1, seed=5, time_limit=120)
    made = changes(p)
    assert len(made) >= 1
    shuffled = made[:]
    random.Random(1).shuffle(shuffled)
    assert p.check(shuffled).verdict == "right"
    text = " ".join(f"r{r}c{c}-{v}" for _, r, c, v in reversed(made))
    assert p.check(text).right
    if len(made) > 1:
        partial = p.check(made[1:])
        assert partial.verdict == "partial" and made[0] in partial.missing
        assert f"r{made[0][1]}c{made[0][2]}-{made[0][3]}" in str(partial)
    # a candidate the x-wing does not touch: some other cell's candidate
    codes, cols = p.position.codes, p.puzzle.shape[1]
    untouched = next((("r", i // cols + 1, i % cols + 1, v) for i, code in enumerate(codes) if code < 0
                      for v in range(1, 10) if -code & (1 << (v - 1))
                      and ("r", i // cols + 1, i % cols + 1, v) not in made), None)
    wrong = p.check(made + [untouched])
    assert wrong.verdict == "wrong" and wrong.extra == [untouched]
    assert p.check("r1c1=9 r1c1=8").verdict == "wrong"


def test_a_placement_step_is_answered_by_its_placement_removals_allowed():
    [p] = practice("hidden_single_box", count=1, seed=2, time_limit=60)
    [(r, c, v)] = p.step.placements
    assert p.check(f"r{r}c{c}={v}").right
    some = p.step.eliminations[:2]
    assert p.check([("p", r, c, v)] + [("r", *t) for t in some]).right


def test_a_technique_that_cannot_fire_is_refused_at_once():
    with pytest.raises(PracticeError, match="never fires in futoshiki"):
        practice("pointing", kind="futoshiki")
    with pytest.raises(pybridge.UnknownTechniqueError, match="unknown technique"):
        practice("x_wings")


def test_a_library_bank_fills_from_new_puzzles_and_serves_them(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    made = practice("pointing", count=2, seed=11, library=lib, bank=False)
    assert {p.source for p in made} == {"generated"}
    counts = lib.practice_count("sudoku")
    assert counts["pointing"] >= 1 and counts["naked_single"] >= counts["pointing"]
    again = practice("pointing", count=2, seed=11, library=lib, bank=False, generate=False)
    assert {p.source for p in again} == {"library"}
    assert {p.puzzle.givens_text() for p in again} == {p.puzzle.givens_text() for p in made}
    for p in again:
        assert_a_true_position(p)


def test_a_library_bank_keeps_positions_and_serves_them_without_a_walk_while_still_true(tmp_path, monkeypatch):
    """A position found once is kept beside its puzzle and served again without walking the
    puzzle (the 1 s warm-bank target), but only while the engine finds the technique next
    there: a kept position where it is not is forgotten and its puzzle walked again."""
    import pybridge.teaching.practice as practising
    lib = Library(tmp_path / "lib.sqlite")
    for entry in shipped_bank("sudoku"):
        if "x_wing" in entry.techniques:
            lib.practice_put("x_wing", "sudoku", entry.level, entry.text)
    first = practice("x_wing", count=2, seed=2, library=lib, bank=False, generate=False)
    kept = [row for row in lib.practice_puzzles("x_wing", "sudoku") if row[2] is not None]
    assert len(kept) == 2
    walked = []
    real_positions_in = practising.positions_in
    monkeypatch.setattr(practising, "positions_in", lambda *a, **k: walked.append(a) or real_positions_in(*a, **k))
    again = practice("x_wing", count=2, seed=7, library=lib, bank=False, generate=False)
    assert walked == [] and {p.source for p in again} == {"library"}
    assert {p.puzzle.givens_text() for p in again} == {p.puzzle.givens_text() for p in first}
    for p in again:
        assert_a_true_position(p)
        assert p.check(changes(p)).right
    # A kept position where x_wing is not next (the puzzle's start: singles come first) is
    # not served; the puzzle is walked again and its true position kept in its place.
    text = kept[0][0]
    puzzle = pybridge.parse(text)[0]
    start = practising.PracticePosition("x_wing", puzzle, [], practising.Position(puzzle, practising.Solver(puzzle).codes),
                                        again[0].step)
    lib.practice_put("x_wing", "sudoku", kept[0][1], text, position=practising.pack_position(start))
    only = [row for row in lib.practice_puzzles("x_wing", "sudoku") if row[0] == text]
    monkeypatch.setattr(lib, "practice_puzzles", lambda *a: only)
    [p] = practice("x_wing", count=1, library=lib, bank=False, generate=False)
    assert walked and p.puzzle.givens_text() == pybridge.parse(text)[0].givens_text()
    assert_a_true_position(p)
    monkeypatch.undo()
    [(_, _, repacked)] = [row for row in lib.practice_puzzles("x_wing", "sudoku") if row[0] == text]
    assert repacked == practising.pack_position(p)


def test_workers_make_and_walk_new_puzzles_and_the_library_keeps_them(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    made = practice("box_line", count=2, seed=4, bank=False, jobs=2, library=lib, time_limit=120)
    assert [p.source for p in made] == ["generated", "generated"]
    for p in made:
        assert_a_true_position(p)
    assert lib.practice_count("sudoku")["box_line"] >= 2


def test_a_walk_names_each_technique_once_in_ladder_order_of_first_use():
    text = (ROOT / "puzzles" / "sudoku9.txt").read_text().splitlines()[-1]
    found = positions_in(text, "sudoku", [])
    names = [p.technique for p in found]
    assert len(names) == len(set(names)) and names[0] in ("naked_single", "cross_hatching")
    assert [len(p.before) for p in found] == sorted(len(p.before) for p in found)
    for p in found:
        assert p.replay().codes == p.position.codes


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_the_command_shows_a_position_and_checks_an_answer():
    shown = cli("practice", "x_wing", "--seed", "4", "--show", "3")
    assert shown.returncode == 0, shown.stderr
    assert "x wing: the next step after" in shown.stdout and "The step: x wing:" in shown.stdout
    data = json.loads(cli("practice", "x_wing", "--seed", "4", "--json").stdout)
    answer = " ".join(f"r{r}c{c}-{v}" for r, c, v in data["step"]["eliminations"])
    right = cli("practice", "x_wing", "--seed", "4", "--answer", answer)
    assert right.returncode == 0 and right.stdout.strip() == "Right: that is the step."
    wrong = cli("practice", "x_wing", "--seed", "4", "--answer", "r1c1=1 banana")
    assert wrong.returncode == 1 and "cannot read 'banana'" in wrong.stderr and "Traceback" not in wrong.stderr


def test_an_explanation_fills_a_library_bank_that_practice_then_serves(tmp_path):
    """`puzzlog explain --db` keeps the positions where each technique is first next; `puzzlog
    practice --db` then serves them (checked afresh), before the shipped bank."""
    db = str(tmp_path / "lib.sqlite")
    shown = cli("explain", "puzzles/sudoku9.txt", "--index", "5", "--db", db)
    assert shown.returncode == 0, shown.stderr
    [kept] = [line for line in shown.stdout.splitlines() if line.startswith("kept in the practice bank")]
    assert "finned_swordfish" in kept and "swordfish" in kept
    data = json.loads(cli("practice", "finned_swordfish", "--db", db, "--json").stdout)
    [p] = pybridge.load("puzzles/sudoku9.txt")[5:6]
    assert data["source"] == "library" and data["puzzle"] == p.givens_text()
    [position] = positions_in(p.givens_text(), "sudoku", ["finned_swordfish"])
    assert data["codes"] == position.position.codes and len(data["before"]) == len(position.before)
    refused = cli("explain", "puzzles/sudoku9.txt", "--db", db, "--techniques", "subsets")
    assert refused.returncode == 2 and "cannot go with --techniques" in refused.stderr


def test_a_batch_of_ratings_fills_a_library_bank_from_its_workers(tmp_path):
    """`puzzlog rate FILES --db PATH` on two worker processes, its records in a file: each
    worker explains what it rates, and the positions where each technique is first next are
    kept in the bank, which `practice --db` serves as an explanation's (the same position)."""
    db, out = str(tmp_path / "lib.sqlite"), str(tmp_path / "ratings.jsonl")
    rated = cli("rate", "puzzles/sudoku9.txt", "--db", db, "--jobs", "2", "--output", out)
    assert rated.returncode == 0, rated.stderr
    [said] = [line for line in rated.stderr.splitlines() if line.startswith("kept in the practice bank")]
    assert "finned_swordfish 1" in said and len((tmp_path / "ratings.jsonl").read_text().splitlines()) == 10
    data = json.loads(cli("practice", "finned_swordfish", "--db", db, "--json").stdout)
    [p] = pybridge.load("puzzles/sudoku9.txt")[5:6]
    assert data["source"] == "library" and data["puzzle"] == p.givens_text() and data["level"] == "extreme"
    [position] = positions_in(p.givens_text(), "sudoku", ["finned_swordfish"])
    assert data["codes"] == position.position.codes and len(data["before"]) == len(position.before)
    refused = cli("rate", "puzzles/sudoku9.txt", "--db", db, "--rules", "docs/lessons/rules/full_house.pl")
    assert refused.returncode == 2 and "cannot go with --rules" in refused.stderr


def test_a_students_rule_is_practised_where_it_is_the_next_step(tmp_path):
    """Lesson 5's flow: write x_wing_columns in a file, ask for positions of it; each is one
    where, with the rule on the ladder, it comes next (before the engine's x_wing), its step is
    a column X-Wing, and the answer check takes the rule's step."""
    mine = tmp_path / "my_rules.pl"
    mine.write_text((ROOT / "docs/lessons/solutions/x_wing_columns.pl").read_text())
    out = cli("practice", "x_wing_columns", "--rules", str(mine), "--json", "--time-limit", "120")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.splitlines()[0])
    assert data["technique"] == "x_wing_columns" and data["step"]["technique"] == "x_wing_columns"
    [p] = pybridge.parse(data["puzzle"])
    codes = data["codes"]
    # no engine technique before the x-wing's rung applies there ...
    for easier in LADDER[:LADDER.index("x_wing")]:
        assert engine_step(easier, p.geometry(), codes)[0] == "stuck", easier
    # ... and the step is an X-Wing with columns as the base, seen from the candidates alone
    [v] = {v for _, _, v in data["step"]["eliminations"]}
    has = lambda r, c: codes[(r - 1) * 9 + c - 1] < 0 and -codes[(r - 1) * 9 + c - 1] & (1 << (v - 1))  # noqa: E731
    cols = [c for c in range(1, 10) if sum(bool(has(r, c)) for r in range(1, 10)) == 2]
    rows_of = {c: tuple(r for r in range(1, 10) if has(r, c)) for c in cols}
    removed = {(r, c) for r, c, _ in data["step"]["eliminations"]}
    assert any(rows_of[a] == rows_of[b] and all(r in rows_of[a] and c not in (a, b) for r, c in removed)
               for a in cols for b in cols if a < b)
    # the answer is checked against the rule's own steps there (the CLI's --answer does this)
    rules = (pybridge.load_rules(str(mine)).path,)
    position = Position(p, codes)
    assert check_answer(position, "x_wing_columns", [tuple(e) for e in data["step"]["eliminations"]], rules).right
    assert check_answer(position, "x_wing_columns", "r1c1=1", rules).verdict == "wrong"

"""Rules of your own: a rules file is checked, loaded and put on the ladder through all three
doors (Python, the command line, the shell); a file that breaks a rule of rules files is refused
with its file, line and reason and leaves the engine as it was; a rule that loops or gives a
malformed step is stopped with a message naming it."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pybridge
from conftest import ROOT, assert_valid_solution

FULL_HOUSE = ROOT / "docs" / "lessons" / "rules" / "full_house.pl"
BAD = ROOT / "tests" / "rules"
LESSON_SOLUTIONS = ROOT / "docs" / "lessons" / "solutions"
SUDOKU9 = ROOT / "puzzles" / "sudoku9.txt"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def full_house_steps(explanation: pybridge.Explanation) -> list[pybridge.Step]:
    return [step for step in explanation.steps if step.technique == "full_house"]


def test_python_loads_the_rule_and_it_fires_soundly():
    rules = pybridge.load_rules(FULL_HOUSE)
    assert rules.techniques == ("full_house",)
    puzzle = pybridge.load(SUDOKU9)[0]
    explanation = pybridge.explain(puzzle, rules=rules)
    assert explanation.status == "solved"
    assert_valid_solution(puzzle, explanation.values)
    fired = full_house_steps(explanation)
    assert fired and all(len(step.placements) == 1 for step in fired)
    solution = explanation.values
    for step in fired:  # each placement is the solution's value
        (r, c, v), = step.placements
        assert solution[(r - 1) * 9 + c - 1] == v
    assert not full_house_steps(pybridge.explain(puzzle))  # only where the rules are named
    rating = pybridge.rate(puzzle, rules=rules)
    assert rating.techniques.get("full_house", 0) > 0 and "full_house" not in pybridge.rate(puzzle).techniques
    solver = pybridge.Solver(puzzle, rules=str(FULL_HOUSE))
    assert "full_house" in solver.techniques and solver.techniques.index("full_house") == 0


def test_command_line_takes_rules():
    out = cli("explain", "--rules", str(FULL_HOUSE), str(SUDOKU9))
    assert out.returncode == 0, out.stderr
    assert "full house: r7c7" in out.stdout
    ladder = cli("techniques", "--rules", str(FULL_HOUSE)).stdout.splitlines()
    assert ladder[1].split() == ["1", "full_house", "(yours)"]
    rated = cli("rate", "--rules", str(FULL_HOUSE), str(SUDOKU9))
    assert "full house" in rated.stdout.splitlines()[2]


def test_shell_takes_rules():
    goal = (f"use_rules('{FULL_HOUSE}'), load_puzzle('puzzles/sudoku9.txt', 0), "
            "with_output_to(string(S), steps), sub_string(S, _, _, _, \"full house: r7c7\")")
    out = subprocess.run(["swipl", "-q", "-g", "consult('prolog/puzzlog.pl')", "-g", goal, "-t", "halt"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("full_house joins the ladder at difficulty 1")


REFUSED = [
    ("syntax_error.pl", 4, "Syntax error"),
    ("undefined_helper.pl", 3, "calls pointing_cells/2, which is defined nowhere"),
    ("redefines_element.pl", 5, "defines element/3, which is the engine's"),
    ("engine_name.pl", 1, "naked_single is already a technique of the engine's ladder"),
    ("retracts.pl", 3, "calls retract/1, which changes the facts"),
    ("runs_a_goal.pl", 1, "would run when the file loads"),
]


@pytest.mark.parametrize("name, line, reason", REFUSED)
def test_a_bad_rules_file_is_refused_and_changes_nothing(name, line, reason):
    before = pybridge.ladder()
    with pytest.raises(pybridge.RulesError) as caught:
        pybridge.load_rules(BAD / name)
    error = caught.value
    assert (Path(error.file).name, error.line) == (name, line) and reason in error.reason, str(error)
    assert str(error).startswith(f"{error.file}:{line}: ")
    assert pybridge.ladder() == before
    assert not Path("/tmp/puzzlog-was-here").exists() or name != "runs_a_goal.pl"
    out = cli("explain", "--rules", str(BAD / name), str(SUDOKU9))
    assert out.returncode == 1 and f"{name}:{line}: " in out.stderr and "Traceback" not in out.stderr


def test_a_file_is_loaded_again_when_it_changes(tmp_path):
    rules = tmp_path / "mine.pl"
    text = FULL_HOUSE.read_text()
    rules.write_text(text)
    puzzle = pybridge.load(SUDOKU9)[0]
    assert pybridge.Solver(puzzle, rules=rules).techniques[0] == "full_house"
    rules.write_text(text.replace("difficulty(1), order(5)", "difficulty(9)"))
    later = pybridge.Solver(puzzle, rules=rules).techniques
    assert later[0] != "full_house" and later.index("full_house") > later.index("x_wing")


def test_a_rule_that_loops_is_stopped_by_the_time_limit_and_named():
    puzzle = pybridge.load(SUDOKU9)[0]
    with pytest.raises(pybridge.RuleStoppedError, match="your rule loopy was stopped by the time limit"):
        pybridge.explain(puzzle, rules=BAD / "loops.pl", time_limit=0.5)
    assert pybridge.explain(puzzle).status == "solved"  # the engine goes on


def test_a_malformed_step_is_named():
    puzzle = pybridge.load(SUDOKU9)[0]
    with pytest.raises(pybridge.RuleStoppedError, match=r"your rule sloppy gave placed\("):
        pybridge.Solver(puzzle, rules=BAD / "malformed.pl").step()


def test_each_step_shows_the_clause_that_found_it():
    puzzle = pybridge.load(SUDOKU9)[0]
    explanation = pybridge.explain(puzzle, rules=FULL_HOUSE, show_rules=True)
    source = FULL_HOUSE.read_text().splitlines()
    mine = full_house_steps(explanation)
    for step in mine:
        rule = step.rule
        assert (Path(rule.file), rule.line) == (FULL_HOUSE, 6)
        assert rule.clause.splitlines()[0] == source[5] and rule.clause.splitlines()[-1] == source[-1]
        (r, c, v), = step.placements
        # the facts matched hold in the position the step starts from: the candidate it places
        matched = [f for f in rule.facts if f.startswith("possibility(")]
        assert matched and matched[-1].startswith(f"possibility({r},{c},") and matched[-1].endswith(f",{v})")
        code = step.position.codes[(r - 1) * 9 + c - 1]
        assert code < 0 and -code & (1 << (v - 1))  # a candidate there, in the engine's codes
    assert all(step.rule is None for step in explanation.steps if step.technique != "full_house")  # yours only
    everywhere = pybridge.explain(puzzle, rules=FULL_HOUSE, show_rules="all")
    engine_rules = {step.technique: step.rule for step in everywhere.steps if step.kind == "step"}
    assert engine_rules["naked_single"].file.endswith("prolog/techniques/singles.pl")
    out = cli("explain", "--rules", str(FULL_HOUSE), "--show-rules", str(SUDOKU9))
    lines = out.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "full house: r7c7" in line)
    assert lines[at + 1].strip() == "the rule, docs/lessons/rules/full_house.pl:6:"
    assert lines[at + 2].strip() == source[5].strip()
    data = cli("explain", "--rules", str(FULL_HOUSE), "--show-rules", "--json", str(SUDOKU9)).stdout
    assert '"rule": {"file": "' in data and '"line": 6' in data


def test_the_shell_shows_the_rule_and_its_bindings():
    queries = [f"use_rules('{FULL_HOUSE}')", "load_puzzle('puzzles/sudoku9.txt', 0)", "step, step, step, step",
               "trace_rule(full_house)", "step", "why(7, 7, 4)"]
    program = "run :- forall(member(Q, [" + ", ".join(f"({q})" for q in queries) + \
        "]), (format('@@~n'), (catch(Q, E, (print_message(error, E), fail)) -> true ; writeln(false))))."
    out = subprocess.run(["swipl", "-q", "-g", "consult('prolog/puzzlog.pl')", "-g", f"assertz(({program[:-1]}))",
                          "-g", "run", "-t", "halt"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    chunks = out.stdout.split("@@\n")[1:]
    assert chunks[3].splitlines() == ["firing 1 (line 6): U = col(7), R = 7, C = 7, V = 4",
                                      "  gives step(full_house,unit(col(7)),[p(7,7,4)],[])"], out.stdout + out.stderr
    why = chunks[5].splitlines()
    assert why[0].startswith("r7c7 = 4: step 5, full house: r7c7")
    assert why[1] == f"  the rule, {FULL_HOUSE.relative_to(ROOT)}:6:"
    assert why[-1] == "  it matched: [complete_unit(col(7)),possibility(7,7,9,4)]"


SUDOKU9_SET = [("sudoku9", SUDOKU9)]


@pytest.mark.parametrize("name", ["off_by_one.pl", "wrong_unit.pl", "removes_answer.pl"])
def test_an_unsound_rule_is_caught_with_a_counterexample(name):
    report = pybridge.check_rule(BAD / name, sets=SUDOKU9_SET, limit=4)
    technique, = report.techniques
    assert not report.sound and technique.fired > 0
    example = technique.unsound
    solution = pybridge.solve(example.puzzle).values
    cols = example.puzzle.shape[1]
    kind, r, c, v = example.wrong
    assert example.right == solution[(r - 1) * cols + c - 1]
    assert (v != example.right) if kind == "p" else (v == example.right)  # it does go against the solution
    for i, code in enumerate(example.codes):  # the position is one of a sound walk: the solution is still in it
        assert code == solution[i] or (code < 0 and -code & (1 << (solution[i] - 1)))
    assert example.picture().startswith("<svg") and "UNSOUND" in str(report)
    out = cli("check-rule", str(BAD / name), "--corpus", str(SUDOKU9), "--limit", "2")
    assert out.returncode == 1 and "UNSOUND" in out.stdout and example.reason() in out.stdout


@pytest.mark.parametrize("path", [LESSON_SOLUTIONS / "x_wing_columns.pl", FULL_HOUSE])
def test_a_rule_the_engine_already_has_adds_nothing(path):
    report = pybridge.check_rule(path, sets=SUDOKU9_SET, limit=3)
    technique, = report.techniques
    assert report.sound and technique.fired > 0 and technique.adds_nothing and technique.new is None
    assert "adds nothing" in str(report)


def test_a_rule_below_its_true_rung_finds_something_new(tmp_path):
    early = tmp_path / "early_x_wing.pl"   # the lesson's X-Wing, declared as easy as a hidden single
    early.write_text((LESSON_SOLUTIONS / "x_wing_columns.pl").read_text().replace("x_wing_columns", "early_x_wing")
                     .replace("difficulty(6), order(205), level(advanced)", "difficulty(2)"))
    report = pybridge.check_rule(early, sets=SUDOKU9_SET, limit=3)
    technique, = report.techniques
    assert report.sound and not technique.adds_nothing and technique.redundant < technique.fired
    puzzle, codes, step = technique.new
    assert step.startswith("early x wing: ") and len(codes) == 81
    data = cli("check-rule", str(early), "--corpus", str(SUDOKU9), "--limit", "1", "--json")
    assert data.returncode == 0 and '"adds_nothing": false' in data.stdout


def test_the_shell_checks_a_rule():
    out = subprocess.run(["swipl", "-q", "-g", "consult('prolog/puzzlog.pl')", "-g",
                          f"check_rule('{BAD / 'removes_answer.pl'}', sudoku4)", "-t", "halt"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    lines = out.stdout.splitlines()
    assert lines[0].startswith("smaller_of_two: fired in ") and lines[1].startswith("  UNSOUND: smaller of two: ")


def test_the_shell_gives_the_command_lines_verdicts_on_every_kind():
    def shell(query: str) -> str:
        return subprocess.run(["swipl", "-q", "prolog/puzzlog.pl"], cwd=ROOT, capture_output=True, text=True,
                              timeout=300, input=query + "\n").stdout
    backwards = str(BAD / "sign_backwards.pl")
    no_signs = shell(f"check_rule('{backwards}', sudoku4).")   # a kind with no signs: it never fires
    assert "  NOT SHOWN SOUND: it never fired, so nothing it does was checked" in no_signs
    assert "  sound:" not in no_signs and "true ;" not in no_signs
    every = shell(f"check_rule('{backwards}').")
    assert "  UNSOUND: smaller side not one: " in every and "    it matched: R1 = " in every
    for kind in ("sudoku4", "killer", "samurai", "futoshiki", "kakuro", "jigsaw", "greater-than"):
        assert re.search(rf"^  {kind}: asked in \d+ positions", every, re.M), kind
    # the command line's verdict on 9x9 alone: test_never_fired_is_not_sound


def solution_of(puzzle) -> list[int]:
    result = pybridge.solve(puzzle)
    assert result.status == "solved"
    return result.values


@pytest.mark.parametrize("rules,words", [
    ("removes_answer.pl", r"step \d+: your rule smaller_of_two removed (\d) from r(\d)c(\d), but the solution has \1 there"),
    ("places_non_candidate.pl", r"step \d+: your rule wishful_single placed (\d) in r(\d)c(\d), which is not a candidate"),
])
def test_a_false_step_is_left_out_and_named(rules, words):
    puzzle = pybridge.load(SUDOKU9)[0]
    solution = solution_of(puzzle)
    explanation = pybridge.explain(puzzle, rules=pybridge.load_rules(BAD / rules))
    assert explanation.status == "solved" and explanation.values == solution   # never "no solution"
    assert explanation.false_steps, "the false steps were not named"
    for text in explanation.false_steps:
        found = re.fullmatch(words + r".*", text)
        assert found, text
        value, r, c = map(int, found.groups())
        if "removed" in text:
            assert solution[(r - 1) * 9 + c - 1] == value
        else:
            assert solution[(r - 1) * 9 + c - 1] != value
    for step in explanation.steps:       # what was applied is true of the solution
        for r, c, v in step.placements:
            assert solution[(r - 1) * 9 + c - 1] == v
        for r, c, v in step.eliminations:
            assert solution[(r - 1) * 9 + c - 1] != v
    rating = pybridge.rate(puzzle, rules=BAD / rules)
    assert not rating.valid and "not a valid rating" in rating.summary()
    assert pybridge.rate(puzzle).valid


def test_the_command_line_and_the_shell_name_the_false_step():
    out = cli("explain", "--rules", str(BAD / "removes_answer.pl"), str(SUDOKU9))
    assert out.returncode == 0 and "steps of your rules left out:" in out.stdout
    assert re.search(r"step \d+: your rule smaller_of_two removed \d from r\dc\d, but the solution has", out.stdout)
    rated = cli("rate", "--rules", str(BAD / "removes_answer.pl"), str(SUDOKU9))
    assert "not a valid rating" in rated.stdout
    shell = subprocess.run(["swipl", "-q", str(ROOT / "prolog" / "puzzlog.pl")], cwd=ROOT, capture_output=True,
                           text=True, timeout=300,
                           input="use_rules('tests/rules/removes_answer.pl').\n"
                                 "load_puzzle('puzzles/sudoku9.txt', 0).\nsteps.\n")
    assert "Left out: your rule smaller_of_two removed" in shell.stdout, shell.stdout[-2000:]
    assert "true ;" not in shell.stdout                       # use_rules leaves no choice point


def test_a_refused_reload_keeps_the_version_loaded(tmp_path):
    mine = tmp_path / "mine.pl"
    mine.write_text(FULL_HOUSE.read_text().replace("full_house", "my_full_house"))
    first = pybridge.load_rules(mine)
    puzzle = pybridge.load(SUDOKU9)[0]
    assert "my_full_house" in pybridge.Solver(puzzle, rules=first).techniques
    good = mine.read_text()
    mine.write_text(good + "\nmy_helper(X) :- shell(X).\n")
    os.utime(mine, (mine.stat().st_atime, mine.stat().st_mtime + 5))   # a newer version on disk
    with pytest.raises(pybridge.RulesError) as refused:
        pybridge.load_rules(mine)
    assert "shell/1" in refused.value.reason
    mine.write_text(good)                                                # the good one, as it was
    os.utime(mine, (mine.stat().st_atime, mine.stat().st_mtime + 10))
    steps = pybridge.explain(puzzle, rules=pybridge.load_rules(mine)).steps
    assert any(step.technique == "my_full_house" for step in steps)


def test_the_shell_drops_rules():
    shell = subprocess.run(["swipl", "-q", str(ROOT / "prolog" / "puzzlog.pl")], cwd=ROOT, capture_output=True,
                           text=True, timeout=300,
                           input="use_rules('docs/lessons/rules/full_house.pl').\ndrop_rules.\n"
                                 "technique(full_house, D).\n")
    assert "full_house joins the ladder" in shell.stdout and "full_house leaves the ladder" in shell.stdout
    assert shell.stdout.rstrip().endswith("false."), shell.stdout


def test_a_runtime_error_names_the_rule_its_line_and_what_went_wrong(tmp_path):
    broken = tmp_path / "broken.pl"
    broken.write_text("technique(broken_sum, [difficulty(2)]).\n\n"
                      "broken_sum(step(broken_sum, cell(R/C), [], [r(R, C, V)])) :-\n"
                      "    possibility(R, C, _, V),\n"
                      "    W is V + X,\n"
                      "    W > 20, X = 1.\n")
    with pytest.raises(pybridge.RuleStoppedError) as stopped:
        pybridge.explain(pybridge.load(SUDOKU9)[0], rules=pybridge.load_rules(broken))
    text = str(stopped.value)
    assert re.search(rf"your rule broken_sum \({re.escape(str(broken))}:3\) stopped with an error: "
                     r"X has no value yet in W is \d\+X; goals run left to right", text), text
    assert "_G" not in text and "context(" not in text
    helper = tmp_path / "helper.pl"
    helper.write_text("technique(helper_bug, [difficulty(2)]).\n\n"
                      "helper_bug(step(helper_bug, cell(R/C), [], [r(R, C, V)])) :-\n"
                      "    possibility(R, C, _, V),\n    too_big(V, Limit),\n    Limit = 3.\n\n"
                      "too_big(Value, Bound) :-\n    Value > Bound.\n")
    with pytest.raises(pybridge.RuleStoppedError) as stopped:
        pybridge.explain(pybridge.load(SUDOKU9)[0], rules=pybridge.load_rules(helper))
    assert re.search(rf"\({re.escape(str(helper))}:8\) stopped with an error: Bound has no value yet in \d>Bound",
                     str(stopped.value)), str(stopped.value)


def test_show_rules_shows_your_rules_clauses_and_all_shows_every_one():
    pointing = ROOT / "docs" / "lessons" / "rules" / "pointing_rule.pl"
    puzzles = ROOT / "puzzles" / "lessons" / "pointing.txt"
    mine = cli("explain", "--rules", str(pointing), "--show-rules", str(puzzles)).stdout.splitlines()
    shown = [i for i, line in enumerate(mine) if line.strip().startswith("the rule,")]
    assert shown and all("pointing rule:" in mine[i - 1] for i in shown)
    every = cli("explain", "--rules", str(pointing), "--show-rules=all", str(puzzles)).stdout
    assert every.count("the rule,") > len(shown)


@pytest.mark.parametrize("rules,where", [("box_arithmetic.pl", r"(jigsaw|sudoku4|sudoku16|greater_than|unequal|medium)"),
                                         ("sign_backwards.pl", r"(futoshiki|greater_than|unequal)"),
                                         ("cage_in_order.pl", r"killer"),
                                         ("row_repeats.pl", r"(kakuro|samurai)")])
def test_the_default_check_meets_every_shape(rules, where):
    # both rules pass a 9x9-only check; the default, every kind, shows where they go wrong
    only_9x9 = cli("check-rule", "--kind", "sudoku", "--limit", "1", str(BAD / rules))
    assert "UNSOUND" not in only_9x9.stdout
    everywhere = cli("check-rule", "--limit", "1", str(BAD / rules))
    assert everywhere.returncode == 1 and "UNSOUND" in everywhere.stdout, everywhere.stdout
    unsound = everywhere.stdout.split("UNSOUND: ", 1)[1].splitlines()[0]
    assert re.search(where, unsound), unsound
    for kind in ("sudoku4:", "killer:", "samurai:", "kakuro:", "unequal:", "sudoku-x:", "jigsaw9:"):
        assert re.search(rf"^  {kind} asked in \d+ positions", everywhere.stdout, re.M), kind


def test_never_fired_is_not_sound():
    out = cli("check-rule", "--kind", "sudoku", "--limit", "3", str(BAD / "sign_backwards.pl"))
    assert out.returncode == 1
    assert "NOT SHOWN SOUND: it never fired" in out.stdout and "  sound:" not in out.stdout
    report = pybridge.check_rule(BAD / "sign_backwards.pl", kind="sudoku4")
    assert report.techniques[0].verdict == "never fired" and not report.shown_sound
    assert report.techniques[0].positions > 0


@pytest.mark.parametrize("rules,kind,structure", [
    ("box_arithmetic.pl", "jigsaw", r"\+--"),                 # region borders
    ("sign_backwards.pl", "futoshiki", r"\] ?[<>]|[<>] ?\["),   # the signs beside the wrong cell
    ("cage_in_order.pl", "killer", r"^ +cages: a=\d+ b=\d+"),  # cage letters and sums
    ("row_repeats.pl", "kakuro", r"\d*\\\d*"),                # clues in black cells
])
def test_a_counterexample_shows_the_puzzle_and_what_the_rule_matched(rules, kind, structure):
    out = cli("check-rule", "--kind", kind, "--limit", "1", str(BAD / rules))
    assert out.returncode == 1 and "UNSOUND" in out.stdout
    shown = out.stdout.split("UNSOUND: ", 1)[1]
    found = re.search(r"it (places|removes) (\d+) (at|from) r(\d+)c(\d+)", shown)
    assert found
    assert re.search(r"^    it matched: \w+ = ", shown, re.M)
    position = shown.split("in the position (the wrong cell in brackets):\n", 1)[1]
    assert re.search(r"\[[^\]]+\]", position)                 # the wrong cell marked
    assert re.search(structure, position, re.M), position[:3000]


def test_a_step_that_changes_nothing_is_passed_over_and_said_once():
    puzzle = pybridge.load(SUDOKU9)[0]
    rules = pybridge.load_rules(BAD / "changes_nothing.pl")
    explanation = pybridge.explain(puzzle, rules=rules)
    assert explanation.status == "solved" and explanation.values == solution_of(puzzle)
    notes = [note for note in explanation.false_steps if "changes nothing" in note]
    assert len(notes) == 1 and notes[0].kind == "nothing"
    assert re.fullmatch(r"step \d+: your rule careless_removal gave a step that changes nothing \(it removes \d from "
                        r"r\dc\d, which has no \d left\): such steps are passed over; .*", notes[0]), notes[0]
    assert pybridge.rate(puzzle, rules=rules).valid          # passed over, not false: the rating stands
    shell = subprocess.run(["swipl", "-q", "prolog/puzzlog.pl"], cwd=ROOT, capture_output=True, text=True,
                           timeout=300, input="use_rules('tests/rules/changes_nothing.pl').\n"
                                              "load_puzzle('puzzles/sudoku9.txt', 0).\nsteps.\n")
    assert shell.stdout.count("Left out: your rule careless_removal gave a step that changes nothing") == 1


def test_a_rule_stopped_on_one_kind_is_named_there_and_the_other_kinds_are_checked():
    out = cli("check-rule", "--limit", "1", "--time-limit", "1.5", str(BAD / "loops_off_nine.pl"))
    assert out.returncode == 1, out.stdout + out.stderr
    stopped = re.search(r"^  STOPPED: on (.*)$", out.stdout, re.M)
    assert stopped and "was stopped by the time limit" in stopped[1] and "sudoku4" in stopped[1], out.stdout
    assert re.search(r"^  sudoku4: .*\(the rule was stopped in 1\)$", out.stdout, re.M), out.stdout
    # the check went on: 9x9 was checked, and it fired soundly there; every other kind was asked
    assert re.search(r"^  sudoku9: asked in [1-9]\d* positions .* fired in [1-9]", out.stdout, re.M), out.stdout
    for kind in ("killer", "jigsaw9", "kakuro", "samurai"):
        assert re.search(rf"^  {kind}: asked in \d+ positions", out.stdout, re.M), kind
    assert "UNSOUND" not in out.stdout
    report = pybridge.check_rule(BAD / "loops_off_nine.pl", kind="sudoku6", limit=1, time_limit=0.5)
    assert report.techniques[0].verdict == "stopped" and not report.shown_sound


def test_the_shell_names_the_kind_a_rule_was_stopped_on():
    loops = BAD / "loops_off_nine.pl"   # (the command line's check goes on to 9x9, sound there: above)
    out = subprocess.run(["swipl", "-q", "prolog/puzzlog.pl"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         input=f"check_rule('{loops}', sudoku4).\n").stdout
    [four] = out.split("full_house_nine: fired in ")[1:]
    assert "  STOPPED on sudoku4: your rule full_house_nine was stopped by the time limit: does it loop?" in four
    assert "(the rule was stopped)" in four and "  sound:" not in four


def test_a_rule_that_relies_on_uniqueness_is_told_so():
    out = cli("check-rule", "--kind", "sudoku", "--limit", "4", str(BAD / "unique_rectangle.pl"))
    assert out.returncode == 0, out.stdout + out.stderr     # right on every puzzle with one solution
    assert "  RELIES ON UNIQUENESS: right where a puzzle has one solution, wrong where it has more" in out.stdout
    assert "UNSOUND" not in out.stdout
    report = pybridge.check_rule(BAD / "unique_rectangle.pl", kind="sudoku", limit=4)
    [technique] = report.techniques
    relies = technique.relies_on_uniqueness
    assert technique.verdict == "sound" and relies is not None and relies.solutions > 1
    assert relies.puzzle.source.endswith("sudoku9_not_unique.txt") and "it matched: R2 = " in str(relies)
    # what it removed is really in a solution of that puzzle: with it as a given, the puzzle is still solvable
    kind, r, c, v = relies.wrong
    assert kind == "r" and relies.right == v
    givens = list(relies.puzzle.givens_text())
    assert givens[(r - 1) * 9 + c - 1] == "."
    givens[(r - 1) * 9 + c - 1] = str(v)
    assert pybridge.solve(pybridge.load("".join(givens))[0]).status in ("solved", "multiple")
    assert pybridge.solve(relies.puzzle, max_solutions=3).solutions >= 2
    assert report.to_json()["techniques"][0]["relies_on_uniqueness"]["wrong"] == ["r", r, c, v]


@pytest.mark.parametrize("rules", [LESSON_SOLUTIONS / "xyz_wing_rule.pl", ROOT / "docs/lessons/rules/x_wing_rows.pl",
                                   FULL_HOUSE])
def test_a_sound_rule_is_not_said_to_rely_on_uniqueness(rules):
    report = pybridge.check_rule(rules, sets=[("not unique", ROOT / "puzzles" / "sudoku9_not_unique.txt")], limit=12)
    [technique] = report.techniques
    [not_unique] = [s for s in technique.sets if s.not_unique]
    assert not_unique.positions > 100 and not_unique.fired_in > 0
    assert technique.relies_on_uniqueness is None and technique.verdict == "sound"


def test_the_shell_says_a_rule_relies_on_uniqueness():
    out = subprocess.run(["swipl", "-q", "prolog/puzzlog.pl"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         input=f"check_rule('{BAD / 'unique_rectangle.pl'}', sudoku).\n").stdout
    assert "  sound where a puzzle has one solution: each of its steps there agrees with it" in out
    assert re.search(r"^  RELIES ON UNIQUENESS: .*\n    it removes \d from r\dc\d, but one of the puzzle's \d+ "
                     r"solutions has \d there", out, re.M), out

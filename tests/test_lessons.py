"""The lessons of docs/lessons/: each page shows its example rule as the file holds it; each
example is sound on its lesson's puzzles and fires there; each reference solution passes its
exercise and wrong attempts do not; the lesson puzzles are made again by their commands; the
shell queries of the pages run; and lesson 9's CLP(FD) model and the rules agree."""
from __future__ import annotations

import csv
import re
import subprocess
import sys

import pytest

import pybridge
from conftest import ROOT
from pybridge.teaching.lessons import LESSONS, grade

NUMBERS = sorted(LESSONS)


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)


def test_the_index_lists_every_lesson():
    index = (ROOT / "docs" / "lessons" / "README.md").read_text()
    for lesson in LESSONS.values():
        assert f"({lesson.page.removeprefix('docs/lessons/')})" in index and f"`{lesson.exercise}`" in index


@pytest.mark.parametrize("number", NUMBERS)
def test_the_page_shows_the_example_as_its_file_holds_it(number):
    lesson = LESSONS[number]
    page = (ROOT / lesson.page).read_text()
    assert f"```prolog\n{(ROOT / lesson.example).read_text()}```" in page
    assert f"check-rule --lesson {number} my_rules.pl" in page and f"`{lesson.exercise}`" in page


@pytest.mark.parametrize("number", NUMBERS)
def test_the_example_is_sound_and_fires_on_the_lesson_puzzles(number):
    lesson = LESSONS[number]
    report = pybridge.check_rule(ROOT / lesson.example, sets=[("lesson", ROOT / lesson.puzzles)])
    technique, = report.techniques
    assert report.sound and technique.fired > 0
    assert all(reach.skipped == 0 for reach in technique.sets)  # every lesson puzzle has one solution


@pytest.mark.parametrize("number", NUMBERS)
def test_the_reference_solution_passes(number):
    graded = grade(number, ROOT / LESSONS[number].solution)
    assert graded.passed, str(graded)
    assert graded.covered == graded.reference.fired > 0


def test_wrong_attempts_do_not_pass():
    unsound = grade(1, ROOT / "tests" / "rules" / "off_by_one.pl")
    assert not unsound.passed and not unsound.sound and "sound: NO" in str(unsound)
    other_way = grade(5, ROOT / LESSONS[5].example)   # the rows' X-Wing for the columns' exercise
    assert other_way.sound and not other_way.passed and other_way.covered < other_way.reference.fired
    out = cli("check-rule", "--lesson", "5", LESSONS[5].example)
    assert out.returncode == 1 and "not yet: your rule misses deductions the reference makes" in out.stdout
    out = cli("check-rule", "--lesson", "1", LESSONS[1].solution)
    assert out.returncode == 0 and out.stdout.rstrip().endswith("PASSED")


@pytest.mark.parametrize("name", ["singles.txt", "hidden.txt", "pointing.txt", "futoshiki.txt", "kakuro.grid"])
def test_lesson_puzzles_are_made_again_by_their_command(name):
    command, _, puzzles = (ROOT / "puzzles" / "lessons" / name).read_text().partition("\n")
    out = cli(*command.removeprefix("# made by: puzzlog ").split())
    assert out.returncode == 0 and out.stdout == puzzles


@pytest.mark.parametrize("number", NUMBERS)
def test_the_shell_queries_of_the_page_run(number, tmp_path):
    page = (ROOT / LESSONS[number].page).read_text()
    queries = [line[3:].split("%")[0].strip().rstrip(".")
               for block in re.findall(r"```prolog\n(.*?)```", page, re.S)
               for line in block.splitlines() if line.startswith("?- ")]
    assert queries
    quoted = [q.replace("\\", "\\\\").replace('"', '\\"') for q in queries if not q.startswith("[")]
    # each query a text read on its own: its variables are its own, as at the prompt
    program = ["ok(Text) :- term_string(G, Text), "
               "( catch(G, E, (print_message(error, E), fail)) -> true ; format('FAILED ~w~n', [Text]) ).",
               *(f'q("{q}").' for q in quoted)]
    script = tmp_path / "queries.pl"
    script.write_text("\n".join(program) + "\n")
    out = subprocess.run(["swipl", "-q", "-g", "consult('prolog/puzzlog.pl')", "-g", f"consult('{script}')",
                          "-g", "forall(q(T), ok(T))", "-t", "halt"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0 and "FAILED" not in out.stdout and "ERROR" not in out.stderr, out.stdout + out.stderr


def test_clpfd_and_the_rules_agree_on_the_lesson_9_puzzle():
    line = (ROOT / "puzzles" / "lessons" / "pointing.txt").read_text().splitlines()[1]
    out = subprocess.run(["swipl", "-q", "-g", "consult('bench/clpfd_reference.pl')", "-g",
                          f"clpfd_solve(9, 3, 3, '{line}', S), write(S)", "-t", "halt"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    explained = pybridge.explain(pybridge.load(ROOT / "puzzles" / "lessons" / "pointing.txt")[0])
    assert explained.status == "solved" and explained.guesses == 0
    assert out.stdout == "".join(map(str, explained.values))
    assert f"clpfd_solve(9, 3, 3, '{line}', S)" in (ROOT / "docs" / "lessons" / "09_clpfd.md").read_text()


@pytest.mark.parametrize("which", ["example", "solution"])
@pytest.mark.parametrize("number", NUMBERS)
def test_the_student_sees_the_rule_fire_in_explain(number, which):
    # a rules file's technique goes before the engine's of its rung, so a student who loads the
    # lesson's rule sees it make steps on the lesson's puzzles, each step true of the solution
    lesson = LESSONS[number]
    rules = pybridge.load_rules(ROOT / getattr(lesson, which))
    name, = rules.techniques
    fired = 0
    for puzzle in pybridge.load(ROOT / lesson.puzzles):
        explanation = pybridge.explain(puzzle, rules=rules)
        assert explanation.status == "solved"
        solution = explanation.values
        width = len(puzzle.cells[0]) if hasattr(puzzle, "cells") else 9
        for step in explanation.steps:
            if step.technique != name:
                continue
            fired += 1
            assert step.text.startswith(name.replace("_", " ") + ":")
            for r, c, v in step.placements:
                assert solution[(r - 1) * width + c - 1] == v
    assert fired > 0, f"{name} made no step on {lesson.puzzles}"


def test_a_rules_technique_goes_first_on_its_rung():
    puzzle = pybridge.load(ROOT / LESSONS[2].puzzles)[0]
    ladder = pybridge.Solver(puzzle, rules=str(ROOT / LESSONS[2].example)).techniques
    plain = pybridge.Solver(puzzle).techniques
    plain_index = plain.index
    assert ladder.index("box_single") == plain_index("naked_single")        # first of rung 1
    assert [t for t in ladder if t != "box_single"] == plain                # the engine's order stays


def test_a_reason_the_words_do_not_take_gets_a_plain_sentence(tmp_path):
    odd = tmp_path / "odd_reasons.pl"
    odd.write_text(
        "technique(odd_single, [difficulty(1)]).\n"
        "odd_single(step(odd_single, unit(nowhere(U)), [p(R, C, V)], [])) :-\n"
        "    complete_unit(U), value(V), unit_places(U, V, [R-C]).\n")
    puzzle = pybridge.load(ROOT / LESSONS[2].puzzles)[0]
    explanation = pybridge.explain(puzzle, rules=pybridge.load_rules(odd))
    steps = [s for s in explanation.steps if s.technique == "odd_single"]
    assert explanation.status == "solved" and steps
    assert re.match(r"odd single: r\dc\d is \d, as unit\(nowhere\((row|col|box)\(\d\)\)\)", steps[0].text), steps[0].text


def test_lesson_6_explains_its_wing_with_cells_written_r_dash_c():
    out = cli("explain", "--rules", LESSONS[6].example, LESSONS[6].puzzles)
    assert out.returncode == 0, out.stderr
    wings = [line for line in out.stdout.splitlines() if "xy wing rule:" in line]
    assert wings and re.search(r"r\dc\d is \d or \d, so r\dc\d \(\d or \d\) or r\dc\d \(\d or \d\) is \d", wings[0])


def test_a_teacher_grades_a_class_in_one_run(tmp_path):
    # a class folder as a teacher has it: one file a student, good, wrong, narrow, hostile, broken
    students = tmp_path / "students"
    students.mkdir()
    reference = (ROOT / LESSONS[1].solution).read_text()
    (students / "ada.pl").write_text(reference)
    (students / "bob.pl").write_text((ROOT / "tests" / "rules" / "off_by_one.pl").read_text())
    (students / "cy.pl").write_text(reference.replace("cell_candidates(R, C, [V]).",
                                                      "cell_candidates(R, C, [V]), R =:= 1."))
    (students / "dee.pl").write_text(reference.replace("possibility(R, C, _, V),",
                                                       "possibility(R, C, _, V), shell('touch owned'),"))
    (students / "eve.pl").write_text(reference.replace("[V]).", "[V])"))
    (students / "fay.pl").write_text(reference.replace("possibility(R, C, _, V),", "possibility(R, C, _, V), spin(0),")
                                     + "\nspin(N) :- N1 is N + 1, spin(N1).\n")
    names = ["ada", "bob", "cy", "dee", "eve", "fay"]
    out = subprocess.run([sys.executable, "-m", "pybridge", "check-rule", "--lesson", "1",
                          *(f"students/{n}.pl" for n in names), "--report", "class.csv", "--jobs", "2", "--time-limit", "3"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert out.returncode == 1, out.stderr
    assert not (tmp_path / "owned").exists()
    with open(tmp_path / "class.csv", newline="") as report:
        rows = list(csv.DictReader(report))
    assert [row["file"] for row in rows] == [f"students/{n}.pl" for n in names]
    by = dict(zip(names, rows))
    assert by["ada"]["passed"] == "True" and by["ada"]["problem"] == "" and by["ada"]["sound"] == "True"
    assert by["bob"]["sound"] == "False" and by["bob"]["problem"].startswith("unsound: ")
    assert by["cy"]["sound"] == "True" and by["cy"]["passed"] == "False" and by["cy"]["problem"].startswith("misses the reference's deductions in ")
    assert int(by["cy"]["covered"]) < int(by["cy"]["reference_fired"])
    assert by["dee"]["sound"] == "" and "shell/1" in by["dee"]["problem"] and ":4:" in by["dee"]["problem"]
    assert by["eve"]["sound"] == "" and "syntax error" in by["eve"]["problem"]
    assert by["fay"]["sound"] == "True" and by["fay"]["passed"] == "False"
    assert by["fay"]["problem"].startswith("stopped on puzzles/lessons/singles.txt #0: your rule only_candidate "
                                           "was stopped by the time limit"), by["fay"]["problem"]
    assert all(float(row["seconds"]) > 0 for row in rows if row["sound"])
    assert "1 of 6 passed; the report: class.csv" in out.stdout


def test_grading_compares_deductions_not_only_where_a_rule_fires():
    # fires in every position the reference fires in, but deduces less: not a pass
    graded = grade(7, ROOT / "tests" / "rules" / "first_elimination_only.pl")
    assert graded.sound and graded.report.fired == graded.reference.fired
    assert not graded.passed and graded.covered < graded.reference.fired
    assert graded.missed is not None and graded.missed.changes
    shown = str(graded)
    assert "misses deductions the reference makes; the first: puzzles/lessons/kakuro.grid #" in shown
    assert re.search(r"removes \d from r\d+c\d+", shown) and "the reference's first step there:" in shown
    assert grade(7, ROOT / LESSONS[7].solution).passed


@pytest.mark.parametrize("number", [3, 4, 5, 6])
def test_a_lesson_puzzle_starts_where_its_topic_is_needed(number):
    # from the givens, the engine's ladder places nothing before its first step of the lesson's
    # techniques' rung (the example's and the exercise's): no page of singles before the topic
    lesson = LESSONS[number]
    topic = []
    for path in (lesson.example, lesson.reference()):
        rules = pybridge.load_rules(ROOT / path)
        topic += [d for t, d in pybridge.ladder((rules.path,)) if t in rules.techniques]
    rung = min(topic)
    engine = dict(pybridge.ladder())
    for puzzle in pybridge.load(ROOT / lesson.puzzles):
        steps = pybridge.explain(puzzle).steps
        at = next(i for i, step in enumerate(steps) if engine[step.technique] >= rung)
        # before it only the eliminations of easier techniques (pointing, ...), which givens cannot carry
        assert not any(step.placements for step in steps[:at]), (puzzle, [s.text for s in steps[:at]])
        assert at <= 12, (puzzle, at)
    assert (ROOT / lesson.puzzles).read_text().splitlines()[0].endswith(" --start needed")

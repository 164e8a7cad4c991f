"""The lessons of docs/lessons/: each page shows its example rule as the file holds it; each
example is sound on its lesson's puzzles and fires there; each reference solution passes its
exercise and wrong attempts do not; the lesson puzzles are made again by their commands; the
shell queries of the pages run; and lesson 9's CLP(FD) model and the rules agree."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

import pybridge
from conftest import ROOT
from pybridge.lessons import LESSONS, grade

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
    assert out.returncode == 1 and "not yet: your rule misses positions" in out.stdout
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

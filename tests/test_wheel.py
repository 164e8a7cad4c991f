"""A class installs puzzlog from its wheel, not a checkout: the wheel holds the lessons, their
puzzles and reference solutions, so `puzzlog check-rule --lesson 1 mine.pl` grades from any
folder, and `puzzlog lessons copy DIR` gives a student a folder where the lessons' commands and
shell queries run."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The wheel built from this checkout, installed into a folder of its own."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"      # built from a copy: setuptools writes build/ beside its sources
    # (not the caches: test_typing's mypy writes .mypy_cache meanwhile, a file gone while it was copied)
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info",
                                                                "__pycache__", "engine.state*", ".engine.state*",
                                                                ".mypy_cache", ".pytest_cache"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"),
                            str(source)], capture_output=True, text=True, timeout=600)
    if built.returncode != 0:
        pytest.skip(f"the wheel could not be built here (pip wheel: {built.stderr.strip()[-300:]})")
    wheel, = (base / "dist").glob("puzzlog-*.whl")
    site = base / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, timeout=600)
    return site


def run(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}      # the wheel's pybridge, before the checkout's
    return subprocess.run([sys.executable, "-m", "pybridge", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_wheel_grades_a_lesson_from_any_folder(installed, tmp_path):
    mine = tmp_path / "mine.pl"
    mine.write_text((ROOT / "docs" / "lessons" / "solutions" / "only_candidate.pl").read_text())
    where = subprocess.run([sys.executable, "-c", "import pybridge; print(pybridge.__file__)"], cwd=tmp_path,
                           env={**os.environ, "PYTHONPATH": str(installed)}, capture_output=True, text=True)
    assert where.stdout.startswith(str(installed)), where.stdout
    out = run(installed, tmp_path, "check-rule", "--lesson", "1", "mine.pl")
    assert out.returncode == 0 and out.stdout.rstrip().endswith("PASSED"), out.stdout + out.stderr
    assert "lessons/singles.txt" in out.stdout or "261 of the 261" in out.stdout


def test_the_wheel_holds_the_practice_bank(installed, tmp_path):
    """Practice positions come from the bank in the wheel, from any folder, with no generator."""
    assert sorted(p.name for p in (installed / "pybridge" / "_bundled" / "puzzles" / "practice").glob("*.jsonl")) \
        == ["futoshiki.jsonl", "kakuro.jsonl", "killer.jsonl", "sudoku.jsonl"]
    code = ("import pybridge; [p] = pybridge.practice('x_wing', count=1, generate=False); "
            "print(p.source, p.step.technique)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(installed)},
                         capture_output=True, text=True, timeout=300)
    assert out.stdout.split() == ["bank", "x_wing"], out.stdout + out.stderr


def test_a_student_copies_the_lessons_and_runs_them(installed, tmp_path):
    out = run(installed, tmp_path, "lessons", "copy", "course")
    assert out.returncode == 0, out.stderr
    course = tmp_path / "course"
    assert (course / "docs" / "lessons" / "01_facts.md").is_file()
    assert (course / "docs" / "lessons" / "rules" / "full_house.pl").is_file()
    assert not (course / "docs" / "lessons" / "solutions").exists()       # the teacher's, not the student's
    assert (course / "puzzles" / "lessons" / "singles.txt").is_file()
    (course / "docs" / "lessons" / "rules" / "full_house.pl").write_text("% mine now\n")
    again = run(installed, tmp_path, "lessons", "copy", "course")
    assert again.returncode == 0 and (course / "docs" / "lessons" / "rules" / "full_house.pl").read_text() == \
        "% mine now\n"                                                    # a student's file is kept
    (course / "docs" / "lessons" / "rules" / "full_house.pl").write_text(
        (ROOT / "docs" / "lessons" / "rules" / "full_house.pl").read_text())
    shell = subprocess.run(["swipl", "-q", "prolog/puzzlog.pl"], cwd=course, capture_output=True, text=True,
                           timeout=300, input="use_rules('docs/lessons/rules/full_house.pl').\n"
                                              "load_puzzle('puzzles/lessons/singles.txt', 0).\nsteps.\n")
    assert "full_house joins the ladder" in shell.stdout and "full house:" in shell.stdout, shell.stdout[-1500:]
    explained = run(installed, course, "explain", "--rules", "docs/lessons/rules/full_house.pl",
                    "puzzles/lessons/singles.txt")
    assert explained.returncode == 0 and "full house:" in explained.stdout


README_DOCTESTS = """
import doctest, re, sys
import pybridge
assert pybridge.__file__.startswith(sys.argv[2]), pybridge.__file__
text = open(sys.argv[1], encoding="utf-8").read()
failed = tried = 0
for number, block in enumerate(re.findall(r"```python\\n(.*?)```", text, re.S)):
    test = doctest.DocTestParser().get_doctest(block, {"pybridge": pybridge}, f"README python block {number}",
                                               "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, tried = failed + runner.failures, tried + runner.tries
print("tried", tried, "failed", failed)
"""


def test_the_readme_python_examples_run_from_the_wheel_in_a_folder_of_their_own(installed, tmp_path):
    """A programmer's first try: the wheel installed, the README's Python examples typed in an
    empty folder (the bundled puzzles reached through pybridge.bundled, not a checkout's paths)."""
    script = tmp_path / "readme.py"
    script.write_text(README_DOCTESTS)
    work = tmp_path / "empty"
    work.mkdir()
    out = subprocess.run([sys.executable, str(script), str(ROOT / "README.md"), str(installed)], cwd=work,
                         env={**os.environ, "PYTHONPATH": str(installed)}, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    words = out.stdout.split()
    assert words[-4] == "tried" and int(words[-3]) >= 25 and words[-1] == "0", out.stdout[-3000:]
    assert list(work.iterdir()) == []                                       # nothing written where it ran
    assert not [p for p in installed.rglob("*") if p.name.startswith(("engine.state", ".engine.state"))]

"""A type checker sees pybridge as it is: the package passes `mypy --strict`, and a user's
script with mistakes in its use of the public names has each of them caught (the lazily
loaded names carry their real types, not Any)."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import ROOT

pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")

# Each line marked `# wrong:` holds one mistake a type checker must name on that line.
USER_SCRIPT = '''
import asyncio
import pybridge

puzzles = pybridge.load(pybridge.bundled("sudoku9"))
result = pybridge.solve(puzzles[0], max_solutions="2")            # wrong: a str for an int
status: int = result.status                                       # wrong: a status is a str
print(result.status == "solvd")                                   # wrong: no such status
pybridge.Solver(puzzles[0]).run(max_steps=1.5)                    # wrong: a float for an int
steps: list[int] = pybridge.explain(puzzles[0]).steps             # wrong: Steps, not ints
print(pybridge.batch(puzzles, "solve")[0].level)                  # wrong: a Result has no level
print(pybridge.batch(puzzles, "rate")[0].level)
print(asyncio.run(pybridge.aio.solve(puzzles[0])).guesses + "")   # wrong: guesses is an int
kept: list[pybridge.Puzzle] = pybridge.load("x", errors="keep")   # wrong: keep gives Unreadables too
try:
    pybridge.load("nothing.txt")
except pybridge.PuzzleFileNotFoundError as error:
    print(error.filename, error.line)
'''


def mypy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_package_passes_mypy_strict():
    out = mypy("-p", "pybridge")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mistakes_in_a_users_script_are_caught(tmp_path):
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT)
    out = mypy(str(script))
    wrong = {n for n, line in enumerate(USER_SCRIPT.splitlines(), 1) if "# wrong:" in line}
    named = {int(m) for m in re.findall(r"user\.py:(\d+): error", out.stdout)}
    assert named == wrong, out.stdout

"""The techniques that rely on a unique solution (unique rectangles 1, 2 and 4, BUG+1): off unless
asked for, and never used on a puzzle with several solutions, even when asked for."""
from __future__ import annotations

import itertools
import subprocess
import sys

import pybridge
from conftest import ROOT

UNIQUENESS = {"unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_4", "bug_plus_1"}


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_they_are_off_unless_assumed_and_then_explain_in_words(tmp_path):
    puzzle = tmp_path / "one.txt"
    puzzle.write_text(pybridge.load(str(ROOT / "puzzles/sudoku9.txt"))[5].givens_text() + "\n")
    plain = cli("explain", str(puzzle))
    assert plain.returncode == 0 and "unique rectangle" not in plain.stdout
    assumed = cli("explain", "--assume-unique", str(puzzle))
    assert assumed.returncode == 0, assumed.stderr
    [line] = [ln for ln in assumed.stdout.splitlines() if "unique rectangle 1" in ln]
    assert "must not come to hold only 5 and 7 (a deadly pattern" in line and line.endswith("remove 5, 7 from r6c6")
    assert "unique rectangle 1" in cli("rate", "--assume-unique", str(puzzle)).stdout
    assert "unique_rectangle_1" not in [name for name, _ in pybridge.ladder()]


def test_the_answer_is_the_same_either_way():
    for p in pybridge.load(str(ROOT / "puzzles/sudoku9.txt"))[3:6]:
        with pybridge.assume_unique():
            assumed = pybridge.explain(p)
        assert assumed.to_json()["grid"] == pybridge.explain(p).to_json()["grid"] is not None


def ur1_patterns(codes: list[int]) -> list[tuple]:
    """Unique rectangles of type 1 in a 9x9 position, found here independently of the engine:
    four empty corners in two boxes holding A and B, three of them nothing else."""
    cand = {(i // 9 + 1, i % 9 + 1): {v for v in range(1, 10) if -c >> (v - 1) & 1}
            for i, c in enumerate(codes) if c < 0}
    found = []
    for (r1, r2), (c1, c2) in itertools.product(itertools.combinations(range(1, 10), 2), repeat=2):
        corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
        if all(x in cand for x in corners) and len({((r - 1) // 3, (c - 1) // 3) for r, c in corners}) == 2:
            for a, b in itertools.combinations(sorted(set.intersection(*(cand[x] for x in corners))), 2):
                if sum(cand[x] == {a, b} for x in corners) == 3:
                    found.append((corners, a, b))
    return found


def test_never_on_a_puzzle_with_several_solutions_though_its_rectangles_are_there():
    """The bundled puzzles with a deadly rectangle each (2 to 10 solutions): with uniqueness
    assumed, no step relies on it, though the walks pass positions where a unique rectangle
    of type 1 stands (which would remove a true value of one of the solutions)."""
    patterns = 0
    for p in pybridge.load(str(ROOT / "puzzles/sudoku9_not_unique.txt"))[:6]:
        with pybridge.assume_unique():
            steps = pybridge.explain(p).steps
        assert not UNIQUENESS & {s.technique for s in steps}, p
        patterns += sum(bool(ur1_patterns(s.position.codes)) for s in steps if s.position is not None)
    assert patterns > 0

"""The techniques that rely on a unique solution (unique rectangles 1 to 6, hidden rectangles, BUG+1): off unless
asked for, and never used on a puzzle with several solutions, even when asked for."""
from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

import pybridge
from conftest import ROOT, engine_step

UNIQUENESS = {"unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
              "unique_rectangle_5", "unique_rectangle_6", "hidden_rectangle", "bug_plus_1"}


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


GEOMETRY = ("geometry", 9, ("boxes", 3, 3), [])


def first_firing(index: int, technique: str):
    """The first position of sudoku9.txt #index's walk (uniqueness assumed) where ``technique``
    makes a step: (codes, solution, step)."""
    puzzle = pybridge.load(str(ROOT / "puzzles/sudoku9.txt"))[index]
    with pybridge.assume_unique():
        walk = pybridge.explain(puzzle)
        for step in walk.steps:
            if step.position is not None:
                found = engine_step(technique, GEOMETRY, list(step.position.codes))
                if found[0] == "step":
                    return list(step.position.codes), walk.values, found
    pytest.fail(f"{technique} never makes a step in the walk of sudoku9.txt #{index}")


def solutions_of(codes: list[int], limit: int = 2) -> int:
    """Solutions (up to ``limit``) of a 9x9 state, by a search of its own: each empty cell one of
    its candidates, no value twice in a unit."""
    grid = [c if c > 0 else 0 for c in codes]
    allowed = [{v for v in range(1, 10) if -c >> (v - 1) & 1} if c < 0 else set() for c in codes]
    units = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)] + \
            [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    peers = [set().union(*(u for u in units if i in u)) - {i} for i in range(81)]

    def count() -> int:
        empty = [(len(opts), i, opts) for i in range(81) if not grid[i]
                 for opts in [allowed[i] - {grid[j] for j in peers[i]}]]
        if not empty:
            return 1
        _, i, opts = min(empty, key=lambda e: e[0])
        total = 0
        for v in sorted(opts):
            grid[i] = v
            total += count()
            grid[i] = 0
            if total >= limit:
                break
        return total
    return count()


def with_candidate(codes: list[int], r: int, c: int, value: int) -> list[int]:
    cell = (r - 1) * 9 + c - 1
    assert codes[cell] < 0, f"r{r}c{c} is placed"
    return codes[:cell] + [-(-codes[cell] | 1 << (value - 1))] + codes[cell + 1:]


@pytest.mark.parametrize("index,technique,words", [
    (0, "unique_rectangle_3", r"so (r\dc\d, r\dc\d) hold a value besides \d and \d, as if they were one cell of "
                              r"(row|column|box) \d; with (r\dc\d(?:, r\dc\d)*) it holds only \{([\d,]+)\}"),
    (5, "unique_rectangle_6", r"(\d) in (row \d, row \d|column \d, column \d) goes only in the corners; were \1 of "),
    (0, "hidden_rectangle", r"(r\dc\d) holds only (\d) and (\d), and \2 in row (\d) and in column (\d) goes only in "
                            r"the corners; were (r\dc\d) \3"),
])
def test_each_rectangle_rule_removes_no_true_value_and_a_near_miss_removes_nothing(index, technique, words):
    """Types 3 and 6 and the hidden rectangle on a bundled puzzle's walk: what they remove the
    solution lacks, the words name the pattern, and one candidate more where the pattern needs
    none (a third place of the conjugate value, a fourth value for the subset) stops that step."""
    import re
    codes, solution, (_, name, text, placed, removed) = first_firing(index, technique)
    assert name == technique and placed == [] and removed, text
    assert all(solution[(r - 1) * 9 + c - 1] != v for r, c, v in removed), text
    found = re.search(words, text)
    assert found, text
    if technique == "hidden_rectangle":
        value, row = int(found.group(2)), int(found.group(4))
        near = next(c for c in range(1, 10) if codes[(row - 1) * 9 + c - 1] < 0
                    and not -codes[(row - 1) * 9 + c - 1] >> (value - 1) & 1)
        near_codes = with_candidate(codes, row, near, value)
    elif technique == "unique_rectangle_6":   # a third place in a row and in a column of the corners
        value = int(found.group(1))
        (r1, c1), *_ = [tuple(map(int, rc)) for rc in re.findall(r"r(\d)c(\d)", text)[:4]]
        near_codes = codes
        for line in ([(r1, c) for c in range(1, 10)], [(r, c1) for r in range(1, 10)]):
            cell = next((r, c) for r, c in line if near_codes[(r - 1) * 9 + c - 1] < 0
                        and not -near_codes[(r - 1) * 9 + c - 1] >> (value - 1) & 1)
            near_codes = with_candidate(near_codes, *cell, value)
    else:
        r, c = map(int, re.match(r"r(\d)c(\d)", found.group(3)).groups())
        extra = next(v for v in range(1, 10) if str(v) not in found.group(4).split(",")
                     and codes[(r - 1) * 9 + c - 1] < 0)
        near_codes = with_candidate(codes, r, c, extra)
    assert solutions_of(near_codes) == 1, "the near miss must still have one solution"
    with pybridge.assume_unique():
        near = engine_step(technique, GEOMETRY, near_codes)
    assert near[0] == "stuck" or set(near[4]) != set(removed), near


def test_a_program_may_start_the_engine_inside_assume_unique():
    """The engine's first start inside the context once failed ("bridge_assuming_unique/4 failed
    unexpectedly"): its start-up call is not one the context can wrap."""
    code = ("import pybridge\n"
            "with pybridge.assume_unique():\n"
            f"    [p] = pybridge.load({str(ROOT / 'puzzles/sudoku9.txt')!r})[5:6]\n"
            "    print(pybridge.solve(p).status)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.strip() == "solved", out.stderr[-2000:]

"""Checking puzzles and players' grids, on every kind, through Python and the command line:
every broken rule of the givens is reported (checked here against the rules, independently
of the engine), the solutions are counted and shown, and a player's entries are judged
against the rules and the solution without the solution being told."""
from __future__ import annotations

import json

import pytest

import pybridge
from pybridge import Puzzle
from pybridge.puzzles import kakuro
from conftest import assert_valid_solution, decode, every_kind_cases, units
from test_doors import cli
from test_shell import run_queries
from test_kakuro import assert_valid_kakuro


def index(p, r: int, c: int) -> int:
    return (r - 1) * p.shape[1] + c - 1


def assert_real_clash(p: Puzzle, values: list[int], problem: pybridge.Problem) -> None:
    """A reported duplicate: two cells of one unit hold the same value."""
    a, b = (index(p, r, c) for r, c in problem.cells)
    assert values[a] == values[b] != 0, problem.text
    assert any(a in u and b in u for u in units(p)), problem.text


# ---------------------------------------------------------------- the givens

def test_every_duplicate_is_reported_with_its_unit_and_cells():
    givens = decode("5...5....") + decode(".........") * 2 + decode("5........") + decode(".........") * 5
    givens[4 * 9 + 4] = 7
    givens[6 * 9 + 4] = 7
    p = Puzzle(9, givens, 3, 3)
    report = pybridge.check(p)
    assert report.status == "invalid" and not report.ok
    assert [(x.rule, x.units) for x in report.problems] == [
        ("clash", ["row 1"]), ("clash", ["column 1"]), ("clash", ["column 5"])]
    for problem in report.problems:
        assert_real_clash(p, givens, problem)
    assert report.problems[0].text == "duplicate 5 in row 1: r1c1 and r1c5 (each value once per unit)"


def test_every_region_problem_of_a_jigsaw_is_reported():
    regions = [1] * 4 + [2] * 4 + [3] * 4 + [3, 4, 4, 4]
    report = pybridge.check(Puzzle(4, [0] * 16, regions=regions))
    assert [x.rule for x in report.problems] == ["region_size", "region_size"]
    assert [x.cells for x in report.problems] == [[(3, 1)], [(4, 2)]]
    assert "region 3 has 5 cells; every region needs 4" in report.problems[0].text


def test_signs_and_adjacent_marks_the_givens_break_name_the_values():
    # r4c1 > r4c2 with r4c1 = 2, r4c2 = 5; r1c1 < r1c2 with r1c1 = 5: no value of r1c2 is larger
    givens = [0] * 25
    givens[15], givens[16], givens[0] = 2, 5, 5
    p = Puzzle(5, givens, signs=[(4, 2, 4, 1), (1, 1, 1, 2)])
    texts = [x.text for x in pybridge.check(p).problems]
    assert texts == ["r4c2 < r4c1 is broken: r4c2 = 5, r4c1 = 2", "r1c1 < r1c2: impossible with r1c1 = 5"]
    adjacent = Puzzle(4, [1, 3] + [0] * 14, adjacent=[(1, 1, 1, 2)])
    marked, unmarked = pybridge.check(adjacent).problems
    assert marked.text == "r1c1 and r1c2 differ by 1 is broken: r1c1 = 1, r1c2 = 3"
    assert marked.cells == [(1, 1), (1, 2)]
    # r1c3 must differ from 3 by more than 1, so be 1, which r1c1 holds
    assert unmarked.text == "r1c2 and r1c3 differ by more than 1: impossible with r1c2 = 3"


def test_every_broken_kakuro_clue_is_reported():
    [p] = pybridge.load("  #  45\\  3\\\n\\45   .   .\n \\3   .   .\n", kind="kakuro")
    problems = pybridge.check(p).problems
    assert [(x.rule, x.cells) for x in problems] == [("impossible_sum", [(1, 2)]), ("impossible_sum", [(2, 1)])]
    assert problems[1].text == "r2c1: no 2 different digits add up to the across clue 45 (possible: 3..17)"
    # a given the runs' sums cannot take: 9 in the across run of 16 is fine, in the down run of 9 it is not
    small = pybridge.load("puzzles/kakuro/small.grid")[0]
    small.cells[2][1] = 9
    [problem] = pybridge.check(small).problems
    assert (problem.rule, problem.cells, problem.units) == ("broken", [(3, 2)], ["the down run below r1c2"])
    assert problem.text == "the down run below r1c2 cannot add up to 9 with r3c2 = 9"


def test_sound_puzzles_of_every_kind_are_unique():
    for puzzle, _truth in every_kind_cases():
        report = pybridge.check(puzzle)
        assert (report.status, report.problems, report.ok) == ("unique", [], True), puzzle
        assert "solutions" not in report.to_json()  # a unique puzzle's solution is not told


def test_several_solutions_are_shown_side_by_side_with_their_differences():
    nine = ".........9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1...."
    for text in ("12..34..........", nine):
        [p] = pybridge.load(text)
        report = pybridge.check(p)
        assert report.status == "multiple" and len(report.solutions) == 2
        first, second = report.solutions
        for values in (first, second):
            assert_valid_solution(p, values)
        assert report.differences == [(i // p.size + 1, i % p.size + 1)
                                      for i in range(p.size ** 2) if first[i] != second[i]] != []
        shown = str(report)
        assert "where they differ" in shown and p.text_of(first).splitlines()[0] in shown
        for line_a, line_b in zip(p.text_of(first).splitlines(), p.text_of(second).splitlines()):
            assert line_a in shown and line_b in shown


def test_a_puzzle_without_a_solution_says_so():
    # no two givens clash, yet r1c9 can take no value
    [p] = pybridge.load("12345678." + "........9" + "." * 63)
    report = pybridge.check(p)
    assert (report.status, report.problems, report.ok) == ("unsolvable", [], False)


# ---------------------------------------------------------------- a player's grid

def test_a_players_grid_on_every_kind():
    for puzzle, truth in every_kind_cases():
        rows, cols = puzzle.shape
        takes = puzzle.takes_value()
        empty = [i for i, v in enumerate(puzzle.givens) if takes[i] and not v]
        grid = list(puzzle.givens)
        for i in empty[::3]:
            grid[i] = truth[i]
        wrong_at = empty[1]          # a value that is not the solution's
        grid[wrong_at] = truth[wrong_at] % (9 if isinstance(puzzle, kakuro.KakuroPuzzle) else puzzle.size) + 1
        report = pybridge.check(puzzle, grid)
        where = (wrong_at // cols + 1, wrong_at % cols + 1)
        assert report.wrong == [where], puzzle
        assert report.cells_left == sum(1 for i in empty if not grid[i])
        assert not report.complete and not report.ok
        for problem in report.entry_problems:   # rules broken are really broken, and name the entry
            assert where in problem.cells, problem.text
            if problem.rule == "clash":
                assert_real_clash(puzzle, grid, problem)
        data = report.to_json()
        assert "solutions" not in data and data["wrong"] == [list(where)]
        # the solution itself is complete and correct
        done = pybridge.check(puzzle, list(truth))
        assert done.complete and done.ok and done.cells_left == 0 and done.entry_problems == []
        (assert_valid_kakuro if isinstance(puzzle, kakuro.KakuroPuzzle) else assert_valid_solution)(puzzle, truth)


def test_entries_that_break_a_rule_are_named_with_the_rule():
    puzzle, truth = every_kind_cases()[4]            # top95 #0, 9x9
    grid = list(puzzle.givens)
    r1 = [i for i in range(9) if not grid[i]]
    grid[r1[0]] = grid[r1[1]] = truth[r1[0]]     # the same value twice in row 1
    report = pybridge.check(puzzle, grid)
    clashes = [x for x in report.entry_problems if x.rule == "clash"]
    assert clashes and all(x.cells[-1] == (1, r1[1] + 1) for x in clashes)
    for problem in clashes:
        assert_real_clash(puzzle, grid, problem)
    assert (1, r1[1] + 1) in report.wrong and (1, r1[0] + 1) not in report.wrong


def test_kakuro_sums_broken_by_entries():
    p = pybridge.load("puzzles/kakuro/small.grid")[0]
    solution = pybridge.solve(p).values
    grid = list(solution)
    r3, r4 = index(p, 3, 4), index(p, 4, 4)
    grid[r3] = 6                                # r3c4 + r4c4 must add up to 16, r3c2..r3c4 to 14
    report = pybridge.check(p, grid)
    assert [x.text for x in report.entry_problems] == [
        "the across run after r3c1 adds up to 13, not 14 (r3c2 = 2, r3c3 = 5, r3c4 = 6)",
        f"the down run below r2c4 adds up to 15, not 16 (r3c4 = 6, r4c4 = {grid[r4]})"]
    assert report.wrong == [(3, 4)] and report.cells_left == 0 and not report.complete


@pytest.mark.parametrize("grid,message", [
    ("1234", "the grid has 1 row; a 4x4 grid has 4"),
    ("..a2" + "." * 12, "r1c3: value a (10) is outside 1..4"),
    ("...5" + "." * 12, "r1c4: value 5 is outside 1..4"),
    ("...3" + "." * 12, "r1c4: the puzzle gives 2, the grid has 3"),
    ([0] * 15, "the grid has 15 cells; the puzzle has 16 (4x4)"),
    ([0] * 15 + [7], "r4c4: 7 is not a value of this puzzle (0 for a blank, 1..4)"),
])
def test_a_grid_that_does_not_fit_gets_a_clear_error(grid, message):
    p = pybridge.load("puzzles/sudoku4.txt")[0]
    with pytest.raises(pybridge.PuzzlogError, match=message.replace("(", r"\(").replace(")", r"\)")):
        pybridge.check(p, grid)


def test_a_kakuro_grid_must_keep_the_layout():
    p = pybridge.load("puzzles/kakuro/small.grid")[0]
    other = pybridge.load("puzzles/kakuro/small.grid")[0]
    other.cells[0][1] = kakuro.Clue(8, 0)
    with pytest.raises(pybridge.PuzzlogError, match="r1c2: the grid's cell differs"):
        pybridge.check(p, kakuro.to_grid(other))


# ---------------------------------------------------------------- the command line

def test_check_command_exit_status_and_json(tmp_path):
    out = cli("check", "puzzles/sudoku4.txt", "--json")
    reports = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and {r["status"] for r in reports} == {"unique"}
    out = cli("check", "-", stdin="11..........1...\n12..34..........\n")
    assert out.returncode == 1
    assert "duplicate 1 in row 1: r1c1 and r1c2" in out.stdout and "duplicate 1 in column 1" in out.stdout
    assert "two solutions, and * where they differ (4 cells: r3c2, r3c4, r4c2, r4c4)" in out.stdout
    assert "2 * | 4 *" in out.stdout
    solution = pybridge.solve(pybridge.load("puzzles/sudoku4.txt")[0]).values
    line = "".join(map(str, solution))
    assert cli("check", "puzzles/sudoku4.txt", "--grid", "-", stdin=line + "\n").returncode == 0
    partial = tmp_path / "partial.txt"
    partial.write_text(line[:8] + "." * 8 + "\n")
    out = cli("check", "puzzles/sudoku4.txt", "--grid", str(partial), "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["cells_left"] == 6 and data["wrong"] == [] and not data["complete"]
    out = cli("check", "puzzles/sudoku4.txt", "--grid", "-", stdin="..a2" + "." * 12 + "\n")
    assert out.returncode == 1 and out.stderr.startswith("puzzlog: <grid>, line 1, r1c3")
    assert "Traceback" not in out.stderr


KIND_FILES = ["puzzles/sudoku4.txt", "puzzles/jigsaw9_solo.txt", "puzzles/sudoku_x_solo.txt",
              "puzzles/futoshiki/unequal.txt", "puzzles/futoshiki/adjacent.txt",
              "puzzles/futoshiki/greater_than_sudoku.grid", "puzzles/kakuro/medium.grid"]


@pytest.mark.parametrize("name", KIND_FILES)
def test_every_command_gives_json_on_every_kind(name):
    out = cli("check", name, "--json")
    reports = [json.loads(line) for line in out.stdout.splitlines()]
    assert reports and all(r["status"] == "unique" and r["ok"] for r in reports) and out.returncode == 0
    out = cli("hint", name, "--json", "--level", "2")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["status"] == "step" and data["technique"] and "placements" not in data
    assert data["units"] or data["cells"]
    out = cli("explain", name, "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["status"] == "solved" and data["steps"]


def test_check_file_in_the_shell(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("11..........1...\n12..34..........\n")
    outputs = run_queries([f"check_file('{bad}', 0)", f"check_file('{bad}', 1)", "check_file('puzzles/sudoku4.txt')"])
    assert outputs[0] == ["  duplicate 1 in row 1: r1c1 and r1c2 (each value once per unit)",
                          "  duplicate 1 in box 1: r1c1 and r1c2 (each value once per unit)",
                          "  duplicate 1 in column 1: r1c1 and r4c1 (each value once per unit)",
                          "The puzzle breaks its rules.", "false"]
    assert outputs[1][0] == "The puzzle has more than one solution; two of them:" and outputs[1][-1] == "false"
    assert outputs[2] == ["The puzzle has exactly one solution."]


def test_possible_values_are_those_of_every_solution():
    """Against brute force: every 4x4 Latin square with 2x2 boxes that keeps the givens."""
    from itertools import permutations
    from pybridge.solving.check import possible_values

    p = pybridge.parse("1.......2.......")[0]
    rows = list(permutations(range(1, 5)))
    union = [set() for _ in range(16)]
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    grid = [*a, *b, *c, *d]
                    if any(len({grid[r * 4 + k] for r in range(4)}) < 4 for k in range(4)):
                        continue
                    if any(len({grid[(br + i) * 4 + bc + j] for i in (0, 1) for j in (0, 1)}) < 4
                           for br in (0, 2) for bc in (0, 2)):
                        continue
                    if any(g and g != v for g, v in zip(p.givens, grid)):
                        continue
                    for i, v in enumerate(grid):
                        union[i].add(v)
    found = possible_values(p)
    assert found.complete
    assert found.values == [[] if p.givens[i] else sorted(union[i]) for i in range(16)]
    assert possible_values(pybridge.parse("11..............")[0]) is None  # no solution at all

"""Hints at three depths, from the givens or a player's grid, on every kind, through Python, the
command line and the shell: the deduction a hint points at is sound, and a wrong entry is named
before anything else."""
from __future__ import annotations

import json
import re

import pytest

import pybridge
from pybridge.puzzles import kakuro
from pybridge.puzzles.signs import from_corpus_record
from conftest import corpus_jsonl, corpus_lines, decode, every_kind_cases, steps_in_effect
from test_doors import cli
from test_shell import run_queries


def corpus_cases():
    """(puzzle, known solution) of each kind."""
    cases = [(pybridge.load(p)[0], decode(s)) for p, s in
             zip(corpus_lines("sudoku9_norvig_top95.txt")[:4], corpus_lines("sudoku9_norvig_top95.solutions.txt"))]
    for record in corpus_jsonl("futoshiki_sgt_unequal.jsonl")[::170]:
        cases.append((from_corpus_record(record), decode(record["solution"])))
    for entry in corpus_jsonl("kakuro_krazydad_via_billstclair.jsonl")[::50]:
        cases.append((kakuro.from_corpus_grid(entry["grid"]),
                      [int(ch) if ch.isdigit() else 0 for row in entry["solution"] for ch in row]))
    return cases


def test_hints_point_at_sound_deductions_on_every_kind():
    for puzzle, truth in corpus_cases():
        _, cols = puzzle.shape
        # from the givens, and from a grid half filled in correctly
        half = [v if i % 2 == 0 else 0 for i, v in enumerate(truth)]
        for grid in (None, half):
            full = pybridge.hint(puzzle, grid, level=3)
            assert full.status == "step", full.text
            step = full.step
            for r, c, v in step.placements:
                assert truth[(r - 1) * cols + c - 1] == v, full.text
            for r, c, v in step.eliminations:
                assert truth[(r - 1) * cols + c - 1] != v, full.text
            one = pybridge.hint(puzzle, grid, level=1)
            two = pybridge.hint(puzzle, grid, level=2)
            words = step.technique.replace("_", " ")
            assert one.text == f"Look for: {words}." and step.text.startswith(words)
            assert two.text.startswith(f"Look for: {words}") and two.step.cells == step.cells
            assert all(f"r{r}c{c}" in two.text for r, c in step.cells)
            assert all(u in two.text for u in step.units)


def test_a_wrong_entry_is_named_before_any_hint():
    puzzle, truth = corpus_cases()[0]
    blank = puzzle.givens.index(0)
    grid = list(puzzle.givens)
    grid[blank] = truth[blank] % 9 + 1
    h = pybridge.hint(puzzle, grid, level=3)
    r, c = divmod(blank, 9)
    assert h.status == "mistake" and h.mistakes == [(r + 1, c + 1, grid[blank])] and h.step is None
    assert h.text == f"r{r + 1}c{c + 1} = {grid[blank]}: this contradicts the solution; correct it first"
    assert str(truth[blank]) not in h.text.split(":")[1]  # the solution is not given away
    assert pybridge.hint(puzzle, truth).text == "The grid is complete and correct."


def test_hint_command_line(tmp_path):
    puzzle, truth = corpus_cases()[0]
    (tmp_path / "p.txt").write_text(puzzle.to_line() + "\n")
    grid = list(puzzle.givens)
    blank = grid.index(0)
    grid[blank] = truth[blank]
    (tmp_path / "grid.txt").write_text("".join(str(v) if v else "." for v in grid) + "\n")
    out = cli("hint", str(tmp_path / "p.txt"), "--grid", str(tmp_path / "grid.txt"), "--level", "3", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["status"] == "step" and data["level"] == 3
    assert {"technique", "units", "cells", "placements", "eliminations"} <= set(data)
    grid[blank] = truth[blank] % 9 + 1
    out = cli("hint", str(tmp_path / "p.txt"), "--grid", "-",
              stdin="".join(str(v) if v else "." for v in grid) + "\n")
    assert out.returncode == 1 and "contradicts the solution" in out.stdout
    out = cli("hint", str(tmp_path / "p.txt"), "--grid", "-", stdin="123\n")
    assert out.returncode == 1 and "line 1" in out.stderr and "Traceback" not in out.stderr
    given = next(i for i, v in enumerate(puzzle.givens) if v)
    grid = list(puzzle.givens)
    grid[given] = grid[given] % 9 + 1
    out = cli("hint", str(tmp_path / "p.txt"), "--grid", "-", stdin="".join(str(v) if v else "." for v in grid) + "\n")
    r, c = divmod(given, 9)
    assert out.returncode == 1 and f"r{r + 1}c{c + 1}: the puzzle gives" in out.stderr
    assert cli("hint", "-", "--grid", "-", stdin="").returncode == 2


def test_hint_levels_in_the_shell():
    outputs = run_queries(["load_puzzle('puzzles/sudoku9.txt', 5)", "hint", "hint(2)", "hint(3)", "hint(4)",
                           "use_techniques(singles), steps", "hint"])
    step = pybridge.hint(pybridge.load("puzzles/sudoku9.txt")[5], level=3)
    assert outputs[1] == [f"Look for: {step.step.technique.replace('_', ' ')}."]
    assert outputs[2] == [pybridge.hint(pybridge.load("puzzles/sudoku9.txt")[5], level=2).text]
    assert outputs[3] == [step.text]
    assert outputs[4] == ["The hint level is 1, 2 or 3, not 4.", "false"]
    assert outputs[6] == ["No technique applies: a guess is needed (guess).", "false"]


@pytest.mark.parametrize("level", [0, 4])
def test_a_bad_level_is_refused(level):
    with pytest.raises(pybridge.PuzzlogError, match="1, 2 or 3"):
        pybridge.hint(pybridge.load("puzzles/sudoku4.txt")[0], level=level)


def test_why_names_the_step_that_removed_or_placed_a_candidate():
    puzzle, truth = corpus_cases()[3]   # two of its guesses are taken back
    solver = pybridge.Solver(puzzle, "subsets")
    assert solver.run() == "solved"
    assert any(step.kind == "backtrack" for step in solver.history)
    checked = 0
    for number, step in steps_in_effect(solver.history):
        if step.kind != "step":
            continue
        for r, c, v in step.eliminations[:2]:
            assert solver.why(r, c, v) == f"r{r}c{c} is not {v}: step {number}, {step.text}"
            assert truth[(r - 1) * 9 + c - 1] != v
            checked += 1
    assert checked > 20
    given = next(i for i, v in enumerate(puzzle.givens) if v)
    r, c = divmod(given, 9)
    assert solver.why(r + 1, c + 1, puzzle.givens[given]) == f"r{r + 1}c{c + 1} = {puzzle.givens[given]} is a given"
    with pytest.raises(pybridge.PuzzlogError, match="r10c1 is not a cell"):
        solver.why(10, 1, 1)
    with pytest.raises(pybridge.PuzzlogError, match=r"12 is not a value of this puzzle \(1..9\)"):
        solver.why(1, 1, 12)
    # a placed cell is not another value because of the step that placed it
    number, placing = next((n, s) for n, s in steps_in_effect(solver.history) if s.placements)
    r, c, v = placing.placements[0]
    other = next(w for w in range(1, 10) if w != v)
    assert solver.why(r, c, other) in (f"r{r}c{c} is not {other}: it is {v}, step {number}, {placing.text}",
                                       *(f"r{r}c{c} is not {other}: step {n}, {s.text}"
                                         for n, s in steps_in_effect(solver.history)
                                         if (r, c, other) in s.eliminations))


def test_why_in_the_shell():
    outputs = run_queries(["load_puzzle('puzzles/sudoku9.txt', 5)", "why(1, 3, 1)",
                           "use_techniques(subsets), steps", "why(9, 4, 6)", "guess", "why(1, 3, 3)", "steps",
                           "backtrack", "why(1, 3, 1)", "why(0, 1, 1)", "why(1, 2, 12)"])
    assert outputs[1] == ["1 is still a candidate of r1c3."]
    assert outputs[3][0] == ("r9c4 is not 6: step 17, naked pair: r5c4, r7c4 hold only {6,9} between them in "
                             "column 4, so remove 6, 9 from r9c4")
    assert outputs[3][1].startswith("  the rule, prolog/techniques/subsets.pl:")  # the clause that found it
    assert outputs[3][2] == "    naked_pair_deduction(Step) :-"
    assert outputs[5] == ["r1c3 is not 3: step 18, guess r1c3 = 1 (r1c3 has two candidates: 1, 3)"]
    assert outputs[8] == ["r1c3 is not 1: step 32, so r1c3 is not 1: that guess led to a contradiction"]
    assert outputs[9] == ["r0c1 is not a cell that takes a value.", "false"]
    assert outputs[10] == ["12 is not a value of this puzzle (1..9).", "false"]


def test_the_shell_and_a_solver_say_the_same_why_after_the_same_moves():
    """One session logic: the same moves made in the shell and by pybridge.Solver (steps of the
    subsets, a guess, steps to its contradiction, the backtrack, steps again) give the same answer to why for every candidate of several cells, word for word
    but for the step numbers (the Solver's history also counts the contradiction)."""
    cells = [(1, 3), (9, 4), (5, 4), (2, 6), (8, 2), (6, 1)]
    asks = [(r, c, v) for r, c in cells for v in range(1, 10)]
    whys = [f"why({r}, {c}, {v})" for r, c, v in asks]
    queries = ["load_puzzle('puzzles/sudoku9.txt', 5)", "use_techniques(subsets), steps", *whys,
               "guess", "steps", *whys, "backtrack", "steps", *whys]
    outputs = run_queries(queries)
    shell = [chunk[0] for query, chunk in zip(queries, outputs) if query.startswith("why(")]
    solver = pybridge.Solver(pybridge.load("puzzles/sudoku9.txt")[5], "subsets")
    python = []
    for move in ("propagate", "guess", "propagate", "backtrack", "propagate"):
        getattr(solver, move)()
        if move == "propagate":
            python.extend(solver.why(r, c, v) for r, c, v in asks)
    unnumbered = lambda text: re.sub(r"step \d+, ", "step N, ", text.rstrip("."))   # noqa: E731
    assert len(shell) == len(python) == 3 * len(asks)
    assert [unnumbered(text) for text in shell] == [unnumbered(text) for text in python]
    assert sum("step N" in unnumbered(text) for text in python) > 100


def test_why_and_hints_agree_with_the_solution_on_every_kind():
    """On a puzzle of every kind: each removal and placement `why` names is true of the known
    solution, and so is each hint's, from a grid filled in part."""
    for puzzle, truth in every_kind_cases():
        _, cols = puzzle.shape
        solver = pybridge.Solver(puzzle)
        assert solver.run() == "solved", puzzle
        asked = 0
        for number, step in steps_in_effect(solver.history):
            for r, c, v in step.eliminations[:1]:
                assert truth[(r - 1) * cols + c - 1] != v and \
                    solver.why(r, c, v) == f"r{r}c{c} is not {v}: step {number}, {step.text}"
                asked += 1
            for r, c, v in step.placements[:1]:
                assert truth[(r - 1) * cols + c - 1] == v and \
                    solver.why(r, c, v) == f"r{r}c{c} = {v}: step {number}, {step.text}"
        assert asked
        takes = puzzle.takes_value()
        grid = [v if takes[i] and i % 3 == 0 else 0 for i, v in enumerate(truth)]
        h = pybridge.hint(puzzle, grid, level=3)
        assert h.status in ("step", "solved"), h.text
        for r, c, v in h.step.placements if h.step else []:
            assert truth[(r - 1) * cols + c - 1] == v, h.text
        for r, c, v in h.step.eliminations if h.step else []:
            assert truth[(r - 1) * cols + c - 1] != v, h.text


def test_undo_takes_each_move_back_and_the_guesses_with_it():
    """Undo from the end of a run with taken-back guesses: each undo comes back to where the moves
    before it left the grid; undone to just before a backtrack, backtrack() takes the same guess back again."""
    puzzle, _ = corpus_cases()[3]
    solver = pybridge.Solver(puzzle, "subsets")
    start = list(solver.codes)
    assert solver.run() == "solved"
    history = list(solver.history)
    first_backtrack = next(i for i, step in enumerate(history) if step.kind == "backtrack")
    while len(solver.history) > first_backtrack:
        undone = solver.undo()
        last = solver.history[-1]
        assert undone is history[len(solver.history)] and solver.codes == last.position.after(last).codes
    assert solver.guesses == 1 and solver.history[-1].kind == "contradiction"
    assert solver.backtrack() == history[first_backtrack - 1 - next(
        i for i, s in enumerate(reversed(history[:first_backtrack])) if s.kind == "guess")].placements[0]
    assert solver.history[-1].text == history[first_backtrack].text
    assert solver.run() == "solved" and solver.values == [c for c in history[-1].position.after(history[-1]).codes]
    while solver.undo():
        pass
    assert solver.codes == start and solver.guesses == 0 and solver.undo() is None

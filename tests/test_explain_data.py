"""Explanations as data: `puzzlog explain --json` and Step.to_json, on every kind, checked
against the known solutions: each step is numbered, says where it looks (units, cells), and
removes nothing true."""
from __future__ import annotations

import json

import pytest

import pybridge
from pybridge.puzzles import kakuro
from pybridge.puzzles.signs import from_corpus_record
from conftest import corpus_jsonl, corpus_lines, decode
from test_doors import cli


def check_data(data: dict, truth: list[int], rows: int, cols: int) -> None:
    steps = data["steps"]
    assert [s["number"] for s in steps] == list(range(1, len(steps) + 1))
    assert data["status"] == "solved" and data["grid"] == [truth[i:i + cols] for i in range(0, len(truth), cols)]
    for s in steps:
        assert s["kind"] in ("step", "guess", "contradiction", "backtrack")
        assert all(1 <= r <= rows and 1 <= c <= cols for r, c in s["cells"]), s
        if s["kind"] == "step":
            assert s["units"] or s["cells"], f"step {s['number']} says nowhere to look: {s['text']}"
        if s["depth"] == 0 and s["kind"] == "step":
            for r, c, v in s["placements"]:
                assert truth[(r - 1) * cols + c - 1] == v, s["text"]
            for r, c, v in s["eliminations"]:
                assert truth[(r - 1) * cols + c - 1] != v, s["text"]


def test_explain_json_on_sudoku_with_guesses(tmp_path):
    puzzles = corpus_lines("sudoku9_norvig_top95.txt")[:3]
    solutions = corpus_lines("sudoku9_norvig_top95.solutions.txt")[:3]
    for puzzle, solution in zip(puzzles, solutions):
        for techniques in ([], ["--techniques", "subsets"]):
            out = cli("explain", "-", "--json", *techniques, stdin=puzzle + "\n")
            assert out.returncode == 0, out.stderr
            check_data(json.loads(out.stdout), decode(solution), 9, 9)
    out = cli("explain", "-", "--json", "--techniques", "singles", stdin=puzzles[1] + "\n")
    kinds = {s["kind"] for s in json.loads(out.stdout)["steps"]}
    assert {"guess", "contradiction", "backtrack"} <= kinds


@pytest.mark.parametrize("every", [40])
def test_explain_data_on_futoshiki_and_kakuro(every):
    for record in corpus_jsonl("futoshiki_sgt_unequal.jsonl")[::every]:
        p = from_corpus_record(record)
        check_data(pybridge.explain(p).to_json(), decode(record["solution"]), p.size, p.size)
    for entry in corpus_jsonl("kakuro_upc_prop_paucuesta9.jsonl")[::every]:
        if entry.get("verification") == "invalid":
            continue
        p = kakuro.from_corpus_grid(entry["grid"])
        rows, cols = p.shape
        truth = [int(ch) if ch.isdigit() else 0 for row in entry["solution"] for ch in row]
        check_data(pybridge.explain(p).to_json(), truth, rows, cols)


def test_explain_json_names_a_bad_puzzle():
    out = cli("explain", "-", "--json", stdin="12345\n")
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["status"] == "invalid" and data["steps"] == []
    assert "line 1" in data["error"] and data["grid"] is None


def test_steps_name_the_units_and_cells_they_look_at():
    [p] = pybridge.load("puzzles/sudoku9.txt")[5:6]
    steps = {}
    for s in pybridge.explain(p).steps:
        steps.setdefault(s.technique, s)
    assert (steps["naked_pair"].units, steps["naked_pair"].cells) == (["column 6"], [(2, 6), (7, 6)])
    assert steps["pointing"].units == ["box 2", "column 5"]
    assert steps["swordfish"].units == ["row 2", "row 6", "row 7", "column 1", "column 2", "column 6"]
    assert (steps["finned_x_wing"].units, steps["finned_x_wing"].cells) == (
        ["column 1", "column 9", "row 3", "row 6"], [(4, 9)])   # the base, the cover and the fin
    [p] = pybridge.load("puzzles/sudoku9.txt")[3:4]
    steps = {}
    for s in pybridge.explain(p).steps:
        steps.setdefault(s.technique, s)
    assert steps["xy_wing"].cells == [(6, 2), (2, 2), (6, 5)]
    assert steps["aic"].cells[0] == (4, 2) and steps["aic"].cells[-1] == (4, 8)


def test_removals_name_each_cell_once():
    [p] = pybridge.load("puzzles/sudoku9.txt")[5:6]
    for step in pybridge.explain(p, techniques="subsets").steps:
        if step.kind == "step" and not step.placements and "remove " in step.text:
            listed = step.text.split("remove ", 1)[1]
            cells = [part for chunk in listed.split("; ") for part in chunk.split(" from ")[1].split(", ")]
            assert len(cells) == len(set(cells)), step.text
            assert {f"r{r}c{c}" for r, c, _ in step.eliminations} == set(cells), step.text
    step = next(s for s in pybridge.explain(p, techniques="subsets").steps if s.technique == "naked_pair")
    assert step.text.endswith("so remove 4, 9 from r9c6; 9 from r5c6")

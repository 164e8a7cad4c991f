"""Nothing the engine answers or the commands print changes by accident: every step of
`explain`, the rating of a fixed set of bundled puzzles, the technique ladder, and what
`puzzlog explain`, `solve` and `rate` print on every bundled puzzle file, and what the solving
benches count (solved, guesses), against what
tests/golden holds (made by tests/golden/make_golden.py, to be run again only when a change of
those answers is meant)."""
from __future__ import annotations

import importlib.util
import json

import pytest

from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"
spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
make_golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_golden)


def test_explain_and_rating_are_as_they_were_step_for_step():
    kept = [json.loads(line) for line in (GOLDEN / "explain.jsonl").read_text().splitlines()]
    now = make_golden.records()
    assert len(now) == len(kept)
    for before, after in zip(kept, now):
        where = f"{before['file']} #{before['index']}"
        assert after["status"] == before["status"] and after["rating"] == before["rating"], where
        for n, (a, b) in enumerate(zip(before["steps"], after["steps"]), 1):
            assert a == b, f"{where}, step {n}"
        assert len(after["steps"]) == len(before["steps"]), where


def test_the_technique_ladder_is_as_it_was():
    assert make_golden.ladder() == (GOLDEN / "techniques.txt").read_text()


def same_as_stored(name: str, text: str) -> None:
    stored = GOLDEN / name
    assert stored.is_file(), f"{stored} is missing: tests/golden/make_golden.py makes it"
    assert text == stored.read_text(), f"it prints something else than tests/golden/{name}"


def test_explain_prints_what_it_printed_on_every_bundled_file():
    explained = make_golden.explained()
    assert len(explained) == len(make_golden.BUNDLED)
    for name, text in explained.items():
        assert "Traceback" not in text, name
        same_as_stored(name, text)


@pytest.mark.parametrize("command, files", [("solve", make_golden.WHOLE_FILES), ("rate", make_golden.RATED_FILES)])
def test_solve_and_rate_print_what_they_printed(command, files):
    same_as_stored(f"{command}.txt", make_golden.printed(command, *files))


def test_the_benches_count_what_they_counted():
    if not make_golden.CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {make_golden.CORPUS}")
    same_as_stored("bench.txt", make_golden.benches())

"""Nothing the engine answers changes by accident: every step of `explain`, the rating of a
fixed set of bundled puzzles and the technique ladder against what tests/golden holds (made by
tests/golden/make_golden.py, to be run again only when a change of those answers is meant)."""
from __future__ import annotations

import importlib.util
import json

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

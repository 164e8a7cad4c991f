"""Writes tests/golden/explain.jsonl: every step of `explain` and the rating of a fixed set of
bundled puzzles, and the technique ladder, so that a refactoring can be checked to change
nothing (tests/test_golden.py compares them).  Run it only when a change of the engine's
answers is meant:

    .venv/bin/python tests/golden/make_golden.py
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402

FILES = ["sudoku4.txt", "sudoku6_grid.txt", "sudoku9.txt", "jigsaw9_solo.txt", "sudoku_x_solo.txt",
         "jigsaw6_grid.txt", "futoshiki/unequal.txt", "futoshiki/adjacent.txt", "futoshiki/greater_than_sudoku.grid",
         "kakuro/small.txt", "kakuro/medium.txt", "generated/futoshiki7.txt", "generated/sudoku_x.txt"]


def records() -> list[dict]:
    out = []
    for name in FILES:
        for p in pybridge.load(ROOT / "puzzles" / name):
            explanation = pybridge.explain(p).to_json()
            rating = pybridge.rate(p).to_json()
            steps = [{k: step[k] for k in ("kind", "depth", "technique", "text", "placements", "eliminations")}
                     for step in explanation["steps"]]
            out.append({"file": name, "index": p.index, "status": explanation["status"], "steps": steps,
                        "rating": {k: rating[k] for k in ("level", "score", "hardest", "techniques")}})
    return out


def ladder() -> str:
    return subprocess.run([sys.executable, "-m", "pybridge", "techniques"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


if __name__ == "__main__":
    golden = Path(__file__).resolve().parent
    (golden / "explain.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records()))
    (golden / "techniques.txt").write_text(ladder())

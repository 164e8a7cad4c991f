"""No technique ever removes a true value: every step of a step-by-step solve, checked against the
known solution, on whole corpus sets (the test suite checks slices of them).

    .venv/bin/python bench/soundness.py [--sets top95,cbg,...] [--limit N] [--techniques all]

Each puzzle is solved one deduction at a time with the technique set given (default all, the
whole ladder) until none applies; every placement and elimination is compared with the set's
solution.  It prints, per set, the puzzles and steps checked, how many were finished without a
guess, and each technique's count; any wrong step is printed and makes the exit status 1.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections import Counter

from common import CORPUS, add_ladder_arguments, require_corpus

import pybridge
from pybridge.puzzles import kakuro
from pybridge.puzzles.signs import from_corpus_record

VALUES = "123456789ABCDEFGHIJKLMNOP"


def digits(text: str) -> list[int]:
    return [0 if ch in ".0" else VALUES.index(ch) + 1 for ch in text]


def lines(name: str) -> list[str]:
    return [ln.strip() for ln in (CORPUS / name).read_text().splitlines() if ln.strip()]


def load(name: str) -> list[tuple[object, list[int]]]:
    """(puzzle, solution values in row-major order) for a corpus set."""
    if name.endswith(".txt"):
        solutions = lines(name.replace(".txt", ".solutions.txt"))
        return [(p, digits(s)) for p, s in zip(pybridge.load(CORPUS / name), solutions)]
    if name.endswith(".csv"):
        rows = list(csv.DictReader((CORPUS / name).open()))
        return [(pybridge.load(r["puzzle"])[0], digits(r["solution"])) for r in rows]
    records = [json.loads(ln) for ln in lines(name)]
    if name.startswith("futoshiki"):
        return [(from_corpus_record(r), digits(r["solution"])) for r in records]
    if name.startswith("kakuro"):
        return [(kakuro.from_corpus_grid(r["grid"]),
                 [int(ch) if ch.isdigit() else 0 for row in r["solution"] for ch in row])
                for r in records if r.get("verification") != "invalid"]
    return [(pybridge.load(r["game_id"])[0], digits(r["solution"])) for r in records]


SETS = {
    "top95": "sudoku9_norvig_top95.txt",
    "hardest": "sudoku9_norvig_hardest.txt",
    "top1465": "sudoku9_magictour_top1465.txt",
    "forum1106": "sudoku9_forum_hardest_1106.txt",
    "royle17": "sudoku9_royle17_first2000.txt",
    "cbg": "sudoku9_cbg000_first10000_rated.csv",
    "qqwing": "sudoku9_qqwing_generated_1000.csv",
    "sudoku4": "sudoku4_sgt_solo.jsonl",
    "sudoku6": "sudoku6_sgt_solo.jsonl",
    "jigsaw6": "sudoku6_jigsaw_sgt_solo.jsonl",
    "x": "sudoku9_x_diagonal_sgt_solo.jsonl",
    "jigsaw": "sudoku9_jigsaw_sgt_solo.jsonl",
    "sudoku16": "sudoku16_sgt_solo.jsonl",
    "futoshiki": "futoshiki_sgt_unequal.jsonl",
    "kakuro_upc": "kakuro_upc_prop_paucuesta9.jsonl",
    "kakuro_krazydad": "kakuro_krazydad_via_billstclair.jsonl",
    **{f"killer_{level}": f"sudoku9_killer_sgt_solo_{level}.jsonl"
       for level in ("kdt", "kdb", "kdi", "kda", "kde", "kdu")},
}


def check(puzzle, truth: list[int], techniques: str, used: Counter) -> tuple[int, list[str], bool]:
    """Steps checked, the wrong ones in words, and whether the deductions finished the puzzle."""
    solver = pybridge.Solver(puzzle, techniques)
    status = solver.propagate()
    cols = len(truth) // puzzle.shape[0] if hasattr(puzzle, "shape") else puzzle.size
    wrong = []
    for step in solver.history:
        used[step.technique] += 1
        if any(truth[(r - 1) * cols + c - 1] != v for r, c, v in step.placements) or \
                any(truth[(r - 1) * cols + c - 1] == v for r, c, v in step.eliminations):
            wrong.append(step.text)
    return len(solver.history), wrong, status == "solved"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_ladder_arguments(parser, list(SETS))
    parser.add_argument("--assume-unique", action="store_true",
                        help="with the techniques that rely on a unique solution (every corpus puzzle has one)")
    args = parser.parse_args()
    require_corpus()
    if args.assume_unique:
        with pybridge.assume_unique():
            return sweep(args)
    return sweep(args)


def sweep(args: argparse.Namespace) -> int:
    failures = 0
    print(f"{'set':<16}{'puzzles':>8}{'steps':>9}{'no guess':>10}{'wrong':>7}{'seconds':>9}")
    for name in args.sets.split(","):
        pairs = load(SETS[name])
        if args.limit:
            pairs = pairs[:args.limit]
        used: Counter = Counter()
        steps = finished = wrong = 0
        start = time.perf_counter()
        for puzzle, truth in pairs:
            count, bad, done = check(puzzle, truth, args.techniques, used)
            steps += count
            finished += done
            wrong += len(bad)
            for text in bad:
                print(f"  WRONG {name} {getattr(puzzle, 'index', '')}: {text}")
        failures += wrong
        print(f"{name:<16}{len(pairs):>8}{steps:>9}{finished:>10}{wrong:>7}{time.perf_counter() - start:>9.1f}")
        default = {name for name, _ in pybridge.ladder()}
        beyond = {t: n for t, n in used.items() if t in pybridge.TECHNIQUE_SETS["all"] or t not in default}
        print("  " + ", ".join(f"{t} {n}" for t, n in sorted(beyond.items(), key=lambda kv: -kv[1])))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Sudoku benchmark: puzzlog through the Python API vs a plain CLP(FD) model, side by side.

    .venv/bin/python bench/sudoku.py [--sets easy50,top95,...] [--limit N] [--clpfd-timeout S]

For each set it solves every puzzle with puzzlog (default singles, and with the
harder techniques as "all") and with the CLP(FD) reference model
(prolog/clpfd_reference.pl: all_distinct + labeling [ff]) in the same SWI-Prolog,
both timed the same way around one bridge call, and prints solved, median, p90 and
max ms, median guesses, and the CLP(FD)/puzzlog ratio of medians.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402
from pybridge import engine  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
SETS = {
    "easy50": "sudoku9_norvig_easy50.txt",
    "top95": "sudoku9_norvig_top95.txt",
    "hardest": "sudoku9_norvig_hardest.txt",
    "top1465": "sudoku9_magictour_top1465.txt",
    "16x16": "sudoku16_sgt_solo.jsonl",
}


def load_set(name: str) -> list[pybridge.Puzzle]:
    path = CORPUS / SETS[name]
    if path.suffix == ".jsonl":
        import json
        return [pybridge.load(json.loads(line)["game_id"])[0] for line in path.read_text().splitlines()]
    return pybridge.load(path)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_puzzlog(puzzles, techniques: str):
    times, guesses, solved = [], [], 0
    for p in puzzles:
        r = pybridge.solve(p, techniques=techniques)
        times.append(r.ms)
        guesses.append(r.guesses)
        solved += r.status == "solved"
    return solved, times, guesses


def run_clpfd(puzzles, timeout: float):
    engine.call("use_module", [str(engine.prolog_dir() / "clpfd_reference.pl")], 0)
    times, solved = [], 0
    for p in puzzles:
        start = time.perf_counter()
        try:
            [solution] = engine.call("bridge_clpfd", [p.size, p.box_rows, p.box_cols, p.to_line(),
                                                      int(timeout * 1000)], 1)
        except pybridge.EngineError:
            solution = ""
        times.append((time.perf_counter() - start) * 1000)
        solved += bool(solution)
    return solved, times


def row(label: str, n: int, solved: int, times: list[float], guesses: list[int] | None, ratio: str) -> str:
    g = f"{statistics.median(guesses):8.0f}" if guesses is not None else f"{'-':>8}"
    return (f"{label:<22}{solved:>4}/{n:<4}{statistics.median(times):9.2f}{percentile(times, 0.9):9.2f}"
            f"{max(times):10.2f}{g}  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ",".join(SETS))
    parser.add_argument("--limit", type=int, default=0, help="at most N puzzles per set (0: all)")
    parser.add_argument("--clpfd-timeout", type=float, default=20.0, help="seconds per CLP(FD) puzzle")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"the shared corpus is absent: {CORPUS}")
    engine.start()
    print(f"{'set / solver':<22}{'solved':>9}{'median':>9}{'p90':>9}{'max ms':>10}{'guesses':>8}  clpfd/puzzlog")
    for name in args.sets.split(","):
        puzzles = load_set(name)
        if args.limit:
            puzzles = puzzles[:args.limit]
        n = len(puzzles)
        singles = run_puzzlog(puzzles, "singles")
        full = run_puzzlog(puzzles, "all")
        clp_solved, clp_times = run_clpfd(puzzles, args.clpfd_timeout)
        clp_median = statistics.median(clp_times)
        print(row(f"{name} puzzlog", n, singles[0], singles[1], singles[2],
                  f"{clp_median / statistics.median(singles[1]):.1f}x"))
        print(row(f"{name} puzzlog all", n, full[0], full[1], full[2],
                  f"{clp_median / statistics.median(full[1]):.1f}x"))
        print(row(f"{name} clpfd", n, clp_solved, clp_times, None, "1.0x"), flush=True)


if __name__ == "__main__":
    main()

"""How long generating takes, per kind and level: median, p90 and max ms, side by side with
Debian's qqwing and Simon Tatham's sgt-solo / sgt-unequal generators when they are installed.

    python bench/generate.py                 # every row (a few minutes)
    python bench/generate.py --count 10      # fewer puzzles a row

The targets (issue "Generate"): 9x9 intermediate median <= 100 ms; 9x9 any level but
unreasonable p90 <= 1 s; Futoshiki 7x7 extreme median <= 200 ms; Kakuro 10x10 median <= 1 s,
12x12 median <= 3 s.

    python bench/generate.py --kind kakuro   # only the rows of one kind
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import time

from common import percentile

import pybridge

ROWS = [("sudoku", 9, level) for level in ("trivial", "basic", "intermediate", "advanced", "extreme")]
ROWS += [("sudoku", 4, None), ("sudoku", 6, None), ("sudoku", 16, "basic"), ("sudoku-x", 9, "advanced"),
         ("jigsaw", 9, "intermediate"), ("greater-than", 6, None), ("futoshiki", 5, None),
         ("futoshiki", 7, "extreme"), ("adjacent", 6, None), ("kakuro", 10, None), ("kakuro", 12, None),
         ("kakuro", 15, None)]
OUTSIDE = {("sudoku", 9, "basic"): [["sgt-solo", "--generate", "1", "3x3db"]],
           ("sudoku", 9, "intermediate"): [["qqwing", "--generate", "1", "--difficulty", "intermediate"],
                                           ["sgt-solo", "--generate", "1", "3x3di"]],
           ("futoshiki", 7, "extreme"): [["sgt-unequal", "--generate", "1", "7de"]]}


def row(kind: str, size: int, level: str | None, count: int) -> tuple[list[float], int]:
    """The times of the puzzles made, and how many seeds made none in the attempts allowed."""
    times, failed = [], 0
    for seed in range(count):
        start = time.perf_counter()
        try:
            pybridge.generate(kind, size=size, seed=seed, difficulty=level)
        except pybridge.PuzzlogError:
            failed += 1
            continue
        times.append((time.perf_counter() - start) * 1000)
    return times, failed


def outside(command: list[str], count: int) -> list[float] | None:
    if shutil.which(command[0]) is None:
        return None
    times = []
    for _ in range(count):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return times


def line(name: str, times: list[float], failed: int = 0) -> str:
    if not times:
        return f"| {name} | 0 | | | | {failed} |"
    return (f"| {name} | {len(times)} | {statistics.median(times):.0f} | {percentile(times, 0.9):.0f} | "
            f"{max(times):.0f} | {failed} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, metavar="N", help="puzzles a row (seeds 0..N-1)")
    parser.add_argument("--kind", help="only the rows of this kind")
    args = parser.parse_args()
    pybridge.generate("sudoku", size=4)  # start the engine before timing
    print("| kind, size, level | puzzles | median ms | p90 ms | max ms | seeds without one |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, size, level in ROWS:
        if args.kind and kind != args.kind:
            continue
        print(line(f"{kind} {size}x{size} {level or 'any'}", *row(kind, size, level, args.count)), flush=True)
        for command in OUTSIDE.get((kind, size, level), []):
            times = outside(command, args.count)
            print(line(" ".join(command), times) if times else f"| {command[0]} (not installed) | | | | | |",
                  flush=True)


if __name__ == "__main__":
    main()

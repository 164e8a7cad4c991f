"""Soak: one worker process solves 100,000 puzzles in a row; its memory (RSS) is read every
10,000, and must grow less than 20% after the first 10,000, with no crash.

    python bench/soak.py                  # 100,000 puzzles (some 8 minutes)
    python bench/soak.py --count 20000

The puzzles cycle through four corpus sets, easy to hard (one of them has several solutions
a puzzle), each answer checked against the set's .solutions.txt.  Exit status 1 when the
worker died, an answer was not the corpus's, or the memory grew too much.
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time

from common import CORPUS

import pybridge
from pybridge.batches.work import Work
from pybridge.batches.pool import Failure, Pool

SETS = ["sudoku9_royle17_first2000.txt", "sudoku9_serg_benchmark_first1000.txt", "sudoku9_norvig_top95.txt",
        "sudoku9_magictour_top1465.txt"]
EVERY = 10_000
MAX_GROWTH = 0.20


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def answer(result) -> str:
    """As the corpus's .solutions.txt has it: the solution's digits, or MULTIPLE."""
    if result.status == "solved":
        return "".join(map(str, result.values))
    return result.status.upper()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="puzzles to solve (default 100,000)")
    args = parser.parse_args()
    missing = [name for name in SETS if not (CORPUS / name).is_file()]
    if missing:
        sys.exit(f"the shared corpus is absent: {CORPUS / missing[0]}")
    puzzles = [p for name in SETS for p in pybridge.load(CORPUS / name)]
    expected = [line.strip() for name in SETS
                for line in (CORPUS / name.replace(".txt", ".solutions.txt")).read_text().splitlines() if line.strip()]
    if len(expected) != len(puzzles):
        sys.exit("the sets and their .solutions.txt files do not pair up")
    items = list(itertools.islice(itertools.cycle(range(len(puzzles))), args.count))
    print(f"{args.count} puzzles, cycling through {len(puzzles)} of {', '.join(SETS)}, in one worker process")
    print(f"{'solved':>8}{'RSS MB':>9}{'puzzles/s':>11}")
    wrong, died = 0, 0
    samples: list[float] = []
    with Pool(Work("solve"), 1) as pool:
        pid = pool.workers[0].process.pid
        start = time.perf_counter()
        for done, (i, value) in enumerate(pool.run([puzzles[k] for k in items]), 1):
            if isinstance(value, Failure):
                died += 1
                print(f"puzzle {done}: {value.message}")
            elif answer(value) != expected[items[i]]:
                wrong += 1
            if done % EVERY == 0 or done == len(items):
                if pool.workers[0].process.pid != pid:
                    print("the worker was replaced: its memory is another process's now")
                    pid = pool.workers[0].process.pid
                samples.append(rss_mb(pid))
                print(f"{done:>8}{samples[-1]:>9.1f}{done / (time.perf_counter() - start):>11.0f}")
    growth = (samples[-1] - samples[0]) / samples[0] if len(samples) > 1 else 0.0
    print(f"RSS after the first {min(EVERY, len(items))}: {samples[0]:.1f} MB; at the end {samples[-1]:.1f} MB: "
          f"{100 * growth:+.1f}% (limit +{100 * MAX_GROWTH:.0f}%); {died} worker deaths, {wrong} answers not the "
          "corpus's")
    return 1 if died or wrong or growth >= MAX_GROWTH else 0


if __name__ == "__main__":
    sys.exit(main())

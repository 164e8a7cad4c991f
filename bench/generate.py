"""Generation, side by side with the C generators: CPU ms a puzzle, median over the seeds,
each of our rows beside the outside generator's own median for the same level, measured in
the same run; then technique exercises, big grids, Kakuro and memory.

    python bench/generate.py                   # every section (about 10 minutes)
    python bench/generate.py --seeds 10        # fewer seeds a row
    python bench/generate.py --only levels     # levels, techniques, big, hardest, kakuro, killer (and Samurai)
                                               # or memory

The outside generators come from Debian (the bench installs nothing; `make bench` does,
when root): `apt-get install sgt-puzzles qqwing` gives /usr/games/sgt-solo,
/usr/games/sgt-unequal and qqwing, whose `--generate N PARAMS` runs headless.  Each is
timed as the CPU time of one `--generate 1` process (its start included: a millisecond or
two) less the median CPU time of `--generate 0` (the process starting and stopping, 1 to
6 ms, most of it loading GTK for sgt-*), so that its median, like ours, is the making of one
puzzle: ours is this process's CPU time for one pybridge.generate call on a running engine.

The targets (issue "Create at the speed of the C generators"): each Sudoku-family level at
most 3x sgt-solo's median (9x9 intermediate also at most qqwing's); Futoshiki 5x5 and 7x7
at every Unequal level and Adjacent 6x6 at most 3x sgt-unequal's; greater-than 6x6 within 3x
Futoshiki 6x6; ten exercises of a technique under 10 s wall; 16x16 basic median under 1 s,
25x25 basic under 10 s; an unreasonable 9x9 (issue 48) under 10 s; Kakuro 10x10 / 12x12 no
slower than 551 / 1471 ms; 10,000 9x9 in one process with RSS growth under 10% from the
1,000th.  Issue "Killer Sudoku and Samurai": a
Killer 9x9 intermediate within 5x sgt-solo's 3x3kdi; a Samurai's median under 3 s.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

from common import percentile

import pybridge

SOLO = "/usr/games/sgt-solo"
UNEQUAL = "/usr/games/sgt-unequal"
QQWING = "qqwing"

# (kind, size, level, [(outside command, what its median is to ours)]); a level of None is "any".
LEVEL_ROWS = [
    ("sudoku", 9, "trivial", [([SOLO, "3x3dt"], 3)]),
    ("sudoku", 9, "basic", [([SOLO, "3x3db"], 3)]),
    ("sudoku", 9, "intermediate", [([SOLO, "3x3di"], 3), ([QQWING, "--difficulty", "intermediate"], 1)]),
    ("sudoku", 9, "advanced", [([SOLO, "3x3da"], 3)]),
    ("sudoku", 9, "extreme", [([SOLO, "3x3de"], 3), ([QQWING, "--difficulty", "expert"], None)]),
    ("jigsaw", 9, "intermediate", [([SOLO, "9jdi"], 3)]),
    ("sudoku-x", 9, "advanced", [([SOLO, "3x3xda"], 3)]),
    ("futoshiki", 5, "trivial", [([UNEQUAL, "5dt"], 3)]),
    ("futoshiki", 5, "basic", [([UNEQUAL, "5de"], 3)]),
    ("futoshiki", 5, "advanced", [([UNEQUAL, "5dk"], 3)]),
    ("futoshiki", 5, "extreme", [([UNEQUAL, "5dx"], 3)]),
    ("futoshiki", 7, "trivial", [([UNEQUAL, "7dt"], 3)]),
    ("futoshiki", 7, "basic", [([UNEQUAL, "7de"], 3)]),
    ("futoshiki", 7, "advanced", [([UNEQUAL, "7dk"], 3)]),
    ("futoshiki", 7, "extreme", [([UNEQUAL, "7dx"], 3)]),
    ("adjacent", 6, "basic", [([UNEQUAL, "6ade"], 3)]),
    ("futoshiki", 6, None, []),
    ("greater-than", 6, None, []),   # target: within 3x the row above
]
KILLER_ROWS = [
    ("killer", 9, "basic", [([SOLO, "3x3kdb"], None)]),
    ("killer", 9, "intermediate", [([SOLO, "3x3kdi"], 5)]),
    ("killer", 9, "advanced", [([SOLO, "3x3kda"], None)]),
]
TECHNIQUES = ["x_wing", "swordfish", "xy_wing", "skyscraper", "simple_colouring", "x_chain"]
BIG_ROWS = [("sudoku", 16, "basic", 1000.0), ("sudoku", 25, "basic", 10_000.0)]
# the hardest level, from the stock of hard puzzles (issue 48: at most 10 s a puzzle)
HARDEST_ROWS = [("sudoku", 9, "unreasonable", 10_000.0)]
KAKURO_ROWS = [("kakuro", 10, 551.0), ("kakuro", 12, 1471.0)]


def ours(kind: str, size: int, level: str | None, seeds: int, **options) -> tuple[list[float], int]:
    """CPU ms of each puzzle made, and how many seeds made none."""
    times, failed = [], 0
    for seed in range(seeds):
        start = time.process_time()
        try:
            pybridge.generate(kind, size=size, seed=seed, difficulty=level, **options)
        except pybridge.PuzzlogError:
            failed += 1
            continue
        times.append((time.process_time() - start) * 1000)
    return times, failed


def outside(command: list[str], seeds: int) -> float | None:
    """CPU ms a puzzle of `command --generate N ...`: one process making N = ``seeds``
    puzzles, less one that makes none (its start-up: 1 to 6 ms, most of it GTK's for
    sgt-*), over N; None when it is not installed.  A mean, not a median: one puzzle takes
    well under a millisecond at the easy levels, below what timing one process can tell."""
    program, params = command[0], command[1:]
    if shutil.which(program) is None:
        return None
    start_up = statistics.median(_cpu([program, "--generate", "0", *params]) for _ in range(5))
    return max(0.001, (_cpu([program, "--generate", str(seeds), *params]) - start_up) / seeds)


def _cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def cells(times: list[float]) -> str:
    if not times:
        return "| | |"
    return f"| {statistics.median(times):.1f} | {percentile(times, 0.9):.1f} |"


def levels(seeds: int, rows: list[tuple] = LEVEL_ROWS) -> None:
    print("| kind, size, level | made | median ms | p90 ms | beside | its ms a puzzle | ours / its | target | met |")
    print("|---|---:|---:|---:|---|---:|---:|---:|---|")
    medians: dict[tuple, float] = {}
    for kind, size, level, others in rows:
        times, failed = ours(kind, size, level, seeds)
        ours_median = statistics.median(times) if times else float("inf")
        medians[kind, size, level] = ours_median
        name = f"{kind} {size}x{size} {level or 'any'}"
        made = f"{len(times)}/{seeds}"
        if kind == "greater-than":
            base = medians.get(("futoshiki", 6, None))
            ratio = ours_median / base if base else float("nan")
            print(f"| {name} | {made} {cells(times)} futoshiki 6x6 any | {base:.1f} | {ratio:.1f}x | 3x | "
                  f"{'yes' if ratio <= 3 else f'no, {ratio / 3:.1f}x over'} |", flush=True)
            continue
        if not others:
            print(f"| {name} | {made} {cells(times)} | | | | |", flush=True)
        for command, target in others:
            their = outside(command, seeds)
            label = " ".join([os.path.basename(command[0]), *command[1:]])
            if their is None:
                print(f"| {name} | {made} {cells(times)} {label} (not installed: apt-get install sgt-puzzles "
                      f"qqwing) | | | | |", flush=True)
                continue
            ratio = ours_median / their
            verdict = "" if target is None else ("yes" if ratio <= target else f"no, {ratio / target:.1f}x over")
            print(f"| {name} | {made} {cells(times)} {label} | {their:.2f} | {ratio:,.0f}x | "
                  f"{'' if target is None else f'{target}x'} | {verdict} |", flush=True)


def techniques(count: int) -> None:
    print("| exercises: puzzlog generate sudoku --technique T --count 10 --jobs 0 | made | wall s | target | met |")
    print("|---|---:|---:|---:|---|")
    for technique in TECHNIQUES:
        start = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pybridge", "generate", "sudoku", "--technique", technique,
                              "--count", str(count), "--jobs", "0", "--time-limit", "120", "--json"],
                             capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        made = len(run.stdout.splitlines())
        met = "yes" if made == count and wall < 10 else f"no ({made} in {wall:.0f} s)"
        print(f"| {technique} | {made}/{count} | {wall:.1f} | 10 s | {met} |", flush=True)


def big(seeds: int) -> None:
    bounded("big grids", "target ms", [(f"{kind} {size}x{size} {level}", kind, size, level, target)
                                      for kind, size, level, target in BIG_ROWS], seeds)


def hardest(seeds: int) -> None:
    bounded("hardest level", "target ms", [(f"{kind} {size}x{size} {level}", kind, size, level, target)
                                          for kind, size, level, target in HARDEST_ROWS], seeds)


def kakuro(seeds: int) -> None:
    bounded("kakuro", "before ms", [(f"{kind} {size}x{size}", kind, size, None, before)
                                    for kind, size, before in KAKURO_ROWS], seeds)


def bounded(title: str, bound: str, rows: list[tuple], seeds: int) -> None:
    """Rows whose median must stay under a bound."""
    print(f"| {title} | made | median ms | p90 ms | {bound} | met |")
    print("|---|---:|---:|---:|---:|---|")
    for name, kind, size, level, most in rows:
        times, _ = ours(kind, size, level, seeds)
        median = statistics.median(times) if times else float("inf")
        print(f"| {name} | {len(times)}/{seeds} {cells(times)} {most:.0f} | "
              f"{'yes' if median <= most else f'no, {median / most:.1f}x'} |", flush=True)


def memory(count: int) -> None:
    """RSS every 1,000 9x9 made in this one process."""
    print("| 9x9 made | RSS MB |")
    print("|---:|---:|")
    first = None
    for seed in range(1, count + 1):
        pybridge.generate("sudoku", size=9, seed=seed, difficulty="basic")
        if seed % 1000 == 0:
            rss = _rss_mb()
            first = first or rss
            print(f"| {seed} | {rss:.1f} |", flush=True)
    growth = (_rss_mb() - first) / first * 100
    print(f"\ngrowth from the 1,000th: {growth:+.1f}% (target under 10%): {'met' if growth < 10 else 'missed'}")


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


SAMURAI_ROWS = [("samurai (5 grids) any", "samurai", 5, None, 3000.0),
                ("samurai (5 grids) basic", "samurai", 5, "basic", 3000.0),
                ("samurai twin any", "samurai", 2, None, 3000.0)]


def killer(seeds: int) -> None:
    """Killer Sudoku (no givens) beside Solo's Killers of the same level; Samurai under 3 s."""
    levels(seeds, KILLER_ROWS)
    print()
    bounded("samurai", "target ms", SAMURAI_ROWS, seeds)


SECTIONS = {"levels": levels, "techniques": techniques, "big": big, "hardest": hardest, "kakuro": kakuro,
            "killer": killer, "memory": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, metavar="N", help="seeds a row (default 20)")
    parser.add_argument("--exercises", type=int, default=10, metavar="N", help="exercises a technique (10)")
    parser.add_argument("--memory", type=int, default=10_000, metavar="N", help="9x9 for the memory row (10,000)")
    parser.add_argument("--only", choices=sorted(SECTIONS), action="append", help="only these sections")
    args = parser.parse_args()
    pybridge.generate("sudoku", size=4)  # the engine runs before anything is timed
    for name in args.only or list(SECTIONS):
        print(f"\n## {name}\n")
        if name == "techniques":
            techniques(args.exercises)
        elif name == "memory":
            memory(args.memory)
        else:
            SECTIONS[name](args.seeds)


if __name__ == "__main__":
    main()

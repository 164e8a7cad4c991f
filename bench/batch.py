"""Batch throughput: puzzles per second of `puzzlog solve --one-line` with --jobs 1, --jobs 2
and a Dask LocalCluster of 2 worker processes (--cluster), measured side by side in one run:
each command timed whole (start-up, reading and output included), the runs interleaved and
repeated, medians, and each way's ratio to --jobs 1; then the same once the engines run.

    python bench/batch.py                 # both sets, 3 rounds (a few minutes)
    python bench/batch.py --rounds 5
    python bench/batch.py --big 1000000   # a million-line CSV end to end (about an hour and a quarter here)

--big N builds a CSV of N rows in the public `quizzes,solutions` shape from the corpus's Kaggle
sample (as easy as the public sets: nothing is downloaded), then: peak RSS of --jobs 1 and of
--jobs 2 on 2,000 rows and on min(N, 200,000) rows; --jobs 2 beside --jobs 1 whole commands on
those rows and on 600, each beside the ceiling of this machine: two --jobs 1 processes, each on
half the rows, side by side (no pool beats two processes that share nothing); and the whole
file with --jobs 2 --output, stopped by SIGINT at half way and resumed, every record checked
against the solution column (each once), RSS printed as it goes.

The targets (issue "Batches at scale"), on this 2-core machine: --jobs 2 at least 1.8x
--jobs 1, the LocalCluster at least 1.6x.  The cluster is started once, before the rounds,
as a real one would be already running; its workers' engines start in the first round.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import CORPUS, ROOT

SETS = ["sudoku9_royle17_first2000.txt", "sudoku9_magictour_top1465.txt"]


def timed(command: list[str]) -> tuple[float, bytes]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()}")
    return elapsed, done.stdout


def running_rates(paths: list[str], client) -> dict[str, float]:  # client None: the pool of 2 instead
    """Puzzles per second once the engines run: this process's warm engine for --jobs 1,
    and from the first value to the last for the pool of 2 and the cluster."""
    import pybridge
    from pybridge.batches.work import Work, finished
    from pybridge.batches.pool import Pool

    puzzles = [p for path in paths for p in pybridge.load(path)]
    work = Work("solve")
    pybridge.solve(puzzles[0])
    start = time.perf_counter()
    for p in puzzles:
        pybridge.solve(p)
    rates = {"--jobs 1": len(puzzles) / (time.perf_counter() - start)}

    def after_first(pairs) -> float:
        first = None
        for _ in pairs:
            first = first or time.perf_counter()
        return (len(puzzles) - 1) / (time.perf_counter() - first)

    if client is None:
        with Pool(work, 2) as pool:
            rates["--jobs 2"] = after_first(finished(work, puzzles, pool=pool))
    else:
        rates["cluster of 2"] = after_first(finished(work, puzzles, client=client))
    return rates


def whole_commands(sets, ways: dict[str, list[str]], rounds: int) -> dict[str, dict[str, float]]:
    """Puzzles per second of each way on each set: the median of ``rounds`` interleaved runs,
    each command timed whole."""
    solve = [sys.executable, "-m", "pybridge", "solve", "--one-line"]
    rates: dict[str, dict[str, float]] = {}
    for name, paths in sets:
        times: dict[str, list[float]] = {way: [] for way in ways}
        outputs: dict[str, bytes] = {}
        for _ in range(rounds):
            for way, extra in ways.items():
                elapsed, outputs[way] = timed(solve + extra + paths)
                times[way].append(elapsed)
        if len(set(outputs.values())) != 1:
            sys.exit(f"{name}: the ways gave different output")
        count = next(iter(outputs.values())).count(b"\n")
        rates[name] = {way: count / statistics.median(t) for way, t in times.items()}
    return rates


def table(title: str, sets, rates: dict[str, dict[str, float]]) -> None:
    ways = list(next(iter(rates.values())))
    print(f"\n{title}")
    print(f"{'set':<34}" + "".join(f"{way + ' /s':>17}" for way in ways) + "   ratio to --jobs 1")
    for name, _ in sets:
        row = rates[name]
        ratios = "  ".join(f"{way} {row[way] / row['--jobs 1']:.2f}x" for way in ways if way != "--jobs 1")
        print(f"{name:<34}" + "".join(f"{row[way]:>17.1f}" for way in ways) + f"   {ratios}")


# -- a big CSV, streamed -------------------------------------------------------------------

KAGGLE = "sudoku9_kaggle_bryanpark_first3000.csv"


def big_csv(path: Path, rows: int) -> list[str]:
    """A `quizzes,solutions` CSV of ``rows`` rows cycled from the corpus's Kaggle sample; the
    sample's solutions, to check row i against solutions[i % len(solutions)]."""
    sample = [line.split(",") for line in (CORPUS / KAGGLE).read_text().split() if "," in line]
    sample = [row for row in sample if row[0].isdigit()]
    with path.open("w") as out:
        out.write("quizzes,solutions\n")
        for i in range(rows):
            out.write(",".join(sample[i % len(sample)]) + "\n")
    return [solution for _, solution in sample]


def tree_rss_kb(pid: int) -> int:
    """The resident memory of a process and of its children (a pool's workers), from /proc."""
    total, kids = 0, {pid}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                if int(entry) == pid or int(fields[1]) in kids:
                    kids.add(int(entry))
                    total += int(fields[21]) * os.sysconf("SC_PAGE_SIZE") // 1024
            except (OSError, IndexError, ValueError):
                continue
    return total


def watched(command: list[str], every: float = 0.5, stop_at=None) -> tuple[float, int, subprocess.Popen]:
    """Run ``command`` (stdout to /dev/null), sampling its tree's RSS; ``stop_at()`` true sends
    SIGINT once.  Wall seconds, peak RSS in KB, the finished process."""
    started = time.perf_counter()
    # SIGINT as at a terminal, even when this bench runs in the background (`... &` starts it
    # ignored, and Python then leaves it ignored): the run under test must take it
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    peak, stopped = 0, False
    while run.poll() is None:
        peak = max(peak, tree_rss_kb(run.pid))
        if stop_at and not stopped and stop_at():
            run.send_signal(signal.SIGINT)
            stopped = True
        time.sleep(every)
    run.stderr.read()
    return time.perf_counter() - started, peak, run


class LineCount:
    """The lines a growing file holds, reading only what was added since the last look."""

    def __init__(self, path: Path) -> None:
        self.path, self.offset, self.lines = path, 0, 0

    def __call__(self) -> int:
        if self.path.exists():
            with self.path.open("rb") as grown:
                grown.seek(self.offset)
                added = grown.read()
            self.offset += len(added)
            self.lines += added.count(b"\n")
        return self.lines


def side_by_side(commands: list[list[str]]) -> float:
    """Wall seconds of ``commands`` run at once, until the last one ends."""
    started = time.perf_counter()
    runs = [subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for command in commands]
    for run in runs:
        run.wait()
    return time.perf_counter() - started


def halves(path: Path) -> list[Path]:
    """The rows of a CSV of big_csv split in two files (each with the header), beside it."""
    header, *rows = path.read_text().splitlines()
    middle = len(rows) // 2
    parts = [path.with_name(f"{path.stem}-{n}.csv") for n in (1, 2)]
    for part, some in zip(parts, (rows[:middle], rows[middle:])):
        part.write_text("\n".join([header, *some]) + "\n")
    return parts


def big_run(rows: int, comparisons: bool = True) -> None:
    solve = [sys.executable, "-m", "pybridge", "solve"]
    with tempfile.TemporaryDirectory() as folder:
        if comparisons:
            compare(solve, Path(folder), rows)
        whole_file(solve, Path(folder), rows)


def compare(solve: list[str], folder: Path, rows: int) -> None:
    """Peak RSS on 2,000 and min(rows, 200,000) rows; --jobs 2 beside --jobs 1 and the ceiling."""
    small, large = folder / "small.csv", folder / "large.csv"
    big_csv(small, 2000)
    big_csv(large, min(rows, 200_000))
    print("\npeak RSS (MB) of `puzzlog solve --one-line`, the process and its workers")
    print(f"{'':10}{'2,000 rows':>12}{f'{min(rows, 200_000):,} rows':>16}   growth")
    walls = {}
    for jobs in ("1", "2"):
        command = solve + ["--one-line", "--jobs", jobs]
        _, small_peak, _ = watched(command + [str(small)])
        walls[jobs], large_peak, _ = watched(command + [str(large)])
        print(f"--jobs {jobs:<3}{small_peak / 1024:>12.1f}{large_peak / 1024:>16.1f}   "
              f"{100 * (large_peak / small_peak - 1):+.1f}% (target within 10%)")
    one = solve + ["--one-line", "--jobs", "1"]
    pair = side_by_side([one + [str(part)] for part in halves(large)])
    print(f"{min(rows, 200_000):,} rows: --jobs 2 is {walls['1'] / walls['2']:.2f}x --jobs 1 (target 1.8x); "
          f"the ceiling on this machine, two --jobs 1 on the halves side by side: {walls['1'] / pair:.2f}x")
    six = folder / "six.csv"
    big_csv(six, 600)
    side = "two --jobs 1 on the halves side by side"
    ways = {"--jobs 1": lambda: timed(one + [str(six)])[0],
            "--jobs 2": lambda: timed(solve + ["--one-line", "--jobs", "2", str(six)])[0],
            side: lambda: side_by_side([one + [str(part)] for part in halves(six)])}
    times: dict[str, list[float]] = {way: [] for way in ways}
    for _ in range(5):   # interleaved, so that a busy moment falls on all of them
        for way, run in ways.items():
            times[way].append(run())
    medians = {way: statistics.median(t) for way, t in times.items()}
    print("\n600 rows, whole commands (medians of 5): "
          + ", ".join(f"{way} {t:.2f} s" for way, t in medians.items()))
    print(f"--jobs 2 is {medians['--jobs 1'] / medians['--jobs 2']:.2f}x --jobs 1 (target 1.6x); "
          f"the ceiling (two --jobs 1 side by side) {medians['--jobs 1'] / medians[side]:.2f}x")


def whole_file(solve: list[str], folder: Path, rows: int) -> None:
    """The whole file with --jobs 2 --output, SIGINT at half way, then --resume; every record checked."""
    whole = folder / "whole.csv"
    solutions = big_csv(whole, rows)
    out = folder / "out.jsonl"
    half = rows // 2
    command = solve + ["--jobs", "2", "--output", str(out), str(whole)]

    written = LineCount(out)
    first, peak1, run = watched(command, every=2.0, stop_at=lambda: written() >= half)
    done_first = written()
    second, peak2, resumed = watched(command + ["--resume"], every=2.0)
    indexes, wrong = set(), 0
    repeated = 0
    with out.open() as records:
        for line in records:
            record = json.loads(line)
            repeated += record["index"] in indexes
            indexes.add(record["index"])
            grid = "".join(str(v) for row in record["grid"] for v in row)
            wrong += grid != solutions[record["index"] % len(solutions)]
    print(f"\n{rows:,} rows, --jobs 2 --output: SIGINT after {done_first:,} records (exit {run.returncode}), "
          f"--resume (exit {resumed.returncode}); records {len(indexes):,}, missing {rows - len(indexes):,}, "
          f"repeated {repeated}, wrong {wrong}; {rows / (first + second):,.0f} puzzles/s in all; "
          f"peak RSS {peak1 / 1024:.0f} MB then {peak2 / 1024:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each way per set (default 3)")
    parser.add_argument("--no-cluster", action="store_true", help="leave out the Dask LocalCluster")
    parser.add_argument("--big", type=int, metavar="N", help="only the big CSV of N rows, end to end")
    parser.add_argument("--whole-only", action="store_true",
                        help="with --big: only the whole file's run (interrupted, resumed, checked)")
    args = parser.parse_args()
    if args.big:
        big_run(args.big, comparisons=not args.whole_only)
        return
    files = [CORPUS / name for name in SETS]
    for path in files:
        if not path.is_file():
            sys.exit(f"the shared corpus file {path} is absent")
    sets = [(path.name, [str(path)]) for path in files] + [("both sets in one command", [str(p) for p in files])]
    # the local ways first, with no cluster idling beside them (it takes some 4% of a core)
    local = {"--jobs 1": ["--jobs", "1"], "--jobs 2": ["--jobs", "2"]}
    table(f"whole commands, Python start-up, reading and output included (medians of {args.rounds} rounds):",
          sets, whole_commands(sets, local, args.rounds))
    table("once running (engines started, input read; for a pool, the first value to the last):",
          sets, {name: running_rates(paths, None) for name, paths in sets})
    if args.no_cluster:
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("\nDask is absent (pip install 'puzzlog[cluster]'): no cluster rows")
        return
    # then the cluster, started once before its rounds as a real one would already run, beside
    # --jobs 1 again; its workers' engines start in its first round
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        ways = {"--jobs 1": ["--jobs", "1"], "cluster of 2": ["--cluster", cluster.scheduler_address]}
        table(f"whole commands on a Dask LocalCluster of 2 worker processes (medians of {args.rounds} rounds):",
              sets, whole_commands(sets, ways, args.rounds))
        with Client(cluster) as client:
            table("once running, on the cluster:", sets,
                  {name: running_rates(paths, client) for name, paths in sets})


if __name__ == "__main__":
    main()

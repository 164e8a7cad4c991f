"""Batch throughput: puzzles per second of `puzzlog solve --one-line` with --jobs 1, --jobs 2
and a Dask LocalCluster of 2 worker processes (--cluster), measured side by side in one run:
each command timed whole (start-up, reading and output included), the runs interleaved and
repeated, medians, and each way's ratio to --jobs 1; then the same once the engines run.

    python bench/batch.py                 # both sets, 3 rounds (a few minutes)
    python bench/batch.py --rounds 5

The targets (issue "Batches at scale"), on this 2-core machine: --jobs 2 at least 1.8x
--jobs 1, the LocalCluster at least 1.6x.  The cluster is started once, before the rounds,
as a real one would be already running; its workers' engines start in the first round.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

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
    from pybridge.batch import Work, finished
    from pybridge.pool import Pool

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each way per set (default 3)")
    parser.add_argument("--no-cluster", action="store_true", help="leave out the Dask LocalCluster")
    args = parser.parse_args()
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

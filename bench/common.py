"""What the benchmarks share: timing puzzlog and the CLP(FD) models the same way, and the table."""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402
from pybridge.engine import swipl  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
HEADER = (f"{'set / solver':<24}{'solved':>9}{'median':>9}{'p90':>9}{'max ms':>10}{'guesses':>8}{'no guess':>9}"
          "  clpfd/puzzlog")


def require_corpus() -> None:
    if not CORPUS.is_dir():
        sys.exit(f"the shared corpus is absent: {CORPUS}")
    swipl.start()


def add_common_arguments(parser: argparse.ArgumentParser, unit: str = "set") -> None:
    """The options every benchmark takes: --limit, --clpfd-timeout and --repeat."""
    parser.add_argument("--limit", type=int, default=0, metavar="N", help=f"at most N puzzles per {unit} (0: all)")
    parser.add_argument("--clpfd-timeout", type=float, default=20.0, metavar="S", help="seconds per CLP(FD) puzzle")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="solve the whole set N times over and keep each solver's fastest time a "
                             "puzzle, so that one slow spell of a shared machine spoils at most one of "
                             "a puzzle's times (default 1)")


def add_ladder_arguments(parser: argparse.ArgumentParser, sets: list[str]) -> None:
    """The options of the ladder benchmarks: --sets, --techniques (default all) and --limit."""
    parser.add_argument("--sets", default=",".join(sets), help="comma-separated: " + ",".join(sets))
    parser.add_argument("--techniques", default="all", help="a technique set (default all)")
    parser.add_argument("--limit", type=int, default=0, metavar="N", help="at most N puzzles a set")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Runs:
    """What one solver did on a set: puzzles solved, ms and guesses per puzzle."""
    solved: int = 0
    times: list[float] = field(default_factory=list)
    guesses: list[int] | None = field(default_factory=list)


def puzzlog(techniques: str | None = None, unique: bool = False) -> Callable:
    """A solver through the Python API (the kind's default techniques unless named):
    puzzle -> (solved, ms, guesses).  It stops at the first solution, as the CLP(FD)
    model does, unless ``unique``: then it also proves there is no second one, as
    solve's default does (the whole search tree, so the tail is longer)."""
    def run(p):
        r = pybridge.solve(p, max_solutions=2 if unique else 1, techniques=techniques)
        return r.status == "solved", r.ms, r.guesses
    return run


def clpfd(timeout: float) -> Callable:
    """The CLP(FD) reference model, one bridge call a puzzle: puzzle -> (solved, ms, None)."""
    swipl.call("use_module", [str(ROOT / "bench" / "clpfd_reference.pl")], 0)

    def run(p):
        start = time.perf_counter()
        try:
            [solution] = swipl.call("bridge_clpfd", [p.geometry(), p.givens_text(),
                                                      int(timeout * 1000)], 1)
        except pybridge.EngineError:
            solution = ""
        return bool(solution), (time.perf_counter() - start) * 1000, None
    return run


def side_by_side(puzzles, solvers: dict[str, Callable], repeat: int = 1) -> dict[str, Runs]:
    """Every solver over the whole set in one run, pass after pass.  A pass is
    each solver in turn over all the puzzles, so that no solver's times carry
    the after-effects of another's work (a CLP(FD) solve between each two made
    puzzlog's top95 median 4-10% slower); the order of the solvers is reversed
    every other pass.  With repeat > 1, each solver's fastest time a
    puzzle counts: the passes are far apart in time, so one slow spell of the
    machine spoils at most one time of a puzzle (solving is deterministic: the
    same outcome and guesses every pass)."""
    best: dict[str, list[tuple[bool, float, int | None]]] = {label: [] for label in solvers}
    labels = list(solvers)
    for pass_number in range(max(1, repeat)):
        for label in labels if pass_number % 2 == 0 else reversed(labels):
            solve = solvers[label]
            for i, p in enumerate(puzzles):
                ok, ms, guesses = solve(p)
                if pass_number == 0:
                    best[label].append((ok, ms, guesses))
                elif ms < best[label][i][1]:
                    best[label][i] = (ok, ms, guesses)
    runs = {label: Runs() for label in solvers}
    for label, outcomes in best.items():
        entry = runs[label]
        for ok, ms, guesses in outcomes:
            entry.solved += ok
            entry.times.append(ms)
            if guesses is None:
                entry.guesses = None
            else:
                entry.guesses.append(guesses)
    return runs


def report(name: str, n: int, runs: dict[str, Runs], reference: str = "clpfd") -> None:
    """One table row per solver, with the ratio of the reference's median to its own."""
    base = runs[reference].times
    for label, r in runs.items():
        print(row(f"{name} {label}", n, r.solved, r.times, r.guesses, ratio(base, r.times)), flush=True)


def row(label: str, n: int, solved: int, times: list[float], guesses: list[int] | None, ratio: str) -> str:
    if guesses is not None:
        g = f"{statistics.median(guesses):8.0f}{sum(1 for x in guesses if x == 0):>9}"
    else:
        g = f"{'-':>8}{'-':>9}"
    return (f"{label:<24}{solved:>4}/{n:<4}{statistics.median(times):9.2f}{percentile(times, 0.9):9.2f}"
            f"{max(times):10.2f}{g}  {ratio}")


def ratio(reference: list[float], times: list[float]) -> str:
    return f"{statistics.median(reference) / statistics.median(times):.1f}x"


def puzzlog_beside_clpfd(description: str, sets: dict[str, Callable[[], list]]) -> None:
    """The main of a bench that solves each named set with puzzlog and with the CLP(FD) model,
    side by side (the common options: --limit, --clpfd-timeout, --repeat)."""
    parser = argparse.ArgumentParser(description=description)
    add_common_arguments(parser)
    args = parser.parse_args()
    require_corpus()
    print(HEADER)
    for name, load in sets.items():
        puzzles = load()[:args.limit or None]
        runs = side_by_side(puzzles, {"puzzlog": puzzlog(), "clpfd": clpfd(args.clpfd_timeout)}, args.repeat)
        report(name, len(puzzles), runs)

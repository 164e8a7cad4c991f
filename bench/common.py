"""What the benchmarks share: timing puzzlog and the CLP(FD) models the same way, and the table."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402
from pybridge import engine  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
HEADER = f"{'set / solver':<22}{'solved':>9}{'median':>9}{'p90':>9}{'max ms':>10}{'guesses':>8}  clpfd/puzzlog"


def require_corpus() -> None:
    if not CORPUS.is_dir():
        sys.exit(f"the shared corpus is absent: {CORPUS}")
    engine.start()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_puzzlog(puzzles, techniques: str = "singles"):
    """(solved, ms per puzzle, guesses per puzzle) through the Python API."""
    times, guesses, solved = [], [], 0
    for p in puzzles:
        r = pybridge.solve(p, techniques=techniques)
        times.append(r.ms)
        guesses.append(r.guesses)
        solved += r.status == "solved"
    return solved, times, guesses


def run_clpfd(puzzles, timeout: float):
    """(solved, ms per puzzle) for the CLP(FD) reference model, one bridge call a puzzle."""
    engine.call("use_module", [str(engine.prolog_dir() / "clpfd_reference.pl")], 0)
    times, solved = [], 0
    for p in puzzles:
        start = time.perf_counter()
        try:
            [solution] = engine.call("bridge_clpfd", [p.geometry(), p.givens_text(),
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


def ratio(reference: list[float], times: list[float]) -> str:
    return f"{statistics.median(reference) / statistics.median(times):.1f}x"

"""How long puzzlog takes to start: the import of pybridge, an engine made ready (pyswip and
SWI-Prolog started from the engine's saved state, engine.state in the cache folder), and a whole `puzzlog solve`
of one 9x9 puzzle, each a fresh process, side by side in one run (medians of --runs), with
the loading of the engine from its sources beside them for comparison.

    .venv/bin/python bench/startup.py [--runs 15]

Targets (issue 36): one 9x9 solve at most 0.25 s wall, the import at most 0.15 s, an engine
ready in at most 0.08 s.  Python's start alone (`python -c pass`) is printed as the floor.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from common import ROOT

PYTHON = sys.executable
PUZZLOG = str(ROOT / ".venv" / "bin" / "puzzlog")
ONE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
READY = """
import time, pybridge.engine.swipl as engine
started = time.perf_counter()
engine.start()
print(time.perf_counter() - started)
"""
FROM_SOURCE = """
import time, pybridge.engine.swipl as engine, pybridge.engine.compiled as compiled
compiled.known_swipl = lambda folder: None    # as on a first start: pyswip, then the sources
compiled.ready_state = lambda folder, swipl: None
started = time.perf_counter()
engine.start()
print(time.perf_counter() - started)
"""


def wall(command: list[str], stdin: str | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=True, cwd=ROOT)
    return time.perf_counter() - started


def inner(script: str) -> float:
    out = subprocess.run([PYTHON, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    subprocess.run([PYTHON, "-c", "import pybridge.engine.swipl as e; e.start()"], check=True, cwd=ROOT)  # the state
    cases = [
        ("python -c pass (the floor)", lambda: wall([PYTHON, "-c", "pass"]), None),
        ('python -c "import pybridge"', lambda: wall([PYTHON, "-c", "import pybridge"]), 0.15),
        ("engine ready (from engine.state)", lambda: inner(READY), 0.08),
        ("engine ready (from the sources)", lambda: inner(FROM_SOURCE), None),
        ("puzzlog solve, one 9x9 from stdin", lambda: wall([PUZZLOG, "solve", "-"], ONE + "\n"), 0.25),
    ]
    times: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in range(args.runs):  # the cases in turn, so that a busy moment falls on all of them
        for name, run, _ in cases:
            times[name].append(run())
    bytecode = "read, not written (PYTHONDONTWRITEBYTECODE)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "on"
    print(f"start-up, median and max of {args.runs} fresh processes (bytecode caching {bytecode})\n")
    print(f"{'':38} {'median s':>9} {'max s':>7} {'target':>7}  met")
    for name, _, target in cases:
        median = statistics.median(times[name])
        met = "" if target is None else ("yes" if median <= target else f"no, {median / target:.1f}x")
        print(f"{name:38} {median:9.3f} {max(times[name]):7.3f} {target or '':>7}  {met}")


if __name__ == "__main__":
    main()

"""Practice positions, measured against the targets of the issue "Practise any technique in
seconds", each row in one run side by side:

    python bench/practice.py                 # every row (about 15 minutes on 2 cores)
    python bench/practice.py --only sudoku   # or: kinds, page
    python bench/practice.py --only sudoku --no-fresh   # without column (c), a few minutes

- **sudoku**: for each Sudoku technique from x_wing to forcing_chain, wall seconds for 10
  positions (a) from a warm bank (a library's practice table holding the shipped bank's
  puzzles, asked once for the technique before, so that it keeps the positions it found; the
  engine running), (b) cold from the shipped bank (a new process, no library:
  its start included), (c) with no bank at all (new puzzles from the generator, walked), for
  the techniques met in at least 1% of random puzzles; beside each, that share (the shipped
  bank's frequency table: bench/practice_bank.py).  Targets: (a) 1 s, (b) 10 s, (c) 60 s.
- **kinds**: every technique of the Killer, Kakuro and Futoshiki banks, 10 positions cold from
  the shipped bank.  Target 10 s.
- **page**: ``POST /api/practice`` on a running server (what the page's Practise button asks),
  median and worst over the Sudoku techniques.  Target 1 s.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402
from pybridge.library.store import Library  # noqa: E402
from pybridge.teaching.practice import bank_techniques, frequency, practice, shipped_bank  # noqa: E402

COUNT = 10
FIRST = "x_wing"


def cold(technique: str, kind: str) -> tuple[float, int]:
    """Seconds for a new process to give COUNT positions from the shipped bank, and how many."""
    code = ("import pybridge, sys; ps = pybridge.practice(sys.argv[1], count=%d, kind=sys.argv[2], seed=1, "
            "generate=False); print(len(ps))" % COUNT)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code, technique, kind], capture_output=True, text=True, cwd=ROOT)
    seconds = time.monotonic() - started
    return seconds, int(done.stdout.strip() or 0) if done.returncode == 0 else 0


def timed(**kwargs) -> tuple[float, int]:
    started = time.monotonic()
    try:
        found = practice(count=COUNT, seed=1, **kwargs)
    except pybridge.PuzzlogError:
        found = []
    return time.monotonic() - started, len(found)


def mark(seconds: float, n: int, target: float) -> str:
    return f"{seconds:7.2f} s {n:>2}{'' if n >= COUNT and seconds <= target else ' ✗'}"


def sudoku_rows(fresh_column: bool = True) -> None:
    techniques = [t for t, _, _ in bank_techniques("sudoku")]
    techniques = techniques[techniques.index(FIRST):] if FIRST in techniques else techniques
    with tempfile.TemporaryDirectory() as tmp:
        library = Library(Path(tmp) / "lib.sqlite")
        for entry in shipped_bank("sudoku"):
            for t in entry.techniques:
                library.practice_put(t, "sudoku", entry.level, entry.text)
        practice("naked_single", count=1, library=library)   # the engine started
        print(f"\nSudoku: {COUNT} positions a technique (seconds, positions; ✗ misses the target)")
        print(f"{'technique':18} {'met in':>8} {'warm bank (1 s)':>16} {'shipped, cold (10 s)':>21} "
              f"{'no bank (60 s)':>16}")
        for t in techniques:
            met, walked = frequency(t, "sudoku") or (0, 1)
            share = met / walked
            # warm: the library's bank has been asked for the technique once, and keeps the
            # positions it found then
            practice(t, count=COUNT, library=library, bank=False, generate=False, seed=0)
            warm = mark(*timed(technique=t, library=library, bank=False, generate=False), 1.0)
            shipped = mark(*cold(t, "sudoku"), 10.0)
            fresh = ("  (not run)" if not fresh_column else
                     mark(*timed(technique=t, bank=False, time_limit=60), 60.0) if share >= 0.01 else "  (under 1%)")
            print(f"{t:18} {100 * share:7.2f}% {warm:>16} {shipped:>21} {fresh:>16}", flush=True)


def kind_rows() -> None:
    print(f"\nKiller, Kakuro, Futoshiki: {COUNT} positions a technique, cold from the shipped bank (target 10 s)")
    print(f"{'kind':10} {'technique':22} {'met in':>8} {'shipped, cold':>16}")
    for kind in ("killer", "kakuro", "futoshiki"):
        for t, met, walked in bank_techniques(kind):
            print(f"{kind:10} {t:22} {100 * met / walked:7.2f}% {mark(*cold(t, kind), 10.0):>16}", flush=True)


def page_rows() -> None:
    import http.client
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-m", "pybridge", "serve", "--port", str(port), "--db",
                                   str(Path(tmp) / "lib.sqlite"), "--no-stock"], cwd=ROOT, stderr=subprocess.DEVNULL)
        try:
            def post(body: dict) -> tuple[int, float]:
                started = time.monotonic()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                conn.request("POST", "/api/practice", json.dumps(body), {"Content-Type": "application/json"})
                status = conn.getresponse().status
                conn.close()
                return status, time.monotonic() - started
            deadline = time.monotonic() + 60
            while True:
                try:
                    if post({"technique": "naked_single"})[0] == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    sys.exit("the server did not start")
                time.sleep(0.3)
            techniques = [t for t, _, _ in bank_techniques("sudoku")]
            times, failed = [], []
            for t in techniques[techniques.index(FIRST):]:
                for _ in range(3):
                    status, seconds = post({"technique": t, "kind": "sudoku"})
                    times.append(seconds)
                    if status != 200:
                        failed.append(t)
            print(f"\nThe page's Practise (POST /api/practice, {len(times)} calls, Sudoku x_wing..forcing_chain): "
                  f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s "
                  f"({'meets' if max(times) <= 1 else 'misses'} the 1 s target){', failed: ' + ', '.join(failed) if failed else ''}")
        finally:
            server.terminate()
            server.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("sudoku", "kinds", "page"), help="one section")
    parser.add_argument("--no-fresh", action="store_true",
                        help="leave out the Sudoku column with no bank at all (60 s a technique)")
    args = parser.parse_args()
    for name, rows in (("sudoku", lambda: sudoku_rows(not args.no_fresh)), ("kinds", kind_rows),
                       ("page", page_rows)):
        if args.only in (None, name):
            rows()


if __name__ == "__main__":
    main()

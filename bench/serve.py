"""The server under load: `puzzlog serve` with 1 engine and with its default (one per core),
side by side in one run, each under 8 and then 32 clients of mixed calls, beside a client
that keeps a slow call going (an empty 25x25 to solve, 5 s a time).

For each: requests per second, the latency of the mixed calls (p50, p99, max), refusals by
status, and the probe: a 10 ms call (a 4x4 read) sent once a second, whose time is what a
quick call waits behind the slow one and the load (target: under 1 s).

    python bench/serve.py                # 60 s a case, four cases: about 4 minutes
    python bench/serve.py --seconds 15   # quicker, rougher
"""
from __future__ import annotations

import argparse
import http.client
import itertools
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from common import CORPUS, ROOT, percentile

import pybridge

QUICK = {"puzzle": "...24......32..."}
SLOW = {"puzzle": "." * 625, "time_limit": 5}


def mixed_calls() -> list[tuple[str, dict]]:
    """The page's calls on real puzzles: read, candidates, check and hint from a position
    half filled in, solve, rate, and now and then a generate."""
    source = CORPUS / "sudoku9_norvig_top95.txt"
    lines = (source.read_text() if source.exists() else (ROOT / "puzzles" / "sudoku9.txt").read_text()).split()
    calls = []
    for line in lines[:40]:
        solution = pybridge.solve(pybridge.load(line)[0]).values
        half = [v if i % 2 else 0 for i, v in enumerate(solution)]
        calls += [("read", {"puzzle": line}), ("candidates", {"puzzle": line, "grid": half}),
                  ("check", {"puzzle": line, "grid": half}), ("hint", {"puzzle": line, "grid": half, "level": 2}),
                  ("solve", {"puzzle": line}), ("rate", {"puzzle": line})]
    calls += [("generate", {"kind": "sudoku", "size": 9, "seed": n}) for n in range(6)]
    return calls


class Client:
    """One keep-alive connection to the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(self, call: str, data: dict) -> tuple[int, float]:
        started = time.perf_counter()
        try:
            self.conn.request("POST", f"/api/{call}", body=json.dumps(data),
                              headers={"Content-Type": "application/json", "Host": f"127.0.0.1:{self.port}"})
            response = self.conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            status = 0
        return status, (time.perf_counter() - started) * 1000


def run_case(port: int, clients: int, seconds: float, calls: list) -> dict:
    stop = time.monotonic() + seconds
    times: list[float] = []
    statuses: Counter = Counter()
    probes: list[float] = []
    lock = threading.Lock()

    def mixed(n: int) -> None:
        client, rng = Client(port), random.Random(n)
        while time.monotonic() < stop:
            status, ms = client.post(*rng.choice(calls))
            with lock:
                statuses[status] += 1
                if status == 200:
                    times.append(ms)

    def slow() -> None:
        client = Client(port)
        while time.monotonic() < stop:
            client.post("solve", SLOW)

    def probe() -> None:
        client = Client(port)
        time.sleep(2)  # the slow call and the load under way
        while time.monotonic() < stop - 1:
            status, ms = client.post("read", QUICK)
            probes.append(ms if status == 200 else float("inf"))
            time.sleep(1)

    threads = [threading.Thread(target=mixed, args=(n,)) for n in range(clients)]
    threads += [threading.Thread(target=slow), threading.Thread(target=probe)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    return {"rate": len(times) / elapsed, "p50": percentile(times, 0.5) if times else 0,
            "p99": percentile(times, 0.99) if times else 0, "max": max(times, default=0),
            "refused": {s: n for s, n in statuses.items() if s != 200},
            "probe_p50": statistics.median(probes) if probes else float("nan"),
            "probe_max": max(probes, default=float("nan"))}


def start_server(engines: int, folder: Path) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "pybridge", "serve", "--port", str(port), "--engines",
                               str(engines), "--db", str(folder / f"lib{engines}.sqlite")], cwd=ROOT,
                              stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while Client(port).post("read", QUICK)[0] != 200:
        if time.monotonic() > deadline or server.poll() is not None:
            sys.exit("the server did not start")
        time.sleep(0.2)
    return server, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="load time per case (default 60)")
    parser.add_argument("--clients", default="8,32", help="client counts (default 8,32)")
    args = parser.parse_args()
    calls = mixed_calls()
    from pybridge.web import ServeLimits
    engine_counts = [1, ServeLimits().engine_count]
    print(f"{len(calls)} mixed calls (read, candidates, check, hint, solve, rate on top95; generate 9x9), beside "
          f"a slow solve (an empty 25x25, 5 s); {args.seconds:g} s a case\n")
    print(f"{'engines':>7} {'clients':>7} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'probe p50':>10} {'probe max':>10}  refused")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for engines, clients in itertools.product(engine_counts, [int(c) for c in args.clients.split(",")]):
            server, port = start_server(engines, Path(tmp))
            try:
                r = run_case(port, clients, args.seconds, calls)
            finally:
                server.terminate()
                server.wait(30)
            results[engines, clients] = r
            refused = ", ".join(f"{s or 'dropped'}: {n}" for s, n in sorted(r["refused"].items())) or "-"
            print(f"{engines:>7} {clients:>7} {r['rate']:>8.1f} {r['p50']:>8.0f} {r['p99']:>8.0f} {r['max']:>8.0f} "
                  f"{r['probe_p50']:>10.0f} {r['probe_max']:>10.0f}  {refused}", flush=True)
    print()
    many = engine_counts[-1]
    for clients in [int(c) for c in args.clients.split(",")]:
        ratio = results[many, clients]["rate"] / results[1, clients]["rate"]
        probe = results[many, clients]["probe_max"]
        print(f"{clients} clients: {many} engines give {ratio:.2f}x the requests of 1; the 10 ms call waited at most "
              f"{probe:.0f} ms ({'meets' if probe < 1000 else 'misses'} the 1 s target)")


if __name__ == "__main__":
    main()

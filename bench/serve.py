"""The server under load: `puzzlog serve` with 1 engine and with its default (one per core),
side by side in one run, each under 8 and then 32 clients of mixed calls, beside a client
that keeps a slow call going (an empty 25x25 to solve, 5 s a time).

For each: requests per second, the latency of the mixed calls (p50, p99, max), refusals by
status, and the probe: a 10 ms call (a 4x4 read) sent once a second, whose time is what a
quick call waits behind the slow one and the load (target: under 1 s).

    python bench/serve.py                # 60 s a case, four cases: about 4 minutes
    python bench/serve.py --seconds 15   # quicker, rougher

With ``--hostile``, the attack mix instead, beside 4 normal clients, with 2, 4 and 8 slow
calls (empty 25x25 solves) going: two clients flooding 250 KB reads, 20 slow readers that ask
for 10 MB answers and read nothing, 64 half-open connections, bodies nested 900 deep.  For
each: the quick probe's p50/p99 (target: p99 under 1 s), engine restarts (target 0), and the
server's RSS at the start, at its peak and ``--settle`` seconds after the attack (target:
within 20% of the start).

    python bench/serve.py --hostile --seconds 60
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

    def __init__(self, port: int, address: str = "127.0.0.1") -> None:
        self.port = port
        self.address = address
        self.conn = self._connect()

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.address, 0))

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
            self.conn = self._connect()
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


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    except (OSError, StopIteration):
        return float("nan")


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return found


ATTACKER = "127.0.0.2"   # the attack comes from an address of its own, the slow calls from another,
HEAVY = "127.0.0.3"      # the normal clients and the probe from 127.0.0.1 (Linux answers all of 127/8)


def hostile_case(port: int, server_pid: int, slow_calls: int, seconds: float, settle: float, calls: list) -> dict:
    stop = time.monotonic() + seconds
    probes: list[float] = []
    line = next(l for l in (ROOT / "puzzles" / "sudoku9.txt").read_text().splitlines() if not l.startswith("#"))
    big_read = {"puzzle": (line + "\n") * 3000, "time_limit": 5}
    big_answer = {"puzzle": (line + "\n") * 470}   # some 10 MB of pictures
    deep = b'{"puzzle": "...24......32...", "grid": ' + b"[" * 900 + b"]" * 900 + b"}"

    def normal(n: int) -> None:
        client, rng = Client(port), random.Random(n)
        while time.monotonic() < stop:
            client.post(*rng.choice(calls))

    def slow() -> None:
        client = Client(port, HEAVY)
        while time.monotonic() < stop:
            client.post("solve", SLOW)

    def flood() -> None:
        client = Client(port, ATTACKER)
        while time.monotonic() < stop:
            client.post("read", big_read)

    def raw(body: bytes, path: str = "/api/read", rcvbuf: int | None = None) -> socket.socket | None:
        try:
            s = socket.socket()
            s.bind((ATTACKER, 0))
            if rcvbuf:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            s.settimeout(10)
            s.connect(("127.0.0.1", port))
            s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            return s
        except OSError:
            return None

    def slow_reader() -> None:
        while time.monotonic() < stop:
            s = raw(json.dumps(big_answer).encode(), rcvbuf=4096)
            time.sleep(15)   # reads nothing
            if s:
                s.close()

    def half_open() -> None:
        held: list[socket.socket] = []
        while time.monotonic() < stop:
            while len(held) < 64:
                try:
                    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(ATTACKER, 0))
                    s.sendall(b"POST /api/read HTTP/1.1\r\nHost: localhost\r\n")
                    held.append(s)
                except OSError:
                    break
            time.sleep(1)
            alive = []
            for s in held:   # those the server closed are opened again
                s.setblocking(False)
                try:
                    closed = s.recv(1) == b""
                except BlockingIOError:
                    closed = False
                except OSError:
                    closed = True
                if closed:
                    s.close()
                else:
                    alive.append(s)
            held = alive
        for s in held:
            s.close()

    def nested() -> None:
        while time.monotonic() < stop:
            s = raw(deep, "/api/candidates")
            if s:
                try:
                    s.recv(4096)
                except OSError:
                    pass
                s.close()
            time.sleep(0.1)

    def probe() -> None:
        client = Client(port)
        time.sleep(3)   # the attack under way
        while time.monotonic() < stop - 1:
            status, ms = client.post("read", QUICK)
            probes.append(ms if status == 200 else float("inf"))
            time.sleep(0.25)

    warm_until = time.monotonic() + 5   # the normal calls first: the start is a server in use, not a cold one
    warm = [threading.Thread(target=normal, args=(n,)) for n in range(4)]
    stop = warm_until
    for t in warm:
        t.start()
    for t in warm:
        t.join()
    stop = time.monotonic() + seconds
    engines_before = children(server_pid)
    start_rss = rss_mb(server_pid)
    threads = [threading.Thread(target=normal, args=(n,)) for n in range(4)]
    threads += [threading.Thread(target=slow) for _ in range(slow_calls)]
    threads += [threading.Thread(target=flood) for _ in range(2)]
    threads += [threading.Thread(target=slow_reader) for _ in range(20)]
    threads += [threading.Thread(target=half_open), threading.Thread(target=nested), threading.Thread(target=probe)]
    for t in threads:
        t.daemon = True
        t.start()
    peak, seen = start_rss, set(engines_before)
    while any(t.is_alive() for t in threads):
        peak = max(peak, rss_mb(server_pid))
        seen |= children(server_pid)
        time.sleep(0.5)
    time.sleep(settle)
    return {"probe_p50": percentile(probes, 0.5) if probes else float("nan"),
            "probe_p99": percentile(probes, 0.99) if probes else float("nan"), "probes": len(probes),
            "restarts": len(seen - engines_before), "start": start_rss, "peak": peak, "final": rss_mb(server_pid)}


def hostile(args: argparse.Namespace) -> None:
    calls = mixed_calls()
    print(f"the attack mix for {args.seconds:g} s beside 4 normal clients; RSS of the server's own process "
          f"(its engines are processes of their own), the final one {args.settle:g} s after\n")
    print(f"{'slow calls':>10} {'probe p50':>10} {'probe p99':>10} {'probes':>7} {'restarts':>9} "
          f"{'RSS start':>10} {'peak':>8} {'final':>8}  verdict")
    with tempfile.TemporaryDirectory() as tmp:
        for slow_calls in (int(n) for n in args.slow_calls.split(",")):
            from pybridge.web import ServeLimits
            server, port = start_server(ServeLimits().engine_count, Path(tmp))
            try:
                r = hostile_case(port, server.pid, slow_calls, args.seconds, args.settle, calls)
            finally:
                server.terminate()
                server.wait(30)
            ok = r["probe_p99"] <= 1000 and r["restarts"] == 0 and r["final"] <= 1.2 * r["start"]
            print(f"{slow_calls:>10} {r['probe_p50']:>10.0f} {r['probe_p99']:>10.0f} {r['probes']:>7} "
                  f"{r['restarts']:>9} {r['start']:>9.0f}M {r['peak']:>7.0f}M {r['final']:>7.0f}M  "
                  f"{'meets' if ok else 'misses'} the targets", flush=True)


def start_server(engines: int, folder: Path) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "pybridge", "serve", "--port", str(port), "--engines",
                               str(engines), "--db", str(folder / f"lib{engines}.sqlite"), "--no-stock"], cwd=ROOT,
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
    parser.add_argument("--hostile", action="store_true", help="the attack mix instead (see above)")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds after an attack before the final RSS")
    parser.add_argument("--slow-calls", default="2,4,8", help="slow calls beside the attack, a case each (default 2,4,8)")
    args = parser.parse_args()
    if args.hostile:
        hostile(args)
        return
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

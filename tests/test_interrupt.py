"""Ctrl-C stops a long solve at once, through the CLI and through Python, and leaves the engine usable."""
from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT

EMPTY_25 = "." * 625 + "\n"  # counting its solutions never ends


@pytest.mark.parametrize("options,presses", [([], 1), (["--time-limit", "100"], 2)])
def test_ctrl_c_ends_the_cli_within_a_second(options, presses):
    proc = subprocess.Popen([sys.executable, "-m", "pybridge", "solve", "-", "--count", "1000000", *options],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    assert proc.stdin is not None
    proc.stdin.write(EMPTY_25)
    proc.stdin.close()
    proc.stdin = None
    time.sleep(2)  # well into the search
    assert proc.poll() is None
    pressed = time.monotonic()
    proc.send_signal(signal.SIGINT)
    said = ""
    if presses == 2:  # the second press once the shutdown has begun: after the CLI says so
        assert proc.stderr is not None
        said = proc.stderr.readline()
        proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    err = said + err
    assert time.monotonic() - pressed < 1.0
    assert proc.returncode == 130  # a second press, during the shutdown, killed it by its signal
    assert "puzzlog: interrupted after 0 of 1" in err, err
    assert "Traceback" not in err and "WARNING" not in err, err


INTERRUPTED_IN_PYTHON = """
import os, signal, threading, time
import pybridge
from pybridge.engine import swipl

threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
started = time.monotonic()
try:
    pybridge.solve(pybridge.load("." * 625)[0], max_solutions=10 ** 6)
except KeyboardInterrupt:
    print("interrupted", 1.0 <= time.monotonic() - started < 10)  # at the signal, not at the search's end
print(*swipl.call("bridge_state_size", [], 3))
print(pybridge.solve(pybridge.load("puzzles/sudoku9.txt")[0], max_solutions=2).status)
"""


def test_keyboard_interrupt_aborts_the_engine_call_and_the_engine_goes_on():
    out = subprocess.run([sys.executable, "-c", INTERRUPTED_IN_PYTHON], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["interrupted True", "0 0 0", "solved"]


# ---------------------------------------------------------------- calling work off from Python

def test_a_cancelled_async_solve_stops_the_engine_and_the_next_call_is_answered_at_once():
    import asyncio
    import pybridge
    from pybridge.engine import swipl

    empty = pybridge.load(EMPTY_25)[0]
    small = pybridge.load(str(ROOT / "puzzles" / "sudoku9.txt"))[0]

    async def scenario() -> tuple[bool, float, str]:
        try:
            await asyncio.wait_for(pybridge.aio.solve(empty, max_solutions=10 ** 6, time_limit=3600), 0.5)
            timed_out = False
        except TimeoutError:
            timed_out = True
        started = time.monotonic()
        result = await pybridge.aio.solve(small)
        return timed_out, time.monotonic() - started, result.status

    timed_out, next_call, status = asyncio.run(scenario())
    assert timed_out and status == "solved"
    assert next_call < 1.0       # the empty 25x25 was stopped, not finished (it never would be)
    assert swipl.call("bridge_state_size", [], 3) == [0, 0, 0]


def test_a_token_calls_off_work_started_on_another_thread():
    import threading
    import pybridge

    empty = pybridge.load(EMPTY_25)[0]
    token = pybridge.CancelToken()
    threading.Timer(0.5, token.cancel).start()
    with pytest.raises(pybridge.Cancelled), pybridge.cancel_scope(token):
        pybridge.solve(empty, max_solutions=10 ** 6, time_limit=3600)
    with pytest.raises(pybridge.Cancelled), pybridge.cancel_scope(token):   # and every later call
        pybridge.solve(pybridge.load(str(ROOT / "puzzles" / "sudoku9.txt"))[0])
    assert pybridge.solve(pybridge.load(str(ROOT / "puzzles" / "sudoku9.txt"))[0]).status == "solved"


def test_every_call_has_a_default_time_limit():
    import pybridge

    before = pybridge.LIMITS.time_limit
    pybridge.LIMITS.time_limit = 0.5
    try:
        solver = pybridge.Solver(pybridge.load(EMPTY_25)[0])
        assert solver.run() == "timeout"      # it never ended before
        assert pybridge.solve(pybridge.load(EMPTY_25)[0], max_solutions=10 ** 6).status == "timeout"
    finally:
        pybridge.LIMITS.time_limit = before

"""The server's engines: a few worker processes, one SWI-Prolog engine each, behind a
bounded queue.

An engine answers one request at a time, and a request may take seconds (an empty 25x25
to solve), so the server keeps several engines in processes of their own (spawned, as
for batches: pool.py) and hands each request to the first one free.  What it guarantees:

- **A deadline per request, queue wait included.**  The engine gets the time left when
  it starts; the worker calls its work off when that runs out (swipl.call_off); the
  server answers 503 at the deadline even if the worker does not, and kills and replaces
  a worker that does not stop.
- **Abandoned work is dropped.**  A request whose client hung up is taken out of the
  queue, or called off in its worker.
- **A bounded queue, quick work first, clients in turn.**  Past ``max_queue`` waiting
  requests (or three quarters of them from one client address), a new one is refused at
  once (Busy: 429 with Retry-After), so waiting never piles up.  What is quick is judged by
  cost, and slow work holds only a share of the engines (fairness.py): a player typing
  never waits behind two empty 25x25 solves or a flood of 250 KB reads.
- **Nothing else waits.**  Requests wait on the queue as asyncio futures, not as threads,
  so static files and the library are served meanwhile.

Each worker process runs calls.CALLS and sends back the answer already encoded as JSON.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import math
import pickle
import os
import queue
import signal
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Awaitable

from ..engine import swipl
from ..engine.errors import EngineError, PuzzlogError
from ..engine.process import EngineProcess
from .fairness import QUICK_BUDGET, QUICK_SECONDS, Costs, next_in_turn, slow_share, waiting_of

CALL_OFF_GRACE = 0.5   # seconds past a deadline before the server answers and calls the work off itself
KILL_AFTER = 2.0       # seconds a worker has to stop called-off work before it is killed and replaced
START_SECONDS = 60.0   # a worker that is not ready by then is replaced
LOG = logging.getLogger("puzzlog.serve")


class Busy(PuzzlogError):
    """Every engine is busy and the queue is full: ask again after ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def answer(status: int, body: dict[str, Any]) -> tuple[int, bytes]:
    return status, json.dumps(body).encode()


def too_big(size: int, max_bytes: int) -> tuple[int, bytes]:
    return answer(413, {"error": f"the answer would hold {size:,} bytes, more than the {max_bytes:,} this server "
                                 "sends: ask for fewer puzzles at a time"})


def out_of_time(seconds: float) -> tuple[int, bytes]:
    return answer(503, {"error": f"the time limit ran out ({seconds:.3g} s, the wait for an engine included): "
                                 "ask again, or for less"})


# -- in a worker process -------------------------------------------------------------------

def _answer(name: str, data: dict[str, Any], seconds: float) -> tuple[int, bytes]:
    """The HTTP status and JSON body for one call."""
    from .calls import CALLS, BadRequest, OutOfTime, page_words
    try:
        return answer(200, CALLS[name](data, seconds))
    except (swipl.Cancelled, OutOfTime) as exc:
        return answer(503, {"error": str(exc) if isinstance(exc, OutOfTime) else
                            f"the time limit ran out ({seconds:.3g} s): ask for less, or try again"})
    except EngineError as exc:
        return answer(500, {"error": f"the engine failed: {exc}"})
    except (BadRequest, PuzzlogError) as exc:
        return answer(400, {"error": page_words(exc)})
    except RecursionError:
        return answer(400, {"error": "the request is nested too deeply"})
    except Exception as exc:  # a bug: said, and the worker goes on
        return answer(500, {"error": f"internal error ({type(exc).__name__}: {exc}); the server goes on"})


class _Current:
    """The job a worker is on, so that a late call-off never stops the next one."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.job: int | None = None

    def begin(self, job: int) -> None:
        with self.lock:
            self.job = job
            swipl.call_on()

    def end(self) -> None:
        with self.lock:
            self.job = None

    def call_off(self, job: int | None) -> None:
        with self.lock:
            if job is None or job == self.job:
                swipl.call_off()


def _serve(conn: Connection) -> None:
    """A worker's life: ("run", id, name, data, seconds, max_bytes) in, ("done", id, status,
    body) out (an answer over max_bytes is a 413, not sent);
    ("cancel", id) calls a job off.  It ends quietly when the server is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    current = _Current()
    jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def listen() -> None:
        try:
            while (message := conn.recv()) is not None:
                if message[0] == "cancel":
                    current.call_off(message[1])
                else:
                    jobs.put(message)
        except (EOFError, OSError):
            pass
        current.call_off(None)
        jobs.put(None)

    try:
        swipl.start(time_limits=True)  # every request has one: none pays for loading them
        conn.send(("ready", os.getpid()))
        threading.Thread(target=listen, name="puzzlog-requests", daemon=True).start()
        while (job := jobs.get()) is not None:
            _, job_id, name, data, seconds, max_bytes = job
            current.begin(job_id)
            timer = threading.Timer(seconds, current.call_off, (job_id,))
            timer.start()
            try:
                # the engine stops itself a quarter early (at most 0.5 s): stopping and sending the
                # answer back take time too, and a busy machine must not let the call-off win
                status, body = _answer(name, data, max(0.01, seconds - min(0.5, 0.25 * seconds)))
            finally:
                timer.cancel()
                current.end()
            if len(body) > max_bytes:
                status, body = too_big(len(body), max_bytes)
            conn.send(("done", job_id, status, body))
    except (EOFError, OSError):
        return


# -- in the server -----------------------------------------------------------------------

@dataclass(eq=False)
class _Job:
    id: int
    name: str
    data: dict[str, Any]
    seconds: float
    deadline: float                      # time.monotonic()
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    client: str = ""                     # its address
    connection: str = ""                 # its address and port: one connection of the client
    cost: float = 0.0                    # its estimated seconds (fairness.Costs)
    slow: bool = False                   # slow work: it holds a share of the engines
    moved: bool = False                  # taken off an engine once, as slow work after all
    called_off: threading.Event = field(default_factory=threading.Event)

    def settle(self, result: tuple[int, bytes]) -> None:
        """Give the waiting request its answer, from any thread."""
        def put() -> None:
            if not self.future.done():
                self.future.set_result(result)
        try:
            self.loop.call_soon_threadsafe(put)
        except RuntimeError:  # the event loop is gone: nobody waits
            pass


class _Slot(threading.Thread):
    """One engine process and the thread that feeds it, one job at a time."""

    def __init__(self, pool: EnginePool, number: int) -> None:
        super().__init__(name=f"puzzlog-engine-{number}", daemon=True)
        self.pool = pool
        self.engine: EngineProcess | None = None
        self.started = threading.Event()   # its first engine is ready (or could not start)

    def run(self) -> None:
        try:
            self._ready()  # before the first request, not on its time
        except Exception as exc:  # said; each request then gets the error as its answer
            LOG.error("an engine process could not be started: %s: %s", type(exc).__name__, exc)
        self.started.set()
        while (job := self.pool._take()) is not None:
            try:
                self._do(job)
            except Exception as exc:  # never lose a request: it gets an answer
                job.settle(answer(500, {"error": f"internal error ({type(exc).__name__}: {exc})"}))
                self._stop(kill=True)
            finally:
                self.pool._done(job)
                del job   # not held while this thread waits for the next: its answer may be 16 MB
        self._stop()

    def _ready(self) -> bool:
        """A worker that answers, started (and waited for) when there is none."""
        if self.engine is not None and self.engine.alive:
            return True
        self._stop(kill=True)
        self.engine = EngineProcess(_serve, name="puzzlog-engine")
        try:
            if self.engine.conn.poll(START_SECONDS) and self.engine.conn.recv()[0] == "ready":
                return True
        except (EOFError, OSError):
            pass
        self._stop(kill=True)
        return False

    def _do(self, job: _Job) -> None:
        if job.called_off.is_set():
            return
        if not self._ready():
            job.settle(answer(500, {"error": "an engine process could not be started: see the server's log"}))
            return
        left = job.deadline - time.monotonic()
        if left <= 0:
            job.settle(out_of_time(job.seconds))
            return
        assert self.engine is not None
        conn = self.engine.conn
        try:
            message = pickle.dumps(("run", job.id, job.name, job.data, left, self.pool.max_response_bytes))
        except (RecursionError, pickle.PicklingError) as exc:   # the request's fault: the engine is fine
            job.settle(answer(400, {"error": f"the request cannot be handed to an engine ({type(exc).__name__})"}))
            return
        conn.send_bytes(message)
        started = time.monotonic()
        taken_quick = not job.slow
        called_off_at, moving = None, False

        def finish(result: tuple[int, bytes]) -> None:
            """Answer the job; one taken off its engine to move runs again instead, as slow work."""
            if moving and not job.called_off.is_set():
                self.pool._again(job)
            else:
                job.settle(result)
        while True:
            try:
                if conn.poll(0.05):
                    kind, job_id, status, body = conn.recv()
                    if job_id != job.id:
                        continue
                    self.pool.costs.observe(job.name, job.data, time.monotonic() - started)
                    finish((status, body))   # a moved job's answer is the call-off's
                    return
            except (EOFError, OSError):
                job.settle(answer(500, {"error": f"the engine process stopped (exit code "
                                                 f"{self.engine.exitcode}) on this request"}))
                self._stop(kill=True)
                return
            now = time.monotonic()
            if called_off_at is None and taken_quick and now - started > QUICK_BUDGET \
                    and self.pool._must_move(job):
                called_off_at, moving = now, True   # it holds an engine quick calls wait for
                conn.send(("cancel", job.id))
            elif called_off_at is None and (job.called_off.is_set() or now > job.deadline + CALL_OFF_GRACE):
                called_off_at = now
                conn.send(("cancel", job.id))
            elif called_off_at is not None and now - called_off_at > KILL_AFTER:
                finish(out_of_time(job.seconds))
                self._stop(kill=True)  # replaced when the next job comes
                return

    def _stop(self, kill: bool = False) -> None:
        if self.engine is not None:
            self.engine.stop(kill)
            self.engine = None


class EnginePool:
    """``engines`` worker processes for ``call``; at most ``max_queue`` requests wait; an
    answer over ``max_response_bytes`` is a 413.  Quick work and slow work wait in lanes of
    their own; slow work runs on ``slow_share(engines)`` engines at most (fairness.py)."""

    def __init__(self, engines: int = 2, max_queue: int = 64, max_response_bytes: int = 16 * 2 ** 20) -> None:
        self.engines = max(1, engines)
        self.max_queue = max_queue
        self.max_per_client = max(1, math.ceil(max_queue * 3 / 4))
        self.max_response_bytes = max_response_bytes
        self.slow_share = slow_share(self.engines)
        self.costs = Costs()
        self._quick: deque[_Job] = deque()     # taken first
        self._slow: deque[_Job] = deque()      # taken while fewer than slow_share run
        self._running: Counter[str] = Counter()   # jobs on an engine, by client
        self._running_on: Counter[str] = Counter()   # and by connection
        self._running_slow = 0
        self._ready = threading.Condition()
        self._closing = False
        self._ids = itertools.count(1)
        self._slots: list[_Slot] = []

    def start(self, wait: bool = False) -> None:
        """Start the engines now (the first call does otherwise), and with ``wait`` wait
        until they are ready to answer."""
        with self._ready:
            if not self._slots and not self._closing:
                self._slots = [_Slot(self, n) for n in range(self.engines)]
                for slot in self._slots:
                    slot.start()
        if wait:
            for slot in self._slots:
                slot.started.wait(START_SECONDS)

    def close(self) -> None:
        with self._ready:
            self._closing = True
            for job in (*self._quick, *self._slow):
                job.settle(answer(503, {"error": "the server is stopping"}))
            self._quick.clear()
            self._slow.clear()
            self._ready.notify_all()
        for slot in self._slots:
            slot.join(10)

    def _take(self) -> _Job | None:
        """The next job for a free engine: quick work first; slow work while it holds fewer
        than its share; among a lane's jobs, clients in turn."""
        def turn(job: _Job) -> tuple[int, int]:
            return self._running[job.client], self._running_on[job.connection]

        def cost(job: _Job) -> float:
            return job.cost
        with self._ready:
            while not self._closing:
                job = next_in_turn(self._quick, turn, cost)
                if job is None and self._running_slow < self.slow_share:
                    job = next_in_turn(self._slow, turn, cost)
                if job is not None:
                    self._running[job.client] += 1
                    self._running_on[job.connection] += 1
                    self._running_slow += job.slow
                    return job
                self._ready.wait()
            return None

    def _done(self, job: _Job) -> None:
        with self._ready:
            for running, key in ((self._running, job.client), (self._running_on, job.connection)):
                running[key] -= 1
                if running[key] <= 0:
                    del running[key]
            self._running_slow -= job.slow
            self._ready.notify_all()

    def _must_move(self, job: _Job) -> bool:
        """A job taken as quick work ran past its budget: it is slow work from now on.  True
        when it must leave its engine: slow work holds more than its share, and quick work
        waits.  Asked again as long as it runs (quick work may come later)."""
        with self._ready:
            if not job.slow:
                job.slow = True
                self._running_slow += 1
            return not job.moved and self._running_slow > self.slow_share and bool(self._quick)

    def _again(self, job: _Job) -> None:
        """Queue a job taken off its engine again, first in the slow lane."""
        with self._ready:
            job.moved = True
            if not self._closing:
                self._slow.appendleft(job)   # counted as slow when taken again
        # _done (called when its slot finishes) takes back this run's count

    @property
    def waiting(self) -> int:
        return len(self._quick) + len(self._slow)

    def waiting_besides(self, client: str) -> int:
        """The jobs that wait for an engine, but ``client``'s own."""
        with self._ready:
            return sum(1 for lane in (self._quick, self._slow) for job in lane if job.client != client)

    async def call(self, name: str, data: dict[str, Any], seconds: float,
                   gone: Awaitable[Any] | None = None, client: str = "", connection: str = "") -> tuple[int, bytes]:
        """The status and JSON body of calls.CALLS[name](data, ...), within ``seconds`` from
        now, the wait for an engine included; ``gone`` completes when the client hangs up
        (the work is then dropped); ``client`` (its address) takes turns with the others, and
        ``connection`` (its address and port) with the others of its client.
        Raises Busy when the queue is full, or holds as many of this client's calls as one
        client may queue."""
        self.start()
        loop = asyncio.get_running_loop()
        cost = self.costs.estimate(name, data)
        job = _Job(next(self._ids), name, data, seconds, time.monotonic() + seconds, loop, loop.create_future(),
                   client, connection or client, cost, slow=cost > QUICK_SECONDS)
        with self._ready:
            if self.waiting >= self.max_queue:
                raise Busy(f"all {self.engines} engines are busy and {self.waiting} requests wait: "
                           "ask again in a moment", retry_after=max(1, round(seconds / 4)))
            if waiting_of(client, (self._quick, self._slow), lambda j: j.client) >= self.max_per_client:
                raise Busy(f"{self.max_per_client} requests of yours wait for an engine already: "
                           "ask again when they are answered", retry_after=max(1, round(seconds / 4)))
            (self._slow if job.slow else self._quick).append(job)
            self._ready.notify_all()
        waiting = {job.future} if gone is None else {job.future, asyncio.ensure_future(gone)}
        try:
            done, _ = await asyncio.wait(waiting, timeout=seconds + CALL_OFF_GRACE,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            for other in waiting - {job.future}:
                other.cancel()
        if job.future in done:
            answer: tuple[int, bytes] = job.future.result()
            return answer
        self._call_off(job)
        return out_of_time(seconds)

    def _call_off(self, job: _Job) -> None:
        """Drop a job nobody waits for: out of the queue, or called off in its worker."""
        with self._ready:
            for waiting in (self._quick, self._slow):
                if job in waiting:
                    waiting.remove(job)
        job.called_off.set()


__all__ = ["Busy", "EnginePool", "answer", "out_of_time", "too_big"]

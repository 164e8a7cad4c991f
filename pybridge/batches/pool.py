"""A pool of worker processes, one SWI-Prolog engine each, for batches of puzzles.

Each worker is an EngineProcess (engine/process.py: spawned, never forked).  Work goes out in chunks and comes back one item at a
time, so a worker that dies or hangs costs only the item it was on: that item is
reported as a ``Failure``, the rest of its chunk goes back in the queue, and a new
worker takes the place of the old one.

The function must be picklable (a module-level function, or an instance of a
module-level class), and a script that starts a pool must guard its main code with
``if __name__ == "__main__":``, as for any spawned process.
"""
from __future__ import annotations

import dataclasses
import queue
import signal
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from ..engine.errors import PuzzlogError
from ..engine.process import EngineProcess

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

_POLL_SECONDS = 0.5   # how often a pool with a hang limit looks at the clock
_READY = ("ready",)   # a worker's first message: it started, and what kills it later is an item
_START_FAILURES = 3   # workers in a row that die before they are ready: the pool gives up
_START_SECONDS = 120  # a worker not ready by then hangs: its start is not timed by the item's limit
WINDOW = 1024         # items drawn ahead of the oldest one not answered: what a run holds at most


@dataclass(frozen=True)
class Failure:
    """An item that gave no value: ``status`` is ``error`` (the function raised, or its
    worker died) or ``timeout`` (its worker hung past the limit and was stopped); ``item``,
    once it is back from a pool, the item itself."""

    status: str
    message: str
    item: Any = field(default=None, repr=False, compare=False)


def tagged(value: Any, item: Any) -> Any:
    """``value``; a Failure names the item it failed on."""
    return dataclasses.replace(value, item=item) if isinstance(value, Failure) else value


def attempt(function: Callable[[Any], Any], item: Any) -> Any:
    """function(item), or the Failure it raised: one item's error is not its worker's."""
    try:
        return function(item)
    except Exception as exc:
        return Failure("error", f"{type(exc).__name__}: {exc}")


def _serve(conn: Connection, function: Callable[[Any], Any]) -> None:
    """A worker's life: chunks of (index, item) in, (index, value) out one by one, until
    the parent says stop or is gone (then quietly: a stopped run prints no worker's
    traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    from ..engine import swipl
    swipl.start_soon()   # its engine starts beside the imports its first item's work makes
    try:
        conn.send(_READY)
        while (chunk := conn.recv()) is not None:
            for i, item in chunk:
                value = attempt(function, item)
                try:
                    conn.send((i, value))
                except OSError:
                    raise
                except Exception as exc:  # a value that does not pickle
                    conn.send((i, Failure("error", f"the result could not be sent back: {exc}")))
    except (EOFError, OSError):
        return


@dataclass
class _Worker:
    engine: EngineProcess
    chunk: deque[Any] = field(default_factory=deque)   # (index, item) sent and not yet answered
    since: float = 0.0                            # when it last started an item
    ready: bool = False                           # it said it started

    @classmethod
    def start(cls, function: Callable[[Any], Any]) -> _Worker:
        return cls(EngineProcess(_serve, function, name="puzzlog-worker"))

    def give(self, chunk: list[Any]) -> None:
        self.chunk.extend(chunk)
        self.since = time.monotonic()
        try:
            self.engine.send(chunk)
        except OSError:  # it died already: its end of file says so below
            pass

    def stop(self, kill: bool = False) -> None:
        self.engine.stop(kill)


def chunk_size(items: int, jobs: int) -> int:
    """Items a worker gets at a time: enough to make messages cheap, few enough that every
    worker stays busy to the end."""
    return max(1, min(32, items // (jobs * 4)))


class Pool:
    """``jobs`` worker processes running ``function``; they start at once, so that they
    load their engines while the caller still reads its input.  A context manager: leaving
    it stops them."""

    def __init__(self, function: Callable[[Any], Any], jobs: int, hang_seconds: float | None = None) -> None:
        self.function = function
        self.hang_seconds = hang_seconds
        self.workers = [_Worker.start(function) for _ in range(max(1, jobs))]
        self.start_failures = 0

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        for w in self.workers:
            w.stop(kill=bool(w.chunk))
        self.workers = []

    def _started_badly(self, worker: _Worker) -> None:
        self.start_failures += 1
        if self.start_failures >= _START_FAILURES:
            raise PuzzlogError(f"worker processes stop as they start (exit code {worker.engine.exitcode}): "
                               "see the messages above; a script that starts a pool needs "
                               "`if __name__ == \"__main__\":`")

    def _limit(self, worker: _Worker) -> float:
        """How long ``worker`` may take on its item: the hang limit once it is ready; while it
        starts (imports, on a machine that may be busy) no less than _START_SECONDS, so that a
        slow start is never taken for a hanging item."""
        assert self.hang_seconds is not None
        return self.hang_seconds if worker.ready else max(self.hang_seconds, _START_SECONDS)

    def run(self, items: Iterable[Any], window: int = WINDOW) -> Iterator[tuple[int, Any]]:
        """(index, function(item)) for each item, in the order they finish.  An item whose
        worker dies gives ``Failure("error", ...)``; one that takes longer than
        ``hang_seconds`` gives ``Failure("timeout", ...)``; either way a new worker takes
        the old one's place, and the Failure's ``item`` is the item.

        Items are drawn from ``items`` as workers need them, never ``window`` or more past
        the oldest one not yet answered: what is held (here, and by a caller putting the
        values back in order) is bounded by the window, not by the input."""
        from multiprocessing.connection import wait
        feed = _Feed(items, window)
        pending: deque[Any] = deque()    # drawn, not yet given to a worker
        unanswered: deque[Any] = deque() # indexes drawn, in order, with those answered dropped from the front
        answered: set[Any] = set()
        drawn = 0
        exhausted = False
        workers = self.workers
        while True:
            while unanswered and unanswered[0] in answered:
                answered.discard(unanswered.popleft())
            oldest = unanswered[0] if unanswered else drawn
            while not exhausted and drawn - oldest < window and len(pending) < 32 * len(workers):
                idle = not pending and not any(w.chunk for w in workers)
                taken = feed.take(block=idle)   # waits for the input only when nothing else is to be done
                if taken is None:
                    break
                if taken is _END:
                    exhausted = True
                    break
                pending.append((drawn, taken))
                unanswered.append(drawn)
                drawn += 1
            if not pending and not any(w.chunk for w in workers):
                return
            for w in workers:
                if not w.chunk and pending:  # smaller chunks towards the end: no worker waits on another's
                    ahead = len(pending) if exhausted else window
                    w.give([pending.popleft() for _ in range(min(len(pending), chunk_size(ahead, len(workers))))])
            ready = wait([w.engine.conn for w in workers], _POLL_SECONDS if self.hang_seconds else None)
            now = time.monotonic()
            for n, w in enumerate(workers):
                failure = None
                if w.engine.conn in ready:
                    try:
                        while w.engine.conn.poll():
                            message = w.engine.conn.recv()
                            if message == _READY:
                                w.ready, w.since, self.start_failures = True, time.monotonic(), 0
                                continue
                            _, item = w.chunk.popleft()
                            w.since = time.monotonic()
                            answered.add(message[0])
                            yield message[0], tagged(message[1], item)
                        continue
                    except (EOFError, OSError):
                        w.engine.process.join(5)
                        if not w.ready:
                            self._started_badly(w)
                        if w.ready and w.chunk:
                            failure = Failure("error", f"the worker process stopped (exit code "
                                                       f"{w.engine.exitcode}) on this puzzle")
                elif w.chunk and self.hang_seconds is not None and now - w.since > self._limit(w):
                    failure = Failure("timeout", f"the worker took over {self.hang_seconds:g} s on this puzzle "
                                                 "and was stopped")
                else:
                    continue
                # a new worker in its place; the item it was on fails, the rest wait for another
                if failure is not None:
                    i, item = w.chunk.popleft()
                pending.extendleft(reversed(w.chunk))
                w.chunk.clear()
                w.stop(kill=True)
                workers[n] = _Worker.start(self.function)
                if failure is not None:
                    answered.add(i)
                    yield i, tagged(failure, item)


_END = object()   # the feed's input is all read


class _Feed:
    """Items drawn on a thread of their own, ``size`` at most ahead: a pool answers the
    items it has while its input (a pipe, a file read a piece at a time) is still coming."""

    def __init__(self, items: Iterable[Any], size: int) -> None:
        self.queue: queue.Queue[Any] = queue.Queue(max(1, size))
        self.thread = threading.Thread(target=self._read, args=(items,), name="puzzlog-feed", daemon=True)
        self.thread.start()

    def _read(self, items: Iterable[Any]) -> None:
        try:
            for item in items:
                self.queue.put((True, item))
            self.queue.put((True, _END))
        except BaseException as exc:  # said where the pool runs
            self.queue.put((False, exc))

    def take(self, block: bool) -> Any:
        """The next item, _END after the last, or None when none is there yet (and not
        ``block``); what reading the input raised is raised here."""
        try:
            ok, item = self.queue.get(block)
        except queue.Empty:
            return None
        if not ok:
            raise item
        return item


def run_pool(function: Callable[[Any], Any], items: Iterable[Any], jobs: int,
             hang_seconds: float | None = None) -> Iterator[tuple[int, Any]]:
    """Pool.run on a pool of its own (of at most one worker an item, for a list)."""
    if isinstance(items, Sequence):
        jobs = min(jobs, len(items))
    with Pool(function, jobs, hang_seconds) as pool:
        yield from pool.run(items)


__all__ = ["WINDOW", "Failure", "Pool", "attempt", "tagged", "chunk_size", "run_pool"]

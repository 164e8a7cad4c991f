"""One SWI-Prolog engine per process (started from its saved state, else by pyswip), reached from one thread.

pyswip is not thread-safe and a Prolog engine belongs to the thread that
uses it, so every call is handed to a single worker thread and waited for:
callers on any thread are serialised there.

A caller interrupted while it waits (Ctrl-C: ``KeyboardInterrupt``) stops
the engine's work too: a signal raised in the worker's Prolog thread makes
the running query throw, which undoes its state like any other exception,
and the engine is ready for the next call.  At exit Prolog is left to the
operating system: shutting it down from the main thread, which is not
Prolog's, or while the worker is still busy makes SWI-Prolog warn that it
failed to stop its threads, or wait for the worker.

A process forked from one whose engine is started (``multiprocessing`` with
``fork``, Linux's default through Python 3.13) gets an engine of its own:
the fork waits until the engine is between calls (no Prolog lock is held
across it), and the child's first call gives a fresh worker thread a Prolog
engine of its own, garbage collected on that thread (SWI-Prolog's collector
thread does not survive a fork).

Another thread may also call the work off (``call_off``: a server whose
client hung up, or whose time ran out): the running query is interrupted
the same way, and every call raises ``Cancelled`` until ``call_on``.  One
caller's work alone is called off by a ``CancelToken``: the calls made
inside ``cancel_scope(token)`` (on the thread, or the task, that entered
it) are dropped or interrupted when ``token.cancel()`` is called from
anywhere, and raise ``Cancelled`` (pybridge.aio cancels this way).

Each call is a single query whose arguments are built as terms (a Python
``str`` becomes an atom, never text parsed as Prolog): see foreign.py.
"""
from __future__ import annotations

import atexit
import contextlib
import contextvars
import os
import queue
import warnings
import signal
import threading
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from . import compiled
from . import foreign
from .errors import ArgumentTypeError, EngineError, FalseStepWarning, PuzzlogError, RuleStoppedError
from .limits import LIMITS


class Cancelled(PuzzlogError):
    """The work was called off (call_off) before it was done."""


class _Job:
    """One call handed to the worker thread, and its outcome: what the bridge needs of a
    concurrent.futures.Future, whose import alone took a sixth of an engine's start."""

    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.function, self.args = function, args
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._state = "waiting"     # then "running" or "cancelled"
        self._outcome: tuple[bool, Any] = (False, None)

    def take(self) -> bool:
        """The worker takes the job, unless it was cancelled."""
        with self._lock:
            if self._state == "cancelled":
                return False
            self._state = "running"
            return True

    def cancel(self) -> bool:
        """Drop the job if the worker has not taken it yet (then True)."""
        with self._lock:
            if self._state != "waiting":
                return False
            self._state = "cancelled"
        self._done.set()
        return True

    def finish(self, ok: bool, value: Any) -> None:
        self._outcome = (ok, value)
        self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> Any:
        self._done.wait()
        ok, value = self._outcome
        if ok:
            return value
        raise value if self._state == "running" else Cancelled("the call was dropped before it ran")


_JOBS: queue.SimpleQueue[_Job] = queue.SimpleQueue()
_LOADED = False
started_from = ""                 # once started: "state" (compiled.py) or "sources"
_INTERRUPT = signal.SIGUSR2       # the Prolog signal bridge.pl turns into an `interrupted` exception
_INTERRUPT_WAIT = 2.0             # seconds an interrupted caller waits for the engine to stop
_running: _Job | None = None      # the job the worker is on, under _RUNNING_LOCK
_RUNNING_LOCK = threading.Lock()
_prolog_thread = 0                # the worker's Prolog thread id, once Prolog is started
_CALLED_OFF = threading.Event()   # set: every call raises Cancelled
_ENGINE_BUSY = threading.Lock()   # held by the worker while it runs a job: a fork waits for it
_attached = True                  # False in a forked child until its worker has an engine


def _serve() -> None:
    while True:
        job = _JOBS.get()
        with _ENGINE_BUSY:
            _run(job)


def _run(job: _Job) -> None:
    global _running
    if not job.take():
        return
    with _RUNNING_LOCK:
        _running = job
    try:
        if _LOADED:
            _attach_after_fork()
            _apply_limits()
        outcome: tuple[bool, Any] = (True, job.function(*job.args))
    except BaseException as exc:  # handed to the caller's thread
        outcome = (False, exc)
    with _RUNNING_LOCK:
        _running = None
    if _LOADED:
        _settle()
    job.finish(*outcome)


def _attach_after_fork() -> None:
    """In a forked child, give the new worker thread a Prolog engine of its own."""
    global _attached, _prolog_thread
    if _attached:
        return
    if foreign.thread_self() == -1:
        foreign.attach_thread()
    # the collector thread did not survive the fork: collect on this thread
    foreign.call("set_prolog_flag", ["gc_thread", "false"], 0)
    _prolog_thread = foreign.thread_self()
    _attached = True


_forking = False


def _before_fork() -> None:
    """Wait until the engine is between calls, so that no Prolog lock is held as the
    process is copied."""
    global _forking
    if _WORKER.ident is not None and threading.current_thread() is not _WORKER:
        _ENGINE_BUSY.acquire()
        _forking = True


def _after_fork_in_parent() -> None:
    global _forking
    if _forking:
        _forking = False
        _ENGINE_BUSY.release()


def _after_fork_in_child() -> None:
    """The child has this thread only: a new worker (started by the first call), queue
    and locks; the engine, when started, is attached to that worker on its first job."""
    global _JOBS, _RUNNING_LOCK, _WORKER_START, _ENGINE_BUSY, _CALLED_OFF, _WORKER, _running
    global _forking, _attached
    _JOBS = queue.SimpleQueue()
    _RUNNING_LOCK, _WORKER_START, _ENGINE_BUSY = threading.Lock(), threading.Lock(), threading.Lock()
    _CALLED_OFF = threading.Event()
    _running, _forking = None, False
    _WORKER = threading.Thread(target=_serve, name="puzzlog-prolog", daemon=True)
    _attached = not _LOADED


os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                    after_in_child=_after_fork_in_child)


_applied_chain_links = 0


def _apply_limits() -> None:
    """Give the engine the limits it reads on every search, when they changed."""
    global _applied_chain_links
    if LIMITS.max_chain_links != _applied_chain_links:
        try:
            foreign.call("set_max_chain_links", [LIMITS.max_chain_links], 0)
        except EngineError:
            raise EngineError(f"LIMITS.max_chain_links must be a whole number 3..60, "
                              f"not {LIMITS.max_chain_links!r}") from None
        _applied_chain_links = LIMITS.max_chain_links


def _settle() -> None:
    """A query between jobs that touches no puzzle state.

    Measured, not documented: what a solve frees (the clause garbage of the
    state predicates, it seems) is given back only once a query that does not
    reach those predicates has run on this thread; without this, 20,000 solves
    grew the process by 2-4 KB each (tests/test_isolation.py).  It also takes
    an interrupt that arrived as a job was ending, so that it cannot fall on
    the next job.
    """
    try:
        foreign.call("bridge_idle", [], 0)
    except EngineError:
        pass


# A daemon thread: a program may exit while the engine is busy.
_WORKER = threading.Thread(target=_serve, name="puzzlog-prolog", daemon=True)
_WORKER_START = threading.Lock()


def _on_worker(function: Callable[..., Any], *args: Any) -> Any:
    if threading.current_thread() is _WORKER:
        return function(*args)
    token = _TOKEN.get()
    job = _handed(function, args)
    if token is not None:
        token._watch(job)
    try:
        return job.result()
    except KeyboardInterrupt:
        _interrupt(job)
        raise
    finally:
        if token is not None:
            token._forget(job)


def _handed(function: Callable[..., Any], args: tuple[Any, ...]) -> _Job:
    """Hand a job to the worker thread (started on the first one)."""
    with _WORKER_START:
        if _WORKER.ident is None:
            _WORKER.start()
    job = _Job(function, args)
    _JOBS.put(job)
    return job


def _interrupt(job: _Job) -> None:
    """Stop ``job``: drop it if it has not started, else signal the worker's Prolog
    thread and wait a little for the query to unwind (a second Ctrl-C stops the
    waiting, not the stopping)."""
    if _stop(job):
        return
    try:
        job.wait(_INTERRUPT_WAIT)
    except KeyboardInterrupt:
        pass


class CancelToken:
    """Calls off, from any thread, the engine work of the calls made inside
    ``cancel_scope(token)``: a call waiting for the engine is dropped, the running one
    interrupted at once, and every later one raises Cancelled."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: list[_Job] = []
        self.cancelled = False

    def __repr__(self) -> str:
        return f"CancelToken({'cancelled' if self.cancelled else 'live'})"

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            jobs, self._jobs = self._jobs, []
        for job in jobs:
            _stop(job)

    def _watch(self, job: _Job) -> None:
        with self._lock:
            if not self.cancelled:
                self._jobs.append(job)
                return
        _stop(job)

    def _forget(self, job: _Job) -> None:
        with self._lock:
            if job in self._jobs:
                self._jobs.remove(job)


_TOKEN: contextvars.ContextVar[CancelToken | None] = contextvars.ContextVar("cancel_token", default=None)


@contextlib.contextmanager
def cancel_scope(token: CancelToken) -> Iterator[CancelToken]:
    """The engine calls made inside the block are called off by ``token.cancel()``."""
    reset = _TOKEN.set(token)
    try:
        yield token
    finally:
        _TOKEN.reset(reset)


def _stop(job: _Job) -> bool:
    """Drop ``job`` if the worker has not taken it (then True), else interrupt the query
    it runs."""
    if job.cancel():
        return True
    with _RUNNING_LOCK:
        if _running is job and _prolog_thread:
            foreign.raise_in_thread(_prolog_thread, int(_INTERRUPT))
    return False


def _called_off(token: CancelToken | None) -> bool:
    """Whether a call under ``token`` (None: none) is refused: all work called off, or its own."""
    return _CALLED_OFF.is_set() or (token is not None and token.cancelled)


def call_off() -> None:
    """Stop the query that runs now, from any thread, and refuse every call (Cancelled)
    until call_on(): what a server does when its client hangs up or its time runs out."""
    _CALLED_OFF.set()
    with _RUNNING_LOCK:
        if _running is not None and _prolog_thread:
            foreign.raise_in_thread(_prolog_thread, int(_INTERRUPT))


def call_on() -> None:
    """Take calls again after call_off()."""
    _CALLED_OFF.clear()


def prolog_dir() -> Path:
    """Where the engine's .pl files are: inside the installed package, or the checkout."""
    here = Path(__file__).resolve().parents[1]   # the package: pybridge/engine/ is one room of it
    for candidate in (here / "prolog", here.parent / "prolog"):
        if (candidate / "bridge.pl").is_file():
            return candidate
    raise EngineError(f"the Prolog sources (bridge.pl) are missing next to {here}")


def _start() -> None:
    global _LOADED, _prolog_thread, started_from
    if _LOADED:
        return
    folder = prolog_dir()
    swipl = compiled.known_swipl(folder)
    state = compiled.ready_state(folder, swipl) if swipl else None
    if swipl is not None and state is not None:
        foreign.start(swipl.lib, swipl.home, str(state))
    else:
        swipl = _start_through_pyswip()
    if foreign.thread_self() == -1:  # Prolog was started on another thread
        foreign.attach_thread()
    # Started without signal handling (as pyswip does), SWI-Prolog also leaves out its
    # garbage-collector thread: clause garbage from the asserts and retracts of every
    # solve was then collected on this thread.  Ask for the thread, as a plain swipl has it.
    foreign.call("set_prolog_flag", ["gc_thread", "true"], 0)
    # A runaway puzzle ends in a resource error the bridge reports, not in
    # the whole process taking gigabytes.
    foreign.call("set_prolog_flag", ["stack_limit", LIMITS.engine_stack_mb * 2 ** 20], 0)
    if state is None:
        if foreign.call("use_module", [str(folder / "bridge.pl")], 0) is None:
            raise EngineError(f"SWI-Prolog could not load {folder / 'bridge.pl'}")
        compiled.remember_swipl(folder, swipl)
        compiled.ready_state(folder, swipl)   # for the next start
    if foreign.call("bridge_interruptible", [int(_INTERRUPT)], 0) is None:
        raise EngineError("SWI-Prolog would not take the interrupt signal")
    _prolog_thread = foreign.thread_self()
    started_from = "sources" if state is None else "state"
    _LOADED = True


def _start_through_pyswip() -> compiled.Swipl:
    """Start SWI-Prolog as pyswip finds and starts it; say where it found it."""
    try:
        import pyswip.core
        from pyswip import Prolog
    except Exception as exc:  # pyswip raises plain exceptions when libswipl is missing
        raise EngineError(f"cannot start SWI-Prolog through pyswip: {exc}. "
                          "Install SWI-Prolog (apt-get install swi-prolog-nox) and pyswip.") from exc
    Prolog()
    atexit.unregister(pyswip.core.cleanupProlog)  # see the module comment
    return compiled.Swipl(str(pyswip.core._path), str(pyswip.core.SWI_HOME_DIR))


def _started_run(name: str, args: list[Any], outputs: int) -> list[Any] | None:
    _start()
    return foreign.call(name, args, outputs)


def start_soon() -> None:
    """Start the engine on its thread and return at once: SWI-Prolog starts (mostly in C,
    on another core) while the caller goes on with its imports and its reading.  A call
    waits for it; a start that failed fails again, with its message, on the first call."""
    if not _LOADED:
        _handed(_start, ())


def start(time_limits: bool = False) -> None:
    """Start the engine now (otherwise the first call does), e.g. before timing anything.
    ``time_limits``: load now what the first call with a time limit would load (SWI-Prolog's
    library(time), some 45 ms), as a server whose every call has one does."""
    if not _LOADED:
        call("technique_names", [], 1)
    if time_limits:
        call("bridge_preload", [], 0)


class LeftOut(str):
    """A step of a rule of your own that was left out, in words; ``kind`` is ``false`` (it went
    against the solution) or ``nothing`` (it changed nothing)."""

    kind: str

    def __new__(cls, text: str, kind: str = "false") -> LeftOut:
        note = super().__new__(cls, text)
        note.kind = kind
        return note


_FALSE_STEPS: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("false_steps", default=None)


@contextlib.contextmanager
def _not_assuming() -> Iterator[None]:
    token = _ASSUME_UNIQUE.set(False)
    try:
        yield
    finally:
        _ASSUME_UNIQUE.reset(token)


@contextlib.contextmanager
def false_steps() -> Iterator[list[str]]:
    """Collect, in the list it gives, the false steps of rules of your own that the calls
    made inside the block left out ("step 9: your rule smaller_of_two removed 6 from r2c2,
    but the solution has 6 there").  Outside such a block they are FalseStepWarnings."""
    found: list[str] = []
    token = _FALSE_STEPS.set(found)
    try:
        yield found
    finally:
        _FALSE_STEPS.reset(token)


_ASSUME_UNIQUE: contextvars.ContextVar[bool] = contextvars.ContextVar("assume_unique", default=False)


@contextlib.contextmanager
def assume_unique() -> Iterator[None]:
    """Inside the block the techniques that rely on a unique solution (unique rectangles,
    BUG+1) are on the ladder of every call: solve, explain, rate, hints.  The engine uses
    them only on a state it has counted one solution for, never on a puzzle with several."""
    token = _ASSUME_UNIQUE.set(True)
    try:
        yield
    finally:
        _ASSUME_UNIQUE.reset(token)


def call(name: str, args: list[Any], outputs: int, rules: Sequence[str] = ()) -> list[Any]:
    """Run one bridge predicate of prolog/bridge.pl; raise EngineError if it fails, and
    Cancelled when the work was called off.  ``rules`` are rules files (absolute paths, loaded
    by pybridge.load_rules) whose techniques are on the ladder for this call only; every
    step of theirs is verified as it is applied, and a false one left out (false_steps).
    Inside assume_unique() the call of a bridge predicate runs with the uniqueness techniques
    on the ladder (bridge_assuming_unique takes those only; the start's technique_names, whose
    answer is not used, runs as it is)."""
    if _ASSUME_UNIQUE.get() and name.startswith("bridge_") and name != "bridge_assuming_unique":
        with _not_assuming():
            return list(call("bridge_assuming_unique", [name, args, outputs], 1, rules)[0])
    if rules:
        stopped, refused, results = call("bridge_with_rules", [list(rules), name, args, outputs], 3)
        texts = [LeftOut(str(text), str(kind)) for kind, text in refused]
        collector = _FALSE_STEPS.get()
        if collector is not None:
            collector.extend(texts)
        else:
            for text in texts:
                warnings.warn(text, FalseStepWarning, stacklevel=2)
        if stopped:
            raise RuleStoppedError(str(stopped))
        return list(results)
    token = _TOKEN.get()
    if _called_off(token):
        raise Cancelled("the work was called off")
    try:
        result = _on_worker(_started_run, name, args, outputs)
    except TypeError as exc:   # foreign.py has no term for an argument: a public call let it through
        raise ArgumentTypeError(f"an argument the engine cannot take ({name}): {exc}") from None
    except EngineError:
        if _called_off(token):
            raise Cancelled("the work was called off") from None
        raise
    if result is None:
        raise EngineError(f"the engine's {name}/{len(args) + outputs} failed unexpectedly")
    return list(result)

"""One SWI-Prolog engine per process, reached through pyswip from one thread.

pyswip is not thread-safe and a Prolog engine belongs to the thread that
uses it, so every call is handed to a single worker thread and waited for:
callers on any thread are serialised there.  That thread also shuts Prolog
down at exit: pyswip's own exit hook would do it from the main thread, which
is not Prolog's, and SWI-Prolog then warns that it failed to stop its threads.

Each call is a single query whose arguments are built as terms (a Python
``str`` becomes an atom, never text parsed as Prolog): see foreign.py.
"""
from __future__ import annotations

import atexit
import queue
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable

from . import foreign
from .errors import EngineError

_JOBS: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = queue.SimpleQueue()
_LOADED = False
_STOPPED = False


def _serve() -> None:
    while True:
        future, function, args = _JOBS.get()
        if future.set_running_or_notify_cancel():
            try:
                future.set_result(function(*args))
            except BaseException as exc:  # handed to the caller's thread
                future.set_exception(exc)


# A daemon thread is still there when atexit handlers run (pool threads are not).
_WORKER = threading.Thread(target=_serve, name="puzzlog-prolog", daemon=True)
_WORKER_START = threading.Lock()


def _on_worker(function: Callable[..., Any], *args: Any) -> Any:
    if threading.current_thread() is _WORKER:
        return function(*args)
    with _WORKER_START:
        if _WORKER.ident is None:
            _WORKER.start()
    future: Future[Any] = Future()
    _JOBS.put((future, function, args))
    return future.result()


def prolog_dir() -> Path:
    """Where the engine's .pl files are: inside the installed package, or the checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "prolog", here.parent / "prolog"):
        if (candidate / "bridge.pl").is_file():
            return candidate
    raise EngineError(f"the Prolog sources (bridge.pl) are missing next to {here}")


def _start() -> None:
    global _LOADED
    if _LOADED:
        return
    try:
        from pyswip import Prolog
        from pyswip.core import PL_thread_attach_engine, PL_thread_self
    except Exception as exc:  # pyswip raises plain exceptions when libswipl is missing
        raise EngineError(f"cannot start SWI-Prolog through pyswip: {exc}. "
                          "Install SWI-Prolog (apt-get install swi-prolog-nox) and pyswip.") from exc
    Prolog()
    if PL_thread_self() == -1:  # Prolog was started on another thread
        PL_thread_attach_engine(None)
    # Registered after pyswip's exit hook, so it runs first.
    atexit.register(_stop)
    # pyswip starts Prolog without signal handling, which also leaves out
    # SWI-Prolog's garbage-collector thread: clause garbage from the
    # asserts and retracts of every solve was then collected on this thread.
    # Ask for the thread, as a plain swipl has it.
    foreign.call("set_prolog_flag", ["gc_thread", "true"], 0)
    entry = prolog_dir() / "bridge.pl"
    if foreign.call("use_module", [str(entry)], 0) is None:
        raise EngineError(f"SWI-Prolog could not load {entry}")
    _LOADED = True


def _stop() -> None:
    """Shut Prolog down on the worker thread, its own, before pyswip tries from the main thread."""
    global _STOPPED
    from pyswip.core import PL_cleanup

    if _LOADED and not _STOPPED:
        _STOPPED = True
        _on_worker(PL_cleanup, 0)


def _started_run(name: str, args: list[Any], outputs: int) -> list[Any] | None:
    _start()
    try:
        return foreign.call(name, args, outputs)
    finally:
        # Measured, not documented: what a solve frees (the clause garbage of
        # the state predicates, it seems) is given back only once a query that
        # does not reach those predicates has run on this thread.  Without this
        # 20,000 solves grew the process by 2-4 KB each (tests/test_isolation.py).
        foreign.call("true", [], 0)


def start() -> None:
    """Start the engine now (otherwise the first call does), e.g. before timing anything."""
    if not _LOADED:
        call("technique_names", [], 1)


def call(name: str, args: list[Any], outputs: int) -> list[Any]:
    """Run one bridge predicate of prolog/bridge.pl; raise EngineError if it fails."""
    if _STOPPED:
        raise EngineError("SWI-Prolog has already been shut down (the program is exiting)")
    result = _on_worker(_started_run, name, args, outputs)
    if result is None:
        raise EngineError(f"the engine's {name}/{len(args) + outputs} failed unexpectedly")
    return result

"""One SWI-Prolog engine per process, reached through pyswip from one thread.

pyswip is not thread-safe and a Prolog engine belongs to the thread that
uses it, so every call is handed to a single worker thread and waited for:
callers on any thread are serialised there.  Each call is a single query
whose arguments are built as terms (a Python ``str`` becomes an atom, never
text parsed as Prolog) inside a foreign frame that is discarded afterwards,
so term references do not pile up over many calls.
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .errors import EngineError

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="puzzlog-prolog")
_WORKER_THREAD: list[threading.Thread] = []
_LOADED = False


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
    _WORKER_THREAD.append(threading.current_thread())
    # pyswip starts Prolog without signal handling, which also leaves out
    # SWI-Prolog's garbage-collector thread: clause garbage from the
    # asserts and retracts of every solve was then collected on this thread.
    # Ask for the thread, as a plain swipl has it.
    _run("set_prolog_flag", ["gc_thread", "true"], 0)
    entry = prolog_dir() / "bridge.pl"
    if _run("use_module", [str(entry)], 0) is None:
        raise EngineError(f"SWI-Prolog could not load {entry}")
    _LOADED = True


def _run(name: str, args: list[Any], outputs: int) -> list[Any] | None:
    """Call name(Args..., Out1, ..., OutK) once; the outputs as Python values, None on failure."""
    from pyswip import Functor, Query, Variable
    from pyswip.core import PL_discard_foreign_frame, PL_open_foreign_frame

    frame = PL_open_foreign_frame()
    try:
        outs = [Variable() for _ in range(outputs)]
        goal = Functor(name, len(args) + outputs)(*[_term(a) for a in args], *outs)
        query = Query(goal)
        try:
            if not query.nextSolution():
                return None
            return [_value(v.value) for v in outs]
        finally:
            query.closeQuery()
    finally:
        PL_discard_foreign_frame(frame)


def _term(value: Any) -> Any:
    """Python data as pyswip terms: tuples (name, args...) become compound terms."""
    from pyswip import Functor

    if isinstance(value, tuple):
        name, *args = value
        return Functor(name, len(args))(*[_term(a) for a in args])
    if isinstance(value, list):
        return [_term(v) for v in value]
    return value


def _value(value: Any) -> Any:
    if isinstance(value, list):
        return [_value(v) for v in value]
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, (int, str)):
        return value
    return str(value)  # pyswip Atom


def _started_run(name: str, args: list[Any], outputs: int) -> list[Any] | None:
    _start()
    return _run(name, args, outputs)


def start() -> None:
    """Start the engine now (otherwise the first call does), e.g. before timing anything."""
    if not _LOADED:
        call("technique_names", [], 1)


def call(name: str, args: list[Any], outputs: int) -> list[Any]:
    """Run one bridge predicate of prolog/bridge.pl; raise EngineError if it fails."""
    if _WORKER_THREAD and threading.current_thread() is _WORKER_THREAD[0]:
        result = _run(name, args, outputs)
    else:
        result = _WORKER.submit(_started_run, name, args, outputs).result()
    if result is None:
        raise EngineError(f"the engine's {name}/{len(args) + outputs} failed unexpectedly")
    return result

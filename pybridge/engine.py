"""One SWI-Prolog engine per process, reached through pyswip under one lock.

pyswip is not thread-safe, so every call takes ``_LOCK``.  Each call is a
single query whose arguments are built as terms (a Python ``str`` becomes
an atom, never text parsed as Prolog) inside a foreign frame that is
discarded afterwards, so term references do not pile up over many calls.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from .errors import EngineError

_LOCK = threading.RLock()
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
        from pyswip import Prolog  # noqa: F401  (starts the engine)
    except Exception as exc:  # pyswip raises plain exceptions when libswipl is missing
        raise EngineError(f"cannot start SWI-Prolog through pyswip: {exc}. "
                          "Install SWI-Prolog (apt-get install swi-prolog-nox) and pyswip.") from exc
    Prolog()
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


def call(name: str, args: list[Any], outputs: int) -> list[Any]:
    """Run one bridge predicate of prolog/bridge.pl; raise EngineError if it fails."""
    with _LOCK:
        _start()
        result = _run(name, args, outputs)
    if result is None:
        raise EngineError(f"the engine's {name}/{len(args) + outputs} failed unexpectedly")
    return result

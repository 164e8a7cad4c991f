"""pybridge for asyncio: the same calls, awaited, and called off at once when cancelled.

Each call runs in a thread of the event loop's executor (the engine answers one call at a
time: see docs/scale.md) under a CancelToken of its own, so that cancelling the task (a
``wait_for`` that times out, a ``TaskGroup`` that fails, a client that hangs up) stops the
engine's work at once, and the next call is answered without waiting for it.

>>> import asyncio, pybridge
>>> [p] = pybridge.load("...24......32...")
>>> asyncio.run(pybridge.aio.solve(p))
Result(solved, sudoku 4x4, 1 solution, 0 guesses, ... ms)
>>> empty = pybridge.load("." * 625)[0]
>>> asyncio.run(asyncio.wait_for(pybridge.aio.solve(empty, max_solutions=10 ** 6), 0.5))
Traceback (most recent call last):
TimeoutError
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
from typing import Any, Callable, Coroutine, ParamSpec, TypeVar

from ..engine.swipl import CancelToken, cancel_scope
from ..puzzles import reading
from ..solving import check as checking, generate as generating, hints, rating, solver

T = TypeVar("T")
P = ParamSpec("P")


async def call(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``function(*args, **kwargs)`` (any pybridge call) in a thread; cancelling the awaiting
    task calls its engine work off at once (it raises ``pybridge.Cancelled`` in that thread)."""
    token = CancelToken()

    def work() -> T:
        with cancel_scope(token):
            return function(*args, **kwargs)

    context = contextvars.copy_context()
    future = asyncio.get_running_loop().run_in_executor(None, functools.partial(context.run, work))
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        token.cancel()
        try:
            await future             # the engine stops at once: wait for it, so the next call finds it free
        except BaseException:        # the Cancelled this raised is the cancellation's own
            pass
        raise


def _awaitable(function: Callable[P, T]) -> Callable[P, Coroutine[Any, Any, T]]:
    @functools.wraps(function)
    async def awaited(*args: P.args, **kwargs: P.kwargs) -> T:
        return await call(function, *args, **kwargs)
    awaited.__doc__ = f"pybridge.{function.__name__}, awaited (pybridge.aio).\n\n{function.__doc__ or ''}"
    return awaited


load = _awaitable(reading.load)
solve = _awaitable(solver.solve)
explain = _awaitable(solver.explain)
hint = _awaitable(hints.hint)
check = _awaitable(checking.check)
rate = _awaitable(rating.rate)
generate = _awaitable(generating.generate)

__all__ = ["call", "check", "explain", "generate", "hint", "load", "rate", "solve"]

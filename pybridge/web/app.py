"""The JSON API of ``puzzlog serve``: the Python calls (read, solve, check, hint, explain,
rate, generate, and a position's candidates) over HTTP, for the page in static/ and for anyone's scripts.

``/api/library``, ``/api/library/add`` and ``/api/library/progress`` list, keep and update
the puzzles of the SQLite library (``puzzlog serve --db``).  Every call takes a JSON object
and gives one back.  A puzzle comes as text in any supported format (``puzzle``, with
``kind``, ``format`` and ``index`` to choose) and is read by the engine's reader, never
as a file name: nothing a visitor sends runs a goal or opens a file (calls.py).

What the server accepts and refuses (ServeLimits), each refusal a JSON ``{"error": ...}``:

- 403 for a ``Host`` that is not this server's (the bound address, localhost, 127.0.0.1,
  [::1], ``allow_hosts``: a DNS-rebinding page cannot reach it), and for a POST whose
  ``Origin`` is another site's (no cross-site request can change the library);
- 415 for a POST that is not ``application/json``; 400 for a body that is not a JSON object
  of text (bad JSON, nesting too deep, a lone surrogate) or breaks a call's rules;
- 413 for a body over ``max_body_bytes`` (read to its end first, so that a browser sees the
  answer), or an answer over ``max_response_bytes``; 408 for a body slower than
  ``body_seconds``;
- 429 with ``Retry-After`` when every engine is busy and ``max_queue`` requests wait;
- 503 when a request's time (``time_limit`` seconds, which a request may lower, the wait
  for an engine included) runs out, or a client hangs up (its work is then dropped);
- 404 and 405 (a path that is no page or call, a method it does not take) as JSON too;
- 507 when the library's disk is full.

Engine work runs in ``engines`` worker processes (engines.py), so one slow request never
stalls another while an engine is free, and static files never wait for one.  The routes
come in groups, each a module: the page's own (page_routes.py), the player's calls of the
engine (play_routes.py), the library's (library_routes.py); what they share is one Context
(context.py), what every request meets first the Guard (guard.py) and the body's checks
(exchange.py).

    >>> from starlette.testclient import TestClient
    >>> client = TestClient(create_app(), base_url="http://localhost")
    >>> client.post("/api/rate", json={"puzzle": "...24......32..."}).json()["level"]
    'trivial'
    >>> client.post("/api/rate", json={"puzzle": "1.3.......2....4"}).json()["status"]
    'multiple'
"""
from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from typing import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from . import library_routes, page_routes, play_routes
from .calls import BadRequest
from .context import Context
from .exchange import Refused, refusal
from .guard import Guard
from .limits import ServeLimits
from .memory import give_back_memory, keep_big_blocks_apart
from .stocking import keep_stocked

LOG = logging.getLogger("puzzlog.serve")


def create_app(limits: ServeLimits | None = None) -> Starlette:
    """The application: the page at ``/``, its files at ``/static``, the API at ``/api``."""
    ctx = Context(limits or ServeLimits())

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        keep_big_blocks_apart()
        await asyncio.get_running_loop().run_in_executor(None, ctx.start)  # ready before the first request
        try:
            await ctx.catalogue()   # so that the library's calls never wait for an engine
        except Refused as exc:      # asked again at the first call that needs it
            LOG.warning("the engines did not describe themselves at the start: %s", exc)
        background = [asyncio.create_task(give_back_memory())]
        if ctx.limits.stock_idle_seconds > 0:
            background.append(asyncio.create_task(keep_stocked(ctx, ctx.limits.stock_idle_seconds)))
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            await asyncio.get_running_loop().run_in_executor(None, ctx.close)

    routes = page_routes.routes(ctx) + play_routes.routes(ctx) + library_routes.routes(ctx)
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error})
    app.state.library = ctx.kept  # for a test that fills its disk
    app.add_middleware(Guard, limits=ctx.limits)
    return app


async def http_error(request: Request, exc: Exception) -> Response:
    """The router's own refusals (no such path, a method the path does not take) as JSON, as
    every other answer."""
    assert isinstance(exc, HTTPException)
    words = {404: f"no such page or call: {request.url.path}",
             405: f"{request.url.path} takes {exc.headers.get('Allow', 'other methods') if exc.headers else 'other methods'}, "
                  f"not {request.method}"}
    return refusal(exc.status_code, words.get(exc.status_code, exc.detail), dict(exc.headers or {}))


__all__ = ["BadRequest", "ServeLimits", "create_app"]

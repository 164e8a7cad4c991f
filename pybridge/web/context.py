"""What every route group of ``puzzlog serve`` shares (create_app makes one): the limits, the
engine processes, the library and its one thread, the catalogue an engine gave, the stock of
generated puzzles; and the one way a call runs (``endpoint``): its body read and checked, its
refusals answered as JSON."""
from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from ..engine import catalogue as engine_catalogue
from ..engine.errors import PuzzlogError
from ..library.store import Library, LibraryFull, LibraryReadOnly
from .calls import BadRequest
from .engines import Busy, EnginePool
from .exchange import Refused, hung_up, refusal, request_data, request_seconds, sized
from .limits import ServeLimits

Work = Callable[[Request, dict[str, Any], float], Awaitable[Response]]


class Context:
    def __init__(self, limits: ServeLimits) -> None:
        self.limits = limits
        self.kept = Library(limits.library) if limits.library is not None else None  # LibraryError: no server
        self.pool = EnginePool(limits.engine_count, limits.max_queue, limits.max_response_bytes)
        # The library's reads and writes in one thread, in the order they come: a progress the
        # page sends as it is left is kept before the page that opens next asks for it.
        self.library_thread = ThreadPoolExecutor(1, thread_name_prefix="puzzlog-library")
        self.known: dict[str, Any] = {}   # the engine's catalogue, as an engine process gave it
        self.shelf: Any = self.kept if self.kept is not None else ServerStock()
        self.last_request = time.monotonic()   # when a call last came: the stock is refilled while idle

    def endpoint(self, work: Work) -> Callable[[Request], Awaitable[Response]]:
        """A POST call: ``work`` gets the request's JSON object and the seconds it may take."""
        async def handle(request: Request) -> Response:
            self.last_request = time.monotonic()
            try:
                data = await request_data(request, self.limits)
                return await work(request, data, request_seconds(data, self.limits))
            except Refused as exc:
                return refusal(exc.status, str(exc), exc.headers)
            except (BadRequest, PuzzlogError) as exc:
                status = 507 if isinstance(exc, LibraryFull) else 403 if isinstance(exc, LibraryReadOnly) else 400
                return refusal(status, str(exc))
            except ClientDisconnect:
                return Response(status_code=400)  # nobody reads it
        return handle

    async def on_engine(self, name: str, request: Request | None, data: dict[str, Any],
                        seconds: float) -> tuple[int, bytes]:
        """Call ``name`` of calls.py in an engine process: its status and JSON body (for the
        server itself when ``request`` is None)."""
        try:
            if request is None:
                return await self.pool.call(name, data, seconds)
            peer = request.client
            client = peer.host if peer is not None else ""
            connection = f"{peer.host}:{peer.port}" if peer is not None else ""
            return await self.pool.call(name, data, seconds, hung_up(request), client, connection)
        except Busy as exc:
            raise Refused(429, str(exc), {"Retry-After": str(exc.retry_after)}) from None

    def engine_endpoint(self, name: str) -> Work:
        async def work(request: Request, data: dict[str, Any], seconds: float) -> Response:
            return sized(*await self.on_engine(name, request, data, seconds), self.limits)
        return work

    async def in_turn(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function`` on the library's thread."""
        return await asyncio.get_running_loop().run_in_executor(self.library_thread, function, *args)

    def library(self) -> Library:
        if self.kept is None:
            raise BadRequest("this server keeps no library (puzzlog serve --db PATH)")
        return self.kept

    async def catalogue(self, request: Request | None = None) -> engine_catalogue.Catalogue:
        """The catalogue, asked of an engine process once (when the server starts): this
        process runs none."""
        if not self.known:
            status, body = await self.on_engine("catalogue", request, {}, self.limits.time_limit)
            if status != 200:
                raise Refused(status, json.loads(body).get("error", "the engine did not answer"))
            answer = json.loads(body)
            engine_catalogue.adopt(answer.pop("pairs"))
            self.known.update(answer)
        return engine_catalogue.catalogue()

    def start(self) -> None:
        self.pool.start(True)

    def close(self) -> None:
        self.pool.close()
        self.library_thread.shutdown(wait=False)


class ServerStock:
    """The stock of generated puzzles of a server that keeps no library: the shelves of
    Library.stock_put and stock_take, in memory."""

    def __init__(self, shelf: int = 50) -> None:
        self.shelves: dict[tuple[Any, ...], deque[Any]] = {}
        self.shelf = shelf
        self.lock = threading.Lock()

    def stock_put(self, shape: str, level: str, hardest: str, answer: dict[str, Any]) -> None:
        with self.lock:
            self.shelves.setdefault((shape, level), deque(maxlen=self.shelf)).append(answer)

    def stock_count(self, shape: str, level: str) -> int:
        with self.lock:
            return len(self.shelves.get((shape, level), ()))

    def stock_take(self, shape: str, level: str | None, hardest: str | None) -> dict[str, Any] | None:
        with self.lock:
            for (kept_shape, kept_level), answers in self.shelves.items():
                if kept_shape == shape and (level is None or kept_level == level):
                    for kept in answers:
                        if hardest is None or kept.get("hardest") == hardest:
                            answers.remove(kept)
                            found: dict[str, Any] = kept
                            return found
        return None

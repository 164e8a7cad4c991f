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
- 507 when the library's disk is full.

Engine work runs in ``engines`` worker processes (engines.py), so one slow request never
stalls another while an engine is free, and static files never wait for one.

    >>> from starlette.testclient import TestClient
    >>> client = TestClient(create_app(), base_url="http://localhost")
    >>> client.post("/api/rate", json={"puzzle": "...24......32..."}).json()["level"]
    'trivial'
    >>> client.post("/api/rate", json={"puzzle": "1.3.......2....4"}).json()["status"]
    'multiple'
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import stat
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..engine import catalogue as engine_catalogue
from ..engine.errors import PuzzlogError
from ..solving.generate import check_generation
from ..library.store import ORDERS, Described, Library, LibraryFull, LibraryReadOnly
from .calls import BadRequest, choice, text, whole
from .engines import Busy, EnginePool, answer, too_big

STATIC = Path(__file__).resolve().parent / "static"
BUNDLED = Path(__file__).resolve().parents[2] / "puzzles"
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
LOG = logging.getLogger("puzzlog.serve")


@dataclass
class ServeLimits:
    """What the server takes on.  ``time_limit``: seconds a request may take, the wait for
    an engine included (a request may ask for less); ``engines``: worker processes, one
    engine each (0: one per core, at least 2); ``max_queue``: requests that may wait for
    an engine; ``max_body_bytes`` / ``max_response_bytes``: one request's body, one answer;
    ``body_seconds``: the time a body may take to arrive; ``header_seconds``,
    ``max_connections``: the wait for a request's headers, and the open connections
    (serve()); ``host``, ``allow_hosts``: the names the server answers to, beside
    localhost; ``puzzles``: the folder whose files the page offers (read-only);
    ``library``: the SQLite file every puzzle opened is kept in (None: none kept)."""

    time_limit: float = 10.0
    engines: int = 0
    max_queue: int = 64
    max_body_bytes: int = 256 * 1024
    max_response_bytes: int = 16 * 2 ** 20
    body_seconds: float = 10.0
    header_seconds: float = 10.0
    max_connections: int = 256
    host: str = "127.0.0.1"
    allow_hosts: tuple[str, ...] = ()
    puzzles: Path | None = field(default=BUNDLED)
    library: Path | None = None

    @property
    def engine_count(self) -> int:
        return self.engines or max(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                                   else os.cpu_count() or 2)


class ServerStock:
    """The stock of generated puzzles of a server that keeps no library: the shelves of
    Library.stock_put and stock_take, in memory."""

    def __init__(self, shelf: int = 50) -> None:
        self.shelves: dict[tuple, deque] = {}
        self.shelf = shelf
        self.lock = threading.Lock()

    def stock_put(self, shape: str, level: str, hardest: str, answer: dict) -> None:
        with self.lock:
            self.shelves.setdefault((shape, level), deque(maxlen=self.shelf)).append(answer)

    def stock_take(self, shape: str, level: str | None, hardest: str | None) -> dict | None:
        with self.lock:
            for (kept_shape, kept_level), answers in self.shelves.items():
                if kept_shape == shape and (level is None or kept_level == level):
                    for kept in answers:
                        if hardest is None or kept.get("hardest") == hardest:
                            answers.remove(kept)
                            return kept
        return None


class Refused(Exception):
    """A request refused before any work: the status and the words for it."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


def create_app(limits: ServeLimits | None = None) -> Starlette:
    """The application: the page at ``/``, its files at ``/static``, the API at ``/api``."""
    limits = limits or ServeLimits()
    bundled_files = puzzle_files(limits.puzzles)
    kept = Library(limits.library) if limits.library is not None else None  # LibraryError: say so, start no server
    pool = EnginePool(limits.engine_count, limits.max_queue, limits.max_response_bytes)
    # The library's reads and writes in one thread, in the order they come: a progress the
    # page sends as it is left is kept before the page that opens next asks for it.
    library_thread = ThreadPoolExecutor(1, thread_name_prefix="puzzlog-library")

    async def in_turn(function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(library_thread, function, *args)

    def endpoint(work: Callable[[Request, dict, float], Awaitable[Response]]):
        async def handle(request: Request) -> Response:
            try:
                data = await _body(request, limits)
                return await work(request, data, _seconds(data, limits))
            except Refused as exc:
                return _refusal(exc.status, str(exc), exc.headers)
            except (BadRequest, PuzzlogError) as exc:
                status = 507 if isinstance(exc, LibraryFull) else 403 if isinstance(exc, LibraryReadOnly) else 400
                return _refusal(status, str(exc))
            except ClientDisconnect:
                return Response(status_code=400)  # nobody reads it
        return handle

    async def on_engine(name: str, request: Request, data: dict, seconds: float) -> tuple[int, bytes]:
        try:
            return await pool.call(name, data, seconds, _hung_up(request))
        except Busy as exc:
            raise Refused(429, str(exc), {"Retry-After": str(exc.retry_after)}) from None

    def engine_endpoint(name: str):
        async def work(request: Request, data: dict, seconds: float) -> Response:
            return _sized(*await on_engine(name, request, data, seconds), limits)
        return work

    def kept_library() -> Library:
        if kept is None:
            raise BadRequest("this server keeps no library (puzzlog serve --db PATH)")
        return kept

    known: dict = {}   # the engine's catalogue, as an engine process gave it

    async def catalogue(request: Request) -> engine_catalogue.Catalogue:
        """The catalogue, asked of an engine process the first time: this process runs none."""
        if not known:
            status, body = await on_engine("catalogue", request, {}, limits.time_limit)
            if status != 200:
                raise Refused(status, json.loads(body).get("error", "the engine did not answer"))
            answer = json.loads(body)
            engine_catalogue.adopt(answer.pop("pairs"))
            known.update(answer)
        return engine_catalogue.catalogue()

    async def catalogue_page(request: Request) -> Response:
        try:
            await catalogue(request)
        except Refused as exc:
            return _refusal(exc.status, str(exc), exc.headers)
        return _json(known, limits)

    async def library_call(request: Request, data: dict, _seconds: float) -> Response:
        lib = kept_library()
        known_now = await catalogue(request)
        kind, level = choice(data, "kind", known_now.kinds, None) or None, choice(data, "level", known_now.levels, None)
        order = choice(data, "order", tuple(ORDERS), "date")
        entries = await in_turn(lib.entries, kind, level, 1000, order)
        return _json({"entries": [e.to_json() for e in entries]}, limits)

    async def library_rename_call(_request: Request, data: dict, _seconds: float) -> Response:
        name = data.get("name")
        if not isinstance(name, str):
            raise BadRequest("name: a short text")
        entry = await in_turn(kept_library().rename, whole(data, "id", 1, 2 ** 62, 1), name)
        return _json(entry.to_json(), limits)

    async def library_delete_call(_request: Request, data: dict, _seconds: float) -> Response:
        entry_id = whole(data, "id", 1, 2 ** 62, 1)
        await in_turn(kept_library().delete, entry_id)
        return _json({"deleted": entry_id}, limits)

    async def library_add_call(request: Request, data: dict, seconds: float) -> Response:
        lib = kept_library()
        puzzle, index = text(data), whole(data, "index", 0, 10 ** 6, 0)
        source = data.get("source", "")
        if not isinstance(source, str) or len(source) > 200:
            raise BadRequest("source: a short text")
        entry = await in_turn(lib.find, puzzle, index)
        if entry is None:  # read and rated by an engine, in the time the request has; kept here
            status, body = await on_engine("describe", request, {**data, "index": index}, seconds)
            if status != 200:
                return _sized(status, body, limits)
            entry = await in_turn(lib.insert, puzzle, index, Described(**json.loads(body)), source)
        return _json(entry.to_json(), limits)

    async def library_progress_call(_request: Request, data: dict, _seconds: float) -> Response:
        progress = data.get("progress")
        if not isinstance(progress, dict):
            raise BadRequest("progress: a JSON object")
        seconds = data.get("seconds")
        if seconds is not None:
            seconds = whole(data, "seconds", 0, 10 ** 7, 0)
        entry = await in_turn(kept_library().save_progress, whole(data, "id", 1, 2 ** 62, 1), progress,
                                        seconds)
        return _json(entry.to_json(), limits)

    async def bundled(request: Request) -> Response:
        name = request.path_params.get("name")
        if name is None:
            return _json({"files": sorted(bundled_files)}, limits)
        if name not in bundled_files:  # only the files listed: no path from a visitor is opened
            return _refusal(404, f"no bundled puzzle file {name!r}")
        try:
            file_text = await run_in_threadpool(_bundled_text, bundled_files[name], limits)
        except PuzzlogError as exc:
            return _refusal(400, str(exc))
        try:
            status, body = await on_engine("bundled", request, {"text": file_text, "name": name}, limits.time_limit)
        except Refused as exc:
            return _refusal(exc.status, str(exc), exc.headers)
        if status != 200:
            return _sized(status, body, limits)
        return _json({"name": name, "text": file_text, **json.loads(body)}, limits)

    shelf: Any = kept if kept is not None else ServerStock()

    async def generate_call(request: Request, data: dict, seconds: float) -> Response:
        """A new puzzle: with no seed, one from the stock when it holds one of the level asked
        (made by an earlier request on its way to another level); what a request makes on the
        way goes to the stock (the library's, when there is one)."""
        known_now = await catalogue(request)
        kind = choice(data, "kind", tuple(known_now.generated), "sudoku")
        size, difficulty = data.get("size"), choice(data, "difficulty", known_now.levels, None)
        term, symmetry = check_generation(kind, size if isinstance(size, int) else None, None, difficulty, None,
                                          choice(data, "symmetry", known_now.symmetries, None))
        shape = json.dumps([list(term), symmetry])
        if data.get("seed") is None:
            found = await in_turn(shelf.stock_take, shape, difficulty, None)
            if found is not None:
                return _json({**found, "seed": None}, limits)
            data = {**data, "seed": secrets.randbelow(2 ** 62)}
        status, body = await on_engine("generate", request, data, seconds)
        if status != 200:
            return _sized(status, body, limits)
        answer = json.loads(body)
        for miss in answer.pop("misses", []):
            await in_turn(shelf.stock_put, shape, miss["level"], miss["hardest"], {**miss, "seed": None})
        return _json(answer, limits)

    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    @asynccontextmanager
    async def lifespan(_app: Starlette):
        await asyncio.get_running_loop().run_in_executor(None, pool.start, True)  # ready before the first request
        try:
            yield
        finally:
            await asyncio.get_running_loop().run_in_executor(None, pool.close)
            library_thread.shutdown(wait=False)

    routes = [Route("/", page),
              Route("/api/catalogue", catalogue_page),
              Route("/api/bundled", bundled),
              Route("/api/bundled/{name:path}", bundled),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    for name in ("read", "solve", "check", "hint", "candidates", "explain", "rate", "possible"):
        routes.append(Route(f"/api/{name}", endpoint(engine_endpoint(name)), methods=["POST"]))
    routes.append(Route("/api/generate", endpoint(generate_call), methods=["POST"]))
    for name, work in (("library", library_call), ("library/add", library_add_call),
                       ("library/progress", library_progress_call), ("library/rename", library_rename_call),
                       ("library/delete", library_delete_call)):
        routes.append(Route(f"/api/{name}", endpoint(work), methods=["POST"]))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.library = kept  # for a test that fills its disk
    app.add_middleware(Guard, limits=limits)
    return app


# -- every request: from this machine's pages only ------------------------------------------

class Guard:
    """An ASGI middleware: a request whose ``Host`` is not this server's is refused (403),
    so is a POST from another site's page (its ``Origin``, or ``Sec-Fetch-Site``), or of
    another type than JSON (415); an error of the application is an answer (500), logged
    in one line, and a client that hung up is no error at all."""

    def __init__(self, app: Any, limits: ServeLimits) -> None:
        self.app = app
        self.hosts = allowed_hosts(limits)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope["method"], headers)
        if refusal is not None:
            await _refusal(refusal.status, str(refusal))(scope, receive, send)
            return
        started = False

        async def sending(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            try:
                await send(message)
            except OSError:  # the client went away: nothing to tell it
                pass

        try:
            await self.app(scope, receive, sending)
        except (ClientDisconnect, asyncio.CancelledError):
            pass
        except Exception as exc:
            LOG.error("internal error on %s %s: %s: %s", scope["method"], scope["path"], type(exc).__name__, exc)
            if not started:
                await _refusal(500, f"internal error ({type(exc).__name__}); the server goes on")(
                    scope, receive, send)

    def refusal(self, method: str, headers: dict[str, str]) -> Refused | None:
        host = headers.get("host", "")
        if host_name(host) not in self.hosts and "*" not in self.hosts:
            return Refused(403, f"this server answers to {', '.join(sorted(self.hosts))}, not to {host!r} "
                                "(puzzlog serve --allow-host NAME)")
        if method not in ("GET", "HEAD"):
            origin = headers.get("origin")
            if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
                return Refused(403, f"a request from another site's page ({origin}) is refused")
            if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
                return Refused(403, "a request from another site's page is refused")
            if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
                return Refused(415, "the request's body is JSON: Content-Type: application/json")
        return None


def host_name(host: str) -> str:
    """The name of a Host header, without its port: ``[::1]:8000`` is ``::1``."""
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_hosts(limits: ServeLimits) -> set[str]:
    hosts = set(LOCAL_HOSTS) | {h.strip("[]") for h in limits.allow_hosts}
    if limits.host not in ("0.0.0.0", "::", ""):
        hosts.add(limits.host.strip("[]"))
    return hosts


# -- bodies and answers ------------------------------------------------------------------

DRAIN_BYTES = 64 * 2 ** 20   # an oversized body is read this far, so that the client sees the 413


async def _body(request: Request, limits: ServeLimits) -> dict:
    """The request's JSON object, read within body_seconds; Refused otherwise."""
    try:
        body = await asyncio.wait_for(_read_body(request, limits), limits.body_seconds)
    except asyncio.TimeoutError:
        raise Refused(408, f"the request's body did not arrive within {limits.body_seconds:g} s",
                      {"Connection": "close"}) from None
    try:
        data = json.loads(body or b"{}")
    except RecursionError:
        raise Refused(400, "the request is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refused(400, f"the request is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request is a JSON object")
    _only_text(data)
    return data


async def _read_body(request: Request, limits: ServeLimits) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and not declared.isdigit():
        raise Refused(400, "Content-Length is not a number", {"Connection": "close"})
    too_big = declared is not None and int(declared) > limits.max_body_bytes
    body, received = bytearray(), 0
    async for chunk in request.stream():
        received += len(chunk)
        too_big = too_big or received > limits.max_body_bytes
        if not too_big:
            body += chunk
        elif received > DRAIN_BYTES:
            break
    if too_big:
        raise Refused(413, f"a request may hold {limits.max_body_bytes} bytes at most", {"Connection": "close"})
    return bytes(body)


def _only_text(value: Any, depth: int = 0) -> None:
    """Every string of a request is text: a lone surrogate ("\\ud800") is refused here, not
    halfway through a call."""
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise Refused(400, f"a text holds U+{ord(value[exc.start]):04X}, a lone surrogate: "
                                   "not text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _only_text(key)
            _only_text(item)
    elif isinstance(value, list):
        for item in value:
            _only_text(item)


def _seconds(data: dict, limits: ServeLimits) -> float:
    """The time a request asks for (``time_limit``): at most the server's limit."""
    value = data.get("time_limit", limits.time_limit)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= limits.time_limit:
        raise Refused(400, f"time_limit: seconds, more than 0 and at most {limits.time_limit:g}, not {value!r}")
    return float(value)


async def _hung_up(request: Request) -> None:
    """Returns when the client hangs up (the body was read before: what comes next is that)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _refusal(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return Response(answer(status, {"error": message})[1], status, headers, media_type="application/json")


def _json(data: dict, limits: ServeLimits) -> Response:
    return _sized(200, json.dumps(data).encode(), limits)


def _sized(status: int, body: bytes, limits: ServeLimits) -> Response:
    if len(body) > limits.max_response_bytes:
        status, body = too_big(len(body), limits.max_response_bytes)
    return Response(body, status, media_type="application/json")


# -- the bundled folder -----------------------------------------------------------------

def puzzle_files(folder: Path | None) -> dict[str, Path]:
    """The puzzle files under ``folder`` by their relative names: all the page may open.
    Only regular files inside the folder: a symbolic link (to /etc/passwd, say) or a
    folder of links is not followed."""
    if folder is None or not folder.is_dir():
        return {}
    root = folder.resolve()
    skip = {".md", ".py"}
    found: dict[str, Path] = {}
    for top, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not (Path(top) / d).is_symlink())
        for name in sorted(files):
            path = Path(top) / name
            try:
                regular = stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                continue
            if regular and path.suffix not in skip and not name.endswith(("_down.txt", "_right.txt")) \
                    and path.resolve().is_relative_to(root):
                found[str(path.relative_to(root))] = path
    return dict(sorted(found.items()))


def _bundled_text(path: Path, limits: ServeLimits) -> str:
    """A bundled file's text: a regular file still, UTF-8, and small enough to send."""
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        raise PuzzlogError(f"{path.name} is no longer a regular file")
    if info.st_size > limits.max_response_bytes // 4:
        raise PuzzlogError(f"{path.name} is {info.st_size:,} bytes: too big to send "
                           f"(max_response_bytes {limits.max_response_bytes:,})")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzlogError(f"{path.name}: not UTF-8 text (byte at offset {exc.start})") from None


__all__ = ["BadRequest", "Guard", "Refused", "ServeLimits", "allowed_hosts", "create_app", "host_name",
           "puzzle_files"]

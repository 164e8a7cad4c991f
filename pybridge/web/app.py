"""The JSON API of ``puzzlog serve``: the Python calls (read, solve, check, hint, explain,
rate, generate, and a position's candidates) over HTTP, for the page in static/ and for anyone's scripts.

``/api/library``, ``/api/library/add`` and ``/api/library/progress`` list, keep and update
the puzzles of the SQLite library (``puzzlog serve --db``).  Every call takes a JSON object
and gives one back; a bad request gets status 400 and
``{"error": message}``.  A puzzle comes as text in any supported format (``puzzle``, with
``kind``, ``format`` and ``index`` to choose) and is read by the engine's reader, never
as a file name: nothing a visitor sends runs a goal or opens a file.  Bodies are capped
(``ServeLimits.max_body_bytes``) and engine work is bounded (``time_limit`` seconds, which
a request may lower with its own ``time_limit``); the engine's one worker thread serves
the requests in turn.

    >>> from starlette.testclient import TestClient
    >>> client = TestClient(create_app())
    >>> client.post("/api/rate", json={"puzzle": "...24......32..."}).json()["level"]
    'trivial'
    >>> client.post("/api/rate", json={"puzzle": "1.3.......2....4"}).json()["status"]
    'multiple'
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import check, explain, generate, hint, rate, solve
from ..entries import read_entries, with_entries
from ..errors import PuzzlogError
from ..generate import GENERATED_KINDS, SYMMETRIES
from ..kakuro import KakuroPuzzle
from ..library import Library
from ..picture import picture
from ..puzzle import Puzzle, Unreadable
from ..rating import LEVELS
from ..reading import FORMATS, KINDS, read
from ..solver import Solver

STATIC = Path(__file__).resolve().parent / "static"
BUNDLED = Path(__file__).resolve().parents[2] / "puzzles"


@dataclass
class ServeLimits:
    """``max_body_bytes``: one request's body; ``time_limit``: seconds of engine work one
    request may take; ``puzzles``: the folder whose files the page offers (read-only);
    ``library``: the SQLite file every puzzle opened is kept in (None: none kept)."""

    max_body_bytes: int = 256 * 1024
    time_limit: float = 10.0
    puzzles: Path | None = field(default=BUNDLED)
    library: Path | None = None


class BadRequest(Exception):
    """What a request got wrong, in words for the person who sent it."""


def create_app(limits: ServeLimits | None = None) -> Starlette:
    """The application: the page at ``/``, its files at ``/static``, the API at ``/api``."""
    limits = limits or ServeLimits()
    bundled_files = _puzzle_files(limits.puzzles)
    kept = Library(limits.library) if limits.library is not None else None  # LibraryError: say so, start no server

    def endpoint(work: Callable[[dict], Any]):
        async def handle(request: Request) -> Response:
            try:
                data = await _body(request, limits)
                return JSONResponse(await run_in_threadpool(work, data))
            except (BadRequest, PuzzlogError) as exc:
                return JSONResponse({"error": str(exc)}, status_code=400)
        return handle

    def solve_call(data: dict) -> dict:
        p = _puzzle(data)
        result = solve(p, time_limit=_seconds(data, limits))
        return {**result.to_json(), "picture": p.picture(result.values) if result.values else p.picture()}

    def check_call(data: dict) -> dict:
        return check(_puzzle(data), _grid(data), time_limit=_seconds(data, limits)).to_json()

    def hint_call(data: dict) -> dict:
        level = _choice(data, "level", (1, 2, 3), 3)
        h = hint(_puzzle(data), _grid(data), level)
        return {**h.to_json(), "picture": h.picture()}

    def candidates_call(data: dict) -> dict:
        # what each open cell may still hold once the givens and the player's entries are
        # placed: the candidate grid a player pencils in by hand, before any technique
        p = _puzzle(data)
        grid = _grid(data)
        solver = Solver(p if grid is None else with_entries(p, read_entries(p, grid)))
        cells = [values for row in solver.candidates() for values in row]
        open_values = [sorted(values) if code < 0 else [] for code, values in zip(solver.codes, cells)]
        return {"candidates": open_values, "picture": picture(p, solver.codes)}

    def explain_call(data: dict) -> dict:
        explanation = explain(_puzzle(data), time_limit=_seconds(data, limits))
        out = explanation.to_json()
        if data.get("pictures"):
            for step, shown in zip(explanation.steps, out["steps"]):
                shown["picture"] = step.picture()
        return out

    def rate_call(data: dict) -> dict:
        rating = rate(_puzzle(data), time_limit=_seconds(data, limits))
        return rating.to_json()

    def generate_call(data: dict) -> dict:
        kind = _choice(data, "kind", GENERATED_KINDS, "sudoku")
        size = data.get("size")
        if size is not None and not (isinstance(size, int) and not isinstance(size, bool)):
            raise BadRequest("size is a whole number")
        made = generate(kind, size=size, seed=_whole(data, "seed", 0, 2 ** 63, 0),
                        difficulty=_choice(data, "difficulty", LEVELS, None),
                        symmetry=_choice(data, "symmetry", SYMMETRIES, None),
                        time_limit=_seconds(data, limits))
        if not made:
            raise BadRequest(f"no puzzle in the {_seconds(data, limits):g} s this request may take")
        g = made[0]
        return {**g.to_json(), **_shown(g.puzzle)}  # what /api/read would say of it: no second read

    def kept_library() -> Library:
        if kept is None:
            raise BadRequest("this server keeps no library (puzzlog serve --db PATH)")
        return kept

    def library_call(data: dict) -> dict:
        lib = kept_library()
        entries = lib.entries(_choice(data, "kind", KINDS, None) or None, _choice(data, "level", LEVELS, None))
        return {"entries": [e.to_json() for e in entries]}

    def library_add_call(data: dict) -> dict:
        text = _text(data)
        source = data.get("source", "")
        if not isinstance(source, str) or len(source) > 200:
            raise BadRequest("source: a short text")
        return kept_library().add(text, _whole(data, "index", 0, 10 ** 6, 0), source,
                                  kind=_choice(data, "kind", KINDS, None),
                                  fmt=_choice(data, "format", FORMATS, None)).to_json()

    def library_progress_call(data: dict) -> dict:
        progress = data.get("progress")
        if not isinstance(progress, dict):
            raise BadRequest("progress: a JSON object")
        seconds = data.get("seconds")
        if seconds is not None:
            seconds = _whole(data, "seconds", 0, 10 ** 7, 0)
        return kept_library().save_progress(_whole(data, "id", 1, 2 ** 62, 1), progress, seconds).to_json()

    def read_call(data: dict) -> dict:
        return {"puzzles": [_shown(p) for p in _read(data)]}

    async def bundled(request: Request) -> Response:
        name = request.path_params.get("name")
        if name is None:
            return JSONResponse({"files": sorted(bundled_files)})
        if name not in bundled_files:  # only the files listed: no path from a visitor is opened
            return JSONResponse({"error": f"no bundled puzzle file {name!r}"}, status_code=404)
        text = await run_in_threadpool(bundled_files[name].read_text, encoding="utf-8")
        puzzles = await run_in_threadpool(lambda: [_shown(p) for p in read(text, name)])
        return JSONResponse({"name": name, "text": text, "puzzles": puzzles})

    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    routes = [Route("/", page),
              Route("/api/bundled", bundled),
              Route("/api/bundled/{name:path}", bundled),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    for name, work in (("read", read_call), ("solve", solve_call), ("check", check_call), ("hint", hint_call),
                       ("candidates", candidates_call),
                       ("explain", explain_call), ("rate", rate_call), ("generate", generate_call),
                       ("library", library_call), ("library/add", library_add_call),
                       ("library/progress", library_progress_call)):
        routes.append(Route(f"/api/{name}", endpoint(work), methods=["POST"]))
    return Starlette(routes=routes)


async def _body(request: Request, limits: ServeLimits) -> dict:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limits.max_body_bytes):
        raise BadRequest(f"a request may hold {limits.max_body_bytes} bytes at most")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limits.max_body_bytes:
            raise BadRequest(f"a request may hold {limits.max_body_bytes} bytes at most")
    try:
        data = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest(f"the request is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadRequest("the request is a JSON object")
    return data


def _text(data: dict) -> str:
    text = data.get("puzzle")
    if not isinstance(text, str) or not text.strip():
        raise BadRequest("puzzle: the puzzle's text, in any supported format")
    return text


def _read(data: dict) -> list:
    text = _text(data)
    # read(), not load(): a text that names a file on the server is still only text.
    return read(text, "<request>", _choice(data, "kind", KINDS, None), _choice(data, "format", FORMATS, None))


def _puzzle(data: dict) -> Puzzle | KakuroPuzzle:
    puzzles = _read(data)
    index = _whole(data, "index", 0, len(puzzles) - 1, 0)
    p = puzzles[index]
    if isinstance(p, Unreadable):
        raise BadRequest(str(p.error))
    return p


def _grid(data: dict) -> str | list[int] | None:
    grid = data.get("grid")
    if grid is None or isinstance(grid, str):
        return grid
    if isinstance(grid, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in grid):
        return grid
    raise BadRequest("grid: a text in the puzzle's formats, or a list of whole numbers (0 blank)")


def _shown(p: Puzzle | KakuroPuzzle | Unreadable) -> dict:
    if isinstance(p, Unreadable):
        return {"index": p.index, "error": str(p.error)}
    rows, cols = p.shape
    return {"index": p.index, "kind": p.kind, "rows": rows, "cols": cols, "picture": p.picture()}


def _seconds(data: dict, limits: ServeLimits) -> float:
    """The engine time a request asks for (``time_limit``): at most the server's limit."""
    value = data.get("time_limit", limits.time_limit)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= limits.time_limit:
        raise BadRequest(f"time_limit: seconds, more than 0 and at most {limits.time_limit:g}, not {value!r}")
    return float(value)


def _choice(data: dict, key: str, choices: tuple, default: Any) -> Any:
    value = data.get(key, default)
    if value is not None and value not in choices:
        raise BadRequest(f"{key}: one of {', '.join(map(str, choices))}, not {value!r}")
    return value


def _whole(data: dict, key: str, low: int, high: int, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"{key}: a whole number from {low} to {high}, not {value!r}")
    return value


def _puzzle_files(folder: Path | None) -> dict[str, Path]:
    """The puzzle files under ``folder`` by their relative names: all the page may open."""
    if folder is None or not folder.is_dir():
        return {}
    skip = {".md", ".py"}
    return {str(path.relative_to(folder)): path for path in sorted(folder.rglob("*"))
            if path.is_file() and path.suffix not in skip and not path.name.endswith(("_down.txt", "_right.txt"))}


__all__ = ["BadRequest", "ServeLimits", "create_app"]

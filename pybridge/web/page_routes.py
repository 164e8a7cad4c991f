"""The page's own routes: the page, its static files, the catalogue the engine describes
itself by, and the bundled puzzle files (only those listed: no path from a visitor is opened)."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..engine.errors import PuzzlogError
from ..teaching.practice import PRACTICE_KINDS, bank_techniques
from .context import Context
from .exchange import Refused, json_answer, refusal, sized
from .limits import ServeLimits

STATIC = Path(__file__).resolve().parent / "static"


def routes(ctx: Context) -> list[BaseRoute]:
    limits = ctx.limits
    bundled_files = puzzle_files(limits.puzzles)

    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def catalogue_page(request: Request) -> Response:
        try:
            await ctx.catalogue(request)
        except Refused as exc:
            return refusal(exc.status, str(exc), exc.headers)
        return json_answer(ctx.known, limits)

    async def bundled(request: Request) -> Response:
        name = request.path_params.get("name")
        if name is None:
            return json_answer({"files": sorted(bundled_files)}, limits)
        if name not in bundled_files:  # only the files listed: no path from a visitor is opened
            return refusal(404, f"no bundled puzzle file {name!r}")
        try:
            file_text = await run_in_threadpool(bundled_text, bundled_files[name], limits)
        except PuzzlogError as exc:
            return refusal(400, str(exc))
        try:
            status, body = await ctx.on_engine("bundled", request, {"text": file_text, "name": name},
                                               limits.time_limit)
        except Refused as exc:
            return refusal(exc.status, str(exc), exc.headers)
        if status != 200:
            return sized(status, body, limits)
        return json_answer({"name": name, "text": file_text, **json.loads(body)}, limits)

    async def practice_techniques(_request: Request) -> Response:
        """The techniques the shipped practice banks have positions of, a kind at a time, in
        ladder order, each with how many random puzzles met it (read from the banks: no engine)."""
        kinds = {kind: [{"technique": t, "met": met, "walked": walked} for t, met, walked in bank_techniques(kind)]
                 for kind in PRACTICE_KINDS}
        return json_answer({"kinds": {k: v for k, v in kinds.items() if v}}, limits)

    return [Route("/", page),
            Route("/api/catalogue", catalogue_page),
            Route("/api/practice/techniques", practice_techniques),
            Route("/api/bundled", bundled),
            Route("/api/bundled/{name:path}", bundled),
            Mount("/static", StaticFiles(directory=STATIC), name="static")]


def puzzle_files(folder: Path | None) -> dict[str, Path]:
    """The puzzle files under ``folder`` by their relative names: all the page may open.
    Only regular files inside the folder: a symbolic link (to /etc/passwd, say) or a
    folder of links is not followed."""
    if folder is None or not folder.is_dir():
        return {}
    root = folder.resolve()
    skip = {".md", ".py", ".jsonl"}   # not puzzle files: the lessons' pages, scripts, the practice banks
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


def bundled_text(path: Path, limits: ServeLimits) -> str:
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

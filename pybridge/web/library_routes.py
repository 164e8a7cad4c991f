"""The library's calls (``puzzlog serve --db``): list, keep (read and rated by an engine),
save a player's progress, rename, delete.  Every read and write runs on the library's one
thread, in the order the requests came."""
from __future__ import annotations

from typing import Any

import json

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..library.store import ORDERS, Described
from .calls import BadRequest, choice, text, whole
from .context import Context
from .exchange import json_answer, sized

MAX_PAGE = 200   # entries in one answer of /api/library


def routes(ctx: Context) -> list[BaseRoute]:
    limits = ctx.limits

    async def library_call(request: Request, data: dict[str, Any], _seconds: float) -> Response:
        """A page of the list: summaries (no texts, no progress), and how many there are."""
        lib = ctx.library()
        known_now = await ctx.catalogue(request)
        kind, level = choice(data, "kind", known_now.kinds, None) or None, choice(data, "level", known_now.levels, None)
        order = choice(data, "order", tuple(ORDERS), "date")
        offset, limit = whole(data, "offset", 0, 10 ** 9, 0), whole(data, "limit", 1, MAX_PAGE, MAX_PAGE)
        entries = await ctx.in_turn(lib.entries, kind, level, limit, order, offset)
        total = await ctx.in_turn(lib.count, kind, level)
        return json_answer({"entries": [e.summary() for e in entries], "total": total, "offset": offset}, limits)

    async def get_call(_request: Request, data: dict[str, Any], _seconds: float) -> Response:
        entry = await ctx.in_turn(ctx.library().get, whole(data, "id", 1, 2 ** 62, 1))
        return json_answer(entry.to_json(), limits)

    async def find_call(_request: Request, data: dict[str, Any], _seconds: float) -> Response:
        """The entry of a puzzle if the library keeps it (a puzzle is kept once it is played)."""
        entry = await ctx.in_turn(ctx.library().find, text(data), whole(data, "index", 0, 10 ** 6, 0))
        return json_answer({"entry": entry.to_json() if entry else None}, limits)

    async def rename_call(_request: Request, data: dict[str, Any], _seconds: float) -> Response:
        name = data.get("name")
        if not isinstance(name, str):
            raise BadRequest("name: a short text")
        entry = await ctx.in_turn(ctx.library().rename, whole(data, "id", 1, 2 ** 62, 1), name)
        return json_answer(entry.to_json(), limits)

    async def delete_call(_request: Request, data: dict[str, Any], _seconds: float) -> Response:
        entry_id = whole(data, "id", 1, 2 ** 62, 1)
        await ctx.in_turn(ctx.library().delete, entry_id)
        return json_answer({"deleted": entry_id}, limits)

    async def add_call(request: Request, data: dict[str, Any], seconds: float) -> Response:
        lib = ctx.library()
        puzzle, index = text(data), whole(data, "index", 0, 10 ** 6, 0)
        source = data.get("source", "")
        if not isinstance(source, str) or len(source) > 200:
            raise BadRequest("source: a short text")
        entry = await ctx.in_turn(lib.find, puzzle, index)
        if entry is None:  # read and rated by an engine, in the time the request has; kept here
            status, body = await ctx.on_engine("describe", request, {**data, "index": index}, seconds)
            if status != 200:
                return sized(status, body, limits)
            entry = await ctx.in_turn(lib.insert, puzzle, index, Described(**json.loads(body)), source)
        return json_answer(entry.to_json(), limits)

    async def progress_call(_request: Request, data: dict[str, Any], _seconds: float) -> Response:
        progress = data.get("progress")
        if not isinstance(progress, dict):
            raise BadRequest("progress: a JSON object")
        seconds = data.get("seconds")
        if seconds is not None:
            seconds = whole(data, "seconds", 0, 10 ** 7, 0)
        entry = await ctx.in_turn(ctx.library().save_progress, whole(data, "id", 1, 2 ** 62, 1), progress, seconds)
        return json_answer(entry.to_json(), limits)

    calls = (("library", library_call), ("library/add", add_call), ("library/progress", progress_call),
             ("library/rename", rename_call), ("library/delete", delete_call), ("library/get", get_call),
             ("library/find", find_call))
    return [Route(f"/api/{name}", ctx.endpoint(work), methods=["POST"]) for name, work in calls]

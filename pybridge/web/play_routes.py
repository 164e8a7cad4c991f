"""The calls a player's page makes of the engine: read, solve, check, hint, candidates,
explain, rate, possible, practice and practice/check (each in an engine process: calls.py) and generate (from the stock
when it holds one, the misses made on the way kept for later)."""
from __future__ import annotations

from typing import Any

import json
import secrets
import time

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..library.store import LibraryError
from .calls import choice
from .context import Context
from .exchange import json_answer, sized
from .stocking import put_made, shape_of

ANY_SHARE = 0.3          # of a request's time, for "any level" before a level is asked instead
ANY_FALLBACK = "basic"   # that level: made quickly at every size (a 16x16 in 0.8 s)
ENGINE_CALLS = ("read", "solve", "check", "hint", "candidates", "explain", "rate", "possible", "practice/check")
BANK_ROWS = 200          # of the library's practice bank, sent with a practice call


def routes(ctx: Context) -> list[BaseRoute]:
    limits = ctx.limits

    async def generate_call(request: Request, data: dict[str, Any], seconds: float) -> Response:
        """A new puzzle: with no seed, one from the stock when it holds one of the level asked
        (made by an earlier request on its way to another level); what a request makes on the
        way goes to the stock (the library's, when there is one)."""
        known_now = await ctx.catalogue(request)
        kind = choice(data, "kind", tuple(known_now.generated), "sudoku")
        size, difficulty = data.get("size"), choice(data, "difficulty", known_now.levels, None)
        shape = shape_of(kind, size if isinstance(size, int) else None, difficulty,
                         choice(data, "symmetry", known_now.symmetries, None))
        if data.get("seed") is None:
            try:
                found = await ctx.in_turn(ctx.shelf.stock_take, shape, difficulty, None)
            except LibraryError:   # a library that cannot be written cannot give up its stock: make one
                found = None
            if found is not None:
                return json_answer({**found, "seed": None}, limits)
            data = {**data, "seed": secrets.randbelow(2 ** 62)}
        started = time.monotonic()
        status, body = await ctx.on_engine("generate", request, data,
                                           seconds * ANY_SHARE if difficulty is None else seconds)
        if status == 503 and difficulty is None:
            # "any level" thins the puzzle checking each removal by a search: quick up to 9x9,
            # out of time past it (a 16x16 took 9.7 s where "basic" takes 0.8 s).  The rest of
            # the time goes to a level, whose ladder checks the removals instead.
            data = {**data, "difficulty": ANY_FALLBACK}
            status, body = await ctx.on_engine("generate", request, data,
                                               max(0.1, seconds - (time.monotonic() - started)))
        if status != 200:
            return sized(status, body, limits)
        answer = json.loads(body)
        answer["seed"] = str(answer["seed"])   # as text: a page's JavaScript would round a 63-bit number
        answer["difficulty"] = data.get("difficulty")   # with the seed, what makes it again (generate --seed)
        try:
            await ctx.in_turn(put_made, ctx.shelf, shape, answer)
        except LibraryError as exc:   # the puzzle asked for was made: it is answered all the same
            answer["notes"] = [*answer.get("notes", []), f"puzzles made on the way were not kept: {exc}"]
        return json_answer(answer, limits)

    async def practice_call(request: Request, data: dict[str, Any], seconds: float) -> Response:
        """A position to practise a technique in: the library's practice bank first (its
        puzzles go with the call), then the shipped bank, then new puzzles, which the library
        keeps under every technique their walks meet."""
        technique, kind = data.get("technique"), data.get("kind", "sudoku")
        if ctx.kept is not None and isinstance(technique, str) and isinstance(kind, str):
            rows = await ctx.in_turn(ctx.kept.practice_puzzles, technique, kind)
            data = {**data, "bank": [[text, level] for text, level, _ in rows[:BANK_ROWS]]}
        status, body = await ctx.on_engine("practice", request, data, seconds)
        if status != 200:
            return sized(status, body, limits)
        answer = json.loads(body)
        harvest = answer.pop("harvest", [])
        if ctx.kept is not None and harvest:
            try:
                await ctx.in_turn(keep_harvest, ctx.kept, harvest)
            except LibraryError as exc:   # the position was found: it is answered all the same
                answer["notes"] = [*answer.get("notes", []), f"the new puzzles were not kept: {exc}"]
        return json_answer(answer, limits)

    calls: list[BaseRoute] = [Route(f"/api/{name}", ctx.endpoint(ctx.engine_endpoint(name)), methods=["POST"])
                              for name in ENGINE_CALLS]
    return calls + [Route("/api/generate", ctx.endpoint(generate_call), methods=["POST"]),
                    Route("/api/practice", ctx.endpoint(practice_call), methods=["POST"])]


def keep_harvest(library: Any, harvest: list[list[str]]) -> None:
    for technique, kind, level, puzzle in harvest:
        library.practice_put(technique, kind, level, puzzle)

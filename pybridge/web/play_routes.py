"""The calls a player's page makes of the engine: read, solve, check, hint, candidates,
explain, rate, possible (each in an engine process: calls.py) and generate (from the stock
when it holds one, the misses made on the way kept for later)."""
from __future__ import annotations

from typing import Any

import json
import secrets

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..library.store import LibraryError
from ..solving.generate import check_generation
from .calls import choice
from .context import Context
from .exchange import json_answer, sized

ENGINE_CALLS = ("read", "solve", "check", "hint", "candidates", "explain", "rate", "possible")


def routes(ctx: Context) -> list[BaseRoute]:
    limits = ctx.limits

    async def generate_call(request: Request, data: dict[str, Any], seconds: float) -> Response:
        """A new puzzle: with no seed, one from the stock when it holds one of the level asked
        (made by an earlier request on its way to another level); what a request makes on the
        way goes to the stock (the library's, when there is one)."""
        known_now = await ctx.catalogue(request)
        kind = choice(data, "kind", tuple(known_now.generated), "sudoku")
        size, difficulty = data.get("size"), choice(data, "difficulty", known_now.levels, None)
        term, symmetry = check_generation(kind, size if isinstance(size, int) else None, None, difficulty, None,
                                          choice(data, "symmetry", known_now.symmetries, None))
        shape = json.dumps([list(term), symmetry])
        if data.get("seed") is None:
            try:
                found = await ctx.in_turn(ctx.shelf.stock_take, shape, difficulty, None)
            except LibraryError:   # a library that cannot be written cannot give up its stock: make one
                found = None
            if found is not None:
                return json_answer({**found, "seed": None}, limits)
            data = {**data, "seed": secrets.randbelow(2 ** 62)}
            if difficulty is None:
                # "any level": one picked first, so the puzzle is thinned by that level's ladder;
                # left open, each removal is checked by a search (slow past 9x9: a 16x16 took
                # 9.7 s and ran out of time where "basic" took 0.8 s)
                data["difficulty"] = secrets.choice([level for level in known_now.levels if level != "unreasonable"])
        status, body = await ctx.on_engine("generate", request, data, seconds)
        if status != 200:
            return sized(status, body, limits)
        answer = json.loads(body)
        answer["seed"] = str(answer["seed"])   # as text: a page's JavaScript would round a 63-bit number
        try:
            for miss in answer.pop("misses", []):
                await ctx.in_turn(ctx.shelf.stock_put, shape, miss["level"], miss["hardest"], {**miss, "seed": None})
        except LibraryError as exc:   # the puzzle asked for was made: it is answered all the same
            answer["notes"] = [*answer.get("notes", []), f"puzzles made on the way were not kept: {exc}"]
        return json_answer(answer, limits)

    calls: list[BaseRoute] = [Route(f"/api/{name}", ctx.endpoint(ctx.engine_endpoint(name)), methods=["POST"])
                              for name in ENGINE_CALLS]
    return calls + [Route("/api/generate", ctx.endpoint(generate_call), methods=["POST"])]

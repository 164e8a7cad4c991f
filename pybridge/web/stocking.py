"""The stock of generated puzzles, refilled while the server is idle: Generate answers at once
from it (a 16x16 or an extreme Killer takes seconds to make), and what a generation makes on
its way to another level goes there too.  With a library, each puzzle stocked is walked as
well and kept in the library's practice bank under every technique it meets (practice.py).

One shelf a kind's default size and level (the page's Generate with its defaults, "any"
level taking whichever level is there).  The refill runs in an engine process like any call,
only when no request came for ``idle_seconds``, one puzzle at a time, and is called off the
moment a request waits for an engine: it never delays one by more than the call-off takes.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

from ..engine.catalogue import Catalogue
from ..library.store import LibraryError
from ..solving.generate import check_generation
from ..teaching.practice import PRACTICE_KINDS, keep_in_bank

LOG = logging.getLogger("puzzlog.serve")
SHELF_TARGET = 2        # puzzles kept ready a kind and level
REFILL_SECONDS = 8.0    # engine time for one refill generation
LOOK_SECONDS = 0.05     # how often a refill looks for a request waiting
STOCK_CLIENT = "(stock)"   # the refill's name in the engines' queue (no address is written so)


def shape_of(kind: str, size: int | None, difficulty: str | None, symmetry: str | None) -> str:
    """The shelf a request's puzzles go on and come from: the engine's term for the kind and
    size, and the symmetry (raises PuzzlogError for a request no seed can meet)."""
    term, kept = check_generation(kind, size, None, difficulty, None, symmetry)
    return json.dumps([list(term), kept])


def put_made(shelf: Any, shape: str, answer: dict[str, Any]) -> None:
    """What a generation made on its way (``answer``'s misses) onto the shelf of its shape."""
    for miss in answer.pop("misses", []):
        shelf.stock_put(shape, miss["level"], miss["hardest"], {**miss, "seed": None})


def wanted(catalogue: Catalogue, shelf: Any, passed: set[tuple[str, str]]) -> tuple[str, int, str, str] | None:
    """The next shelf to fill, but those ``passed`` over (their last try made nothing): the
    kind, size, level and shape; Sudoku's first, then each kind's, the easier levels first."""
    kinds = sorted(catalogue.generated.values(), key=lambda g: g.name != "sudoku")
    for made in kinds:
        for level in made.levels.get(made.default_size, ()):   # the levels the page offers there
            shape = shape_of(made.name, made.default_size, level, None)
            if (shape, level) not in passed and shelf.stock_count(shape, level) < SHELF_TARGET:
                return made.name, made.default_size, level, shape
    return None


async def keep_stocked(ctx: Any, idle_seconds: float) -> None:
    """Fill the shelves, forever, while the server is idle (create_app's lifespan runs it)."""
    catalogue = await ctx.catalogue()
    passed: set[tuple[str, str]] = set()   # shelves whose last try made nothing, until the round ends
    while True:
        await asyncio.sleep(max(idle_seconds, 0.1))
        if time.monotonic() - ctx.last_request < idle_seconds or ctx.pool.waiting_besides(STOCK_CLIENT):
            continue
        try:
            target = await ctx.in_turn(wanted, catalogue, ctx.shelf, passed)
        except LibraryError as exc:   # a library that cannot be written keeps no stock
            LOG.warning("the stock is not refilled: %s", exc)
            return
        if target is None:   # every shelf full or passed over: try those again after a while
            passed.clear()
            await asyncio.sleep(idle_seconds * 10)
            continue
        kind, size, level, shape = target
        data = {"kind": kind, "size": size, "difficulty": level, "seed": secrets.randbelow(2 ** 62)}
        status, body = await ctx.pool.call("generate", data, REFILL_SECONDS, request_waiting(ctx.pool), STOCK_CLIENT)
        if status != 200:   # out of time, or called off for a request: the next shelf, this one later
            passed.add((shape, level))
            continue
        answer = json.loads(body)
        await ctx.in_turn(put_made, ctx.shelf, shape, answer)
        await ctx.in_turn(ctx.shelf.stock_put, shape, answer["level"], answer["hardest"], {**answer, "seed": None})
        if ctx.kept is not None and kind in PRACTICE_KINDS:   # and into the practice bank, by its walk
            status, body = await ctx.pool.call("walk", {"kind": kind, "puzzle": answer["puzzle"]}, REFILL_SECONDS,
                                               request_waiting(ctx.pool), STOCK_CLIENT)
            if status == 200:
                await ctx.in_turn(keep_in_bank, ctx.kept, answer["puzzle"], kind, answer["level"],
                                  json.loads(body)["techniques"])


async def request_waiting(pool: Any) -> None:
    """Completes when a request waits for an engine (the refill is then called off)."""
    while not pool.waiting_besides(STOCK_CLIENT):
        await asyncio.sleep(LOOK_SECONDS)


__all__ = ["keep_stocked", "put_made", "shape_of"]

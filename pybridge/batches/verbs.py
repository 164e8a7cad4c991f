"""The verbs a batch does to each item (solve, rate, explain: puzzles; generate: seeds): one
class each, carrying all that differs between them, so that a batch is a verb's work and an
output and nothing else asks which verb it runs.

A verb says how one item is done (``do``), what a worker that died or hung on it leaves
(``failed``), how long an item may hold a worker (``hang_limit``), and on the way out: its
JSON record, the key that finds an item's record in a file (--resume), when a value or a
kept record is ok, which records --retry-errors does again, and the record of a file that
could not be read at all.

    >>> sorted(VERBS), VERBS["generate"].key(7), VERBS["solve"].retried({"status": "timeout"})
    (['explain', 'generate', 'rate', 'solve'], 7, True)
"""
from __future__ import annotations

import time
from typing import Any, ClassVar, Hashable

from ..engine.errors import PuzzlogError
from .pool import Failure


class Verb:
    """What a batch does to one item, and what its values are on the way out."""

    name: ClassVar[str]
    auto_jobs_at: ClassVar[int] = 200   # --jobs's default: one process per core from this many items

    def do(self, item: Any, options: dict[str, Any]) -> Any:
        raise NotImplementedError

    def failed(self, item: Any, failure: Failure) -> Any:
        """The value of an item whose worker died or hung."""
        return failure

    def hang_limit(self, options: dict[str, Any]) -> float | None:
        """The seconds the engine itself stops an item at (None: no limit)."""
        return options.get("time_limit")

    def record(self, value: Any) -> dict[str, Any]:
        return value.to_json()  # type: ignore[no-any-return]

    def ok(self, value: Any) -> bool:
        return bool(value.ok)

    def key(self, item: Any) -> Hashable:
        return (item.source, item.index)

    def record_key(self, record: dict[str, Any]) -> Hashable:
        return (record["source"], record["index"])

    def record_ok(self, record: dict[str, Any]) -> bool:
        """Whether a record kept from an earlier run counts as done well."""
        return True

    def retried(self, record: dict[str, Any]) -> bool:
        """Whether --retry-errors does the record's item again: its worker died or hung, or
        its time ran out."""
        return record.get("status") in ("error", "timeout")

    def unread_record(self, name: str, error: PuzzlogError) -> dict[str, Any]:
        """The record of a file that could not be read at all: the keys of any other record."""
        return {"source": name, "index": None, "line": None, "kind": None, "status": "invalid",
                "error": str(error)}


class Solving(Verb):
    name = "solve"

    def do(self, item: Any, options: dict[str, Any]) -> Any:
        from ..solving.solver import solve  # a command imports only what its work needs
        return solve(item, **options)

    def failed(self, item: Any, failure: Failure) -> Any:
        from ..solving.solver import Result, solve_status
        return Result(item, solve_status(failure.status), error=failure.message)

    def record_ok(self, record: dict[str, Any]) -> bool:
        return bool(record["status"] == "solved") and record.get("matches_given_solution") is not False

    def unread_record(self, name: str, error: PuzzlogError) -> dict[str, Any]:
        return {"source": name, "index": None, "line": None, "kind": None, "status": "invalid", "grid": [],
                "solutions": 0, "guesses": 0, "techniques": {}, "ms": 0.0, "error": str(error), "notes": []}


class Rating(Verb):
    """``options["harvest"]``: also explain each puzzle rated, and carry the positions where
    each technique is first the next step on the rating (``harvested``: the explanation's
    packed_positions()) for a practice bank."""

    name = "rate"

    def do(self, item: Any, options: dict[str, Any]) -> Any:
        from ..solving.rating import rate
        options = dict(options)
        harvest = options.pop("harvest", False)
        rating = rate(item, **options)
        if harvest and rating.ok:
            from ..solving.solver import explain
            rating.harvested = explain(item, time_limit=options.get("time_limit")).packed_positions()
        return rating

    def failed(self, item: Any, failure: Failure) -> Any:
        from ..solving.rating import Rating as RatingValue, RatingStatus
        from ..solving.solver import engine_status
        return RatingValue(item, engine_status(RatingStatus, failure.status), error=failure.message)

    def record_ok(self, record: dict[str, Any]) -> bool:
        return bool(record["status"] == "rated")

    def unread_record(self, name: str, error: PuzzlogError) -> dict[str, Any]:
        return {"source": name, "index": None, "line": None, "kind": None, "status": "invalid", "level": None,
                "score": 0, "hardest": None, "techniques": {}, "guesses": 0, "features": {}, "error": str(error),
                "ms": 0.0}


class Explaining(Verb):
    name = "explain"

    def do(self, item: Any, options: dict[str, Any]) -> Any:
        from ..solving.solver import explain
        return explain(item, **options)

    def failed(self, item: Any, failure: Failure) -> Any:
        from ..solving.solver import Explanation, walk_status
        return Explanation(item, walk_status(failure.status), error=failure.message)

    def ok(self, value: Any) -> bool:
        return bool(value.status == "solved")

    def record_ok(self, record: dict[str, Any]) -> bool:
        return bool(record["status"] == "solved")


class Generating(Verb):
    """Items are seeds; ``deadline`` (time.time()) bounds the whole run."""

    name = "generate"
    auto_jobs_at = 4

    def do(self, seed: int, options: dict[str, Any]) -> Any:
        """The puzzle of ``seed``; None when the run's deadline has passed, a Failure with
        the message when no attempt gives what was asked."""
        from ..solving.generate import generate
        options = dict(options)
        deadline = options.pop("deadline", None)
        remaining = None if deadline is None else deadline - time.time()
        if remaining is not None and remaining <= 0:
            return None
        try:
            made = generate(count=1, seed=seed, time_limit=remaining, **options)
        except PuzzlogError as exc:
            return Failure("error", str(exc))
        return made[0] if made else None

    def hang_limit(self, options: dict[str, Any]) -> float | None:
        deadline = options.get("deadline")
        return None if deadline is None else max(0.0, deadline - time.time())

    def ok(self, value: Any) -> bool:
        return True

    def key(self, item: Any) -> Hashable:
        return item  # type: ignore[no-any-return]

    def record_key(self, record: dict[str, Any]) -> Hashable:
        return record["seed"]  # type: ignore[no-any-return]

    def retried(self, record: dict[str, Any]) -> bool:
        return False


VERBS: dict[str, Verb] = {verb.name: verb() for verb in (Solving, Rating, Explaining, Generating)}

__all__ = ["VERBS", "Verb"]

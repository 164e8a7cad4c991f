"""Who gets the next free engine: quick work before slow, by what a call costs, and clients in turn.

The server's engines are few (one a core) and a call may hold one for its whole time limit
(an empty 25x25 to solve), so the order of the queue decides whether a player typing waits
milliseconds or seconds.  Three rules, each measured rather than named:

- **Cost, not name.**  A call's cost is estimated from what it asks — the call, the size of
  its puzzle text, the kind and size asked for — by the times calls like it took lately
  (``Costs``), or a prior for a call never seen.  A 250 KB ``read`` is slow; a 4x4 ``solve``
  quick.  A call estimated at ``QUICK_SECONDS`` or less is quick.
- **Slow work holds a share.**  Slow calls run on at most ``slow_share(engines)`` engines at
  once, so at least one engine (a quarter of them) is always there for quick calls; a call
  that was thought quick and runs past ``QUICK_BUDGET`` while quick calls wait is taken off
  its engine and queued again as slow work (engines.py), and its kind is then known as slow.
- **Clients in turn, then the cheapest.**  Among the waiting calls of a lane, the next is
  one of the client (address) with the fewest calls running — a client that sends forty
  calls at once gets an engine as often as one that sends one, not forty times as often —
  then of the connection with the fewest running (the players behind one address, a
  school's, take turns too), and of those the cheapest by its estimate, the oldest of
  equals.
"""
from __future__ import annotations

import math
import threading
from collections import deque
from typing import Any, Callable, Iterable, TypeVar

QUICK_SECONDS = 0.25   # a call estimated at most this long is quick work
QUICK_BUDGET = 0.5     # a quick call running longer is slow work after all
SMOOTHING = 0.3        # the weight of the latest time in a cost's running estimate

# A call's cost when none like it was seen: seconds for a 9x9's 81 characters, and how the
# cost grows with the text (1: as its length, 2: as its square: a search over its cells).
PRIORS: dict[str, tuple[float, int]] = {
    "read": (0.003, 1), "bundled": (0.003, 1), "candidates": (0.01, 1), "check": (0.02, 2),
    "solve": (0.02, 2), "hint": (0.03, 2), "possible": (0.05, 2), "rate": (0.05, 2),
    "explain": (0.1, 2), "describe": (0.05, 2), "generate": (1.0, 2), "catalogue": (0.01, 0),
    "practice": (0.1, 2), "practice/check": (0.02, 2), "walk": (0.06, 2)}


def slow_share(engines: int) -> int:
    """The engines slow calls may hold at once: all but a quarter (at least one), or the
    one engine of a server that has one."""
    return max(1, engines - max(1, engines // 4))


def call_key(name: str, data: dict[str, Any]) -> tuple[str, str, int]:
    """What makes two calls cost alike: the call, the kind asked for, and the size of its
    text in powers of two (a generation's: the size asked for)."""
    text = data.get("puzzle", data.get("text", ""))
    length = len(text) if isinstance(text, str) else 81
    size = data.get("size")
    if name == "generate" and isinstance(size, int) and not isinstance(size, bool) and 0 < size < 100:
        length = size * size
    kind = data.get("kind")
    return name, kind if isinstance(kind, str) and len(kind) < 20 else "", max(1, length).bit_length()


class Costs:
    """The running estimate of each kind of call's seconds, kept as calls finish."""

    def __init__(self, limit: int = 4096) -> None:
        self._seconds: dict[tuple[str, str, int], float] = {}
        self._lock = threading.Lock()
        self._limit = limit

    def estimate(self, name: str, data: dict[str, Any]) -> float:
        key = call_key(name, data)
        with self._lock:
            known = self._seconds.get(key)
        if known is not None:
            return known
        base, power = PRIORS.get(name, (1.0, 2))
        return float(base * (2 ** key[2] / 128) ** power)   # 81 characters: bit length 7, 2**7 = 128

    def observe(self, name: str, data: dict[str, Any], seconds: float) -> None:
        key = call_key(name, data)
        with self._lock:
            old = self._seconds.get(key)
            if old is None and len(self._seconds) >= self._limit:
                return   # a flood of new shapes does not grow the table
            self._seconds[key] = seconds if old is None else old + SMOOTHING * (seconds - old)


Job = TypeVar("Job")


def next_in_turn(waiting: deque[Job], turn: Callable[[Job], tuple[int, int]],
                 cost: Callable[[Job], float]) -> Job | None:
    """Take the next job: of the client, then the connection, with the fewest jobs running
    (``turn``: those two counts), the cheapest by its estimate (a 10 ms call never waits
    behind a queue of 300 ms ones), the oldest of those (None if none waits)."""
    best, best_key = None, (math.inf, math.inf, math.inf)
    for job in waiting:
        key = (*turn(job), cost(job))
        if key < best_key:
            best, best_key = job, key
    if best is not None:
        waiting.remove(best)
    return best


def waiting_of(client: str, queues: Iterable[deque[Any]], client_of: Callable[[Any], str]) -> int:
    return sum(1 for queue in queues for job in queue if client_of(job) == client)


__all__ = ["Costs", "QUICK_BUDGET", "QUICK_SECONDS", "call_key", "next_in_turn", "slow_share", "waiting_of"]

"""What ``puzzlog serve`` takes on: its limits and where its files are."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[2] / "puzzles"


@dataclass
class ServeLimits:
    """What the server takes on.  ``time_limit``: seconds a request may take, the wait for
    an engine included (a request may ask for less); ``engines``: worker processes, one
    engine each (0: one per core, at least 2); ``max_queue``: requests that may wait for
    an engine; ``max_body_bytes`` / ``max_response_bytes``: one request's body, one answer;
    ``body_seconds``: the time a body may take to arrive; ``header_seconds``,
    ``max_connections``, ``max_client_connections``, ``send_seconds``: the wait for a
    request's headers, the open connections (all, and from one address), the time a
    client may read nothing of its answer before it is cut off (server.py); ``host``,
    ``allow_hosts``: the names the server answers to, beside localhost; ``puzzles``: the folder whose files the page offers (read-only);
    ``library``: the SQLite file every puzzle played is kept in (None: none kept);
    ``stock_idle_seconds``: how long the server must have had no call before it makes puzzles
    for its stock (0, as here: it makes none; ``puzzlog serve`` waits 3 s)."""

    time_limit: float = 10.0
    engines: int = 0
    max_queue: int = 64
    max_body_bytes: int = 256 * 1024
    max_response_bytes: int = 16 * 2 ** 20
    body_seconds: float = 10.0
    header_seconds: float = 10.0
    max_connections: int = 256
    max_client_connections: int = 32
    send_seconds: float = 10.0
    host: str = "127.0.0.1"
    allow_hosts: tuple[str, ...] = ()
    puzzles: Path | None = field(default=BUNDLED)
    library: Path | None = None
    stock_idle_seconds: float = 0.0

    @property
    def engine_count(self) -> int:
        return self.engines or max(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                                   else os.cpu_count() or 2)

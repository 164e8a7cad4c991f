"""Running the application: uvicorn, with the limits a server on a shared machine needs.

uvicorn closes a connection that idles between requests (``timeout_keep_alive``) but
waits for ever for the headers of a request that has begun, and takes any number of
connections: a client that opens thousands and sends nothing (slowloris) holds them and
the server's memory until it runs out of file descriptors.  Its HTTP protocol class is
taken here as it is, with what a server facing strangers needs added:

- a request's headers must arrive within ``header_seconds``;
- past ``max_connections`` open connections, or ``max_client_connections`` from one address
  (so that one client cannot take them all), a new one is answered 503 and closed;
- a client that stops reading its answer for ``send_seconds`` is cut off, and the part of
  the answer waiting for it is freed (a slow reader cannot pin the server's memory).
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import ServeLimits

LOG = logging.getLogger("puzzlog.serve")


def guarded_protocol(limits: ServeLimits) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with a deadline for headers and a cap on connections."""

    by_address: Counter[str] = Counter()   # open connections of each client address

    class Guarded(H11Protocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._headers_due: asyncio.TimerHandle | None = None
            self._send_due: asyncio.TimerHandle | None = None
            self._refused = False
            peer = transport.get_extra_info("peername")
            self._address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            by_address[self._address] += 1
            if len(self.connections) > limits.max_connections:
                self._refuse(503, f"the server holds {limits.max_connections} connections at most: "
                                  "try again in a moment")
                return
            if by_address[self._address] > limits.max_client_connections:
                self._refuse(503, f"{limits.max_client_connections} connections from one address at most: "
                                  "close some, or try again in a moment")
                return
            self._await_headers()

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._send_due is None:
                self._send_due = self.loop.call_later(limits.send_seconds, self._reader_too_slow)

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._send_due is not None:
                self._send_due.cancel()
                self._send_due = None

        def _reader_too_slow(self) -> None:
            """The client read nothing of its answer for send_seconds: cut off, and what waits
            for it freed (abort drops the transport's buffer; close would keep sending it)."""
            self._send_due = None
            LOG.warning("a client at %s read nothing for %g s: cut off", self._address, limits.send_seconds)
            self.transport.abort()

        def data_received(self, data: bytes) -> None:
            if self._refused:  # answered already: what else comes is read and dropped
                return
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle:        # a request's headers came in
                self._headers_arrived()
            elif self.cycle is None or self.cycle.response_complete:
                self._await_headers()           # bytes of the next request, headers not yet whole

        def connection_lost(self, exc: Exception | None) -> None:
            self._headers_arrived()
            if self._send_due is not None:
                self._send_due.cancel()
                self._send_due = None
            by_address[self._address] -= 1
            if by_address[self._address] <= 0:
                del by_address[self._address]
            super().connection_lost(exc)

        def _await_headers(self) -> None:
            if getattr(self, "_headers_due", None) is None and not self.transport.is_closing():
                self._headers_due = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _headers_arrived(self) -> None:
            due = getattr(self, "_headers_due", None)
            if due is not None:
                due.cancel()
                self._headers_due = None

        def _too_slow(self) -> None:
            self._headers_due = None
            if self.cycle is None or self.cycle.response_complete:
                self._refuse(408, f"the request's headers did not arrive within {limits.header_seconds:g} s")

        def _refuse(self, status: int, message: str) -> None:
            """A whole HTTP answer written straight to the socket; the connection is closed a
            moment later, so that the client reads the answer (closed at once with its
            unread bytes, it would get a reset instead)."""
            self._refused = True
            body = json.dumps({"error": message}).encode()
            reason = {408: "Request Timeout", 503: "Service Unavailable"}[status]
            self.transport.write(f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
                                 f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)

    return Guarded


LINGER_SECONDS = 2.0


def make_server(app: Any, limits: ServeLimits, host: str, port: int) -> uvicorn.Server:
    """A uvicorn server for ``app`` on ``host``:``port`` with the limits above."""
    # A client that hangs up is not an error worth a line: keep uvicorn's errors, not its chatter.
    logging.getLogger("uvicorn.error").setLevel(logging.ERROR)
    config = uvicorn.Config(app, host=host, port=port, http=guarded_protocol(limits), log_level="warning",
                            timeout_keep_alive=5, h11_max_incomplete_event_size=64 * 1024,
                            timeout_graceful_shutdown=5)
    return uvicorn.Server(config)


__all__ = ["guarded_protocol", "make_server"]

"""Every request, before any work: from this machine's pages only (the Host and Origin
checks), JSON bodies only, and an application error an answer rather than a dropped line."""
from __future__ import annotations

import asyncio
import logging
from typing import Any, MutableMapping

from starlette.requests import ClientDisconnect

from .exchange import DRAIN_BYTES, Refused, refusal
from .limits import ServeLimits

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
# Every answer: scripts and styles from the server's own files only (no inline script, no
# handler in markup: nothing a file name or puzzle text could carry runs), pictures may be
# data: URLs, nothing is framed, no type is guessed from content.
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                 b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
SEND_CHUNK = 256 * 1024
LOG = logging.getLogger("puzzlog.serve")


class Guard:
    """An ASGI middleware: a request whose ``Host`` is not this server's is refused (403),
    so is a POST from another site's page (its ``Origin``, or ``Sec-Fetch-Site``), or of
    another type than JSON (415); an error of the application is an answer (500), logged
    in one line, and a client that hung up is no error at all."""

    def __init__(self, app: Any, limits: ServeLimits) -> None:
        self.app = app
        self.hosts = allowed_hosts(limits)
        self.body_seconds = limits.body_seconds

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            try:
                body = message.get("body", b"") if message["type"] == "http.response.body" else b""
                if len(body) <= SEND_CHUNK:
                    await send(message)
                    return
                # a big answer goes out a piece at a time, each sent once the client has read the
                # last: a client that stops reading is then seen stopping (server.py cuts it off)
                more = message.get("more_body", False)
                for start in range(0, len(body), SEND_CHUNK):
                    last = start + SEND_CHUNK >= len(body)
                    await send({"type": "http.response.body", "body": body[start:start + SEND_CHUNK],
                                "more_body": more or not last})
            except OSError:  # the client went away: nothing to tell it
                pass

        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refused = self.refused(scope["method"], headers)
        if refused is not None:
            if scope["method"] not in ("GET", "HEAD"):
                await drained(receive, self.body_seconds)   # answered before it is read, a body is a reset
            await refusal(refused.status, str(refused))(scope, receive, sending)
            return
        try:
            await self.app(scope, receive, sending)
        except (ClientDisconnect, asyncio.CancelledError):
            pass
        except Exception as exc:
            LOG.error("internal error on %s %s: %s: %s", scope["method"], scope["path"], type(exc).__name__, exc)
            if not started:
                await refusal(500, f"internal error ({type(exc).__name__}); the server goes on")(
                    scope, receive, sending)

    def refused(self, method: str, headers: dict[str, str]) -> Refused | None:
        host = headers.get("host", "")
        if host_name(host) not in self.hosts and "*" not in self.hosts:
            return Refused(403, f"this server answers to {', '.join(sorted(self.hosts))}, not to {host!r} "
                                "(puzzlog serve --allow-host NAME)")
        if method not in ("GET", "HEAD"):
            origin = headers.get("origin")
            if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
                return Refused(403, f"a request from another site's page ({origin}) is refused")
            if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
                return Refused(403, "a request from another site's page is refused")
            if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
                return Refused(415, "the request's body is JSON: Content-Type: application/json")
        return None


async def drained(receive: Any, seconds: float) -> None:
    """Read a refused request's body to its end (at most DRAIN_BYTES, for ``seconds``) and drop
    it: a browser that is still sending when the answer comes sees a reset connection, not the
    answer (a 5 MB form got a reset instead of its 415)."""
    async def read() -> None:
        received = 0
        while received <= DRAIN_BYTES:
            message = await receive()
            received += len(message.get("body", b""))
            if message["type"] != "http.request" or not message.get("more_body", False):
                return
    try:
        await asyncio.wait_for(read(), seconds)
    except asyncio.TimeoutError:
        pass


def host_name(host: str) -> str:
    """The name of a Host header, without its port: ``[::1]:8000`` is ``::1``."""
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_hosts(limits: ServeLimits) -> set[str]:
    hosts = set(LOCAL_HOSTS) | {h.strip("[]") for h in limits.allow_hosts}
    if limits.host not in ("0.0.0.0", "::", ""):
        hosts.add(limits.host.strip("[]"))
    return hosts

"""Every request, before any work: from this machine's pages only (the Host and Origin
checks), JSON bodies only, and an application error an answer rather than a dropped line."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from starlette.requests import ClientDisconnect

from .exchange import Refused, refusal
from .limits import ServeLimits

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
LOG = logging.getLogger("puzzlog.serve")


class Guard:
    """An ASGI middleware: a request whose ``Host`` is not this server's is refused (403),
    so is a POST from another site's page (its ``Origin``, or ``Sec-Fetch-Site``), or of
    another type than JSON (415); an error of the application is an answer (500), logged
    in one line, and a client that hung up is no error at all."""

    def __init__(self, app: Any, limits: ServeLimits) -> None:
        self.app = app
        self.hosts = allowed_hosts(limits)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refused = self.refused(scope["method"], headers)
        if refused is not None:
            await refusal(refused.status, str(refused))(scope, receive, send)
            return
        started = False

        async def sending(message: dict[str, Any]) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            try:
                await send(message)
            except OSError:  # the client went away: nothing to tell it
                pass

        try:
            await self.app(scope, receive, sending)
        except (ClientDisconnect, asyncio.CancelledError):
            pass
        except Exception as exc:
            LOG.error("internal error on %s %s: %s: %s", scope["method"], scope["path"], type(exc).__name__, exc)
            if not started:
                await refusal(500, f"internal error ({type(exc).__name__}); the server goes on")(
                    scope, receive, send)

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

"""A request's body read and checked, and the JSON answers: every call's way in and out."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from .engines import answer, too_big
from .limits import ServeLimits


class Refused(Exception):
    """A request refused before any work: the status and the words for it."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


DRAIN_BYTES = 64 * 2 ** 20   # an oversized body is read this far, so that the client sees the 413


async def request_data(request: Request, limits: ServeLimits) -> dict[str, Any]:
    """The request's JSON object, read within body_seconds; Refused otherwise."""
    try:
        body = await asyncio.wait_for(_read_body(request, limits), limits.body_seconds)
    except asyncio.TimeoutError:
        raise Refused(408, f"the request's body did not arrive within {limits.body_seconds:g} s",
                      {"Connection": "close"}) from None
    try:
        data = json.loads(body or b"{}")
    except RecursionError:
        raise Refused(400, f"the request is nested too deeply: {MAX_DEPTH} levels at most") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refused(400, f"the request is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request is a JSON object")
    _only_text(data)
    return data


async def _read_body(request: Request, limits: ServeLimits) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and not declared.isdigit():
        raise Refused(400, "Content-Length is not a number", {"Connection": "close"})
    too_big = declared is not None and int(declared) > limits.max_body_bytes
    body, received = bytearray(), 0
    async for chunk in request.stream():
        received += len(chunk)
        too_big = too_big or received > limits.max_body_bytes
        if not too_big:
            body += chunk
        elif received > DRAIN_BYTES:
            break
    if too_big:
        raise Refused(413, f"a request may hold {limits.max_body_bytes} bytes at most", {"Connection": "close"})
    return bytes(body)


MAX_DEPTH = 16   # no call takes a body nested deeper; a deep one would cross to an engine
                 # process and fail there (pickle's recursion), taking the process with it


def _only_text(value: Any, depth: int = 0) -> None:
    """Every string of a request is text: a lone surrogate ("\\ud800") is refused here, not
    halfway through a call; and no list or object is nested more than MAX_DEPTH deep."""
    if depth > MAX_DEPTH:
        raise Refused(400, f"the request is nested too deeply: {MAX_DEPTH} levels at most")
    if isinstance(value, str):
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise Refused(400, f"a text holds U+{ord(value[exc.start]):04X}, a lone surrogate: "
                                   "not text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _only_text(key)
            _only_text(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _only_text(item, depth + 1)


def request_seconds(data: dict[str, Any], limits: ServeLimits) -> float:
    """The time a request asks for (``time_limit``): at most the server's limit."""
    value = data.get("time_limit", limits.time_limit)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= limits.time_limit:
        raise Refused(400, f"time_limit: seconds, more than 0 and at most {limits.time_limit:g}, not {value!r}")
    return float(value)


async def hung_up(request: Request) -> None:
    """Returns when the client hangs up (the body was read before: what comes next is that)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def refusal(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return Response(answer(status, {"error": message})[1], status, headers, media_type="application/json")


def json_answer(data: dict[str, Any], limits: ServeLimits) -> Response:
    return sized(200, json.dumps(data).encode(), limits)


def sized(status: int, body: bytes, limits: ServeLimits) -> Response:
    if len(body) > limits.max_response_bytes:
        status, body = too_big(len(body), limits.max_response_bytes)
    return Response(body, status, media_type="application/json")

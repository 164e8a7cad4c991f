"""The arguments of the public calls, checked where they come in: a value a call cannot take
is an ArgumentError or ArgumentTypeError naming the argument, never a failure deep in the
engine.

>>> whole("count", 3)
3
>>> whole("count", 0)
Traceback (most recent call last):
pybridge.engine.errors.ArgumentError: count must be a whole number, at least 1, not 0
"""
from __future__ import annotations

from typing import Any

from .errors import ArgumentError, ArgumentTypeError


def whole(name: str, value: Any, low: int = 1, high: int | None = None) -> int:
    """``value``, a whole number from ``low`` (to ``high``)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"{low}..{high}"
        raise ArgumentError(f"{name} must be a whole number, {span}, not {value!r}")
    return value


def text(name: str, value: Any, optional: bool = False) -> Any:
    """``value``, a str (or None when ``optional``)."""
    if value is None and optional:
        return value
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a str{' or None' if optional else ''}, not {type(value).__name__}")
    return value


__all__ = ["text", "whole"]

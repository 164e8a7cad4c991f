"""The bridge's answers, read: named records for what prolog/bridge.pl hands back, and the
small conversions every caller of the engine shares (time limits in, values, pairs and
counts out, messages that name where a puzzle came from).

The engine answers with flat lists (engine/foreign.py), cheap to build and to read; each
record below (and each kind's record of a puzzle read, in its module: kinds.py) names the
fields of one such list, in the order of the predicate's mode comment in bridge.pl, so no
caller unpacks one by position.

    >>> values_of("1.A")
    [1, 0, 10]
    >>> chunks([1, 2, 3, 4, 5, 6], 3)
    [(1, 2, 3), (4, 5, 6)]
    >>> plural(1, "guess"), plural(2, "guess"), plural(0, "step")
    ('1 guess', '2 guesses', '0 steps')
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable, NamedTuple

from ..engine.catalogue import catalogue
from ..engine.limits import LIMITS
from ..engine.errors import ArgumentError

if TYPE_CHECKING:
    from .kinds import Solvable


class InvalidRecord(NamedTuple):
    """A text bridge_read/5 could not read as a puzzle: the cell (row 0: none) and why."""

    tag: str
    index: int  # type: ignore[assignment]  # the field hides tuple.index, never used here
    line: int | str
    kind: str
    row: int
    col: int
    message: str


class StepItem(NamedTuple):
    """One item of a walk (bridge_walk/9, bridge_steps/7, hints): ``placed`` and
    ``removed`` flat R,C,V lists, ``cells`` and ``unit_cells`` flat R,C lists."""

    kind: str
    depth: int
    technique: str
    text: str
    placed: list[int]
    removed: list[int]
    units: list[str]
    cells: list[int]
    unit_cells: list[int]


class RatingTerm(NamedTuple):
    """A rating as bridge_rate/8 gives it: ``uses`` flat Technique, Count pairs; ``se``
    (tenths), ``hodoku_level`` and ``hodoku_score`` the reading on the outside scales, or ''
    for a grid they do not rate."""

    level: str
    score: int
    hardest: str
    uses: list[Any]
    guesses: int
    se: int | str
    hodoku_level: str
    hodoku_score: int | str


def values_of(text: str) -> list[int]:
    """The values a text of value characters spells (`.` for 0), as the engine writes them."""
    if not _VALUES:
        _VALUES.update({".": 0}, **{ch: v for v, ch in enumerate(catalogue().value_chars, 1)})
    return [_VALUES[ch] for ch in text]


_VALUES: dict[str, int] = {}   # value character: value, for values_of


def line_number(line: int | str) -> int | None:
    """A record's line: its number, or None where the engine has none to give."""
    return line if isinstance(line, int) else None


def listed(flat: list[Any] | str) -> list[Any] | None:
    """A record's flat list, or None for its "none"."""
    return None if isinstance(flat, str) else flat


def flat(groups: Iterable[Iterable[Any]]) -> list[int]:
    """Groups (cells, pairs, triples) as one flat list of whole numbers, as the engine reads
    them (prolog/bridge/wire.pl): the inverse of chunks."""
    return [int(x) for group in groups for x in group]


def chunks(flat: list[Any], size: int) -> list[tuple[Any, ...]]:
    """A flat list cut into tuples of ``size``: the engine's pairs, triples and quadruples."""
    return [tuple(flat[i:i + size]) for i in range(0, len(flat), size)]


def counts(flat: list[Any]) -> dict[str, int]:
    """Name, Count, Name, Count, ... as a dict."""
    return {str(name): int(count) for name, count in chunks(flat, 2)}


def plural(count: int, word: str) -> str:
    """"1 guess", "2 guesses", "0 steps"."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith("s") else f"{count} {word}s"


def located(puzzle: Solvable, error: str) -> str:
    """An engine's message about ``puzzle``, after where the puzzle came from."""
    where = puzzle.source if puzzle.line is None else f"{puzzle.source}, line {puzzle.line}"
    return f"{where}: {error}"


def limit_ms(time_limit: float | None) -> int:
    """A time limit in whole milliseconds for the engine: ``time_limit`` seconds, or when it
    is None LIMITS.time_limit's (0: none)."""
    if time_limit is None:
        if LIMITS.time_limit is None:
            return 0
        return limit_ms(LIMITS.time_limit)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
            or not math.isfinite(time_limit) or time_limit <= 0:
        raise ArgumentError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    return min(max(1, int(time_limit * 1000)), 2 ** 62)


__all__ = ["InvalidRecord", "RatingTerm", "StepItem", "chunks", "flat", "counts", "located", "limit_ms", "line_number",
           "listed", "plural", "values_of"]

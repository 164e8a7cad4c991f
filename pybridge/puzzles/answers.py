"""The bridge's answers, read: named records for what prolog/bridge.pl hands back, and the
small conversions every caller of the engine shares (time limits in, values, pairs and
counts out, messages that name where a puzzle came from).

The engine answers with flat lists (engine/foreign.py), cheap to build and to read; each
record below names the fields of one such list, in the order of the predicate's mode
comment in bridge.pl, so no caller unpacks one by position.

    >>> values_of("1.A")
    [1, 0, 10]
    >>> chunks([1, 2, 3, 4, 5, 6], 3)
    [(1, 2, 3), (4, 5, 6)]
    >>> plural(1, "guess"), plural(2, "guess"), plural(0, "step")
    ('1 guess', '2 guesses', '0 steps')
"""
from __future__ import annotations

import math
from typing import Any, NamedTuple

from ..engine.catalogue import catalogue
from .kakuro import KakuroPuzzle
from .latin import Puzzle, Unreadable
from .samurai import SamuraiPuzzle

AnyPuzzle = Puzzle | KakuroPuzzle | SamuraiPuzzle
Solvable = Puzzle | KakuroPuzzle | SamuraiPuzzle | Unreadable


class LatinRecord(NamedTuple):
    """A puzzle of the Sudoku family or a Futoshiki, as bridge_read/5 reads it: ``regions``
    [BoxRows, BoxCols], a region per cell, or [] (none); ``signs`` and ``marks`` flat
    R1,C1,R2,C2 lists (``marks`` "none" outside Adjacent mode); ``givens`` and
    ``solution`` texts ("" for no solution); ``cages`` a Killer's cages."""

    tag: str
    index: int
    line: int | str
    size: int
    regions: list[int]
    diagonals: int
    signs: list[int]
    marks: list[int] | str
    givens: str
    solution: str
    cages: list[int] | str     # "none", or each Killer cage flat: sum, count, r1, c1, ...


class KakuroRecord(NamedTuple):
    """A Kakuro as bridge_read/5 reads it: ``downs`` and ``acrosses`` a clue per cell,
    row-major (-1 on a white cell), ``givens`` a text of the white cells' digits."""

    tag: str
    index: int
    line: int | str
    rows: int
    cols: int
    downs: list[int]
    acrosses: list[int]
    givens: str


class SamuraiRecord(NamedTuple):
    """A Samurai as bridge_read/5 reads it: the frame's size, the grids' places flat (R0, C0,
    ...), the givens and solution texts of one character a cell of the frame."""

    tag: str
    index: int
    line: int | str
    rows: int
    cols: int
    grids: list[int]
    givens: str
    solution: str


class InvalidRecord(NamedTuple):
    """A text bridge_read/5 could not read as a puzzle: the cell (row 0: none) and why."""

    tag: str
    index: int
    line: int | str
    kind: str
    row: int
    col: int
    message: str


RECORDS = {"invalid": InvalidRecord, "kakuro": KakuroRecord, "samurai": SamuraiRecord}


def read_record(raw: list) -> LatinRecord | KakuroRecord | SamuraiRecord | InvalidRecord:
    """One record of bridge_read/5 by its tag (invalid, kakuro, or a Latin square's)."""
    return RECORDS.get(str(raw[0]), LatinRecord)._make(raw)


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
    """A rating as bridge_rate/8 gives it: ``uses`` flat Technique, Count pairs."""

    level: str
    score: int
    hardest: str
    uses: list[Any]
    guesses: int


def values_of(text: str) -> list[int]:
    """The values a text of value characters spells (`.` for 0), as the engine writes them."""
    if not _VALUES:
        _VALUES.update({".": 0}, **{ch: v for v, ch in enumerate(catalogue().value_chars, 1)})
    return [_VALUES[ch] for ch in text]


_VALUES: dict[str, int] = {}   # value character: value, for values_of


def chunks(flat: list, size: int) -> list[tuple]:
    """A flat list cut into tuples of ``size``: the engine's pairs, triples and quadruples."""
    return [tuple(flat[i:i + size]) for i in range(0, len(flat), size)]


def counts(flat: list) -> dict[str, int]:
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


def check_puzzle(puzzle: object) -> None:
    """Raise TypeError or ValueError unless ``puzzle`` is a well-formed puzzle value."""
    if not isinstance(puzzle, (Puzzle, KakuroPuzzle, SamuraiPuzzle)):
        raise TypeError(f"a puzzle is a Puzzle, KakuroPuzzle or SamuraiPuzzle (see pybridge.load), not "
                        f"{type(puzzle).__name__}")
    puzzle.check()


def limit_ms(time_limit: float | None) -> int:
    """A time limit in whole milliseconds for the engine (0: none)."""
    if time_limit is None:
        return 0
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
            or not math.isfinite(time_limit) or time_limit <= 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    return min(max(1, int(time_limit * 1000)), 2 ** 62)


__all__ = ["AnyPuzzle", "InvalidRecord", "KakuroRecord", "LatinRecord", "RatingTerm", "Solvable", "StepItem",
           "check_puzzle", "chunks", "counts", "located", "limit_ms", "plural", "read_record", "values_of"]

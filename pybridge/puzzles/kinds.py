"""The table of puzzle kinds: the Python class of each record the engine reads a puzzle as
(prolog/bridge/wire.pl's record_list/2: ``latin``, ``kakuro``, ``samurai``; ``invalid``
for a text that is no puzzle).  A new kind of its own shape is a module beside this one,
implementing kind.PuzzleKind, and one line here; a new Latin square (a new set of regions,
diagonals or signs) needs no Python at all: its record is a ``latin`` one.

>>> sorted(KINDS), written_formats()[:4]
(['kakuro', 'latin', 'samurai'], ['game', 'grid', 'killer', 'line'])
"""
from __future__ import annotations

from typing import Any, cast

from ..engine.errors import ArgumentTypeError, PuzzleFormatError
from .answers import InvalidRecord, line_number
from .kakuro import KakuroPuzzle
from .kind import PuzzleKind
from .latin import Puzzle, Unreadable
from .samurai import SamuraiPuzzle

KINDS: dict[str, type[PuzzleKind]] = {"latin": Puzzle, "kakuro": KakuroPuzzle, "samurai": SamuraiPuzzle}

AnyPuzzle = Puzzle | KakuroPuzzle | SamuraiPuzzle   # spelled out for type checkers
Solvable = AnyPuzzle | Unreadable


def from_record(raw: list[Any], source: str) -> Solvable:
    """The puzzle (or Unreadable) of one record of prolog/bridge.pl's bridge_read/5."""
    tag = str(raw[0])
    if tag == "invalid":
        rec = InvalidRecord._make(raw)
        line = line_number(rec.line)
        error = PuzzleFormatError(rec.message, source, line, (rec.row, rec.col) if rec.row else None)
        return Unreadable(error, str(rec.kind), source, rec.index, line)
    return KINDS[tag].from_record(raw, source)  # type: ignore[attr-defined,no-any-return]


def check_puzzle(puzzle: object) -> AnyPuzzle:
    """``puzzle``, when it is a well-formed puzzle value; else raise ArgumentTypeError or
    ArgumentError (an Unreadable is no puzzle to solve: its error says why)."""
    if not isinstance(puzzle, PuzzleKind):
        raise ArgumentTypeError(f"a puzzle is a Puzzle, KakuroPuzzle or SamuraiPuzzle (see pybridge.load), not "
                                f"{type(puzzle).__name__}")
    puzzle.check()
    return cast(AnyPuzzle, puzzle)   # every PuzzleKind is one of KINDS


def written_formats() -> list[str]:
    """Every format some kind is written in."""
    return sorted({fmt for kind in KINDS.values() for fmt in kind.formats})

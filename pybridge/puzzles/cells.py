"""How values are spelled: shared by reading, writing and printing.  The spelling is the
engine's (words.pl's value_char/2), asked of it once (catalogue.py)."""
from __future__ import annotations

from typing import Iterable

from ..engine.catalogue import catalogue

MARK = -1  # in a grid printed as text: a cell to point at, shown as `*`


def values_text(values: Iterable[int]) -> str:
    """Values 0 (`.`) and up spelled one character each: a grid's cells as one line."""
    spelling = "." + catalogue().value_chars
    return "".join([spelling[v] for v in values])


def code_candidates(code: int) -> list[int]:
    """The candidates an empty cell's engine code holds (minus the bit set: bit V-1 for V),
    ascending; [] for a placed value or a cell that takes none."""
    return [v for v in range(1, (-code).bit_length() + 1) if -code >> (v - 1) & 1] if code < 0 else []


def value_char(value: int) -> str:
    """The one-character spelling of a value: 1-9, then A for 10 and so on; `.` for 0, `*` for MARK."""
    if value == MARK:
        return "*"
    return "." if value == 0 else catalogue().value_chars[value - 1]

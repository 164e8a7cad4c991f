"""Errors a person can act on: each names where the problem is and the rule broken."""
from __future__ import annotations


class PuzzlogError(Exception):
    """Base class of every error puzzlog raises on purpose."""


class PuzzleFormatError(PuzzlogError):
    """A puzzle text that cannot be read.

    The message names the source (file and line when known), the cell
    (``r3c4``) when there is one, and the rule that was broken.
    """

    def __init__(self, rule: str, source: str = "<text>", line: int | None = None,
                 cell: tuple[int, int] | None = None) -> None:
        self.rule = rule
        self.source = source
        self.line = line
        self.cell = cell
        super().__init__(self._message())

    def _message(self) -> str:
        where = self.source
        if self.line is not None:
            where += f", line {self.line}"
        if self.cell is not None:
            where += f", r{self.cell[0]}c{self.cell[1]}"
        return f"{where}: {self.rule}"


class EngineError(PuzzlogError):
    """The Prolog engine could not be started or answered unexpectedly."""

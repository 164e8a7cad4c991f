"""Errors a person can act on: each names where the problem is and the rule broken."""
from __future__ import annotations

from typing import Any


class PuzzlogError(Exception):
    """Base class of every error puzzlog raises on purpose."""


class ArgumentError(PuzzlogError, ValueError):
    """An argument a call cannot take (a count below 1, a level out of range, a technique
    set that does not exist): caught as PuzzlogError or as ValueError."""


class ArgumentTypeError(PuzzlogError, TypeError):
    """An argument of a type a call does not take (a number where a puzzle goes): caught as
    PuzzlogError or as TypeError."""


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

    def __reduce__(self) -> tuple[Any, ...]:
        # its parts, not its message: sent to a worker process and back, it says the same
        return type(self), (self.rule, self.source, self.line, self.cell)

    def _message(self) -> str:
        where = self.source
        if self.line is not None:
            where += f", line {self.line}"
        if self.cell is not None:
            where += f", r{self.cell[0]}c{self.cell[1]}"
        return f"{where}: {self.rule}"


class PuzzleFileNotFoundError(PuzzleFormatError, FileNotFoundError):
    """A puzzle file that does not exist (also a FileNotFoundError, whose ``filename`` it
    names); for a one-line text that looks like a file name and is no puzzle either, the
    message says both."""

    def __init__(self, rule: str, source: str = "<text>", line: int | None = None,
                 cell: tuple[int, int] | None = None) -> None:
        super().__init__(rule, source, line, cell)
        self.filename, self.errno, self.strerror = source, 2, rule   # ENOENT, as open() gives it

    def __str__(self) -> str:
        return self._message()


class RulesError(PuzzlogError):
    """A rules file of your own that the engine refused to load: the file, the line and the
    reason (a syntax error, a predicate defined nowhere, a clash with the engine's or Prolog's
    own names, a rule that changes the facts itself).  Nothing of the file was loaded."""

    def __init__(self, file: str, line: int, reason: str) -> None:
        self.file = file
        self.line = line
        self.reason = reason
        super().__init__(f"{file}:{line}: {reason}" if line else f"{file}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.file, self.line, self.reason)


class RuleStoppedError(PuzzlogError):
    """A rule of your own was stopped while it ran: by a time limit (a loop?), by the engine's
    stacks (endless recursion?) or because the step it gave is not one the engine applies."""


class EngineError(PuzzlogError):
    """The Prolog engine could not be started or answered unexpectedly."""


class FalseStepWarning(UserWarning):
    """A rule of your own gave a false step, which was left out (its words say which: "step 9:
    your rule smaller_of_two removed 6 from r2c2, but the solution has 6 there").  Results
    carry them too: Explanation.false_steps, Rating.false_steps, Result.notes."""

"""Checking a puzzle against its rules, and a player's grid against the puzzle.

For a setter: every rule the givens break (all of them), then whether the puzzle has no
solution, exactly one, or several (two shown, the cells where they differ marked).  For a
player: which entries break a rule, which contradict the solution (the solution itself
is not told), and how many cells are left.  The rules are the engine's
(prolog/analysis/puzzle_check.pl).

>>> import pybridge
>>> p = pybridge.load("puzzles/sudoku4.txt")[0]
>>> pybridge.check(p).status
'unique'
>>> report = pybridge.check(p, grid=[0, 0, 0, 0, 0, 0, 0, 1] + [0] * 8)
>>> report.complete, report.cells_left
(False, 11)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import html
import time
from dataclasses import dataclass, field

from ..engine import swipl
from ..puzzles.reading import one_puzzle
from ..puzzles.cells import MARK
from ..puzzles.entries import Grid, entries_text, read_entries, with_entries
from ..puzzles.picture import Marks, picture
from ..puzzles.latin import Unreadable
from ..puzzles.answers import chunks, limit_ms, plural, values_of
from ..puzzles.kinds import AnyPuzzle, Solvable, check_puzzle
from ..engine.errors import PuzzlogError
from .solver import engine_status, solve

Cell = tuple[int, int]


@dataclass
class Problem:
    """A broken rule: ``rule`` its name (clash, broken, region_size, ...), ``text`` in words,
    ``units`` and ``cells`` (row, col from 1) where it is broken."""

    rule: str
    text: str
    units: list[str] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "units": self.units, "cells": [list(c) for c in self.cells]}


def entry_problems(puzzle: AnyPuzzle, values: list[int]) -> list[Problem]:
    """The rules a player's entries (``values``, row-major, givens included, 0 blank) break
    with the givens, each naming at least one entry: the engine's rules, without solving."""
    [problems] = swipl.call("bridge_entry_problems", [puzzle.geometry(), puzzle.givens_text(),
                                                      entries_text(puzzle, values)], 1)
    return [_problem(p) for p in problems]


def _problem(item: list[Any]) -> Problem:
    rule, text, units, flat = item
    return Problem(str(rule), str(text), [str(u) for u in units], chunks(flat, 2))


STATUS_TEXT = {
    "invalid": "the puzzle breaks its rules",
    "unsolvable": "the puzzle has no solution",
    "unique": "the puzzle has exactly one solution",
    "multiple": "the puzzle has more than one solution",
    "timeout": "the time limit ran out before the solutions were counted",
}


CheckStatus = Literal["invalid", "unsolvable", "unique", "multiple", "timeout"]


@dataclass(repr=False)
class CheckReport:
    """What checking a puzzle (and a player's grid) found.

    ``status`` is invalid (``problems`` lists every rule the puzzle breaks), unsolvable,
    unique, multiple (``solutions`` holds two, differing at ``differences``) or timeout.
    With a grid: ``entry_problems`` are the rules the player's entries break, ``wrong``
    the entries that differ from the unique solution, ``cells_left`` the empty cells.
    """

    puzzle: AnyPuzzle | Unreadable
    status: CheckStatus
    problems: list[Problem] = field(default_factory=list)
    solutions: list[list[int]] = field(default_factory=list)
    grid: list[int] | None = None
    entry_problems: list[Problem] = field(default_factory=list)
    wrong: list[Cell] = field(default_factory=list)
    cells_left: int | None = None

    @property
    def differences(self) -> list[Cell]:
        """The cells where the two solutions shown differ."""
        if len(self.solutions) < 2:
            return []
        _, cols = self.puzzle.shape
        return [(i // cols + 1, i % cols + 1) for i, (a, b) in enumerate(zip(*self.solutions[:2])) if a != b]

    @property
    def complete(self) -> bool:
        """The grid is filled in, keeps every rule and is the puzzle's unique solution."""
        return (self.grid is not None and self.status == "unique" and not self.entry_problems
                and not self.wrong and self.cells_left == 0)

    @property
    def ok(self) -> bool:
        """Without a grid: the puzzle is sound (one solution); with one: ``complete``."""
        return self.complete if self.grid is not None else self.status == "unique"

    def lines(self) -> list[str]:
        out = [f"{STATUS_TEXT[self.status]}"
               + (f": {plural(len(self.problems), 'broken rule')}" if self.problems else "")]
        out += [f"  {p.text}" for p in self.problems]
        if self.grid is None:
            return out
        if self.entry_problems:
            out.append(f"the grid breaks {plural(len(self.entry_problems), 'rule')}:")
            out += [f"  {p.text}" for p in self.entry_problems]
        if self.wrong:
            cells = ", ".join(f"r{r}c{c}" for r, c in self.wrong)
            out.append(f"1 entry contradicts the solution: {cells}" if len(self.wrong) == 1
                       else f"{len(self.wrong)} entries contradict the solution: {cells}")
        if self.status == "unique" and not self.entry_problems and not self.wrong:
            out.append("every entry agrees with the solution")
        out.append("the grid is complete and correct" if self.complete
                   else f"{plural(self.cells_left or 0, 'cell')} left")
        return out

    def __repr__(self) -> str:
        extra = f", {plural(len(self.problems), 'problem')}" if self.problems else ""
        if self.grid is not None:
            extra += f", grid: {plural(len(self.entry_problems), 'rule')} broken, {len(self.wrong)} wrong, " \
                     f"{self.cells_left} left"
        return f"CheckReport({self.status}{extra})"

    def __str__(self) -> str:
        out = self.lines()
        if len(self.solutions) >= 2:
            first, second = self.solutions[:2]
            out.append(f"two solutions, and * where they differ ({plural(len(self.differences), 'cell')}: "
                       f"{', '.join(f'r{r}c{c}' for r, c in self.differences)}):")
            marked = [MARK if a != b else a for a, b in zip(first, second)]
            out.append(_side_by_side(*(self.puzzle.text_of(v) for v in (first, second, marked))))
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        p = self.puzzle
        data: dict[str, Any] = {"source": p.source, "index": p.index, "line": p.line, "kind": p.kind, "status": self.status,
                      "ok": self.ok, "problems": [x.to_json() for x in self.problems]}
        if self.solutions:
            _, cols = p.shape
            data["solutions"] = [[s[i:i + cols] for i in range(0, len(s), cols)] for s in self.solutions]
            data["differences"] = [list(c) for c in self.differences]
        if self.grid is not None:
            data.update(entry_problems=[x.to_json() for x in self.entry_problems],
                        wrong=[list(c) for c in self.wrong], cells_left=self.cells_left, complete=self.complete)
        return data

    def pictures(self) -> list[str]:
        """SVG pictures: the grid checked (cells of broken rules red, wrong entries orange),
        or the two solutions with their differences marked."""
        if isinstance(self.puzzle, Unreadable):
            return []
        if len(self.solutions) >= 2:
            marks = Marks(changed=set(self.differences))
            return [picture(self.puzzle, s, marks) for s in self.solutions[:2]]
        broken = {c for p in self.problems + self.entry_problems for c in p.cells}
        values = self.grid if self.grid is not None else self.puzzle.givens
        return [picture(self.puzzle, values, Marks(broken=broken, wrong=set(self.wrong)))]

    def _repr_html_(self) -> str:
        text = "<br>".join(html.escape(line) for line in self.lines())
        row = "".join(f'<div style="display:inline-block;margin-right:1em">{svg}</div>' for svg in self.pictures())
        return f"<p>{text}</p><div>{row}</div>"


def _side_by_side(*grids: str, gap: str = "     ") -> str:
    columns = [grid.splitlines() for grid in grids]
    widths = [max(len(line) for line in lines) for lines in columns]
    return "\n".join(gap.join(line.ljust(w) for line, w in zip(row, widths)).rstrip() for row in zip(*columns))


def check(puzzle: Solvable | str | Path, grid: Grid | None = None, time_limit: float | None = None) -> CheckReport:
    """Check ``puzzle``: every rule its givens break, then how many solutions it has (up to
    two).  With ``grid`` (the player's partly filled grid: a text, or a ``Path`` to a
    file, in the puzzle's own formats, or row-major values, 0 blank), also which entries
    break a rule, which contradict the unique solution, and how many cells are left.  ``time_limit`` bounds the
    counting of solutions (seconds).  Raises PuzzlogError for a grid that does not fit.
    """
    puzzle = one_puzzle(puzzle)
    if isinstance(puzzle, Unreadable):
        return CheckReport(puzzle, "invalid", [Problem("unreadable", str(puzzle.error))])
    puzzle = check_puzzle(puzzle)
    values = None if grid is None else read_entries(puzzle, grid)
    entries = "" if values is None else entries_text(puzzle, values)
    status, problems, solutions, entry_problems, wrong = swipl.call(
        "bridge_check", [puzzle.geometry(), puzzle.givens_text(), entries, limit_ms(time_limit)], 5)
    report = CheckReport(puzzle, engine_status(CheckStatus, status), [_problem(p) for p in problems],
                         [values_of(str(s)) for s in solutions])
    if values is not None:
        report.grid = values
        report.entry_problems = [_problem(p) for p in entry_problems]
        report.wrong = chunks(wrong, 2)
        report.cells_left = sum(1 for v, takes in zip(values, puzzle.takes_value()) if takes and not v)
    return report


@dataclass
class PossibleValues:
    """For a puzzle with several solutions: each cell's values over all its solutions (row-major;
    [] for a given or a black cell), and whether every (cell, value) pair was settled in time."""

    values: list[list[int]]
    complete: bool

    def to_json(self) -> dict[str, Any]:
        return {"values": self.values, "complete": self.complete}


def possible_values(puzzle: AnyPuzzle, time_limit: float = 3.0) -> PossibleValues | None:
    """Each open cell's values over all the solutions of ``puzzle`` (None when it has none, or none
    was found in time): a setter's view of a design that is not unique yet.  Each solution found
    settles a value for every cell at once; a (cell, value) pair no solution has shown yet is asked
    of the engine with the value placed, so the work is one solve a pair at most, within
    ``time_limit`` seconds."""
    puzzle = check_puzzle(puzzle)
    deadline = time.monotonic() + time_limit
    first = solve(puzzle, max_solutions=1, time_limit=time_limit)
    if first.status != "solved" or first.values is None:
        return None
    givens = puzzle.givens
    seen: list[set[int]] = [set() for _ in givens]
    open_cells = [i for i, (v, takes) in enumerate(zip(givens, puzzle.takes_value())) if takes and not v]

    def add(values: list[int]) -> None:
        for i in open_cells:
            seen[i].add(values[i])

    add(first.values)
    for i in open_cells:
        for v in range(1, puzzle.largest + 1):
            if v in seen[i]:
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                return PossibleValues([sorted(s) for s in seen], False)
            placed = list(givens)
            placed[i] = v
            try:
                found = solve(with_entries(puzzle, placed), max_solutions=1, time_limit=left)
            except PuzzlogError:
                continue  # the value breaks a rule with the givens
            if found.status == "solved" and found.values is not None:
                add(found.values)
    return PossibleValues([sorted(s) for s in seen], True)

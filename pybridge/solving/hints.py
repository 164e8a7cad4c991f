"""Hints: the next deduction from the givens or from a player's partly filled grid, at three
depths, after checking the player's entries against the solution.

>>> import pybridge
>>> p = pybridge.load("puzzles/sudoku9.txt")[5]
>>> print(pybridge.hint(p, level=1))
Look for: cross hatching.
>>> print(pybridge.hint(p, level=2))
Look for: cross hatching, in box 3.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from dataclasses import dataclass, field

from ..engine import swipl
from ..puzzles.reading import one_puzzle
from ..puzzles.entries import Grid, entries_text, read_entries, with_entries
from ..engine.errors import ArgumentError, PuzzleFormatError
from ..puzzles.latin import Unreadable
from ..puzzles.picture import Marks, picture
from ..puzzles.answers import chunks, limit_ms
from ..puzzles.kinds import Solvable, check_puzzle
from .solver import Position, Solver, Step, engine_status
from ..engine.rules import RulesArg, rule_paths
from .ladder import step_names


HintStatus = Literal["step", "mistake", "solved", "stuck", "contradiction", "timeout", "invalid"]


@dataclass
class Hint:
    """A hint: ``status`` is step (``text`` hints at ``step`` at ``level``), mistake (the
    player's entries in ``mistakes`` contradict the solution; nothing else is said), solved,
    stuck (no technique applies: a guess is needed), contradiction, timeout or invalid (the
    puzzle cannot be read or its givens break its rules: ``text`` says where)."""

    status: HintStatus
    level: int
    text: str
    step: Step | None = None
    mistakes: list[tuple[int, int, int]] = field(default_factory=list)
    position: Position | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        about = self.step.technique if self.step is not None else f"{len(self.mistakes)} mistakes" \
            if self.mistakes else ""
        return f"Hint({self.status}, level {self.level}{', ' + about if about else ''})"

    def picture(self) -> str | None:
        """The SVG picture of the position hinted from, lit up as deeply as the level says
        (a mistake's cells in orange); None for a hint with no position."""
        if self.position is None:
            return None
        marks = self.step.marks(self.level) if self.step is not None else Marks()
        marks.wrong = {(r, c) for r, c, _ in self.mistakes}
        return picture(self.position.puzzle, self.position.codes, marks)

    def _repr_svg_(self) -> str | None:
        return self.picture()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status, "level": self.level, "text": self.text,
                      "mistakes": [list(m) for m in self.mistakes]}
        if self.step is not None:
            step = self.step.to_json()
            data["technique"] = step["technique"]
            if self.level >= 2:  # where to look: the units' cells, and the cells the step rests on
                data.update(units=step["units"], cells=step["cells"],
                            area=[list(c) for c in self.step.unit_cells])
            if self.level >= 3:
                data.update(placements=step["placements"], eliminations=step["eliminations"])
        return data


def hint(puzzle: Solvable | str | Path, grid: Grid | None = None, level: int = 3,
         techniques: str | list[str] | None = None, time_limit: float | None = None,
         rules: RulesArg = None) -> Hint:
    """A hint at the next deduction from the givens, or from ``grid``: the player's partly
    filled grid (a text, or a ``Path`` to a file, in the puzzle's own formats, or row-major
    values, 0 blank).

    Level 1 names the technique, 2 also where to look, 3 gives the whole deduction.  If the
    grid holds an entry that contradicts the puzzle's solution, the hint names those cells
    and says nothing else.  ``time_limit`` (seconds) bounds the whole search: when it runs
    out the status is timeout.  ``rules`` files of your own add their techniques
    (pybridge.load_rules).  A puzzle that cannot be read, or whose givens break its rules,
    gets the status invalid, as from pybridge.solve.  Raises PuzzlogError for a grid that
    does not fit the puzzle.
    """
    puzzle = one_puzzle(puzzle)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise ArgumentError(f"the hint level is 1, 2 or 3, not {level!r}")
    if isinstance(puzzle, Unreadable):
        return Hint("invalid", level, str(puzzle.error))
    puzzle = check_puzzle(puzzle)
    if grid is None:
        try:
            solver = Solver(puzzle, techniques, rules=rules)
        except PuzzleFormatError as exc:
            return Hint("invalid", level, str(exc))
        codes, chosen = solver.codes, solver.techniques
        status, text, items = swipl.call(
            "bridge_hint", [puzzle.geometry(), codes, chosen, level, limit_ms(time_limit)], 3, rules=solver.rules)
    else:
        # The entries checked against the solution and the hint from them: one call, one
        # state set up for both questions (bridge.pl's bridge_hint_grid/11).
        position = with_entries(puzzle, read_entries(puzzle, grid))
        paths = rule_paths(rules)
        chosen = step_names(techniques, paths)
        status, text, items, wrong, codes = swipl.call(
            "bridge_hint_grid", [puzzle.geometry(), puzzle.givens_text(), entries_text(puzzle, position.givens),
                                 chosen, level, limit_ms(time_limit)], 5, rules=paths)
        if status == "invalid":
            return Hint("invalid", level, str(PuzzleFormatError(str(text), puzzle.source, puzzle.line)))
        mistakes = [(r, c, position.givens[(r - 1) * puzzle.shape[1] + c - 1]) for r, c in chunks(wrong, 2)]
        if mistakes:
            cells = ", ".join(f"r{r}c{c} = {v}" for r, c, v in mistakes)
            return Hint("mistake", level, f"{cells}: {'this contradicts' if len(mistakes) == 1 else 'these contradict'}"
                                          f" the solution; correct {'it' if len(mistakes) == 1 else 'them'} first",
                        mistakes=mistakes, position=Position(puzzle, position.givens))
    start = Position(puzzle, codes or Solver(puzzle).codes)  # the original puzzle: entries show as entries
    messages = {"solved": "The grid is complete and correct.",
                "stuck": "No technique applies here: a guess is needed.",
                "timeout": "The time limit ran out before a hint was found.",
                "contradiction": f"Contradiction: {text}."}
    if status == "step":
        step = Step.from_item(items[0])
        step.position = start
        return Hint("step", level, str(text), step, position=start)
    return Hint(engine_status(HintStatus, status), level, messages[str(status)], position=start)

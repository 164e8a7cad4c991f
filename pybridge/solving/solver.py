"""Solving from Python: in one call (solve), told step by step (explain), or by hand (Solver).

>>> import pybridge
>>> p = pybridge.load("puzzles/sudoku9.txt")[5]
>>> pybridge.solve(p)
Result(solved, sudoku 9x9, 1 solution, 2 guesses, ... ms)
>>> pybridge.explain(p)                          # the whole ladder: no guess
Explanation(solved, 66 steps, 0 guesses)
>>> pybridge.explain(p, techniques="subsets")    # nothing beyond triples: one guess
Explanation(solved, 81 steps, 1 guess)
>>> s = pybridge.Solver(p)
>>> s.run(), len(s.history), s
('solved', 66, Solver(sudoku 9x9, solved, 66 steps, 0 guesses open))
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, cast, get_args

import html
import json
import re
import time
import zlib
from dataclasses import dataclass, field

from ..engine import swipl
from ..puzzles.reading import one_puzzle
from ..puzzles.answers import StepItem, chunks, counts, flat, limit_ms, located, plural, values_of
from ..puzzles.kinds import AnyPuzzle, Solvable, check_puzzle
from ..puzzles.cells import code_candidates
from ..engine.arguments import whole
from ..engine.errors import EngineError, PuzzleFormatError, PuzzlogError
from ..puzzles.latin import Unreadable
from ..puzzles.picture import Marks, picture
from ..engine.rules import RuleSource, RulesArg, rule_behind, rule_paths, techniques_of
from .ladder import TECHNIQUE_SETS, names, step_names

MAX_STEPS = 100_000

SolveStatus = Literal["solved", "multiple", "unsolvable", "invalid", "timeout", "error"]
WalkStatus = Literal["solved", "multiple", "unsolvable", "invalid", "timeout", "limit", "error"]


def engine_status(statuses: Any, text: object) -> Any:
    """A status as the engine (or a batch's worker) says it, one of the Literal ``statuses``
    (EngineError if not): typed as the caller's field is."""
    value = str(text)
    if value not in get_args(statuses):
        raise EngineError(f"the engine answered with the status {value!r}, none of {', '.join(get_args(statuses))}")
    return value


def solve_status(text: object) -> SolveStatus:
    """A Result's status as the engine (or a batch's worker) says it."""
    return cast(SolveStatus, engine_status(SolveStatus, text))


def walk_status(text: object) -> WalkStatus:
    """An Explanation's status as the engine (or a batch's worker) says it."""
    return cast(WalkStatus, engine_status(WalkStatus, text))


@dataclass(repr=False)
class Result:
    """What solving a puzzle gave.

    ``status`` is one of solved, multiple, unsolvable, invalid, timeout, error
    (the engine ran out of memory).  ``values`` is the (first) solution,
    row-major, or None; ``solutions`` the number found (up to the limit asked
    for); ``techniques`` counts the techniques applied on the way to the
    solution; ``ms`` is wall time.  ``expected``, when the file gave a
    solution, tells whether puzzlog's agrees (``matches``).
    """

    puzzle: Solvable
    status: SolveStatus
    values: list[int] | None = None
    solutions: int = 0
    guesses: int = 0
    techniques: dict[str, int] = field(default_factory=dict)
    ms: float = 0.0
    error: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def grid(self) -> list[list[int]]:
        """Rows of ints: the solution, or the givens (as far as read), 0 for blanks and Kakuro's black cells."""
        _, cols = self.puzzle.shape
        values = self.values or self.puzzle.givens
        return [values[i:i + cols] for i in range(0, len(values), cols)] if cols else []

    @property
    def ok(self) -> bool:
        return self.status == "solved" and self.matches is not False

    @property
    def expected(self) -> list[int] | None:
        return getattr(self.puzzle, "solution", None)

    @property
    def matches(self) -> bool | None:
        """Whether the solution agrees with the one the file gave; None when it gave none."""
        if self.expected is None or self.values is None:
            return None
        return self.values == self.expected

    @property
    def error_cells(self) -> list[tuple[int, int]]:
        """The cells an invalid puzzle's error names (row, column), for showing them."""
        return [(int(r), int(c)) for r, c in re.findall(r"\br(\d+)c(\d+)\b", self.error or "")]

    def to_json(self) -> dict[str, Any]:
        data = {
            "source": self.puzzle.source, "index": self.puzzle.index, "line": self.puzzle.line,
            "kind": self.puzzle.kind, "status": self.status, "grid": self.grid, "solutions": self.solutions,
            "guesses": self.guesses, "techniques": self.techniques, "ms": round(self.ms, 3),
            "error": self.error, "notes": self.notes,
        }
        if self.matches is not None:
            data["matches_given_solution"] = self.matches
        return data

    def summary(self) -> str:
        """One line: the status, and how much work it took."""
        if self.error:
            return f"{self.status}: {self.error}"
        detail = f"{plural(self.guesses, 'guess')}, {self.ms:.1f} ms"
        if self.status == "multiple":
            text = f"multiple: more than one solution ({detail}); one of them:"
        else:
            text = f"{self.status} ({detail})"
        if self.matches is False:
            text += "; NOT the solution the file gives"
        return text

    def __repr__(self) -> str:
        kind = getattr(self.puzzle, "kind", "?")
        rows, cols = self.puzzle.shape
        return (f"Result({self.status}, {kind} {rows}x{cols}, {plural(self.solutions, 'solution')}, "
                f"{plural(self.guesses, 'guess')}, {self.ms:.1f} ms)")

    def __str__(self) -> str:
        head = self.summary()
        if self.values is None:
            return head
        return head + "\n" + self.puzzle.text_of(self.values)

    def picture(self) -> str | None:
        """The SVG picture of the solution (of the givens, when there is none; an invalid
        puzzle's broken cells marked); None for an unreadable puzzle."""
        if isinstance(self.puzzle, Unreadable):
            return None
        broken = set(self.error_cells) if self.status == "invalid" else set()
        return picture(self.puzzle, self.values or self.puzzle.givens, Marks(broken=broken))

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.summary())}</p>" + (self.picture() or "")


def solve(puzzle: Solvable | str | Path, max_solutions: int = 2, time_limit: float | None = None,
          techniques: str | list[str] | None = None, rules: RulesArg = None) -> Result:
    """Solve ``puzzle``, looking for up to ``max_solutions`` solutions.

    The default, 2, tells a unique puzzle (``solved``) from one with several
    (``multiple``), as the CLI does; 1 takes the first solution found and
    calls it ``solved``.  ``time_limit`` (seconds) bounds the whole search;
    ``techniques`` names the techniques tried before each guess, beyond
    singles: a set of TECHNIQUE_SETS or a list of technique names (default:
    the puzzle's default_techniques); ``rules`` files of your own (pybridge.load_rules) add theirs.
    """
    puzzle = one_puzzle(puzzle)
    if isinstance(puzzle, Unreadable):
        return Result(puzzle, "invalid", error=str(puzzle.error))
    puzzle = check_puzzle(puzzle)
    whole("max_solutions", max_solutions)
    paths = rule_paths(rules)
    chosen = names(techniques, puzzle.default_techniques, paths)
    bound_ms = limit_ms(time_limit)
    swipl.start()
    start = time.perf_counter()
    with swipl.false_steps() as false:
        status, solution, count, guesses, trace, error, notes = swipl.call(
            "bridge_solve", [puzzle.geometry(), puzzle.givens_text(), min(max_solutions, 2 ** 62), bound_ms, chosen],
            7, rules=paths)
    ms = (time.perf_counter() - start) * 1000
    return Result(puzzle, solve_status(status), values_of(solution) if solution else None, count, guesses,
                  counts(trace), ms, located(puzzle, error) if error else None,
                  [located(puzzle, str(n)) for n in notes] + [f"left out: {text}" for text in false])


@dataclass
class Position:
    """A puzzle with the engine's cell codes (Solver.codes): where a step started."""

    puzzle: AnyPuzzle
    codes: list[int]

    def after(self, step: Step) -> Position:
        """The position once ``step``'s eliminations and placements are made."""
        _, cols = self.puzzle.shape
        codes = list(self.codes)
        for r, c, v in step.eliminations:
            i = (r - 1) * cols + c - 1
            if codes[i] < 0:
                codes[i] = -(-codes[i] & ~(1 << (v - 1)))
        for r, c, v in step.placements:
            codes[(r - 1) * cols + c - 1] = v
        return Position(self.puzzle, codes)


@dataclass
class Step:
    """One item of a solve told step by step.

    ``kind`` is step (a deduction), guess, contradiction or backtrack (the
    guessed value removed, as it led to a contradiction); ``depth`` is how
    many guesses it rests on.  ``placements`` and ``eliminations`` are
    (row, col, value) triples, every candidate the step removed included;
    ``units`` (names such as "row 3") and ``cells`` ((row, col) pairs) are
    where the step looks; ``unit_cells`` are the cells of those units.
    ``position`` is where the step started (for its picture); ``rule``, once asked for
    (Solver.show_rules, explain's ``show_rules``), the clause of the technique's rule that
    found it.
    """

    technique: str
    text: str
    placements: list[tuple[int, int, int]]
    eliminations: list[tuple[int, int, int]]
    kind: str = "step"
    depth: int = 0
    units: list[str] = field(default_factory=list)
    cells: list[tuple[int, int]] = field(default_factory=list)
    position: Position | None = field(default=None, repr=False, compare=False)
    unit_cells: list[tuple[int, int]] = field(default_factory=list, repr=False, compare=False)
    rule: RuleSource | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        what = self.technique if self.kind == "step" else self.kind
        cells = ", ".join(f"r{r}c{c}={v}" for r, c, v in self.placements[:3]) + ("..." if len(self.placements) > 3 else "")
        parts = [f"places {cells}" if cells else "", f"removes {len(self.eliminations)}" if self.eliminations else ""]
        detail = ", ".join(p for p in parts if p)
        depth = f", depth {self.depth}" if self.depth else ""
        return f"Step({what}{': ' + detail if detail else ''}{depth})"

    def marks(self, level: int = 3) -> Marks:
        """What a picture of the step lights up: at level 2 the cells it looks at, at 3
        also the values it places and the candidates it removes."""
        if level < 2:
            return Marks()
        marks = Marks(area=set(self.unit_cells), focus=set(self.cells))
        if level >= 3:
            marks.placed, marks.struck = set(self.placements), set(self.eliminations)
        return marks

    def picture(self, level: int = 3) -> str | None:
        """The SVG picture of the position the step starts from, the step lit up (None when
        the step was made without a position)."""
        if self.position is None:
            return None
        return picture(self.position.puzzle, self.position.codes, self.marks(level))

    def _repr_svg_(self) -> str | None:
        return self.picture()

    @classmethod
    def from_item(cls, raw: list[Any]) -> Step:
        """The step an item of the bridge's walk (StepItem) tells."""
        item = StepItem._make(raw)
        return cls(str(item.technique), str(item.text), chunks(item.placed, 3), chunks(item.removed, 3),
                   str(item.kind), int(item.depth), [str(u) for u in item.units], chunks(item.cells, 2),
                   unit_cells=chunks(item.unit_cells, 2))

    def to_item(self) -> list[Any]:
        """The step as an item of the bridge's walk (from_item's inverse), for keeping."""
        return list(StepItem(self.kind, self.depth, self.technique, self.text, flat(self.placements),
                             flat(self.eliminations), list(self.units), flat(self.cells), flat(self.unit_cells)))

    def to_json(self) -> dict[str, Any]:
        """The step as JSON-ready data (with its rule, when it was asked for)."""
        data = {"kind": self.kind, "depth": self.depth, "technique": self.technique,
                "units": self.units, "cells": [list(c) for c in self.cells],
                "placements": [list(t) for t in self.placements],
                "eliminations": [list(t) for t in self.eliminations], "text": self.text}
        if self.rule is not None:
            data["rule"] = self.rule.to_json()
        return data


def packed_position(codes: list[int], before: list[Step]) -> bytes:
    """A position as a library's practice bank keeps it: its cell codes and the steps before
    it (the step itself is found again when it is served)."""
    data = {"codes": codes, "before": [b.to_item() for b in before]}
    return zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 6)


def _replay(puzzle: AnyPuzzle, codes: list[int], steps: list[Step]) -> None:
    """Give each step of a walk from ``codes`` the position it starts from: a guess keeps
    the position it was made in, and its backtrack goes back there."""
    position = Position(puzzle, codes)
    before_guess: list[Position] = []
    for step in steps:
        if step.kind == "backtrack" and step.depth < len(before_guess):
            position = before_guess[step.depth]
            del before_guess[step.depth:]
        step.position = position
        if step.kind == "guess":
            del before_guess[step.depth:]
            before_guess.append(position)
        position = position.after(step)


@dataclass(repr=False)
class Explanation:
    """A puzzle solved step by step: ``steps`` in order, ``status`` solved, multiple (the
    steps reach one of several solutions), unsolvable, invalid, timeout or limit
    (``max_steps`` ran out), ``values`` the grid where the steps end."""

    puzzle: Solvable
    status: WalkStatus
    steps: list[Step] = field(default_factory=list)
    values: list[int] | None = None
    error: str | None = None
    false_steps: list[str] = field(default_factory=list)   # of rules of your own, left out

    @property
    def guesses(self) -> int:
        return sum(1 for s in self.steps if s.kind == "guess")

    def first_positions(self) -> list[tuple[Step, list[Step]]]:
        """Each position where a technique is first the next step, before any guess (what
        follows a guess rests on it): the step and the steps before it.  A practice bank
        keeps these (pybridge.teaching.practice.harvest)."""
        found: dict[str, tuple[Step, list[Step]]] = {}
        before: list[Step] = []
        for step in self.steps:
            if step.kind != "step":
                break
            if step.technique not in found and step.position is not None:
                found[step.technique] = (step, list(before))
            before.append(step)
        return list(found.values())

    def packed_positions(self) -> list[tuple[str, bytes]]:
        """first_positions() as a bank keeps them, (technique, packed_position): what a
        batch's worker sends back for the process that keeps them (``puzzlog rate --db``)."""
        return [(step.technique, packed_position(step.position.codes, before))
                for step, before in self.first_positions() if step.position is not None]

    def lines(self) -> list[str]:
        """The steps numbered, indented by the guesses they rest on, each with its rule when
        it was asked for; then the false steps of rules of your own that were left out."""
        out = []
        for n, s in enumerate(self.steps, 1):
            out.append(f"{n:4}. {'    ' * s.depth}{s.text}")
            if s.rule is not None:
                out.extend(f"      {'    ' * s.depth}{line}" for line in s.rule.lines())
        if self.false_steps:
            out.append("steps of your rules left out:")
            out.extend(f"  {text}" for text in self.false_steps)
        return out

    def conclusion(self) -> str:
        return {
            "solved": f"solved in {plural(len(self.steps), 'step')}, {plural(self.guesses, 'guess')}; "
                      "the solution is unique",
            "multiple": "the puzzle has more than one solution: the steps reach one of them",
            "unsolvable": "the puzzle has no solution: every guess ends in a contradiction",
            "limit": f"stopped after {plural(len(self.steps), 'step')} (max_steps)",
            "timeout": "stopped: the time limit ran out",
        }.get(self.status, f"{self.status}: {self.error}")

    def __repr__(self) -> str:
        return f"Explanation({self.status}, {plural(len(self.steps), 'step')}, {plural(self.guesses, 'guess')})"

    def to_json(self) -> dict[str, Any]:
        """The explanation as data: each step numbered from 1, and the grid where the steps end
        (rows of ints, 0 for blanks) when they reach a solution."""
        _, cols = self.puzzle.shape
        grid = None
        if self.values is not None and self.status in ("solved", "multiple") and cols:
            grid = [self.values[i:i + cols] for i in range(0, len(self.values), cols)]
        return {"source": self.puzzle.source, "index": self.puzzle.index, "kind": self.puzzle.kind,
                "status": self.status, "conclusion": self.conclusion(), "guesses": self.guesses,
                "steps": [{"number": n, **s.to_json()} for n, s in enumerate(self.steps, 1)],
                "grid": grid, "error": self.error, "false_steps": list(self.false_steps)}

    def __str__(self) -> str:
        out = self.lines() + [self.conclusion()]
        if self.values is not None and self.status in ("solved", "multiple"):
            out.append(self.puzzle.text_of(self.values))
        return "\n".join(out)

    def picture(self) -> str | None:
        """The SVG picture of the grid where the steps end (the givens, when none was
        made); None for an unreadable puzzle."""
        if isinstance(self.puzzle, Unreadable):
            return None
        return picture(self.puzzle, self.values if self.values is not None else self.puzzle.givens)

    def _repr_html_(self) -> str:
        items = "".join(f'<li style="margin-left:{2 * s.depth}em">{html.escape(s.text)}</li>' for s in self.steps)
        return f"<ol>{items}</ol><p>{html.escape(self.conclusion())}</p>{self.picture() or ''}"


def explain(puzzle: Solvable | str | Path, techniques: str | list[str] | None = None, max_steps: int = MAX_STEPS,
            time_limit: float | None = None, rules: RulesArg = None,
            show_rules: bool | str | None = False) -> Explanation:
    """Solve ``puzzle`` one deduction at a time, simplest technique first, guessing
    (and backtracking from contradictions) when none applies: every step in words.

    ``techniques`` limits the deductions, as for Solver (default: the whole ladder); ``rules``
    files of your own add theirs (pybridge.load_rules); ``show_rules`` gives each deduction the
    clause of the rule that found it (Step.rule); ``max_steps`` and ``time_limit`` bound the work.
    """
    puzzle = one_puzzle(puzzle)
    if isinstance(puzzle, Unreadable):
        return Explanation(puzzle, "invalid", error=str(puzzle.error))
    try:
        solver = Solver(puzzle, techniques, rules=rules)
    except PuzzleFormatError as exc:
        return Explanation(puzzle, "invalid", error=str(exc))
    status = solver.run(max_steps=max_steps, time_limit=time_limit)
    if show_rules:
        solver.show_rules(everywhere=show_rules == "all")
    return Explanation(puzzle, walk_status(status), solver.history, solver.values if status in ("solved", "multiple") else None,
                       false_steps=list(solver.false_steps))


class Solver:
    """Solve a puzzle by hand, one deduction (or guess) at a time, for teaching and exploring.

    The state lives in Python between calls (one int a cell), so solvers never
    disturb each other or the engine; each method is one query, and every step
    taken (guesses, contradictions and backtracks included) is kept in
    ``history``.  Every cell starts with every value its units allow (a Kakuro
    cell with 1-9): what the rules remove shows as steps.  ``techniques`` are the
    ones step(), propagate() and run() try, simplest first: a list of names, or a
    set of TECHNIQUE_SETS with the singles and the kind's own rules (default: the
    whole ladder, pybridge.ladder()).  ``rules`` are rules files of your own
    (pybridge.load_rules): their techniques join the ladder at the rungs they declare.

    >>> s = Solver(pybridge.load("puzzles/sudoku4.txt")[0])
    >>> s.step()                    # the simplest deduction, applied
    Step(naked_single: places r2c4=1, removes 4)
    >>> print(s.history[-1])        # in words
    naked single: r2c4 can only be 1 (removes 1 from r2c2, r2c3, r4c4, r1c3)
    >>> s.candidates()[0][0]        # the remaining candidates of r1c1
    {1, 3}
    >>> s.run()                     # deduce, guess, backtrack to the end
    'solved'
    """

    def __init__(self, puzzle: AnyPuzzle, techniques: str | list[str] | None = None,
                 rules: RulesArg = None) -> None:
        if isinstance(puzzle, Unreadable):   # its reading error, not that it is no puzzle
            raise puzzle.error
        puzzle = check_puzzle(puzzle)
        self.puzzle = puzzle
        self.rules = rule_paths(rules)
        self.techniques = step_names(techniques, self.rules)
        status, codes, error = swipl.call("bridge_start", [puzzle.geometry(), puzzle.givens_text()], 3)
        if status != "ok":
            raise PuzzleFormatError(error, puzzle.source, puzzle.line)
        self.codes: list[int] = codes
        self._start = list(codes)
        self.history: list[Step] = []
        self.false_steps: list[str] = []     # a rule of your own's, left out (swipl.false_steps)
        self._guesses: list[tuple[list[int], int, int, int]] = []  # state before, and the guess

    def __repr__(self) -> str:
        rows, cols = self.puzzle.shape
        state = "solved" if self.solved else f"{sum(1 for c in self.codes if c < 0)} cells open"
        return (f"Solver({self.puzzle.kind} {rows}x{cols}, {state}, {plural(len(self.history), 'step')}, "
                f"{plural(self.guesses, 'guess')} open)")

    @property
    def guesses(self) -> int:
        """How many guesses the current state rests on."""
        return len(self._guesses)

    @property
    def values(self) -> list[int]:
        return [c if c > 0 else 0 for c in self.codes]

    @property
    def solved(self) -> bool:
        return all(c > 0 for c, v in zip(self.codes, self.puzzle.takes_value()) if v)

    def candidates(self) -> list[list[set[int]]]:
        """Per cell, the set of remaining candidates ({value} for a placed cell, empty for black)."""
        _, cols = self.puzzle.shape
        cells = [{c} if c > 0 else set(code_candidates(c)) for c in self.codes]
        return [cells[i:i + cols] for i in range(0, len(cells), cols)]

    def why(self, row: int, col: int, value: int) -> str:
        """Why the cell at ``row``, ``col`` (from 1) is not ``value``, or is: the step of
        ``history`` that removed or placed it (a step of a guess later taken back does not
        count), or that it is a given, or still a candidate.  The engine answers, from the
        moves of ``history``, as the shell's why/3 does from its own.

        >>> s = Solver(pybridge.load("puzzles/sudoku4.txt")[0])
        >>> _ = s.step()
        >>> s.why(2, 2, 1)
        'r2c2 is not 1: step 1, naked single: r2c4 can only be 1 (removes 1 from r2c2, r2c3, r4c4, r1c3)'
        """
        for name, number in (("row", row), ("col", col), ("value", value)):
            whole(name, number, 0)
        moves = [[step.kind, step.depth, step.text, flat(step.placements), flat(step.eliminations)]
                 for step in self.history]
        status, text = swipl.call("bridge_why", [self.puzzle.geometry(), self.codes, moves, row, col, value], 2)
        if status != "ok":
            raise PuzzlogError(str(text))
        return str(text)

    def _record(self, step: Step) -> Step:
        step.depth = self.guesses - (1 if step.kind == "guess" else 0)
        self.history.append(step)
        return step

    def _walk_call(self, name: str, args: list[Any], outputs: int) -> list[Any]:
        """A bridge call that takes steps with this solver's rules on the ladder; the false
        steps of those rules it left out join ``false_steps``."""
        with swipl.false_steps() as false:
            results = swipl.call(name, args, outputs, rules=self.rules)
        self.false_steps.extend(false)
        return results

    def show_rules(self, everywhere: bool = False) -> None:
        """Give each deduction of a rule of your own in ``history`` the clause that found it
        (Step.rule), found again in the position it started from; ``everywhere``: every
        deduction, the engine's techniques' too."""
        mine = set(techniques_of(self.rules))
        for step in self.history:
            if step.kind == "step" and step.rule is None and step.position is not None \
                    and (everywhere or step.technique in mine):
                step.rule = rule_behind(self.puzzle.geometry(), step.position.codes, step.technique, self.rules)

    def step(self) -> Step | None:
        """Apply the simplest deduction; None when solved or no technique applies.

        Raises PuzzlogError when the state is contradictory (after a bad guess:
        backtrack()).
        """
        _status, items, codes = self._walk_call(
            "bridge_steps", [self.puzzle.geometry(), self.codes, self.techniques, 1], 3)
        if not items:
            return None
        step = Step.from_item(items[0])
        if step.kind == "contradiction":
            raise PuzzlogError(f"contradiction: {step.text}")
        step.position = Position(self.puzzle, self.codes)
        self.codes = codes
        return self._record(step)

    def propagate(self, max_steps: int = MAX_STEPS) -> str:
        """Apply deductions until none applies; each is kept in ``history``.

        Returns solved, stalled, contradiction (the last step says why; the
        state is where it was found) or limit.
        """
        status, items, codes = self._walk_call(
            "bridge_steps", [self.puzzle.geometry(), self.codes, self.techniques, _whole(max_steps)], 3)
        steps = [Step.from_item(item) for item in items]
        _replay(self.puzzle, self.codes, steps)
        self.codes = codes
        for step in steps:
            self._record(step)
        return str(status)

    def guess(self) -> tuple[int, int, int] | None:
        """Place the first candidate of the cell with the fewest candidates; None when solved."""
        status, item, _values, codes = swipl.call("bridge_guess", [self.puzzle.geometry(), self.codes], 4)
        if status != "guess":
            return None
        step = Step.from_item(item)
        step.position = Position(self.puzzle, self.codes)
        r, c, v = step.placements[0]
        self._guesses.append((self.codes, r, c, v))
        self.codes = codes
        self._record(step)
        return r, c, v

    def backtrack(self) -> tuple[int, int, int] | None:
        """The latest guess led to a contradiction: go back to the state before it, without
        the guessed value.  Returns that guess (row, col, value); None when there was none.
        Raises PuzzlogError when the current state holds no contradiction yet."""
        if not self._guesses:
            return None
        before, r, c, v = self._guesses[-1]
        status, item, codes = swipl.call(
            "bridge_backtrack", [self.puzzle.geometry(), self.codes, before, r, c, v], 3)
        if status != "backtrack":
            raise PuzzlogError(f"no contradiction yet after the guess r{r}c{c} = {v}: step on, or guess again")
        self._guesses.pop()
        self.codes = codes
        step = Step.from_item(item)
        step.position = Position(self.puzzle, before)
        self._record(step)
        return r, c, v

    def undo(self) -> Step | None:
        """Take the latest item of ``history`` back (a step, a guess, a backtrack, one item
        of a run): the state is where the items before it left it, the guesses open those
        they rest on.  Returns it; None when there is nothing to take back.

        >>> s = Solver(pybridge.load("puzzles/sudoku4.txt")[0])
        >>> start = list(s.codes)
        >>> s.step(), s.undo(), s.codes == start, s.history
        (Step(naked_single: places r2c4=1, removes 4), Step(naked_single: places r2c4=1, removes 4), True, [])
        """
        if not self.history:
            return None
        step = self.history.pop()
        last = self.history[-1] if self.history else None
        self.codes = list(self._start) if last is None or last.position is None else last.position.after(last).codes
        opened: list[tuple[list[int], int, int, int]] = []
        for kept in self.history:   # the guesses open: as the history's depths say
            if kept.kind in ("guess", "backtrack"):
                del opened[kept.depth:]
            if kept.kind == "guess" and kept.position is not None:
                opened.append((kept.position.codes, *kept.placements[0]))
        self._guesses = opened
        return step

    def run(self, max_steps: int = MAX_STEPS, time_limit: float | None = None) -> str:
        """Deduce, guess and backtrack from the current state to a solution, every step
        kept in ``history``.  Returns solved (the solution is unique), multiple (the state
        is one of several solutions), unsolvable, limit (``max_steps`` ran out) or timeout."""
        status, items, codes, solutions = self._walk_call(
            "bridge_walk", [self.puzzle.geometry(), self.codes, self.techniques, _whole(max_steps),
                            limit_ms(time_limit)], 4)
        depth = self.guesses
        steps = [Step.from_item(item) for item in items]
        _replay(self.puzzle, self.codes, steps)
        for step in steps:
            step.depth += depth
            self.history.append(step)
        self.codes = codes
        if status == "solved":
            self._guesses.clear()
            return "multiple" if solutions > 1 else "solved"
        return str(status)

    def __str__(self) -> str:
        return self.puzzle.text_of(self.values)

    def picture(self) -> str:
        """The SVG picture of the current position: values, candidates, and the values the
        latest step placed lit up."""
        last = self.history[-1] if self.history else None
        marks = Marks(placed=set(last.placements)) if last and last.kind in ("step", "guess") else Marks()
        return picture(self.puzzle, self.codes, marks)

    def _repr_svg_(self) -> str:
        return self.picture()


def _whole(value: int) -> int:
    return min(whole("max_steps", value), 2 ** 62)


__all__ = ["Explanation", "Result", "Solver", "Step", "TECHNIQUE_SETS", "explain", "solve"]

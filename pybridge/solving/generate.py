"""Generating puzzles: new ones of a kind, each with exactly one solution, reproducible from a
seed, at the level (or with the hardest technique) asked for.

The engine does the work (prolog/generation/): a random solution, then givens and signs taken
away while the techniques up to the target still finish the puzzle (or, past the cheap rungs,
while it stays unique), then a rating that must match; an unreasonable 9x9 Sudoku, which that
loop seldom lands on, is a random form of one of a stock of such puzzles instead
(prolog/generation/hard_seeds.pl).  A Kakuro is a random symmetric layout
whose digits are changed until their run sums force them.  Puzzle i of a run uses seed + i, so
``--seed S+i --count 1`` makes it again.  The tries that land on another level are kept in a
stock (stock.py), from which a request with no seed is served at once.

>>> import pybridge
>>> [g] = pybridge.generate("sudoku", size=4, seed=7)
>>> g.level, pybridge.solve(g.puzzle).status
('trivial', 'solved')
"""
from __future__ import annotations

from typing import Any

import secrets
import time
from dataclasses import dataclass

from ..engine import swipl
from ..puzzles import formats
from ..engine.arguments import text, whole
from ..engine.errors import ArgumentTypeError, PuzzlogError
from ..puzzles.kind import PuzzleKind
from ..puzzles.kinds import AnyPuzzle, from_record
from ..puzzles.answers import limit_ms
from ..engine.limits import ATTEMPTS, TECHNIQUE_ATTEMPTS
from ..engine.catalogue import Listed
from ..puzzles.cells import values_text
from .stock import STOCK, Stock

GENERATED_KINDS = Listed(lambda c: tuple(c.generated))   # the kinds made by name (prolog/kinds/)
SYMMETRIES = Listed(lambda c: c.symmetries)


@dataclass
class Generated:
    """A generated puzzle, its solution (row-major values; 0 on a Kakuro's black cells), its
    rating and the seed that makes it (None for one from the stock, made on the way to
    another)."""

    puzzle: AnyPuzzle
    solution: list[int]
    level: str
    score: int
    hardest: str
    seed: int | None

    def text(self) -> str:
        """The puzzle in its kind's own format: a line for Sudoku kinds, the unequal format
        for Futoshiki, a grid when there are signs among boxes or for a Kakuro."""
        return formats.write([self.puzzle], self.puzzle.native_format).rstrip("\n")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.puzzle.kind, "puzzle": self.text(), "format": self.puzzle.native_format,
                "solution": values_text(self.solution), "level": self.level,
                "score": self.score, "hardest": self.hardest, "seed": self.seed}

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Generated({self.puzzle!r}, {self.level}, score {self.score}, hardest {self.hardest}, seed {self.seed})"

    def _repr_svg_(self) -> str:
        return self.puzzle.picture()


def generate(kind: str, size: int | tuple[int, int] | None = None, box: tuple[int, int] | None = None,
             count: int = 1, seed: int | None = 0, difficulty: str | None = None, technique: str | None = None,
             symmetry: str | None = None, time_limit: float | None = None,
             attempts: int | None = None, stock: Stock | None = STOCK, givens: int | None = None,
             start: str = "givens") -> list[Generated]:
    """``count`` new puzzles of ``kind`` (GENERATED_KINDS), each with exactly one solution.

    ``size`` is N (N x N) or, for a Kakuro, (rows, columns), its clue row and column
    included.  ``difficulty`` is a rating level (pybridge.LEVELS) and ``technique`` the
    hardest technique wanted; ``symmetry`` one of SYMMETRIES, which the givens (a Kakuro's
    layout) keep: by default none, and rot180 for a Kakuro.  ``givens`` is a Killer's number of
    givens (none by default, as published Killers have).  ``start`` is "givens", or with a
    technique "needed": the values the techniques easier than it place are givens too, so the
    puzzle starts where its rung is first needed (a lesson's exercise).  ``time_limit`` (seconds) bounds
    the whole run: the puzzles made by then are returned.  Raises PuzzlogError when what is
    asked cannot be had (no attempt of ``attempts`` gives it: by default ATTEMPTS, or
    TECHNIQUE_ATTEMPTS with a technique, which few random puzzles need).

    Puzzle i is made from ``seed`` + i, the same on every run.  With ``seed=None`` each comes
    from ``stock`` when it holds one of what is asked (kept there by earlier runs, which made
    it on their way to another level), else from a random seed.  Every run leaves what it
    made on the way in ``stock``.
    """
    whole("count", count)
    if seed is not None:
        whole("seed", seed, 0)
    if attempts is not None:
        whole("attempts", attempts)
    request = _request(kind, size, box, difficulty, technique, symmetry, givens, start)
    term, symmetry = request.term, request.symmetry
    if attempts is None:
        attempts = ATTEMPTS if technique is None else TECHNIQUE_ATTEMPTS
    deadline = None if time_limit is None else time.monotonic() + time_limit
    made: list[Generated] = []
    for i in range(count):
        if seed is None and stock is not None and start == "givens" and (found := stock.take(term, symmetry, difficulty, technique)):
            made.append(found)
            continue
        remaining = None if deadline is None else deadline - time.monotonic()
        if remaining is not None and remaining <= 0:
            break
        this_seed = secrets.randbelow(2 ** 62) if seed is None else seed + i
        options = [this_seed, difficulty or "", technique or "", symmetry, attempts, start]
        status, generated, misses = swipl.call(
            "bridge_generate", [term, options, limit_ms(remaining)], 3)
        if stock is not None:
            for miss in misses:
                stock.put(term, symmetry, _generated(miss, None, f"<generated on the way, seed {this_seed}>"))
        if status == "timeout":
            break
        if status != "generated":
            wanted = " and ".join(x for x in (difficulty and f"level {difficulty}",
                                               technique and f"hardest technique {technique}") if x) or "a puzzle"
            raise PuzzlogError(f"no {kind} of {request.shape} with {wanted} in {attempts} attempts (seed {this_seed})"
                               + request.why_not(difficulty))
        made.append(_generated(generated, this_seed, f"<generated seed {this_seed}>"))
    return made


def _generated(answer: list[Any], seed: int | None, source: str) -> Generated:
    """A Generated from the engine's [Record, Level, Score, Hardest, Solution]."""
    record, level, score, hardest, solution = answer
    puzzle = from_record(record, source)
    assert isinstance(puzzle, PuzzleKind)
    return Generated(puzzle, list(solution), str(level), int(score), str(hardest), seed)


@dataclass(frozen=True)
class _Request:
    """A request to generate as the engine's kind record reads it (bridge_generation_request/2):
    the generator's term, the symmetry kept, the shape in words, and the levels other than the
    usual ones that are rare at that shape, and why."""

    term: tuple[Any, ...]
    symmetry: str
    shape: str
    seldom: tuple[tuple[str, ...], str] | None

    def why_not(self, difficulty: str | None) -> str:
        if self.seldom is not None and difficulty is not None and difficulty not in self.seldom[0]:
            return f": {self.seldom[1]}"
        return ": it may not exist at this size, or be rare; try another seed, more attempts or a time limit"


def _request(kind: str, size: int | tuple[int, int] | None, box: tuple[int, int] | None,
             difficulty: str | None, technique: str | None, symmetry: str | None, givens: int | None,
             start: str) -> _Request:
    text("kind", kind)
    for name, value in (("difficulty", difficulty), ("technique", technique), ("symmetry", symmetry)):
        text(name, value, optional=True)
    text("start", start)
    if isinstance(size, tuple):
        size = (whole("size", size[0]), whole("size", size[1])) if len(size) == 2 else whole("size", size)
    elif size is not None:
        whole("size", size)
    if box is not None:
        if not isinstance(box, tuple) or len(box) != 2:
            raise ArgumentTypeError(f"box must be a (rows, columns) tuple, not {box!r}")
        box = (whole("box", box[0]), whole("box", box[1]))
    if givens is not None:
        whole("givens", givens, 0)
    request = [kind, "none" if size is None else list(size) if isinstance(size, tuple) else size,
               "none" if box is None else list(box), "none" if givens is None else givens,
               difficulty or "", technique or "", symmetry or "", start]
    [answer] = swipl.call("bridge_generation_request", [request], 1)
    if answer[0] == "error":
        raise PuzzlogError(str(answer[1]))
    _, term, kept, shape, seldom = answer
    return _Request(tuple(term), str(kept), str(shape),
                    (tuple(map(str, seldom[0])), str(seldom[1])) if seldom else None)


def check_generation(kind: str, size: int | tuple[int, int] | None = None, box: tuple[int, int] | None = None,
                     difficulty: str | None = None, technique: str | None = None,
                     symmetry: str | None = None, givens: int | None = None,
                     start: str = "givens") -> tuple[tuple[Any, ...], str]:
    """The engine's term for what generate() is asked, and the symmetry it keeps; raises
    PuzzlogError, saying why, for a request no seed can meet (the kind's record in
    prolog/kinds/ says which)."""
    request = _request(kind, size, box, difficulty, technique, symmetry, givens, start)
    return request.term, request.symmetry


__all__ = ["ATTEMPTS", "GENERATED_KINDS", "Generated", "SYMMETRIES", "TECHNIQUE_ATTEMPTS", "check_generation",
           "generate"]

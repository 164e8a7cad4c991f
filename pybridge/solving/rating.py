"""Rating: how hard a puzzle is for a person, the same words for every kind.

The engine solves the puzzle as a person would, always the simplest technique that applies
next (prolog/analysis/rating.pl, where the levels and weights are); the level is the
level of the hardest technique needed, the score weighs every step, the first use of a
technique more than its repeats.  docs/rating.md says how the levels were calibrated.

>>> import pybridge
>>> r = pybridge.rate(pybridge.load("puzzles/sudoku9.txt")[5])
>>> r.level, r.hardest
('extreme', 'finned_swordfish')
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import html
import time
from dataclasses import dataclass, field

from ..engine import swipl
from ..puzzles.reading import one_puzzle
from ..puzzles.latin import Unreadable
from ..puzzles.answers import RatingTerm, chunks, counts, limit_ms, located, plural
from ..puzzles.kinds import AnyPuzzle, Solvable, check_puzzle
from ..engine.rules import RulesArg, rule_paths
from .solver import engine_status
from ..engine.catalogue import Listed, catalogue

LEVELS = Listed(lambda c: c.levels)   # the engine's rating levels, easiest first


RatingStatus = Literal["rated", "multiple", "unsolvable", "invalid", "timeout", "error"]


@dataclass(repr=False)
class Rating:
    """A puzzle's rating.  ``status`` is rated, or multiple, unsolvable, invalid, timeout
    or error (then there is no level).  ``level`` is one of LEVELS; ``score`` grows with the
    weighted steps; ``hardest`` is the hardest technique needed (guess when the walk needed
    a guess), ``techniques`` how often each was used, ``steps`` the walk as (technique,
    size) pairs; ``features`` what else makes the kind hard (Kakuro cells and runs,
    Futoshiki sign density).  For a standard 9x9 Sudoku, the same walk read on the scales
    the puzzle community knows (prolog/analysis/outside_scales.pl): ``se`` the hardest
    step on Sudoku Explainer's scale (1.0 .. 9.5), ``hodoku_level`` and ``hodoku_score``
    HoDoKu's level (easy, medium, hard, unfair, extreme) and score; None elsewhere."""

    puzzle: AnyPuzzle | Unreadable
    status: RatingStatus
    level: str | None = None
    score: int = 0
    hardest: str | None = None
    techniques: dict[str, int] = field(default_factory=dict)
    guesses: int = 0
    steps: list[tuple[str, int]] = field(default_factory=list)
    features: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    ms: float = 0.0
    false_steps: list[str] = field(default_factory=list)   # of rules of your own, left out
    se: float | None = None
    hodoku_level: str | None = None
    hodoku_score: int | None = None
    harvested: list[tuple[str, bytes]] = field(default_factory=list)   # rate --db: practice positions found

    @property
    def ok(self) -> bool:
        return self.status == "rated"

    @property
    def valid(self) -> bool:
        """False when a rule of your own gave false steps: the walk left them out, so the
        level and score are not those of a sound ladder."""
        return not any(getattr(note, "kind", "false") == "false" for note in self.false_steps)

    @property
    def rank(self) -> int | None:
        """The level's place in LEVELS (0 trivial ... 5 unreasonable)."""
        return catalogue().levels.index(self.level) if self.level else None

    def summary(self) -> str:
        if not self.ok:
            messages = {"multiple": "not rated: the puzzle has more than one solution",
                        "unsolvable": "not rated: the puzzle has no solution",
                        "timeout": "not rated: the time limit ran out"}
            return messages.get(self.status, f"{self.status}: {self.error}")
        hardest = (self.hardest or "none").replace("_", " ")
        guesses = f", {plural(self.guesses, 'guess')}" if self.guesses else ""
        invalid = "not a valid rating: a rule of yours gave false steps; as walked, " if not self.valid else ""
        return f"{invalid}{self.level} (score {self.score}): hardest {hardest}{guesses}"

    def outside(self) -> str:
        """The reading on Sudoku Explainer's and HoDoKu's scales, or "" when there is none."""
        if self.se is None:
            return ""
        return f"on outside scales: SE {self.se:.1f}, HoDoKu {self.hodoku_level} (score {self.hodoku_score})"

    def __str__(self) -> str:
        out = [self.summary()]
        if self.ok and self.outside():
            out.append(self.outside())
        out.extend(f"left out: {text}" for text in self.false_steps)
        if self.techniques:
            out.append("techniques: " + ", ".join(f"{name.replace('_', ' ')} {count}"
                                                  for name, count in self.techniques.items()))
        if self.features:
            out.append("features: " + ", ".join(f"{name.replace('_', ' ')} {_number(v)}"
                                                for name, v in self.features.items()))
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"Rating({self.summary()})"

    def to_json(self) -> dict[str, Any]:
        p = self.puzzle
        return {"source": p.source, "index": p.index, "line": p.line, "kind": p.kind, "status": self.status,
                "level": self.level, "score": self.score, "hardest": self.hardest, "techniques": self.techniques,
                "guesses": self.guesses, "se": self.se, "hodoku_level": self.hodoku_level,
                "hodoku_score": self.hodoku_score, "features": self.features, "error": self.error, "ms": round(self.ms, 3),
                "valid": self.valid, "false_steps": list(self.false_steps)}

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(name.replace('_', ' '))}</td><td>{count}</td></tr>"
                       for name, count in self.techniques.items())
        table = f"<table>{rows}</table>" if rows else ""
        picture = "" if isinstance(self.puzzle, Unreadable) else self.puzzle.picture()
        outside = f"<p>{html.escape(self.outside())}</p>" if self.outside() else ""
        return f"<p><b>{html.escape(self.summary())}</b></p>{outside}{table}{picture}"


def rating_ladder(puzzle: AnyPuzzle) -> list[tuple[str, str]]:
    """The techniques a rating walk tries on ``puzzle``, in order, each with its level."""
    [ladder] = swipl.call("bridge_rating_ladder", [puzzle.geometry()], 1)
    return [(str(name), str(level)) for name, level in ladder]


def _number(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:.2f}"


def rate(puzzle: Solvable | str | Path, time_limit: float | None = None, rules: RulesArg = None) -> Rating:
    """Rate ``puzzle`` (see the module's text); ``time_limit`` bounds the work (seconds);
    ``rules`` files of your own put their techniques on the ladder (pybridge.load_rules)."""
    puzzle = one_puzzle(puzzle)
    if isinstance(puzzle, Unreadable):
        return Rating(puzzle, "invalid", error=str(puzzle.error))
    puzzle = check_puzzle(puzzle)
    paths = rule_paths(rules)
    start = time.perf_counter()
    with swipl.false_steps() as false:
        status, rating, steps, features, error = swipl.call(
            "bridge_rate", [puzzle.geometry(), puzzle.givens_text(), limit_ms(time_limit)], 5, rules=paths)
    ms = (time.perf_counter() - start) * 1000
    if status != "rated":
        return Rating(puzzle, engine_status(RatingStatus, status), error=located(puzzle, str(error)) if error else None, ms=ms,
                      false_steps=false)
    term = RatingTerm._make(rating)
    outside = isinstance(term.se, int)
    return Rating(puzzle, "rated", str(term.level), int(term.score), str(term.hardest), counts(term.uses),
                  int(term.guesses), [(str(name), int(count)) for name, count in chunks(steps, 2)],
                  {str(name): _feature(value) for name, value in features}, ms=ms, false_steps=false,
                  se=int(term.se) / 10 if outside else None,
                  hodoku_level=str(term.hodoku_level) if outside else None,
                  hodoku_score=int(term.hodoku_score) if outside else None)


def _feature(value: object) -> float | int:
    """A feature's value: a whole number stays one; the bridge may hand a float over as text."""
    return value if isinstance(value, int) else float(str(value))

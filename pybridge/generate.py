"""Generating puzzles: new ones of a kind, each with exactly one solution, reproducible from a
seed, at the level (or with the hardest technique) asked for.

The engine does the work (prolog/generation/): a random solution, then givens and signs taken
away while the techniques up to the target still finish the puzzle (or, past the cheap rungs,
while it stays unique), then a rating that must match.  A Kakuro is a random symmetric layout
whose digits are changed until their run sums force them.  Puzzle i of a run uses seed + i, so
``--seed S+i --count 1`` makes it again.  The tries that land on another level are kept in a
stock (stock.py), from which a request with no seed is served at once.

>>> import pybridge
>>> [g] = pybridge.generate("sudoku", size=4, seed=7)
>>> g.level, pybridge.solve(g.puzzle).status
('trivial', 'solved')
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from . import engine, formats
from .errors import PuzzlogError
from .kakuro import KakuroPuzzle
from .puzzle import Puzzle
from .samurai import SamuraiPuzzle
from .reading import from_record
from .answers import limit_ms
from .limits import ATTEMPTS, STARTS, TECHNIQUE_ATTEMPTS
from .catalogue import Listed, catalogue
from .cells import values_text
from .stock import STOCK, Stock
from .techniques import ladder

GENERATED_KINDS = Listed(lambda c: tuple(c.generated))   # the kinds made by name (generate:generated_kind/4)
SYMMETRIES = Listed(lambda c: c.symmetries)


@dataclass
class Generated:
    """A generated puzzle, its solution (row-major values; 0 on a Kakuro's black cells), its
    rating and the seed that makes it (None for one from the stock, made on the way to
    another)."""

    puzzle: Puzzle | KakuroPuzzle | SamuraiPuzzle
    solution: list[int]
    level: str
    score: int
    hardest: str
    seed: int | None

    def text(self) -> str:
        """The puzzle in its kind's own format: a line for Sudoku kinds, the unequal format
        for Futoshiki, a grid when there are signs among boxes or for a Kakuro."""
        return formats.write([self.puzzle], native_format(self.puzzle)).rstrip("\n")

    def to_json(self) -> dict:
        return {"kind": self.puzzle.kind, "puzzle": self.text(), "format": native_format(self.puzzle),
                "solution": values_text(self.solution), "level": self.level,
                "score": self.score, "hardest": self.hardest, "seed": self.seed}

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        return self.puzzle.picture()


def native_format(p: Puzzle | KakuroPuzzle | SamuraiPuzzle) -> str:
    if isinstance(p, KakuroPuzzle):
        return "grid"
    if isinstance(p, SamuraiPuzzle):
        return "samurai"
    if p.cages is not None:
        return "killer"
    if not p.boxed:
        return "unequal"
    return "grid" if p.has_signs else "line"


def _kind_term(kind: str, size: int | tuple[int, int] | None, box: tuple[int, int] | None,
               givens: int | None = None) -> tuple:
    known = catalogue().generated
    if kind not in known:
        raise PuzzlogError(f"puzzlog generates {', '.join(known)}; not {kind!r}")
    made = known[kind]
    if givens is not None and kind != "killer":
        raise PuzzlogError(f"a number of givens is asked of a Killer only: a {kind} keeps those it needs")
    if kind == "samurai":
        grids = size if isinstance(size, int) else made.default_size
        if grids not in (2, 3, 5) or box is not None or isinstance(size, tuple):
            raise PuzzlogError("a Samurai is made of 5 grids (the standard one), 3 or 2: give that as its size")
        return ("samurai", grids)
    if kind == "killer":
        if isinstance(size, tuple):
            raise PuzzlogError("a Killer is square: give one size")
        rows, cols = _boxes(size or made.default_size, box)
        n = rows * cols
        if givens is not None and not 0 <= givens <= n * n:
            raise PuzzlogError(f"a {n}x{n} Killer has 0 to {n * n} givens, not {givens}")
        return ("killer", rows, cols, givens or 0)
    if kind == "kakuro":
        if box is not None:
            raise PuzzlogError("a Kakuro has no boxes: give its size (N, or rows and columns)")
        rows, cols = size if isinstance(size, tuple) else (size or made.default_size, size or made.default_size)
        low, high = made.sizes or (0, 0)
        if not (low <= rows <= high and low <= cols <= high):
            raise PuzzlogError(f"a Kakuro is generated from {low}x{low} to {high}x{high} (the clue row and "
                               f"column included), not {rows}x{cols}")
        return ("kakuro", rows, cols)
    if isinstance(size, tuple):
        raise PuzzlogError(f"a {kind} is square: give one size")
    if made.sizes is None:
        rows, cols = _boxes(size or made.default_size, box)
        return (kind.replace("-", "_"), rows, cols)
    n = size or made.default_size
    low, high = made.sizes
    if not low <= n <= high:
        raise PuzzlogError(f"a {kind} is generated from {low}x{low} to {high}x{high}, not {n}x{n}")
    return (kind.replace("-", "_"), n)


def _boxes(n: int, box: tuple[int, int] | None) -> tuple[int, int]:
    """The boxes of a boxed kind's grid: the standard ones of size ``n``, or ``box``."""
    shapes = catalogue().box_shapes
    if box is None:
        if n not in shapes:
            raise PuzzlogError(f"a {n}x{n} Sudoku has no standard boxes; sizes: "
                               f"{', '.join(map(str, shapes))}, or give --box RxC")
        box = shapes[n]
    rows, cols = box
    standard = shapes.get(rows * cols)
    if standard is None:
        raise PuzzlogError(f"boxes of {rows}x{cols} make no supported Sudoku")
    if (rows, cols) != standard:
        raise PuzzlogError(f"a {rows * cols}x{rows * cols} Sudoku's boxes are {standard[0]}x{standard[1]} "
                           f"({standard[0]} rows, {standard[1]} columns), as the formats read them")
    return rows, cols


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
    term, symmetry = check_generation(kind, size, box, difficulty, technique, symmetry, givens, start)
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
        options = [this_seed, difficulty or "", technique or "", symmetry, attempts, "" if start == "givens" else start]
        status, generated, misses = engine.call(
            "bridge_generate", [term, options, limit_ms(remaining) if remaining else 0], 3)
        if stock is not None:
            for miss in misses:
                stock.put(term, symmetry, _generated(miss, None, f"<generated on the way, seed {this_seed}>"))
        if status == "timeout":
            break
        if status != "generated":
            wanted = " and ".join(x for x in (difficulty and f"level {difficulty}",
                                               technique and f"hardest technique {technique}") if x) or "a puzzle"
            raise PuzzlogError(f"no {kind} of {_shape(term)} with {wanted} in {attempts} attempts (seed {this_seed})"
                               + _why_not(term, difficulty))
        made.append(_generated(generated, this_seed, f"<generated seed {this_seed}>"))
    return made


def _generated(answer: list, seed: int | None, source: str) -> Generated:
    """A Generated from the engine's [Record, Level, Score, Hardest, Solution]."""
    record, level, score, hardest, solution = answer
    puzzle = from_record(record, source)
    assert isinstance(puzzle, (Puzzle, KakuroPuzzle, SamuraiPuzzle))
    return Generated(puzzle, list(solution), str(level), int(score), str(hardest), seed)


def check_generation(kind: str, size: int | tuple[int, int] | None = None, box: tuple[int, int] | None = None,
                     difficulty: str | None = None, technique: str | None = None,
                     symmetry: str | None = None, givens: int | None = None,
                     start: str = "givens") -> tuple[tuple, str]:
    """The engine's term for what generate() is asked, and the symmetry it keeps; raises
    PuzzlogError, saying why, for a request no seed can meet."""
    term = _kind_term(kind, size, box, givens)
    if symmetry is None:
        symmetry = "rot180" if kind == "kakuro" else "none"
    levels = catalogue().levels
    if difficulty is not None and difficulty not in levels:
        raise PuzzlogError(f"unknown difficulty {difficulty!r} (levels: {', '.join(levels)})")
    if technique is not None and technique not in [name for name, _ in ladder()]:
        raise PuzzlogError(f"unknown technique {technique!r} (`puzzlog techniques` lists them)")
    if start not in STARTS:
        raise PuzzlogError(f"unknown start {start!r} (starts: {', '.join(STARTS)})")
    if start == "needed" and (technique is None or kind == "kakuro"):
        raise PuzzlogError("a puzzle starts where a technique is needed only with a technique (--technique), "
                           "and not a Kakuro (it has no givens)")
    symmetries = catalogue().symmetries
    if symmetry not in symmetries:
        raise PuzzlogError(f"unknown symmetry {symmetry!r} (known: {', '.join(symmetries)})")
    if kind in ("killer", "samurai") and symmetry != "none":
        raise PuzzlogError(f"a {kind.capitalize()} is made without a symmetry: it keeps none")
    if kind == "kakuro" and symmetry in ("rot90", "diagonal") and term[1] != term[2]:
        raise PuzzlogError(f"a {term[1]}x{term[2]} Kakuro layout cannot keep {symmetry}: that needs a square")
    return term, symmetry


def _shape(term: tuple) -> str:
    if term[0] == "samurai":
        return f"{term[1]} grids"
    if term[0] == "kakuro":
        return f"{term[1]}x{term[2]}"
    if len(term) >= 3:
        n = term[1] * term[2]
        return f"{n}x{n}"
    return f"{term[1]}x{term[1]}"


def _why_not(term: tuple, difficulty: str | None) -> str:
    if term[0] == "kakuro" and difficulty not in (None, "intermediate"):
        return (": a Kakuro's digits are changed until the sum rules force them, so most come out "
                "intermediate; other levels are rare (try more attempts or a time limit)")
    if term[0] == "sudoku" and term[1:] == (2, 2) and difficulty not in (None, "trivial"):
        return ": 4x4 Sudoku are trivial in practice (Simon Tatham's Solo makes no other)"
    return ": it may not exist at this size, or be rare; try another seed, more attempts or a time limit"


__all__ = ["ATTEMPTS", "GENERATED_KINDS", "Generated", "SYMMETRIES", "TECHNIQUE_ATTEMPTS", "check_generation",
           "generate"]

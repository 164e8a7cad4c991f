"""Solving from Python: one call (solve), or step by step (Solver)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from . import engine, formats, kakuro
from .errors import PuzzleFormatError, PuzzlogError
from .kakuro import KakuroPuzzle
from .puzzle import VALUE_CHARS, Puzzle

AnyPuzzle = Puzzle | KakuroPuzzle

CELL_TEXT = set(".0123456789 \t" + VALUE_CHARS + VALUE_CHARS.lower())
TECHNIQUE_SETS = {
    "singles": [],
    "basic": ["pointing", "box_line"],
    "pairs": ["pointing", "box_line", "naked_pair", "hidden_pair"],
    "all": ["pointing", "box_line", "naked_pair", "hidden_pair", "naked_triple", "hidden_triple"],
}


def default_techniques(puzzle: AnyPuzzle) -> str:
    """The fastest set for the puzzle's kind, as bench/ measures: boxes make
    intersections and pairs pay for themselves; Futoshiki's signs and Kakuro's
    sums already prune most of what they would find."""
    return "singles" if puzzle.kind in ("futoshiki", "kakuro") else "pairs"


def load(path_or_text: str | Path, kind: str | None = None, fmt: str | None = None) -> list[AnyPuzzle]:
    """Every puzzle in a file (a Path, or a str naming an existing file) or in a text.

    A Kakuro pair of matrix files is named by either file or by the common
    stem (``puzzles/kakuro/thesis`` for ``thesis_down.txt`` + ``thesis_right.txt``).
    """
    if isinstance(path_or_text, Path) or _looks_like_path(path_or_text):
        path = Path(path_or_text)
        pair = kakuro.matrix_files(path)
        if pair and pair[0].exists() and (kind in (None, "kakuro")) and fmt in (None, "matrices"):
            return kakuro.load_matrix_files(*pair)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise PuzzleFormatError("no such file", str(path)) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise PuzzleFormatError(f"cannot read the file: {exc}", str(path)) from None
        return formats.parse(text, str(path), kind, fmt)
    return formats.parse(path_or_text, "<text>", kind, fmt)


def _looks_like_path(text: str) -> bool:
    """A one-line str that is not a puzzle is taken for a file name."""
    if "\n" in text or not text.strip():
        return False
    line = text.strip()
    if formats.detect_format(line) in ("solo", "unequal", "line"):
        return False
    return not set(line) <= CELL_TEXT


def _values(atom: str) -> list[int]:
    return [0 if ch == "." else VALUE_CHARS.index(ch) + 1 for ch in atom]


def _counts(flat: list) -> dict[str, int]:
    return {str(flat[i]): int(flat[i + 1]) for i in range(0, len(flat), 2)}


@dataclass
class Result:
    """What solving a puzzle gave.

    ``status`` is one of solved, multiple, unsolvable, invalid, timeout.
    ``values`` is the (first) solution, row-major, or None; ``solutions``
    the number found (up to the limit asked for); ``techniques`` counts the
    techniques applied on the way to the solution; ``ms`` is wall time.
    """

    puzzle: AnyPuzzle
    status: str
    values: list[int] | None = None
    solutions: int = 0
    guesses: int = 0
    techniques: dict[str, int] = field(default_factory=dict)
    ms: float = 0.0
    error: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def grid(self) -> list[list[int]]:
        """Rows of ints: the solution, or the givens, 0 for blanks (and Kakuro's black cells)."""
        _, cols = self.puzzle.shape
        values = self.values or self.puzzle.givens
        return [values[i:i + cols] for i in range(0, len(values), cols)]

    @property
    def ok(self) -> bool:
        return self.status == "solved"

    def to_json(self) -> dict:
        data = {
            "source": self.puzzle.source, "index": self.puzzle.index, "kind": self.puzzle.kind,
            "status": self.status, "grid": self.grid, "solutions": self.solutions,
            "guesses": self.guesses, "techniques": self.techniques, "ms": round(self.ms, 3),
        }
        if self.puzzle.line is not None:
            data["line"] = self.puzzle.line
        if self.error:
            data["error"] = self.error
        if self.notes:
            data["notes"] = self.notes
        return data

    def __str__(self) -> str:
        head = f"{self.status}"
        if self.error:
            head += f": {self.error}"
        if self.values is None:
            return head
        return head + "\n" + self.puzzle.text_of(self.values)

    def _repr_html_(self) -> str:
        caption = f"<p>{self.status}, {self.guesses} guesses, {self.ms:.1f} ms</p>"
        return caption + self.puzzle.html_of(self.values or self.puzzle.givens)


def solve(puzzle: AnyPuzzle, max_solutions: int = 1, time_limit: float | None = None,
          techniques: str | list[str] | None = None) -> Result:
    """Solve ``puzzle``, looking for up to ``max_solutions`` solutions (2 tells unique from not).

    ``time_limit`` (seconds) bounds the whole search; ``techniques`` names the
    techniques tried before each guess, beyond singles: a set from
    TECHNIQUE_SETS or a list of technique names (default: default_techniques).
    """
    if max_solutions < 1:
        raise ValueError("max_solutions must be at least 1")
    if techniques is None:
        techniques = default_techniques(puzzle)
    names = TECHNIQUE_SETS[techniques] if isinstance(techniques, str) else list(techniques)
    limit_ms = 0 if time_limit is None else max(1, int(time_limit * 1000))
    engine.start()
    start = time.perf_counter()
    status, solution, count, guesses, trace, error, notes = engine.call(
        "bridge_solve", [puzzle.geometry(), puzzle.givens_text(), max_solutions, limit_ms, names], 7)
    ms = (time.perf_counter() - start) * 1000
    return Result(puzzle, status, _values(solution) if solution else None, count, guesses,
                  _counts(trace), ms, _located(puzzle, error) if error else None,
                  [_located(puzzle, str(n)) for n in notes])


def _located(puzzle: AnyPuzzle, error: str) -> str:
    where = puzzle.source if puzzle.line is None else f"{puzzle.source}, line {puzzle.line}"
    return f"{where}: {error}"


@dataclass
class Step:
    """One deduction: its technique, a sentence, what it placed and removed (row, col, value)."""

    technique: str
    text: str
    placements: list[tuple[int, int, int]]
    eliminations: list[tuple[int, int, int]]

    def __str__(self) -> str:
        return self.text


def _triples(flat: list[int]) -> list[tuple[int, int, int]]:
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


class Solver:
    """Solve a puzzle one deduction at a time, for teaching and exploring.

    The state lives in Python between calls (one int a cell), so solvers
    never disturb each other or the engine; each method is one query.

    >>> s = Solver(puzzle)          # doctest: +SKIP
    >>> s.step()                    # the simplest deduction, applied
    >>> s.candidates()[0][0]        # remaining candidates of r1c1
    >>> s.run()                     # propagate, guess, backtrack to the end
    """

    def __init__(self, puzzle: AnyPuzzle, techniques: list[str] | None = None) -> None:
        self.puzzle = puzzle
        self.techniques = techniques or []
        status, codes, error = engine.call("bridge_start", [puzzle.geometry(), puzzle.givens_text()], 3)
        if status != "ok":
            raise PuzzleFormatError(error, puzzle.source, puzzle.line)
        self.codes: list[int] = codes
        self.history: list[Step] = []
        self.guesses = 0
        self._choices: list[tuple[list[int], int, int, list[int]]] = []

    @property
    def values(self) -> list[int]:
        return [c if c > 0 else 0 for c in self.codes]

    @property
    def solved(self) -> bool:
        return all(c > 0 for c, v in zip(self.codes, self._takes_value()) if v)

    def _takes_value(self) -> list[bool]:
        if isinstance(self.puzzle, KakuroPuzzle):
            return [isinstance(c, int) for row in self.puzzle.cells for c in row]
        return [True] * len(self.codes)

    def candidates(self) -> list[list[set[int]]]:
        """Per cell, the set of remaining candidates ({value} for a placed cell, empty for black)."""
        _, cols = self.puzzle.shape
        cells = [{c} if c > 0 else {v for v in range(1, (-c).bit_length() + 1) if -c >> (v - 1) & 1}
                 for c in self.codes]
        return [cells[i:i + cols] for i in range(0, len(cells), cols)]

    def step(self) -> Step | None:
        """Apply the simplest deduction; None when solved or no technique applies.

        Raises PuzzlogError when the state is contradictory (after a bad guess).
        """
        status, codes, technique, text, placed, removed = engine.call(
            "bridge_step", [self.puzzle.geometry(), self.codes, self.techniques], 6)
        if status == "contradiction":
            raise PuzzlogError(f"contradiction: {text}")
        if status != "step":
            return None
        self.codes = codes
        step = Step(technique, text, _triples(placed), _triples(removed))
        self.history.append(step)
        return step

    def propagate(self) -> str:
        """Apply singles (and this solver's techniques) until none fires.

        Returns solved, stalled or contradiction; on contradiction the state is unchanged.
        """
        status, codes, _trace = engine.call(
            "bridge_propagate", [self.puzzle.geometry(), self.codes, self.techniques], 3)
        if status != "contradiction":
            self.codes = codes
        return status

    def guess(self) -> tuple[int, int, int] | None:
        """Place the first candidate of the cell with fewest candidates; remember the others."""
        r, c, values = engine.call("bridge_choose", [self.puzzle.geometry(), self.codes], 3)
        if r == 0:
            return None
        self._choices.append((self.codes, r, c, values[1:]))
        self._place(r, c, values[0])
        return r, c, values[0]

    def backtrack(self) -> tuple[int, int, int] | None:
        """Undo to the latest guess and try its next candidate; None when none is left."""
        while self._choices:
            codes, r, c, rest = self._choices.pop()
            if rest:
                self._choices.append((codes, r, c, rest[1:]))
                self.codes = codes
                self._place(r, c, rest[0])
                return r, c, rest[0]
        return None

    def _place(self, r: int, c: int, v: int) -> None:
        status, codes = engine.call("bridge_assign", [self.puzzle.geometry(), self.codes, r, c, v], 2)
        if status != "ok":
            raise PuzzlogError(f"r{r}c{c} cannot take {v}")
        self.codes = codes
        self.guesses += 1

    def run(self, max_guesses: int = 100_000) -> str:
        """Propagate, guess and backtrack until solved; returns solved or unsolvable."""
        while True:
            status = self.propagate()
            if status == "solved":
                return "solved"
            if status == "stalled":
                if self.guesses >= max_guesses:
                    raise PuzzlogError(f"gave up after {max_guesses} guesses")
                self.guess()
                continue
            if self.backtrack() is None:
                return "unsolvable"

    def __str__(self) -> str:
        return self.puzzle.text_of(self.values)

    def _repr_html_(self) -> str:
        return self.puzzle.html_of(self.values)

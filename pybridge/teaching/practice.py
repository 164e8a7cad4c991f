"""Practice: positions where a technique is the next step, and a learner's answer checked.

A learner practises a technique where it is the next move: no easier technique of the ladder
applies and it does.  Any puzzle's deduction walk passes through such positions, so they are
found by walking puzzles (the engine's prolog/analysis/practice.pl), in this order:

1. the bank of a library (``library``: its ``practice`` table, filled by earlier runs);
2. the bank shipped with puzzlog (``puzzles/practice/KIND.jsonl``, made by
   ``bench/practice_bank.py``: puzzles of puzzlog's own generator, each with the techniques
   its walk meets);
3. new puzzles from the generator, walked as they are made (and their positions of every
   technique kept in the library's bank, when there is one).

An explanation of the whole ladder fills a library's bank too (harvest(); ``puzzlog explain
--db PATH``), and so does a batch of ratings when asked (``puzzlog rate FILES --db PATH``: each
worker explains its puzzles too, and this process keeps what they found).

The shipped bank keeps puzzles, and each position is found by walking its puzzle with today's
ladder.  A library's bank keeps with each puzzle the position once found (the steps before it
and the candidates), so that it is served without a walk; it is served only when the engine
finds the technique next there again, so a changed ladder never serves a stale one (that
position is forgotten and the puzzle walked again).

>>> import pybridge
>>> [p] = pybridge.practice("x_wing", count=1)
>>> p.technique, p.step.technique
('x_wing', 'x_wing')
>>> p.check(p.step.eliminations).verdict
'right'
"""
from __future__ import annotations

import json
import multiprocessing
import random
import re
import time
import zlib
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Generator, Iterable, Literal

from ..batches.work import cores
from ..engine import swipl
from ..engine.bundled import ROOT
from ..engine.errors import ArgumentError, PuzzlogError
from ..puzzles import formats
from ..puzzles.answers import limit_ms
from ..puzzles.kinds import AnyPuzzle
from ..puzzles.latin import Unreadable
from ..puzzles.picture import picture
from ..puzzles.position_text import position_text
from ..puzzles.reading import parse
from ..engine.rules import RulesArg, rule_paths
from ..solving.ladder import UnknownTechniqueError, ladder
from ..solving.solver import Position, Solver, Step, packed_position

BANK = ROOT / "puzzles" / "practice"
PRACTICE_KINDS = ("sudoku", "killer", "kakuro", "futoshiki")   # the kinds a bank ships for
TIME_LIMIT = 60.0          # seconds, for a practice() call that gives none
WALK_SECONDS = 10.0        # at most, for one puzzle's walk
Verdict = Literal["right", "partial", "wrong", "none"]
Change = tuple[str, int, int, int]   # ("p", row, col, value) placed, ("r", row, col, value) removed


class PracticeError(PuzzlogError):
    """No practice position could be had as asked (the technique never fires in the kind, or
    none was found in the time given)."""


@dataclass(frozen=True)
class BankPuzzle:
    """A puzzle of a bank and the techniques its deduction walk meets (easiest first)."""

    kind: str
    text: str
    level: str
    techniques: tuple[str, ...]
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "puzzle": self.text, "level": self.level,
                "techniques": list(self.techniques), "seed": self.seed}


@dataclass
class AnswerCheck:
    """A learner's answer judged: ``verdict`` is right (what one deduction of the technique
    makes), partial (all of it true of one deduction, which makes ``missing`` as well),
    wrong (the nearest deduction makes none of ``extra``) or none (the technique has no
    deduction in the position)."""

    verdict: Verdict
    extra: list[Change] = field(default_factory=list)
    missing: list[Change] = field(default_factory=list)

    @property
    def right(self) -> bool:
        return self.verdict == "right"

    def __str__(self) -> str:
        if self.verdict == "right":
            return "Right: that is the step."
        if self.verdict == "none":
            return "The technique makes no step here."
        if self.verdict == "partial":
            return f"Right so far: the step also makes {changes_text(self.missing)}."
        return f"Not this step: the technique does not make {changes_text(self.extra)}."

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "text": str(self), "extra": [list(c) for c in self.extra],
                "missing": [list(c) for c in self.missing]}


@dataclass
class PracticePosition:
    """A position where ``technique`` is the next step of the ladder: ``puzzle``, the steps
    ``before`` it from the givens (replay() makes them again), the ``position`` (with its
    candidates) and the ``step`` expected.  ``source`` says where the puzzle came from
    (library, bank or generated)."""

    technique: str
    puzzle: AnyPuzzle
    before: list[Step]
    position: Position
    step: Step
    level: str = ""
    source: str = ""
    rules: tuple[str, ...] = ()   # rules files of one's own on the ladder (their technique practised)

    def __str__(self) -> str:
        return self.text()

    def text(self, show: int = 1) -> str:
        """The position in words and candidates: at ``show`` 1 what to find, at 2 also the
        cells the step looks at (in brackets), at 3 also the step."""
        words = self.technique.replace("_", " ")
        source = {"bank": "the shipped bank", "library": "the library's bank", "generated": "a new puzzle"}
        of = f"{self.level} {self.puzzle.kind}" if self.level else self.puzzle.kind
        lines = [f"{words}: the next step after {len(self.before)} steps of {'an' if of[0] in 'aeiou' else 'a'} {of} "
                 f"({source.get(self.source, self.source)})",
                 position_text(self.puzzle, self.position.codes, set(self.step.cells) if show >= 2 else ()),
                 f"Find the {words}: what it places (r4c5=7) or removes (r2c3-5)."]
        if show >= 3:
            lines.append(f"The step: {self.step.text}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"PracticePosition({self.technique}, after {len(self.before)} steps, {self.source})"

    def picture(self, level: int = 1) -> str:
        """The SVG picture of the position with its candidates; at ``level`` 2 the area the
        step looks at lit up, at 3 the step itself (a hint, then the answer)."""
        return picture(self.puzzle, self.position.codes, self.step.marks(level))

    def _repr_svg_(self) -> str:
        return self.picture()

    def replay(self) -> Position:
        """The position made again: the steps before it applied to the givens' candidates."""
        position = Position(self.puzzle, Solver(self.puzzle).codes)
        for step in self.before:
            position = position.after(step)
        return position

    def check(self, answer: str | Iterable[Any]) -> AnswerCheck:
        """Judge a learner's answer: what the step places and removes, in any order, as a text
        ("r4c5=7", "r2c3-5" or "r2c3<>5", separated by spaces or commas) or as changes
        (("p", r, c, v), ("r", r, c, v), or (r, c, v) triples, which are removals)."""
        return check_answer(self.position, self.technique, answer, self.rules)

    def to_json(self) -> dict[str, Any]:
        return {"technique": self.technique, "kind": self.puzzle.kind, "level": self.level,
                "source": self.source, "puzzle": puzzle_text(self.puzzle), "format": self.puzzle.native_format,
                "before": [s.to_json() for s in self.before],
                "codes": self.position.codes, "step": self.step.to_json()}


def practice(technique: str, count: int = 10, kind: str = "sudoku", level: str | None = None,
             seed: int | None = None, time_limit: float | None = TIME_LIMIT, library: Any = None,
             bank: bool = True, generate: bool = True, jobs: int = 1, rules: RulesArg = None) -> list[PracticePosition]:
    """``count`` positions where ``technique`` is the next step of the ladder in puzzles of
    ``kind`` (of ``level``, when given): from ``library``'s bank (a pybridge Library), the
    shipped bank, then new puzzles of the generator (``bank``/``generate`` False leave those
    out).  ``seed`` picks which of the banks' puzzles come first and seeds the generator (None:
    a random choice); ``jobs`` worker processes make and walk new puzzles (1: this process's
    engine; 0: one a core).  Fewer come back when ``time_limit`` runs out; none at all raises
    PracticeError.

    With ``rules`` (rules files of one's own, as pybridge.solve takes them) their techniques are
    on the ladder, and ``technique`` may be one of them: positions where a student's rule is the
    next step ("ten positions for your x_wing_columns rule"), from the puzzles of the banks whose
    walks reach its rung, then new ones.  A library's bank is not used then (it keeps positions
    of the engine's own ladder).
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ArgumentError(f"count must be a whole number of at least 1, not {count!r}")
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 0:
        raise ArgumentError(f"jobs must be a whole number (0: one a core), not {jobs!r}")
    paths = rule_paths(rules)
    rungs = dict(ladder(paths))
    if technique not in rungs:
        raise UnknownTechniqueError(f"unknown technique {technique!r} (known: {', '.join(rungs)})")
    from ..solving.generate import check_generation
    own = technique not in dict(ladder())
    try:   # a technique that never fires in the kind, or a level it never has, is refused at once
        check_generation(kind, difficulty=level, technique=None if own else technique)
    except PuzzlogError as exc:
        raise PracticeError(str(exc)) from None
    if paths:
        library = None
    # the bank's puzzles that may reach the technique: tagged with it, or (one's own) with a
    # technique of its rung or above
    reaching = {t for t, d in ladder() if d >= rungs[technique]} if own else {technique}
    nearest = {t for t, d in ladder() if d == rungs[technique]}   # one's own rule's rung: tried first
    deadline = None if time_limit is None else time.monotonic() + time_limit
    rng = random.Random(seed)
    found: list[PracticePosition] = []
    seen: set[str] = set()
    puzzles = _puzzles(reaching, kind, level, rng, library, bank, generate, jobs, nearest)
    try:
        for source, text, puzzle_level, met, kept in puzzles:
            if deadline is not None and time.monotonic() > deadline:
                break
            if text in seen:
                continue
            seen.add(text)
            if kept is not None:
                served = kept_position(kept, text, kind, technique, puzzle_level)
                if served is not None:
                    found.append(served)
                    if len(found) >= count:
                        break
                    continue
                library.practice_position_drop(technique, kind, text)
            left = WALK_SECONDS if deadline is None else min(WALK_SECONDS, max(0.1, deadline - time.monotonic()))
            # A new puzzle is walked to its end (by a worker, when there are some), so that the
            # library's bank keeps it under every technique it meets; a bank's puzzle only as
            # far as the technique.
            if met is None and source == "generated":
                positions = positions_in(text, kind, [], left, level=puzzle_level, source=source)
                met = [p.technique for p in positions]
            elif met is None or technique in met or own:
                positions = positions_in(text, kind, [technique], left, level=puzzle_level, source=source,
                                         rules=paths)
            else:
                positions = []
            if library is not None and source != "bank" and (met or positions):
                keep_in_bank(library, text, kind, puzzle_level, met or [], positions)
            found.extend(p for p in positions if p.technique == technique)
            if len(found) >= count:
                break
    finally:
        puzzles.close()   # a pool of generating workers stops
    if not found:
        raise PracticeError(f"no position of {technique} in {kind} puzzles"
                            f"{' of level ' + level if level else ''} was found"
                            f"{f' within {time_limit:g} s' if time_limit else ''}: "
                            f"{rarity_words(technique, kind)}")
    return found[:count]


def positions_in(text: str, kind: str, wanted: list[str], time_limit: float | None = WALK_SECONDS,
                 level: str = "", source: str = "", rules: tuple[str, ...] = ()) -> list[PracticePosition]:
    """The positions of the puzzle ``text`` (of ``kind``) where a technique of ``wanted`` (all
    of them for []) is first the next step of the ladder (with the techniques of the loaded
    rules files ``rules`` on it), in the order its walk meets them."""
    puzzle = _puzzle(text, kind)
    status, raw, before_items = swipl.call(
        "bridge_practice_positions", [puzzle.geometry(), puzzle.givens_text(), [], wanted, limit_ms(time_limit)], 3,
        rules=rules)
    if status == "invalid":
        raise PracticeError(f"a practice puzzle cannot be used: {raw[0]}")
    before = [Step.from_item(item) for item in before_items]
    out = []
    for technique, n, codes, item in raw:
        position = Position(puzzle, list(codes))
        step = Step.from_item(item)
        step.position = position
        out.append(PracticePosition(str(technique), puzzle, before[:int(n)], position, step, level, source,
                                    tuple(rules)))
    return out


def check_answer(position: Position, technique: str, answer: str | Iterable[Any],
                 rules: tuple[str, ...] = ()) -> AnswerCheck:
    """Judge a learner's answer for a step of ``technique`` in ``position`` (as
    PracticePosition.check); ``technique`` may be one of the loaded rules files ``rules``."""
    placed, removed = read_answer(answer)
    verdict, extra, missing = swipl.call(
        "bridge_practice_answer", [position.puzzle.geometry(), position.codes, technique,
                                   [x for t in placed for x in t], [x for t in removed for x in t]], 3,
        rules=rules)
    return AnswerCheck(verdict_of(verdict), [change(c) for c in extra], [change(c) for c in missing])


def keep_in_bank(library: Any, text: str, kind: str, level: str, techniques: Iterable[str],
                 positions: Iterable[PracticePosition] = ()) -> None:
    """Keep a puzzle in a library's practice bank under each technique its walk meets, with
    the positions of those techniques that were found."""
    _keep_packed(library, text, kind, level, techniques, [(p.technique, pack_position(p)) for p in positions])


def _keep_packed(library: Any, text: str, kind: str, level: str, techniques: Iterable[str],
                 packed: list[tuple[str, bytes]]) -> None:
    """Keep a puzzle under each of ``techniques`` and of the (technique, packed position)s."""
    positions = dict(packed)
    for technique in dict.fromkeys([*techniques, *positions]):
        library.practice_put(technique, kind, level, text, position=positions.get(technique))


def harvest(explanation: Any, library: Any, level: str = "") -> list[str]:
    """Keep in ``library``'s practice bank the positions an explanation of the whole ladder
    passes where a technique is first the next step (before any guess): its puzzle under each of
    those techniques, with the position.  Returns the techniques kept.  A position is served
    only once the engine finds the technique next there again, so an explanation with a
    smaller technique set or rules of one's own keeps nothing wrong, only nothing useful."""
    return keep_harvest(library, explanation.puzzle, level, explanation.packed_positions())


def keep_harvest(library: Any, puzzle: Any, level: str, packed: list[tuple[str, bytes]]) -> list[str]:
    """Keep positions of ``puzzle`` packed as Explanation.packed_positions() gives them in
    ``library``'s bank (a kind with a bank only); the techniques kept."""
    if puzzle.kind not in PRACTICE_KINDS:
        return []
    _keep_packed(library, puzzle_text(puzzle), puzzle.kind, level, [], packed)
    return [technique for technique, _ in packed]


def pack_position(position: PracticePosition) -> bytes:
    """A position as a library's bank keeps it (solver.packed_position)."""
    return packed_position(position.position.codes, position.before)


def kept_position(kept: bytes, text: str, kind: str, technique: str, level: str) -> PracticePosition | None:
    """The position a library's bank kept for ``technique`` in the puzzle ``text``, when the
    technique is still the ladder's next step there (the engine checks it afresh and makes the
    step); None when it is not, or the kept data cannot be read."""
    try:
        data = json.loads(zlib.decompress(kept))
        codes = [int(c) for c in data["codes"]]
        before = [Step.from_item(item) for item in data["before"]]
    except (zlib.error, ValueError, KeyError, TypeError):
        return None
    puzzle = _puzzle(text, kind)
    if len(codes) != len(Solver(puzzle).codes):
        return None
    status, item = swipl.call("bridge_practice_next", [puzzle.geometry(), codes, technique], 2)
    if status != "next":
        return None
    position = Position(puzzle, codes)
    step = Step.from_item(item)
    step.position = position
    return PracticePosition(technique, puzzle, before, position, step, level, "library")


def shipped_bank(kind: str) -> list[BankPuzzle]:
    """The puzzles of the bank shipped for ``kind`` (none for a kind without one)."""
    return list(_read_bank(kind)[0])


@lru_cache(maxsize=16)
def _read_bank(kind: str) -> tuple[tuple[BankPuzzle, ...], int, dict[str, int]]:
    """The bank of ``kind``: its puzzles, and from its header the number of random puzzles its
    frequency table counts and how many of them met each technique."""
    if not re.fullmatch(r"[a-z][a-z0-9-]*", kind):
        return (), 0, {}
    path = BANK / f"{kind}.jsonl"
    if not path.is_file():
        return (), 0, {}
    out, walked, met = [], 0, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# random "):
            walked = int(line.split()[2])
        elif line.startswith("# met "):
            _, _, technique, count = line.split()
            met[technique] = int(count)
        elif line.strip() and not line.startswith("#"):
            data = json.loads(line)
            out.append(BankPuzzle(kind, data["puzzle"], data.get("level", ""), tuple(data["techniques"]),
                                  data.get("seed")))
    return tuple(out), walked, met


def bank_techniques(kind: str) -> list[tuple[str, int, int]]:
    """The techniques the shipped bank of ``kind`` has positions of, in ladder order, each
    with K and N: K of N random puzzles met it (practice_bank.py writes them in that order)."""
    bank, walked, met = _read_bank(kind)
    banked = {t for entry in bank for t in entry.techniques}
    return [(t, k, walked) for t, k in met.items() if t in banked]


def frequency(technique: str, kind: str) -> tuple[int, int] | None:
    """(K, N): K of N random puzzles of ``kind`` met ``technique`` on their walk, as the
    shipped bank's frequency table counts; None when no bank of the kind ships."""
    _, walked, met = _read_bank(kind)
    return (met.get(technique, 0), walked) if walked else None


def rarity_words(technique: str, kind: str) -> str:
    """How often random puzzles of ``kind`` meet ``technique``, in words."""
    counted = frequency(technique, kind)
    if counted is None:
        return f"no frequency of {technique} in {kind} puzzles is known (no bank of them ships)"
    met, walked = counted
    if not met:
        return f"none of {walked} random {kind} puzzles met {technique} on its walk"
    return f"{met} of {walked} random {kind} puzzles ({100 * met / walked:.1f}%) met {technique} on their walk"


def _puzzles(reaching: set[str], kind: str, level: str | None, rng: random.Random, library: Any, bank: bool,
             generate: bool, jobs: int, nearest: frozenset[str] | set[str] = frozenset()
             ) -> Generator[tuple[str, str, str, list[str] | None, bytes | None], None, None]:
    """(source, text, level, the techniques its walk meets when known, the position a
    library's bank kept) of the puzzles to walk for a technique (a bank's puzzles whose walks
    meet one of ``reaching``), the banks' first (a library's puzzles with a kept position
    before the rest; a bank's puzzles that meet one of ``nearest`` first)."""
    if library is not None:
        [technique] = reaching
        rows = library.practice_puzzles(technique, kind, level)
        rng.shuffle(rows)
        rows.sort(key=lambda row: row[2] is None)
        for text, row_level, kept in rows:
            yield "library", text, row_level, None, kept
    if bank:
        entries = [e for e in _read_bank(kind)[0]
                   if reaching.intersection(e.techniques) and (level is None or e.level == level)]
        rng.shuffle(entries)
        entries.sort(key=lambda e: not nearest.intersection(e.techniques))
        for entry in entries:
            yield "bank", entry.text, entry.level, None, None
    if not generate:
        return
    workers = cores() if jobs == 0 else jobs
    if workers <= 1:
        while True:
            made = made_and_walked((kind, rng.randrange(2 ** 62), level, False))
            yield "generated", made[0], made[1], None, None
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        waiting: deque[Future[tuple[str, str, list[str] | None]]] = deque()
        try:
            while True:
                while len(waiting) < 2 * workers:
                    waiting.append(pool.submit(made_and_walked, (kind, rng.randrange(2 ** 62), level, True)))
                text, made_level, met = waiting.popleft().result()
                yield "generated", text, made_level, met, None
        finally:
            pool.shutdown(wait=False, cancel_futures=True)


def made_and_walked(job: tuple[str, int, str | None, bool]) -> tuple[str, str, list[str] | None]:
    """A new puzzle of ``kind`` from ``seed`` (at ``level``), its text, level and, when asked
    (in a worker process), the techniques its walk meets."""
    kind, seed, level, walk = job
    from ..solving.generate import generate as make
    try:
        [made] = make(kind, seed=seed, difficulty=level, stock=None)
    except PuzzlogError as exc:
        raise PracticeError(f"cannot make {kind} puzzles to practise in: {exc}") from None
    text = made.text()
    return text, made.level, [p.technique for p in positions_in(text, kind, [])] if walk else None


def puzzle_text(puzzle: AnyPuzzle) -> str:
    """A puzzle in its kind's own format (what a bank and an answer hold)."""
    return formats.write([puzzle], puzzle.native_format).rstrip("\n")


def _puzzle(text: str, kind: str) -> AnyPuzzle:
    [puzzle] = parse(text, source=f"<practice {kind}>", kind=kind)
    if isinstance(puzzle, Unreadable):
        raise PracticeError(f"a practice puzzle cannot be read: {puzzle.error}")
    return puzzle


ANSWER_ITEM = re.compile(r"r(\d+)c(\d+)\s*(=|<>|-|!=)\s*(\d+)", re.IGNORECASE)


def read_answer(answer: str | Iterable[Any]) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """A learner's answer as (placements, removals); raises ArgumentError naming what cannot
    be read."""
    placed: list[tuple[int, int, int]] = []
    removed: list[tuple[int, int, int]] = []
    if isinstance(answer, str):
        rest = ANSWER_ITEM.sub("", answer).replace(",", " ").replace(";", " ").strip()
        if rest:
            raise ArgumentError(f"cannot read {rest.split()[0]!r} in the answer: write r4c5=7 for a placement, "
                                "r2c3-5 (or r2c3<>5) for a removal")
        for r, c, op, v in ANSWER_ITEM.findall(answer):
            (placed if op == "=" else removed).append((int(r), int(c), int(v)))
        return placed, removed
    for item in answer:
        parts = list(item) if isinstance(item, (list, tuple)) else None
        if parts and len(parts) == 4 and parts[0] in ("p", "r") and all(_whole(x) for x in parts[1:]):
            (placed if parts[0] == "p" else removed).append((parts[1], parts[2], parts[3]))
        elif parts and len(parts) == 3 and all(_whole(x) for x in parts):
            removed.append((parts[0], parts[1], parts[2]))
        else:
            raise ArgumentError(f"an answer's change is ('p', row, col, value), ('r', row, col, value) or "
                                f"(row, col, value), not {item!r}")
    return placed, removed


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 < x < 1000


def change(raw: list[Any]) -> Change:
    kind, r, c, v = raw
    return (str(kind), int(r), int(c), int(v))


def changes_text(changes: list[Change]) -> str:
    return ", ".join(f"r{r}c{c}={v}" if k == "p" else f"r{r}c{c}-{v}" for k, r, c, v in changes)


def verdict_of(text: object) -> Verdict:
    value = str(text)
    if value not in ("right", "partial", "wrong", "none"):
        raise PuzzlogError(f"the engine judged an answer {value!r}")
    return value  # type: ignore[return-value]


__all__ = ["PRACTICE_KINDS", "AnswerCheck", "BankPuzzle", "PracticeError", "PracticePosition", "frequency", "harvest",
           "puzzle_text",
           "bank_techniques", "check_answer", "keep_harvest", "keep_in_bank", "rarity_words", "positions_in", "practice", "read_answer", "shipped_bank"]

"""Checking a rule of your own: on the positions of real solves (the bundled puzzles, the corpus,
or puzzles you give), is it sound, does it find anything an engine technique of its rung or below
does not, and does the ladder up to its rung finish more puzzles with it?

>>> report = pybridge.check_rule("docs/lessons/rules/full_house.pl", sets=[("sudoku4", "puzzles/sudoku4.txt")])
>>> technique = report.techniques[0]
>>> technique.name, technique.sound, technique.adds_nothing
('full_house', True, True)
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..engine import swipl
from ..puzzles.answers import limit_ms, plural
from ..puzzles.kinds import AnyPuzzle, Solvable
from ..engine.bundled import CHECKOUT, ROOT
from ..engine.errors import PuzzlogError, RuleStoppedError
from ..puzzles.picture import Marks, picture
from ..puzzles.position_text import position_text
from ..puzzles.latin import Unreadable
from ..puzzles.reading import load
from ..engine.rules import RuleFile, load_rules, shown_path

CORPUS = CHECKOUT.parent / "shared" / "corpus"

def _kakuro_record(record: dict[str, Any], source: str) -> AnyPuzzle:
    from ..puzzles.kakuro import from_corpus_grid
    return from_corpus_grid(record["grid"], source)


def _futoshiki_record(record: dict[str, Any], source: str) -> AnyPuzzle:
    from ..puzzles.signs import from_corpus_record
    return from_corpus_record(record, source)


def _solo_record(record: dict[str, Any], source: str) -> AnyPuzzle:
    from ..puzzles.solo import from_corpus
    return from_corpus(record, source)


# A set: its name, its file, and for the corpus's JSON lines the reader of one record.
PuzzleSet = tuple[str, Path, Callable[[dict[str, Any], str], AnyPuzzle] | None]

# The corpus's sets a rule is checked on beside the bundled ones (the engine's table,
# rule_check:bundled_set/3), when ../shared/corpus is there.
CORPUS_SETS: dict[str, list[PuzzleSet]] = {
    "sudoku": [("top95", CORPUS / "sudoku9_norvig_top95.txt", None)],
    "sudoku4": [("sudoku4 solo", CORPUS / "sudoku4_sgt_solo.jsonl", _solo_record)],
    "sudoku6": [("sudoku6 solo", CORPUS / "sudoku6_sgt_solo.jsonl", _solo_record)],
    "killer": [("killer kdi", CORPUS / "sudoku9_killer_sgt_solo_kdi.jsonl", _solo_record)],
    "futoshiki": [("sgt-unequal", CORPUS / "futoshiki_sgt_unequal.jsonl", _futoshiki_record)],
    "kakuro": [("upc", CORPUS / "kakuro_upc_prop_paucuesta9.jsonl", _kakuro_record)],
}


def default_sets() -> dict[str, list[PuzzleSet]]:
    """The sets a rule is checked on, per kind: the bundled puzzles, then the corpus's.  With
    no kind a check takes every kind: a rule meets each of these shapes on the ladder."""
    [bundled] = swipl.call("bridge_bundled_sets", [], 1)
    sets: dict[str, list[PuzzleSet]] = {}
    for kind, name, file in bundled:
        sets.setdefault(str(kind), []).append((str(name), ROOT / str(file), None))
    for kind, extra in CORPUS_SETS.items():
        sets.setdefault(kind, []).extend(extra)
    return sets


# With no kind, each kind's share of the check, in seconds: a whole check of every kind stays
# under a minute (at least one puzzle of a set is always checked).
KIND_SECONDS = 4.0


@dataclass
class Counterexample:
    """A position from a real solve where the rule's step goes against the puzzle's solution;
    on a puzzle with more than one (``solutions``), against one of them."""

    puzzle: AnyPuzzle
    codes: list[int]
    step: str
    wrong: tuple[str, int, int, int]      # ("p", r, c, v) placed, or ("r", r, c, v) removed
    right: int                            # the (refuting) solution's value at that cell
    bindings: str = ""                    # the rule's variables when it gave the step: "B = 2, R = 1"
    solutions: int = 1

    @classmethod
    def from_engine(cls, puzzle: AnyPuzzle, fields: list[Any], solutions: int = 1) -> "Counterexample":
        """From the bridge's [Codes, StepText, Kind, R, C, V, Right, Bindings]."""
        codes, step, kind, r, c, v, right, bindings = fields
        return cls(puzzle, list(codes), str(step), (str(kind), r, c, v), right, str(bindings), solutions)

    def reason(self) -> str:
        kind, r, c, v = self.wrong
        which = "the solution" if self.solutions == 1 else f"one of the puzzle's {self.solutions} solutions"
        if kind == "p":
            return f"it places {v} at r{r}c{c}, but {which} has {self.right} there"
        return f"it removes {v} from r{r}c{c}, but {which} has {v} there"

    def candidates_text(self) -> str:
        """The position in the puzzle's own structure (boxes, regions, signs, cages, clues):
        a placed value, an empty cell's candidates, '-' for a cell left with none; the wrong
        cell in brackets."""
        _, r, c, _ = self.wrong
        return position_text(self.puzzle, self.codes, {(r, c)})

    def picture(self) -> str:
        """The SVG picture of the position, the wrong cell lit up."""
        _, r, c, v = self.wrong
        return picture(self.puzzle, self.codes, Marks(wrong={(r, c)}, focus={(r, c)}))

    def _repr_html_(self) -> str:
        return f"<p>{self.step}: {self.reason()}</p>{self.picture()}"

    def __str__(self) -> str:
        matched = [f"  it matched: {self.bindings}"] if self.bindings else []
        return "\n".join([f"{shown_path(self.puzzle.source)} #{self.puzzle.index}: {self.step}", f"  {self.reason()}",
                          *matched, "  in the position (the wrong cell in brackets):",
                          *("    " + line for line in self.candidates_text().splitlines())])

    def to_json(self) -> dict[str, Any]:
        return {"source": self.puzzle.source, "index": self.puzzle.index, "codes": self.codes, "step": self.step,
                "wrong": list(self.wrong), "right": self.right, "reason": self.reason(), "bindings": self.bindings}


@dataclass(frozen=True)
class Fired:
    """Where a rule fired in a walk: every change its steps make there, as ("p", r, c, v)
    placements and ("r", r, c, v) eliminations, and its first step in words."""

    changes: frozenset[tuple[str, int, int, int]]
    step: str


def changes_text(changes: Iterable[tuple[str, int, int, int]]) -> str:
    """("r", 1, 6, 8), ... in words: "removes 8 from r1c6, places 3 at r2c2"."""
    parts = [f"places {v} at r{r}c{c}" if kind == "p" else f"removes {v} from r{r}c{c}"
             for kind, r, c, v in sorted(changes)]
    return ", ".join(parts)


@dataclass
class SetReach:
    """On one set: how many puzzles were checked, in how many the rule fired, and how many the
    ladder up to the rule's rung finishes without a guess, without the rule and with it."""

    name: str
    puzzles: int = 0
    fired_in: int = 0
    solved_without: int = 0
    solved_with: int = 0
    skipped: int = 0                      # not one solution, unreadable, or out of time
    positions: int = 0                    # in how many positions the rule was asked
    kind: str = ""
    stopped: int = 0                      # puzzles where the rule itself was stopped (a loop?)
    not_unique: int = 0                   # puzzles with more than one solution (for uniqueness)

    def __str__(self) -> str:
        if self.not_unique and self.not_unique == self.puzzles:
            return (f"{self.name}: asked in {plural(self.positions, 'position')} of {plural(self.puzzles, 'puzzle')} "
                    f"with more than one solution, fired in {self.fired_in}")
        return (f"{self.name}: asked in {plural(self.positions, 'position')} of {plural(self.puzzles, 'puzzle')}, "
                f"fired in {self.fired_in}; the ladder up to its rung solves {self.solved_without} without it, "
                f"{self.solved_with} with it" + (f" ({self.skipped} skipped)" if self.skipped else "")
                + (f" (the rule was stopped in {self.stopped})" if self.stopped else ""))


@dataclass
class TechniqueReport:
    """What checking one technique of a rules file found."""

    name: str
    fired: int = 0
    redundant: int = 0
    unsound: Counterexample | None = None
    new: tuple[AnyPuzzle, list[int], str] | None = None   # the first position where it found something new
    sets: list[SetReach] = field(default_factory=list)
    stopped: str | None = None            # where and why the rule was first stopped while it ran
    # the first step that one solution of a puzzle with several refutes and another does not
    relies_on_uniqueness: Counterexample | None = None
    # per puzzle checked, the positions of the engine's walk where the rule fired (0: the givens)
    # with every change its steps make there and its first step in words
    trails: list[tuple[AnyPuzzle, dict[int, Fired]]] = field(default_factory=list, repr=False)

    @property
    def sound(self) -> bool:
        """No counterexample was found (see ``verdict``: a rule that never fired is not shown sound)."""
        return self.unsound is None

    @property
    def positions(self) -> int:
        return sum(s.positions for s in self.sets)

    @property
    def verdict(self) -> str:
        """unsound, stopped (it was stopped while it ran: a loop, endless recursion), sound (it
        fired, and every step agreed with the solution), never fired, or not checked (no
        position was)."""
        if self.unsound is not None:
            return "unsound"
        if self.stopped is not None:
            return "stopped"
        if self.positions == 0:
            return "not checked"
        return "sound" if self.fired else "never fired"

    @property
    def adds_nothing(self) -> bool:
        """It fired, and each time an engine technique of its rung or below made the same changes."""
        return self.fired > 0 and self.redundant == self.fired

    def lines(self) -> list[str]:
        out = [f"{self.name}: fired in {self.fired} of {plural(self.positions, 'position')} checked"]
        verdict = self.verdict
        if verdict == "unsound":
            out.append("  UNSOUND: " + str(self.unsound).replace("\n", "\n  "))
        elif verdict == "sound" and self.relies_on_uniqueness is not None:
            out.append("  sound where a puzzle has one solution: each of its steps there agrees with it")
        elif verdict == "sound":
            out.append(f"  sound: each of its {plural(self.fired, 'step')} agrees with the solution")
        elif verdict == "stopped":
            out.append(f"  STOPPED: {self.stopped}")
        elif verdict == "not checked":
            out.append("  NOT CHECKED: no position was checked, so nothing is known of it")
        else:
            out.append("  NOT SHOWN SOUND: it never fired, so nothing it does was checked")
        if self.relies_on_uniqueness is not None and verdict != "unsound":
            out.append("  RELIES ON UNIQUENESS: right where a puzzle has one solution, wrong where it has more "
                       "(as a unique rectangle is): " + str(self.relies_on_uniqueness).replace("\n", "\n  "))
        kinds = {s.kind for s in self.sets if s.kind}
        if len(kinds) > 1:
            fired = sorted({s.kind for s in self.sets if s.kind and s.fired_in})
            out.append(f"  fired in {', '.join(fired) or 'no kind'} of the {len(kinds)} kinds checked")
        if self.fired == 0:
            out.append("  it never fired: is its pattern too narrow, or does it wait for a state that never comes?")
        elif self.adds_nothing:
            out.append("  adds nothing: each time, an engine technique of its rung or below made the same changes")
        elif self.new is not None:
            puzzle, _, step = self.new
            out.append(f"  new in {self.fired - self.redundant} of {plural(self.fired, 'position')}; "
                       f"the first: {shown_path(puzzle.source)} #{puzzle.index}: {step}")
        out.extend("  " + str(s) for s in self.sets)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"technique": self.name, "fired": self.fired, "redundant": self.redundant, "sound": self.sound,
                "verdict": self.verdict, "positions": self.positions,
                "adds_nothing": self.adds_nothing, "stopped": self.stopped,
                "relies_on_uniqueness": self.relies_on_uniqueness.to_json() if self.relies_on_uniqueness else None,
                "unsound": self.unsound.to_json() if self.unsound else None,
                "new": {"source": self.new[0].source, "index": self.new[0].index, "codes": self.new[1],
                        "step": self.new[2]} if self.new else None,
                "sets": [vars(s) for s in self.sets]}


@dataclass
class RuleReport:
    """A rules file checked: one TechniqueReport per technique it declares, and the sets that
    could not be read (with why)."""

    rules: RuleFile
    techniques: list[TechniqueReport]
    skipped_sets: list[str] = field(default_factory=list)

    @property
    def sound(self) -> bool:
        return all(t.sound for t in self.techniques)

    @property
    def shown_sound(self) -> bool:
        """Every technique fired somewhere and never went against a solution."""
        return all(t.verdict == "sound" for t in self.techniques)

    def __str__(self) -> str:
        return "\n".join([f"{shown_path(self.rules.path)}:"] + [line for t in self.techniques for line in t.lines()]
                         + [f"  skipped: {why}" for why in self.skipped_sets])

    def _repr_html_(self) -> str:
        parts = [f"<pre>{self}</pre>"]
        parts += [t.unsound._repr_html_() for t in self.techniques if t.unsound is not None]
        return "".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules.path, "sound": self.sound, "shown_sound": self.shown_sound,
                "techniques": [t.to_json() for t in self.techniques], "skipped_sets": self.skipped_sets}


def check_rule(rules: str | os.PathLike[str] | RuleFile, kind: str | None = None,
               sets: list[tuple[str, str | os.PathLike[str] | list[AnyPuzzle]]] | None = None, limit: int = 20,
               max_steps: int = 400, time_limit: float | None = 10.0,
               kind_seconds: float | None = None) -> RuleReport:
    """Check every technique of a rules file on positions from real solves.

    ``sets`` are (name, puzzles) pairs, puzzles a file or a list; by default the bundled puzzles
    of ``kind`` and the corpus's (default_sets()), or of every kind when ``kind`` is None (each
    kind then gets ``kind_seconds``, default KIND_SECONDS).  At most ``limit`` puzzles a set,
    each walked for at most ``max_steps`` steps within ``time_limit`` seconds (None: no limit).
    A technique stopped while it runs (a loop) is reported so on that kind and not asked again
    there; the others go on (in the check of every kind, with ``kind_seconds`` a puzzle from then).
    """
    rule_file = load_rules(rules)
    every = default_sets() if sets is None else {}
    if kind is None and sets is None:
        kinds = list(every)
        kind_seconds = KIND_SECONDS if kind_seconds is None else kind_seconds
    else:
        kinds = [kind or "sudoku"]
    reports = [TechniqueReport(name) for name in rule_file.techniques]
    skipped: list[str] = []
    for each in kinds:
        started = time.perf_counter()
        stopped_here: set[str] = set()
        for set_name, puzzles in _sets(each, sets, every, limit, skipped):
            for report in reports:
                report.sets.append(SetReach(set_name, kind=each if sets is None else ""))
            for number, puzzle in enumerate(puzzles[:limit]):
                if number and kind_seconds is not None and time.perf_counter() - started > kind_seconds:
                    break
                for report in reports:
                    if report.name not in stopped_here \
                            and not _check_one(report, puzzle, rule_file, max_steps, time_limit):
                        stopped_here.add(report.name)
                        if kind_seconds is not None and time_limit is not None:
                            # it may loop: on the other kinds it gets the kind's share only
                            time_limit = min(time_limit, kind_seconds)
    return RuleReport(rule_file, reports, skipped)


def _sets(kind: str, sets: list[tuple[str, str | os.PathLike[str] | list[AnyPuzzle]]] | None, every: dict[str, list[PuzzleSet]], limit: int,
          skipped: list[str]) -> list[tuple[str, list[Solvable]]]:
    if sets is None:
        if kind not in every:
            raise PuzzlogError(f"no puzzles to check a rule on for kind {kind!r} (kinds: {', '.join(every)}); "
                               "give sets of your own")
        chosen: list[tuple[str, list[Solvable]]] = []
        for name, path, reader in every[kind]:
            if not path.is_file():
                skipped.append(f"{name} ({kind}): {shown_path(path)} is not here")
                continue
            puzzles = _corpus_lines(path, reader, limit) if reader else load(path, errors="keep")
            readable: list[Solvable] = [p for p in puzzles if not isinstance(p, Unreadable)]
            if not readable:
                skipped.append(f"{name} ({kind}): no puzzle of {shown_path(path)} could be read")
                continue
            chosen.append((name, readable))
        return chosen
    return [(name, load(Path(puzzles), errors="keep") if isinstance(puzzles, (str, os.PathLike)) else list(puzzles))
            for name, puzzles in sets]


def _corpus_lines(path: Path, reader: Callable[[dict[str, Any], str], AnyPuzzle], limit: int) -> list[AnyPuzzle]:
    """The first ``limit`` puzzles of a corpus JSON-lines file, each read by ``reader``."""
    puzzles: list[AnyPuzzle] = []
    with open(path, encoding="utf-8") as lines:
        for index, line in enumerate(itertools.islice(lines, limit)):
            try:
                puzzle = reader(json.loads(line), str(path))
            except (ValueError, KeyError, TypeError, PuzzlogError):
                continue
            puzzle = dataclasses.replace(puzzle, index=index)
            puzzles.append(puzzle)
    return puzzles


def _check_one(report: TechniqueReport, puzzle: Solvable, rules: RuleFile, max_steps: int,
               time_limit: float | None) -> bool:
    """Check the rule on one puzzle's walk; False when the rule was stopped while it ran."""
    reach = report.sets[-1]
    reach.puzzles += 1
    if isinstance(puzzle, Unreadable):
        reach.skipped += 1
        return True
    try:
        with swipl.false_steps():   # the check judges the rule's steps itself (the counterexample)
            status, result = swipl.call("bridge_check_rule", [puzzle.geometry(), puzzle.givens_text(), report.name,
                                                               max_steps, limit_ms(time_limit)], 2,
                                         rules=(rules.path,))
    except RuleStoppedError as stop:
        reach.skipped += 1
        reach.stopped += 1
        if report.stopped is None:
            where = f"{shown_path(puzzle.source)} #{puzzle.index}" + (f" ({reach.kind})" if reach.kind else "")
            limit = f" (the limit: {time_limit:g} s a puzzle)" if time_limit is not None else ""
            report.stopped = f"on {where}: {stop}{limit}"
        return False
    if status == "not_unique" and result:
        _tally_not_unique(report, reach, puzzle, result)
        return True
    if status != "checked":
        reach.skipped += 1
        return True
    fired, unsound, redundant, new, without, with_it, trail, asked = result
    reach.positions += asked
    report.trails.append((puzzle, {int(at): Fired(frozenset((str(k), r, c, v) for k, r, c, v in changes), str(text))
                                   for at, changes, text in trail}))
    report.fired += fired
    report.redundant += redundant
    reach.fired_in += fired > 0
    reach.solved_without += without == "solved"
    reach.solved_with += with_it == "solved"
    if unsound and report.unsound is None:
        report.unsound = Counterexample.from_engine(puzzle, unsound)
    if new and report.new is None:
        report.new = (puzzle, list(new[0]), str(new[1]))
    return True


def _tally_not_unique(report: TechniqueReport, reach: SetReach, puzzle: AnyPuzzle, result: list[Any]) -> None:
    """A puzzle with several solutions: a step one of them refutes relies on uniqueness."""
    count, fired, redundant, relies, asked = result
    reach.not_unique += 1
    reach.positions += asked
    reach.fired_in += fired > 0
    report.fired += fired
    report.redundant += redundant
    if relies and report.relies_on_uniqueness is None:
        report.relies_on_uniqueness = Counterexample.from_engine(puzzle, relies, count)

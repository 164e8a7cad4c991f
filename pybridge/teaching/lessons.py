"""The lessons of docs/lessons/: each teaches one rule (its example, in docs/lessons/rules/) and
sets an exercise that ``grade`` marks: your rule is sound, fires wherever the reference solution
(docs/lessons/solutions/) fires, and finishes as many of the lesson's puzzles (puzzles/lessons/).

>>> LESSONS[1].exercise, LESSONS[1].puzzles
('only_candidate', 'puzzles/lessons/singles.txt')
>>> grade(1, "docs/lessons/solutions/only_candidate.pl").passed
True
"""
from __future__ import annotations

import csv
import functools
import os
import time
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..puzzles.answers import plural
from ..puzzles.kinds import AnyPuzzle
from ..engine.errors import PuzzlogError, RulesError, RuleStoppedError
from ..engine.bundled import ROOT
from ..puzzles.reading import load
from .rule_check import RuleReport, TechniqueReport, changes_text, check_rule
from ..engine.rules import shown_path


@dataclass(frozen=True)
class Lesson:
    """One lesson: its page, the rule it shows, the exercise it sets and the puzzles it grades on."""

    number: int
    title: str
    page: str           # docs/lessons/NN_name.md
    kind: str
    puzzles: str        # puzzles/lessons/...
    example: str        # the rule the lesson shows (docs/lessons/rules/)
    exercise: str       # the technique the exercise asks for
    solution: str       # a reference solution (docs/lessons/solutions/)

    def reference(self) -> Path:
        """The reference solution as shipped with puzzlog (a student's copy of the lessons
        leaves the solutions out): for a teacher, or a notebook that grades it."""
        return ROOT / self.solution


def _lesson(number: int, title: str, page: str, kind: str, puzzles: str, example: str, exercise: str) -> Lesson:
    return Lesson(number, title, f"docs/lessons/{number:02}_{page}.md", kind, f"puzzles/lessons/{puzzles}",
                  f"docs/lessons/rules/{example}.pl", exercise, f"docs/lessons/solutions/{exercise}.pl")


LESSONS: dict[int, Lesson] = {lesson.number: lesson for lesson in [
    _lesson(1, "Facts and a first rule", "facts", "sudoku", "singles.txt", "full_house", "only_candidate"),
    _lesson(2, "Hidden singles", "hidden_singles", "sudoku", "hidden.txt", "box_single", "line_single"),
    _lesson(3, "Where a box meets a line", "intersections", "sudoku", "pointing.txt", "pointing_rule", "claiming"),
    _lesson(4, "Pairs", "pairs", "sudoku", "pairs.txt", "pair_in_unit", "hidden_pair_rule"),
    _lesson(5, "Fish", "fish", "sudoku", "xwing.txt", "x_wing_rows", "x_wing_columns"),
    _lesson(6, "A first chain", "chains", "sudoku", "wings.txt", "xy_wing_rule", "xyz_wing_rule"),
    _lesson(7, "Kakuro sums", "kakuro", "kakuro", "kakuro.grid", "last_cell", "two_cell_run"),
    _lesson(8, "Futoshiki signs", "futoshiki", "futoshiki", "futoshiki.txt", "not_extreme", "less_bounds"),
]}


@dataclass
class Grade:
    """How a rules file does on a lesson's exercise."""

    lesson: Lesson
    report: TechniqueReport          # the exercise's technique, checked on the lesson's puzzles
    reference: TechniqueReport       # the reference solution, on the same positions
    covered: int                     # positions where you make every change the reference makes
    puzzles: int
    missed: Deduction | None = None  # the first deduction of the reference's that yours does not make
    extra: Deduction | None = None   # the first of yours the reference does not make

    @property
    def sound(self) -> bool:
        return self.report.sound

    @property
    def solved(self) -> int:
        return sum(s.solved_with for s in self.report.sets)

    @property
    def reference_solved(self) -> int:
        return sum(s.solved_with for s in self.reference.sets)

    @property
    def passed(self) -> bool:
        """Sound, never stopped, firing wherever the reference fires, and finishing as many puzzles."""
        return self.sound and self.report.stopped is None and self.covered == self.reference.fired and self.solved >= self.reference_solved

    def lines(self) -> list[str]:
        name = self.report.name
        out = [f"lesson {self.lesson.number}, {self.lesson.title}: {name}"]
        if not self.sound:
            out.append("  sound: NO: " + str(self.report.unsound).replace("\n", "\n  "))
        elif self.report.stopped is not None:
            out.append(f"  sound: not known, it was STOPPED {self.report.stopped}")
        else:
            out.append("  sound: yes")
        out.append(f"  makes the reference's deductions in {self.covered} of the "
                   f"{plural(self.reference.fired, 'position')} where it fires (fires in {self.report.fired} in all)")
        if self.extra is not None:
            out.append(f"  makes what the reference does not, first: {self.extra}")
        out.append(f"  with the ladder up to its rung it finishes {self.solved} of the {self.puzzles} lesson "
                   f"puzzles (the reference: {self.reference_solved})")
        out.append("  PASSED" if self.passed else "  not yet: " + self._advice())
        return out

    def _advice(self) -> str:
        if not self.sound:
            return "the counterexample above shows a position where your rule goes wrong"
        if self.report.stopped is not None:
            return "your rule was stopped while it ran (see above): where does it loop or recurse without end?"
        if self.covered < self.reference.fired:
            return ("your rule misses deductions the reference makes; the first: "
                    + (str(self.missed) if self.missed else "(none shown)"))
        return "the ladder with your rule finishes fewer puzzles than with the reference"

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, Any]:
        return {"lesson": self.lesson.number, "technique": self.report.name, "sound": self.sound,
                "covered": self.covered, "reference_fired": self.reference.fired, "fired": self.report.fired,
                "solved": self.solved, "reference_solved": self.reference_solved, "puzzles": self.puzzles,
                "passed": self.passed, "unsound": self.report.unsound.to_json() if self.report.unsound else None,
                "missed": str(self.missed) if self.missed else None, "extra": str(self.extra) if self.extra else None}


def lesson(number: int) -> Lesson:
    if number not in LESSONS:
        raise PuzzlogError(f"there is no lesson {number} (lessons {min(LESSONS)} to {max(LESSONS)})")
    return LESSONS[number]


def _lesson_puzzles(chosen: Lesson) -> list[AnyPuzzle]:
    """The lesson's puzzles as puzzlog ships them (a student's copy may have been edited), named
    as the lesson names them, so what a counterexample prints does not depend on where puzzlog
    is installed or the grader works."""
    return [replace(puzzle, source=chosen.puzzles) for puzzle in load(ROOT / chosen.puzzles)]


def _checked_on_lesson(chosen: Lesson, rules: str | os.PathLike[str], time_limit: float | None) -> RuleReport:
    return check_rule(rules, sets=[(Path(chosen.puzzles).name, _lesson_puzzles(chosen))], limit=100,
                      time_limit=time_limit)


@functools.lru_cache(maxsize=None)
def _reference(number: int, time_limit: float | None) -> TechniqueReport:
    """The reference solution's report on its lesson's puzzles, checked once a process."""
    chosen = lesson(number)
    return _checked_on_lesson(chosen, chosen.reference(), time_limit).techniques[0]


def grade(number: int, rules: str | os.PathLike[str], time_limit: float | None = 10.0) -> Grade:
    """Grade a rules file on lesson ``number``'s exercise: the technique it declares under the
    exercise's name (or its only technique), checked on the lesson's puzzles beside the
    reference solution."""
    chosen = lesson(number)
    ref = _reference(number, time_limit)
    mine = _checked_on_lesson(chosen, rules, time_limit)
    names = [t.name for t in mine.techniques]
    if chosen.exercise in names:
        report = mine.techniques[names.index(chosen.exercise)]
    elif len(names) == 1:
        report = mine.techniques[0]
    else:
        raise PuzzlogError(f"{rules} declares {', '.join(names)}: lesson {number} asks for {chosen.exercise}")
    covered, missed, extra = _compare(report, ref)
    return Grade(chosen, report, ref, covered, len(ref.trails), missed, extra)


def _compare(mine: TechniqueReport, ref: TechniqueReport) -> tuple[int, Deduction | None, Deduction | None]:
    """Position by position of the engine's walks, the reference's deductions beside yours:
    how many positions you cover (every change the reference makes there, you make), the first
    the reference makes that you do not, and the first you make that it does not."""
    covered, missed, extra = 0, None, None
    for (puzzle, my_trail), (_, ref_trail) in zip(mine.trails, ref.trails):
        for at in sorted(set(ref_trail) | set(my_trail)):
            theirs, yours = ref_trail.get(at), my_trail.get(at)
            their_changes = theirs.changes if theirs else frozenset()
            your_changes = yours.changes if yours else frozenset()
            lacking, beyond = their_changes - your_changes, your_changes - their_changes
            if theirs is not None and not lacking:
                covered += 1
            if lacking and missed is None:
                missed = Deduction(puzzle, at, lacking, theirs.step if theirs else "")
            if beyond and extra is None and yours is not None:
                extra = Deduction(puzzle, at, beyond, yours.step, "your")
    return covered, missed, extra


@dataclass(frozen=True)
class Deduction:
    """Changes one rule makes at a position of a walk that the other does not."""

    puzzle: AnyPuzzle
    at: int                          # the walk's position: 0 the givens, K after K steps
    changes: frozenset[Any]
    step: str                        # the first step there of the rule that makes them, in words
    whose: str = "the reference's"

    def __str__(self) -> str:
        where = f"{shown_path(self.puzzle.source)} #{self.puzzle.index}, " + \
            ("from the givens" if self.at == 0 else f"after {plural(self.at, 'step')} of the walk")
        return f"{where}: {changes_text(self.changes)} ({self.whose} first step there: {self.step})"


@dataclass(frozen=True)
class ClassRow:
    """One student's file graded on a lesson: a line of the class report."""

    file: str
    technique: str
    sound: bool | None          # None: not graded (the file was refused, or its rule stopped)
    covered: int
    reference_fired: int
    solved: int
    reference_solved: int
    puzzles: int
    passed: bool
    seconds: float
    problem: str                # the first thing to mend ('' when it passed)

    @classmethod
    def not_graded(cls, file: str, seconds: float, problem: str) -> ClassRow:
        """The row of a file that was refused, or whose rule was stopped or its worker lost."""
        return cls(file, "", None, 0, 0, 0, 0, 0, False, seconds, problem)

    def line(self) -> str:
        if self.sound is None:
            return f"{self.file}: not graded\n    {self.problem}"
        verdict = "PASSED" if self.passed else "not yet"
        head = f"{self.file}: {verdict} ({'sound' if self.sound else 'UNSOUND'}; the reference's deductions in " \
               f"{self.covered} of {self.reference_fired}; finishes {self.solved} of {self.puzzles}; " \
               f"{self.seconds:.1f} s)"
        return head if self.passed else f"{head}\n    {self.problem}"


def _first_problem(graded: Grade) -> str:
    if not graded.sound and graded.report.unsound is not None:
        unsound = graded.report.unsound
        return f"unsound: {unsound.step}: {unsound.reason()}"
    if graded.report.stopped is not None:
        return f"stopped {graded.report.stopped}"
    if graded.covered < graded.reference.fired:
        first = f"; the first: {graded.missed}" if graded.missed else ""
        return (f"misses the reference's deductions in {graded.reference.fired - graded.covered} of the "
                f"{graded.reference.fired} positions where it fires{first}")
    if graded.solved < graded.reference_solved:
        return f"finishes {graded.solved} of the lesson puzzles, the reference {graded.reference_solved}"
    return ""


def grade_row(item: tuple[int, str, float | None]) -> ClassRow:
    """Grade one file of a class (``(lesson, path, time_limit)``): what goes wrong is a row too."""
    number, path, time_limit = item
    started = time.perf_counter()
    try:
        graded = grade(number, path, time_limit=time_limit)
    except (RulesError, RuleStoppedError, PuzzlogError) as error:
        return ClassRow.not_graded(path, time.perf_counter() - started, str(error))
    return ClassRow(path, graded.report.name, graded.sound, graded.covered, graded.reference.fired, graded.solved,
                    graded.reference_solved, graded.puzzles, graded.passed, time.perf_counter() - started,
                    _first_problem(graded))


def grade_class(number: int, files: Sequence[str | os.PathLike[str]], jobs: int = 0,
                time_limit: float | None = 10.0) -> list[ClassRow]:
    """Grade many students' files on lesson ``number``, in ``jobs`` worker processes (0: one
    per core), each file in the order given.  A worker whose file hangs it is stopped and
    that file's row says so."""
    from ..batches.work import cores
    from ..batches.pool import Failure, run_pool
    lesson(number)
    items = [(number, str(path), time_limit) for path in files]
    workers = jobs or cores()
    limit = 60.0 + 20 * (time_limit or 10.0)
    rows: list[ClassRow | None] = [None] * len(items)
    if workers == 1 or len(items) == 1:
        return [grade_row(item) for item in items]
    for index, value in run_pool(grade_row, items, workers, hang_seconds=limit):
        if isinstance(value, Failure):
            why = "was stopped: it ran past the time allowed" if value.status == "timeout" else \
                f"could not be graded: {value.message}"
            value = ClassRow.not_graded(items[index][1], limit, why)
        rows[index] = value
    return [row for row in rows if row is not None]


def write_report(rows: Iterable[ClassRow], path: str | os.PathLike[str]) -> None:
    """The class report as CSV: one line a file."""
    names = [f.name for f in fields(ClassRow)]
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(names)
        for row in rows:
            writer.writerow([round(row.seconds, 2) if name == "seconds" else getattr(row, name) for name in names])

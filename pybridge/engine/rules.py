"""Rules of your own: a Prolog file of techniques (docs/lessons/) checked and loaded into the
engine, whose techniques then join the ladder of the calls that name it.

>>> rules = pybridge.load_rules("docs/lessons/rules/full_house.pl")
>>> rules.techniques
('full_house',)
>>> steps = pybridge.explain(pybridge.load("puzzles/sudoku9.txt")[0], rules=rules).steps
>>> [step.text for step in steps if step.technique == "full_house"][0]
'full house: r7c7 is the only place for 4 in column 7 (removes 4 from r7c5, r7c8, r8c8)'
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from . import swipl
from .errors import ArgumentTypeError, RulesError


@dataclass(frozen=True)
class RuleFile:
    """A rules file the engine has checked and loaded, and the techniques it declares."""

    path: str
    techniques: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.path}: {', '.join(self.techniques)}"


RulesArg = Union[str, os.PathLike[str], RuleFile, Sequence[Union[str, os.PathLike[str], RuleFile]], None]


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as a person reads it: relative to the working folder when it lies inside it."""
    text = str(path)
    return os.path.relpath(text) if text.startswith(os.getcwd() + os.sep) else text


def load_rules(path: str | os.PathLike[str] | RuleFile) -> RuleFile:
    """Check and load a rules file; raises RulesError naming the file, line and reason when
    the engine refuses it (and then nothing of it is loaded).  Loading again is free until
    the file changes."""
    if isinstance(path, RuleFile):
        path = path.path
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentTypeError(f"a rules file is a path, not {path!r}")
    try:
        absolute = Path(path).resolve()
        present = absolute.is_file()
    except (OSError, ValueError) as exc:   # a NUL in the name, a name too long
        raise RulesError(repr(str(path)), 0, f"not a file name: {exc}") from None
    if not present:
        raise RulesError(str(path), 0, "no such file (a rules file is a .pl file of yours)")
    status, names, line, message = swipl.call("bridge_load_rules", [str(absolute)], 4)
    if status != "ok":
        raise RulesError(str(path), int(line), str(message))
    return RuleFile(str(absolute), tuple(str(name) for name in names))


def rule_paths(rules: RulesArg) -> tuple[str, ...]:
    """The absolute paths of ``rules`` (one file or several), each checked and loaded."""
    if rules is None:
        return ()
    if isinstance(rules, (str, os.PathLike, RuleFile)):
        rules = [rules]
    if not isinstance(rules, (list, tuple)):
        raise ArgumentTypeError(f"rules are a rules file's path, a RuleFile, or a list of them, not {rules!r}")
    return tuple(load_rules(rule).path for rule in rules)


def techniques_of(paths: Sequence[str]) -> list[str]:
    """The techniques the rules files ``paths`` declare (each loaded, free when it was)."""
    return [name for path in paths for name in load_rules(path).techniques]


@dataclass(frozen=True)
class RuleSource:
    """The clause of a technique's rule behind a step: where it is, as it is written, and the
    facts it matched (for a rule of your own; the engine's rules run without that record)."""

    file: str
    line: int
    clause: str
    facts: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """The rule as the CLI prints it under its step."""
        out = [f"the rule, {shown_path(self.file)}:{self.line}:", *("    " + line for line in self.clause.splitlines())]
        if self.facts:
            out.append("it matched: " + ", ".join(self.facts))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "clause": self.clause, "facts": list(self.facts)}


def rule_behind(geometry: object, codes: list[int], technique: str, rules: tuple[str, ...] = ()) -> RuleSource | None:
    """The clause of ``technique`` that finds its deduction in the state ``codes`` (a Solver's
    position), or None when it finds none there."""
    status, file, line, clause, facts = swipl.call("bridge_step_rule", [geometry, codes, technique], 5,
                                                    rules=rules)
    if status != "found":
        return None
    return RuleSource(str(file), int(line), str(clause), tuple(str(f) for f in facts))

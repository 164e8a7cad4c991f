"""The technique ladder, as the engine defines it (prolog/techniques/techniques.pl), and the named
sets of techniques a solve tries before each guess.

>>> [name for name, difficulty in ladder()][:3]
['naked_single', 'cross_hatching', 'last_empty_cell']
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property, lru_cache

from ..engine import swipl
from ..engine.errors import PuzzlogError
from ..engine.rules import RulesArg, rule_paths

class _TechniqueSets(Mapping[str, list[str]]):
    """The named technique sets, as the engine defines them (techniques:technique_set/2): the
    techniques a solve tries beyond singles and the kind's own rules, each set extending the
    one before it.  Read from the engine on first use."""

    @cached_property
    def _sets(self) -> dict[str, list[str]]:
        return {str(name): [str(t) for t in members]
                for name, members in swipl.call("bridge_technique_sets", [], 1)[0]}

    def __getitem__(self, name: str) -> list[str]:
        return list(self._sets[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._sets)

    def __len__(self) -> int:
        return len(self._sets)

    def __repr__(self) -> str:
        return repr(self._sets)


TECHNIQUE_SETS: Mapping[str, list[str]] = _TechniqueSets()


class UnknownTechniqueError(PuzzlogError, ValueError):
    """A technique or technique set that puzzlog does not know."""


def ladder(rules: RulesArg = None) -> tuple[tuple[str, int], ...]:
    """Every technique, simplest first, with its difficulty (1 = easiest); with ``rules``
    (rules files of your own, as pybridge.solve takes them), their techniques too, at the
    rungs they declare."""
    return _ladder_of(rule_paths(rules))


def _ladder_of(paths: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The ladder with the rules files ``paths`` (loaded already) on it."""
    return _ladder_with(paths) if paths else _engine_ladder()


@lru_cache(maxsize=1)
def _engine_ladder() -> tuple[tuple[str, int], ...]:
    return _ladder_with(())


def _ladder_with(rules: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    [pairs] = swipl.call("bridge_techniques", [], 1, rules=rules)
    return tuple((str(name), int(difficulty)) for name, difficulty in pairs)


def _sets(rules: tuple[str, ...]) -> Mapping[str, list[str]]:
    if not rules:
        return TECHNIQUE_SETS
    return {str(name): [str(t) for t in members]
            for name, members in swipl.call("bridge_technique_sets", [], 1, rules=rules)[0]}


def names(techniques: str | list[str] | tuple[str, ...] | None, default: str | None = None,
          rules: tuple[str, ...] = ()) -> list[str]:
    """The technique names a set name or a list of names stands for; ``None`` is ``default``
    (a set name) or, with no default, the whole ladder (with the techniques of ``rules``).

    Raises UnknownTechniqueError listing what is known.
    """
    sets = _sets(rules)
    if techniques is None:
        return list(sets[default]) if default else [name for name, _ in _ladder_of(tuple(rules))]
    if isinstance(techniques, str):
        if techniques not in sets:
            raise UnknownTechniqueError(f"unknown technique set {techniques!r} "
                                        f"(known: {', '.join(sets)}; or a list of technique names)")
        return list(sets[techniques])
    if not isinstance(techniques, (list, tuple)) or not all(isinstance(t, str) for t in techniques):
        raise UnknownTechniqueError(f"techniques must be a set name or a list of technique names, "
                                    f"not {techniques!r}")
    known = [name for name, _ in _ladder_of(tuple(rules))]
    unknown = [t for t in techniques if t not in known]
    if unknown:
        raise UnknownTechniqueError(f"unknown technique{'s' if len(unknown) > 1 else ''} "
                                    f"{', '.join(map(repr, unknown))} (known: {', '.join(known)})")
    return list(techniques)


def step_names(techniques: str | list[str] | tuple[str, ...] | None, rules: tuple[str, ...] = ()) -> list[str]:
    """The techniques a step-by-step solve uses: a list of names as given, the whole ladder for
    ``None``, and for a set name the set's techniques with those every solve applies (singles,
    the kind's sum and sign rules), in ladder order; with the techniques of ``rules``."""
    if not isinstance(techniques, str):
        return names(techniques, rules=rules)
    members = set(names(techniques, rules=rules))
    beyond_singles = set(_sets(rules)["all"])
    return [name for name, _ in _ladder_of(tuple(rules)) if name in members or name not in beyond_singles]

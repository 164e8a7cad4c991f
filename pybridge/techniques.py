"""The technique ladder, as the engine defines it (prolog/techniques/techniques.pl), and the named
sets of techniques a solve tries before each guess.

>>> [name for name, difficulty in ladder()][:3]
['naked_single', 'cross_hatching', 'last_empty_cell']
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property, lru_cache

from . import engine
from .errors import PuzzlogError

class _TechniqueSets(Mapping[str, list[str]]):
    """The named technique sets, as the engine defines them (techniques:technique_set/2): the
    techniques a solve tries beyond singles and the kind's own rules, each set extending the
    one before it.  Read from the engine on first use."""

    @cached_property
    def _sets(self) -> dict[str, list[str]]:
        return {str(name): [str(t) for t in members]
                for name, members in engine.call("bridge_technique_sets", [], 1)[0]}

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


@lru_cache(maxsize=1)
def ladder() -> tuple[tuple[str, int], ...]:
    """Every technique, simplest first, with its difficulty (1 = easiest)."""
    [pairs] = engine.call("bridge_techniques", [], 1)
    return tuple((str(name), int(difficulty)) for name, difficulty in pairs)


def names(techniques: str | list[str] | tuple[str, ...] | None, default: str | None = None) -> list[str]:
    """The technique names a set name or a list of names stands for; ``None`` is ``default``
    (a set name) or, with no default, the whole ladder.

    Raises UnknownTechniqueError listing what is known.
    """
    if techniques is None:
        return TECHNIQUE_SETS[default] if default else [name for name, _ in ladder()]
    if isinstance(techniques, str):
        if techniques not in TECHNIQUE_SETS:
            raise UnknownTechniqueError(f"unknown technique set {techniques!r} "
                                        f"(known: {', '.join(TECHNIQUE_SETS)}; or a list of technique names)")
        return TECHNIQUE_SETS[techniques]
    if not isinstance(techniques, (list, tuple)) or not all(isinstance(t, str) for t in techniques):
        raise UnknownTechniqueError(f"techniques must be a set name or a list of technique names, "
                                    f"not {techniques!r}")
    known = [name for name, _ in ladder()]
    unknown = [t for t in techniques if t not in known]
    if unknown:
        raise UnknownTechniqueError(f"unknown technique{'s' if len(unknown) > 1 else ''} "
                                    f"{', '.join(map(repr, unknown))} (known: {', '.join(known)})")
    return list(techniques)


def step_names(techniques: str | list[str] | tuple[str, ...] | None) -> list[str]:
    """The techniques a step-by-step solve uses: a list of names as given, the whole ladder for
    ``None``, and for a set name the set's techniques with those every solve applies (singles,
    the kind's sum and sign rules), in ladder order."""
    if not isinstance(techniques, str):
        return names(techniques)
    members = set(names(techniques))
    beyond_singles = set(TECHNIQUE_SETS["all"])
    return [name for name, _ in ladder() if name in members or name not in beyond_singles]

"""The technique ladder, as the engine defines it (prolog/techniques/techniques.pl), and the named
sets of techniques a solve tries before each guess.

>>> [name for name, difficulty in ladder()][:3]
['naked_single', 'cross_hatching', 'last_empty_cell']
"""
from __future__ import annotations

from functools import lru_cache

from . import engine
from .errors import PuzzlogError

# Beyond singles, which every solve applies.
TECHNIQUE_SETS: dict[str, list[str]] = {
    "singles": [],
    "basic": ["pointing", "box_line"],
    "pairs": ["pointing", "box_line", "naked_pair", "hidden_pair"],
    "all": ["pointing", "box_line", "naked_pair", "hidden_pair", "naked_triple", "hidden_triple"],
}


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

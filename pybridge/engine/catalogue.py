"""What the engine knows of its puzzles — the kinds, formats, levels, box shapes,
symmetries, generated kinds (and the layouts of grids laid out) and the spelling of values — asked of it once
(``bridge_catalogue/1``) and kept for the process, so that Python and the page keep no
copies of the engine's tables.

    >>> c = catalogue()
    >>> c.levels[0], c.levels[-1], c.box_shapes[6], c.value_chars[9]
    ('trivial', 'unreasonable', (2, 3), 'A')
    >>> c.generated["jigsaw"]
    GeneratedKind(name='jigsaw', sizes=(4, 9), default_size=9, read_as='jigsaw', designed_by='regions', diagonals=False)

The lists are also constants of the modules that use them (``pybridge.LEVELS``,
``pybridge.reading.KINDS``, ...): each a ``Listed``, a tuple that asks the engine on first
use, so that importing pybridge starts no engine.

    >>> LEVELS = Listed(lambda c: c.levels)
    >>> "basic" in LEVELS, LEVELS.index("advanced"), LEVELS[-1]
    (True, 3, 'unreasonable')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, Callable

from . import swipl


@dataclass(frozen=True)
class GeneratedKind:
    """A kind made by name: ``sizes`` is None when its sizes are those with standard boxes,
    else the lowest and highest side (a Kakuro's with its clue row and column);
    ``read_as`` the kind its text is read as; ``designed_by`` what a designer sets beyond the
    givens (givens, regions, signs, marks, runs, cages or grids: prolog/kinds/kind.pl);
    ``diagonals`` whether both diagonals are units."""

    name: str
    sizes: tuple[int, int] | None
    default_size: int
    read_as: str
    designed_by: str = "givens"
    diagonals: bool = False
    levels: dict[int, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Catalogue:
    kinds: tuple[str, ...]
    formats: tuple[str, ...]
    line_formats: tuple[str, ...]     # each line a puzzle: any run of lines is a text of its own
    kakuro_formats: tuple[str, ...]   # Kakuro's own, besides grid
    levels: tuple[str, ...]
    box_shapes: dict[int, tuple[int, int]]
    value_chars: str
    symmetries: tuple[str, ...]
    generated: dict[str, GeneratedKind]
    layouts: dict[str, dict[int, tuple[tuple[int, int], ...]]]   # a kind of grids laid out: count -> corners
    futoshiki_sides: tuple[int, int]
    pairs: list[Any] = field(repr=False, compare=False)   # as the engine gave them, for adopt()

    def to_json(self) -> dict[str, Any]:
        """The catalogue as the page asks for it (``GET /api/catalogue``)."""
        return {"kinds": list(self.kinds), "formats": list(self.formats), "levels": list(self.levels),
                "boxes": {str(n): list(shape) for n, shape in self.box_shapes.items()},
                "value_chars": self.value_chars, "symmetries": list(self.symmetries),
                "generated": [{"name": g.name, "sizes": list(g.sizes) if g.sizes else "boxes",
                               "default_size": g.default_size, "read_as": g.read_as,
                               "designed_by": g.designed_by, "diagonals": g.diagonals,
                               "levels": {str(size): list(levels) for size, levels in g.levels.items()}}
                              for g in self.generated.values()],
                "layouts": {kind: {str(count): [list(corner) for corner in grids] for count, grids in by_count.items()}
                            for kind, by_count in self.layouts.items()},
                "futoshiki_sides": list(self.futoshiki_sides)}


_known: Catalogue | None = None


def catalogue() -> Catalogue:
    """The engine's catalogue: one engine call, the first time it is asked for."""
    if _known is None:
        swipl.start()
        [pairs] = swipl.call("bridge_catalogue", [], 1)
        adopt(pairs)
    assert _known is not None
    return _known


def adopt(pairs: list[Any]) -> None:
    """Keep ``pairs`` (bridge_catalogue/1's answer, as JSON carries it) as this process's
    catalogue: a process that runs no engine of its own (the server's) asks one of its
    engine processes for it instead."""
    global _known
    raw: dict[str, Any] = {name: value for name, value in pairs}
    generated = [GeneratedKind(name, None if sizes == "boxes" else (sizes[0], sizes[1]), default, read_as,
                               designed_by, diagonals == "true",
                               {size: tuple(offered) for size, offered in levels})
                 for name, sizes, default, read_as, designed_by, diagonals, levels in raw["generated"]]
    _known = Catalogue(
        kinds=tuple(raw["kinds"]),
        formats=tuple(name for name, _ in raw["formats"]),
        line_formats=tuple(name for name, layout in raw["formats"] if layout == "lines"),
        kakuro_formats=("grid",) + tuple(name for name, layout in raw["formats"] if layout == "kakuro"),
        levels=tuple(raw["levels"]),
        box_shapes={n: (rows, cols) for n, rows, cols in raw["boxes"]},
        value_chars=raw["value_chars"],
        symmetries=tuple(raw["symmetries"]),
        generated={g.name: g for g in generated},
        layouts={kind: {count: tuple((r0, c0) for r0, c0 in corners) for count, corners in counted}
                 for kind, counted in raw["layouts"]},
        futoshiki_sides=(raw["futoshiki_sides"][0], raw["futoshiki_sides"][1]),
        pairs=[list(pair) for pair in pairs])


class Listed(Sequence[str]):
    """A list of the catalogue's, read from it on first use: a tuple in all but its type."""

    def __init__(self, pick: Callable[[Catalogue], tuple[str, ...]]) -> None:
        self._pick = pick

    def _items(self) -> tuple[str, ...]:
        return tuple(self._pick(catalogue()))

    def __getitem__(self, index: Any) -> Any:
        return self._items()[index]

    def __len__(self) -> int:
        return len(self._items())

    def __eq__(self, other: object) -> bool:
        return self._items() == (tuple(other) if isinstance(other, (tuple, list, Listed)) else other)

    def __hash__(self) -> int:
        return hash(self._items())

    def __repr__(self) -> str:
        return repr(self._items())


__all__ = ["Catalogue", "GeneratedKind", "Listed", "adopt", "catalogue"]

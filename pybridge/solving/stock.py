"""A stock of generated puzzles waiting for a request.

Generating at a level is a lottery: a try that lands elsewhere (a basic puzzle when
intermediate was asked, an X-wing where a swordfish was wanted) is still a valid puzzle of
its own level, with its own hardest technique.  The engine hands those misses back
(generation_misses/1), and they wait here, by kind, shape, symmetry, level and hardest
technique, so that the next request for one of them is served at once.  Only a request
that names no seed takes from the stock: one with a seed must make the same puzzle on every
run.  The server keeps its stock in the library instead (Library.stock_put), so that it
outlives the process.

    >>> stock = Stock(capacity=2)
    >>> stock.take(("sudoku", 3, 3), "none", "basic", None) is None
    True
"""
from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any, TYPE_CHECKING

if TYPE_CHECKING:
    from .generate import Generated


@dataclass
class Stock:
    """Generated puzzles on shelves by (kind term, symmetry, level) and (kind term,
    symmetry, hardest technique), at most ``capacity`` a shelf, the oldest dropped first."""

    capacity: int = 50
    _by_level: dict[tuple[Any, ...], deque[Any]] = field(default_factory=dict)
    _by_technique: dict[tuple[Any, ...], deque[Any]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def put(self, term: tuple[Any, ...], symmetry: str, generated: Generated) -> None:
        with self._lock:
            for shelves, key in ((self._by_level, (term, symmetry, generated.level)),
                                 (self._by_technique, (term, symmetry, generated.hardest))):
                shelves.setdefault(key, deque(maxlen=self.capacity)).append(generated)

    def take(self, term: tuple[Any, ...], symmetry: str, difficulty: str | None, technique: str | None) -> Generated | None:
        """A stocked puzzle that is what was asked (any level, when neither a difficulty nor
        a technique is), taken off both its shelves; None when there is none."""
        with self._lock:
            for g in self._candidates(term, symmetry, difficulty, technique):
                if technique is not None and g.hardest != technique:
                    continue
                if difficulty is not None and g.level != difficulty:
                    continue
                self._remove(term, symmetry, g)
                return g
        return None

    def _candidates(self, term: tuple[Any, ...], symmetry: str, difficulty: str | None,
                    technique: str | None) -> list[Generated]:
        if technique is not None:
            return list(self._by_technique.get((term, symmetry, technique), ()))
        if difficulty is not None:
            return list(self._by_level.get((term, symmetry, difficulty), ()))
        return [g for (t, s, _), shelf in self._by_level.items() if (t, s) == (term, symmetry) for g in shelf]

    def _remove(self, term: tuple[Any, ...], symmetry: str, g: Generated) -> None:
        for shelves, key in ((self._by_level, (term, symmetry, g.level)),
                             (self._by_technique, (term, symmetry, g.hardest))):
            shelf = shelves.get(key)
            if shelf is not None and g in shelf:
                shelf.remove(g)

    def drain(self) -> list[Generated]:
        """Everything stocked, taken off the shelves."""
        with self._lock:
            seen: dict[int, Generated] = {}
            for shelf in self._by_level.values():
                for g in shelf:
                    seen[id(g)] = g
            self._by_level.clear()
            self._by_technique.clear()
        return list(seen.values())

    def __len__(self) -> int:
        return sum(len(shelf) for shelf in self._by_level.values())


STOCK = Stock()

__all__ = ["STOCK", "Stock"]

"""The Puzzle value: a Sudoku-family grid, its shape and where it came from."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.errors import PuzzleFormatError
from ..engine.catalogue import catalogue
from .cells import values_text
from ..engine.foreign import PrologString
from .picture import ShowsGivens
from .render import render_text

def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    return value


def _int_list(values: object, name: str, length: int, low: int, high: int) -> None:
    if not isinstance(values, list) or len(values) != length:
        got = f"{len(values)} items" if isinstance(values, list) else type(values).__name__
        raise TypeError(f"{name} must be a list of {length} whole numbers, not {got}")
    for i, v in enumerate(values):
        _whole(v, name)
        if not low <= v <= high:
            raise ValueError(f"{name}: {v} at r{i // int(length ** 0.5) + 1}c{i % int(length ** 0.5) + 1} "
                             f"is outside {low}..{high}")


def _pairs_text(pairs: list[tuple[int, int, int, int]]) -> PrologString:
    """Cell pairs as one string for the bridge, "r1,c1,r2,c2;..." (prolog/bridge.pl reads it)."""
    return PrologString(";".join(",".join(map(str, pair)) for pair in pairs))


@dataclass(repr=False)
class Puzzle(ShowsGivens):
    """A Latin-square puzzle: Sudoku, jigsaw, Sudoku X, Futoshiki.

    ``givens`` is row-major, 0 for a blank.  Either ``box_rows``/``box_cols``
    (standard boxes) or ``regions`` (jigsaw: a region number 1..n per cell)
    describes the boxes; with neither there are none (Futoshiki).
    ``diagonals`` adds the two main diagonals (Sudoku X).  ``signs`` holds
    (r1, c1, r2, c2), 1-based: r1c1 < r2c2 (Futoshiki, greater-than Sudoku);
    ``adjacent``, when not None, is Adjacent mode: the marked neighbour pairs
    differ by exactly 1, all other neighbours by more.  ``solution`` is one
    the file gave (a CSV's solution column), to check puzzlog's against.
    """

    size: int
    givens: list[int]
    box_rows: int | None = None
    box_cols: int | None = None
    regions: list[int] | None = None
    diagonals: bool = False
    source: str = "<text>"
    index: int = 0
    line: int | None = None
    signs: list[tuple[int, int, int, int]] = field(default_factory=list)
    adjacent: list[tuple[int, int, int, int]] | None = None
    solution: list[int] | None = None
    cages: list[tuple[int, list[tuple[int, int]]]] | None = None

    def units(self) -> list[list[int]]:
        """Every unit whose values all differ, as row-major cell indices: rows, columns, boxes
        or regions, diagonals."""
        n = self.size
        out = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
        boxes: dict[object, list[int]] = {}
        for i in range(n * n):
            if self.regions is not None:
                boxes.setdefault(self.regions[i], []).append(i)
            elif self.box_rows is not None and self.box_cols is not None:
                boxes.setdefault((i // n // self.box_rows, i % n // self.box_cols), []).append(i)
        out += list(boxes.values())
        if self.diagonals:
            out += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
        for _, cells in self.cages or []:
            out.append(sorted((r - 1) * n + c - 1 for r, c in cells))
        return out

    def __repr__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        givens = "1 given" if self.clues == 1 else f"{self.clues} givens"
        return f"Puzzle({self.kind_name} {self.size}x{self.size}, {givens}, {where} #{self.index})"

    @property
    def kind_name(self) -> str:
        """What a person calls it: ``kind``, but greater-than Sudoku and Adjacent Futoshiki by
        their names (they read back as kinds sudoku and futoshiki, whose texts they are)."""
        if self.boxed and self.signs:
            return "greater-than " + self.kind
        if self.adjacent is not None:
            return "adjacent futoshiki"
        return self.kind

    def check(self) -> None:
        """Raise TypeError or ValueError if a field is not what its type says; the engine
        checks the rules (clashing givens, signs between non-neighbours, regions)."""
        n = _whole(self.size, "size")
        if not 1 <= n <= 25:
            raise ValueError(f"size {n}: puzzles are 3 to 25 cells wide (Sudoku 4 to 25)")
        _int_list(self.givens, "givens", n * n, 0, n)
        if self.regions is not None:
            _int_list(self.regions, "regions", n * n, 1, n)
        elif self.box_rows is not None or self.box_cols is not None:
            shape = (_whole(self.box_rows, "box_rows"), _whole(self.box_cols, "box_cols"))
            standard = catalogue().box_shapes.get(n)
            if standard is None or shape not in (standard, standard[::-1]):
                raise ValueError(f"boxes of {shape[0]}x{shape[1]} do not fit a {n}x{n} Sudoku")
        if not isinstance(self.diagonals, bool):
            raise TypeError(f"diagonals must be True or False, not {self.diagonals!r}")
        for name in ("signs", "adjacent"):
            pairs = getattr(self, name)
            if pairs is None and name == "adjacent":
                continue
            if not isinstance(pairs, list):
                raise TypeError(f"{name} must be a list of (r1, c1, r2, c2) tuples, not {type(pairs).__name__}")
            for pair in pairs:
                if not (isinstance(pair, tuple) and len(pair) == 4):
                    raise TypeError(f"{name}: {pair!r} is not a (r1, c1, r2, c2) tuple")
                for v in pair:
                    _whole(v, name)

    @property
    def boxed(self) -> bool:
        return self.regions is not None or self.box_rows is not None

    @property
    def has_signs(self) -> bool:
        return bool(self.signs) or self.adjacent is not None

    @property
    def kind(self) -> str:
        if self.cages is not None:
            return "killer"
        if not self.boxed:
            return "futoshiki"
        base = "jigsaw" if self.regions is not None else "sudoku"
        if self.diagonals:
            return "sudoku-x" if base == "sudoku" else "jigsaw-x"
        return base

    @property
    def largest(self) -> int:
        """The largest value a cell takes."""
        return self.size

    @property
    def shape(self) -> tuple[int, int]:
        return self.size, self.size

    def geometry(self) -> tuple:
        """The engine's geometry term (prolog/facts/geometry.pl)."""
        if self.regions is not None:
            regions: tuple | str = ("regions", self.regions)
        elif self.box_rows is not None:
            regions = ("boxes", self.box_rows, self.box_cols)
        else:
            regions = "none"
        options: list = ["diagonals"] if self.diagonals else []
        if self.signs:
            options.append(("less", _pairs_text(self.signs)))
        if self.adjacent is not None:
            options.append(("adjacent", _pairs_text(self.adjacent)))
        if self.cages is not None:
            options.append(("cages", PrologString(";".join(
                f"{total}:" + ",".join(f"{r},{c}" for r, c in cells) for total, cells in self.cages))))
        return ("geometry", self.size, regions, options)

    def givens_text(self) -> PrologString:
        """The givens as the engine reads them: one character a cell."""
        return PrologString(self.to_line())

    @property
    def clues(self) -> int:
        return sum(1 for v in self.givens if v)

    def rows(self) -> list[list[int]]:
        n = self.size
        return [self.givens[r * n:(r + 1) * n] for r in range(n)]

    def region_of(self, r: int, c: int) -> int:
        """Region (box) number, 1-based, of the 0-based cell r, c."""
        if self.regions is not None:
            return self.regions[r * self.size + c]
        if self.box_rows is None or self.box_cols is None:
            return 1
        return (r // self.box_rows) * (self.size // self.box_cols) + c // self.box_cols + 1

    def to_line(self) -> str:
        return values_text(self.givens)

    def text_of(self, values: list[int]) -> str:
        """The grid as text with ``values`` (row-major, 0 blank) in its cells."""
        return render_text(self, values)


@dataclass(repr=False)
class Unreadable:
    """A puzzle of a file that could not be read: ``error`` says where and why.

    ``pybridge.load(..., errors="keep")`` puts one in place of each such puzzle,
    so that the others are still read; solving one gives an invalid Result.
    """

    error: PuzzleFormatError
    kind: str
    source: str = "<text>"
    index: int = 0
    line: int | None = None
    givens: list[int] = field(default_factory=list)

    shape = (0, 0)

    def __repr__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        return f"Unreadable({where} #{self.index}: {self.error.rule})"

    def __str__(self) -> str:
        return str(self.error)

    def text_of(self, values: list[int]) -> str:
        return str(self.error)

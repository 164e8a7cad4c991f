"""The Puzzle value: a Sudoku-family grid, its shape and where it came from."""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, NamedTuple

from ..engine.errors import ArgumentError, ArgumentTypeError, PuzzleFormatError
from ..engine.catalogue import catalogue
from .cells import values_text
from ..engine.foreign import PrologString
from .answers import chunks, flat, line_number, listed, values_of
from .kind import PuzzleKind
from .picture import SHADE, SIGN, Layout, Marks, svg_line
from .render import render_text

STANDARD = -1    # a Puzzle's box_rows and box_cols left out: the standard boxes of its size, if it has them


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be a whole number, not {value!r}")
    return value


def _int_list(values: object, name: str, length: int, low: int, high: int) -> None:
    if not isinstance(values, list) or len(values) != length:
        got = f"{len(values)} items" if isinstance(values, list) else type(values).__name__
        raise ArgumentTypeError(f"{name} must be a list of {length} whole numbers, not {got}")
    for i, v in enumerate(values):
        _whole(v, name)
        if not low <= v <= high:
            raise ArgumentError(f"{name}: {v} at r{i // int(length ** 0.5) + 1}c{i % int(length ** 0.5) + 1} "
                             f"is outside {low}..{high}")


class LatinRecord(NamedTuple):
    """A puzzle of the Sudoku family or a Futoshiki, as bridge_read/5 reads it: ``regions``
    [BoxRows, BoxCols], a region per cell, or [] (none); ``signs`` and ``marks`` flat
    R1,C1,R2,C2 lists (``marks`` "none" outside Adjacent mode); ``givens`` and
    ``solution`` texts ("" for no solution); ``cages`` a Killer's cages; ``extra`` a kind's
    own regions: its name, their word, each region flat (count, r1, c1, ...)."""

    tag: str
    index: int  # type: ignore[assignment]  # the field hides tuple.index, never used here
    line: int | str
    size: int
    regions: list[int]
    diagonals: int
    signs: list[int]
    marks: list[int] | str
    givens: str
    solution: str
    cages: list[int] | str     # "none", or each Killer cage flat: sum, count, r1, c1, ...
    extra: list[Any] | str          # "none", or [kind, word, count, r1, c1, ..., count, ...]


# A jigsaw's regions in words, as the page letters them on the board (region 1 is "a").
REGION_LETTERS = "abcdefghijklmnopqrstuvwxy"


@dataclass(frozen=True)
class ExtraRegions:
    """The regions a kind adds beyond rows, columns and boxes (a Windoku's windows), as its
    engine record gives them (prolog/kinds/): the kind, what one is called, and the cells
    (row, column from 1) of each."""

    kind: str
    word: str
    regions: tuple[tuple[tuple[int, int], ...], ...]

    @classmethod
    def fromflat(cls, flat: list[Any]) -> ExtraRegions:
        kind, word, *rest = flat
        regions, i = [], 0
        while i < len(rest):
            count = int(rest[i])
            cells = rest[i + 1:i + 1 + 2 * count]
            regions.append(tuple((int(r), int(c)) for r, c in zip(cells[::2], cells[1::2])))
            i += 1 + 2 * count
        return cls(str(kind), str(word), tuple(regions))


def _record_cages(flat: list[int]) -> list[tuple[int, list[tuple[int, int]]]]:
    """A Killer's cages from the record's flat list: sum, count, r1, c1, ..."""
    cages, i = [], 0
    while i < len(flat):
        total, count = flat[i], flat[i + 1]
        cells = flat[i + 2:i + 2 + 2 * count]
        cages.append((int(total), [(int(r), int(c)) for r, c in zip(cells[::2], cells[1::2])]))
        i += 2 + 2 * count
    return cages


@dataclass(repr=False, frozen=True)
class Puzzle(PuzzleKind):
    """A Latin-square puzzle: Sudoku, jigsaw, Sudoku X, Futoshiki.

    ``givens`` is row-major, 0 for a blank.  Either ``box_rows``/``box_cols``
    (boxes) or ``regions`` (jigsaw: a region number 1..n per cell) describes
    the boxes.  Left out, a puzzle with no signs, marks, regions or cages has
    the standard boxes of its size (``Puzzle(9, givens)`` is a Sudoku); give
    ``box_rows=None, box_cols=None`` for none (a Futoshiki, which signs say).
    ``diagonals`` adds the two main diagonals (Sudoku X).  ``signs`` holds
    (r1, c1, r2, c2), 1-based: r1c1 < r2c2 (Futoshiki, greater-than Sudoku);
    ``adjacent``, when not None, is Adjacent mode: the marked neighbour pairs
    differ by exactly 1, all other neighbours by more.  ``solution`` is one
    the file gave (a CSV's solution column), to check puzzlog's against.
    """

    size: int
    givens: list[int]
    box_rows: int | None = STANDARD
    box_cols: int | None = STANDARD
    regions: list[int] | None = None
    diagonals: bool = False
    source: str = field(default="<text>", compare=False)
    index: int = field(default=0, compare=False)
    line: int | None = field(default=None, compare=False)
    signs: list[tuple[int, int, int, int]] = field(default_factory=list)
    adjacent: list[tuple[int, int, int, int]] | None = None
    solution: list[int] | None = field(default=None, compare=False)
    cages: list[tuple[int, list[tuple[int, int]]]] | None = None
    extra: ExtraRegions | None = None
    __hash__ = PuzzleKind.__hash__

    def __post_init__(self) -> None:
        if self.box_rows == STANDARD or self.box_cols == STANDARD:
            shape = None
            if self.box_rows == self.box_cols == STANDARD and self.regions is None and not self.signs \
                    and self.adjacent is None and isinstance(self.size, int):
                shape = catalogue().box_shapes.get(self.size)
            object.__setattr__(self, "box_rows", shape[0] if shape else None)   # frozen: set once, here
            object.__setattr__(self, "box_cols", shape[1] if shape else None)
        self.check()   # a puzzle made by hand is refused at once, not where it is first used

    def __repr__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        givens = "1 given" if self.clues == 1 else f"{self.clues} givens"
        return f"Puzzle({self.kind_name} {self.size}x{self.size}, {givens}, {where} #{self.index})"

    @property
    def catalogue_name(self) -> str:
        if self.boxed and self.signs:
            return "greater-than"
        return "adjacent" if self.adjacent is not None else self.kind

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
            raise ArgumentError(f"size {n}: puzzles are 3 to 25 cells wide (Sudoku 4 to 25)")
        _int_list(self.givens, "givens", n * n, 0, n)
        if self.regions is not None:
            _int_list(self.regions, "regions", n * n, 1, n)
        elif self.box_rows is not None or self.box_cols is not None:
            shape = (_whole(self.box_rows, "box_rows"), _whole(self.box_cols, "box_cols"))
            standard = catalogue().box_shapes.get(n)
            if standard is None or shape not in (standard, standard[::-1]):
                raise ArgumentError(f"boxes of {shape[0]}x{shape[1]} do not fit a {n}x{n} Sudoku")
        if self.extra is not None and not isinstance(self.extra, ExtraRegions):
            raise ArgumentTypeError(f"extra must be ExtraRegions (as a puzzle read gives it), not {type(self.extra).__name__}")
        if not isinstance(self.diagonals, bool):
            raise ArgumentTypeError(f"diagonals must be True or False, not {self.diagonals!r}")
        for name in ("signs", "adjacent"):
            pairs = getattr(self, name)
            if pairs is None and name == "adjacent":
                continue
            if not isinstance(pairs, list):
                raise ArgumentTypeError(f"{name} must be a list of (r1, c1, r2, c2) tuples, not {type(pairs).__name__}")
            for pair in pairs:
                if not (isinstance(pair, tuple) and len(pair) == 4):
                    raise ArgumentTypeError(f"{name}: {pair!r} is not a (r1, c1, r2, c2) tuple")
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
        if self.extra is not None:
            return self.extra.kind
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

    def geometry(self) -> tuple[Any, ...]:
        """The engine's geometry term (prolog/facts/geometry.pl)."""
        if self.regions is not None:
            regions: tuple[Any, ...] | str = ("regions", self.regions)
        elif self.box_rows is not None:
            regions = ("boxes", self.box_rows, self.box_cols)
        else:
            regions = "none"
        options: list[Any] = ["diagonals"] if self.diagonals else []
        if self.signs:
            options.append(("less", flat(self.signs)))
        if self.adjacent is not None:
            options.append(("adjacent", flat(self.adjacent)))
        if self.extra is not None:
            options.append(("extra", self.extra.kind))
        if self.cages is not None:
            options.append(("cages", [x for total, cells in self.cages for x in (total, len(cells), *flat(cells))]))
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

    def cell_words(self) -> list[str]:
        n = self.size
        words: list[list[str]] = [[] for _ in range(n * n)]

        def at(r: int, c: int) -> list[str]:
            return words[(r - 1) * n + c - 1]

        if self.regions is not None:   # lettered as the page draws them (a, b, c ...)
            for i, region in enumerate(self.regions):
                words[i].append(f"region {REGION_LETTERS[region - 1]}")
        if self.diagonals:
            for i in range(n):
                at(i + 1, i + 1).append("on the main diagonal")
                at(i + 1, n - i).append("on the anti-diagonal")
        if self.extra is not None:
            for number, window in enumerate(self.extra.regions, 1):
                for r, c in window:
                    at(r, c).append(f"in {self.extra.word} {number}")
        for total, cage in self.cages or []:
            for r, c in cage:
                at(r, c).append(f"cage of {len(cage)} cells, sum {total}")
        for r1, c1, r2, c2 in self.signs:   # r1c1 < r2c2
            at(r1, c1).append(f"less than the cell {_towards(r1, c1, r2, c2)}")
            at(r2, c2).append(f"greater than the cell {_towards(r2, c2, r1, c1)}")
        for r1, c1, r2, c2 in self.adjacent or []:
            at(r1, c1).append(f"1 apart from the cell {_towards(r1, c1, r2, c2)}")
            at(r2, c2).append(f"1 apart from the cell {_towards(r2, c2, r1, c1)}")
        return [", ".join(parts) for parts in words]

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

    # ---------------------------------------------------------------- the kind's protocol
    @classmethod
    def from_record(cls, raw: list[Any], source: str) -> Puzzle:
        """The puzzle of one record of prolog/bridge.pl's bridge_read/5 (LatinRecord)."""
        rec = LatinRecord._make(raw)
        box_rows = box_cols = None
        region_ids = None
        if len(rec.regions) == 2:
            box_rows, box_cols = rec.regions
        elif rec.regions:
            region_ids = rec.regions
        marks, cages, extra = listed(rec.marks), listed(rec.cages), listed(rec.extra)
        return cls(rec.size, values_of(rec.givens), box_rows, box_cols, region_ids, bool(rec.diagonals), source,
                   rec.index, line_number(rec.line), signs=chunks(rec.signs, 4),
                   adjacent=None if marks is None else chunks(marks, 4),
                   solution=values_of(rec.solution) if rec.solution else None,
                   cages=None if cages is None else _record_cages(cages),
                   extra=None if extra is None else ExtraRegions.fromflat(extra))

    formats = ("line", "grid", "sdk", "solo", "unequal", "killer")
    written_as = "Sudoku"

    @property
    def default_techniques(self) -> str:  # type: ignore[override]
        """Boxes make intersections and pairs pay for themselves; Futoshiki's signs already
        prune most of what they would find."""
        return "pairs" if self.boxed else "singles"

    @property
    def spaced(self) -> bool:  # type: ignore[override]
        return not self.boxed  # Futoshiki: signs between the cells

    @property
    def native_format(self) -> str:
        if self.cages is not None:
            return "killer"
        if not self.boxed:
            return "unequal"
        return "grid" if self.has_signs else "line"

    def written(self, fmt: str) -> str:
        from .formats import latin_text  # the writers of the Latin squares (they read this module)
        return latin_text(self, fmt)

    @classmethod
    def joined(cls, texts: list[str], fmt: str) -> str:
        return ("\n\n" if fmt in ("grid", "sdk") else "\n").join(texts) + "\n"   # a line a puzzle

    def puzzle_line(self) -> str:
        from .formats import to_line  # the writers of the Latin squares (they read this module)
        return to_line(self) if self.boxed else self.written("unequal").strip()

    def picture_cells(self, layout: Layout, marks: Marks) -> list[str]:
        return _latin_cells(self, layout, marks)

    def picture_over(self, layout: Layout) -> list[str]:
        return _signs(self, layout)

    def labelled_cells(self) -> set[tuple[int, int]]:
        return {min(cells) for _, cells in self.cages or []}   # each cage's sum, in its first cell


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


# ---------------------------------------------------------------- pictures

def _latin_cells(p: Puzzle, layout: Layout, marks: Marks) -> list[str]:
    """Cell backgrounds, thin cell lines, thick region borders."""
    n, s = p.size, layout.size
    shaded = {cell for region in p.extra.regions for cell in region} if p.extra else set()  # a kind's own regions
    out = []
    for r in range(n):
        for c in range(n):
            shade = (p.diagonals and (r == c or r + c == n - 1)) or (r + 1, c + 1) in shaded
            fill = marks.fill((r + 1, c + 1)) or (SHADE if shade else "#fff")
            stroke = ' stroke="#333" stroke-width="1.5"' if layout.gap else ' stroke="#aaa" stroke-width="1"'
            out.append(f'<rect data-cell="r{r + 1}c{c + 1}" x="{layout.x(c)}" y="{layout.y(r)}" width="{s}" '
                       f'height="{s}" fill="{fill}"{stroke}/>')
    if layout.gap:
        return out
    for r in range(n):
        for c in range(n):
            here = p.region_of(r, c)
            if c + 1 < n and p.region_of(r, c + 1) != here:
                x = layout.x(c + 1)
                out.append(svg_line(x, layout.y(r), x, layout.y(r + 1), 3))
            if r + 1 < n and p.region_of(r + 1, c) != here:
                y = layout.y(r + 1)
                out.append(svg_line(layout.x(c), y, layout.x(c + 1), y, 3))
    out.append(f'<rect x="{layout.margin}" y="{layout.margin}" width="{n * s}" height="{n * s}" fill="none" '
               'stroke="#222" stroke-width="3"/>')
    return out + _cages(p, layout)


def _cages(p: Puzzle, layout: Layout) -> list[str]:
    """A Killer's cages: a dashed outline inside each, its sum small in its first cell."""
    out: list[str] = []
    inset, s = 4, layout.size
    for total, cells in p.cages or []:
        inside = set(cells)
        for r, c in cells:
            x0, y0 = layout.x(c - 1) + inset, layout.y(r - 1) + inset
            x1, y1 = layout.x(c) - inset, layout.y(r) - inset
            # each side that borders another cage: its dashed edge, reaching to the neighbour
            # cell's inset when the cage goes on there
            left = x0 if (r, c - 1) not in inside else x0 - 2 * inset
            right = x1 if (r, c + 1) not in inside else x1 + 2 * inset
            top = y0 if (r - 1, c) not in inside else y0 - 2 * inset
            bottom = y1 if (r + 1, c) not in inside else y1 + 2 * inset
            for edge, line in (((r - 1, c), (left, y0, right, y0)), ((r + 1, c), (left, y1, right, y1)),
                               ((r, c - 1), (x0, top, x0, bottom)), ((r, c + 1), (x1, top, x1, bottom))):
                if edge not in inside:
                    out.append(f'<line x1="{line[0]:.1f}" y1="{line[1]:.1f}" x2="{line[2]:.1f}" y2="{line[3]:.1f}" '
                               'stroke="#555" stroke-width="1" stroke-dasharray="3,2" class="cage"/>')
        r, c = min(cells)
        out.append(f'<text data-sum="r{r}c{c}" x="{layout.x(c - 1) + 6:.1f}" y="{layout.y(r - 1) + s * 0.28:.1f}" '
                   f'font-size="{s * 0.24:.1f}" fill="#333" class="cage-sum">{total}</text>')
    return out


def _signs(p: Puzzle, layout: Layout) -> list[str]:
    """Each sign points at the smaller cell, each Adjacent mark is a bar across the border."""
    s, g = layout.size, layout.gap
    out = []
    font = s * 0.42 if g else s * 0.36
    for r1, c1, r2, c2 in p.signs:  # r1c1 < r2c2
        across = r1 == r2
        (ra, ca), (rb, cb) = sorted([(r1, c1), (r2, c2)])
        first_smaller = (ra, ca) == (r1, c1)
        glyph = ("<" if first_smaller else ">") if across else ("∧" if first_smaller else "∨")
        cx, cy = _border_middle(layout, ra - 1, ca - 1, across)
        if not g:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s * 0.17:.1f}" fill="#fff" stroke="{SIGN}" '
                       'stroke-width="0.8"/>')
        out.append(f'<text class="sign" x="{cx:.1f}" y="{cy + font * 0.36:.1f}" font-size="{font:.1f}" '
                   f'fill="{SIGN}" font-weight="bold" text-anchor="middle">{escape(glyph)}</text>')
    for r1, c1, r2, c2 in p.adjacent or []:
        across = r1 == r2
        (ra, ca), _ = sorted([(r1, c1), (r2, c2)])
        cx, cy = _border_middle(layout, ra - 1, ca - 1, across)
        h = s * 0.22
        bar = svg_line(cx, cy - h, cx, cy + h, 4, SIGN) if across else svg_line(cx - h, cy, cx + h, cy, 4, SIGN)
        out.append(bar.replace("<line ", '<line class="adjacent" ', 1))
    return out


def _towards(r: int, c: int, r2: int, c2: int) -> str:
    """Where neighbour r2c2 lies from r, c, in words."""
    return "to its right" if c2 > c else "to its left" if c2 < c else "below" if r2 > r else "above"


def _border_middle(layout: Layout, r: int, c: int, across: bool) -> tuple[float, float]:
    """The middle of what lies between cell r, c (from 0) and its right or lower neighbour."""
    s, g = layout.size, layout.gap
    if across:
        return layout.x(c) + s + g / 2, layout.y(r) + s / 2
    return layout.x(c) + s / 2, layout.y(r) + s + g / 2

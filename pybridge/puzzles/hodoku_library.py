"""HoDoKu's library format: one position of a 9x9 Sudoku and one technique's step in it a line.

A line reads ``:<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>``
(HoDoKu's own header gives it): ``<givens>`` 81 characters, a ``+`` before a digit placed since
the start; ``<deleted>`` the candidates gone besides those the placed digits take; steps and
candidates written ``<digit><row><col>`` and separated by blanks.  A technique code ending in
``-x`` is a fail case: no instance of the technique may be found there.  HoDoKu's regression
library (``reglib``) is such a file; puzzlog reads it to check its techniques against HoDoKu's
expectations (bench/reglib.py, tests/test_reglib.py), never to ship it.

>>> [case] = read_library(":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:")
>>> case.code, case.placements, case.techniques
('0003', frozenset({(2, 9, 8)}), ('naked_single',))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine import swipl
from ..engine.errors import PuzzleFormatError

SIDE = 9
# HoDoKu's technique codes (its SolutionType) and the techniques of puzzlog's ladder that make
# the same step: a code of several is met when any of them makes it.
TECHNIQUES: dict[str, tuple[str, ...]] = {
    "0000": ("naked_single",),   # a full house: the last empty cell of a unit is a naked single
    "0002": ("hidden_single_row", "hidden_single_column", "hidden_single_box"),
    "0003": ("naked_single",),
    "0100": ("pointing",),
    "0101": ("box_line",),
    "0200": ("naked_pair",),
    "0201": ("naked_triple",),
    "0110": ("naked_pair",),         # a locked pair: a naked pair in its line and in its box
    "0111": ("naked_triple",),
    "0202": ("naked_quad",),
    "0210": ("hidden_pair",),
    "0211": ("hidden_triple",),
    "0212": ("hidden_quad",),
    "0300": ("x_wing",),
    "0301": ("swordfish",),
    "0302": ("jellyfish",),
    "0310": ("finned_x_wing",),
    "0311": ("finned_swordfish",),
    "0312": ("finned_jellyfish",),
    "0320": ("sashimi_x_wing",),
    "0321": ("sashimi_swordfish",),
    "0322": ("sashimi_jellyfish",),
    "0400": ("skyscraper",),
    "0401": ("two_string_kite",),
    "0402": ("empty_rectangle",),
    "0403": ("skyscraper", "two_string_kite", "x_chain"),   # a turbot fish is an x-chain of 3 links
    "0404": ("two_string_kite",),    # the dual ones: two of them side by side
    "0405": ("empty_rectangle",),
    "0500": ("simple_colouring",),
    "0501": ("simple_colouring",),
    "0600": ("unique_rectangle_1",),
    "0601": ("unique_rectangle_2",),
    "0602": ("unique_rectangle_3",),
    "0603": ("unique_rectangle_4",),
    "0604": ("unique_rectangle_5",),
    "0605": ("unique_rectangle_6",),
    "0606": ("hidden_rectangle",),
    "0610": ("bug_plus_1",),
    "0701": ("x_chain",),
    "0702": ("xy_chain",),
    "0703": ("xy_chain",),           # remote pairs: an xy-chain of one pair of values
    "0706": ("aic",),                # nice loops: AICs, a continuous one an AIC a link
    "0707": ("aic",),
    "0708": ("aic",),
    "0709": ("grouped_aic",),        # grouped nice loops and AICs: a box-line group as a node
    "0710": ("grouped_aic",),
    "0711": ("grouped_aic",),
    "0800": ("xy_wing",),
    "0901": ("als_xz",),
    "0902": ("als_xy_wing", "als_chain"),   # its sets may overlap in an ALS chain
    "0903": ("als_chain",),
    "0904": ("death_blossom",),
    "0801": ("xyz_wing",),
    "0803": ("w_wing",),
    "1101": ("sue_de_coq",),
}
# Variants of a code that another of puzzlog's techniques makes: nice loops and AICs with ALS nodes.
VARIANT_TECHNIQUES = {"0709-2": ("als_aic",), "0710-3": ("als_aic",), "0710-4": ("als_aic",),
                      "0711-3": ("als_aic",), "0711-4": ("als_aic",)}
# Variants of a code that puzzlog's technique does not cover: counted as techniques it lacks.
VARIANTS_NOT_BUILT = {"0600-2": "unique rectangles with missing candidates",
                      "0601-2": "unique rectangles with missing candidates",
                      "0602-2": "unique rectangles with missing candidates",
                      "0603-2": "unique rectangles with missing candidates",
                      "0604-2": "unique rectangles with missing candidates",
                      "0605-2": "unique rectangles with missing candidates",
                      "0606-2": "hidden rectangles with missing candidates"}
CHAINS = ("skyscraper", "two_string_kite", "x_chain", "xy_chain", "aic", "grouped_aic", "als_aic")  # chain_technique/1
Triple = tuple[int, int, int]
Verdict = Literal["exact", "covered", "walked", "partial", "missed", "clean", "found", "absent"]
GEOMETRY: tuple[object, ...] = ("geometry", SIDE, ("boxes", 3, 3), [])
MAX_INSTANCES = 500
WALK_STEPS = 40


@dataclass(frozen=True)
class LibraryCase:
    """One line of a HoDoKu library: the position as engine cell codes (a placed digit, or minus
    the bit set of the candidates, bit V-1 for V), the ``eliminations`` and ``placements`` the
    technique makes there, (row, col, value) triples, and the ``extra`` field (a chain's length
    in inferences)."""

    code: str
    line: int
    digits: tuple[int, ...]
    codes: tuple[int, ...]
    eliminations: frozenset[Triple]
    placements: frozenset[Triple]
    extra: str = ""

    @property
    def base(self) -> str:
        """The technique's code without its variant ("0402" of "0402-1")."""
        return self.code.split("-")[0]

    @property
    def fail(self) -> bool:
        """A fail case: no instance of the technique may be found."""
        return self.code.endswith("-x")

    @property
    def techniques(self) -> tuple[str, ...]:
        """puzzlog's techniques that make this step (none: puzzlog has no such technique)."""
        if self.code in VARIANTS_NOT_BUILT:
            return ()
        return VARIANT_TECHNIQUES.get(self.code) or TECHNIQUES.get(self.base, ())

    @property
    def expected(self) -> frozenset[tuple[str, int, int, int]]:
        """What the step makes: ("p", r, c, v) placements and ("r", r, c, v) removals."""
        return frozenset({("p", *t) for t in self.placements} | {("r", *t) for t in self.eliminations})

    def effects(self) -> list[frozenset[tuple[str, int, int, int]]]:
        """What each instance puzzlog's techniques for this code find in the position makes
        (placements, and removals of candidates still there)."""
        with swipl.assume_unique():   # HoDoKu's uniqueness cases are positions of unique puzzles
            return self._effects()

    def _effects(self) -> list[frozenset[tuple[str, int, int, int]]]:
        targets = [x for r, c, v in sorted(self.eliminations) for x in (r, c, v)]
        out = []
        for technique in self.techniques:
            found = swipl.call("bridge_technique_effects", [GEOMETRY, list(self.codes), technique, MAX_INSTANCES], 1)[0]
            if technique in CHAINS and targets:
                # a chain technique's step is its shortest chain; HoDoKu names a chain by what it
                # removes, so the shortest chain that removes each of those is asked for too
                found += swipl.call("bridge_chain_effects", [GEOMETRY, list(self.codes), technique, targets], 1)[0]
            for placed, removed in found:
                out.append(frozenset({("p", *placed[i:i + 3]) for i in range(0, len(placed), 3)}
                                     | {("r", *removed[i:i + 3]) for i in range(0, len(removed), 3)}))
        return out

    def walked(self) -> frozenset[tuple[str, int, int, int]]:
        """What successive steps of puzzlog's techniques for this code alone make from the
        position (up to WALK_STEPS of them): a chain technique gives one chain a step, the
        shortest, so the one HoDoKu names may come after others."""
        with swipl.assume_unique():
            _status, items, _codes = swipl.call("bridge_steps", [GEOMETRY, list(self.codes), list(self.techniques),
                                                                  WALK_STEPS], 3)
        made: set[tuple[str, int, int, int]] = set()
        for item in items:
            placed, removed = item[4], item[5]
            made |= {("p", *placed[i:i + 3]) for i in range(0, len(placed), 3)}
            made |= {("r", *removed[i:i + 3]) for i in range(0, len(removed), 3)}
        return frozenset(made)

    def verdict(self) -> Verdict:
        """How puzzlog meets the case: ``exact`` (an instance makes just the step), ``covered``
        (instances make all of it between them), ``walked`` (successive steps of the technique
        alone make all of it), ``partial`` (some of it), ``missed`` (none); for a fail case
        ``clean`` (no instance found, as it must be) or ``found``; ``absent`` when puzzlog has
        no technique for the code."""
        if not self.techniques:
            return "absent"
        effects = self.effects()
        if self.fail:
            return "found" if effects else "clean"
        expected = self.expected
        if any(e == expected for e in effects):
            return "exact"
        made = frozenset().union(*effects) if effects else frozenset()
        if expected <= made:
            return "covered"
        made |= self.walked()
        if expected <= made:
            return "walked"
        return "partial" if expected & made else "missed"


def read_library(text: str, source: str = "<library>") -> list[LibraryCase]:
    """The cases of a library file's text; comment lines (#) and blank ones are passed over.
    Raises PuzzleFormatError naming the line of a case that cannot be read."""
    cases = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            cases.append(_case(line, number))
        except (ValueError, IndexError) as exc:
            raise PuzzleFormatError(f"{source}, line {number}: not a HoDoKu library case: {exc}") from None
    return cases


def _case(line: str, number: int) -> LibraryCase:
    fields = line.split(":")
    if len(fields) < 7 or fields[0] != "":
        raise ValueError("it has fewer than 7 fields separated by ':'")
    code, digits, givens, deleted, eliminations, placements = fields[1:7]
    extra = fields[7] if len(fields) > 7 else ""
    values = _grid(givens)
    gone = {(r, c, v) for v, r, c in _triples(deleted)}
    codes = []
    for r in range(1, SIDE + 1):
        for c in range(1, SIDE + 1):
            placed = values[(r - 1) * SIDE + c - 1]
            if placed:
                codes.append(placed)
                continue
            seen = {values[(rr - 1) * SIDE + cc - 1] for rr, cc in _peers(r, c)}
            mask = sum(1 << (v - 1) for v in range(1, SIDE + 1) if v not in seen and (r, c, v) not in gone)
            if not mask:
                raise ValueError(f"r{r}c{c} has no candidate left")
            codes.append(-mask)
    return LibraryCase(code, number, tuple(sorted({int(item[0]) for item in digits.split() if item[:1].isdigit()})),
                       tuple(codes),
                       frozenset((r, c, v) for v, r, c in _triples(eliminations)),
                       frozenset((r, c, v) for v, r, c in _triples(placements)), extra.strip())


def _grid(givens: str) -> list[int]:
    values: list[int] = []
    for ch in givens:
        if ch == "+":
            continue
        if ch in ".0":
            values.append(0)
        elif ch.isdigit():
            values.append(int(ch))
        else:
            raise ValueError(f"{ch!r} in the givens")
    if len(values) != SIDE * SIDE:
        raise ValueError(f"the givens hold {len(values)} cells, not {SIDE * SIDE}")
    return values


def _triples(text: str) -> list[Triple]:
    """``<digit><row><col>`` items as (digit, row, col)."""
    out = []
    for item in text.split():
        if len(item) != 3 or not item.isdigit() or "0" in item:
            raise ValueError(f"{item!r} is not <digit><row><col>")
        out.append((int(item[0]), int(item[1]), int(item[2])))
    return out


def _peers(r: int, c: int) -> list[tuple[int, int]]:
    box_r, box_c = (r - 1) // 3 * 3, (c - 1) // 3 * 3
    cells = {(r, cc) for cc in range(1, SIDE + 1)} | {(rr, c) for rr in range(1, SIDE + 1)}
    cells |= {(box_r + i, box_c + j) for i in range(1, 4) for j in range(1, 4)}
    cells.discard((r, c))
    return sorted(cells)


__all__ = ["TECHNIQUES", "VARIANTS_NOT_BUILT", "LibraryCase", "read_library"]

"""The ladder's upper rungs: each technique on a position built to hold its pattern, where it must
remove exactly the candidates the pattern's logic names, and on a near miss, where it must find
nothing.  Positions are 9x9 Sudoku candidate grids: every cell 1-9 unless a test restricts it, so
the pattern under test is the only one of its kind."""
from __future__ import annotations

import re

import pytest

import pybridge
from conftest import candidate_codes, engine_step

GEOMETRY = pybridge.load("." * 81)[0].geometry()
ROW = {r: [(r, c) for c in range(1, 10)] for r in range(1, 10)}
COL = {c: [(r, c) for r in range(1, 10)] for c in range(1, 10)}
BOX = {b: [(r, c) for r in range(1, 10) for c in range(1, 10) if (r - 1) // 3 * 3 + (c - 1) // 3 + 1 == b]
       for b in range(1, 10)}


class Grid:
    """A candidate grid under construction."""

    def __init__(self) -> None:
        self.cands = {(r, c): set(range(1, 10)) for r in range(1, 10) for c in range(1, 10)}

    def only(self, digit: int, unit: list[tuple[int, int]], *keep: tuple[int, int]) -> "Grid":
        """``digit`` can go only in the cells ``keep`` of ``unit``."""
        for cell in unit:
            if cell not in keep:
                self.cands[cell].discard(digit)
        return self

    def cell(self, r: int, c: int, *values: int) -> "Grid":
        self.cands[(r, c)] = set(values)
        return self

    def step(self, technique: str):
        return engine_step(technique, GEOMETRY, candidate_codes(9, self.cands))


def fires(grid: Grid, technique: str, expected: list[tuple[int, int, int]]) -> str:
    status, name, text, placed, removed = grid.step(technique)
    assert (status, name) == ("step", technique), text
    assert placed == [] and removed == sorted(expected), text
    return text


def stuck(grid: Grid, technique: str) -> None:
    status, _, text, _, _ = grid.step(technique)
    assert status == "stuck", text


def x_wing() -> Grid:
    return Grid().only(5, ROW[2], (2, 3), (2, 7)).only(5, ROW[6], (6, 3), (6, 7))


def test_x_wing():
    text = fires(x_wing(), "x_wing", [(r, c, 5) for r in (1, 3, 4, 5, 7, 8, 9) for c in (3, 7)])
    assert "5 in row 2, row 6 can only go in column 3, column 7" in text
    stuck(Grid().only(5, ROW[2], (2, 3), (2, 7)).only(5, ROW[6], (6, 3), (6, 7), (6, 8)), "x_wing")


def test_swordfish():
    grid = Grid().only(4, ROW[1], (1, 1), (1, 4)).only(4, ROW[5], (5, 4), (5, 7)).only(4, ROW[9], (9, 1), (9, 7))
    fires(grid, "swordfish", [(r, c, 4) for c in (1, 4, 7) for r in (2, 3, 4, 6, 7, 8)])
    stuck(grid.only(4, ROW[9], (9, 1), (9, 7), (9, 8)), "x_wing")
    grid = Grid().only(4, ROW[1], (1, 1), (1, 4)).only(4, ROW[5], (5, 4), (5, 7)).only(4, ROW[9], (9, 1), (9, 8))
    stuck(grid, "swordfish")


def test_jellyfish():
    grid = (Grid().only(2, ROW[1], (1, 1), (1, 2)).only(2, ROW[3], (3, 2), (3, 3))
            .only(2, ROW[5], (5, 3), (5, 4)).only(2, ROW[7], (7, 1), (7, 4)))
    fires(grid, "jellyfish", [(r, c, 2) for c in (1, 2, 3, 4) for r in (2, 4, 6, 8, 9)])
    stuck(grid.only(2, ROW[7], (7, 1), (7, 4), (7, 5)).cell(7, 5, 2, 3), "jellyfish")


def test_xy_wing():
    grid = Grid().cell(1, 1, 1, 2).cell(1, 5, 1, 3).cell(5, 1, 2, 3)
    text = fires(grid, "xy_wing", [(5, 5, 3)])
    assert text.startswith("xy wing: r1c1 is 1 or 2, so r1c5 (1 or 3) or r5c1 (2 or 3) is 3")
    stuck(Grid().cell(1, 1, 1, 2).cell(1, 5, 1, 3).cell(5, 1, 2, 4), "xy_wing")


def test_xyz_wing():
    grid = Grid().cell(1, 1, 1, 2, 3).cell(1, 8, 1, 3).cell(2, 2, 2, 3)
    fires(grid, "xyz_wing", [(1, 2, 3), (1, 3, 3)])
    stuck(Grid().cell(1, 1, 1, 2, 3).cell(1, 8, 1, 3).cell(2, 2, 2, 4), "xyz_wing")
    stuck(grid, "xy_wing")


def test_w_wing():
    grid = Grid().cell(1, 1, 4, 7).cell(5, 9, 4, 7).only(4, ROW[9], (9, 1), (9, 9))
    text = fires(grid, "w_wing", [(1, 9, 7), (5, 1, 7)])
    assert "4 in row 9 goes in r9c1, which sees r1c1, or in r9c9, which sees r5c9" in text
    stuck(Grid().cell(1, 1, 4, 7).cell(5, 9, 4, 7).only(4, ROW[9], (9, 1), (9, 5), (9, 9)), "w_wing")


def test_skyscraper():
    grid = Grid().only(6, COL[2], (1, 2), (7, 2)).only(6, COL[5], (3, 5), (7, 5))
    fires(grid, "skyscraper", [(1, 4, 6), (1, 6, 6), (3, 1, 6), (3, 3, 6)])
    stuck(Grid().only(6, COL[2], (1, 2), (7, 2)).only(6, COL[5], (3, 5), (8, 5)), "skyscraper")


def test_two_string_kite():
    grid = Grid().only(9, ROW[1], (1, 2), (1, 7)).only(9, COL[8], (2, 8), (6, 8))
    fires(grid, "two_string_kite", [(6, 2, 9)])
    stuck(Grid().only(9, ROW[1], (1, 2), (1, 7)).only(9, COL[8], (5, 8), (6, 8)), "two_string_kite")


def test_simple_colouring_trap():
    grid = Grid().only(3, ROW[1], (1, 1), (1, 5)).only(3, COL[5], (1, 5), (9, 5)).only(3, BOX[8], (9, 5), (8, 4))
    text = fires(grid, "simple_colouring", [(8, 1, 3)])
    assert "alternate between {r1c1, r9c5} and {r1c5, r8c4}" in text


def test_simple_colouring_wrap():
    grid = (Grid().only(3, ROW[1], (1, 1), (1, 4)).only(3, COL[4], (1, 4), (5, 4))
            .only(3, ROW[5], (5, 4), (5, 2)).only(3, COL[2], (5, 2), (2, 2)))
    text = fires(grid, "simple_colouring", [(1, 1, 3), (2, 2, 3), (5, 4, 3)])
    assert "r1c1 and r2c2 are in the first set and see each other" in text
    stuck(Grid().only(3, ROW[1], (1, 1), (1, 4)), "simple_colouring")


def test_x_chain():
    grid = (Grid().only(7, ROW[1], (1, 1), (1, 4)).only(7, ROW[6], (6, 4), (6, 8))
            .only(7, ROW[9], (9, 8), (9, 2)))
    text = fires(grid, "x_chain", [(2, 2, 7), (3, 2, 7), (7, 1, 7), (8, 1, 7)])
    assert text.startswith("x chain: if r1c1 is not 7, then r1c4 is 7 (the other place for 7 in row 1), "
                           "r6c4 is not 7 (column 4), r6c8 is 7 (the other place for 7 in row 6), "
                           "r9c8 is not 7 (column 8), r9c2 is 7 (the other place for 7 in row 9): "
                           "so r1c1 is 7 or r9c2 is 7")
    stuck(Grid().only(7, ROW[1], (1, 1), (1, 4)).only(7, ROW[6], (6, 4), (6, 8)), "x_chain")


def test_xy_chain():
    grid = Grid().cell(1, 1, 1, 2).cell(1, 5, 2, 3).cell(5, 5, 3, 4).cell(5, 9, 1, 4)
    fires(grid, "xy_chain", [(1, 9, 1), (5, 1, 1)])
    stuck(Grid().cell(1, 1, 1, 2).cell(1, 5, 2, 3).cell(5, 5, 3, 4).cell(5, 9, 4, 6), "xy_chain")


def aic() -> Grid:
    return Grid().only(4, BOX[1], (2, 1), (3, 3)).cell(8, 3, 2, 4).only(2, BOX[4], (5, 3), (6, 1))


def test_aic_mixes_unit_and_cell_links():
    text = fires(aic(), "aic", [(2, 1, 2), (6, 1, 4)])
    assert "r8c3 is 2 (its other candidate)" in text and "(the other place for 2 in box 4)" in text
    # neither kind of chain alone reaches it
    stuck(aic(), "x_chain")
    stuck(aic(), "xy_chain")
    near_miss = Grid().only(4, BOX[1], (2, 1), (3, 3)).cell(8, 3, 2, 4).only(2, BOX[4], (5, 3), (6, 1), (4, 2))
    stuck(near_miss, "aic")


def grouped() -> Grid:
    """7 in row 1 only at r1c1, r1c4; in column 4 at r1c4, r5c4, r6c4; in box 5 at r5c4, r6c4,
    r5c6: no single cell of box 5 is linked strongly, a group of two of them is."""
    return (Grid().only(7, ROW[1], (1, 1), (1, 4)).only(7, COL[4], (1, 4), (5, 4), (6, 4))
            .only(7, BOX[5], (5, 4), (6, 4), (5, 6)))


def test_grouped_aic_takes_a_box_line_group_as_a_node():
    text = fires(grouped(), "grouped_aic", [(5, 1, 7)])
    # r6c4 is not 7, so 7 in box 5 is in the group where it crosses row 5
    assert ("if r1c1 is not 7, then r1c4 is 7 (the other place for 7 in row 1), r6c4 is not 7 (column 4), "
            "r5c4 or r5c6 is 7 (the other place for 7 in box 5): so r1c1 is 7 or r5c4 or r5c6 is 7") in text
    # without groups no chain reaches it
    stuck(grouped(), "x_chain")
    stuck(grouped(), "aic")
    # with a fourth place of 7 in box 5, r4c6, the chain ends in r4c6 or r5c6, which no cell
    # that sees r1c1 sees both of: nothing is removed
    near_miss = (Grid().only(7, ROW[1], (1, 1), (1, 4)).only(7, COL[4], (1, 4), (5, 4), (6, 4))
                 .only(7, BOX[5], (5, 4), (6, 4), (5, 6), (4, 6)))
    stuck(near_miss, "grouped_aic")


def test_a_doubly_linked_als_xz_locks_both_sets():
    # A = r2c1 {1,4}, r3c2 {2,4} (box 1) and B = r2c4 {1,5}, r3c5 {2,5} (box 2) share 1 (row 2) and 2
    # (row 3): each lacks 1 or 2 and holds the rest, so 4 is in A, 5 in B, 1 in row 2, 2 in row 3
    grid = Grid().cell(2, 1, 1, 4).cell(3, 2, 2, 4).cell(2, 4, 1, 5).cell(3, 5, 2, 5)
    pattern = {(2, 1), (3, 2), (2, 4), (3, 5)}
    expected = ([(2, c, 1) for c in range(1, 10)] + [(3, c, 2) for c in range(1, 10)]
                + [(r, c, 4) for r, c in BOX[1]] + [(r, c, 5) for r, c in BOX[2]])
    text = fires(grid, "als_xz", sorted({(r, c, v) for r, c, v in expected if (r, c) not in pattern}))
    # (the rows' sets, r2c1, r2c4 and r3c2, r3c5, share 4 and 5 the same way: either pair says it)
    assert re.search(r"they share ([1245]) and ([1245]), all of whose places in the one see all of them in the "
                     r"other, so neither set can hold both", text), text


def als_wing(a_one: tuple[int, int] = (1, 5)) -> Grid:
    """C = r1c1 {1,2}; A = r1c5 {1,5,6}, r6c5 {3,5,6}, r8c5 {5,6} (column 5) shares 1 with it in
    row 1; B = r4c1 {2,4}, r4c7 {3,4} (row 4) shares 2 with it in column 1; A and B share 3.  No
    two of them lie in one unit (that would be one set, and an ALS-XZ), and A's cells of three
    candidates leave no chain of single candidates through it."""
    return (Grid().cell(1, 1, 1, 2).cell(*a_one, 1, 5, 6).cell(6, 5, 3, 5, 6).cell(8, 5, 5, 6)
            .cell(4, 1, 2, 4).cell(4, 7, 3, 4))


def test_als_xy_wing_takes_a_pivot_set_and_two_wings():
    # C cannot lack both 1 and 2, so A has no 1 or B no 2, and that one is locked and holds a 3:
    # r6c5 or r4c7 is 3, and a cell that sees both is not
    text = fires(als_wing(), "als_xy_wing", [(4, c, 3) for c in (4, 5, 6)] + [(6, c, 3) for c in (7, 8, 9)])
    assert "r1c1 (row 1) holds only {1,2}" in text and "(column 5) hold only {1,3,5,6}" in text, text
    assert "(row 4) hold only {2,3,4}" in text and "is not 3" in text, text
    for simpler in ("als_xz", "xy_wing", "aic", "grouped_aic"):
        stuck(als_wing(), simpler)
    # A's 1 moved to r2c5, where it does not see C's: 1 is not restricted between them
    stuck(als_wing(a_one=(2, 5)), "als_xy_wing")


def test_an_als_chain_links_sets_in_turn():
    # the wing is a chain of three sets (r1c1 and r4c1 make one more set, {1,2,4}, so more than
    # one chain of three leads from a 3 to the other); HoDoKu's longer chains: tests/test_reglib.py
    text = fires(als_wing(), "als_chain", [(4, c, 3) for c in (4, 5, 6)] + [(6, c, 3) for c in (7, 8, 9)])
    assert "If A1 has no 3, it is locked and holds " in text and ", A3 has no " in text, text
    assert "So 3 is in A1 or A3: a cell that sees every 3 of both is not 3" in text, text
    stuck(als_wing(a_one=(2, 5)), "als_chain")


def test_an_aic_takes_an_almost_locked_set_as_a_node():
    """The ALS-XY-Wing's position read as an AIC: a set's cells that hold a value are a node, and
    any two values' nodes of one set are strongly linked (the set lacks one value at most); with
    A's 1 out of sight of C's, no chain ends on both sides of a 3."""
    status, name, text, placed, removed = als_wing().step("als_aic")
    wing = [(4, c, 3) for c in (4, 5, 6)] + [(6, c, 3) for c in (7, 8, 9)]
    assert (status, name, placed) == ("step", "als_aic", []) and removed and set(removed) <= set(wing), text
    assert "one value more than cells: only one of them can be missing" in text, text
    stuck(als_wing(a_one=(2, 5)), "als_aic")


def blossom(four_petal_column: int = 5) -> Grid:
    """Stem r5c5 {1,2,4}; petals r5c4 {1,3} for 1, r1c5 {2,3} for 2, and r2c5 {3,4,5}, r3c5 {4,5}
    (column 5: two cells, three values) for 4; each holds 3."""
    c = four_petal_column
    return Grid().cell(5, 5, 1, 2, 4).cell(5, 4, 1, 3).cell(1, 5, 2, 3).cell(2, c, 3, 4, 5).cell(3, c, 4, 5)


def test_a_death_blossom_has_a_petal_for_each_value_of_its_stem():
    # whatever r5c5 is, that petal loses it and is locked, so holds a 3: a cell that sees r5c4,
    # r1c5 and r2c5 (every place of 3 in the petals) is not 3
    text = fires(blossom(), "death_blossom", [(1, 4, 3), (2, 4, 3), (3, 4, 3), (4, 5, 3), (6, 5, 3)])
    assert text.startswith("death blossom: r5c5 is one of {1,2,4}, and each of them has a petal"), text
    assert "for 4, r2c5, r3c5 (column 5) hold only {3,4,5}" in text and "is not 3" in text, text
    # the 4-petal moved to column 6, where r5c5 does not see its 4s: no petal for 4
    stuck(blossom(four_petal_column=6), "death_blossom")


def sue_de_coq(companion_in_box: tuple[int, ...] = (3, 4)) -> Grid:
    """r1c7 {1,2,3} and r1c8 {1,2,4}, where row 1 and box 3 cross: four values in two cells; r1c2
    {1,2} in the row and r3c9 in the box take two of them each."""
    return Grid().cell(1, 7, 1, 2, 3).cell(1, 8, 1, 2, 4).cell(1, 2, 1, 2).cell(3, 9, *companion_in_box)


def test_sue_de_coq_splits_a_crossing_between_its_line_and_its_box():
    # the four cells hold 1-4 once each: 1 and 2 lie in row 1 (r1c2 and the crossing), 3 and 4 in box 3
    row = [(1, c, v) for c in (1, 3, 4, 5, 6, 9) for v in (1, 2)]
    box = [(r, c, v) for r, c in [(1, 9), (2, 7), (2, 8), (2, 9), (3, 7), (3, 8)] for v in (3, 4)]
    text = fires(sue_de_coq(), "sue_de_coq", row + box)
    assert text.startswith("sue de coq: r1c7, r1c8, where row 1 and box 3 cross, hold {1,2,3,4}; with r1c2 of row 1 "
                           "(only {1,2}) and r3c9 of box 3 (only {3,4}), which share no value, they are 4 cells that "
                           "hold 4 values"), text
    # r3c9 may also be 5: five values in four cells, nothing is forced
    stuck(sue_de_coq(companion_in_box=(3, 4, 5)), "sue_de_coq")


def test_chain_length_is_bounded_by_the_caller():
    grid = Grid().cell(1, 1, 1, 2).cell(1, 5, 2, 3).cell(5, 5, 3, 4).cell(5, 9, 1, 4)  # seven links
    try:
        pybridge.LIMITS.max_chain_links = 5
        stuck(grid, "xy_chain")
        pybridge.LIMITS.max_chain_links = 7
        fires(grid, "xy_chain", [(1, 9, 1), (5, 1, 1)])
        pybridge.LIMITS.max_chain_links = 2
        with pytest.raises(pybridge.EngineError, match="max_chain_links"):
            grid.step("xy_chain")
    finally:
        pybridge.LIMITS.max_chain_links = 14


def test_forcing_chain_drops_an_option_that_fails():
    grid = Grid().cell(1, 1, 1, 2).cell(1, 2, 1, 3).cell(1, 3, 1, 3)
    text = fires(grid, "forcing_chain", [(1, 1, 1)])
    assert text == ("forcing chain: if r1c1 = 1: r1c2 = 3 (naked single), then r1c3 has no candidate left. "
                    "So r1c1 is not 1, so remove 1 from r1c1")


def test_forcing_chain_keeps_what_every_option_gives():
    grid = Grid().cell(1, 1, 1, 2).cell(1, 2, 1, 5).cell(1, 3, 2, 5)
    text = fires(grid, "forcing_chain", [(1, 4, 1)])
    assert "if r1c1 = 2: r1c3 = 5 (naked single), r1c2 = 1 (naked single), so r1c4 is not 1" in text
    assert text.endswith("So r1c4 is not 1 either way, so remove 1 from r1c4")
    stuck(Grid().cell(1, 1, 1, 2), "forcing_chain")


def test_the_shell_calls_each_technique_by_name():
    from test_shell import run_queries
    names = [name for name, _ in pybridge.ladder()]
    outputs = run_queries(["load_puzzle('puzzles/sudoku9.txt', 5), use_techniques(subsets)", "steps",
                           "try_technique(swordfish)", "try_technique(x_wing)", "try_technique(nonsense)",
                           "use_techniques(bogus)", "use_techniques([naked_single, aic])"]
                          + [f"catch(try_technique({name}), _, true) ; true" for name in names])
    subsets = len(pybridge.solving.ladder.step_names("subsets"))  # the set, and what every solve applies
    assert outputs[0][-1] == f"step, steps and walkthrough now use {subsets} techniques." and subsets >= 19
    assert outputs[2] == ["swordfish: 4 in row 2, row 6, row 7 can only go in column 1, column 2, column 6, "
                          "one in each, so remove 4 from r3c1, r9c1, r3c2, r9c2"]
    assert outputs[3] == ["x_wing finds nothing here.", "false"]
    assert outputs[4][0].startswith("Unknown technique nonsense; the techniques are: naked_single,")
    assert outputs[5][0].startswith("Not a technique set or a list of techniques: bogus")
    assert outputs[6] == ["step, steps and walkthrough now use 2 techniques."]
    for name, output in zip(names, outputs[7:]):  # each either applies a step or says it finds nothing
        assert output and (output[0] == f"{name} finds nothing here." or
                           output[0].startswith(name.replace("_", " ") + ":")), (name, output)


def test_aic_steps_across_a_futoshiki_sign():
    # 4x4 Futoshiki, r1c1 < r1c2; r1c2 is 2 or 4; 3 goes in r1c1 or r1c3 in row 1.  If r1c2 is not 4
    # it is 2, so r1c1 (below it) is not 3, so r1c3 is 3: r1c3 is 3 or r1c2 is 4, and r1c3 is not 4.
    geometry = pybridge.Puzzle(4, [0] * 16, signs=[(1, 1, 1, 2)]).geometry()
    codes = candidate_codes(4, {(1, 1): {1, 2, 3}, (1, 2): {2, 4}, (1, 4): {1, 2, 4}})
    status, name, text, placed, removed = engine_step("aic", geometry, codes)
    assert (status, name, placed, removed) == ("step", "aic", [], [(1, 3, 4)])
    assert text == ("aic: if r1c2 is not 4, then r1c2 is 2 (its other candidate), r1c1 is not 3 (r1c1 < r1c2), "
                    "r1c3 is 3 (the other place for 3 in row 1): so r1c2 is 4 or r1c3 is 3, so remove 4 from r1c3")
    assert engine_step("xy_chain", geometry, codes)[0] == "stuck"  # no sign links in an xy-chain


def test_aic_carries_kakuro_combinations_from_run_to_run():
    """On a corpus Kakuro, once the simpler rungs are stuck, an AIC whose links come from run
    combinations removes candidates, every one of them false in the known solution."""
    from pybridge.puzzles import kakuro
    from conftest import corpus_jsonl
    entry = next(e for e in corpus_jsonl("kakuro_upc_prop_paucuesta9.jsonl")
                 if e["source_path"] == "data/diff1/9_9/0.txt")
    puzzle = kakuro.from_corpus_grid(entry["grid"])
    truth = [int(ch) if ch.isdigit() else 0 for row in entry["solution"] for ch in row]
    solver = pybridge.Solver(puzzle, "subsets")
    assert solver.propagate() == "stalled"
    status, name, text, _, removed = engine_step("aic", puzzle.geometry(), solver.codes)
    assert (status, name) == ("step", "aic")
    assert "which every combination for sum" in text or "no combination for" in text, text
    cols = puzzle.shape[1]
    assert removed and all(truth[(r - 1) * cols + c - 1] != v for r, c, v in removed)

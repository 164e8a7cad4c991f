"""Pictures: one SVG renderer draws every kind, and what a step, hint or check is about is lit
up in the right cells.  The SVGs are parsed here, not compared as text."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pybridge
from pybridge.puzzles.picture import AREA, BROKEN, CHANGED, FOCUS, PLACED, WRONG
from conftest import steps_in_effect

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def cell_fills(root: ET.Element) -> dict[str, str]:
    return {e.get("data-cell"): e.get("fill") for e in root.iter(f"{SVG}rect") if e.get("data-cell")}


def texts(root: ET.Element, attribute: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for e in root.iter(f"{SVG}text"):
        if e.get(attribute):
            out.setdefault(e.get(attribute), []).append(e.text or "")
    return out


def test_every_kind_draws_its_cells_values_and_marks():
    cases = {
        "puzzles/sudoku9.txt": 0, "puzzles/jigsaw9_solo.txt": 0, "puzzles/sudoku_x_solo.txt": 0,
        "puzzles/sudoku16_solo.txt": 0, "puzzles/futoshiki/unequal.txt": 2, "puzzles/futoshiki/adjacent.txt": 0,
        "puzzles/futoshiki/greater_than_sudoku.grid": 0, "puzzles/kakuro/medium.grid": 0,
    }
    for name, i in cases.items():
        p = pybridge.load(name)[i]
        root = parse(p._repr_svg_())
        rows, cols = p.shape
        white = sum(p.takes_value())
        assert len(cell_fills(root)) == white, name
        values = texts(root, "data-value")
        assert len(values) == sum(1 for v in p.givens if v), name
        if isinstance(p, pybridge.Puzzle):
            assert sum(1 for e in root.iter(f"{SVG}text") if e.get("class") == "sign") == len(p.signs), name
            bars = sum(1 for e in root.iter(f"{SVG}line") if e.get("class") == "adjacent")
            assert bars == len(p.adjacent or []), name
        else:
            clues = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "clue"]
            expected = [str(n) for row in p.cells for cell in row if not isinstance(cell, int)
                        for n in (cell.across, cell.down) if n]
            assert clues == expected and len(root.findall(f".//{SVG}rect[@data-black]")) == rows * cols - white


def test_x_diagonals_are_shaded_and_jigsaw_regions_bordered():
    x = pybridge.load("puzzles/sudoku_x_solo.txt")[0]
    fills = cell_fills(parse(x._repr_svg_()))
    assert {c for c, f in fills.items() if f != "#fff"} == {f"r{i}c{i}" for i in range(1, 10)} | \
        {f"r{i}c{10 - i}" for i in range(1, 10)}
    jigsaw = pybridge.load("puzzles/jigsaw9_solo.txt")[0]
    root = parse(jigsaw._repr_svg_())
    thick = [e for e in root.iter(f"{SVG}line") if e.get("stroke-width") == "3"]
    borders = sum(1 for r in range(9) for c in range(9) for dr, dc in ((0, 1), (1, 0))
                  if r + dr < 9 and c + dc < 9 and jigsaw.region_of(r, c) != jigsaw.region_of(r + dr, c + dc))
    assert len(thick) == borders


def test_a_step_lights_its_units_cells_placements_and_struck_candidates():
    p = pybridge.load("puzzles/sudoku9.txt")[5]
    solver = pybridge.Solver(p)
    for step in [solver.step() for _ in range(40)]:
        root = parse(step._repr_svg_())
        fills = cell_fills(root)
        placed = {f"r{r}c{c}" for r, c, _ in step.placements}
        assert {c for c, f in fills.items() if f == PLACED} == placed
        assert {c for c, f in fills.items() if f == FOCUS} == {f"r{r}c{c}" for r, c in step.cells} - placed
        assert {c for c, f in fills.items() if f == AREA} == \
            {f"r{r}c{c}" for r, c in step.unit_cells} - placed - {f"r{r}c{c}" for r, c in step.cells}
        struck = {(e.get("data-candidate"), e.text) for e in root.iter(f"{SVG}text")
                  if "struck" in (e.get("class") or "")}
        assert struck == {(f"r{r}c{c}", str(v)) for r, c, v in step.eliminations}, step.text


def test_explained_steps_start_where_the_steps_before_left_off():
    for text in (pybridge.load("puzzles/sudoku9.txt")[5], pybridge.load("puzzles/kakuro/medium.grid")[0]):
        solver = pybridge.Solver(text, "singles")
        solver.run()
        kept = [s for _, s in steps_in_effect(solver.history)]
        assert solver.history and all(s.position is not None for s in solver.history)
        assert kept[-1].position.after(kept[-1]).codes == solver.codes
        # every candidate a step removes is still a candidate where the step starts
        for step in solver.history:
            codes, cols = step.position.codes, step.position.puzzle.shape[1]
            for r, c, v in step.eliminations:
                assert -codes[(r - 1) * cols + c - 1] >> (v - 1) & 1, step.text


def test_hints_show_as_much_as_their_level():
    p = pybridge.load("puzzles/sudoku9.txt")[5]
    one, two, three = (parse(pybridge.hint(p, level=n)._repr_svg_()) for n in (1, 2, 3))
    assert set(cell_fills(one).values()) == {"#fff"}
    assert FOCUS in cell_fills(two).values() or AREA in cell_fills(two).values()
    assert not [e for e in two.iter(f"{SVG}text") if "struck" in (e.get("class") or "")]
    assert PLACED in cell_fills(three).values()
    grid = list(p.givens)
    blank = grid.index(0)
    solution = pybridge.solve(p).values
    grid[blank] = solution[blank] % 9 + 1
    mistake = pybridge.hint(p, grid)
    assert [c for c, f in cell_fills(parse(mistake._repr_svg_())).items() if f == WRONG] == \
        [f"r{blank // 9 + 1}c{blank % 9 + 1}"]


def test_check_reports_mark_broken_cells_wrong_entries_and_differences():
    [p] = pybridge.load("11..........1...")
    html = pybridge.check(p)._repr_html_()
    fills = cell_fills(parse(html[html.index("<svg"):html.index("</svg>") + 6]))
    assert {c for c, f in fills.items() if f == BROKEN} == {"r1c1", "r1c2", "r4c1"}
    [p] = pybridge.load("12..34..........")
    report = pybridge.check(p)
    pictures = report.pictures()
    assert len(pictures) == 2
    for svg in pictures:
        assert {c for c, f in cell_fills(parse(svg)).items() if f == CHANGED} == \
            {f"r{r}c{c}" for r, c in report.differences}


def test_every_value_draws_itself_and_names_its_kind():
    g = pybridge.load("puzzles/futoshiki/greater_than_sudoku.grid")[0]
    a = pybridge.load("puzzles/futoshiki/adjacent.txt")[0]
    assert repr(g).startswith("Puzzle(greater-than sudoku 4x4, 1 given, ")
    assert repr(a).startswith("Puzzle(adjacent futoshiki 4x4, ")
    result, explanation = pybridge.solve(g), pybridge.explain(g)
    for drawn in (result.picture(), explanation.picture()):
        root = parse(drawn)
        values = texts(root, "data-value")
        assert len(cell_fills(root)) == 16 and len(values) == 16  # the whole solution
        assert sorted(int(v) for vs in values.values() for v in vs) == sorted(result.values)
    assert pybridge.KakuroPuzzle is pybridge.puzzles.kakuro.KakuroPuzzle and "KakuroPuzzle" in pybridge.__all__

"""Each technique on a hand-made position where it fires (exact changes) and one where it must not.

Positions are 9x9 candidate grids: every cell holds all nine candidates
unless the test says otherwise, so only the pattern under test is there.
"""
from __future__ import annotations

import pytest

from conftest import candidate_codes, engine_step

GEOMETRY = ("geometry", 9, ("boxes", 3, 3), [])
X_GEOMETRY = ("geometry", 9, ("boxes", 3, 3), ["diagonals"])


def position(placed=None, candidates=None, remove=None) -> list[int]:
    """Codes of a state: placed {(r,c): v}, candidates {(r,c): set}, remove {value: cells}."""
    codes = candidate_codes(9, candidates)
    for value, cells in (remove or {}).items():
        for r, c in cells:
            i = (r - 1) * 9 + c - 1
            codes[i] = -((-codes[i]) & ~(1 << (value - 1)))
    for (r, c), v in (placed or {}).items():
        codes[(r - 1) * 9 + c - 1] = v
    return codes


def step(technique: str, codes: list[int], geometry=GEOMETRY):
    return engine_step(technique, geometry, codes)


def row(r, cols):
    return [(r, c) for c in cols]


def col(c, rows):
    return [(r, c) for r in rows]


def box1_except(cells):
    return [(r, c) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) not in cells]


def test_naked_single_places_and_clears_peers():
    status, name, text, placed, removed = step("naked_single", position(candidates={(3, 3): {8}}))
    assert (status, name, placed) == ("step", "naked_single", [(3, 3, 8)])
    peers = {(3, c) for c in range(1, 10)} | {(r, 3) for r in range(1, 10)} | set(box1_except([]))
    assert removed == sorted((r, c, 8) for r, c in peers - {(3, 3)})
    assert "r3c3 can only be 8" in text


def test_naked_single_absent():
    assert step("naked_single", position(candidates={(3, 3): {8, 9}}))[0] == "stuck"


def test_hidden_single_row():
    codes = position(remove={4: row(1, [1, 2, 3, 4, 6, 7, 8, 9])})
    status, name, _, placed, removed = step("hidden_single_row", codes)
    assert (status, name, placed) == ("step", "hidden_single_row", [(1, 5, 4)])
    assert (1, 5, 1) in removed and (2, 5, 4) in removed


def test_hidden_single_row_absent():
    codes = position(remove={4: row(1, [1, 2, 3, 4, 6, 7, 8])})
    assert step("hidden_single_row", codes)[0] == "stuck"


def test_hidden_single_column():
    codes = position(remove={6: col(2, [1, 2, 3, 4, 5, 6, 8, 9])})
    assert step("hidden_single_column", codes)[1:4:2] == ("hidden_single_column", [(7, 2, 6)])


def test_hidden_single_column_absent():
    codes = position(remove={6: col(2, [1, 2, 3, 4, 5, 6, 8])})
    assert step("hidden_single_column", codes)[0] == "stuck"


def test_hidden_single_box():
    codes = position(remove={9: box1_except([(2, 2)])})
    assert step("hidden_single_box", codes)[1:4:2] == ("hidden_single_box", [(2, 2, 9)])


def test_hidden_single_box_absent():
    codes = position(remove={9: box1_except([(2, 2), (3, 3)])})
    assert step("hidden_single_box", codes)[0] == "stuck"


def test_hidden_single_diagonal():
    codes = position(remove={6: [(i, i) for i in range(1, 10) if i != 5]})
    assert step("hidden_single_diagonal", codes, X_GEOMETRY)[1:4:2] == ("hidden_single_diagonal", [(5, 5, 6)])
    assert step("hidden_single_diagonal", codes, GEOMETRY)[0] == "stuck"


def test_cross_hatching():
    # 1 is placed in rows 1 and 2 and in columns 1 and 2: in box 1 only r3c3 is left for it.
    placed = {(1, 4): 1, (2, 7): 1, (4, 1): 1, (7, 2): 1}
    status, name, text, placed_cells, _ = step("cross_hatching", position(placed=placed))
    assert (status, name, placed_cells) == ("step", "cross_hatching", [(3, 3, 1)])
    assert "r3c3" in text


def test_cross_hatching_absent():
    placed = {(1, 4): 1, (2, 7): 1, (4, 1): 1}
    codes = position(placed=placed)
    # box 1 still has r3c2 and r3c3 free for 1; boxes elsewhere have more room
    assert step("cross_hatching", codes)[0] == "stuck"


def test_pointing():
    # 5 in box 1 only in row 1: no 5 elsewhere in row 1.
    codes = position(remove={5: [(r, c) for r in (2, 3) for c in (1, 2, 3)]})
    status, name, _, placed, removed = step("pointing", codes)
    assert (status, name, placed) == ("step", "pointing", [])
    assert removed == [(1, c, 5) for c in range(4, 10)]


def test_pointing_absent():
    codes = position(remove={5: box1_except([(1, 1), (2, 2)])})
    assert step("pointing", codes)[0] == "stuck"


def test_box_line():
    # 7 in row 1 only in box 1: no 7 elsewhere in box 1.
    codes = position(remove={7: row(1, range(4, 10))})
    status, name, _, _, removed = step("box_line", codes)
    assert (status, name) == ("step", "box_line")
    assert removed == [(r, c, 7) for r in (2, 3) for c in (1, 2, 3)]


def test_box_line_absent():
    codes = position(remove={7: row(1, [2, 3, 4, 6, 7, 8, 9])})  # 7 left at r1c1 and r1c5
    assert step("box_line", codes)[0] == "stuck"


def test_naked_pair():
    codes = position(candidates={(1, 1): {1, 2}, (1, 2): {1, 2}})
    status, name, text, _, removed = step("naked_pair", codes)
    assert (status, name) == ("step", "naked_pair")
    assert removed == sorted((1, c, v) for c in range(3, 10) for v in (1, 2))
    assert "r1c1, r1c2 hold only {1,2}" in text


def test_naked_pair_absent():
    codes = position(candidates={(1, 1): {1, 2}, (1, 2): {1, 3}})
    assert step("naked_pair", codes)[0] == "stuck"


def test_naked_triple():
    codes = position(candidates={(1, 1): {1, 2}, (1, 2): {2, 3}, (1, 3): {1, 3}})
    status, name, _, _, removed = step("naked_triple", codes)
    assert (status, name) == ("step", "naked_triple")
    assert removed == sorted((1, c, v) for c in range(4, 10) for v in (1, 2, 3))


def test_naked_triple_absent():
    codes = position(candidates={(1, 1): {1, 2}, (1, 2): {2, 3}, (1, 3): {1, 4}})
    assert step("naked_triple", codes)[0] == "stuck"


def test_hidden_pair():
    codes = position(remove={1: row(1, range(3, 10)), 2: row(1, range(3, 10))})
    status, name, _, _, removed = step("hidden_pair", codes)
    assert (status, name) == ("step", "hidden_pair")
    assert removed == sorted((1, c, v) for c in (1, 2) for v in range(3, 10))


def test_hidden_pair_absent():
    codes = position(remove={1: row(1, range(3, 10)), 2: row(1, [2] + list(range(4, 10)))})
    assert step("hidden_pair", codes)[0] == "stuck"


def test_hidden_triple():
    codes = position(remove={1: row(1, [3] + list(range(4, 10))), 2: row(1, range(4, 10)),
                             3: row(1, [1] + list(range(4, 10)))})
    status, name, _, _, removed = step("hidden_triple", codes)
    assert (status, name) == ("step", "hidden_triple")
    assert removed == sorted((1, c, v) for c in (1, 2, 3) for v in range(4, 10))


def test_hidden_triple_absent():
    codes = position(remove={1: row(1, range(4, 10)), 2: row(1, range(5, 10)), 3: row(1, range(4, 10))})
    assert step("hidden_triple", codes)[0] == "stuck"


def test_contradiction_is_reported():
    codes = position(candidates={(4, 4): set()})
    assert step("naked_single", codes)[0] == "contradiction"


@pytest.mark.parametrize("technique", ["no_such_technique", "halt"])
def test_unknown_technique_names_are_ignored(technique):
    assert step(technique, position(candidates={(3, 3): {8}}))[0] == "stuck"


ADDED_FROM_A_FILE = """
import io, contextlib, json
import pybridge
from pybridge.cli.main import main
from pybridge.engine import swipl
swipl.call("use_module", ["docs/rules/full_house.pl"], 0)
listed = io.StringIO()
with contextlib.redirect_stdout(listed):
    main(["techniques"])
p = pybridge.load("puzzles/sudoku9.txt")[0]
steps = [s.to_json() for s in pybridge.explain(p).steps]
print(json.dumps({"listed": listed.getvalue(), "steps": steps, "solution": pybridge.solve(p).values,
                  "rated": pybridge.rate(p).techniques}))
"""


def test_a_technique_added_from_a_file_of_its_own_joins_the_ladder():
    """docs/techniques.md's worked example: one declaration and one rule in a separate file
    (docs/rules/full_house.pl) show up in `puzzlog techniques`, fire in explain, and count in
    a rating."""
    import json
    import subprocess
    import sys

    import pybridge
    from conftest import ROOT
    out = subprocess.run([sys.executable, "-c", ADDED_FROM_A_FILE], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["listed"].splitlines()[1].split() == ["1", "full_house"]  # first on the ladder
    houses = [s for s in seen["steps"] if s["technique"] == "full_house"]
    assert houses and seen["rated"]["full_house"] >= 1
    for step in houses:  # each places the solution's value, and says so in its own words
        [[r, c, v]] = step["placements"]
        assert seen["solution"][(r - 1) * 9 + c - 1] == v
        assert step["text"].startswith(f"full house: r{r}c{c} is the last empty cell of ")
    assert "full_house" not in [name for name, _ in pybridge.ladder()]  # loaded in that process only

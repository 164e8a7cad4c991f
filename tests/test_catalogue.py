"""The engine serves its tables once (bridge_catalogue/1): the kinds, formats, levels, box
shapes, symmetries, kinds made by name and the spelling of values.  Python and the page ask
for them and keep no copies of their own."""
from __future__ import annotations

import re
import subprocess

import pytest

import pybridge
from pybridge.engine.catalogue import catalogue
from conftest import ROOT


def engine_answer(goal: str) -> str:
    out = subprocess.run(["swipl", "-q", "-g", goal, "-t", "halt", str(ROOT / "prolog" / "bridge.pl")],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_the_catalogue_is_the_engines_own_facts():
    c = catalogue()
    shapes = engine_answer("forall(geometry:box_shape(N, R, C), format('~w ~w ~w~n', [N, R, C]))")
    assert c.box_shapes == {int(n): (int(r), int(col)) for n, r, col in (line.split() for line in shapes.splitlines())}
    levels = engine_answer("forall(rating:rating_level(L, K), format('~w ~w~n', [K, L]))")
    assert list(c.levels) == [name for _, name in sorted((int(k), name) for k, name in
                                                         (line.split() for line in levels.splitlines()))]
    assert [c.value_chars.index(ch) + 1 for ch in "19AZ"] == [1, 9, 10, 35]
    assert set(c.line_formats) == {"line", "csv", "solo", "unequal"} and "matrices" in c.kakuro_formats
    assert c.generated["kakuro"].sizes == (5, 15) and c.generated["greater-than"].sizes is None


def test_the_python_constants_are_the_catalogues():
    assert tuple(pybridge.LEVELS) == catalogue().levels and pybridge.LEVELS.index("basic") == 1
    assert tuple(pybridge.puzzles.reading.KINDS) == catalogue().kinds
    from pybridge.solving.generate import GENERATED_KINDS, SYMMETRIES
    assert tuple(GENERATED_KINDS) == tuple(catalogue().generated) and "rot180" in SYMMETRIES


def test_a_value_is_written_as_the_engine_writes_it():
    p = pybridge.load(ROOT / "puzzles" / "sudoku16_solo.txt")[0]
    line = p.to_line()
    assert set(line) <= set(".123456789ABCDEFG") and "G" in line
    assert pybridge.parse(line)[0].givens == p.givens
    assert max(p.givens) == 16 and line[p.givens.index(16)] == "G"


# Written-out copies of the engine's tables, as they were kept before the catalogue.
COPIES = {
    "value characters": re.compile(r"123456789ABCDEF"),
    "levels": re.compile(r"""["']trivial["'],\s*["']basic["']"""),
    "box shapes": re.compile(r"""\b4:\s*[\[(]2,\s*2[\])],\s*6:"""),
    "symmetries": re.compile(r"""["']rot180["'],\s*["']rot90["']"""),
    "kinds": re.compile(r"""["']sudoku["'],\s*["'](jigsaw|sudoku-x)["'],\s*["'](x|jigsaw|sudoku-x)["']"""),
    "formats": re.compile(r"""["']line["'],\s*["']csv["'],\s*["']grid["']"""),
}


@pytest.mark.parametrize("table", sorted(COPIES))
def test_no_python_or_page_module_keeps_a_copy(table):
    files = sorted((ROOT / "pybridge").rglob("*.py")) + sorted((ROOT / "pybridge" / "web" / "static").glob("*.js")) \
        + [ROOT / "pybridge" / "web" / "static" / "index.html"]
    copies = [str(f.relative_to(ROOT)) for f in files if COPIES[table].search(f.read_text())]
    assert copies == []

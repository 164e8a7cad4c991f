"""Every kind the engine's catalogue names (each a record in prolog/kinds/) goes the whole
way, read from the catalogue and never from a list of this file's: made at its smallest
size, printed, read back, solved, explained, rated and drawn, and offered by the page; and no
Python outside the kinds' own modules asks which kind it holds."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

import pybridge
from pybridge.engine.catalogue import catalogue
from conftest import ROOT, assert_valid_solution

KINDS = sorted(catalogue().generated)


def smallest_size(name: str) -> int:
    made = catalogue().generated[name]
    return min(catalogue().box_shapes) if made.sizes is None else made.sizes[0]


def test_the_catalogue_names_every_kind_once():
    assert len(KINDS) >= 10 and len(set(KINDS)) == len(KINDS)
    assert {"sudoku", "kakuro", "samurai", "killer"} <= set(KINDS)
    for name in KINDS:   # a text of each is read under a name the reader knows
        assert catalogue().generated[name].read_as in catalogue().kinds, name


@pytest.mark.parametrize("name", KINDS)
def test_each_kind_is_made_read_solved_explained_rated_and_drawn(name):
    made = catalogue().generated[name]
    [g] = pybridge.generate(name, size=smallest_size(name), seed=1)
    text = g.text()
    [p] = pybridge.load(text, kind=made.read_as)               # what is printed reads back as the puzzle
    assert p.givens_text() == g.puzzle.givens_text() and p.kind == g.puzzle.kind
    solved = pybridge.solve(p)
    assert solved.status == "solved" and solved.values == g.solution
    if p.kind not in ("kakuro", "samurai"):                     # a Latin square: its units are the rules
        assert_valid_solution(p, solved.values)
    explained = pybridge.explain(p)
    assert explained.status == "solved" and explained.values == g.solution and explained.steps
    rating = pybridge.rate(p)
    assert (rating.level, rating.score, rating.hardest) == (g.level, g.score, g.hardest)
    picture = p.picture(solved.values)
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")


def test_the_page_offers_and_makes_every_kind():
    pytest.importorskip("starlette", reason="the web extra (pip install 'puzzlog[web]') is not installed")
    pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")
    from starlette.testclient import TestClient
    from pybridge.web import ServeLimits, create_app
    with TestClient(create_app(ServeLimits(engines=1)), base_url="http://localhost") as client:
        offered = client.get("/api/catalogue").json()
        assert sorted(g["name"] for g in offered["generated"]) == KINDS
        for name in KINDS:
            answer = client.post("/api/generate", json={"kind": name, "size": smallest_size(name), "seed": 1})
            assert answer.status_code == 200, (name, answer.text)
            made = answer.json()
            assert made["kind"] == catalogue().generated[name].read_as or made["kind"] == name, made
            again = pybridge.load(made["puzzle"], kind=catalogue().generated[name].read_as)[0]
            assert pybridge.solve(again).status == "solved", name


# ---------------------------------------------------------------- no switch on kinds

PYBRIDGE = ROOT / "pybridge"
KIND_MODULES = {"kind.py", "kinds.py", "latin.py", "kakuro.py", "samurai.py", "signs.py", "solo.py"}
CLASS_SWITCH = re.compile(r"isinstance\([^)]*\b(?:Puzzle|KakuroPuzzle|SamuraiPuzzle|Clue)\b")
NAME_SWITCH = re.compile(r"""\bkind(?:_name)?\s*(?:===?|!==?|(?:not\s+)?in)\s*[(\[{]?\s*["']([a-z-]+)["']""")


def kind_switches(path) -> list[str]:
    """Each line of ``path`` that asks which kind of puzzle it holds: an isinstance of a kind's
    class, or a kind compared with a kind's name."""
    names = set(catalogue().generated) | set(catalogue().kinds) | {"latin"}
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if CLASS_SWITCH.search(line) or any(m.group(1) in names for m in NAME_SWITCH.finditer(line)):
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            found.append(f"{shown}:{number}: {line.strip()}")
    return found


def test_the_counter_sees_a_switch(tmp_path):
    sample = ROOT / "tests" / "test_kinds.py"   # this file switches once, above, where a test may
    assert any("kakuro" in line for line in kind_switches(sample))
    page = tmp_path / "page.js"
    page.write_text('if (design.kind === "killer") return;\n')
    assert kind_switches(page) == [f'{page}:1: if (design.kind === "killer") return;']


def test_no_python_outside_the_kinds_switches_on_a_kind():
    """What differs between kinds is said by the kind (pybridge/puzzles/kind.py's protocol, the
    engine's kind records): the rest of pybridge never asks which kind it holds."""
    switches = [line for path in sorted(PYBRIDGE.rglob("*.py"))
                if not (path.parent.name == "puzzles" and path.name in KIND_MODULES)
                for line in kind_switches(path)]
    assert switches == []


def test_the_page_switches_on_no_kind_either():
    """The page's designer asks the catalogue what a kind is designed by (regions, signs,
    marks, runs, cages, grids), its layouts and whether it has diagonals, never its name."""
    pages = sorted((PYBRIDGE / "web" / "static").glob("*.js"))
    assert len(pages) >= 5
    switches = [line for path in pages for line in kind_switches(path)]
    assert switches == []


@pytest.mark.parametrize("size", [5, 7])
def test_a_jigsaw_of_a_side_without_boxes_reads_back(size):
    """A 5x5 or 7x7 jigsaw (no standard boxes: its map makes its regions) is printed as a line
    with its map, and that line reads back as the puzzle: it used to be refused as 25 or 49 cells."""
    [g] = pybridge.generate("jigsaw", size=size, seed=1)
    made = subprocess.run([sys.executable, "-m", "pybridge", "solve", "--one-line", "-"], input=g.text() + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr
    assert [int(ch) for ch in made.stdout.strip()] == g.solution

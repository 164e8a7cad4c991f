"""Killer Sudoku on the engine's sum rules (a first step of the Killer and Samurai issue): cages
are units with a sum, read from the corpus's decoded cages; solutions are checked against every
rule and the corpus's own (CP-SAT checked) answers; a cage that breaks a rule is refused by name."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

import pybridge
from pybridge.puzzles.solo import from_corpus
from conftest import ROOT, corpus_file


def keeps_the_rules(p: pybridge.Puzzle, values: list[int]) -> bool:
    """Rows, columns, boxes or jigsaw regions, diagonals when the puzzle has them, and cages."""
    n = p.size
    houses = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[i for i in range(n * n) if p.region_of(i // n, i % n) == k] for k in range(1, n + 1)]
    if p.diagonals:
        houses += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    cages_ok = all(sum(values[(r - 1) * n + c - 1] for r, c in cells) == total
                   and len({values[(r - 1) * n + c - 1] for r, c in cells}) == len(cells) for total, cells in p.cages)
    return cages_ok and all(sorted(values[i] for i in house) == list(range(1, n + 1)) for house in houses)


@pytest.mark.parametrize("level", ["kdt", "kdi", "kde"])
def test_corpus_killers_are_solved_and_unique(level):
    lines = corpus_file(f"sudoku9_killer_sgt_solo_{level}.jsonl").read_text().splitlines()[:15]
    for i, line in enumerate(lines):
        record = json.loads(line)
        p = from_corpus(record, level, i)
        result = pybridge.solve(p)
        assert result.status == "solved", (level, i, result.error)
        assert keeps_the_rules(p, result.values)
        assert "".join(map(str, result.values)) == record["solution"]


def test_a_killer_is_explained_in_words_of_cages():
    record = json.loads(corpus_file("sudoku9_killer_sgt_solo_kdt.jsonl").read_text().splitlines()[0])
    explanation = pybridge.explain(from_corpus(record))
    assert explanation.status == "solved"
    assert "".join(map(str, explanation.values)) == record["solution"]
    assert any("the cage at r" in step.text for step in explanation.steps)


def test_a_killer_prints_each_blank_as_its_cage_and_the_sums_below():
    record = json.loads(corpus_file("sudoku9_killer_sgt_solo_kdi.jsonl").read_text().splitlines()[0])
    p = from_corpus(record)
    lines = str(p).splitlines()
    grid = [line.replace("|", "").split() for line in lines if not line.startswith("-")][:9]
    sums = dict(part.split("=") for part in lines[-1].split())
    cells = {}
    for r, row in enumerate(grid, 1):
        for c, name in enumerate(row, 1):
            cells.setdefault(name, []).append((r, c))
    assert sorted((int(sums[name]), sorted(where)) for name, where in cells.items()) == \
        sorted((total, sorted(where)) for total, where in p.cages)
    solved = pybridge.solve(p)
    shown = p.text_of(solved.values)
    assert not any(ch.isalpha() for ch in shown) and "=" not in shown


@pytest.mark.parametrize("cages,message", [
    ([(18, [(1, 1), (1, 2)])], "the cage at r1c1: no 2 different digits add up to 18"),
    ([(3, [(1, 1), (1, 2)]), (4, [(1, 2), (2, 2)])], "r1c2 is in two cages"),
    ([(4, [(1, 1), (2, 2)])], "the cage at r1c1 is in pieces"),
    ([(45, [(r, c) for r in range(1, 4) for c in range(1, 5)])], "has 12 cells"),
])
def test_a_cage_that_breaks_a_rule_is_refused_by_name(cages, message):
    p = pybridge.Puzzle(9, [0] * 81, box_rows=3, box_cols=3, cages=cages)
    result = pybridge.solve(p)
    assert result.status == "invalid" and message in result.error


def test_solo_killer_game_ids_read_as_the_corpus_decodes_them(tmp_path):
    records = [json.loads(line) for line in
               corpus_file("sudoku9_killer_sgt_solo_kda.jsonl").read_text().splitlines()[:10]]
    ids = tmp_path / "killers.txt"
    ids.write_text("".join(record["game_id"] + "\n" for record in records))
    puzzles = pybridge.load(ids)
    for p, record in zip(puzzles, records):
        assert p.kind == "killer"
        assert sorted((total, sorted(cells)) for total, cells in p.cages) == \
            sorted((cage["sum"], sorted(map(tuple, cage["cells"]))) for cage in record["cages"])
        result = pybridge.solve(p)
        assert result.status == "solved" and "".join(map(str, result.values)) == record["solution"]
    picture = puzzles[0].picture()
    assert picture.count('class="cage-sum"') == len(puzzles[0].cages) and 'stroke-dasharray="3,2"' in picture
    out = subprocess.run([sys.executable, "-m", "pybridge", "solve", "--one-line", str(ids)], capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.split() == [record["solution"] for record in records]


def test_a_killer_id_without_sums_is_refused_by_line():
    with pytest.raises(pybridge.PuzzleFormatError, match="a Killer game ID has givens, cage edges and sums"):
        pybridge.parse("3x3k:i")


def test_the_killer_text_format_round_trips_and_names_its_errors(tmp_path):
    records = [json.loads(line) for line in
               corpus_file("sudoku9_killer_sgt_solo_kdb.jsonl").read_text().splitlines()[:5]]
    puzzles = [from_corpus(record, "kdb", i) for i, record in enumerate(records)]
    text = pybridge.write(puzzles, "killer")
    assert text.startswith("killer\nabc")  # cages named in reading order
    again = pybridge.parse(text)
    for p, q, record in zip(puzzles, again, records):
        assert q.kind == "killer" and sorted(q.cages) == sorted(p.cages)
        assert "".join(map(str, pybridge.solve(q).values)) == record["solution"]
    lines = text.split("\n\n")[0].splitlines()
    with pytest.raises(pybridge.PuzzleFormatError, match="has no sum"):
        pybridge.parse("\n".join(lines[:-1] + [lines[-1].replace("a=", "zz=").split(" ", 1)[1]]))
    with pytest.raises(pybridge.PuzzleFormatError, match="grid line has 8 cells"):
        pybridge.parse("\n".join(lines[:2] + [lines[2][:-1]] + lines[3:]))
    with pytest.raises(pybridge.PuzzleFormatError, match="is not a cage's sum"):
        pybridge.parse("\n".join(lines + ["a=five"]))
    with pytest.raises(ValueError, match="only the killer format keeps a Killer's cages"):
        pybridge.write(puzzles[:1], "line")


JIGSAW_KILLER = """killer jigsaw
aabccd
effggh
ijjklm
nooopq
rrsstu
vvwwxy
111222
111222
334444
333344
555666
555666
a=3 b=3 c=9 d=6 e=4 f=11 g=3 h=3 i=2 j=9 k=3 l=6 m=1 n=3 o=12 p=4 q=2 r=6 s=8 t=3 u=4 v=9 w=6 x=1 y=5
"""
X_KILLER = """killer x
abcdde
ffgghh
ijjkkk
lllmmn
oopqrr
sssttu
a=1 b=2 c=3 d=9 e=6 f=11 g=7 h=3 i=2 j=9 k=10 l=10 m=8 n=3 o=9 p=1 q=6 r=5 s=11 t=6 u=4
"""


def test_a_killer_on_jigsaw_regions_or_with_diagonals():
    jigsaw, x = pybridge.parse(JIGSAW_KILLER + "\n" + X_KILLER)
    assert jigsaw.regions is not None and not jigsaw.diagonals and x.diagonals and x.regions is None
    for p in (jigsaw, x):
        result = pybridge.solve(p)
        assert result.status == "solved" and keeps_the_rules(p, result.values)
        again = pybridge.parse(pybridge.write([p], "killer"))[0]
        assert (again.regions, again.diagonals, sorted(again.cages)) == (p.regions, p.diagonals, sorted(p.cages))
    # the diagonals are a rule: the same cages without them have another solution too
    plain = dataclasses.replace(x, diagonals=False)
    assert pybridge.solve(plain).status == "multiple"
    with pytest.raises(pybridge.PuzzleFormatError, match="the header takes x .diagonals. and jigsaw"):
        pybridge.parse(X_KILLER.replace("killer x", "killer xx"))
    with pytest.raises(pybridge.PuzzleFormatError, match="needs 6 lines of region map"):
        pybridge.parse(JIGSAW_KILLER.replace("555666\n555666\n", ""))
    with pytest.raises(pybridge.PuzzleFormatError, match="region 3 has 5 cells"):
        pybridge.parse(JIGSAW_KILLER.replace("334444", "344444"))


@pytest.mark.parametrize("level", ["kdi", "kde", "kdu"])
def test_the_rule_of_45_cage_splitting_and_hidden_subsets_in_cages_are_sound_and_named(level):
    """Explained, the first puzzles of a level (at least 3, until each technique fired, at
    most 8): every step of the cage techniques removes only what the known solution does not
    hold, and says why in words."""
    fired: set[str] = set()
    for i, line in enumerate(corpus_file(f"sudoku9_killer_sgt_solo_{level}.jsonl").read_text().splitlines()[:8]):
        if i >= 3 and "cage_splitting" in fired and any(t.startswith("rule_of_45") for t in fired):
            break
        record = json.loads(line)
        solution = [int(ch) for ch in record["solution"]]
        explanation = pybridge.explain(from_corpus(record))
        assert explanation.status == "solved"
        for step in explanation.steps:
            if step.technique in ("cage_splitting", "hidden_subset_in_cage") or step.technique.startswith("rule_of_45"):
                fired.add(step.technique)
                assert step.eliminations and all(solution[(r - 1) * 9 + c - 1] != v for r, c, v in step.eliminations)
            if step.technique in ("cage_splitting", "hidden_subset_in_cage"):
                assert "as a cage of its own" in step.text or "as a cage of their own" in step.text \
                    or "needs" in step.text
            elif step.technique.startswith("rule_of_45"):
                assert "add up to" in step.text and ("innies" in step.text or "outies" in step.text)
    assert "cage_splitting" in fired and any(t.startswith("rule_of_45") for t in fired), fired


def test_givens_in_the_killer_text_format():
    record = json.loads(corpus_file("sudoku9_killer_sgt_solo_kdb.jsonl").read_text().splitlines()[0])
    p = from_corpus(record)
    given = dataclasses.replace(p, givens=[int(record["solution"][0])] + [0] * 80)
    text = pybridge.write([given], "killer")
    assert text.splitlines()[11] == record["solution"][0] + "." * 8  # the givens' grid after the sums
    again = pybridge.parse(text)[0]
    assert again.givens == given.givens and sorted(again.cages) == sorted(p.cages)
    assert "".join(map(str, pybridge.solve(again).values)) == record["solution"]


def test_the_benchs_clpfd_model_keeps_the_cages():
    """bench/killer.py's yardstick must solve the Killer, not just the Sudoku under it."""
    from pybridge.engine import swipl
    swipl.call("use_module", [str(ROOT / "bench" / "clpfd_reference.pl")], 0)
    for line in corpus_file("sudoku9_killer_sgt_solo_kdi.jsonl").read_text().splitlines()[:3]:
        record = json.loads(line)
        p = from_corpus(record)
        [solution] = swipl.call("bridge_clpfd", [p.geometry(), p.givens_text(), 20000], 1)
        assert solution == record["solution"]


def test_killer_levels_rise_with_solos():
    """Cage combinations and the one-house rule of 45 are basic in a Killer: Solo's trivial
    Killers rate basic, its advanced ones higher (bench/rating.py --parts killer: all of them)."""
    medians = []
    for level in ("kdt", "kda"):
        lines = corpus_file(f"sudoku9_killer_sgt_solo_{level}.jsonl").read_text().splitlines()[:3]
        ranks = sorted(pybridge.LEVELS.index(pybridge.rate(from_corpus(json.loads(line))).level) for line in lines)
        medians.append(pybridge.LEVELS[ranks[1]])
    assert medians == ["basic", "intermediate"]


def test_generated_killers_have_one_solution_their_level_and_the_givens_asked_for():
    from test_generate import assert_solves_as_made
    made = pybridge.generate("killer", count=2, seed=5, difficulty="basic")
    with_givens = pybridge.generate("killer", seed=9, givens=4)
    for g in made + with_givens:
        p = g.puzzle
        assert p.kind == "killer" and p.cages and g.text().startswith("killer\n")
        assert sum(map(bool, p.givens)) == (4 if g in with_givens else 0)
        assert keeps_the_rules(p, g.solution)
        assert sorted(cell for _, cells in p.cages for cell in cells) == [(r, c) for r in range(1, 10)
                                                                          for c in range(1, 10)]
        assert_solves_as_made(g)
        again = pybridge.parse(g.text())[0]
        assert sorted(again.cages) == sorted(p.cages) and again.givens == p.givens
    assert all(g.level == "basic" for g in made)


def test_generating_a_killer_refuses_what_it_cannot_keep():
    with pytest.raises(pybridge.PuzzlogError, match="made without a symmetry"):
        pybridge.generate("killer", symmetry="rot180")
    with pytest.raises(pybridge.PuzzlogError, match="a Killer only"):
        pybridge.generate("sudoku", givens=3)
    with pytest.raises(pybridge.PuzzlogError, match="0 to 81 givens"):
        pybridge.generate("killer", givens=82)
    out = subprocess.run([sys.executable, "-m", "pybridge", "generate", "killer", "--givens", "2", "--seed", "4"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    p = pybridge.parse(out.stdout)[0]
    assert p.cages and sum(map(bool, p.givens)) == 2 and pybridge.solve(p).status == "solved"

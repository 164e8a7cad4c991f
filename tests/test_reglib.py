"""puzzlog's techniques on HoDoKu's own regression cases (its Regression Test Library 1.4, read
from ../shared; skipped without it): every case of a technique puzzlog has is made, and on a fail
case nothing is found.  bench/reglib.py prints the pass rate of each technique."""
from __future__ import annotations

from collections import defaultdict

import pytest

from pybridge.engine.limits import LIMITS
from pybridge.puzzles.hodoku_library import TECHNIQUES, VARIANTS_NOT_BUILT, LibraryCase, read_library
from pybridge.engine.errors import PuzzleFormatError
from conftest import corpus_file

PASSING = {"exact", "covered", "walked", "clean"}


@pytest.fixture(scope="module")
def cases() -> dict[str, list[LibraryCase]]:
    path = corpus_file("sudoku9_hodoku_reglib_1.4.txt")
    by_code: dict[str, list[LibraryCase]] = defaultdict(list)
    for case in read_library(path.read_text(encoding="utf-8"), str(path)):
        by_code[case.base].append(case)
    return by_code


@pytest.fixture
def long_chains():
    """HoDoKu's chain cases run to 19 inferences; the engine looks for 14 links by default."""
    before = LIMITS.max_chain_links
    LIMITS.max_chain_links = 20
    yield
    LIMITS.max_chain_links = before


@pytest.mark.parametrize("code", sorted(TECHNIQUES))
def test_every_case_of_a_technique_puzzlog_has_is_made(code, cases, long_chains):
    assert cases[code], f"no case of {code} in the library"
    built = [case for case in cases[code] if case.code not in VARIANTS_NOT_BUILT]
    assert built
    failed = [(case.line, case.code, verdict) for case in built if (verdict := case.verdict()) not in PASSING]
    assert not failed, f"{TECHNIQUES[code]} on HoDoKu's {code} cases (line, code, verdict): {failed}"


def test_the_new_patterns_are_found_as_single_instances(cases):
    """The empty rectangle and the finned and sashimi fish make HoDoKu's step in one instance,
    no chain search or walk needed."""
    for code in ("0402", "0310", "0311", "0312", "0320", "0321", "0322"):
        verdicts = {case.verdict() for case in cases[code]}
        assert verdicts == {"exact"}, (code, verdicts)


def test_a_line_that_is_not_a_case_is_named():
    with pytest.raises(PuzzleFormatError, match=r"cases.txt, line 2: .*'9x9' is not <digit><row><col>"):
        read_library("# a comment\n:0300:1:" + "." * 81 + "::9x9::\n", "cases.txt")
    with pytest.raises(PuzzleFormatError, match="line 1: .*80 cells"):
        read_library(":0300:1:" + "." * 80 + ":::\n", "cases.txt")

"""Every public call, given every kind of wrong value a programmer passes (None, numbers out of
range or of the wrong type, empty and NUL texts, lists, bytes, paths that are not there or are
folders, a puzzle where a number goes), raises a PuzzlogError that says what is wrong: never
an internal TypeError, AttributeError or IndexError from deep inside; and what it returns
prints (repr, str, Jupyter's HTML) without raising.  32 calls x 21 values: 672 wrong inputs."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

import pybridge

P = pybridge.load(pybridge.bundled("sudoku9"))[0]
K = pybridge.load(pybridge.bundled("kakuro/small"))[0]
WRONG = [None, 0, -1, 1.5, math.nan, True, "", "x", "\0", [], {}, [1, 2], b"12", object(), 10 ** 30, "9" * 81,
         "." * 80, Path("/nonexistent"), Path("/"), P, K]

CALLS = {
    "load": lambda v: pybridge.load(v),
    "load kind": lambda v: pybridge.load("." * 81, kind=v),
    "load fmt": lambda v: pybridge.load("." * 81, fmt=v),
    "load errors": lambda v: pybridge.load("." * 81, errors=v),
    "solve": lambda v: pybridge.solve(v),
    "solve max_solutions": lambda v: pybridge.solve(P, max_solutions=v),
    "solve time_limit": lambda v: pybridge.solve(P, time_limit=v),
    "solve techniques": lambda v: pybridge.solve(P, techniques=v),
    "explain": lambda v: pybridge.explain(v),
    "explain max_steps": lambda v: pybridge.explain(P, max_steps=v),
    "hint": lambda v: pybridge.hint(v),
    "hint grid": lambda v: pybridge.hint(P, v),
    "hint level": lambda v: pybridge.hint(P, level=v),
    "check": lambda v: pybridge.check(v),
    "check grid": lambda v: pybridge.check(P, v),
    "rate": lambda v: pybridge.rate(v),
    "Solver": lambda v: pybridge.Solver(v),
    "Solver techniques": lambda v: pybridge.Solver(P, v),
    "Solver.why": lambda v: pybridge.Solver(P).why(v, 1, 1),
    "generate kind": lambda v: pybridge.generate(v),
    "generate size": lambda v: pybridge.generate("sudoku", size=v),
    "generate difficulty": lambda v: pybridge.generate("sudoku", difficulty=v),
    "generate count": lambda v: pybridge.generate("sudoku", size=4, count=v) if v != 10 ** 30 else None,
    "batch items": lambda v: pybridge.batch(v),
    "batch work": lambda v: pybridge.batch([P], v),
    "write": lambda v: pybridge.write(v, "line"),
    "write fmt": lambda v: pybridge.write([P], v),
    "Puzzle size": lambda v: pybridge.Puzzle(size=v, givens=[0] * 81),
    "Puzzle givens": lambda v: pybridge.Puzzle(size=9, givens=v, box_rows=3, box_cols=3),
    "bundled": lambda v: pybridge.bundled(v),
    "load_rules": lambda v: pybridge.load_rules(v),
    "ladder": lambda v: pybridge.ladder(v),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_wrong_value_is_a_puzzlog_error_and_what_comes_back_prints(name):
    before = pybridge.LIMITS.time_limit
    pybridge.LIMITS.time_limit = 5          # a wrong value that is also a valid one ("." * 80) ends
    raised = 0
    try:
        for value in WRONG:
            try:
                out = CALLS[name](value)
            except pybridge.PuzzlogError as error:
                raised += 1
                assert str(error) and "Traceback" not in str(error)
                continue
            for each in out if isinstance(out, list) else [out]:
                repr(each), str(each)
                if hasattr(each, "_repr_html_"):
                    each._repr_html_()
    finally:
        pybridge.LIMITS.time_limit = before
    assert raised >= 3, f"{name}: only {raised} of {len(WRONG)} wrong values were refused"



def test_a_puzzle_may_be_given_as_its_text_or_file():
    """solve, explain, rate, check and hint take a puzzle's text or file as pybridge.load reads
    it (one puzzle); Puzzle.from_text reads one, of its own family."""
    text = "...24......32..."
    assert pybridge.solve(text).values == pybridge.solve(pybridge.load(text)[0]).values
    assert pybridge.explain(pybridge.bundled("kakuro/small")).status == "solved"
    assert pybridge.rate(text).level == pybridge.rate(pybridge.load(text)[0]).level
    assert pybridge.check(text).status == "unique" and pybridge.hint(text).status == "step"
    assert pybridge.Puzzle.from_text(text).givens == pybridge.load(text)[0].givens
    with pytest.raises(ValueError, match="10 puzzles in .*sudoku9.txt: give one at a time"):
        pybridge.solve(pybridge.bundled("sudoku9"))
    with pytest.raises(pybridge.PuzzlogError, match="takes the text of one KakuroPuzzle; this holds a sudoku"):
        pybridge.KakuroPuzzle.from_text(text)


def test_every_door_says_invalid_alike():
    """A puzzle whose givens break its rules, and one that cannot be read, are the status
    invalid from solve, explain, rate, check and hint, naming the cell; a Solver cannot be
    made of either and says why in the same words."""
    clash = pybridge.load("11..............")[0]
    unreadable = pybridge.load("1x..............", errors="keep")[0]
    for puzzle, words in ((clash, "r1c2"), (unreadable, "r1c2")):
        for door in (pybridge.solve, pybridge.explain, pybridge.rate, pybridge.check, pybridge.hint):
            answer = door(puzzle)
            said = getattr(answer, "error", None) or getattr(answer, "text", None) or str(answer)
            assert answer.status == "invalid" and words in said, (door.__name__, said)
        with pytest.raises(pybridge.PuzzleFormatError, match=words):
            pybridge.Solver(puzzle)


def test_a_puzzle_is_a_value():
    """Frozen, equal by content wherever it was read from, hashable: a set drops repeats."""
    import dataclasses
    first = pybridge.load(pybridge.bundled("sudoku9"))[0]
    again = pybridge.Puzzle.from_text(first.to_line())
    assert first == again and hash(first) == hash(again) and first.source != again.source
    assert len({*pybridge.load(pybridge.bundled("sudoku9")), again}) == 10
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.givens = []   # type: ignore[misc]
    kakuro = pybridge.load(pybridge.bundled("kakuro/small"))[0]
    assert kakuro == pybridge.load(pybridge.bundled("kakuro/small"))[0] and kakuro != first


def test_a_puzzle_made_by_hand_is_the_kind_its_parts_say():
    """Puzzle(9, givens) is a Sudoku with its boxes; signs (or boxes=None) make a Futoshiki; a
    size with no standard boxes is a Latin square; a read Futoshiki without signs stays one."""
    assert pybridge.Puzzle(9, [0] * 81).kind == "sudoku" and pybridge.Puzzle(9, [0] * 81).box_rows == 3
    assert pybridge.Puzzle(6, [0] * 36).kind == "sudoku"
    assert pybridge.Puzzle(4, [0] * 16, signs=[(1, 1, 1, 2)]).kind == "futoshiki"
    assert pybridge.Puzzle(4, [0] * 16, None, None).kind == "futoshiki"
    assert pybridge.Puzzle(5, [0] * 25).kind == "futoshiki"
    assert pybridge.Puzzle(9, [0] * 81, regions=[r // 9 + 1 for r in range(81)]).kind == "jigsaw"
    unequal = pybridge.load("4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,")[0]
    assert unequal.kind == "futoshiki" and pybridge.solve(unequal).status == "multiple"


@pytest.mark.parametrize("kind", ["killer", "greater-than", "adjacent"])
def test_every_kind_the_catalogue_makes_may_be_asked_for_when_reading(kind):
    """load(kind=K) takes each kind puzzlog generates, those read under another kind's name
    too (a Killer is a Sudoku text with cages): its own file reads as it, a file of the kind
    it is read as but without its parts is refused naming the file, line and what is missing."""
    own = {"killer": "generated/killer6", "greater-than": "generated/greater_than6", "adjacent": "generated/adjacent6"}
    plain = {"killer": "sudoku4", "greater-than": "sudoku4", "adjacent": "generated/futoshiki7"}
    read = pybridge.load(pybridge.bundled(own[kind]), kind=kind)
    assert read and all(p.kind_name.startswith(kind.split("-")[0]) for p in read)
    assert read == pybridge.load(pybridge.bundled(own[kind]))
    with pytest.raises(pybridge.PuzzleFormatError, match=r"line \d+.*not a"):
        pybridge.load(pybridge.bundled(plain[kind]), kind=kind)
    assert kind in pybridge.KINDS

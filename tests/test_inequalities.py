"""Sign constraints on a Latin square (the engine side of Futoshiki), counted against brute force.

These tests reach the engine directly with geometry terms; tests/test_futoshiki.py
goes through the formats, the corpus and the CLI.
"""
from __future__ import annotations

import itertools

import pybridge
from pybridge.engine import swipl
from conftest import engine_step


def latin(n: int, signs: list[tuple[int, int, int, int]], adjacent=None) -> tuple:
    """The shape as the bridge takes it: signs and marks flat, as records give them."""
    return pybridge.Puzzle(n, [0] * n * n, signs=list(signs), adjacent=adjacent).geometry()


def solve(shape: tuple, givens: str, limit: int = 2):
    status, solution, count, _, _, error, _ = swipl.call(
        "bridge_solve", [shape, givens, limit, 0, []], 7)
    return status, [int(ch) if ch != "." else 0 for ch in solution], count, error


def holds(values: list[int], n: int, signs) -> bool:
    rows = [values[r * n:(r + 1) * n] for r in range(n)]
    latin_ok = all(sorted(r) == list(range(1, n + 1)) for r in rows + [list(c) for c in zip(*rows)])
    return latin_ok and all(rows[r1 - 1][c1 - 1] < rows[r2 - 1][c2 - 1] for r1, c1, r2, c2 in signs)


def brute_force_count(n: int, signs) -> int:
    """Solutions counted without the engine: every Latin square of rows that are permutations."""
    perms = list(itertools.permutations(range(1, n + 1)))
    return sum(1 for rows in itertools.product(perms, repeat=n)
               if holds([v for row in rows for v in row], n, signs))


SIGNS = [(1, 1, 1, 2), (1, 2, 1, 3), (2, 3, 2, 2), (3, 1, 2, 1), (4, 4, 3, 4), (3, 3, 4, 3)]


def test_signs_solve_and_count_like_brute_force():
    status, values, count, _ = solve(latin(4, SIGNS), "." * 16, limit=50)
    expected = brute_force_count(4, SIGNS)
    assert count == min(expected, 50)
    assert holds(values, 4, SIGNS)
    assert status == ("solved" if expected == 1 else "multiple")


def test_given_clashing_with_a_sign_is_invalid():
    status, _, _, error = solve(latin(4, [(1, 1, 1, 2)]), "41" + "." * 14)
    assert status == "invalid" and "r1c1 < r1c2 cannot hold" in error


def test_sign_cycle_and_non_neighbours_are_invalid():
    cycle = [(1, 1, 1, 2), (1, 2, 2, 2), (2, 2, 2, 1), (2, 1, 1, 1)]
    status, _, _, error = solve(latin(4, cycle), "." * 16)
    assert status == "invalid" and "cycle" in error
    status, _, _, error = solve(latin(4, [(1, 1, 3, 1)]), "." * 16)
    assert status == "invalid" and "not a neighbour" in error


def test_inequality_bounds_step_and_its_absence():
    shape = latin(4, [(1, 1, 1, 2)])
    full = -(1 << 4) + 1
    codes = [full] * 16
    status, name, _, placed, removed = engine_step("inequality_bounds", shape, codes)
    assert (status, name, placed) == ("step", "inequality_bounds", [])
    assert removed == [(1, 1, 4), (1, 2, 1)]
    codes[0], codes[1] = -0b0011, -0b1100  # r1c1 in {1,2}, r1c2 in {3,4}: nothing to remove
    assert engine_step("inequality_bounds", shape, codes)[0] == "stuck"


def adjacent_ok(values: list[int], n: int, marks) -> bool:
    """Marked neighbours differ by exactly 1, unmarked ones by more."""
    rows = [values[r * n:(r + 1) * n] for r in range(n)]
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n:
                    marked = (r + 1, c + 1, r2 + 1, c2 + 1) in marks
                    if (abs(rows[r][c] - rows[r2][c2]) == 1) != marked:
                        return False
    return True


def test_adjacent_mode_counts_like_brute_force():
    n = 4
    perms = list(itertools.permutations(range(1, n + 1)))
    squares = [[v for row in rows for v in row] for rows in itertools.product(perms, repeat=n)
               if holds([v for row in rows for v in row], n, [])]
    source = squares[100]  # the marks of a real square, so at least that one fits
    marks = [(r + 1, c + 1, r2 + 1, c2 + 1) for r in range(n) for c in range(n)
             for r2, c2 in ((r, c + 1), (r + 1, c))
             if r2 < n and c2 < n and abs(source[r * n + c] - source[r2 * n + c2]) == 1]
    expected = [sq for sq in squares if adjacent_ok(sq, n, marks)]
    assert source in expected
    status, values, count, _ = solve(latin(n, [], adjacent=marks), "." * 16, limit=50)
    assert count == min(len(expected), 50)
    if expected:
        assert values in expected
    else:
        assert status == "unsolvable"

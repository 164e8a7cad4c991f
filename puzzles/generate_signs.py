"""Make the bundled puzzles with signs: Adjacent-mode Futoshiki and greater-than Sudoku.

    .venv/bin/python puzzles/generate_signs.py [--seed 2026]

Adjacent Futoshiki: a random Latin square gives the marks (neighbours that
differ by 1); givens from it are added at random until puzzlog finds exactly
one solution, then each given is dropped again when the puzzle stays unique.
Greater-than Sudoku: a random Sudoku solution gives a sign between every two
neighbours inside a box; when those leave more than one solution, givens are
added at random until they do not; then signs are dropped one by one (random
order) while the puzzle stays unique.  Each puzzle is written
to puzzles/futoshiki/ as an Unequal game ID (Adjacent) or a readable grid.
The puzzles are ours to share.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pybridge import Puzzle, formats, solve  # noqa: E402
from pybridge.puzzle import BOX_SHAPES  # noqa: E402

Pair = tuple[int, int, int, int]


def unique(p: Puzzle) -> bool:
    return solve(p, max_solutions=2).status == "solved"


def latin_square(n: int, rng: random.Random) -> list[int]:
    rows = rng.sample(range(n), n)
    cols = rng.sample(range(n), n)
    symbols = rng.sample(range(1, n + 1), n)
    return [symbols[(rows[r] + cols[c]) % n] for r in range(n) for c in range(n)]


def sudoku_solution(n: int, rng: random.Random) -> list[int]:
    """A solved grid: puzzlog's solution of the empty grid, relabelled and shuffled by bands and stacks."""
    br, bc = BOX_SHAPES[n]
    values = solve(Puzzle(n, [0] * n * n, br, bc)).values
    assert values is not None
    symbols = [0] + rng.sample(range(1, n + 1), n)
    rows = [b * br + r for b in rng.sample(range(n // br), n // br) for r in rng.sample(range(br), br)]
    cols = [b * bc + c for b in rng.sample(range(n // bc), n // bc) for c in rng.sample(range(bc), bc)]
    return [symbols[values[rows[r] * n + cols[c]]] for r in range(n) for c in range(n)]


def neighbour_pairs(n: int, same_box=None) -> list[Pair]:
    pairs = []
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 <= n and c2 <= n and (same_box is None or same_box(r, c, r2, c2)):
                    pairs.append((r, c, r2, c2))
    return pairs


def adjacent_futoshiki(n: int, rng: random.Random) -> Puzzle:
    solution = latin_square(n, rng)
    marks = [pair for pair in neighbour_pairs(n)
             if abs(solution[(pair[0] - 1) * n + pair[1] - 1] - solution[(pair[2] - 1) * n + pair[3] - 1]) == 1]
    p = Puzzle(n, [0] * n * n, adjacent=marks)
    cells = rng.sample(range(n * n), n * n)
    while not unique(p):
        i = cells.pop()
        p.givens[i] = solution[i]
    for i in rng.sample(range(n * n), n * n):
        if p.givens[i]:
            p.givens[i] = 0
            if not unique(p):
                p.givens[i] = solution[i]
    return p


def greater_than_sudoku(n: int, rng: random.Random) -> Puzzle:
    br, bc = BOX_SHAPES[n]
    solution = sudoku_solution(n, rng)

    def same_box(r: int, c: int, r2: int, c2: int) -> bool:
        return (r - 1) // br == (r2 - 1) // br and (c - 1) // bc == (c2 - 1) // bc

    signs = []
    for r, c, r2, c2 in neighbour_pairs(n, same_box):
        smaller_first = solution[(r - 1) * n + c - 1] < solution[(r2 - 1) * n + c2 - 1]
        signs.append((r, c, r2, c2) if smaller_first else (r2, c2, r, c))
    p = Puzzle(n, [0] * n * n, br, bc, signs=sorted(signs))
    cells = rng.sample(range(n * n), n * n)
    while not unique(p):
        i = cells.pop()
        p.givens[i] = solution[i]
    for sign in rng.sample(signs, len(signs)):
        p.signs.remove(sign)
        if not unique(p):
            p.signs.append(sign)
            p.signs.sort()
    return p


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = HERE / "futoshiki"
    out.mkdir(exist_ok=True)
    command = f"# made by: .venv/bin/python puzzles/generate_signs.py --seed {args.seed}\n"
    adjacent = [adjacent_futoshiki(n, rng) for n in (4, 5, 5, 6)]
    (out / "adjacent.txt").write_text(command + formats.write(adjacent, "unequal"))
    (out / "adjacent.grid").write_text(command + formats.write(adjacent[1:3], "grid"))
    sudokus = [greater_than_sudoku(n, rng) for n in (4, 4, 6)]
    (out / "greater_than_sudoku.grid").write_text(command + formats.write(sudokus, "grid"))
    for p in adjacent + sudokus:
        print(f"{p.kind} {p.size}x{p.size}: {p.clues} givens, {len(p.signs)} signs, "
              f"{len(p.adjacent or [])} adjacent marks")


if __name__ == "__main__":
    main()

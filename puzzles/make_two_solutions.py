"""Make the puzzles that show a rule relying on uniqueness: puzzles/sudoku9_not_unique.txt.

    .venv/bin/python puzzles/make_two_solutions.py

A puzzle with one solution has, in every rectangle over two boxes whose corners hold a, b,
b, a in the solution (a deadly pattern), a given among the four corners: were there none,
a and b could swap and the puzzle would have two solutions.  Here each such rectangle of
each bundled 9x9 puzzle loses its corners' givens; a result is kept when it has 2 to 10
solutions and the engine's own ladder (no guess) passes a position where all four corners
still hold a and b and one holds more: where a uniqueness technique (a unique rectangle)
would remove a or b, which some solution needs.  At most two a source puzzle, in the
order of the files below; each is written under a comment naming its source.  The puzzles
are ours to share as their sources are (puzzles/README.md).
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pybridge import explain, load, solve  # noqa: E402
from pybridge.cells import code_candidates  # noqa: E402

SOURCES = ["generated/sudoku9_levels.txt", "generated/sudoku9_rot180.txt", "sudoku9.txt"]
OUT = HERE / "sudoku9_not_unique.txt"
Corner = tuple[int, int]


def rectangles(values: list[int]) -> list[tuple[list[Corner], int, int]]:
    """Every rectangle over two boxes whose corners hold a, b / b, a in ``values``."""
    found = []
    for r1, r2 in itertools.combinations(range(9), 2):
        for c1, c2 in itertools.combinations(range(9), 2):
            corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
            if len({(r // 3, c // 3) for r, c in corners}) != 2:
                continue
            a, b = values[r1 * 9 + c1], values[r1 * 9 + c2]
            if values[r2 * 9 + c2] == a and values[r2 * 9 + c1] == b:
                found.append((corners, a, b))
    return found


def pattern_shows(text: str, corners: list[Corner], a: int, b: int) -> bool:
    """Does the ladder's walk (before any guess) pass a position where each corner still
    holds a and b, and one of them more?"""
    for step in explain(load(text)[0]).steps:
        if step.depth:
            break
        held = [code_candidates(step.position.codes[r * 9 + c]) for r, c in corners]
        if all(a in cell and b in cell for cell in held) and any(len(cell) > 2 for cell in held):
            return True
    return False


def main() -> None:
    lines = ["# Sudoku 9x9 with 2 to 10 solutions: a bundled puzzle without the givens of one deadly",
             "# rectangle (made by puzzles/make_two_solutions.py; see its docstring)"]
    for source in SOURCES:
        for puzzle in load(HERE / source):
            givens = puzzle.givens_text()
            kept = 0
            for corners, a, b in rectangles(solve(puzzle).values):
                text = "".join("." if (i // 9, i % 9) in corners else ch for i, ch in enumerate(givens))
                count = solve(load(text)[0], max_solutions=11).solutions
                if 2 <= count <= 10 and pattern_shows(text, corners, a, b):
                    cells = " ".join(f"r{r + 1}c{c + 1}" for r, c in corners)
                    lines += [f"# {source} #{puzzle.index}: {count} solutions, {a} and {b} swap in {cells}", text]
                    kept += 1
                    if kept == 2:
                        break
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{OUT.relative_to(HERE.parent)}: {(len(lines) - 2) // 2} puzzles")


if __name__ == "__main__":
    main()

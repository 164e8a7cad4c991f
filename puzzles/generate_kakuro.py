"""Make the bundled Kakuro puzzles: random digits on fixed layouts, kept when the clues force them.

    .venv/bin/python puzzles/generate_kakuro.py [--seed 2026] [--tries 2000]

For each layout (``#`` black, ``.`` white) it fills the white cells with random
digits, all different along each run, writes the run sums as clues and asks
puzzlog for up to two solutions; the first fill whose clues have exactly one
solution is written to puzzles/kakuro/ in the game format (NAME.txt), the
readable grid (NAME.grid) and the thesis matrices (NAME_down.txt, NAME_right.txt).
The puzzles are ours to share.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pybridge import solve  # noqa: E402
from pybridge.kakuro import Clue, KakuroPuzzle, to_game, to_grid, to_matrices  # noqa: E402

LAYOUTS = {
    "small": ["####",
              "#..#",
              "#...",
              "##.."],
    "medium": ["######",
               "#..###",
               "#...##",
               "##...#",
               "###...",
               "####.."],
}


def runs(layout: list[str]) -> list[list[tuple[int, int]]]:
    """Maximal stretches of two or more white cells, across then down."""
    found = []
    for grid in (layout, ["".join(col) for col in zip(*layout)]):
        transposed = grid is not layout
        for r, line in enumerate(grid):
            for piece_start, piece in _stretches(line):
                if len(piece) >= 2:
                    cells = [(r, piece_start + i) for i in range(len(piece))]
                    found.append([(c, r) for r, c in cells] if transposed else cells)
    return found


def _stretches(line: str):
    start = None
    for i, ch in enumerate(line + "#"):
        if ch == "." and start is None:
            start = i
        elif ch != "." and start is not None:
            yield start, line[start:i]
            start = None


def fill(layout: list[str], rng: random.Random) -> dict[tuple[int, int], int] | None:
    """Random digits, all different along each run (None if the random order dead-ends)."""
    all_runs = runs(layout)
    cells = [(r, c) for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "."]
    values: dict[tuple[int, int], int] = {}
    for cell in cells:
        used = {values.get(x) for run in all_runs if cell in run for x in run}
        free = [d for d in range(1, 10) if d not in used]
        if not free:
            return None
        values[cell] = rng.choice(free)
    return values


def puzzle_of(layout: list[str], values: dict[tuple[int, int], int]) -> KakuroPuzzle:
    cells = [[0 if ch == "." else Clue() for ch in line] for line in layout]
    for run in runs(layout):
        (r, c), (r2, _) = run[0], run[-1]
        total = sum(values[x] for x in run)
        clue_r, clue_c = (r, c - 1) if r == r2 else (r - 1, c)
        old = cells[clue_r][clue_c]
        assert isinstance(old, Clue)
        cells[clue_r][clue_c] = Clue(total, old.across) if r != r2 else Clue(old.down, total)
    return KakuroPuzzle(cells, "generated")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--tries", type=int, default=3000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = HERE / "kakuro"
    out.mkdir(exist_ok=True)
    for name, layout in LAYOUTS.items():
        for attempt in range(1, args.tries + 1):
            values = fill(layout, rng)
            if values is None:
                continue
            puzzle = puzzle_of(layout, values)
            if solve(puzzle, max_solutions=2, time_limit=1.0).status == "solved":
                (out / f"{name}.txt").write_text(to_game(puzzle) + "\n")
                (out / f"{name}.grid").write_text(to_grid(puzzle) + "\n")
                down, right = to_matrices(puzzle).split("\n\n")
                (out / f"{name}_down.txt").write_text(down + "\n")
                (out / f"{name}_right.txt").write_text(right + "\n")
                print(f"{name}: unique after {attempt} fills")
                break
        else:
            print(f"{name}: no unique fill in {args.tries} tries", file=sys.stderr)


if __name__ == "__main__":
    main()

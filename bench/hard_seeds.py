"""Make the stock of hard puzzles the generator varies (prolog/generation/hard_seeds.pl), and
print how often each level comes out of a random generated 9x9 Sudoku.

    python bench/hard_seeds.py                 # as shipped: 40 unreasonable 9x9 (about 20 min, 2 cores)
    python bench/hard_seeds.py --count 3 --out /tmp/hard_seeds.pl   # a quick look

Puzzles of puzzlog's own generator are made from seeds SEED, SEED+1, ... at any level (as
`puzzlog generate sudoku --seed S` makes them) until ``--count`` of them are rated ``--level``.
Those are written, each with the seed that makes it, as the facts of hard_seeds.pl, which
`generate --difficulty unreasonable` draws from (a random form of one of them:
prolog/generation/transformations.pl).  The levels of all the puzzles made are printed: the
share that is unreasonable is why a request cannot wait for the removal loop to land on one.
"""
from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "prolog" / "generation" / "hard_seeds.pl"

def head(command: str, counts: str) -> str:
    """The module's text before its facts, from the shipped file (prolog/generation/
    hard_seeds.pl), with this run's command line and counts in its comment."""
    text = OUT.read_text(encoding="utf-8")
    text = text[:re.search(r"^stocked_puzzle\(", text, re.M).start()]   # the first fact
    text = re.sub(r"(It is data, written by\n\n        ).*\n", lambda m: m.group(1) + command + "\n", text)
    return re.sub(r"(it made on the way: )[^.]*\.", lambda m: m.group(1) + counts + ".", text)


def made(seed: int) -> tuple[int, str, str, str] | None:
    """The puzzle of ``seed``: (seed, level, hardest technique, its line), None when none is made."""
    import pybridge
    try:
        [g] = pybridge.generate("sudoku", seed=seed, stock=None, time_limit=120)
    except pybridge.PuzzlogError:
        return None
    return seed, g.level, g.hardest, g.text()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--count", type=int, default=40, help="puzzles to stock (default 40)")
    parser.add_argument("--level", default="unreasonable", help="the level stocked (default unreasonable)")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count(), help="processes (default: all cores)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the file written (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    started = time.monotonic()
    levels: Counter[str] = Counter()
    kept: list[tuple[int, str, str, str]] = []
    walked = 0
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for result in pool.imap(made, range(args.seed, args.seed + 10 ** 6), chunksize=4):
            walked += 1
            if result is None:
                continue
            levels[result[1]] += 1
            if result[1] == args.level:
                kept.append(result)
                print(f"  seed {result[0]}: {result[2]} ({len(kept)} of {args.count}, {walked} made, "
                      f"{time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
                if len(kept) == args.count:
                    break
    kept.sort()
    command = (f"python bench/hard_seeds.py --seed {args.seed} --count {args.count} --level {args.level}")
    facts = "".join(f"stocked_puzzle(sudoku(3, 3), {level}, {hardest}, {seed}, '{line}').\n"
                    for seed, level, hardest, line in kept)
    args.out.write_text(head(command, levels_line(levels)) + facts, encoding="utf-8")
    print(f"\n{len(kept)} {args.level} puzzles of {walked} made from seeds {args.seed}.. in "
          f"{time.monotonic() - started:.0f} s: {args.out}")
    print(f"{'level':14} {'puzzles':>8} {'share':>8}")
    for level in ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]:
        print(f"{level:14} {levels[level]:>8} {100 * levels[level] / max(1, walked):>7.2f}%")


def levels_line(levels: Counter[str]) -> str:
    return ", ".join(f"{level} {k}" for level, k in sorted(levels.items()))


if __name__ == "__main__":
    main()

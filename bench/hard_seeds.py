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
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "prolog" / "generation" / "hard_seeds.pl"

HEAD = r"""/** <module> The stock of hard puzzles the generator varies

    Some targets are out of reach of the generator's removal loop in a
    request's time: an unreasonable 9x9 Sudoku (one that needs a forcing
    chain or a guess) is about one random minimal puzzle in 150 (the
    counts below).  This file keeps such puzzles, each made by puzzlog's own
    generator from the seed beside it; generate.pl serves a request for
    one by a random transformation of one of them (transformations.pl).
    It is data, written by

        COMMAND

    which anyone can run again to remake it.  The levels of the puzzles
    it made on the way: COUNTS.

    ?- hard_seed(sudoku(3, 3), unreasonable, Hardest, Seed, Givens),
       length(Givens, K), K > 16.
*/
:- module(hard_seeds,
          [ hard_seed/5             % ?Kind, ?Level, ?Hardest, ?Seed, -Givens
          ]).
:- use_module(library(lists)).

%! hard_seed(?Kind, ?Level, ?Hardest, ?Seed, -Givens) is nondet.
%
%  A stocked puzzle of the generator's Kind, its rating's Level and
%  hardest technique, the seed that made it (`puzzlog generate KIND
%  --seed Seed`), and its givens, g(Row, Col, Value) in row-major order.

hard_seed(Kind, Level, Hardest, Seed, Givens) :-
    stocked_puzzle(Kind, Level, Hardest, Seed, Line),
    atom_codes(Line, Codes),
    Kind = sudoku(BR, BC),
    N is BR * BC,
    findall(g(R, C, V),
            ( nth0(I, Codes, Code), Code >= 0'1, Code =< 0'9,
              V is Code - 0'0, R is I // N + 1, C is I mod N + 1 ),
            Givens).

% stocked_puzzle(Kind, Level, Hardest, Seed, Line): Line has a character a
% cell, row by row, '.' for an empty one.
"""


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
    args.out.write_text(HEAD.replace("COMMAND", command).replace("COUNTS", levels_line(levels))
                        + facts, encoding="utf-8")
    print(f"\n{len(kept)} {args.level} puzzles of {walked} made from seeds {args.seed}.. in "
          f"{time.monotonic() - started:.0f} s: {args.out}")
    print(f"{'level':14} {'puzzles':>8} {'share':>8}")
    for level in ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]:
        print(f"{level:14} {levels[level]:>8} {100 * levels[level] / max(1, walked):>7.2f}%")


def levels_line(levels: Counter[str]) -> str:
    return ", ".join(f"{level} {k}" for level, k in sorted(levels.items()))


if __name__ == "__main__":
    main()

"""Killer Sudoku benchmark: puzzlog through the Python API vs a plain CLP(FD) model, side by side.

    .venv/bin/python bench/killer.py [--limit N] [--clpfd-timeout S] [--repeat N]

The sgt-solo Killer sets of the corpus (Solo's game IDs, by level) are solved by puzzlog and by
the CLP(FD) reference model (bench/clpfd_reference.pl: the Sudoku model and all_distinct/1 and
sum/3 on each cage, labeling [ff]) in the same SWI-Prolog, one solver after the other, both
timed the same way around one bridge call, both stopping at the first solution.  Prints solved,
median, p90 and max ms, median guesses and the CLP(FD)/puzzlog ratio of medians, per level.
"""
from __future__ import annotations

import argparse
import json

from common import CORPUS, HEADER, add_common_arguments, clpfd, puzzlog, report, require_corpus, side_by_side

import pybridge

LEVELS = ("kdt", "kdb", "kdi", "kda", "kde", "kdu")


def load_level(level: str) -> list[pybridge.Puzzle]:
    path = CORPUS / f"sudoku9_killer_sgt_solo_{level}.jsonl"
    return [pybridge.load(json.loads(line)["game_id"])[0] for line in path.read_text().splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    args = parser.parse_args()
    require_corpus()
    print(HEADER)
    for level in LEVELS:
        puzzles = load_level(level)[:args.limit or None]
        runs = side_by_side(puzzles, {"puzzlog": puzzlog(), "clpfd": clpfd(args.clpfd_timeout)}, args.repeat)
        report(f"killer {level}", len(puzzles), runs)


if __name__ == "__main__":
    main()

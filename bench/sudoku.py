"""Sudoku benchmark: puzzlog through the Python API vs a plain CLP(FD) model, side by side.

    .venv/bin/python bench/sudoku.py [--sets easy50,top95,...] [--limit N] [--clpfd-timeout S] [--repeat N]
        [--techniques singles,basic,pairs,subsets,chains,all] [--unique]

For each set it solves every puzzle with puzzlog under each technique set
(singles, basic, pairs - the default for Sudoku -, subsets, chains and all) and with the CLP(FD)
reference model (bench/clpfd_reference.pl: all_distinct + labeling [ff]) in the
same SWI-Prolog, one solver after the other over the whole set (common.side_by_side),
all timed the same way around one bridge call.  It
prints solved, median, p90 and max ms, median guesses, how many puzzles needed no
guess, and the CLP(FD)/puzzlog
ratio of medians.  With --repeat N the whole set is solved N times over
and each solver's fastest time a puzzle counts.  puzzlog stops at the first
solution, as the CLP(FD) model does; --unique makes it prove the solution
unique as pybridge.solve does by default: the whole search tree, so top95's
max is about twice the first-solution max.
"""
from __future__ import annotations

import argparse
import csv
import json

from common import CORPUS, HEADER, add_common_arguments, clpfd, puzzlog, report, require_corpus, side_by_side

import pybridge

SETS = {
    "easy50": "sudoku9_norvig_easy50.txt",
    "top95": "sudoku9_norvig_top95.txt",
    "hardest": "sudoku9_norvig_hardest.txt",
    "top1465": "sudoku9_magictour_top1465.txt",
    "16x16": "sudoku16_sgt_solo.jsonl",
    "cbg": "sudoku9_cbg000_first10000_rated.csv",    # random minimal puzzles; the first 2000
}


def load_set(name: str) -> list[pybridge.Puzzle]:
    path = CORPUS / SETS[name]
    if path.suffix == ".csv":
        return [pybridge.load(row["puzzle"])[0] for row in list(csv.DictReader(path.open()))[:2000]]
    if path.suffix == ".jsonl":
        return [pybridge.load(json.loads(line)["game_id"])[0] for line in path.read_text().splitlines()]
    return pybridge.load(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="easy50,top95,hardest,top1465,16x16",
                        help="comma-separated: " + ",".join(SETS) + " (default all but cbg)")
    parser.add_argument("--techniques", default="singles,basic,pairs,subsets,chains,all",
                        help="puzzlog's technique sets to run, comma-separated (default: these six)")
    parser.add_argument("--unique", action="store_true",
                        help="puzzlog also proves each solution unique (solve's default; "
                             "the CLP(FD) model still stops at the first)")
    add_common_arguments(parser)
    args = parser.parse_args()
    techniques = args.techniques.split(",")
    unknown = set(techniques) - set(pybridge.TECHNIQUE_SETS)
    if unknown:
        parser.error(f"unknown technique sets {sorted(unknown)}; known: {sorted(pybridge.TECHNIQUE_SETS)}")
    require_corpus()
    print(HEADER)
    for name in args.sets.split(","):
        puzzles = load_set(name)
        if args.limit:
            puzzles = puzzles[:args.limit]
        solvers = {f"puzzlog {t}": puzzlog(t, args.unique) for t in techniques}
        solvers["clpfd"] = clpfd(args.clpfd_timeout)
        report(name, len(puzzles), side_by_side(puzzles, solvers, args.repeat))


if __name__ == "__main__":
    main()

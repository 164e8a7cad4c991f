"""Futoshiki benchmark: puzzlog through the Python API vs a plain CLP(FD) model, side by side.

    .venv/bin/python bench/futoshiki.py [--limit N] [--clpfd-timeout S] [--repeat N] [--techniques SET]

The shared Unequal set (4x4 to 9x9) is solved by puzzlog and by the CLP(FD)
reference model (bench/clpfd_reference.pl: all_distinct/1 on rows and columns,
#< for each sign, labeling [ff]) in the same SWI-Prolog, one solver after the
other over the set, both timed the same way around one bridge call.  Prints solved, median, p90 and max ms, median
guesses and the CLP(FD)/puzzlog ratio of medians, per size.
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict

from common import CORPUS, HEADER, add_common_arguments, clpfd, puzzlog, report, require_corpus, side_by_side

import pybridge

SET = "futoshiki_sgt_unequal.jsonl"


def load_by_size() -> dict[int, list[pybridge.Puzzle]]:
    sizes: dict[int, list[pybridge.Puzzle]] = defaultdict(list)
    for line in (CORPUS / SET).read_text().splitlines():
        entry = json.loads(line)
        [p] = pybridge.load(entry["game_id"])
        sizes[p.size].append(p)
    return dict(sorted(sizes.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser, unit="size")
    parser.add_argument("--techniques", choices=sorted(pybridge.TECHNIQUE_SETS), default=None,
                        help="puzzlog's techniques before each guess (default: the library's "
                             "default for Futoshiki)")
    args = parser.parse_args()
    require_corpus()
    print(HEADER)
    for n, puzzles in load_by_size().items():
        puzzles = puzzles[:args.limit or None]
        solvers = {"puzzlog": puzzlog(args.techniques), "clpfd": clpfd(args.clpfd_timeout)}
        runs = side_by_side(puzzles, solvers, args.repeat)
        report(f"{n}x{n}", len(puzzles), runs)


if __name__ == "__main__":
    main()

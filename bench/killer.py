"""Killer Sudoku benchmark: puzzlog through the Python API vs a plain CLP(FD) model, side by side.

    .venv/bin/python bench/killer.py [--limit N] [--clpfd-timeout S] [--repeat N]

The sgt-solo Killer sets of the corpus (Solo's game IDs, by level) are solved by puzzlog and by
the CLP(FD) reference model (bench/clpfd_reference.pl: the Sudoku model and all_distinct/1 and
sum/3 on each cage, labeling [ff]) in the same SWI-Prolog, one solver after the other, both
timed the same way around one bridge call, both stopping at the first solution.  Prints solved,
median, p90 and max ms, median guesses and the CLP(FD)/puzzlog ratio of medians, per level.
"""
from __future__ import annotations

import json

from common import CORPUS, puzzlog_beside_clpfd

import pybridge

LEVELS = ("kdt", "kdb", "kdi", "kda", "kde", "kdu")


def load_level(level: str) -> list[pybridge.Puzzle]:
    path = CORPUS / f"sudoku9_killer_sgt_solo_{level}.jsonl"
    return [pybridge.load(json.loads(line)["game_id"])[0] for line in path.read_text().splitlines()]


def main() -> None:
    puzzlog_beside_clpfd(__doc__.splitlines()[0], {f"killer {level}": (lambda level=level: load_level(level))
                                                   for level in LEVELS})


if __name__ == "__main__":
    main()

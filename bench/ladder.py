"""How far the technique ladder goes: the share of each corpus set solved without a guess.

    .venv/bin/python bench/ladder.py [--sets cbg,top1465,...] [--limit N] [--techniques all]

For each set it solves every puzzle with the technique set given (default all),
stopping at the first solution, and counts those solved with no guess at all.
For the cbg set (random minimal puzzles with Berthier's S+W ratings) and qqwing's
set it also splits the share by rating or level.  It prints the median and p90 ms a
puzzle, which docs/techniques.md quotes.
"""
from __future__ import annotations

import argparse
import csv
import json
import statistics
from collections import defaultdict

from common import CORPUS, add_ladder_arguments, percentile, require_corpus

import pybridge
from pybridge.puzzles import kakuro
from pybridge.puzzles.signs import from_corpus_record

SETS = {
    "cbg": ("sudoku9_cbg000_first10000_rated.csv", 2000),
    "top1465": ("sudoku9_magictour_top1465.txt", 0),
    "top95": ("sudoku9_norvig_top95.txt", 0),
    "qqwing": ("sudoku9_qqwing_generated_1000.csv", 0),
    "x": ("sudoku9_x_diagonal_sgt_solo.jsonl", 0),
    "jigsaw": ("sudoku9_jigsaw_sgt_solo.jsonl", 0),
    "sudoku16": ("sudoku16_sgt_solo.jsonl", 0),
    "futoshiki": ("futoshiki_sgt_unequal.jsonl", 0),
    "kakuro_upc": ("kakuro_upc_prop_paucuesta9.jsonl", 0),
    "kakuro_krazydad": ("kakuro_krazydad_via_billstclair.jsonl", 0),
    **{f"killer_{level}": (f"sudoku9_killer_sgt_solo_{level}.jsonl", 0)
       for level in ("kdt", "kdb", "kdi", "kda", "kde", "kdu")},   # Solo's Killer game IDs, by level
}


def load_set(name: str) -> list[tuple[object, str]]:
    """(puzzle, group) pairs: the group is the set's own label (rating, level) or ''."""
    file, first = SETS[name]
    path = CORPUS / file
    if path.suffix == ".csv":
        rows = list(csv.DictReader(path.open()))
        group = "sw_rating" if "sw_rating" in rows[0] else "difficulty"
        pairs = [(pybridge.load(row["puzzle"])[0], f"{group} {row[group]}") for row in rows]
    elif name == "futoshiki":
        records = [json.loads(line) for line in path.read_text().splitlines()]
        pairs = [(from_corpus_record(r), r["generator"].split()[-1]) for r in records]
    elif name.startswith("kakuro"):
        records = [json.loads(line) for line in path.read_text().splitlines()]
        pairs = [(kakuro.from_corpus_grid(r["grid"]), "") for r in records if r.get("verification") != "invalid"]
    elif path.suffix == ".jsonl":
        records = [json.loads(line) for line in path.read_text().splitlines()]
        pairs = [(pybridge.load(r["game_id"])[0], r.get("difficulty_requested", r.get("level", ""))) for r in records]
    else:
        pairs = [(p, "") for p in pybridge.load(path)]
    return pairs[:first] if first else pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_ladder_arguments(parser, list(SETS))
    args = parser.parse_args()
    require_corpus()
    print(f"{'set':<16}{'puzzles':>8}{'no guess':>10}{'share':>8}{'median ms':>11}{'p90 ms':>9}")
    for name in args.sets.split(","):
        pairs = load_set(name)
        if args.limit:
            pairs = pairs[:args.limit]
        groups: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        times = []
        for puzzle, group in pairs:
            result = pybridge.solve(puzzle, max_solutions=1, techniques=args.techniques)
            times.append(result.ms)
            clean = result.status == "solved" and result.guesses == 0
            groups[group][0] += clean
            groups[group][1] += 1
        clean = sum(g[0] for g in groups.values())
        print(f"{name:<16}{len(pairs):>8}{clean:>10}{100 * clean / len(pairs):>7.1f}%"
              f"{statistics.median(times):>11.2f}{percentile(times, 0.9):>9.2f}")
        if len(groups) > 1:
            for group, (ok, total) in sorted(groups.items()):
                print(f"  {group:<14}{total:>8}{ok:>10}{100 * ok / total:>7.1f}%")


if __name__ == "__main__":
    main()

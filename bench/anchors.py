"""puzzlog's rating beside the anchors' (HoDoKu's level and score, Sudoku Explainer's rating) on the
sample the ladder issue measured, and how many of its puzzles need a forcing chain or a guess.

    .venv/bin/python bench/anchors.py [--anchors FILE] [--assume-unique] [--limit N]

The sample (from ../shared/corpus): Norvig's top95, every 14th of magictour's top1465, 25 of
each qqwing label (simple, easy, intermediate, expert: the first of each) and every 16th of the
forum's hardest (24).  Each puzzle is rated (pybridge.rate, the whole ladder); the script prints,
per set, the puzzles whose walk needs a forcing chain or a guess, puzzlog's levels, and its
reading of the walk on the outside scales (the median SE number, the HoDoKu-style levels).

Berthier's S+W rating of random minimal puzzles (cbg-000 in ../shared) is a third outside scale
kept in the corpus: the script prints the Spearman correlation of puzzlog's score and of its
SE number with it, on every 20th of the first 10,000 (--cbg-step).

With --anchors, a file of the anchors' ratings made by anyone who has those programs (one line a
puzzle: its 81 characters, HoDoKu's level name, HoDoKu's score, SE's rating, separated by
blanks or commas; '#' starts a comment), it prints as well the Spearman correlation of
puzzlog's score and of its SE number with SE's rating (overall per set, and among puzzles SE
rates 7 or more), the table of puzzlog's levels against HoDoKu's, and how often puzzlog's
HoDoKu-style level is HoDoKu's.  The anchors' programs are never run here.
"""
from __future__ import annotations

import argparse
import contextlib
import csv
import re
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

from common import CORPUS, require_corpus
from stats import spearman

import pybridge

HODOKU_LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def sample() -> dict[str, list[str]]:
    def lines(name: str) -> list[str]:
        return [ln.strip() for ln in (CORPUS / name).read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    qqwing: dict[str, list[str]] = defaultdict(list)
    with open(CORPUS / "sudoku9_qqwing_generated_1000.csv", newline="") as f:
        for row in csv.DictReader(f):
            if len(qqwing[row["difficulty"]]) < 25:
                qqwing[row["difficulty"]].append(row["puzzle"])
    return {"top95": lines("sudoku9_norvig_top95.txt"),
            "top1465/14": lines("sudoku9_magictour_top1465.txt")[::14],
            "qqwing": [p for level in ("simple", "easy", "intermediate", "expert") for p in qqwing[level]],
            "forum/16": lines("sudoku9_forum_hardest_1106.txt")[::16]}


def read_anchors(path: Path) -> dict[str, tuple[str, float, float]]:
    out = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = re.split(r"[\s,]+", line)
        if len(parts) < 4:
            raise SystemExit(f"{path}, line {number}: want the puzzle, HoDoKu's level and score, SE's rating")
        out[parts[0].replace("0", ".")] = (parts[1].lower(), float(parts[2]), float(parts[3]))
    return out


class Row(NamedTuple):
    set: str
    text: str
    level: str
    score: float
    se: float
    hodoku_level: str


def rate(puzzle: pybridge.Puzzle, assume_unique: bool) -> pybridge.Rating:
    """The whole ladder's rating, with the uniqueness techniques when asked."""
    with pybridge.assume_unique() if assume_unique else contextlib.nullcontext():
        return pybridge.rate(puzzle)


def beside_sw(step: int, assume_unique: bool) -> None:
    """Spearman of puzzlog's score and SE number with Berthier's S+W on cbg-000."""
    score, se, sw = [], [], []
    with open(CORPUS / "sudoku9_cbg000_first10000_rated.csv", newline="") as f:
        for row in list(csv.DictReader(f))[::step]:
            [p] = pybridge.parse(row["puzzle"])
            r = rate(p, assume_unique)
            score.append(float(r.score))
            se.append(r.se or 0.0)
            sw.append(float(row["sw_rating"]))
    print(f"\ncbg-000, every {step}th ({len(sw)} puzzles): Spearman with Berthier's S+W: score "
          f"{spearman(score, sw):.2f}, SE number {spearman(se, sw):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchors", type=Path, help="the anchors' ratings, one line a puzzle (see above)")
    parser.add_argument("--assume-unique", action="store_true", help="rate with the uniqueness techniques too")
    parser.add_argument("--limit", type=int, default=0, help="at most N puzzles a set")
    parser.add_argument("--cbg-step", type=int, default=20, help="every Nth cbg-000 puzzle beside S+W (0: none)")
    args = parser.parse_args()
    require_corpus()
    anchors = read_anchors(args.anchors) if args.anchors else {}
    print(f"puzzlog {pybridge.__version__}{' --assume-unique' if args.assume_unique else ''}: "
          "puzzles whose walk needs a forcing chain or a guess\n")
    print(f"{'set':12} {'puzzles':>7} {'forcing/guess':>14} {'median ms':>10} {'SE median':>9}  levels; HoDoKu-style")
    total, hard = 0, 0
    rows: list[Row] = []
    for name, puzzles in sample().items():
        if args.limit:
            puzzles = puzzles[:args.limit]
        levels: Counter[str] = Counter()
        hodoku: Counter[str] = Counter()
        ses = []
        times = []
        needs = 0
        for text in puzzles:
            [p] = pybridge.parse(text)
            started = time.process_time()
            r = rate(p, args.assume_unique)
            times.append(1000 * (time.process_time() - started))
            levels[r.level] += 1
            hodoku[r.hodoku_level or "-"] += 1
            ses.append(r.se or 0.0)
            needs += r.hardest == "forcing_chain" or r.level == "unreasonable"
            rows.append(Row(name, text.replace("0", "."), r.level, float(r.score), r.se or 0.0, r.hodoku_level or ""))
        times.sort()
        ses.sort()
        total += len(puzzles)
        hard += needs
        shown = ", ".join(f"{lv} {n}" for lv, n in sorted(levels.items(), key=lambda kv: -kv[1]))
        styled = ", ".join(f"{lv} {hodoku[lv]}" for lv in HODOKU_LEVELS if hodoku[lv])
        print(f"{name:12} {len(puzzles):7} {needs:14} {times[len(times) // 2]:10.0f} {ses[len(ses) // 2]:9.1f}  "
              f"{shown}; {styled}")
    print(f"{'all':12} {total:7} {hard:14}")
    if args.cbg_step:
        beside_sw(args.cbg_step, args.assume_unique)
    if not anchors:
        print("\n(no --anchors file: the SE and HoDoKu tables need the anchors' ratings)")
        return
    known = [(row, anchors[row.text]) for row in rows if row.text in anchors]
    print(f"\n{len(known)} of {len(rows)} puzzles have anchor ratings")
    for name in [*sample(), "SE >= 7"]:
        part = [(row, a) for row, a in known if (row.set == name if name != "SE >= 7" else a[2] >= 7)]
        if len(part) > 2:
            se = [a[2] for _, a in part]
            print(f"  Spearman vs SE, {name} ({len(part)} puzzles): score "
                  f"{spearman([row.score for row, _ in part], se):.2f}, SE number {spearman([row.se for row, _ in part], se):.2f}")
    same = sum(row.hodoku_level == a[0] for row, a in known)
    print(f"  HoDoKu-style level = HoDoKu's level: {same} of {len(known)} ({100 * same / max(1, len(known)):.0f}%)")
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for row, a in known:
        table[row.level][a[0]] += 1
    corner = "puzzlog / HoDoKu"
    print(f"\n{corner:18}" + "".join(f"{h:>9}" for h in HODOKU_LEVELS))
    for lv in ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]:
        if table[lv]:
            print(f"{lv:18}" + "".join(f"{table[lv][h]:9}" for h in HODOKU_LEVELS))


if __name__ == "__main__":
    main()

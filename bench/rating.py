"""Calibration of `rate` against ratings puzzlog did not make, and its speed (docs/rating.md).

    python bench/rating.py                      # everything (about 5 minutes on two cores)
    python bench/rating.py --parts speed,qqwing # some of it

Parts:
  sw       Spearman rank correlation of score and level with Denis Berthier's S+W rating on the
           cbg-000 random minimal puzzles: rows [0, --tune) are the ones the levels and weights
           were chosen on, rows [--tune, --tune + --check) only check them;
  qqwing   puzzlog's level against qqwing's label (simple, easy, intermediate, expert);
  solo     against Simon Tatham's Solo levels (4x4, 6x6, 16x16, jigsaw, X);
  unequal  against Tatham's Unequal levels for Futoshiki;
  kakuro   against the UPC Kakuro set's difficulty folders;
  killer   against Solo's Killer levels (3x3kdt .. 3x3kdu), whose median must never fall;
  speed    rating a top95 puzzle against a plain solve of it, side by side, and a qqwing
           intermediate puzzle.
Rating is deterministic, so the tables are the same on every run; only the times vary.
"""
from __future__ import annotations

import argparse
import collections
import csv
import json
import multiprocessing
import statistics
import time

from common import CORPUS, require_corpus
from stats import spearman

import pybridge
from pybridge import LEVELS
from pybridge.puzzles import kakuro
from pybridge.puzzles.signs import from_corpus_record
from pybridge.puzzles.solo import from_corpus as killer_from_corpus

PARTS = ["sw", "qqwing", "solo", "unequal", "kakuro", "killer", "speed"]
KILLER_LEVELS = {"kdt": "trivial", "kdb": "basic", "kdi": "intermediate", "kda": "advanced", "kde": "extreme",
                 "kdu": "unreasonable"}
UNEQUAL_WORDS = {"trivial": "trivial", "easy": "basic", "tricky": "advanced", "extreme": "extreme",
                 "recursive": "unreasonable"}


def rate_line(line: str) -> tuple[str | None, int]:
    r = pybridge.rate(pybridge.load(line)[0])
    return r.level, r.score


def table(title: str, labels: list[str], rows: dict[str, list[str]]) -> None:
    """Counts of puzzlog's levels for each outside label, and the median level."""
    used = [lv for lv in LEVELS if any(lv in rows[label] for label in labels)]
    print(f"\n{title}")
    print(f"| label | puzzles | {' | '.join(used)} | median |")
    print(f"|---|---:|{'---:|' * len(used)}---|")
    for label in labels:
        levels = rows[label]
        counts = collections.Counter(levels)
        ranked = sorted(LEVELS.index(lv) for lv in levels)
        median = LEVELS[ranked[(len(ranked) - 1) // 2]] if ranked else "-"
        print(f"| {label} | {len(levels)} | {' | '.join(str(counts[lv]) for lv in used)} | {median} |")


def sw_part(args: argparse.Namespace) -> None:
    rows = list(csv.DictReader(open(CORPUS / "sudoku9_cbg000_first10000_rated.csv")))
    parts = {"tuned on": rows[:args.tune], "checked on": rows[args.tune:args.tune + args.check]}
    print("\nS+W (Denis Berthier, CSP-Rules) on cbg-000 random minimal puzzles")
    print("| rows | puzzles | Spearman score | Spearman level |")
    print("|---|---:|---:|---:|")
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for name, part in parts.items():
            rated = pool.map(rate_line, [row["puzzle"] for row in part], chunksize=20)
            sw = [int(row["sw_rating"]) for row in part]
            score = spearman([s for _, s in rated], sw)
            level = spearman([LEVELS.index(lv) for lv, _ in rated], sw)
            first = rows.index(part[0])
            print(f"| {name} {first}..{first + len(part) - 1} | {len(part)} | {score:.3f} | {level:.3f} |",
                  flush=True)
            if name == "checked on":
                by_sw: dict[str, list[str]] = collections.defaultdict(list)
                for (lv, _), s in zip(rated, sw):
                    by_sw[f"S+W {min(s, 6)}{'+' if s >= 6 else ''}"].append(lv)
                table("puzzlog level by S+W (checked rows)", sorted(by_sw), by_sw)


def qqwing_part(_args: argparse.Namespace) -> None:
    rows: dict[str, list[str]] = collections.defaultdict(list)
    for row in csv.DictReader(open(CORPUS / "sudoku9_qqwing_generated_1000.csv")):
        rows[row["difficulty"]].append(pybridge.rate(pybridge.load(row["puzzle"])[0]).level)
    table("qqwing's labels (sudoku9_qqwing_generated_1000.csv)", ["simple", "easy", "intermediate", "expert"], rows)


def solo_part(_args: argparse.Namespace) -> None:
    sets = ["sudoku4_sgt_solo.jsonl", "sudoku6_sgt_solo.jsonl", "sudoku16_sgt_solo.jsonl",
            "sudoku6_jigsaw_sgt_solo.jsonl", "sudoku9_jigsaw_sgt_solo.jsonl", "sudoku9_x_diagonal_sgt_solo.jsonl"]
    nine = [0, 0, 0]  # exact, off by one, puzzles
    for name in sets:
        rows: dict[str, list[str]] = collections.defaultdict(list)
        for record in map(json.loads, open(CORPUS / name)):
            level = pybridge.rate(pybridge.load(record["game_id"])[0]).level
            rows[record["difficulty_requested"]].append(level)
            if "sudoku9" in name:
                off = abs(LEVELS.index(level) - LEVELS.index(record["difficulty_requested"]))
                nine[0] += off == 0
                nine[1] += off <= 1
                nine[2] += 1
        table(f"Solo's levels ({name})", [lv for lv in LEVELS if lv in rows], rows)
    print(f"\n9x9 (jigsaw and X): exact agreement {nine[0] / nine[2]:.1%}, within one level "
          f"{nine[1] / nine[2]:.1%} of {nine[2]} puzzles")


def unequal_part(_args: argparse.Namespace) -> None:
    rows: dict[str, list[str]] = collections.defaultdict(list)
    for record in map(json.loads, open(CORPUS / "futoshiki_sgt_unequal.jsonl")):
        label = f"{record['difficulty_requested']} ({UNEQUAL_WORDS[record['difficulty_requested']]})"
        rows[label].append(pybridge.rate(from_corpus_record(record)).level)
    table("Unequal's levels, with the words they map to (futoshiki_sgt_unequal.jsonl)",
          [f"{k} ({v})" for k, v in UNEQUAL_WORDS.items() if f"{k} ({v})" in rows], rows)


def kakuro_part(_args: argparse.Namespace) -> None:
    rows: dict[str, list[str]] = collections.defaultdict(list)
    scores: dict[str, list[int]] = collections.defaultdict(list)
    for record in map(json.loads, open(CORPUS / "kakuro_upc_prop_paucuesta9.jsonl")):
        if record.get("verification") == "invalid":
            continue
        r = pybridge.rate(kakuro.from_corpus_grid(record["grid"]))
        folder = record["source_path"].split("/")[1]
        rows[folder].append(r.level)
        scores[folder].append(r.score)
    table("The UPC Kakuro set's difficulty folders (kakuro_upc_prop_paucuesta9.jsonl)", sorted(rows), rows)
    print("median score: " + ", ".join(f"{k} {statistics.median(v):g}" for k, v in sorted(scores.items())))


def rate_killer(line: str) -> tuple[str | None, int]:
    r = pybridge.rate(killer_from_corpus(json.loads(line)))
    return r.level, r.score


def killer_part(args: argparse.Namespace) -> None:
    rows: dict[str, list[str]] = {}
    scores: dict[str, list[int]] = {}
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for code, word in KILLER_LEVELS.items():
            lines = open(CORPUS / f"sudoku9_killer_sgt_solo_{code}.jsonl").read().splitlines()
            rated = pool.map(rate_killer, lines, chunksize=10)
            label = f"3x3{code} ({word})"
            rows[label] = [level for level, _ in rated]
            scores[label] = [score for _, score in rated]
    table("Solo's Killer levels (sudoku9_killer_sgt_solo_*.jsonl)", list(rows), rows)
    print("median score: " + ", ".join(f"{k.split()[0]} {statistics.median(v):g}" for k, v in scores.items()))


def timed(call, *args) -> float:
    start = time.perf_counter()
    call(*args)
    return (time.perf_counter() - start) * 1000


def speed_part(args: argparse.Namespace) -> None:
    top95 = pybridge.load(CORPUS / "sudoku9_norvig_top95.txt")
    solve_ms, rate_ms = [], []
    for p in top95:  # side by side, puzzle by puzzle; the fastest of --repeat runs of each
        solve_ms.append(min(timed(pybridge.solve, p) for _ in range(args.repeat)))
        rate_ms.append(min(timed(pybridge.rate, p) for _ in range(args.repeat)))
    ratios = [r / s for r, s in zip(rate_ms, solve_ms)]
    rows = csv.DictReader(open(CORPUS / "sudoku9_qqwing_generated_1000.csv"))
    inter = [pybridge.load(row["puzzle"])[0] for row in rows if row["difficulty"] == "intermediate"]
    inter_ms = [min(timed(pybridge.rate, p) for _ in range(args.repeat)) for p in inter]
    print(f"\nspeed (ms through the Python API, the fastest of {args.repeat} runs a puzzle; medians)")
    print("| set | solve | rate | rate / solve, median of each puzzle's |")
    print("|---|---:|---:|---:|")
    print(f"| top95 ({len(top95)}) | {statistics.median(solve_ms):.1f} | {statistics.median(rate_ms):.1f} | "
          f"{statistics.median(ratios):.1f}x |")
    print(f"| qqwing intermediate ({len(inter)}) | | {statistics.median(inter_ms):.1f} | |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated: " + ",".join(PARTS))
    parser.add_argument("--tune", type=int, default=2000, metavar="N", help="S+W rows the weights were tuned on")
    parser.add_argument("--check", type=int, default=3000, metavar="N", help="S+W rows after those, to check")
    parser.add_argument("--workers", type=int, default=2, help="processes rating the S+W rows (one engine each)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N",
                        help="times each puzzle of the speed part is timed")
    args = parser.parse_args()
    require_corpus()
    for part in args.parts.split(","):
        globals()[f"{part}_part"](args)


if __name__ == "__main__":
    main()

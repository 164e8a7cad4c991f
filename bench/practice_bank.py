"""Make the practice bank that ships with puzzlog (puzzles/practice/KIND.jsonl), and print how
often each ladder technique occurs in random generated puzzles.

    python bench/practice_bank.py                       # every kind, as shipped (about 35 min, 2 cores)
    python bench/practice_bank.py --kind sudoku --puzzles 200 --out /tmp/bank   # a quick look

For a kind, puzzles of puzzlog's own generator are made from seeds SEED, SEED+1, ... (any
level: as a player's "any" gets them) and each is walked along the ladder, the first step of
every technique kept (pybridge.teaching.practice).  The first ``--puzzles`` of them give the
frequency table: the share of random puzzles whose walk meets each technique (the rarity
``generate --technique`` and ``practice`` report).  Then, while a technique met at least once
has fewer than ``--target`` puzzles, more are made from the next seeds, 20 at a time at the
level expected to fill most of the short techniques' shortfall (by the share of each level's
puzzles walked so far that met each; a hard puzzle's walk meets the hard techniques), at most
``--extra`` of them.  The bank keeps, rarest technique first, up to ``--target`` puzzles a
technique: one line a puzzle, with its seed, level and the techniques its walk meets, so that
anyone can make it again with the same arguments.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Each kind's default run: puzzles for the frequency table, the seed, and the bank's target
# (Sudoku's is the issue's 50 a technique; the other kinds' banks serve 10 positions at once).
# and how many more puzzles may be made for the rare techniques.
KINDS = {"sudoku": (2000, 1, 50, 1000), "futoshiki": (600, 1, 20, 600), "killer": (300, 1, 20, 200),
         "kakuro": (200, 1, 20, 100)}


def walk_seed(job: tuple[str, int, str | None]) -> dict | None:
    """Make the puzzle of ``seed`` and walk it: its line of the bank (None when none is made)."""
    kind, seed, level = job
    import pybridge
    from pybridge.teaching.practice import positions_in
    try:
        [made] = pybridge.generate(kind, seed=seed, difficulty=level, stock=None, time_limit=120)
    except (pybridge.PuzzlogError, ValueError):
        return None
    techniques = [p.technique for p in positions_in(made.text(), kind, [], time_limit=30)]
    return {"seed": seed, "level": made.level, "puzzle": made.text(), "techniques": techniques}


def run(pool: multiprocessing.pool.Pool, kind: str, seeds: range, level: str | None) -> list[dict]:
    return [line for line in pool.imap(walk_seed, [(kind, s, level) for s in seeds], chunksize=4) if line]


def make_bank(kind: str, puzzles: int, seed: int, target: int, extra: int, jobs: int, out: Path) -> None:
    from pybridge.solving.ladder import _engine_ladder
    order = [name for name, _ in _engine_ladder()]
    started = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        lines = run(pool, kind, range(seed, seed + puzzles), None)
        random_lines = list(lines)
        random_count = Counter(t for line in lines for t in line["techniques"])
        print(f"\n{kind}: {len(lines)} random puzzles (seeds {seed}..{seed + puzzles - 1}) in "
              f"{time.monotonic() - started:.0f} s")
        print(f"{'technique':24} {'puzzles':>8} {'share':>8}")
        for t in sorted(random_count, key=order.index):
            print(f"{t:24} {random_count[t]:>8} {100 * random_count[t] / max(1, len(lines)):>7.2f}%")
        next_seed = seed + puzzles
        levels = technique_levels(kind, lines[0]["puzzle"])
        while next_seed < seed + puzzles + extra:
            counts = Counter(t for line in lines for t in line["techniques"])
            short = [t for t in counts if counts[t] < target]
            if not short:
                break
            level = best_level(lines, short, counts, target, levels)
            batch = run(pool, kind, range(next_seed, min(next_seed + 20, seed + puzzles + extra)), level)
            next_seed += 20
            lines += batch
            wanted = ", ".join(f"{t} {counts[t]}" for t in short)
            print(f"  {next_seed - seed - puzzles} more; 20 at level {level}; short: {wanted}",
                  file=sys.stderr, flush=True)
        counts = Counter(t for line in lines for t in line["techniques"])
    kept = choose(lines, target, counts)
    bank = Counter(t for line in kept for t in line["techniques"])
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{kind}.jsonl"
    with path.open("w", encoding="utf-8") as f:
        f.write(f"# puzzlog practice bank: {kind} puzzles of puzzlog's own generator, each with the techniques\n"
                f"# its ladder walk meets (first step of each). Made by: python bench/practice_bank.py --kind {kind} "
                f"--puzzles {puzzles} --seed {seed} --target {target} --extra {extra}\n"
                f"# 'random N' and 'met T K': of the first N (random) puzzles, K met technique T\n")
        f.write(f"# random {len(random_lines)}\n")
        for t in sorted(random_count, key=order.index):
            f.write(f"# met {t} {random_count[t]}\n")
        for line in kept:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
    print(f"\n{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {len(kept)} puzzles "
          f"of {len(lines)} walked ({time.monotonic() - started:.0f} s in all)")
    print(f"{'technique':24} {'in bank':>8} {'walked':>8} {'target':>8}")
    for t in sorted(counts, key=order.index):
        print(f"{t:24} {bank[t]:>8} {counts[t]:>8} {'met' if bank[t] >= target else 'short':>8}")


def best_level(lines: list[dict], short: list[str], counts: Counter, target: int,
               levels: dict[str, str]) -> str | None:
    """The level whose next 20 puzzles are expected to fill most of the short techniques'
    shortfall, by the share of each level's puzzles walked so far that met each technique (a
    level walked fewer than 20 times counts as meeting its own techniques in every puzzle, so
    that it is tried)."""
    walked: dict[str | None, list[dict]] = {}
    for line in lines:
        walked.setdefault(line["level"], []).append(line)

    def gain(level: str | None) -> float:
        seen = walked.get(level, [])
        total = 0.0
        for t in short:
            if len(seen) < 20:
                share = 1.0 if levels.get(t) == level else 0.0
            else:
                share = sum(t in line["techniques"] for line in seen) / len(seen)
            total += min(target - counts[t], 20 * share)
        return total

    return max({levels.get(t) for t in short}, key=lambda level: (gain(level), str(level)))


def choose(lines: list[dict], target: int, counts: Counter) -> list[dict]:
    """Up to ``target`` puzzles a technique, the rarest technique's first: a puzzle taken for
    one counts for every technique its walk meets."""
    kept: list[dict] = []
    have: Counter = Counter()
    for technique in sorted(counts, key=lambda t: counts[t]):
        for line in lines:
            if have[technique] >= target:
                break
            if technique in line["techniques"] and line not in kept:
                kept.append(line)
                have.update(line["techniques"])
    return sorted(kept, key=lambda line: line["seed"])


def technique_levels(kind: str, sample: str) -> dict[str, str]:
    """Each technique's rating level in puzzles of ``kind`` (like ``sample``), as the
    generator's levels name them."""
    from pybridge.engine import swipl
    from pybridge.teaching.practice import _puzzle
    [ladder] = swipl.call("bridge_rating_ladder", [_puzzle(sample, kind).geometry()], 1)
    return {str(name): str(level) for name, level in ladder}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=sorted(KINDS), action="append", help="a kind (default: every one)")
    parser.add_argument("--puzzles", type=int, help="random puzzles for the frequency table (default: the kind's)")
    parser.add_argument("--seed", type=int, help="the first seed (default 1)")
    parser.add_argument("--target", type=int, help="puzzles a technique in the bank (default: the kind's)")
    parser.add_argument("--extra", type=int, help="at most this many more puzzles for the rare techniques "
                                                  "(default: the kind's)")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count(), help="processes (default: all cores)")
    parser.add_argument("--out", type=Path, default=ROOT / "puzzles" / "practice", help="folder of the bank")
    args = parser.parse_args()
    for kind in args.kind or list(KINDS):
        puzzles, seed, target, extra = KINDS[kind]
        make_bank(kind, args.puzzles or puzzles, args.seed or seed, args.target or target,
                  extra if args.extra is None else args.extra, args.jobs, args.out)


if __name__ == "__main__":
    main()

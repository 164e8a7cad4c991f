"""puzzlog's techniques on HoDoKu's own regression cases: the pass rate per technique.

    .venv/bin/python bench/reglib.py [--codes 0300,0402] [--show missed]

HoDoKu's Regression Test Library (../shared/corpus/sudoku9_hodoku_reglib_1.4.txt, test data
only) holds 1,226 positions, each with the step one technique makes there; fail cases (code
ending in -x) hold positions where the technique must find nothing.  Each case whose technique
puzzlog has is set up and every instance of puzzlog's technique is found
(pybridge.puzzles.hodoku_library): a case passes when one instance makes just HoDoKu's step
(exact), instances make all of it between them (covered), or successive steps of the technique
alone make it (walked: a chain technique gives the shortest chain first, so HoDoKu's may come
after others); a fail case passes when nothing is found.  Codes puzzlog has no technique for are counted apart, by HoDoKu's name.
"""
from __future__ import annotations

import argparse
import re
import time
from collections import Counter, defaultdict

from common import CORPUS, require_corpus

from pybridge.engine.limits import LIMITS
from pybridge.puzzles.hodoku_library import VARIANTS_NOT_BUILT, read_library

LIBRARY = CORPUS / "sudoku9_hodoku_reglib_1.4.txt"
PASSING = {"exact", "covered", "walked", "clean"}


def hodoku_names(text: str) -> dict[str, str]:
    """HoDoKu's names of its codes, from the library's own header (#0300: X-Wing)."""
    return dict(re.findall(r"^#(\d{4,5}): (.+)$", text, re.MULTILINE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", help="only these HoDoKu codes (comma-separated, variants included)")
    parser.add_argument("--show", choices=("missed", "all"), help="print the cases that do not pass, or all")
    parser.add_argument("--chain-links", type=int, metavar="N",
                        help="the longest chain the chain techniques look for (default the engine's, 14)")
    args = parser.parse_args()
    if args.chain_links:
        LIMITS.max_chain_links = args.chain_links
    require_corpus()
    text = LIBRARY.read_text(encoding="utf-8")
    names = hodoku_names(text)
    cases = read_library(text, str(LIBRARY))
    if args.codes:
        wanted = set(args.codes.split(","))
        cases = [c for c in cases if c.base in wanted]
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    absent: Counter[str] = Counter()
    started = time.monotonic()
    for case in cases:
        if not case.techniques:
            absent[case.code if case.code in VARIANTS_NOT_BUILT else case.base] += 1
            continue
        verdict = case.verdict()
        tally[case.base][verdict] += 1
        if args.show == "all" or (args.show == "missed" and verdict not in PASSING):
            print(f"line {case.line} {case.code} {'/'.join(case.techniques)}: {verdict}"
                  f"{f' (a chain of {case.extra} inferences)' if case.extra else ''}")
    seconds = time.monotonic() - started
    print(f"HoDoKu's regression library: {len(cases)} cases, {sum(absent.values())} of techniques puzzlog lacks; "
          f"chains up to {LIMITS.max_chain_links} links; {seconds:.1f} s\n")
    print(f"{'code':6} {'HoDoKu':28} {'puzzlog':34} {'cases':>5} {'pass':>5} {'exact':>6} {'covered':>8} "
          f"{'walked':>7} {'partial':>8} {'missed':>7} {'fail ok':>8} {'found':>6}")
    total = Counter()
    for code in sorted(tally):
        t = tally[code]
        n = sum(t.values())
        passed = sum(t[v] for v in PASSING)
        total["cases"] += n
        total["pass"] += passed
        technique = next(c.techniques for c in cases if c.base == code)
        print(f"{code:6} {names.get(code, '?')[:28]:28} {'/'.join(technique)[:34]:34} {n:5} {passed:5} "
              f"{t['exact']:6} {t['covered']:8} {t['walked']:7} {t['partial']:8} {t['missed']:7} {t['clean']:8} {t['found']:6}")
    if total["cases"]:
        print(f"\n{total['pass']} of {total['cases']} cases pass ({100 * total['pass'] / total['cases']:.1f}%)")
    print("\nno technique in puzzlog: " + ", ".join(f"{VARIANTS_NOT_BUILT.get(code) or names.get(code, code)} ({code}) {n}"
                                                   for code, n in sorted(absent.items())))


if __name__ == "__main__":
    main()

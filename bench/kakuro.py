"""Kakuro benchmark: puzzlog through the Python API vs a plain CLP(FD) model, side by side.

    .venv/bin/python bench/kakuro.py [--limit N] [--clpfd-timeout S] [--repeat N]

Both shared Kakuro sets (the malformed UPC puzzle is left out) are solved by
puzzlog and by the CLP(FD) reference model (bench/clpfd_reference.pl: sum/3 +
all_distinct/1 per run, labeling [ff]) in the same SWI-Prolog, one solver after the
other over each set, both timed the same way around one bridge call.  Prints solved, median, p90 and max ms, median
guesses and the CLP(FD)/puzzlog ratio of medians, per set and per grid size.
"""
from __future__ import annotations

import json

from common import CORPUS, puzzlog_beside_clpfd

from pybridge.puzzles import kakuro

SETS = {
    "upc": "kakuro_upc_prop_paucuesta9.jsonl",
    "krazydad": "kakuro_krazydad_via_billstclair.jsonl",
}


def load_set(name: str) -> list[kakuro.KakuroPuzzle]:
    puzzles = []
    for line in (CORPUS / SETS[name]).read_text().splitlines():
        entry = json.loads(line)
        if entry.get("verification") != "invalid":
            puzzles.append(kakuro.from_corpus_grid(entry["grid"], SETS[name]))
    return puzzles


def main() -> None:
    puzzlog_beside_clpfd(__doc__.splitlines()[0], {name: (lambda name=name: load_set(name)) for name in SETS})


if __name__ == "__main__":
    main()

"""Killer Sudoku: a Sudoku whose cages (groups of cells) each hold different digits adding up to
the cage's sum.  The engine treats a cage as a Kakuro run that need not be straight: a unit with
a sum constraint, so the sum rules, the combination tables and the whole ladder serve it.

>>> record = {"box": [2, 2], "givens": "." * 16, "cages": [
...     {"cells": [[1, 1], [1, 2], [2, 1]], "sum": 6}, {"cells": [[1, 3], [1, 4]], "sum": 7},
...     {"cells": [[2, 2], [2, 3]], "sum": 5}, {"cells": [[2, 4], [3, 4]], "sum": 5},
...     {"cells": [[3, 1], [4, 1]], "sum": 6}, {"cells": [[3, 2], [3, 3]], "sum": 5},
...     {"cells": [[4, 2], [4, 3], [4, 4]], "sum": 6}]}
>>> p = from_corpus(record)
>>> p.kind, pybridge.solve(p).status, pybridge.solve(p).values[:4]
('killer', 'solved', [1, 2, 3, 4])
"""
from __future__ import annotations

from typing import Any

from .latin import Puzzle


def from_corpus(record: dict[str, Any], source: str = "<corpus>", index: int = 0) -> Puzzle:
    """A puzzle from one line of the corpus's Solo sets (../shared/corpus/README.md): its box
    shape (``box``, or ``box_rows`` and ``box_cols``), givens, and for a Killer its cages (the
    decoded ``cages`` list; the Solo game ID is not read here)."""
    box_rows, box_cols = record.get("box") or (record["box_rows"], record["box_cols"])
    size = box_rows * box_cols
    givens = [0 if ch == "." else int(ch, 36) for ch in record["givens"]]
    cages = [(int(cage["sum"]), [(int(r), int(c)) for r, c in cage["cells"]]) for cage in record["cages"]] \
        if "cages" in record else None
    return Puzzle(size, givens, box_rows=box_rows, box_cols=box_cols, diagonals=bool(record.get("diagonals")),
                  source=source, index=index, cages=cages)

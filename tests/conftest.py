"""Shared helpers: the shared corpus (skipped cleanly when absent) and an independent rule check."""
from __future__ import annotations

import json
import re
import signal
from pathlib import Path

import pytest

import pybridge
from pybridge import Puzzle
from pybridge.puzzles import kakuro
from pybridge.puzzles.signs import from_corpus_record


def pytest_configure(config: pytest.Config) -> None:
    """A suite started in the background by a shell without job control (`make test &`,
    nohup) inherits SIGINT ignored, and so would every command a test starts: the Ctrl-C tests'
    commands would never see their Ctrl-C (exit 0 after the whole search, not 130). Take
    SIGINT back as an interactive start has it; a command started from here then has it too."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
VALUES = "123456789ABCDEFGHIJKLMNOP"


def corpus_file(name: str) -> Path:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"shared corpus file {path} is absent (see ../shared/corpus/README.md)")
    return path


def corpus_lines(name: str) -> list[str]:
    return [ln.strip() for ln in corpus_file(name).read_text().splitlines() if ln.strip()]


def corpus_jsonl(name: str) -> list[dict]:
    return [json.loads(ln) for ln in corpus_lines(name)]


def candidate_codes(n: int, candidates=None, placed=None) -> list[int]:
    """Engine state codes of an n x n grid: every cell 1..n unless ``candidates`` {(r,c): set}
    or ``placed`` {(r,c): v} says otherwise."""
    codes = [-((1 << n) - 1)] * (n * n)
    for (r, c), values in (candidates or {}).items():
        codes[(r - 1) * n + c - 1] = -sum(1 << (v - 1) for v in values)
    for (r, c), v in (placed or {}).items():
        codes[(r - 1) * n + c - 1] = v
    return codes


def engine_step(technique: str, geometry: tuple, codes: list[int]):
    """One step of ``technique`` on a state: (status, name, text, placements, removals), sorted
    triples; status step, stuck, solved or contradiction."""
    from pybridge.engine import swipl
    status, items, _codes = swipl.call("bridge_steps", [geometry, codes, [technique], 1], 3)
    if not items:
        return ("solved" if status == "solved" else "stuck"), "", "", [], []
    kind, _depth, name, text, placed, removed, *_focus = items[0]
    if kind == "contradiction":
        return "contradiction", "", text, [], []
    triples = lambda flat: sorted(tuple(flat[i:i + 3]) for i in range(0, len(flat), 3))  # noqa: E731
    return "step", name, text, triples(placed), triples(removed)


def decode(text: str) -> list[int]:
    return [0 if ch in ".0" else VALUES.index(ch) + 1 for ch in text]


def units(p: Puzzle) -> list[list[int]]:
    """Every all-different unit as flat cell indices, computed here independently of the engine."""
    n = p.size
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    regions: dict[int, list[int]] = {}
    for i in range(n * n):
        if p.regions is not None:
            key = p.regions[i]
        elif p.box_rows is not None:
            r, c = divmod(i, n)
            key = (r // p.box_rows, c // p.box_cols)
        else:
            continue  # Futoshiki: rows and columns only
        regions.setdefault(key, []).append(i)
    out += list(regions.values())
    if p.diagonals:
        out.append([i * n + i for i in range(n)])
        out.append([i * n + (n - 1 - i) for i in range(n)])
    return out


def assert_valid_solution(p: Puzzle, values: list[int] | None) -> None:
    """values fills the grid, keeps every given and breaks no unit."""
    assert values is not None, f"{p.source}#{p.index}: no solution returned"
    n = p.size
    assert len(values) == n * n
    assert all(1 <= v <= n for v in values)
    for i, g in enumerate(p.givens):
        assert g == 0 or values[i] == g, f"given at cell {i} changed"
    for unit in units(p):
        assert sorted(values[i] for i in unit) == list(range(1, n + 1)), f"unit {unit} broken"
    for r1, c1, r2, c2 in p.signs:
        assert values[(r1 - 1) * n + c1 - 1] < values[(r2 - 1) * n + c2 - 1], f"sign r{r1}c{c1} < r{r2}c{c2} broken"
    if p.adjacent is not None:
        marked = set(p.adjacent)
        for i in range(n * n):
            r, c = divmod(i, n)
            for j in ([i + 1] if c + 1 < n else []) + ([i + n] if r + 1 < n else []):
                pair = (r + 1, c + 1, j // n + 1, j % n + 1)
                differ_by_one = abs(values[i] - values[j]) == 1
                assert differ_by_one == (pair in marked), f"Adjacent rule broken at {pair}"


def lines_match(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` line for line, where an expected line ``...``
    stands for any number of lines and `...` within a line for any text."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(lines_match(rest, actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    pattern = "^" + ".*".join(re.escape(part) for part in head.rstrip().split("...")) + "$"
    return re.match(pattern, actual[0].rstrip()) is not None and lines_match(rest, actual[1:])


def every_kind_cases() -> list:
    """(puzzle, known solution) of each kind, from the shared corpus and puzzles/: Sudoku 4x4,
    jigsaw, X, 16x16, 9x9, Futoshiki, Adjacent, Kakuro."""
    cases = []
    for name in ("sudoku4_sgt_solo.jsonl", "sudoku9_jigsaw_sgt_solo.jsonl", "sudoku9_x_diagonal_sgt_solo.jsonl",
                 "sudoku16_sgt_solo.jsonl"):
        record = corpus_jsonl(name)[3]
        cases.append((pybridge.load(record["game_id"])[0], decode(record["solution"])))
    cases.append((pybridge.load(corpus_lines("sudoku9_norvig_top95.txt")[0])[0],
                  decode(corpus_lines("sudoku9_norvig_top95.solutions.txt")[0])))
    record = corpus_jsonl("futoshiki_sgt_unequal.jsonl")[200]
    cases.append((from_corpus_record(record), decode(record["solution"])))
    adjacent = pybridge.load("puzzles/futoshiki/adjacent.txt")[0]
    cases.append((adjacent, pybridge.solve(adjacent).values))
    entry = corpus_jsonl("kakuro_krazydad_via_billstclair.jsonl")[10]
    cases.append((kakuro.from_corpus_grid(entry["grid"]),
                  [int(ch) if ch.isdigit() else 0 for row in entry["solution"] for ch in row]))
    return cases


def steps_in_effect(history):
    """(number from 1, step) of the steps whose changes stand: a backtrack takes back its
    guess and the steps that rested on it, and stands in their place."""
    kept = []
    for number, step in enumerate(history, 1):
        if step.kind == "backtrack":
            while kept and kept[-1][1].depth > step.depth:
                kept.pop()
            kept.pop()  # the guess itself
        kept.append((number, step))
    return kept

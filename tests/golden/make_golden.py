"""Writes tests/golden/explain.jsonl: every step of `explain` and the rating of a fixed set of
bundled puzzles, the technique ladder, and what the commands print on every bundled puzzle file
(`puzzlog explain` of its first puzzle: explain/*.txt; `puzzlog solve` and `puzzlog rate` of
them all: solve.txt, rate.txt; timings masked), and what the solving benches (Kakuro, Futoshiki, Sudoku) report on the first
puzzle of each set of the shared corpus (bench.txt: sets, solved, guesses, no-guess counts;
times and ratios masked), so that a refactoring can be checked to change nothing
(tests/test_golden.py compares them).  Run it only when a change of the engine's
answers or of what is printed is meant, and review the diff:

    .venv/bin/python tests/golden/make_golden.py
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pybridge  # noqa: E402

FILES = ["sudoku4.txt", "sudoku6_grid.txt", "sudoku9.txt", "jigsaw9_solo.txt", "sudoku_x_solo.txt",
         "jigsaw6_grid.txt", "futoshiki/unequal.txt", "futoshiki/adjacent.txt", "futoshiki/greater_than_sudoku.grid",
         "kakuro/small.txt", "kakuro/medium.txt", "generated/futoshiki7.txt", "generated/sudoku_x.txt"]


def records() -> list[dict]:
    out = []
    for name in FILES:
        for p in pybridge.load(ROOT / "puzzles" / name):
            explanation = pybridge.explain(p).to_json()
            rating = pybridge.rate(p).to_json()
            steps = [{k: step[k] for k in ("kind", "depth", "technique", "text", "placements", "eliminations")}
                     for step in explanation["steps"]]
            out.append({"file": name, "index": p.index, "status": explanation["status"], "steps": steps,
                        "rating": {k: rating[k] for k in ("level", "score", "hardest", "techniques")}})
    return out


def ladder() -> str:
    return subprocess.run([sys.executable, "-m", "pybridge", "techniques"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


# The solving benches, side by side with CLP(FD), on the first puzzle of each corpus set: what
# they count is the engine's (solved, guesses, solved without one); what they time is masked.
BENCHES = [("kakuro.py", "--limit", "1"), ("futoshiki.py", "--limit", "1"), ("sudoku.py", "--limit", "1")]
CORPUS = ROOT.parent / "shared" / "corpus"
_TIMED = re.compile(r"(?<![\w.])\d+\.\d+x?(?![\w.])|(?<![\w.])\d+x(?![\w.])")


def benches() -> str:
    """What each solving bench prints, its times and ratios masked (``·``), columns by one space."""
    runs = [subprocess.Popen([sys.executable, str(ROOT / "bench" / script), *args], cwd=ROOT, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE) for script, *args in BENCHES]
    out = []
    for (script, *args), run in zip(BENCHES, runs):   # side by side: what they count does not depend on it
        stdout, stderr = run.communicate(timeout=600)
        assert run.returncode == 0, f"bench/{script}: {stderr}"
        out.append(f"$ bench/{script} {' '.join(args)}")
        out += [" ".join(_TIMED.sub("·", line).split()) for line in stdout.splitlines()]
    return "\n".join(out) + "\n"


# every bundled puzzle file; a Kakuro's matrices are one puzzle in two files, read from the first
BUNDLED = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "puzzles").rglob("*")
                 if p.suffix in (".txt", ".sdk", ".grid") and not p.name.endswith("_right.txt"))
WHOLE_FILES = [f for f in BUNDLED if not f.endswith("_down.txt")]
# rated whole: all but two slow sets whose first puzzles `explain` covers (half the time of the rest)
RATED_FILES = [f for f in WHOLE_FILES if f not in ("puzzles/sudoku9_not_unique.txt", "puzzles/killer/solo.txt")]


# Runs each command line read (as JSON) from standard input through the CLI's main, in one
# process, and writes what each printed: one engine start instead of one a command.
_RUN_EACH = """
import contextlib, io, json, sys
from pybridge.cli.main import main
printed = []
for argv in json.load(sys.stdin):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        main(argv)
    printed.append(out.getvalue())
json.dump(printed, sys.stdout)
"""


def printed_each(*commands: list[str]) -> list[str]:
    """What `puzzlog ARGS` prints (both streams) for each ARGS of commands, timings masked."""
    out = subprocess.run([sys.executable, "-c", _RUN_EACH], cwd=ROOT, input=json.dumps(commands),
                         capture_output=True, text=True, timeout=600, check=True)
    return [re.sub(r"\d+(\.\d+)? ms\b", "<ms>", text) for text in json.loads(out.stdout)]


def printed(*args: str) -> str:
    """What `puzzlog ARGS` prints (both streams), its timings masked."""
    return printed_each(list(args))[0]


def explain_name(path: str) -> str:
    return f"explain/{path.replace('/', '__')}.txt"


def explained() -> dict[str, str]:
    """What `puzzlog explain --index 0` prints on each bundled file, by its golden output's name."""
    texts = printed_each(*(["explain", "--index", "0", path] for path in BUNDLED))
    return {explain_name(path): text for path, text in zip(BUNDLED, texts)}


def printed_outputs() -> dict[str, str]:
    """Each golden output's name (under tests/golden/) and the text it holds."""
    outputs = explained()
    outputs["solve.txt"] = printed("solve", *WHOLE_FILES)
    outputs["rate.txt"] = printed("rate", *RATED_FILES)
    return outputs


if __name__ == "__main__":
    golden = Path(__file__).resolve().parent
    (golden / "explain.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records()))
    (golden / "techniques.txt").write_text(ladder())
    if CORPUS.is_dir():
        (golden / "bench.txt").write_text(benches())
    for name, text in printed_outputs().items():
        (golden / name).parent.mkdir(exist_ok=True)
        (golden / name).write_text(text)

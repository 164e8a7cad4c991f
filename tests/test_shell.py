"""The README's Prolog shell transcript: each query is run and must print exactly what it shows."""
from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT, lines_match


def transcript() -> list[tuple[str, list[str]]]:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- shell-transcript -->\n```prolog\n(.*?)```", text, re.S).group(1)
    pairs: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("?- "):
            pairs.append((line[3:], []))
        else:
            pairs[-1][1].append(line.rstrip())
    return pairs


def run_queries(queries: list[str]) -> list[list[str]]:
    program = ["q(0, true)."] + [f"q({i}, ({q.rstrip('.')}))." for i, q in enumerate(queries, 1)]
    program.append("run :- forall(q(I, G), (format('@@~w~n', [I]), (catch(G, E, (print_message(error, E), fail)) -> true ; writeln(false)))).")
    # a file of its own: tests run in parallel (pytest -n)
    with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as handle:
        handle.write("\n".join(program) + "\n")
    script = Path(handle.name)
    out = subprocess.run(["swipl", "-q", "-g", "consult('prolog/puzzlog.pl')", "-g", f"consult('{script}')",
                          "-g", "run", "-t", "halt"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    script.unlink()
    assert out.stderr == "", out.stderr  # loading prints no warnings
    chunks = re.split(r"^@@\d+\n", out.stdout, flags=re.M)[2:]
    return [[ln.rstrip() for ln in chunk.splitlines()] for chunk in chunks]


def test_readme_transcript_matches():
    pairs = transcript()
    assert len(pairs) >= 6
    outputs = run_queries([q for q, _ in pairs])
    assert len(outputs) == len(pairs)
    for (query, expected), actual in zip(pairs, outputs):
        assert lines_match(expected, actual), f"?- {query}\nexpected {expected}\nprinted {actual}"


@pytest.mark.parametrize("module", ["puzzlog", "bridge", "analysis/clpfd_reference"])
def test_every_file_loads_without_warnings(module):
    """Loading prints nothing, and every predicate called is defined (list_undefined)."""
    out = subprocess.run(["swipl", "-q", "-g", f"use_module('prolog/{module}')", "-g", "list_undefined",
                          "-t", "halt"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stderr == ""

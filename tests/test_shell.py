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


@pytest.mark.parametrize("module", ["prolog/puzzlog", "prolog/bridge", "bench/clpfd_reference",
                                    "docs/rules/full_house"])
def test_every_file_loads_without_warnings(module):
    """Loading prints nothing, and every predicate called is defined (list_undefined)."""
    out = subprocess.run(["swipl", "-q", "-g", f"use_module('{module}')", "-g", "list_undefined",
                          "-t", "halt"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stderr == ""


def shell_session(queries: list[str]) -> str:
    """What `swipl prolog/puzzlog.pl` prints for queries typed one after another."""
    out = subprocess.run(["swipl", "prolog/puzzlog.pl"], input="\n".join(queries) + "\n", cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    return out.stdout + out.stderr


def test_errors_are_said_and_the_shell_takes_the_next_query(tmp_path):
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as f:
        f.truncate(100 * 2 ** 20)  # 100 MB (of NUL bytes): refused before it is read
    binary = tmp_path / "picture.png"
    binary.write_bytes((ROOT / "docs" / "page.png").read_bytes()[:4000])
    queries = ["combinations(20, 3, foo, S).", "X1 = after_combinations.",
               "load_puzzle(foo(bar)).", "X2 = after_foo.",
               f"load_puzzle('{binary}').", "X3 = after_binary.",
               f"load_puzzle('{huge}').", "X4 = after_huge.",
               "atom_length(1, 2, 3).", "X5 = after_unknown.",
               "magic_sum(a, b, C).", "X6 = after_type_error."]
    said = shell_session(queries)
    for n, tag in enumerate(["combinations", "foo", "binary", "huge", "unknown", "type_error"], 1):
        assert f"X{n} = after_{tag}." in said, said  # each next query answered: no debugger took it
    assert "The digits used are a list of digits 1..9, not foo." in said
    assert "Cannot load foo(bar): load_puzzle/1,2 takes a file name, not foo(bar)" in said
    assert f"Cannot load: {binary}, line " in said and "not UTF-8 text (Illegal UTF-8" in said
    assert f"{huge} is 104,857,600 bytes: at most 67,108,864 are read" in said
    assert "Type error: `integer' expected, found `b'" in said
    assert "Exception: (" not in said and "Warning" not in said, said  # no tracer prompt, no decoding warning
    assert said.count("\nfalse.") == 5  # each refusal fails; the unknown procedure is an error


def test_no_mistake_of_a_users_query_is_a_stack_trace():
    """Queries a learner mistypes, unbound or of the wrong type, before and after a puzzle is
    loaded: each is answered in a sentence (use_rules(_) and check_rule(_) printed stack
    traces), and the shell takes the next."""
    mistakes = ["use_rules(_).", "check_rule(_).", "use_rules(f(x)).", "check_rule(_, sudoku).", "drop_rules(_).",
                "load_puzzle(_).", "load_puzzle('puzzles/sudoku9.txt', x).", "load_kakuro(_).", "hint(x).",
                "try_technique(_).", "use_techniques(_).", "trace_rule(_).", "why(_, _, _).",
                "load_puzzle('puzzles/sudoku9.txt').", "why(a, b, c).", "why(1, 1, 99).", "hint(0).",
                "try_technique(nope).", "use_techniques(nope).", "step(x).", "backtrack.", "undo.", "undo."]
    said = shell_session([q for m in mistakes for q in (m, "X = next.")])
    assert said.count("X = next.") == len(mistakes), said
    assert "Unhandled exception" not in said and "ERROR:   [" not in said, said
    assert said.count("a rules file is named by its path, as an atom: 'my_rules.pl'") == 4, said


def test_what_the_shell_got_wrong_is_mended(tmp_path):
    said = shell_session(["load_puzzle('puzzles/kakuro/medium_down.txt').", "A = by_the_down_file.",
                          "load_puzzle('puzzles/kakuro/medium_right.txt').", "B = by_the_right_file.",
                          "load_puzzle('puzzles/kakuro/small').", "step.", "C = after_a_kakuro_step.",
                          "steps.", "D = after_steps.",
                          "load_puzzle('puzzles/jigsaw6_grid.txt').", "show.", "E = after_show."])
    assert "a row of 7 cells" not in said  # a matrix file loads by either name, as the CLI reads it
    for tag in ("A = by_the_down_file.", "B = by_the_right_file.", "C = after_a_kakuro_step.",
                "D = after_steps.", "E = after_show."):
        assert tag in said, said  # answered: step and steps left no choice point for the shell to wait on
    regions = ["1 1 1 1 1 2", "1 3 3 2 2 2", "3 3 4 5 2 2", "3 4 4 5 6 6", "3 4 5 5 6 6", "4 4 5 5 6 6"]
    assert all(line in said for line in regions), said  # show prints a jigsaw's regions

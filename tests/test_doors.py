"""Every door works as a new user, a teacher and a Prolog user would try it: explain
finishes every puzzle, the shell reads what the CLI reads, the input people type is read
the way they mean it, and small things a user notices are right."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import pybridge
import pybridge.puzzles.cells
from pybridge.puzzles import kakuro
from conftest import ROOT, corpus_file, corpus_jsonl, corpus_lines, decode
from test_shell import run_queries

TOP95 = "sudoku9_norvig_top95.txt"


def cli(*args: str, stdin: str | None = None, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], input=stdin, capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def values_text(values: list[int]) -> str:
    return "".join(pybridge.puzzles.cells.value_char(v) for v in values)


# ---------------------------------------------------------------- explain finishes every puzzle

def assert_sound_walk(explanation: pybridge.Explanation, solution: list[int], cols: int) -> None:
    """Steps that rest on no guess place only true values and never remove one."""
    for step in explanation.steps:
        if step.depth > 0 or step.kind in ("guess", "contradiction"):
            continue
        for r, c, v in step.placements:
            assert solution[(r - 1) * cols + c - 1] == v, step.text
        for r, c, v in step.eliminations:
            assert solution[(r - 1) * cols + c - 1] != v, step.text


def test_explain_cli_guesses_backtracks_and_finishes():
    out = cli("explain", "puzzles/sudoku9.txt", "--techniques", "subsets")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(re.search(r"\d+\. guess r\dc\d = \d \(r\dc\d has two candidates: \d, \d\)", ln) for ln in lines)
    assert any("contradiction: " in ln for ln in lines)
    assert any(re.search(r"so r\dc\d is not \d: that guess led to a contradiction", ln) for ln in lines)
    assert "the solution is unique" in out.stdout
    [p] = pybridge.load(ROOT / "puzzles/sudoku9.txt")[:1]
    solved = pybridge.solve(p)
    assert out.stdout.rstrip().endswith(p.text_of(solved.values))


@pytest.mark.parametrize("index", [0, 3, 4, 5])
def test_explain_finishes_the_bundled_puzzles_that_need_guesses(index):
    p = pybridge.load(ROOT / "puzzles/sudoku9.txt")[index]
    e = pybridge.explain(p, techniques="subsets")
    known = pybridge.solve(p).values
    assert (e.status, e.values) == ("solved", known)
    assert e.guesses > 0
    assert_sound_walk(e, known, 9)


def test_explain_finishes_every_other_puzzle_of_top95():
    puzzles = pybridge.load(corpus_file(TOP95))
    solutions = corpus_lines(TOP95.replace(".txt", ".solutions.txt"))
    with_guesses = 0
    for p, s in list(zip(puzzles, solutions))[::2]:   # 48 of the 95 (all took 13-16 s of make test)
        e = pybridge.explain(p, techniques="subsets")
        assert e.status == "solved" and values_text(e.values) == s, p
        assert_sound_walk(e, decode(s), 9)
        with_guesses += e.guesses > 0
    assert with_guesses >= 25  # the puzzles a walk without backtracking could not finish


def test_explain_finishes_a_futoshiki_and_a_kakuro_that_need_guesses():
    f = pybridge.load(ROOT / "puzzles/futoshiki/unequal.txt")[7]
    e = pybridge.explain(f, techniques="subsets")
    assert e.status == "solved" and e.values == pybridge.solve(f).values
    assert any(s.kind == "backtrack" for s in e.steps)
    entries = corpus_jsonl("kakuro_krazydad_via_billstclair.jsonl")
    walked = 0
    for entry in entries[::10]:
        k = kakuro.from_corpus_grid(entry["grid"])
        e = pybridge.explain(k)
        assert e.status == "solved" and e.values == pybridge.solve(k).values
        walked += 1
    assert walked == 20


def test_a_puzzle_with_several_solutions_says_so():
    out = cli("explain", "-", stdin="." * 16 + "\n")
    assert out.returncode == 1
    assert "the puzzle has more than one solution: the steps reach one of them" in out.stdout
    [p] = pybridge.load("." * 16)
    assert pybridge.explain(p).status == "multiple"
    solver = pybridge.Solver(p)
    assert solver.run() == "multiple" and solver.solved
    assert pybridge.solve(p).status == "multiple"  # one default with the CLI: counting to 2
    assert json.loads(cli("solve", "-", "--json", stdin="." * 16 + "\n").stdout)["status"] == "multiple"


def test_run_and_propagate_keep_every_step():
    [p] = pybridge.load("...24......32...")
    solver = pybridge.Solver(p)
    start = [cell for row in solver.candidates() for cell in row]
    assert solver.propagate() == "solved"
    assert solver.history and all(isinstance(s, pybridge.Step) for s in solver.history)
    removed = {t for s in solver.history for t in s.eliminations} | \
              {(r, c, w) for s in solver.history for r, c, v in s.placements for w in range(1, 5) if w != v}
    final = solver.values
    for i, candidates in enumerate(start):
        r, c = divmod(i, 4)
        for v in candidates - {final[i]}:
            assert (r + 1, c + 1, v) in removed, f"r{r + 1}c{c + 1} lost {v} with no step saying so"
    hard = pybridge.load(ROOT / "puzzles/sudoku9.txt")[5]
    solver = pybridge.Solver(hard, "subsets")
    assert solver.run() == "solved"
    assert [s.kind for s in solver.history].count("guess") == 1 and len(solver.history) == 81


def test_kakuro_sum_table_removals_are_steps():
    # The Kakuro thesis's crossing: 13 in two cells across, 7 in three cells down: only 4 fits.
    rows = ["#  7\\  #", "\\13 .  .", "#  .  #", "#  .  #"]
    [p] = pybridge.parse("\n".join(rows), kind="kakuro")
    solver = pybridge.Solver(p)
    assert solver.candidates()[1][1] == set(range(1, 10))  # no silent starting candidates
    step = solver.step()
    assert step.technique == "crossing" and step.placements == [(2, 2, 4)]
    assert "(13 in 2 cells: 4, 5, 6, 7, 8, 9)" in step.text and "(7 in 3 cells: 1, 2, 4)" in step.text


def test_the_first_step_of_a_kakuro_is_never_an_unexplained_naked_single():
    puzzles = [pybridge.load(ROOT / "puzzles/kakuro/small")[0], pybridge.load(ROOT / "puzzles/kakuro/medium")[0]]
    puzzles += [kakuro.from_corpus_grid(e["grid"]) for e in corpus_jsonl("kakuro_upc_prop_paucuesta9.jsonl")[::15]
                if e.get("verification") != "invalid"]
    for p in puzzles:
        assert pybridge.Solver(p).step().technique != "naked_single", p


# ---------------------------------------------------------------- the Prolog shell

def bundled_files() -> list[tuple[str, int]]:
    folder = ROOT / "puzzles"
    files = [f for f in sorted(folder.rglob("*")) if f.is_file() and f.suffix in (".txt", ".sdk", ".grid")
             and not f.name.endswith(("_down.txt", "_right.txt"))]
    stems = sorted({str(f)[: -len("_down.txt")] for f in folder.rglob("*_down.txt")})
    return [(str(f.relative_to(ROOT)), len(pybridge.load(f))) for f in files] + \
           [(str((ROOT / s).relative_to(ROOT)), 1) for s in stems]


def test_every_bundled_file_loads_in_the_shell():
    files = bundled_files()
    assert len(files) >= 18
    queries = [f"load_puzzle('{name}', {i})" for name, count in files for i in range(count)]
    outputs = run_queries(queries)
    for query, output in zip(queries, outputs):
        assert output and "false" not in output and not any(
            word in line for line in output for word in ("Cannot", "Invalid", "No puzzle")), (query, output)


def test_a_failed_load_keeps_the_puzzle_and_says_so():
    outputs = run_queries(["load_puzzle('puzzles/sudoku4.txt')", "load_puzzle('puzzles/nothere.txt')", "show",
                           "clear_puzzle", "load_puzzle('README.md')"])
    assert outputs[1] == ["Cannot load: puzzles/nothere.txt: no such file",
                          "The puzzle loaded before is still loaded.", "false"]
    assert outputs[2] == outputs[0]
    assert outputs[4][-1] == "false" and outputs[4][-2] == "No puzzle is loaded."


@pytest.mark.parametrize("query,message", [
    ("sudoku([[1,1,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]])",
     "Invalid puzzle: r1c2: value 1 is already given at r1c1 in row 1 (each value once per unit)"),
    ("load_puzzle('nonexistent.txt')", "Cannot load: nonexistent.txt: no such file"),
    ("sudoku(foo)", "Invalid puzzle: the rows must be a list, not foo"),
    ("sudoku([[1,2,3]])", "Invalid puzzle: 1 row: a Sudoku has 4, 6, 8, 9, 12, 16 or 25 rows of as many values"),
    ("kakuro([[x, 3/0, 50/0], [0/11, 0, 0], [0/3, 0, 0]])",
     "Invalid puzzle: r1c3: no 2 different digits add up to the down clue 50 (possible: 3..17)"),
    ("futoshiki([[0,0,0],[0,0,0],[0,0,0]]-[1/1 < 1/2, 1/2 < 1/1])",
     "Invalid puzzle: r1c1: the signs go round in a cycle, r1c1 < r1c2 < r1c1, so no values satisfy them"),
    ("futoshiki('3:0R,0L,0,0,0,0,0,0,0,')",
     "Invalid puzzle: r1c1: the signs go round in a cycle, r1c1 < r1c2 < r1c1, so no values satisfy them"),
    ("load_puzzle(42)", "Cannot load 42: load_puzzle/1,2 takes a file name, not 42"),
    ("sudoku(_)", "Invalid puzzle: the rows must be a list, not an unbound variable"),
    ("load_puzzle('puzzles/sudoku4.txt', _)",
     "Cannot load puzzles/sudoku4.txt: the index is a whole number from 0, not an unbound variable"),
])
def test_shell_errors_are_one_message_then_failure(query, message):
    # findall/3 tries every way the query could succeed: none may, and the message comes once.
    [output] = run_queries([f"findall(x, ({query}), Xs), length(Xs, N), format('~w answers~n', [N])"])
    assert output.count(message) == 1, output
    assert output[-1] == "0 answers"
    assert not any(re.search(r"\w+\(.*\)|_G\d+|_\d+", line) for line in output if line != message), output


def test_futoshiki_of_a_game_id_leaves_no_choice_point():
    [output] = run_queries(["call_cleanup(futoshiki('4:0D,0,0,0,0R,0,0,0,0,0,0,0U,0R,0R,0R,0,'), Det = true), "
                            "writeln(deterministic(Det))"])
    assert output[-1] == "deterministic(true)"


def test_shell_steps_back_and_guesses_one_step_at_a_time():
    outputs = run_queries(["load_puzzle('puzzles/sudoku9.txt', 5), use_techniques(subsets)", "steps", "guess",
                           "step", "undo", "undo", "candidates", "guess", "steps", "backtrack", "step", "undo",
                           "undo", "undo"])
    assert outputs[2] == ["guess r1c3 = 1 (r1c3 has two candidates: 1, 3)"]
    assert outputs[4] == [f"Undone: {outputs[3][0]}"]
    assert outputs[5] == [f"Undone: {outputs[2][0]}"]
    assert any(line.startswith("13 ") or " 13 " in line for line in outputs[6])  # r1c3 has 1 and 3 again
    assert outputs[9] == ["so r1c3 is not 1: that guess led to a contradiction"]
    assert outputs[10] == ["naked single: r1c3 can only be 3 (removes 3 from r1c7, r1c8, r3c3)"]
    assert outputs[11] == [f"Undone: {outputs[10][0]}"]
    assert outputs[12] == [f"Undone: {outputs[9][0]}"]  # the guess is open again


def test_rules_and_state_are_reachable_without_module_prefixes():
    goals = ["technique(naked_single, D), writeln(D)",
             "load_puzzle('puzzles/sudoku4.txt'), deduction(naked_single, S), writeln(S)",
             "element(1, 4, V), writeln(V)", "aggregate_all(count, possibility(_, _, _, _), N), writeln(N)",
             "puzzlog_help", "help(undo)"]
    command = ["swipl"]
    for goal in goals:
        command += ["-g", goal]
    out = subprocess.run(command + ["-t", "halt", "prolog/puzzlog.pl"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert "puzzlog: try load_puzzle(" in out.stderr  # the start-up line
    lines = out.stdout.splitlines()
    assert lines[0] == "1"
    assert "step(naked_single,cell(2/4),[p(2,4,1)],[])" in lines
    start = pybridge.Solver(pybridge.load(ROOT / "puzzles/sudoku4.txt")[0])
    open_candidates = sum(len(cell) for row in start.candidates() for cell in row) - \
        sum(1 for code in start.codes if code > 0)  # a placed cell's "candidate" is its value
    assert "2" in lines and str(open_candidates) in lines
    assert any("walkthrough" in line for line in lines)  # puzzlog_help lists the queries
    assert any("Take the last move" in line for line in lines)  # help/1 shows the documentation


# ---------------------------------------------------------------- input users type

def test_an_existing_file_is_a_file_whatever_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "easy.txt").write_text("...24......32...\n")  # the name has 16 characters
    [p] = pybridge.load("puzzles/easy.txt")
    assert p.source == "puzzles/easy.txt" and p.givens == decode("...24......32...")
    with pytest.raises(FileNotFoundError, match=r"^puzzles/hard.txt: no such file \(in .*\); read as a puzzle "
                                                r"text instead, it is none either"):
        pybridge.load("puzzles/hard.txt")     # the name first: what was meant, said first


def test_each_line_is_its_own_puzzle(tmp_path):
    lines = pybridge.load(corpus_file(TOP95))[:100]
    texts = [p.to_line() for p in lines] + [p.to_line() for p in lines][:5]
    texts[41] = texts[41][:-1]  # line 42 one cell short
    path = tmp_path / "hundred.txt"
    path.write_text("\n".join(texts) + "\n")
    out = cli("solve", str(path), "--json")
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 1 and len(records) == 100
    bad = [r for r in records if r["status"] != "solved"]
    assert [(r["status"], r["line"], r["index"]) for r in bad] == [("invalid", 42, 41)]
    assert bad[0]["error"].startswith(f"{path}, line 42: 80 cells")
    assert set(bad[0]) == set(records[0])


def test_csv_as_qqwing_and_kaggle_write_it():
    qqwing = corpus_lines("sudoku9_qqwing_generated_1000.csv")[:6]
    out = cli("solve", "-", "--json", stdin="\n".join(qqwing) + "\n")
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and len(records) == 5
    assert all(r["status"] == "solved" and r["matches_given_solution"] for r in records)
    kaggle = corpus_lines("sudoku9_kaggle_bryanpark_first3000.csv")[:4]  # no header, 0 for blanks
    wrong = kaggle[3][:-1] + ("1" if kaggle[3][-1] != "1" else "2")
    out = cli("solve", "-", "--csv", stdin="\n".join(kaggle[:3] + [wrong]) + "\n")
    rows = out.stdout.splitlines()
    assert rows[0].startswith("source,index,line,kind,puzzle,solution,status")
    assert len(rows) == 5 and out.returncode == 1  # the last one's solution differs from the file's
    assert [row.split(",")[5] for row in rows[1:4]] == [k.split(",")[1] for k in kaggle[:3]]
    text = cli("solve", "-", stdin="\n".join([wrong]) + "\n").stdout
    assert "NOT the solution the file gives" in text


def test_no_file_and_a_terminal_for_input_is_a_usage_error():
    import os
    import pty
    leader, follower = pty.openpty()
    try:
        out = subprocess.run([sys.executable, "-m", "pybridge", "solve"], stdin=follower, capture_output=True,
                             text=True, cwd=ROOT, timeout=60)
    finally:
        os.close(leader)
        os.close(follower)
    assert out.returncode == 2 and "give puzzle files, or pipe puzzles in" in out.stderr


def test_the_shell_reads_a_kind_its_look_does_not_tell():
    outputs = run_queries(["load_puzzle('puzzles/sudoku6_grid.txt', 0, [kind('sudoku-x')]), "
                           "deduction(hidden_single_diagonal, S), writeln(S)",
                           "load_puzzle('puzzles/sudoku4.txt', 0, [kind(futoshiki)])"])
    assert outputs[0][-1].startswith("step(hidden_single_diagonal,unit(diag(")
    assert outputs[1][0] == ("Cannot load puzzles/sudoku4.txt, line 3: kind futoshiki was asked for, "
                             "but this puzzle has boxes")


def test_standard_input_when_no_file_is_given_and_output_one_line():
    out = cli("solve", "--one-line", stdin="...24......32...\n" + "." * 16 + "\n" + "1" * 16 + "\n")
    assert out.stdout.splitlines() == ["3142423114232314", "MULTIPLE", "INVALID"]
    assert out.returncode == 1


def test_technique_names_are_checked():
    [p] = pybridge.load("...24......32...")
    for bad in (["xwing"], "pair", ["naked_pair", "pair"]):
        with pytest.raises(pybridge.UnknownTechniqueError) as err:
            pybridge.solve(p, techniques=bad)
        assert "known:" in str(err.value) and ("naked_pair" in str(err.value) or "pairs" in str(err.value))
    with pytest.raises(pybridge.UnknownTechniqueError, match="'xwing'"):
        pybridge.Solver(p, ["xwing"])
    with pytest.raises(pybridge.UnknownTechniqueError, match="unknown technique set 'pair'"):
        pybridge.Solver(p, "pair")
    # a set name gives a Solver the set with the singles, which every solve applies
    assert pybridge.Solver(p, "pairs").techniques[:2] == ["naked_single", "cross_hatching"]
    assert "hidden_pair" in pybridge.Solver(p, "pairs").techniques
    assert "naked_triple" not in pybridge.Solver(p, "pairs").techniques
    out = cli("solve", "--techniques", "pair", "puzzles/sudoku4.txt")
    assert out.returncode == 2 and "invalid choice: 'pair'" in out.stderr
    ladder = cli("techniques").stdout
    assert "   1  naked_single" in ladder and "   5  hidden_triple" in ladder and "pairs" in ladder
    assert " 10  forcing_chain" in ladder


@pytest.mark.parametrize("option", [["--time-limit", "0"], ["--time-limit", "-1"], ["--time-limit", "nan"],
                                    ["--time-limit", "inf"], ["--time-limit", "1e400"], ["--count", "0"],
                                    ["--count", "18446744073709551617"], ["--count", "-3"]])
def test_out_of_range_options_are_usage_errors(option):
    out = cli("solve", "puzzles/sudoku4.txt", *option)
    assert out.returncode == 2 and "error: argument" in out.stderr and "Traceback" not in out.stderr


def test_convert_refuses_what_a_format_would_drop():
    for name, fmt in (("puzzles/jigsaw9_solo.txt", "sdk"), ("puzzles/sudoku_x_solo.txt", "sdk"),
                      ("puzzles/sudoku_x_solo.txt", "grid")):
        out = cli("convert", name, "--to", fmt)
        assert out.returncode == 2 and out.stdout == "" and "write it as line or solo" in out.stderr \
            or "as line or solo" in out.stderr, (name, fmt, out.stderr)
    back = pybridge.load(cli("convert", "puzzles/jigsaw9_solo.txt", "--to", "line").stdout)
    assert [p.regions for p in back] == [p.regions for p in pybridge.load(ROOT / "puzzles/jigsaw9_solo.txt")]


def test_a_kakuro_pair_named_twice_is_solved_once():
    out = cli("solve", "puzzles/kakuro/small_down.txt", "puzzles/kakuro/small_right.txt", "puzzles/kakuro/small",
              "--json")
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 1


# ---------------------------------------------------------------- small things

def test_version_and_typed_package():
    out = cli("--version")
    assert out.stdout.strip() == f"puzzlog {pybridge.__version__}"
    from importlib.resources import files
    assert files("pybridge").joinpath("py.typed").is_file()


def test_reprs_are_short_and_useful():
    big = pybridge.load(ROOT / "puzzles/sudoku16_solo.txt")[0]
    k = pybridge.load(ROOT / "puzzles/kakuro/medium.txt")[0]
    for thing, words in ((big, ["sudoku 16x16", "givens"]), (pybridge.solve(big), ["solved", "16x16"]),
                         (pybridge.Solver(big), ["cells open"]), (k, ["6x6", "white cells"]),
                         (pybridge.explain(k), ["solved", "steps"])):
        text = repr(thing)
        assert len(text) < 100 and all(w in text for w in words), text


def test_invalid_result_html_shows_the_error_and_its_cells():
    [p] = pybridge.load("5...5" + "." * 76)
    result = pybridge.solve(p)
    html = result._repr_html_()
    assert "value 5 is already given at r1c1" in html
    assert re.findall(r'data-cell="(r\d+c\d+)"[^>]*fill="#f7b0b0"', html) == ["r1c1", "r1c5"]


def test_counts_are_spelled_right():
    p = pybridge.load(ROOT / "puzzles/sudoku9.txt")[5]
    assert pybridge.explain(p, techniques="subsets").conclusion() == \
        "solved in 81 steps, 1 guess; the solution is unique"
    one = pybridge.Result(p, "solved", p.givens, 1, guesses=1, ms=1.0)
    assert one.summary() == "solved (1 guess, 1.0 ms)" and repr(one).endswith("1 solution, 1 guess, 1.0 ms)")
    out = cli("explain", "puzzles/sudoku9_expert.sdk", "--index", "3")
    assert out.returncode == 2 and "has 1 puzzle;" in out.stderr


def test_jigsaw_text_shows_its_regions():
    [p] = pybridge.load(ROOT / "puzzles/jigsaw6_grid.txt")[:1]
    text = str(p)
    assert text.splitlines()[1] == "  +-------+-------+"  # the border under the first row
    assert "|" in text.splitlines()[0]
    assert [q.regions for q in pybridge.load(pybridge.write([p], "grid"))] == [p.regions]

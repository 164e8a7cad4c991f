"""A student's rules file is untrusted code for whoever grades it.  Each file below tries one
way out (shell and processes, files and streams, assert, calls of built goals, DCG braces,
expansion hooks, directives, declarations that name goals, foreign libraries, halt, flags and
limits, deep terms, endless memory): every one is refused before anything of it runs, with
its file, line and reason; nothing is run, read or written; the process lives on; a rule
cannot raise its own limits.  The files are loaded through the doors a grader uses: the
Python library, and the command line (`techniques --rules`, `check-rule`)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import pybridge
from conftest import ROOT

SUDOKU9 = ROOT / "puzzles" / "sudoku9.txt"

# A rule that would be sound if it were not hostile: its step is found by the harm.
HEAD = "technique(evil, [difficulty(2)]).\n"

# name -> (file text, words the refusal says).  {canary} is a file the attack would create,
# {victim} a file it would change or remove, {secret} one it would read.
ATTACKS: dict[str, tuple[str, str]] = {
    # shell and processes
    "initialization": (":- initialization(shell('touch {canary}')).\n" + HEAD + "evil(_) :- fail.\n",
                       "directive"),
    "query directive": ("?- shell('touch {canary}').\n" + HEAD + "evil(_) :- fail.\n", "directive"),
    "plain directive": (":- shell('touch {canary}').\n" + HEAD + "evil(_) :- fail.\n", "directive"),
    "shell in a rule": (HEAD + "evil(_) :- shell('touch {canary}'), fail.\n", "shell/1"),
    "shell/2 in a rule": (HEAD + "evil(_) :- shell('touch {canary}', _), fail.\n", "shell/2"),
    "system:shell": (HEAD + "evil(_) :- system:shell('touch {canary}'), fail.\n", "shell"),
    "process_create": (":- use_module(library(process)).\n" + HEAD +
                       "evil(_) :- process_create(path(touch), ['{canary}'], []), fail.\n", "process_create"),
    "univ then call": (HEAD + "evil(_) :- G =.. [shell, 'touch {canary}'], call(G), fail.\n", "call"),
    "atom to goal": (HEAD + "evil(_) :- term_to_atom(G, 'shell(\\'touch {canary}\\')'), G, fail.\n", ""),
    "call/2 of shell": (HEAD + "evil(_) :- call(shell, 'touch {canary}'), fail.\n", "shell"),
    "maplist of shell": (HEAD + "evil(_) :- maplist(shell, ['touch {canary}']), fail.\n", "shell"),
    "findall of shell": (HEAD + "evil(_) :- findall(x, shell('touch {canary}'), _), fail.\n", "shell"),
    "goal in a variable": (HEAD + "evil(_) :- X = shell('touch {canary}'), X, fail.\n", ""),
    "DCG braces": (HEAD + "evil(_) :- phrase({{shell('touch {canary}')}}, [], []), fail.\n", "shell"),
    "DCG rule": (HEAD + "evil(_) :- phrase(harm, [], []), fail.\n"
                 "harm --> {{shell('touch {canary}')}}.\n", "shell"),
    "format ~@": (HEAD + "evil(_) :- format(atom(_), '~@', [shell('touch {canary}')]), fail.\n", "shell"),
    "thread_create": (HEAD + "evil(_) :- thread_create(shell('touch {canary}'), _, []), fail.\n", "thread_create"),
    "apply/2": (HEAD + "evil(_) :- apply(shell, ['touch {canary}']), fail.\n", ""),
    "catch of shell": (HEAD + "evil(_) :- catch(shell('touch {canary}'), error(type_error(_, _), _), true), fail.\n",
                       "shell"),
    "setenv": (HEAD + "evil(_) :- setenv('PUZZLOG_EVIL', yes), fail.\n", "setenv"),
    "working_directory": (HEAD + "evil(_) :- working_directory(_, '/'), fail.\n", "working_directory"),
    # files and streams
    "open for writing": (HEAD + "evil(_) :- open('{canary}', write, S), close(S), fail.\n", "open"),
    "read a file": (HEAD + "evil(_) :- read_file_to_string('{secret}', _, []), fail.\n", "read_file_to_string"),
    "delete a file": (HEAD + "evil(_) :- delete_file('{victim}'), fail.\n", "delete_file"),
    "rename a file": (HEAD + "evil(_) :- rename_file('{victim}', '{canary}'), fail.\n", "rename_file"),
    "tell": (HEAD + "evil(_) :- tell('{canary}'), told, fail.\n", "tell"),
    "see": (HEAD + "evil(_) :- see('{secret}'), seen, fail.\n", "see"),
    "include": (":- include('{secret}').\n" + HEAD + "evil(_) :- fail.\n", "directive"),
    "consult": (":- consult('{secret}').\n" + HEAD + "evil(_) :- fail.\n", "directive"),
    "library path out": (":- use_module(library('../../../../../../{secret_rel}')).\n" + HEAD +
                         "evil(_) :- fail.\n", ""),
    "module by path": (":- use_module('{secret}').\n" + HEAD + "evil(_) :- fail.\n", ""),
    # assert and the engine's state
    "assert in user": (HEAD + "evil(_) :- assertz(user:owned), fail.\n", "assert"),
    "assert a placement": (HEAD + "evil(_) :- assertz(rule_api:element(1, 1, 1)), fail.\n", "assert"),
    "retract a candidate": (HEAD + "evil(_) :- retract(possibility(_, _, _, _)), fail.\n", "retract"),
    "engine module": (":- use_module('{engine}/facts/state').\n" + HEAD +
                      "evil(_) :- state:eliminate(1, 1), fail.\n", ""),
    "set a flag": (HEAD + "evil(_) :- set_prolog_flag(stack_limit, 4000000000), fail.\n",
                   "set_prolog_flag"),
    "global variable": (HEAD + "evil(_) :- nb_setval(evil, 1), fail.\n", "nb_setval"),
    # expansion hooks and definitions of others' predicates
    "term_expansion": ("term_expansion(T, T) :- shell('touch {canary}').\n" + HEAD + "evil(_) :- fail.\n",
                       "term_expansion"),
    "goal_expansion": ("goal_expansion(G, G) :- shell('touch {canary}').\n" + HEAD + "evil(_) :- true.\n",
                       "goal_expansion"),
    "user:term_expansion": ("user:term_expansion(T, T) :- shell('touch {canary}').\n" + HEAD +
                            "evil(_) :- fail.\n", "user"),
    "portray": ("user:portray(_) :- shell('touch {canary}').\n" + HEAD + "evil(_) :- fail.\n", "user"),
    "message hook": ("prolog:message(_) --> {{shell('touch {canary}')}}.\n" + HEAD + "evil(_) :- fail.\n",
                     "prolog"),
    # declarations that name goals
    "text names a goal": ("technique(evil, [difficulty(2), text(shell('touch {canary}'))]).\n"
                          "evil(_) :- fail.\n", "shell"),
    "module declaration": (":- module(evil_rules, []).\n:- multifile technique_table:declared_technique/2.\n"
                           "technique_table:declared_technique(evil, [difficulty(2), "
                           "deduction(shell('touch {canary}'))]).\n", "shell"),
    "declaration with a body": (":- module(evil_rules2, []).\n"
                                ":- multifile technique_table:declared_technique/2.\n"
                                "technique_table:declared_technique(evil, [difficulty(2), deduction(evil_rules2:e)]) "
                                ":- shell('touch {canary}').\ne(_) :- fail.\n", "fact"),
    "module takes an engine name": (":- module(rule_api, []).\n" + HEAD + "evil(_) :- fail.\n", "rule_api"),
    # foreign code
    "foreign library": (":- use_foreign_library('{secret}').\n" + HEAD + "evil(_) :- fail.\n", "directive"),
    "load_foreign_library": (HEAD + "evil(_) :- load_foreign_library('{secret}'), fail.\n",
                             "load_foreign_library"),
    "open_shared_object": (HEAD + "evil(_) :- open_shared_object('{secret}', _), fail.\n", "open_shared_object"),
    # halt and limits
    "halt": (HEAD + "evil(_) :- halt.\n", "halt"),
    "halt/1": (HEAD + "evil(_) :- halt(0).\n", "halt"),
    "abort": (HEAD + "evil(_) :- abort.\n", "abort"),
    "catch the time limit": (HEAD + "evil(S) :- catch(spin, _, evil(S)).\nspin :- spin.\n", "catch"),
    "catch every error": (HEAD + "evil(S) :- catch(spin, error(_, _), evil(S)).\nspin :- spin.\n", "catch"),
    "clean-up that loops": (HEAD + "evil(_) :- setup_call_cleanup(true, spin, spin).\nspin :- spin.\n",
                            "setup_call_cleanup"),
}


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / (name.replace(" ", "_").replace("/", "_").replace(":", "_").replace("~", "") + ".pl")
    path.write_text(text)
    return path


@pytest.fixture
def places(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("hello\n")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    return {"canary": str(tmp_path / "canary"), "victim": str(victim), "secret": str(secret),
            "secret_rel": str(secret).lstrip("/"), "engine": str(ROOT / "prolog")}


def assert_untouched(places: dict) -> None:
    assert not os.path.exists(places["canary"]), "the attack ran"
    assert Path(places["victim"]).read_text() == "keep me\n"
    assert "PUZZLOG_EVIL" not in os.environ


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_an_escape_is_refused_before_it_runs(name, places, tmp_path):
    text, words = ATTACKS[name]
    path = write(tmp_path, name, text.format(**places))
    cwd = os.getcwd()
    with pytest.raises(pybridge.RulesError) as refused:
        rules = pybridge.load_rules(path)
        # had it been loaded, run it where a grader would
        pybridge.explain(pybridge.load(SUDOKU9)[0], rules=rules)
    assert os.getcwd() == cwd
    error = refused.value
    assert error.file == str(path) and error.line >= 1, str(error)
    assert words in error.reason, str(error)
    assert_untouched(places)
    # the engine still works, with no technique of the refused file
    puzzle = pybridge.load(SUDOKU9)[0]
    assert "evil" not in pybridge.Solver(puzzle).techniques
    assert pybridge.solve(puzzle).status == "solved"


def test_sandbox_tries_at_least_forty_escapes():
    assert len(ATTACKS) >= 40


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pybridge", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


@pytest.mark.parametrize("name", ["query directive", "halt", "initialization", "catch the time limit"])
def test_command_line_refuses_and_says_why(name, places, tmp_path):
    text, words = ATTACKS[name]
    path = write(tmp_path, name, text.format(**places))
    for args in (["techniques", "--rules", str(path)], ["check-rule", "--kind", "sudoku", str(path)]):
        out = cli(*args)
        assert out.returncode not in (0,) and out.returncode > 0, (args, out.returncode, out.stdout, out.stderr)
        assert f"{path}:" in out.stderr and words in out.stderr, out.stderr
    assert_untouched(places)


def test_a_deep_term_is_refused_and_nothing_crashes(tmp_path):
    deep = tmp_path / "deep.pl"
    deep.write_text(HEAD + "evil(_) :- X = " + "f(" * 50000 + "a" + ")" * 50000 + ", X == a.\n")
    out = cli("check-rule", "--kind", "sudoku", str(deep))
    assert out.returncode > 0 and out.returncode != -signal.SIGSEGV, (out.returncode, out.stderr[-2000:])
    assert f"{deep}:" in out.stderr and "deep" in out.stderr, out.stderr[-2000:]


def test_a_rule_that_eats_memory_is_stopped_and_named(tmp_path):
    greedy = tmp_path / "greedy.pl"
    greedy.write_text(HEAD + "evil(_) :- grow([]).\ngrow(L) :- grow([L|L]).\n")
    # in a process of its own, as a grader's would be: it says how much memory it reached
    script = ("import resource, sys, pybridge\n"
              "rules = pybridge.load_rules(sys.argv[1])\n"
              "puzzle = pybridge.load(sys.argv[2])[0]\n"
              "try:\n"
              "    pybridge.explain(puzzle, rules=rules)\n"
              "except pybridge.RuleStoppedError as error:\n"
              "    print('stopped:', error)\n"
              "print('solved' if pybridge.solve(puzzle).status == 'solved' else 'broken')\n"
              "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", script, str(greedy), str(SUDOKU9)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    stopped, solved, peak_kb = out.stdout.splitlines()
    assert "evil" in stopped and "memory" in stopped and solved == "solved"
    assert int(peak_kb) < 400_000   # the rule's stacks stop at 128 MB, the engine's would at 1 GB

"""The ``puzzlog`` command line's verbs and options (also ``python -m pybridge``).

    puzzlog solve [FILE...]         solve every puzzle of the files (- or none: stdin)
    puzzlog generate KIND           new puzzles, unique, reproducible from --seed, at --difficulty
    puzzlog rate [FILE...]          how hard each puzzle is for a person: level, score, hardest technique
    puzzlog explain FILE            every step of one puzzle in words, guesses included
    puzzlog hint FILE               a hint at the next deduction (--grid: from a player's grid)
    puzzlog practice TECHNIQUE      positions where the technique is the next step (--answer: check one)
    puzzlog check FILE              the rules the puzzles break, and how many solutions each has
                                    (--grid: also check a player's grid)
    puzzlog convert FILE --to FMT   write the puzzles in another format
    puzzlog techniques              the technique ladder and the technique sets
    puzzlog serve                   a local page to play, check, hint and generate (puzzlog[web])
    puzzlog library add|list|export the puzzles kept in the local library (--db PATH)

solve, rate and generate share batches among worker processes (--jobs N), write JSON
lines as they finish (--output FILE), continue an interrupted run (--resume), or send the
work to a Dask cluster (--cluster ADDRESS): see batch_output.py and docs/scale.md.
"""
from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Callable

from .. import __version__
from ..batches.work import AUTO_JOBS_AT, cores
from ..engine.catalogue import catalogue
from ..engine.limits import ATTEMPTS, STARTS, TECHNIQUE_ATTEMPTS
from ..library import store
from ..puzzles.kinds import written_formats
from ..puzzles.reading import LIMITS
from ..solving.ladder import TECHNIQUE_SETS
from ..solving.sheet import PAPERS, PER_PAGE
from ..solving.solver import MAX_STEPS

MAX_COUNT = 10 ** 9          # --count: more solutions than anyone counts to through the CLI
MAX_SECONDS = 10 ** 7        # --time-limit: about four months


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzlog", description="Solve and explain logic puzzles.")
    parser.add_argument("--version", action="version", version=f"puzzlog {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    reading = argparse.ArgumentParser(add_help=False)
    reading.add_argument("--kind", choices=catalogue().kinds, help="puzzle kind (default: detected)")
    reading.add_argument("--format", dest="fmt", choices=catalogue().formats, help="input format (default: detected)")
    reading.add_argument("--max-puzzle-chars", type=_whole(1, 10 ** 9), metavar="N",
                         help=f"refuse a puzzle longer than N characters (default {LIMITS.max_puzzle_chars})")
    reading.add_argument("--max-kakuro-side", type=_whole(2, 10 ** 4), metavar="N",
                         help=f"refuse a Kakuro of more than N rows or columns (default {LIMITS.max_kakuro_side})")

    own = argparse.ArgumentParser(add_help=False)
    own.add_argument("--rules", action="append", metavar="RULES.pl",
                     help="a file of your own techniques (docs/lessons/): they join the ladder at the rungs "
                          "they declare; the file is checked first (repeat for several)")

    chains = argparse.ArgumentParser(add_help=False)
    chains.add_argument("--max-chain-links", type=_whole(3, 60), metavar="N",
                        help=f"look for chains of at most N links (default {LIMITS.max_chain_links})")

    unique = argparse.ArgumentParser(add_help=False)
    unique.add_argument("--assume-unique", action="store_true",
                        help="also use the techniques that rely on the puzzle having one solution (unique "
                             "rectangles, BUG+1); the engine uses them only where it has counted one solution")

    p_solve = sub.add_parser("solve", parents=[reading, chains, own, unique], help="solve puzzles")
    p_solve.add_argument("files", nargs="*", metavar="FILE",
                         help="puzzle files; - (or none, when input is piped) for standard input")
    p_solve.add_argument("--count", type=_whole(1, MAX_COUNT), default=2, metavar="N",
                         help="look for up to N solutions (default 2: tells unique from multiple)")
    p_solve.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds allowed per puzzle")
    p_solve.add_argument("--techniques", type=_technique_set, default=None, metavar="SET",
                         help="techniques tried before each guess (default: pairs for Sudoku kinds, "
                              "singles for Futoshiki and Kakuro); `puzzlog techniques` lists them")
    output = p_solve.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON object per puzzle per line")
    output.add_argument("--one-line", action="store_true",
                        help="each solution on one line (MULTIPLE, NONE, INVALID or TIMEOUT when there is none)")
    output.add_argument("--csv", action="store_true", help="CSV: source, index, puzzle, solution, status, ...")
    _batch_arguments(p_solve, "solve")

    p_gen = sub.add_parser("generate", help="new puzzles of a kind, each with one solution")
    p_gen.add_argument("kind", choices=tuple(catalogue().generated))
    shape = p_gen.add_mutually_exclusive_group()
    shape.add_argument("--size", type=_size, metavar="N",
                       help="N x N (default 9; Futoshiki 5; Kakuro 10, or RxC, the clue row and column included; "
                            "Samurai: its grids, 5, 3 or 2)")
    shape.add_argument("--box", type=_box, metavar="RxC", help="Sudoku boxes of R rows and C columns")
    p_gen.add_argument("--count", type=_whole(1, 10 ** 6), default=1, metavar="N", help="how many (default 1)")
    p_gen.add_argument("--seed", type=_whole(0, 2 ** 63), default=0, metavar="S",
                       help="puzzle i is made from seed S+i: the same on every run (default 0)")
    p_gen.add_argument("--difficulty", choices=catalogue().levels, help="the rating level wanted (`puzzlog rate`)")
    p_gen.add_argument("--technique", metavar="NAME", help="the hardest technique wanted (`puzzlog techniques`)")
    p_gen.add_argument("--start", choices=STARTS, default="givens",
                       help="where the puzzle starts: its givens (default) or, with --technique, where the "
                            "technique's rung is first needed (what easier techniques place is given)")
    p_gen.add_argument("--symmetry", choices=catalogue().symmetries,
                       help="the givens (a Kakuro's layout) keep it (default none; Kakuro rot180)")
    p_gen.add_argument("--givens", type=_whole(0, 625), metavar="N",
                       help="a Killer's givens (default 0, as published Killers have)")
    p_gen.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds for the whole run")
    p_gen.add_argument("--attempts", type=_whole(1, 10 ** 6), metavar="N",
                       help=f"solutions tried a puzzle before giving up (default {ATTEMPTS}; with --technique "
                            f"{TECHNIQUE_ATTEMPTS})")
    out = p_gen.add_mutually_exclusive_group()
    out.add_argument("--format", dest="out_format", choices=WRITTEN_FORMATS,
                     help="write in this format (default: the kind's own)")
    out.add_argument("--json", action="store_true",
                     help="one JSON object a puzzle: puzzle, solution, level, score, hardest, seed")
    _batch_arguments(p_gen, "generate")

    p_serve = sub.add_parser("serve", help="a local web page on the engine (pip install 'puzzlog[web]')")
    p_serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                                                             "machine only)")
    p_serve.add_argument("--port", type=_whole(1, 65535), default=8000, help="default 8000")
    p_serve.add_argument("--time-limit", type=_seconds, default=10.0, metavar="S",
                         help="seconds a request may take, the wait for an engine included (default 10)")
    p_serve.add_argument("--engines", type=_whole(0, 256), default=0, metavar="N",
                         help="engine processes answering requests (default 0: one per core, at least 2)")
    p_serve.add_argument("--max-queue", type=_whole(0, 100_000), default=64, metavar="N",
                         help="requests that may wait for an engine; more are answered 429 (default 64)")
    p_serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                         help="a host name the server answers to, beside localhost and the --host address "
                              "(repeat for more; * for any: then mind DNS rebinding)")
    p_serve.add_argument("--puzzles", type=Path, metavar="DIR",
                         help="the folder of puzzle files the page offers (default: the bundled puzzles)")

    p_serve.add_argument("--db", type=Path, metavar="PATH",
                         help=f"the puzzle library (default {store.default_path()})")
    p_serve.add_argument("--stock-idle", type=_seconds, default=3.0, metavar="S",
                         help="after S seconds with no request, make puzzles for Generate's stock in the idle "
                              "engines, two a kind and level (default 3)")
    p_serve.add_argument("--no-stock", action="store_true", help="make no puzzles while idle")

    p_lib = sub.add_parser("library", help="the puzzles kept in the local library (the page keeps them too)")
    p_lib.add_argument("--db", type=Path, metavar="PATH", help=f"default {store.default_path()}")
    lib_sub = p_lib.add_subparsers(dest="library_command", required=True)
    p_add = lib_sub.add_parser("add", help="keep every puzzle of the files, rated")
    p_add.add_argument("files", nargs="+", metavar="FILE")
    for name, text in (("list", "a line a puzzle: id, kind, size, level, score, best time, source"),
                       ("export", "the puzzles' texts, in the order kept")):
        p = lib_sub.add_parser(name, help=text)
        p.add_argument("--kind", help="only this kind (sudoku, futoshiki, kakuro)")
        p.add_argument("--level", choices=catalogue().levels, help="only this level")
        p.add_argument("--json", action="store_true", help="one JSON object a puzzle")

    p_rate = sub.add_parser("rate", parents=[reading, own, unique], help="how hard each puzzle is for a person")
    p_rate.add_argument("files", nargs="*", metavar="FILE",
                        help="puzzle files; - (or none, when input is piped) for standard input")
    p_rate.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds allowed per puzzle")
    p_rate.add_argument("--json", action="store_true",
                        help="one JSON object per puzzle per line: level, score, hardest, techniques, features")
    p_rate.add_argument("--db", type=Path, metavar="PATH",
                        help="also keep, for each puzzle, the positions where each technique is first the next "
                             "step in the practice bank of this library (each puzzle is explained too: about twice "
                             "the time; `puzzlog practice --db PATH` draws on it)")
    _batch_arguments(p_rate, "rate")

    p_explain = sub.add_parser("explain", parents=[reading, chains, own, unique], help="explain a solve step by step")
    p_explain.add_argument("file", metavar="FILE", help="puzzle file; - for standard input")
    p_explain.add_argument("--index", type=_whole(0, 10 ** 9), default=0,
                           help="which puzzle of the file (0-based)")
    p_explain.add_argument("--max-steps", type=_whole(1, 10 ** 9), default=MAX_STEPS, metavar="N",
                           help=f"stop after N steps (default {MAX_STEPS})")
    p_explain.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds allowed")
    p_explain.add_argument("--techniques", type=_technique_set, default=None, metavar="SET",
                           help="deduce with this set and the singles only (default: the whole ladder)")
    p_explain.add_argument("--show-rules", action="store_const", const="mine", default=None,
                           help="under each deduction of a rule of your own (--rules), the clause that found it, "
                                "with its file and line and the facts it matched")
    # one option string, matched whole before argparse splits at '=': "--show-rules FILE" stays a flag
    p_explain.add_argument("--show-rules=all", action="store_const", const="all", dest="show_rules",
                           help="the clause under every deduction, the engine's techniques' too")
    p_explain.add_argument("--db", type=Path, metavar="PATH",
                           help="keep the positions where each technique is first the next step in the practice "
                                "bank of this library (`puzzlog practice --db PATH` draws on it)")
    p_explain.add_argument("--json", action="store_true",
                           help="one JSON object: status, conclusion and the steps, each with its number, "
                                "kind, depth, technique, units, cells, placements, eliminations and text")

    p_hint = sub.add_parser("hint", parents=[reading, chains, own, unique], help="a hint at the next deduction")
    p_hint.add_argument("file", metavar="FILE", help="puzzle file; - for standard input")
    p_hint.add_argument("--index", type=_whole(0, 10 ** 9), default=0, help="which puzzle of the file (0-based)")
    p_hint.add_argument("--grid", metavar="PARTIAL",
                        help="the player's partly filled grid, in the puzzle's formats; - for standard input")
    p_hint.add_argument("--level", type=int, choices=(1, 2, 3), default=1,
                        help="1: the technique (default), 2: also where to look, 3: the whole deduction")
    p_hint.add_argument("--techniques", type=_technique_set, default=None, metavar="SET",
                        help="hint only at this set and the singles (default: the whole ladder)")
    p_hint.add_argument("--json", action="store_true", help="the hint as one JSON object")

    p_practice = sub.add_parser("practice", parents=[own],
                                help="positions where a technique is the next step, to practise it")
    p_practice.add_argument("technique", metavar="TECHNIQUE",
                            help="a technique of the ladder (`puzzlog techniques`), or of your --rules file")
    p_practice.add_argument("--count", type=_whole(1, 1000), default=1, metavar="N", help="how many (default 1)")
    p_practice.add_argument("--kind", choices=tuple(catalogue().generated), default="sudoku",
                            help="the kind of puzzle (default sudoku)")
    p_practice.add_argument("--level", choices=catalogue().levels, help="only puzzles of this rating level")
    p_practice.add_argument("--seed", type=_whole(0, 2 ** 63), default=0, metavar="S",
                            help="which positions: the same seed gives the same ones (default 0)")
    p_practice.add_argument("--time-limit", type=_seconds, default=60.0, metavar="S",
                            help="seconds for the whole run (default 60): fewer positions when it runs out")
    p_practice.add_argument("--answer", metavar="TEXT",
                            help='check an answer for the first position: what the step places and removes, '
                                 'in any order ("r4c5=7", "r2c3-5" or "r2c3<>5")')
    p_practice.add_argument("--show", type=int, choices=(1, 2, 3), default=1,
                            help="1: the position (default), 2: also where to look, 3: also the step")
    p_practice.add_argument("--jobs", type=_whole(0, 1024), default=1, metavar="N",
                            help="processes making new puzzles when the banks run out (default 1; 0: one a core)")
    p_practice.add_argument("--db", type=Path, metavar="PATH",
                            help="draw on and fill the practice bank of this library (default: the shipped bank "
                                 "and the generator only)")
    p_practice.add_argument("--json", action="store_true", help="one JSON object a position (or the answer's check)")

    p_check = sub.add_parser("check", parents=[reading],
                             help="the rules the puzzles break, and whether each has one solution")
    p_check.add_argument("file", metavar="FILE", help="puzzle file; - for standard input")
    p_check.add_argument("--index", type=_whole(0, 10 ** 9), default=None,
                         help="check only this puzzle of the file (0-based; the first, with --grid)")
    p_check.add_argument("--grid", metavar="PARTIAL",
                         help="the player's grid, in the puzzle's formats; - for standard input: which entries "
                              "break a rule or contradict the solution, and how many cells are left")
    p_check.add_argument("--time-limit", type=_seconds, metavar="S",
                         help="seconds allowed per puzzle for counting its solutions")
    p_check.add_argument("--json", action="store_true", help="one JSON object per puzzle per line")

    p_convert = sub.add_parser("convert", parents=[reading], help="write puzzles in another format")
    p_convert.add_argument("file", metavar="FILE", help="puzzle file; - for standard input")
    p_convert.add_argument("--to", choices=WRITTEN_FORMATS, required=True)

    sub.add_parser("techniques", parents=[own], help="list the technique ladder with each technique's difficulty")

    p_print = sub.add_parser("print", parents=[reading], help="puzzles on paper: a PDF sheet (pip install "
                                                               "'puzzlog[print]')")
    p_print.add_argument("files", nargs="+", metavar="FILE", help="puzzle files")
    p_print.add_argument("--per-page", type=int, choices=sorted(PER_PAGE), default=4,
                         help="puzzles a page (default 4)")
    p_print.add_argument("--solutions", action="store_true", help="pages of solutions after the puzzles")
    p_print.add_argument("--title", default="puzzlog", help="the header of each page")
    p_print.add_argument("--paper", choices=PAPERS, default="A4", help="A4 (default) or Letter")
    p_print.add_argument("-o", "--output", required=True, metavar="SHEET.pdf", help="the PDF to write")

    p_lessons = sub.add_parser("lessons", help="the lessons on writing rules of your own (docs/lessons/)")
    lessons_sub = p_lessons.add_subparsers(dest="lessons_command", required=True, metavar="copy")
    p_copy = lessons_sub.add_parser("copy", help="put the lessons, their puzzles, the notebook and the engine in a "
                                                 "folder of yours (files already there are kept)")
    p_copy.add_argument("folder", metavar="DIR")

    p_rule = sub.add_parser("check-rule", help="check a rules file of your own on positions from real solves")
    p_rule.add_argument("rules", metavar="RULES.pl", nargs="+",
                        help="the rules file (docs/lessons/ shows how to write one); with --lesson, any number: "
                             "a class, graded in parallel, one line a file")
    p_rule.add_argument("--kind", default=None, metavar="KIND",
                        help="check on the bundled puzzles (and the corpus's) of this kind only: sudoku, sudoku4, "
                             "sudoku6, sudoku16, jigsaw, x, greater-than, killer, samurai, futoshiki, kakuro "
                             "(default: every kind, a few seconds each)")
    p_rule.add_argument("--corpus", action="append", metavar="FILE",
                        help="check on the puzzles of FILE instead (repeat for several sets)")
    p_rule.add_argument("--limit", type=_whole(1, 10 ** 6), default=20, metavar="N",
                        help="at most N puzzles a set (default 20)")
    p_rule.add_argument("--time-limit", type=_seconds, default=10.0, metavar="S",
                        help="seconds allowed per puzzle (default 10)")
    p_rule.add_argument("--lesson", type=_whole(1, 99), metavar="N",
                        help="grade the file on lesson N's exercise (docs/lessons/): sound, fires wherever the "
                             "reference solution fires, finishes as many of the lesson's puzzles")
    p_rule.add_argument("--report", metavar="CSV",
                        help="with --lesson: write the class report there (one line a file: sound, reach, grade, "
                             "time, first problem)")
    p_rule.add_argument("--jobs", type=_whole(0, 1024), default=0, metavar="N",
                        help="with --lesson and several files: worker processes (default 0: one per core)")
    p_rule.add_argument("--json", action="store_true", help="the report as one JSON object")
    return parser


def _batch_arguments(parser: argparse.ArgumentParser, work: str) -> None:
    group = parser.add_argument_group("batches")
    group.add_argument("--jobs", type=_whole(0, 1024), metavar="N",
                       help=f"worker processes, one engine each (0: one per core, here {cores()}; default: 1 for "
                            f"fewer than {AUTO_JOBS_AT[work]} puzzles, else one per core)")
    group.add_argument("--cluster", metavar="ADDRESS",
                       help="a Dask scheduler (tcp://host:8786) whose workers do the work (pip install "
                            "'puzzlog[cluster]')")
    group.add_argument("--output", type=Path, metavar="FILE",
                       help="write JSON lines to FILE as they finish (nothing on stdout)")
    group.add_argument("--resume", action="store_true",
                       help="with --output: keep the records FILE holds and do only the rest")
    group.add_argument("--retry-errors", action="store_true",
                       help="with --resume: do again the items FILE holds as an error or a timeout")


def _technique_set(text: str) -> str:
    """A name of TECHNIQUE_SETS.  Checked only when the option is given: the sets come from
    the engine, which --help, --version and the commands without it need not start."""
    if text not in TECHNIQUE_SETS:
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {', '.join(TECHNIQUE_SETS)})")
    return text


def _box(text: str) -> tuple[int, int]:
    try:
        rows, cols = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not RxC, such as 3x3 or 2x3") from None
    return rows, cols


WRITTEN_FORMATS = written_formats()


def _size(text: str) -> int | tuple[int, int]:
    """N, or RxC (a Kakuro's rows and columns); a Samurai's number of grids (2, 3 or 5)."""
    if "x" in text.lower():
        return _box(text)
    whole: int = _whole(2, 25)(text)
    return whole


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {text}")
        return value
    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_SECONDS} seconds, not {text}")
    return value

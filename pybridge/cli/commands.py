"""The ``puzzlog`` command line (also ``python -m pybridge``).

    puzzlog solve [FILE...]         solve every puzzle of the files (- or none: stdin)
    puzzlog generate KIND           new puzzles, unique, reproducible from --seed, at --difficulty
    puzzlog rate [FILE...]          how hard each puzzle is for a person: level, score, hardest technique
    puzzlog explain FILE            every step of one puzzle in words, guesses included
    puzzlog hint FILE               a hint at the next deduction (--grid: from a player's grid)
    puzzlog check FILE              the rules the puzzles break, and how many solutions each has
                                    (--grid: also check a player's grid)
    puzzlog convert FILE --to FMT   write the puzzles in another format
    puzzlog techniques              the technique ladder and the technique sets
    puzzlog serve                   a local page to play, check, hint and generate (puzzlog[web])
    puzzlog library add|list|export the puzzles kept in the local library (--db PATH)

solve, rate and generate share batches among worker processes (--jobs N), write JSON
lines as they finish (--output FILE), continue an interrupted run (--resume), or send the
work to a Dask cluster (--cluster ADDRESS): see batch_output.py and docs/scale.md.

Exit status: 0 when every puzzle was solved (and agreed with any solution
the file gives), 1 when any was invalid, unsolvable, not unique, timed out
or unreadable, 2 for a usage error, 130 when interrupted (Ctrl-C).  check
exits 0 when every puzzle has exactly one solution and, with --grid, only
when the grid is complete and correct; rate exits 0 when every puzzle was rated
(it has exactly one solution).
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import csv
import json
import math
import os
import signal
import sys
import time
from pathlib import Path
from typing import Iterator

from .. import __version__
from . import batch_output
from ..puzzles import formats
from ..library import store
from ..batches.work import AUTO_JOBS_AT, Work, cores
from ..engine.errors import PuzzleFormatError, PuzzlogError
from ..engine.limits import ATTEMPTS, STARTS, TECHNIQUE_ATTEMPTS
from ..puzzles.kakuro import matrix_files
from ..puzzles.kinds import AnyPuzzle, written_formats
from ..puzzles.latin import Unreadable
from ..engine.catalogue import catalogue
from ..puzzles.reading import LIMITS, decoded, load, read, stream
from ..puzzles.answers import plural
from ..solving.solver import MAX_STEPS, Result, explain
from ..solving.ladder import TECHNIQUE_SETS
from ..solving.sheet import PAPERS, PER_PAGE
# Each command imports what only it uses (generation, rating, checking, the library, paper,
# lessons, rules of your own) where it runs: a solve starts without them.

MAX_COUNT = 10 ** 9          # --count: more solutions than anyone counts to through the CLI
MAX_SECONDS = 10 ** 7        # --time-limit: about four months
SOL_WORDS = {"multiple": "MULTIPLE", "unsolvable": "NONE", "invalid": "INVALID", "timeout": "TIMEOUT",
             "error": "ERROR"}


def _parser() -> argparse.ArgumentParser:
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

    p_solve = sub.add_parser("solve", parents=[reading, chains, own], help="solve puzzles")
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

    p_rate = sub.add_parser("rate", parents=[reading, own], help="how hard each puzzle is for a person")
    p_rate.add_argument("files", nargs="*", metavar="FILE",
                        help="puzzle files; - (or none, when input is piped) for standard input")
    p_rate.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds allowed per puzzle")
    p_rate.add_argument("--json", action="store_true",
                        help="one JSON object per puzzle per line: level, score, hardest, techniques, features")
    _batch_arguments(p_rate, "rate")

    p_explain = sub.add_parser("explain", parents=[reading, chains, own], help="explain a solve step by step")
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
    p_explain.add_argument("--json", action="store_true",
                           help="one JSON object: status, conclusion and the steps, each with its number, "
                                "kind, depth, technique, units, cells, placements, eliminations and text")

    p_hint = sub.add_parser("hint", parents=[reading, chains, own], help="a hint at the next deduction")
    p_hint.add_argument("file", metavar="FILE", help="puzzle file; - for standard input")
    p_hint.add_argument("--index", type=_whole(0, 10 ** 9), default=0, help="which puzzle of the file (0-based)")
    p_hint.add_argument("--grid", metavar="PARTIAL",
                        help="the player's partly filled grid, in the puzzle's formats; - for standard input")
    p_hint.add_argument("--level", type=int, choices=(1, 2, 3), default=1,
                        help="1: the technique (default), 2: also where to look, 3: the whole deduction")
    p_hint.add_argument("--techniques", type=_technique_set, default=None, metavar="SET",
                        help="hint only at this set and the singles (default: the whole ladder)")
    p_hint.add_argument("--json", action="store_true", help="the hint as one JSON object")

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
    return _whole(2, 25)(text)


def _whole(low: int, high: int):
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


def _apply_limits(args: argparse.Namespace) -> None:
    if args.max_puzzle_chars:
        LIMITS.max_puzzle_chars = args.max_puzzle_chars
    if args.max_kakuro_side:
        LIMITS.max_kakuro_side = args.max_kakuro_side
    if getattr(args, "max_chain_links", None):
        LIMITS.max_chain_links = args.max_chain_links


def _read(name: str, kind: str | None, fmt: str | None) -> list:
    """The puzzles of a file (or of stdin for -); unreadable ones as Unreadable."""
    if name == "-":
        return read(_stdin_text(), "<stdin>", kind, fmt)
    return load(Path(name), kind, fmt, errors="keep")


def _stdin_text() -> str:
    """Standard input as UTF-8 text, at most LIMITS.max_file_bytes of it."""
    data = sys.stdin.buffer.read(LIMITS.max_file_bytes + 1)
    if len(data) > LIMITS.max_file_bytes:
        raise PuzzleFormatError(f"more than {LIMITS.max_file_bytes} bytes: at most that many are read "
                                "(pybridge.LIMITS.max_file_bytes): split the input", "<stdin>")
    return decoded(data, "<stdin>")


def _file_key(name: str) -> object:
    """What a file name stands for: a Kakuro matrix pair is one puzzle, whichever file names it."""
    if name == "-":
        return name
    path = Path(name)
    try:
        pair = matrix_files(path)
        if pair and pair[0].is_file():
            return tuple(p.resolve() for p in pair)
        return path.resolve()
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a loop of symbolic links
        return name


def _file_failure(name: str, error: PuzzlogError) -> dict:
    """A JSON record for a file that could not be read at all: the keys of any other record."""
    return {"source": name, "index": None, "line": None, "kind": None, "status": "invalid", "grid": [],
            "solutions": 0, "guesses": 0, "techniques": {}, "ms": 0.0, "error": str(error), "notes": []}


def _header(p: AnyPuzzle | Unreadable) -> str:
    where = p.source if p.line is None else f"{p.source}:{p.line}"
    rows, cols = p.shape
    shape = f", {rows}x{cols}" if rows else ""
    return f"# {where} #{p.index} ({p.kind}{shape})"


def _print_text(result: Result) -> None:
    p = result.puzzle
    print(_header(p))
    if not isinstance(p, Unreadable):
        print(p.text_of(p.givens))
        print()
    for note in result.notes:
        print(f"note: {note}")
    print(result.summary())
    if result.values is not None:
        print(p.text_of(result.values))
    print()


def _one_line(result: Result) -> str:
    if result.values is None or result.status != "solved":
        return SOL_WORDS.get(result.status, result.status.upper())
    return result.puzzle.solution_line(result.values)


def _puzzle_text(p: AnyPuzzle | Unreadable) -> str:
    return "" if isinstance(p, Unreadable) else p.puzzle_line()


CSV_FIELDS = ["source", "index", "line", "kind", "puzzle", "solution", "status", "solutions", "guesses", "ms",
              "error"]


def _csv_row(result: Result) -> list:
    p = result.puzzle
    solution = _one_line(result) if result.status == "solved" else ""
    return [p.source, p.index, p.line or "", p.kind, _puzzle_text(p), solution, result.status,
            result.solutions, result.guesses, round(result.ms, 3), result.error or ""]


def _files(args: argparse.Namespace) -> list[str] | None:
    """The files named, or ["-"] when input is piped; None (said on stderr) for neither."""
    if args.files:
        return args.files
    if sys.stdin.isatty():
        print(f"puzzlog {args.command}: give puzzle files, or pipe puzzles in (- reads standard input)",
              file=sys.stderr)
        return None
    return ["-"]


def _entries(files: list[str], kind: str | None, fmt: str | None) -> Iterator:
    """The puzzles of the files in order, as they are read (pybridge.reading.stream: a file
    of one puzzle a line is never held whole), each file once; an Unread in place of a file,
    or of the rest of one, that cannot be read."""
    seen: set = set()
    for name in files:
        key = _file_key(name)
        if key in seen:
            continue
        seen.add(key)
        try:
            yield from stream(name, kind, fmt)
        except PuzzlogError as exc:
            yield batch_output.Unread(name, exc)


def _puzzle_key(p: AnyPuzzle | Unreadable) -> tuple:
    return (p.source, p.index)


def _record_key(record: dict) -> tuple:
    return (record["source"], record["index"])


def _solve(args: argparse.Namespace) -> int:
    files = _files(args)
    if files is None:
        return 2
    writer = csv.writer(sys.stdout, lineterminator="\n") if args.csv else None
    if writer and not args.output:
        writer.writerow(CSV_FIELDS)

    def show(result: Result) -> None:
        if args.json:
            print(json.dumps(result.to_json()), flush=True)
        elif writer:
            writer.writerow(_csv_row(result))
            sys.stdout.flush()
        elif args.one_line:
            print(_one_line(result), flush=True)
        else:
            _print_text(result)

    def show_unread(unread: batch_output.Unread) -> None:
        if args.json:
            print(json.dumps(_file_failure(unread.name, unread.error)), flush=True)
        elif writer:
            writer.writerow([unread.name, "", "", "", "", "", "invalid", 0, 0, 0, str(unread.error)])
        elif args.one_line:
            print("INVALID", flush=True)
            print(f"puzzlog: {unread.error}", file=sys.stderr)
        else:
            print(f"puzzlog: {unread.error}", file=sys.stderr)

    work = Work("solve", {"max_solutions": args.count, "time_limit": args.time_limit, "techniques": args.techniques,
                          "rules": _rules(args)})
    batch = batch_output.Batch(work, show, Result.to_json, _puzzle_key, _record_key, lambda r: r.ok, show_unread,
                            lambda unread: _file_failure(unread.name, unread.error),
                            lambda record: record["status"] == "solved"
                            and record.get("matches_given_solution") is not False, _failed_record)
    return 0 if batch_output.run(args, batch, lambda: _entries(files, args.kind, args.fmt)) else 1


def _failed_record(record: dict) -> bool:
    """A record --retry-errors does again: its worker died or hung, or its time ran out."""
    return record.get("status") in ("error", "timeout")


def _rate_failure(unread: batch_output.Unread) -> dict:
    return {"source": unread.name, "index": None, "line": None, "kind": None, "status": "invalid", "level": None,
            "score": 0, "hardest": None, "techniques": {}, "guesses": 0, "features": {}, "error": str(unread.error),
            "ms": 0.0}


def _rate(args: argparse.Namespace) -> int:
    from ..solving.rating import Rating
    files = _files(args)
    if files is None:
        return 2

    def show(rating: Rating) -> None:
        if args.json:
            print(json.dumps(rating.to_json()), flush=True)
        else:
            print(_header(rating.puzzle))
            print(rating)
            print(flush=True)

    def show_unread(unread: batch_output.Unread) -> None:
        if args.json:
            print(json.dumps(_rate_failure(unread)), flush=True)
        else:
            print(f"puzzlog: {unread.error}", file=sys.stderr)

    work = Work("rate", {"time_limit": args.time_limit, "rules": _rules(args)})
    batch = batch_output.Batch(work, show, Rating.to_json, _puzzle_key, _record_key, lambda r: r.ok, show_unread,
                            _rate_failure, lambda record: record["status"] == "rated", _failed_record)
    return 0 if batch_output.run(args, batch, lambda: _entries(files, args.kind, args.fmt)) else 1


def _chosen(args: argparse.Namespace):
    """The puzzle --index picks from the file, or None (said on stderr) when there is no such."""
    puzzles = _read(args.file, args.kind, args.fmt)
    if not args.index < len(puzzles):
        print(f"puzzlog: {args.file} has {plural(len(puzzles), 'puzzle')}; --index {args.index} is out of range",
              file=sys.stderr)
        return None
    return puzzles[args.index]


def _explain(args: argparse.Namespace) -> int:
    puzzle = _chosen(args)
    if puzzle is None:
        return 2
    rules = _rules(args)
    if args.json:
        explanation = explain(puzzle, args.techniques, max_steps=args.max_steps, time_limit=args.time_limit,
                              rules=rules, show_rules=args.show_rules)
        print(json.dumps(explanation.to_json()))
        return 0 if explanation.status == "solved" else 1
    print(_header(puzzle))
    if isinstance(puzzle, Unreadable):
        print(f"invalid: {puzzle.error}")
        return 1
    print(puzzle.text_of(puzzle.givens))
    print()
    explanation = explain(puzzle, args.techniques, max_steps=args.max_steps, time_limit=args.time_limit,
                          rules=rules, show_rules=args.show_rules)
    print(explanation)
    return 0 if explanation.status == "solved" else 1


def _hint(args: argparse.Namespace) -> int:
    from ..solving.hints import hint
    if args.file == "-" and args.grid == "-":
        print("puzzlog: the puzzle and the grid cannot both come from standard input", file=sys.stderr)
        return 2
    puzzle = _chosen(args)
    if puzzle is None:
        return 2
    if isinstance(puzzle, Unreadable):
        raise puzzle.error
    grid = None
    if args.grid is not None:
        grid = _stdin_text() if args.grid == "-" else Path(args.grid)
    result = hint(puzzle, grid, args.level, args.techniques, rules=_rules(args))
    print(json.dumps(result.to_json()) if args.json else result.text)
    return 1 if result.status in ("mistake", "contradiction") else 0


def _check(args: argparse.Namespace) -> int:
    from ..solving.check import check
    if args.file == "-" and args.grid == "-":
        print("puzzlog: the puzzle and the grid cannot both come from standard input", file=sys.stderr)
        return 2
    if args.grid is not None and args.index is None:
        args.index = 0
    if args.index is not None:
        puzzle = _chosen(args)
        if puzzle is None:
            return 2
        puzzles = [puzzle]
    else:
        puzzles = _read(args.file, args.kind, args.fmt)
    grid = None
    if args.grid is not None:
        grid = _stdin_text() if args.grid == "-" else Path(args.grid)
    failed = False
    for puzzle in puzzles:
        report = check(puzzle, grid, args.time_limit)
        failed = failed or not report.ok
        if args.json:
            print(json.dumps(report.to_json()), flush=True)
        else:
            print(_header(puzzle))
            if not isinstance(puzzle, Unreadable):
                print(puzzle.text_of(report.grid if report.grid is not None else puzzle.givens))
                print()
            print(report)
            print(flush=True)
    return 1 if failed else 0


def _generate(args: argparse.Namespace) -> int:
    from ..solving.generate import Generated, check_generation
    made = 0

    def show(g: Generated) -> None:
        nonlocal made
        made += 1
        if args.json:
            print(json.dumps(g.to_json()), flush=True)
            return
        fmt = args.out_format or g.puzzle.native_format
        if made > 1 and fmt in ("grid", "sdk", "game", "matrices", "killer", "samurai"):
            print()  # puzzles of a block format are apart by a blank line
        print(formats.write([g.puzzle], fmt).rstrip("\n"), flush=True)

    deadline = None if args.time_limit is None else time.time() + args.time_limit
    check_generation(args.kind, args.size, args.box, args.difficulty, args.technique, args.symmetry, args.givens,
                     args.start)
    work = Work("generate", {"kind": args.kind, "size": args.size, "box": args.box, "difficulty": args.difficulty,
                             "technique": args.technique, "symmetry": args.symmetry, "attempts": args.attempts,
                             "givens": args.givens, "start": args.start, "deadline": deadline})
    batch = batch_output.Batch(work, show, Generated.to_json, lambda seed: seed, lambda record: record["seed"],
                            lambda g: True)
    ok = batch_output.run(args, batch, lambda: list(range(args.seed, args.seed + args.count)))
    if not ok:
        made_so_far = "some" if args.output else plural(made, "puzzle")
        print(f"puzzlog: the time limit ran out: {made_so_far} of {args.count} made", file=sys.stderr)
    return 0 if ok else 1


def _convert(args: argparse.Namespace) -> int:
    puzzles = _read(args.file, args.kind, args.fmt)
    bad = [p for p in puzzles if isinstance(p, Unreadable)]
    if bad:
        raise bad[0].error
    try:
        sys.stdout.write(formats.write(puzzles, args.to))
    except ValueError as exc:
        print(f"puzzlog: {exc}", file=sys.stderr)
        return 2
    return 0


def _serve(args: argparse.Namespace) -> int:
    from ..web import ServeLimits, create_app, make_server  # the web extra is optional
    limits = ServeLimits(time_limit=args.time_limit, engines=args.engines, max_queue=args.max_queue, host=args.host,
                         allow_hosts=tuple(args.allow_host), library=args.db or store.default_path())
    if args.puzzles is not None:
        if not args.puzzles.is_dir():
            raise PuzzlogError(f"{args.puzzles}: no such folder")
        limits.puzzles = args.puzzles
    server = make_server(create_app(limits), limits, args.host, args.port)
    print(f"puzzlog: the page is at http://{args.host}:{args.port}/ ({limits.engine_count} engines; Ctrl-C stops)",
          file=sys.stderr, flush=True)
    server.run()
    return 0


def _library(args: argparse.Namespace) -> int:
    if args.library_command != "add" and not (args.db or store.default_path()).exists():
        return 0  # nothing kept yet
    lib = store.Library(args.db, readonly=args.library_command != "add")  # list and export change nothing
    if args.library_command == "add":
        for name in args.files:
            for p in _read(name, None, None):
                if isinstance(p, Unreadable):
                    print(f"puzzlog: {p.error}", file=sys.stderr)
                    continue
                entry = lib.keep(p, source=f"{name}#{p.index}")
                print(f"{entry.id}\t{entry.kind} {entry.rows}x{entry.cols}\t{entry.level or '-'}\t{entry.source}")
        return 0
    entries = list(reversed(lib.entries(args.kind, args.level, limit=10 ** 9)))
    for entry in entries:
        if args.json:
            print(json.dumps(entry.to_json()))
        elif args.library_command == "list":
            best = "-" if entry.best_seconds is None else f"{entry.best_seconds // 60}:{entry.best_seconds % 60:02d}"
            print(f"{entry.id}\t{entry.kind} {entry.rows}x{entry.cols}\t{entry.level or '-'}\t"
                  f"{entry.score if entry.score is not None else '-'}\t{best}\t{entry.source}")
        else:
            p = read(entry.text, entry.source, entry.kind)[entry.index]
            fmt = p.native_format
            print(formats.write([p], fmt).rstrip("\n"))
            if fmt == "grid":
                print()
    return 0


def _print(args: argparse.Namespace) -> int:
    from ..solving.sheet import print_sheet
    puzzles = []
    for name in args.files:
        puzzles += [p for p in _read(name, args.kind, args.fmt) if not isinstance(p, Unreadable)]
    pages = print_sheet(puzzles, args.output, args.per_page, args.solutions, args.title, args.paper)
    print(f"{args.output}: {plural(len(puzzles), 'puzzle')} on {plural(pages, 'page')}", file=sys.stderr)
    return 0


def _check_rule(args: argparse.Namespace) -> int:
    from ..teaching.lessons import grade
    from ..teaching.rule_check import check_rule
    if args.lesson is not None and (len(args.rules) > 1 or args.report):
        return _grade_class(args)
    if args.report:
        print("puzzlog: --report writes a class's grades: give --lesson N", file=sys.stderr)
        return 2
    if len(args.rules) > 1:
        print("puzzlog: several rules files are a class: give --lesson N (and --report CSV)", file=sys.stderr)
        return 2
    rules, = args.rules
    if args.lesson is not None:
        graded = grade(args.lesson, rules, time_limit=args.time_limit)
        print(json.dumps(graded.to_json()) if args.json else graded)
        return 0 if graded.passed else 1
    sets = [(Path(f).name, f) for f in args.corpus] if args.corpus else None
    report = check_rule(rules, args.kind, sets, limit=args.limit, time_limit=args.time_limit)
    print(json.dumps(report.to_json()) if args.json else report)
    return 0 if report.shown_sound else 1


def _lessons(args: argparse.Namespace) -> int:
    from ..engine.bundled import copy_lessons
    written = copy_lessons(args.folder)
    print(f"{plural(len(written), 'file')} written to {args.folder}: the lessons are "
          f"{Path(args.folder) / 'docs' / 'lessons' / 'README.md'}; run their commands from {args.folder}")
    return 0


def _grade_class(args: argparse.Namespace) -> int:
    from ..teaching.lessons import grade_class, lesson, write_report
    chosen = lesson(args.lesson)
    rows = grade_class(args.lesson, args.rules, jobs=args.jobs, time_limit=args.time_limit)
    if args.report:
        write_report(rows, args.report)
    if args.json:
        print(json.dumps([dataclasses.asdict(row) for row in rows]))
    else:
        print(f"lesson {chosen.number}, {chosen.title}: {chosen.exercise}, {plural(len(rows), 'file')}")
        for row in rows:
            print(row.line())
        passed = sum(row.passed for row in rows)
        print(f"{passed} of {len(rows)} passed" + (f"; the report: {args.report}" if args.report else ""))
    return 0 if all(row.passed for row in rows) else 1


def _rules(args: argparse.Namespace) -> list[str]:
    """The --rules files, each checked and loaded (RulesError names the file, line and reason)."""
    from ..engine.rules import load_rules
    return [load_rules(path).path for path in args.rules or []]


def _techniques(args: argparse.Namespace) -> int:
    from ..engine.rules import load_rules
    from ..solving.ladder import ladder
    rules = tuple(_rules(args))
    own = {name for path in rules for name in load_rules(path).techniques}
    print("The techniques, simplest first, with their difficulty (1 = easiest):")
    for name, difficulty in ladder(rules):
        print(f"  {difficulty:>2}  {name}" + ("  (yours)" if name in own else ""))
    print()
    print("Technique sets for --techniques (tried before each guess, beyond singles):")
    for name, members in TECHNIQUE_SETS.items():
        print(f"  {name:8} {', '.join(members) or '(singles only)'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    with _terminate_as_interrupt():
        try:
            args = _parser().parse_args(argv)
            if hasattr(args, "max_puzzle_chars"):
                _apply_limits(args)
            commands = {"solve": _solve, "generate": _generate, "rate": _rate, "explain": _explain, "hint": _hint,
                        "check": _check, "convert": _convert, "techniques": _techniques, "serve": _serve,
                        "check-rule": _check_rule, "print": _print, "lessons": _lessons,
                        "library": _library}
            return commands[args.command](args)
        except PuzzlogError as exc:
            print(f"puzzlog: {exc}", file=sys.stderr)
            return 1
        except batch_output.Terminated:
            _stopping()
            return 128 + signal.SIGTERM
        except KeyboardInterrupt:
            _stopping()
            return 130
        except BrokenPipeError:
            # The reader went away (`puzzlog solve ... | head`): stop quietly, and
            # point stdout at nothing so that flushing it at exit raises no more.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
        except OSError as exc:  # standard output on a full disk, and the like
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            print(f"puzzlog: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
            return 1


def _stopping() -> None:
    """Stopped by Ctrl-C or SIGTERM: what remains is to exit, so a second Ctrl-C (a user who
    presses again) must not kill the process by its signal halfway through (Python's
    default once main has returned), which would lose the exit status 130."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass


@contextlib.contextmanager
def _terminate_as_interrupt():
    """SIGTERM (kill, a scheduler's stop) is taken as Ctrl-C is, while main runs on the main
    thread: a batch stops its workers and says how far it got."""
    def terminated(_signum, _frame):
        raise batch_output.Terminated()

    try:
        before = signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


if __name__ == "__main__":
    sys.exit(main())


"""The verbs of ``puzzlog``, one function each (the options are parser.py's, the entry
main.py's): ``solve``, ``rate``, ``generate`` (batches: batch_output.py), ``explain``, ``hint``,
``practice``, ``check``, ``convert``, ``techniques``, ``serve``, ``check-rule``, ``print``, ``lessons`` and
``library``."""
from __future__ import annotations

import argparse
import dataclasses
import csv
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

from . import batch_output
from ..puzzles import formats
from ..library import store
from ..batches.work import Work
from ..engine.errors import PuzzleFormatError, PuzzlogError
from ..puzzles.kakuro import matrix_files
from ..puzzles.kinds import AnyPuzzle, Solvable, check_puzzle
from ..puzzles.latin import Unreadable
from ..puzzles.reading import LIMITS, decoded, load, read, stream
from ..puzzles.answers import plural
from ..solving.solver import Result, explain
from ..solving.ladder import TECHNIQUE_SETS
# Each command imports what only it uses (generation, rating, checking, the library, paper,
# lessons, rules of your own) where it runs: a solve starts without them.

SOL_WORDS = {"multiple": "MULTIPLE", "unsolvable": "NONE", "invalid": "INVALID", "timeout": "TIMEOUT",
             "error": "ERROR"}


def _read(name: str, kind: str | None, fmt: str | None) -> list[Solvable]:
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
    return check_puzzle(result.puzzle).solution_line(result.values)


def _puzzle_text(p: AnyPuzzle | Unreadable) -> str:
    return "" if isinstance(p, Unreadable) else p.puzzle_line()


CSV_FIELDS = ["source", "index", "line", "kind", "puzzle", "solution", "status", "solutions", "guesses", "ms",
              "error"]


def _csv_row(result: Result) -> list[Any]:
    p = result.puzzle
    solution = _one_line(result) if result.status == "solved" else ""
    return [p.source, p.index, p.line or "", p.kind, _puzzle_text(p), solution, result.status,
            result.solutions, result.guesses, round(result.ms, 3), result.error or ""]


def _files(args: argparse.Namespace) -> list[str] | None:
    """The files named, or ["-"] when input is piped; None (said on stderr) for neither."""
    if args.files:
        return list(args.files)
    if sys.stdin.isatty():
        print(f"puzzlog {args.command}: give puzzle files, or pipe puzzles in (- reads standard input)",
              file=sys.stderr)
        return None
    return ["-"]


def _entries(files: list[str], kind: str | None, fmt: str | None) -> Iterator[Any]:
    """The puzzles of the files in order, as they are read (pybridge.reading.stream: a file
    of one puzzle a line is never held whole), each file once; an Unread in place of a file,
    or of the rest of one, that cannot be read."""
    seen: set[Any] = set()
    for name in files:
        key = _file_key(name)
        if key in seen:
            continue
        seen.add(key)
        try:
            yield from stream(name, kind, fmt)
        except PuzzlogError as exc:
            yield batch_output.Unread(name, exc)


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
            print(json.dumps(work.verb.unread_record(unread.name, unread.error)), flush=True)
        elif writer:
            writer.writerow([unread.name, "", "", "", "", "", "invalid", 0, 0, 0, str(unread.error)])
        elif args.one_line:
            print("INVALID", flush=True)
            print(f"puzzlog: {unread.error}", file=sys.stderr)
        else:
            print(f"puzzlog: {unread.error}", file=sys.stderr)

    work = Work("solve", {"max_solutions": args.count, "time_limit": args.time_limit, "techniques": args.techniques,
                          "rules": _rules(args)})
    batch = batch_output.Batch(work, show, show_unread)
    return 0 if batch_output.run(args, batch, lambda: _entries(files, args.kind, args.fmt)) else 1


def _rate(args: argparse.Namespace) -> int:
    from ..solving.rating import Rating
    files = _files(args)
    if files is None:
        return 2

    library = store.Library(args.db) if args.db is not None else None
    kept: Counter[str] = Counter()

    def keep(rating: Rating) -> None:
        if library is not None and rating.harvested:
            from ..teaching.practice import keep_harvest
            kept.update(keep_harvest(library, rating.puzzle, rating.level or "", rating.harvested))

    def show(rating: Rating) -> None:
        if args.json:
            print(json.dumps(rating.to_json()), flush=True)
        else:
            print(_header(rating.puzzle))
            print(rating)
            print(flush=True)

    def show_unread(unread: batch_output.Unread) -> None:
        if args.json:
            print(json.dumps(work.verb.unread_record(unread.name, unread.error)), flush=True)
        else:
            print(f"puzzlog: {unread.error}", file=sys.stderr)

    rules = _rules(args)
    if library is not None and rules:
        print("puzzlog: --db keeps practice positions of the whole ladder: it cannot go with --rules", file=sys.stderr)
        return 2
    work = Work("rate", {"time_limit": args.time_limit, "rules": rules, "harvest": library is not None})
    batch = batch_output.Batch(work, show, show_unread, keep)
    done = batch_output.run(args, batch, lambda: _entries(files, args.kind, args.fmt))
    if library is not None:
        print(f"kept in the practice bank of {args.db}: {sum(kept.values())} positions of {len(kept)} techniques"
              + (f" ({', '.join(f'{t} {n}' for t, n in kept.most_common())})" if kept else ""), file=sys.stderr)
    return 0 if done else 1


def _chosen(args: argparse.Namespace) -> Solvable | None:
    """The puzzle --index picks from the file, or None (said on stderr) when there is no such."""
    puzzles = _read(args.file, args.kind, args.fmt)
    if not args.index < len(puzzles):
        print(f"puzzlog: {args.file} has {plural(len(puzzles), 'puzzle')}; --index {args.index} is out of range",
              file=sys.stderr)
        return None
    chosen: Solvable = puzzles[args.index]
    return chosen


def _explain(args: argparse.Namespace) -> int:
    puzzle = _chosen(args)
    if puzzle is None:
        return 2
    rules = _rules(args)
    if args.db is not None and (args.techniques is not None or rules):
        print("puzzlog: --db keeps practice positions of the whole ladder: it cannot go with --techniques or "
              "--rules", file=sys.stderr)
        return 2
    if args.json:
        explanation = explain(puzzle, args.techniques, max_steps=args.max_steps, time_limit=args.time_limit,
                              rules=rules, show_rules=args.show_rules)
        _harvest(args, explanation)
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
    kept = _harvest(args, explanation)
    if kept:
        print(f"kept in the practice bank of {args.db}: {', '.join(kept)}")
    return 0 if explanation.status == "solved" else 1


def _harvest(args: argparse.Namespace, explanation: Any) -> list[str]:
    """The practice positions of an explanation kept in the library of --db (none without)."""
    if args.db is None or isinstance(explanation.puzzle, Unreadable):
        return []
    from ..teaching.practice import harvest
    from ..solving.rating import rate
    level = (rate(explanation.puzzle).level or "") if explanation.status == "solved" else ""
    return harvest(explanation, store.Library(args.db), level)


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
    if result.status == "invalid" and not args.json:
        print(f"puzzlog: {result.text}", file=sys.stderr)
        return 1
    print(json.dumps(result.to_json()) if args.json else result.text)
    return 1 if result.status in ("mistake", "contradiction", "invalid") else 0


def _practice(args: argparse.Namespace) -> int:
    from ..teaching.practice import practice
    library = store.Library(args.db) if args.db is not None else None
    count = 1 if args.answer is not None else args.count
    try:
        positions = practice(args.technique, count, args.kind, args.level, args.seed, args.time_limit, library,
                             jobs=args.jobs, rules=_rules(args) or None)
    finally:
        if library is not None:
            library.close()
    if args.answer is not None:
        verdict = positions[0].check(args.answer)
        print(json.dumps(verdict.to_json()) if args.json else verdict)
        return 0 if verdict.right else 1
    for n, p in enumerate(positions, 1):
        if args.json:
            print(json.dumps(p.to_json()), flush=True)
            continue
        if n > 1:
            print()
        print(f"{n}. {p.text(args.show)}", flush=True)
    if len(positions) < args.count:
        print(f"puzzlog: the time limit ran out: {plural(len(positions), 'position')} of {args.count}",
              file=sys.stderr)
        return 1
    return 0


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
    batch = batch_output.Batch(work, show)
    try:
        ok = batch_output.run(args, batch, lambda: list(range(args.seed, args.seed + args.count)))
    except PuzzlogError as exc:
        raise PuzzlogError(f"{exc}{_rarity(args)}") from None
    if not ok:
        made_so_far = "some" if args.output else plural(made, "puzzle")
        print(f"puzzlog: the time limit ran out: {made_so_far} of {args.count} made{_rarity(args)}", file=sys.stderr)
    return 0 if ok else 1


def _rarity(args: argparse.Namespace) -> str:
    """For a technique asked of generate: how rare it is, and where exercises come at once."""
    if not args.technique:
        return ""
    from ..teaching.practice import rarity_words
    return (f". A puzzle whose hardest step is {args.technique} is rarer still: {rarity_words(args.technique, args.kind)}."
            f" For exercises, `puzzlog practice {args.technique} --kind {args.kind}` gives positions where it is "
            "the next step")


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
                         allow_hosts=tuple(args.allow_host), library=args.db or store.default_path(),
                         stock_idle_seconds=0.0 if args.no_stock else args.stock_idle)
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
            p = check_puzzle(read(entry.text, entry.source, entry.kind)[entry.index])
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


VERBS = {"solve": _solve, "generate": _generate, "rate": _rate, "explain": _explain, "hint": _hint,
         "practice": _practice,
         "check": _check, "convert": _convert, "techniques": _techniques, "serve": _serve,
         "check-rule": _check_rule, "print": _print, "lessons": _lessons, "library": _library}

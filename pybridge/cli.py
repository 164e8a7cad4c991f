"""The ``puzzlog`` command line (also ``python -m pybridge``).

    puzzlog solve FILE... [-]      solve every puzzle of the files (- reads stdin)
    puzzlog explain FILE           show every deduction of one puzzle, in words
    puzzlog convert FILE --to FMT  write the puzzles in another format

Exit status: 0 when every puzzle was solved, 1 when any was invalid,
unsolvable, not unique, timed out or unreadable, 2 for a usage error.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import formats
from .errors import PuzzlogError
from .solver import TECHNIQUE_SETS, Result, Solver, load, solve


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzlog", description="Solve and explain logic puzzles.")
    sub = parser.add_subparsers(dest="command", required=True)

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--kind", choices=formats.KINDS, help="puzzle kind (default: detected)")
    common.add_argument("--format", dest="fmt", choices=formats.FORMATS, help="input format (default: detected)")

    p_solve = sub.add_parser("solve", parents=[common], help="solve puzzles")
    p_solve.add_argument("files", nargs="+", metavar="FILE", help="puzzle files; - for standard input")
    p_solve.add_argument("--count", type=_positive, default=2, metavar="N",
                         help="look for up to N solutions (default 2: tells unique from multiple)")
    p_solve.add_argument("--time-limit", type=float, metavar="S", help="seconds allowed per puzzle")
    p_solve.add_argument("--techniques", choices=sorted(TECHNIQUE_SETS), default=None,
                         help="techniques tried before each guess (default: pairs for Sudoku kinds, "
                              "singles for Futoshiki and Kakuro)")
    p_solve.add_argument("--json", action="store_true", help="one JSON object per puzzle per line")

    p_explain = sub.add_parser("explain", parents=[common], help="explain a solve step by step")
    p_explain.add_argument("file", metavar="FILE")
    p_explain.add_argument("--index", type=int, default=0, help="which puzzle of the file (0-based)")

    p_convert = sub.add_parser("convert", parents=[common], help="write puzzles in another format")
    p_convert.add_argument("file", metavar="FILE")
    p_convert.add_argument("--to", choices=formats.FORMATS, required=True)
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _read(name: str, kind: str | None, fmt: str | None):
    if name == "-":
        return formats.parse(sys.stdin.read(), "<stdin>", kind, fmt)
    return load(Path(name), kind, fmt)


def _print_text(result: Result) -> None:
    p = result.puzzle
    where = p.source if p.line is None else f"{p.source}:{p.line}"
    rows, cols = p.shape
    print(f"# {where} #{p.index} ({p.kind}, {rows}x{cols})")
    print(formats.write([p], "grid").rstrip("\n"))
    print()
    for note in result.notes:
        print(f"note: {note}")
    detail = f"{result.guesses} guesses, {result.ms:.1f} ms"
    if result.status == "multiple":
        print(f"multiple: more than one solution ({detail}); one of them:")
    elif result.error:
        print(f"{result.status}: {result.error}")
    else:
        print(f"{result.status} ({detail})")
    if result.values is not None:
        print(p.text_of(result.values))
    print()


def _solve(args: argparse.Namespace) -> int:
    failed = False
    for name in args.files:
        try:
            puzzles = _read(name, args.kind, args.fmt)
        except PuzzlogError as exc:
            failed = True
            if args.json:
                print(json.dumps({"source": name, "index": None, "status": "invalid", "error": str(exc)}))
            else:
                print(f"puzzlog: {exc}", file=sys.stderr)
            continue
        for puzzle in puzzles:
            result = solve(puzzle, args.count, args.time_limit, args.techniques)
            failed = failed or result.status != "solved"
            if args.json:
                print(json.dumps(result.to_json()), flush=True)
            else:
                _print_text(result)
    return 1 if failed else 0


def _explain(args: argparse.Namespace) -> int:
    puzzles = _read(args.file, args.kind, args.fmt)
    if not 0 <= args.index < len(puzzles):
        print(f"puzzlog: {args.file} has {len(puzzles)} puzzles; --index {args.index} is out of range",
              file=sys.stderr)
        return 2
    solver = Solver(puzzles[args.index])
    print(solver)
    print()
    number = 0
    while not solver.solved:
        step = solver.step()
        if step is None:
            guess = solver.guess()
            if guess is None:
                break
            r, c, v = guess
            print(f"--- no technique applies: guess r{r}c{c} = {v}")
            continue
        number += 1
        print(f"{number:3}. {step.text}")
    print()
    print(solver)
    return 0 if solver.solved else 1


def _convert(args: argparse.Namespace) -> int:
    puzzles = _read(args.file, args.kind, args.fmt)
    try:
        sys.stdout.write(formats.write(puzzles, args.to))
    except ValueError as exc:
        print(f"puzzlog: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return {"solve": _solve, "explain": _explain, "convert": _convert}[args.command](args)
    except PuzzlogError as exc:
        print(f"puzzlog: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`puzzlog solve ... | head`): stop quietly, and
        # point stdout at nothing so that flushing it at exit raises no more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())

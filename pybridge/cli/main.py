"""``puzzlog``'s entry: the options read (parser.py), the verb run (commands.py), errors and
signals turned into messages and exit statuses.

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
import os
import signal
import sys
from typing import Any, Iterator, NoReturn

from . import batch_output, commands
from .parser import parser
from ..engine import swipl
from ..engine.errors import PuzzlogError
from ..puzzles.reading import LIMITS


def _apply_limits(args: argparse.Namespace) -> None:
    if args.max_puzzle_chars:
        LIMITS.max_puzzle_chars = args.max_puzzle_chars
    if args.max_kakuro_side:
        LIMITS.max_kakuro_side = args.max_kakuro_side
    if getattr(args, "max_chain_links", None):
        LIMITS.max_chain_links = args.max_chain_links


def main(argv: list[str] | None = None) -> int:
    with _terminate_as_interrupt():
        try:
            args = parser().parse_args(argv)
            if hasattr(args, "max_puzzle_chars"):
                _apply_limits(args)
            with swipl.assume_unique() if getattr(args, "assume_unique", False) else contextlib.nullcontext():
                return commands.VERBS[args.command](args)
        except PuzzlogError as exc:
            print(f"puzzlog: {exc}", file=sys.stderr)
            return 1
        except batch_output.Terminated:
            batch_output.stopping()
            return 128 + signal.SIGTERM
        except KeyboardInterrupt:
            batch_output.stopping()
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


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM (kill, a scheduler's stop) is taken as Ctrl-C is, while main runs on the main
    thread: a batch stops its workers and says how far it got."""
    def terminated(_signum: int, _frame: Any) -> NoReturn:
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


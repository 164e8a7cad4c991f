"""The batch side of ``puzzlog solve|rate|generate``: ``--jobs``, ``--cluster``,
``--output`` and ``--resume``, and the progress line.

Values are shown on stdout in input order, the same bytes whatever does the work; with
``--output`` they go to that file instead, as JSON lines in the order they finish, and
``--resume`` skips the items the file already holds.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable

from .batch import AUTO_JOBS_AT, Progress, RecordsFile, Work, cores, default_jobs, finished, in_order
from .errors import PuzzlogError
from .pool import Failure, Pool


@dataclass
class Unread:
    """A file that could not be read at all: shown in its place among the puzzles."""

    name: str
    error: PuzzlogError


@dataclass
class Batch:
    """How one command shows and keeps what its work gives."""

    work: Work
    show: Callable[[Any], None]                 # a value on stdout
    record: Callable[[Any], dict]               # a value as a JSON record (--output)
    key: Callable[[Any], Hashable]              # an item's key, as ``record_key`` finds it in a record
    record_key: Callable[[dict], Hashable]
    ok: Callable[[Any], bool]
    show_unread: Callable[[Unread], None] = lambda unread: None
    unread_record: Callable[[Unread], dict] = lambda unread: {}


def add_arguments(parser: argparse.ArgumentParser, work: str, what: str) -> None:
    group = parser.add_argument_group("batches")
    group.add_argument("--jobs", type=_jobs, metavar="N",
                       help=f"worker processes, one engine each (0: one per core, here {cores()}; default: 1 for "
                            f"fewer than {AUTO_JOBS_AT[work]} {what}, else one per core)")
    group.add_argument("--cluster", metavar="ADDRESS",
                       help="a Dask scheduler (tcp://host:8786) whose workers do the work (pip install "
                            "'puzzlog[cluster]')")
    group.add_argument("--output", type=Path, metavar="FILE",
                       help="write JSON lines to FILE as they finish (nothing on stdout)")
    group.add_argument("--resume", action="store_true",
                       help="with --output: keep the records FILE holds and do only the rest")


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 1024:
        raise argparse.ArgumentTypeError(f"a whole number from 0 (one per core) to 1024, not {text}")
    return value


def run(args: argparse.Namespace, batch: Batch, read: Callable[[], list]) -> bool:
    """Do ``batch.work`` on each item ``read`` gives (Unread entries are shown in their
    place); True when every value is ok.  Ctrl-C stops the workers, says how far the run
    got, and raises KeyboardInterrupt again."""
    if args.resume and not args.output:
        raise PuzzlogError("--resume continues the file of --output: give both")
    out = RecordsFile(args.output, batch.record_key, args.resume) if args.output else None
    client = pool = progress = None
    try:
        client = _client(args.cluster) if args.cluster else None
        jobs = None if args.jobs is None else args.jobs or cores()
        if client is None and jobs and jobs > 1:
            pool = Pool(batch.work, jobs, batch.work.hang_seconds)
        entries = read()  # while the pool's engines start
        if out:
            entries = [e for e in entries if _key(batch, e) not in out.done]
        items = [e for e in entries if not isinstance(e, Unread)]
        if pool is None and client is None and jobs is None and default_jobs(batch.work.name, len(items)) > 1:
            pool = Pool(batch.work, default_jobs(batch.work.name, len(items)), batch.work.hang_seconds)
        progress = Progress(len(items))
        pairs = finished(batch.work, items, 1, client, pool)
        try:
            return (_to_file if out else _to_stdout)(batch, entries, pairs, progress, out)
        except KeyboardInterrupt:
            progress.close()
            kept = f"; what is done is in {out.path}: --resume continues" if out else ""
            print(f"puzzlog: interrupted after {progress.done} of {progress.total}{kept}", file=sys.stderr)
            raise
        finally:
            pairs.close()
    finally:
        if progress:
            progress.close()
        if pool:
            pool.close()
        if out:
            out.close()
        if client:
            client.close()


def _key(batch: Batch, entry: Any) -> Hashable:
    return (entry.name, None) if isinstance(entry, Unread) else batch.key(entry)


def _to_stdout(batch: Batch, entries: list, pairs, progress: Progress, _out: None) -> bool:
    ok = True
    ordered = in_order(pairs, range(sum(not isinstance(e, Unread) for e in entries)))
    for entry in entries:
        if isinstance(entry, Unread):
            batch.show_unread(entry)
            ok = False
            continue
        _, value = next(ordered)
        progress.step()
        if value is None:  # generation's time limit ran out: the puzzles so far stand
            return False
        if isinstance(value, Failure):
            raise PuzzlogError(value.message)
        batch.show(value)
        ok = ok and batch.ok(value)
    return ok


def _to_file(batch: Batch, entries: list, pairs, progress: Progress, out: RecordsFile) -> bool:
    ok = True
    for entry in entries:
        if isinstance(entry, Unread):
            out.write(batch.unread_record(entry))
            ok = False
    for _, value in pairs:
        progress.step()
        if isinstance(value, Failure):
            raise PuzzlogError(value.message)
        if value is None:
            ok = False
            continue
        out.write(batch.record(value))
        ok = ok and batch.ok(value)
    return ok


def _client(address: str) -> Any:
    try:
        from dask.distributed import Client
    except ImportError:
        raise PuzzlogError("--cluster needs Dask: pip install 'puzzlog[cluster]'") from None
    try:
        return Client(address, timeout=30)
    except (OSError, TimeoutError) as exc:
        raise PuzzlogError(f"no Dask scheduler at {address}: {exc}") from None


__all__ = ["Batch", "Unread", "add_arguments", "run"]

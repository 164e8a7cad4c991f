"""The batch side of ``puzzlog solve|rate|generate`` (cli.py defines the options):
``--jobs``, ``--cluster``, ``--output`` and ``--resume``, and the progress line.

Values are shown on stdout in input order, the same bytes whatever does the work; with
``--output`` they go to that file instead, as JSON lines in the order they finish, and
``--resume`` skips the items the file already holds.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Hashable

from .batch import Work, cores, default_jobs, finished, in_order
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
        if jobs is None and client is None and (auto := default_jobs(batch.work.name, len(items))) > 1:
            pool = Pool(batch.work, auto, batch.work.hang_seconds)
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


# -- the records file of --output and --resume -----------------------------------------

class RecordsFile:
    """JSON lines, one record an item, written as they finish.  Reopened to resume, the
    records already there are kept and their keys skipped; a last line cut short by a
    killed run is dropped.  Raises PuzzlogError for a file that is not such records."""

    def __init__(self, path: Path, key: Callable[[dict], Hashable], resume: bool) -> None:
        self.path = path
        self.done: set[Hashable] = set()
        if path.exists() and path.stat().st_size and not resume:
            raise PuzzlogError(f"{path} exists: --resume continues it; remove it to start again")
        if resume and path.exists():
            self._read(key)
        self._out: IO[str] = path.open("a", encoding="utf-8")

    def _read(self, key: Callable[[dict], Hashable]) -> None:
        kept = 0
        with self.path.open("rb") as f:
            for number, line in enumerate(f, 1):
                if not line.endswith(b"\n"):
                    break  # cut short: done again
                try:
                    self.done.add(key(json.loads(line)))
                except (ValueError, KeyError, TypeError) as exc:
                    raise PuzzlogError(f"{self.path}, line {number}: not a record of this run ({exc})") from None
                kept += len(line)
        with self.path.open("r+b") as f:
            f.truncate(kept)

    def write(self, record: dict) -> None:
        self._out.write(json.dumps(record) + "\n")
        self._out.flush()

    def close(self) -> None:
        self._out.close()


# -- progress on a terminal ------------------------------------------------------------------

class Progress:
    """Count, rate and time left on one line of ``stream``, when it is a terminal."""

    def __init__(self, total: int, stream: IO[str] | None = None, every: float = 0.2) -> None:
        self.stream = stream or sys.stderr
        self.shown = self.stream.isatty()
        self.total, self.done, self.every = total, 0, every
        self.started = self.last = time.monotonic()

    def step(self) -> None:
        self.done += 1
        now = time.monotonic()
        if self.done == 1:  # the rate counts from the first value, not from the engines' start
            self.started = now
        if self.shown and (now - self.last >= self.every or self.done == self.total):
            self.last = now
            self.stream.write("\r" + self.line(now) + "\033[K")
            self.stream.flush()

    def line(self, now: float) -> str:
        share = f" {100 * self.done / self.total:5.1f}%" if self.total else ""
        if self.done < 2 or now <= self.started:
            return f"{self.done}/{self.total}{share}"
        rate = (self.done - 1) / (now - self.started)
        left = (self.total - self.done) / rate
        return f"{self.done}/{self.total}{share}  {rate:.1f}/s  ETA {int(left // 60)}:{int(left % 60):02d}"

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _client(address: str) -> Any:
    try:
        from dask.distributed import Client
    except ImportError:
        raise PuzzlogError("--cluster needs Dask: pip install 'puzzlog[cluster]'") from None
    try:
        return Client(address, timeout=30)
    except (OSError, TimeoutError) as exc:
        raise PuzzlogError(f"no Dask scheduler at {address}: {exc}") from None


__all__ = ["Batch", "Progress", "RecordsFile", "Unread", "run"]

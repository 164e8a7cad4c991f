"""The batch side of ``puzzlog solve|rate|generate`` (commands.py defines the options):
``--jobs``, ``--cluster``, ``--output`` and ``--resume``, and the progress line.

Values are shown on stdout in input order, the same bytes whatever does the work; with
``--output`` they go to that file instead, as JSON lines in the order they finish, and
``--resume`` skips the items the file already holds.
"""
from __future__ import annotations

import argparse
import fcntl
import itertools
import json
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Generator, Hashable, Iterable, Iterator, TypeGuard

from ..batches.work import AUTO_JOBS_AT, Unread, Work, cores, default_jobs, finished, in_order
from ..engine.errors import PuzzlogError
from ..batches.pool import Failure, Pool   # light: its processes start only when a Pool is made


@dataclass
class Batch:
    """A batch: its work (whose verb says what its records are, batches/verbs.py), how
    the command shows a value, or a file it could not read, on stdout, and what else it does
    with each value as it comes (``keep``, with or without --output: rate --db's bank)."""

    work: Work
    show: Callable[[Any], None]
    show_unread: Callable[[Unread], None] = lambda unread: None
    keep: Callable[[Any], None] = lambda value: None


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the run stops cleanly and says how far it got."""


def run(args: argparse.Namespace, batch: Batch, read: Callable[[], Iterable[Any]]) -> bool:
    """Do ``batch.work`` on each item ``read`` gives, drawn as the work goes (Unread entries
    are shown in their place); True when every value (and, resumed, every record kept) is
    ok.  Ctrl-C or SIGTERM, whenever it comes, stops the workers, says how far the run got,
    and raises KeyboardInterrupt (Terminated) again."""
    if args.resume and not args.output:
        raise PuzzlogError("--resume continues the file of --output: give both")
    if args.retry_errors and not args.resume:
        raise PuzzlogError("--retry-errors goes with --resume: it does again what the file holds as an error")
    state = _Run()
    try:
        return _run(args, batch, read, state)
    except KeyboardInterrupt as exc:
        progress = state.progress
        done = f"after {progress.done} of {progress.total_text()}" if progress else "before any puzzle"
        kept = f"; what is done is in {args.output}: --resume continues" if state.out else ""
        how = "terminated" if isinstance(exc, Terminated) else "interrupted"
        stopping()   # before it says so: a press that answers the message must not kill the exit
        print(f"puzzlog: {how} {done}{kept}", file=sys.stderr, flush=True)
        raise


def stopping() -> None:
    """Stopped by Ctrl-C or SIGTERM: what remains is to exit, so a second Ctrl-C (a user who
    presses again) must not kill the process by its signal halfway through (Python's
    default once main has returned), which would lose the exit status 130."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass


@dataclass
class _Run:
    """What a run has under way, for its message when it is stopped."""

    out: RecordsFile | None = None
    progress: Progress | None = None


def _run(args: argparse.Namespace, batch: Batch, read: Callable[[], Iterable[Any]], state: _Run) -> bool:
    client = pool = None
    pairs: Generator[tuple[int, Any], None, None] | None = None
    try:
        if args.output:
            verb = batch.work.verb
            state.out = RecordsFile(args.output, verb.record_key, args.resume,
                                    verb.retried if args.retry_errors else None, verb.record_ok)
        out = state.out
        client = _client(args.cluster) if args.cluster else None
        jobs = None if args.jobs is None else args.jobs or cores()
        if client is None and jobs and jobs > 1:
            pool = Pool(batch.work, jobs, batch.work.hang_seconds)
        entries = iter(read())  # drawn while the pool's engines start, and then as they work
        if out:
            entries = (e for e in entries if _key(batch, e) not in out.done)
        state.progress = progress = Progress(None)
        entries = _counted(entries, progress)
        if jobs is None and client is None:
            # one process for a handful, one per core from AUTO_JOBS_AT: look that far ahead
            head = list(itertools.islice(entries, AUTO_JOBS_AT[batch.work.name]))
            if (auto := default_jobs(batch.work.name, len(head))) > 1:
                pool = Pool(batch.work, auto, batch.work.hang_seconds)
            entries = itertools.chain(head, entries)
        pairs = finished(batch.work, entries, 1, client, pool)
        ok = _to_file(batch, pairs, progress, out) if out else _to_stdout(batch, pairs, progress, None)
        return ok and (out is None or out.kept_ok())
    finally:
        if state.progress:
            state.progress.close()
        if pairs is not None:
            pairs.close()
        if pool:
            pool.close()
        if state.out:
            state.out.close()
        if client:
            client.close()


def _counted(entries: Iterator[Any], progress: Progress) -> Iterator[Any]:
    """The entries, the progress told their number once they are all read."""
    count = 0
    for entry in entries:
        count += not isinstance(entry, Unread)
        yield entry
    progress.total = count


def _key(batch: Batch, entry: Any) -> Hashable:
    return (entry.name, None) if isinstance(entry, Unread) else batch.work.verb.key(entry)


def _to_stdout(batch: Batch, pairs: Iterator[Any], progress: Progress, _out: None) -> bool:
    ok = True
    for _, value in in_order(pairs, itertools.count()):
        if isinstance(value, Unread):
            batch.show_unread(value)
            ok = False
            continue
        progress.step()
        if value is None:  # generation's time limit ran out: the puzzles so far stand
            return False
        if isinstance(value, Failure):
            raise PuzzlogError(value.message)
        batch.keep(value)
        batch.show(value)
        ok = ok and batch.work.verb.ok(value)
    return ok


def _to_file(batch: Batch, pairs: Iterator[Any], progress: Progress, out: RecordsFile) -> bool:
    ok = True
    for _, value in pairs:
        if isinstance(value, Unread):
            out.write(batch.work.verb.unread_record(value.name, value.error))
            ok = False
            continue
        progress.step()
        if isinstance(value, Failure):
            raise PuzzlogError(value.message)
        if value is None:
            ok = False
            continue
        batch.keep(value)
        out.write(batch.work.verb.record(value))
        ok = ok and batch.work.verb.ok(value)
    return ok


# -- the records file of --output and --resume -----------------------------------------

class RecordsFile:
    """JSON lines, one record an item, written as they finish, by one run at a time (the
    file is locked while it is open).  Reopened to resume, the records already there are
    kept and their keys skipped, but for those ``retried`` picks, which are dropped to be
    done again; a last line cut short by a killed run is dropped.  Raises PuzzlogError for
    a file that is not such records, one another run is writing, or one that cannot be
    written.

    What is kept is read a line at a time and only its key is held (a bit an index, see
    Done), and whether it is ``ok``: a million kept records once took the resumed run 2 GB."""

    def __init__(self, path: Path, key: Callable[[dict[str, Any]], Hashable], resume: bool,
                 retried: Callable[[dict[str, Any]], bool] | None = None,
                 ok: Callable[[dict[str, Any]], bool] = lambda record: True) -> None:
        self.path = path
        self.done = Done()
        self.kept_failures = 0     # records kept that are not ok
        try:
            self._out: IO[str] = path.open("a+", encoding="utf-8")
        except OSError as exc:
            raise PuzzlogError(f"{path}: cannot write the records there ({exc.strerror or exc})") from None
        try:
            fcntl.flock(self._out, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._out.close()
            raise PuzzlogError(f"{path} is being written by another puzzlog run: wait for it to end, or give "
                               "another --output") from None
        try:
            if self._out.seek(0, 2) and not resume:
                raise PuzzlogError(f"{path} exists: --resume continues it; remove it to start again")
            if resume:
                self._read(key, retried, ok)
        except BaseException:
            self._out.close()
            raise

    def _read(self, key: Callable[[dict[str, Any]], Hashable], retried: Callable[[dict[str, Any]], bool] | None,
              ok: Callable[[dict[str, Any]], bool]) -> None:
        self._out.seek(0)
        dropped = False
        for number, line in enumerate(self._out, 1):
            if not line.endswith("\n"):
                dropped = True
                break  # cut short: done again
            try:
                record = json.loads(line)
                item = key(record)
            except (ValueError, KeyError, TypeError) as exc:
                raise PuzzlogError(f"{self.path}, line {number}: not a record of this run ({exc})") from None
            if retried is not None and retried(record):
                dropped = True
                continue
            self.done.add(item)
            self.kept_failures += not ok(record)
        if dropped:
            self._keep_only(retried)

    def _keep_only(self, retried: Callable[[dict[str, Any]], bool] | None) -> None:
        """Rewrite the file in place, under the lock, with the lines that stay: each is
        written at or before where it was read, so one pass over the file does it."""
        written = 0
        with self.path.open("r+b") as file:
            read = 0
            while True:
                file.seek(read)
                line = file.readline()
                if not line.endswith(b"\n"):
                    break
                read = file.tell()
                if retried is None or not retried(json.loads(line)):
                    file.seek(written)
                    file.write(line)
                    written += len(line)
            file.truncate(written)
        self._out.seek(0, 2)

    def kept_ok(self) -> bool:
        """Every record kept from an earlier run is ok (resumed, a file of errors is no success)."""
        return not self.kept_failures

    def write(self, record: dict[str, Any]) -> None:
        self._write(json.dumps(record) + "\n")

    def _write(self, text: str) -> None:
        try:
            self._out.write(text)
            self._out.flush()
        except OSError as exc:
            raise PuzzlogError(f"{self.path}: cannot write the records there ({exc.strerror or exc})") from None

    def close(self) -> None:
        try:
            self._out.close()  # the lock goes with it
        except OSError:
            pass


class Done:
    """The keys of the records kept: a key (source, index), as solve and rate give, is a bit
    in a bytearray of its source; any other key is kept in a set."""

    def __init__(self) -> None:
        self.bits: dict[str, bytearray] = {}
        self.others: set[Hashable] = set()

    def add(self, key: Hashable) -> None:
        if _indexed(key):
            source, index = key
            bits = self.bits.setdefault(source, bytearray())
            if len(bits) <= index >> 3:
                bits.extend(bytes(max(len(bits), (index >> 3) + 1 - len(bits))))
            bits[index >> 3] |= 1 << (index & 7)
        else:
            self.others.add(key)

    def __contains__(self, key: Hashable) -> bool:
        if _indexed(key):
            source, index = key
            bits = self.bits.get(source)
            return bits is not None and index >> 3 < len(bits) and bool(bits[index >> 3] >> (index & 7) & 1)
        return key in self.others


def _indexed(key: Hashable) -> TypeGuard[tuple[str, int]]:
    return isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str) \
        and isinstance(key[1], int) and not isinstance(key[1], bool) and key[1] >= 0


# -- progress on a terminal ------------------------------------------------------------------

class Progress:
    """Count, rate and, once the total is known, share and time left, on one line of
    ``stream`` when it is a terminal."""

    def __init__(self, total: int | None, stream: IO[str] | None = None, every: float = 0.2) -> None:
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

    def total_text(self) -> str:
        return "?" if self.total is None else str(self.total)

    def line(self, now: float) -> str:
        share = f" {100 * self.done / self.total:5.1f}%" if self.total else ""
        if self.done < 2 or now <= self.started:
            return f"{self.done}/{self.total_text()}{share}"
        rate = (self.done - 1) / (now - self.started)
        if self.total is None:
            return f"{self.done}/?  {rate:.1f}/s"
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
        return Client(address, timeout=30)  # type: ignore[no-untyped-call]  # Dask's, untyped
    except (OSError, TimeoutError) as exc:
        raise PuzzlogError(f"no Dask scheduler at {address}: {exc}") from None


__all__ = ["Batch", "Progress", "RecordsFile", "Unread", "run"]

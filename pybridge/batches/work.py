"""Many puzzles at once: solve, rate or generate on every core here, or on a Dask cluster.

One function does one puzzle (``Work``); the same function runs in this process
(``jobs=1``), in a pool of worker processes with one engine each (pybridge.pool), or on
the worker processes of a Dask cluster (``client=``; ``pip install 'puzzlog[cluster]'``).
The values come back in the input's order, whichever finished first.

    >>> import pybridge
    >>> puzzles = pybridge.load("puzzles/sudoku4.txt")
    >>> [r.status for r in pybridge.batch(puzzles, "solve", jobs=2)]
    ['solved', 'solved', 'solved', 'solved', 'solved']
    >>> [g.seed for g in pybridge.batch([5, 6], "generate", kind="sudoku", size=4)]
    [5, 6]
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator, Iterable, Iterator, Literal, Sequence, overload

from ..engine.errors import ArgumentError, ArgumentTypeError, PuzzlogError
from ..puzzles.kind import PuzzleKind
from ..puzzles.latin import Unreadable
from ..engine.limits import LIMITS, Limits
from .pool import Failure, Pool as WorkerProcesses, attempt, chunk_size, run_pool, tagged
from .verbs import VERBS, Verb

if TYPE_CHECKING:
    from ..solving.generate import Generated
    from ..solving.rating import Rating
    from ..solving.solver import Explanation, Result

HANG_GRACE = 5.0     # seconds past the time limit before a worker counts as hung and is replaced
WORKS = tuple(VERBS)
AUTO_JOBS_AT = {name: verb.auto_jobs_at for name, verb in VERBS.items()}  # --jobs's default


@dataclass
class Unread:
    """A file that could not be read at all, or past some line: it goes through the work
    as it is, to be shown in its place among the values."""

    name: str
    error: PuzzlogError


@dataclass(frozen=True)
class Work:
    """What to do with one item, picklable so that any process can do it: ``name`` is a
    verb of verbs.VERBS (solve, rate, explain: items are puzzles; generate: items are
    seeds); ``options`` the keywords of that call; ``limits`` the engine's limits, which a
    fresh worker takes on."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    limits: Limits = field(default_factory=lambda: dataclasses.replace(LIMITS))

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in VERBS:
            raise PuzzlogError(f"unknown work {self.name!r} (one of {', '.join(VERBS)})")

    @property
    def verb(self) -> Verb:
        return VERBS[self.name]

    def __call__(self, item: Any) -> Result | Rating | Explanation | Generated | Failure | Unread | None:
        if isinstance(item, Unread):
            return item
        _adopt(self.limits)
        done: Result | Rating | Explanation | Generated | Failure | Unread | None = self.verb.do(item, self.options)
        return done

    def failed(self, item: Any, failure: Failure) -> Any:
        """The value of an item whose worker died or hung."""
        return self.verb.failed(item, failure)

    @property
    def hang_seconds(self) -> float | None:
        """How long one item may keep a worker before it is replaced: the engine stops at
        the time limit itself; this is for a worker that does not come back at all."""
        limit = self.verb.hang_limit(self.options)
        return None if limit is None else limit + HANG_GRACE


def _adopt(limits: Limits) -> None:
    for f in dataclasses.fields(Limits):
        setattr(LIMITS, f.name, getattr(limits, f.name))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def default_jobs(work: str, items: int) -> int:
    """One process for a handful of items, where starting engines costs more than it
    saves; one per core from AUTO_JOBS_AT[work] items."""
    return cores() if items >= AUTO_JOBS_AT[work] else 1


def finished(work: Work, items: Iterable[Any], jobs: int = 1, client: Any = None,
             pool: WorkerProcesses | None = None) -> Generator[tuple[int, Any], None, None]:
    """(index, value) for each item as it finishes: here, in ``jobs`` worker processes (or
    those of ``pool``, started for ``work``), or on the Dask ``client``'s cluster.  Items
    are drawn as the work goes (WorkerProcesses.run's window), so an endless iterable streams, but
    for a cluster, which takes a list."""
    if client is not None:
        listed = list(items)
        for i, value in _on_cluster(work, listed, client):
            yield i, work.failed(listed[i], value) if isinstance(value, Failure) else value
        return
    if pool is not None:
        pairs = pool.run(items)
    elif jobs > 1 and not (isinstance(items, Sequence) and len(items) < 2):
        pairs = run_pool(work, items, jobs, work.hang_seconds)
    else:
        pairs = ((i, tagged(attempt(work, item), item)) for i, item in enumerate(items))
    for i, value in pairs:
        yield i, work.failed(value.item, value) if isinstance(value, Failure) else value


def in_order(pairs: Iterable[tuple[int, Any]], indexes: Iterable[int]) -> Iterator[tuple[int, Any]]:
    """The pairs again, in the order of ``indexes``: each as soon as those before it are in."""
    waiting: dict[int, Any] = {}
    pairs = iter(pairs)
    for wanted in indexes:
        while wanted not in waiting:
            pair = next(pairs, None)
            if pair is None:  # no more: an endless run of indexes ends with the pairs
                return
            waiting[pair[0]] = pair[1]
        yield wanted, waiting.pop(wanted)


@overload
def batch(items: Iterable[Any], work: Literal["solve"] = "solve", *, jobs: int | None = 1, client: Any = None,
          **options: Any) -> list[Result]: ...
@overload
def batch(items: Iterable[Any], work: Literal["rate"], *, jobs: int | None = 1, client: Any = None,
          **options: Any) -> list[Rating]: ...
@overload
def batch(items: Iterable[Any], work: Literal["explain"], *, jobs: int | None = 1, client: Any = None,
          **options: Any) -> list[Explanation]: ...
@overload
def batch(items: Iterable[Any], work: Literal["generate"], *, jobs: int | None = 1, client: Any = None,
          **options: Any) -> list[Generated]: ...


def batch(items: Iterable[Any], work: str = "solve", *, jobs: int | None = 1, client: Any = None,
          **options: Any) -> list[Any]:
    """``work`` (solve, rate, explain or generate) done on every item, the values in input order.

    Items are puzzles for solve, rate and explain, and seeds for generate; ``options`` are the
    keywords of pybridge.solve, rate, explain or generate (``count`` excepted).  ``jobs`` worker
    processes share the work (0: one per core; None: one per core for big batches, as
    ``--jobs`` by default); ``client``, a ``dask.distributed.Client``, sends it to that cluster instead.
    A puzzle whose worker died or hung gets the status error or timeout; a seed that gives
    no puzzle raises PuzzlogError, as pybridge.generate does.
    """
    if jobs is not None:
        _checked_jobs(jobs, "or None, ")
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise ArgumentTypeError(f"items are a list (or any iterable) of puzzles, or of seeds for generate, "
                                f"not {type(items).__name__}")
    items = list(items)
    job = Work(work, options)
    for item in items if job.name != "generate" else ():
        if not isinstance(item, (PuzzleKind, Unreadable)):
            raise ArgumentTypeError(f"a batch to {job.name} takes puzzles (pybridge.load), not {item!r:.60}")
    jobs = default_jobs(work, len(items)) if jobs is None else jobs or cores()
    return _values(job, items, jobs, client)


def _values(work: Work, items: list[Any], jobs: int, client: Any = None, pool: WorkerProcesses | None = None) -> list[Any]:
    """The work's values of ``items`` in input order (finished), a failure raised as
    PuzzlogError: a batch's answer."""
    values = [value for _, value in in_order(finished(work, items, jobs, client, pool), range(len(items)))]
    for value in values:
        if isinstance(value, Failure):
            raise PuzzlogError(value.message)
    return values


def _checked_jobs(jobs: Any, besides: str = "") -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise ArgumentError(f"jobs must be a whole number of processes, 0 for one per core, {besides}not {jobs!r}")
    return jobs


class Pool:
    """Worker processes, one engine each, kept for many batches of one work: what a program
    that solves puzzles as they come wants instead of starting processes for each batch.
    ``jobs`` processes (0: one per core); ``work`` and ``options`` as for pybridge.batch.

    >>> import pybridge
    >>> with pybridge.Pool("solve", jobs=2) as engines:
    ...     first = engines.map(pybridge.load(pybridge.bundled("sudoku9"))[:3])
    ...     then = engines.map(pybridge.load(pybridge.bundled("sudoku4"))[:1])
    >>> [r.status for r in first + then]
    ['solved', 'solved', 'solved', 'solved']
    """

    def __init__(self, work: str = "solve", *, jobs: int = 0, **options: Any) -> None:
        self.work = Work(work, options)
        self.jobs = _checked_jobs(jobs) or cores()
        self._pool: WorkerProcesses | None = WorkerProcesses(self.work, self.jobs, self.work.hang_seconds)

    def __repr__(self) -> str:
        return f"Pool({self.work.name}, {self.jobs} processes{'' if self._pool else ', closed'})"

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the processes."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def map(self, items: Iterable[Any]) -> list[Any]:
        """The work done on every item, the values in input order (as pybridge.batch)."""
        if self._pool is None:
            raise PuzzlogError("these engines are closed")
        return _values(self.work, list(items), 1, pool=self._pool)


# -- Dask ---------------------------------------------------------------------------------

def _run_chunk(chunk: list[tuple[int, Any]], work: Work) -> list[tuple[int, Any]]:
    """One Dask task: the chunk's items done in turn by the worker's own engine."""
    return [(i, attempt(work, item)) for i, item in chunk]


def _on_cluster(work: Work, items: Sequence[Any], client: Any) -> Iterator[tuple[int, Any]]:
    from dask.distributed import as_completed  # the cluster extra: pip install 'puzzlog[cluster]'

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    size = chunk_size(len(items), workers)
    numbered = list(enumerate(items))
    chunks = [numbered[start:start + size] for start in range(0, len(items), size)]
    futures = client.map(_run_chunk, chunks, work=work, pure=False)
    chunk_of = {future.key: chunk for future, chunk in zip(futures, chunks)}
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]  # Dask's, untyped
            try:
                yield from future.result()
            except Exception as exc:  # the task's worker died more often than Dask retries
                for i, _ in chunk_of[future.key]:
                    yield i, Failure("error", f"the cluster could not do it: {type(exc).__name__}: {exc}")
    finally:
        client.cancel([f for f in futures if not f.done()])


__all__ = ["AUTO_JOBS_AT", "Pool", "WORKS", "Unread", "Work", "batch", "cores", "default_jobs", "finished", "in_order"]

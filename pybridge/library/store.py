"""A puzzle library: every puzzle opened, uploaded or generated, kept in a local SQLite
database with its kind, size, level, score, source, the player's progress and best time.

One ``Library`` per database file; it may be shared by threads (the web server's): each
write is one transaction under the library's lock, so two writers never interleave.  A
file that is not a puzzlog library, or is damaged, raises LibraryError naming it; it is
never replaced.

    >>> import tempfile, pathlib
    >>> lib = Library(pathlib.Path(tempfile.mkdtemp()) / "library.sqlite")
    >>> entry = lib.add("1.3.......2....4", source="doctest")
    >>> (entry.kind, entry.rows, entry.level, lib.add("1.3.......2....4").id == entry.id)
    ('sudoku', 4, None, True)
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from ..puzzles import formats
from ..engine.errors import PuzzlogError
from ..puzzles.kinds import AnyPuzzle
from ..puzzles.latin import Unreadable
from ..puzzles.reading import read

SCHEMA_VERSION = 4            # 2: the stock table; 3: the practice bank; 4: its positions
APPLICATION_ID = 0x505A4C47   # "PZLG": SQLite's header field that says which program's file it is
SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id        INTEGER PRIMARY KEY,
    text      TEXT NOT NULL,
    puzzle_index INTEGER NOT NULL DEFAULT 0,
    kind      TEXT NOT NULL,
    rows      INTEGER NOT NULL,
    cols      INTEGER NOT NULL,
    level     TEXT,
    score     INTEGER,
    source    TEXT NOT NULL DEFAULT '',
    added     REAL NOT NULL,
    progress  TEXT,
    best_seconds INTEGER,
    UNIQUE (text, puzzle_index)
);
"""
STOCK_SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (
    id        INTEGER PRIMARY KEY,
    shape     TEXT NOT NULL,
    level     TEXT NOT NULL,
    hardest   TEXT NOT NULL,
    answer    TEXT NOT NULL,
    added     REAL NOT NULL
);
"""
STOCK_SHELF = 50    # puzzles kept a shape and level; the oldest go first
PRACTICE_SCHEMA = """
CREATE TABLE IF NOT EXISTS practice (
    id        INTEGER PRIMARY KEY,
    technique TEXT NOT NULL,
    kind      TEXT NOT NULL,
    level     TEXT NOT NULL,
    puzzle    TEXT NOT NULL,
    added     REAL NOT NULL,
    UNIQUE (technique, kind, puzzle)
);
"""
# A bank puzzle's position of its technique, kept once found so that it is served without a
# walk: the steps before it and the position, zlib-compressed JSON (bridge items, 1-3 KB).
PRACTICE_POSITION_SCHEMA = """
CREATE TABLE IF NOT EXISTS practice_position (
    technique TEXT NOT NULL,
    kind      TEXT NOT NULL,
    puzzle    TEXT NOT NULL,
    position  BLOB NOT NULL,
    PRIMARY KEY (technique, kind, puzzle)
);
"""
PRACTICE_SHELF = 200   # puzzles kept a technique and kind; the oldest go first
# How entries() sorts: SQL of our own, never text from a request.
ORDERS = {"date": "added DESC, id DESC",
          "level": "CASE level WHEN 'trivial' THEN 0 WHEN 'basic' THEN 1 WHEN 'intermediate' THEN 2 "
                   "WHEN 'advanced' THEN 3 WHEN 'extreme' THEN 4 WHEN 'unreasonable' THEN 5 ELSE 6 END, score, id",
          "best": "best_seconds IS NULL, best_seconds, id"}
PUZZLE_COLUMNS = {"id", "text", "puzzle_index", "kind", "rows", "cols", "level", "score", "source", "added",
                  "progress", "best_seconds"}


class LibraryError(PuzzlogError):
    """The library's database cannot be used: it names the file and what is wrong."""


class LibraryFull(LibraryError):
    """The disk (or the database's own size limit) has no room for a write."""


class LibraryReadOnly(LibraryError):
    """A write to a library opened read-only, or to a file this process may not write."""


@dataclass
class Entry:
    """One puzzle of the library."""

    id: int
    text: str
    index: int
    kind: str
    rows: int
    cols: int
    level: str | None
    score: int | None
    source: str
    added: float
    progress: dict[str, Any] | None
    best_seconds: int | None

    def to_json(self) -> dict[str, Any]:
        return {**self.summary(), "puzzle": self.text, "progress": self.progress}

    def summary(self) -> dict[str, Any]:
        """What a list of entries shows: all but the text and the progress (which can be
        large, and are asked for one entry at a time)."""
        return {"id": self.id, "index": self.index, "kind": self.kind, "rows": self.rows, "cols": self.cols,
                "level": self.level, "score": self.score, "source": self.source, "added": self.added,
                "best_seconds": self.best_seconds}


def default_path() -> Path:
    """Under the user's data directory: $XDG_DATA_HOME/puzzlog, or ~/.local/share/puzzlog."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "puzzlog" / "library.sqlite"


class Library:
    """The puzzles of one SQLite file: created when missing, opened read-only when
    ``readonly`` (or when the file cannot be written), and checked to be a puzzlog library
    before a byte of it is written."""

    def __init__(self, path: Path | str | None = None, readonly: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._lock = threading.Lock()
        self.readonly = readonly
        try:
            self._db = self._connect()
            self._db.execute("PRAGMA busy_timeout = 5000")
            found = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if found != "ok":
                raise LibraryError(f"{self.path}: the library's database is damaged ({found}); "
                                   "move it away to start a new one")
            self._check_ours()
        except sqlite3.DatabaseError as exc:
            raise LibraryError(f"{self.path}: not a usable library database ({exc}); it was left as it is") from None
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot open the library ({exc.strerror})") from None

    def _connect(self) -> sqlite3.Connection:
        """A connection that writes (the file made when missing), or reads only when asked
        to or when the file may not be written."""
        if not self.readonly and not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.readonly and (not self.path.exists() or os.access(self.path, os.W_OK)):
            return sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if not self.path.exists():
            raise LibraryError(f"{self.path}: no such library")
        self.readonly = True
        return sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False,
                               isolation_level=None)

    def _check_ours(self) -> None:
        """A new file becomes a library; any other file must be one already (its application
        id, or a first-version puzzlog library, which had none), of a version this puzzlog
        knows.  Nothing is written to a file that is not."""
        app_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(puzzles)")}
        empty = app_id == 0 and version == 0 and not tables
        first_version = app_id == 0 and version == 1 and tables == {"puzzles"} and columns == PUZZLE_COLUMNS
        if not (empty or first_version or app_id == APPLICATION_ID):
            raise LibraryError(f"{self.path}: this SQLite file is not a puzzlog library; it was left as it is")
        if version > SCHEMA_VERSION:
            raise LibraryError(f"{self.path}: made by a newer puzzlog (library version {version})")
        if app_id == APPLICATION_ID and columns != PUZZLE_COLUMNS:
            raise LibraryError(f"{self.path}: the library's puzzles table is not as puzzlog made it; "
                               "it was left as it is")
        if self.readonly:
            if empty:
                raise LibraryError(f"{self.path}: an empty file, opened read-only: no library yet")
            return
        if version < SCHEMA_VERSION:  # a new library, or one of an earlier version made this one's
            with self._transaction():
                self._db.execute(SCHEMA)
                self._db.execute(STOCK_SCHEMA)
                self._db.execute(PRACTICE_SCHEMA)
                self._db.execute(PRACTICE_POSITION_SCHEMA)
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write, all or nothing (BEGIN IMMEDIATE: other processes wait for it); a full
        disk or a read-only file is a LibraryError that says so."""
        if self.readonly:
            raise LibraryReadOnly(f"{self.path}: the library is open read-only; nothing was changed")
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            code = getattr(exc, "sqlite_errorcode", None)
            if code == sqlite3.SQLITE_FULL or "full" in str(exc):
                raise LibraryFull(f"{self.path}: the disk is full: nothing was changed; free some space "
                                  "and try again") from None
            if code == sqlite3.SQLITE_READONLY or "readonly" in str(exc):
                raise LibraryReadOnly(f"{self.path}: the library cannot be written ({exc}); nothing was "
                                      "changed") from None
            raise LibraryError(f"{self.path}: the library could not be written ({exc}); nothing was "
                               "changed") from None

    def add(self, text: str, index: int = 0, source: str = "", rated: bool = True, kind: str | None = None,
            fmt: str | None = None, rate_seconds: float = 10.0) -> Entry:
        """Keep puzzle ``index`` of ``text`` (read as text, never as a file name, as ``kind``
        and ``fmt`` when given), rated (for at most ``rate_seconds``) unless ``rated`` is
        false; a puzzle already kept is returned as it is.  The entry's ``kind`` is what
        reads the text back (a line is a Sudoku X only when read as one)."""
        return self.find(text, index) or self.insert(
            text, index, describe(text, index, source, kind, fmt, rate_seconds if rated else None), source)

    def keep(self, puzzle: AnyPuzzle, source: str = "", rated: bool = True) -> Entry:
        """Keep a puzzle already read (from a file of many, say), as its own text in its
        kind's format."""
        text = formats.write([puzzle], puzzle.native_format)
        return self.find(text, 0) or self.insert(text, 0, described(puzzle, 10.0 if rated else None), source)

    def insert(self, text: str, index: int, facts: Described, source: str) -> Entry:
        """Keep puzzle ``index`` of ``text`` as ``facts`` describe it (the engine's part of
        add(), done beforehand: describe())."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR IGNORE INTO puzzles (text, puzzle_index, kind, rows, cols, level, score, "
                             "source, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (text, index, facts.kind, facts.rows, facts.cols, facts.level, facts.score, source,
                              time.time()))
        found = self.find(text, index)
        assert found is not None
        return found

    def find(self, text: str, index: int) -> Entry | None:
        """The entry of puzzle ``index`` of ``text``, if it is kept."""
        with self._lock:
            row = self._db.execute(f"SELECT {COLUMNS} FROM puzzles WHERE text = ? AND puzzle_index = ?",
                                   (text, index)).fetchone()
        return _entry(row) if row else None

    def get(self, entry_id: int) -> Entry:
        with self._lock:
            row = self._db.execute(f"SELECT {COLUMNS} FROM puzzles WHERE id = ?", (entry_id,)).fetchone()
        if row is None:
            raise PuzzlogError(f"the library has no puzzle {entry_id}")
        return _entry(row)

    def entries(self, kind: str | None = None, level: str | None = None, limit: int = 1000,
                order: str = "date", offset: int = 0) -> list[Entry]:
        """The puzzles kept, of ``kind`` and ``level`` when given, in ``order``: date (newest
        first), level (easiest first, by score) or best (fastest solve first, unsolved last);
        ``limit`` of them from the ``offset``-th on (a page of the list)."""
        if order not in ORDERS:
            raise PuzzlogError(f"the library sorts by {', '.join(ORDERS)}, not {order!r}")
        where, args = _filter(kind, level)
        with self._lock:
            rows = self._db.execute(f"SELECT {COLUMNS} FROM puzzles{where} ORDER BY {ORDERS[order]} LIMIT ? OFFSET ?",
                                    (*args, limit, offset)).fetchall()
        return [_entry(row) for row in rows]

    def count(self, kind: str | None = None, level: str | None = None) -> int:
        """How many puzzles entries() would list with no limit."""
        where, args = _filter(kind, level)
        with self._lock:
            return int(self._db.execute(f"SELECT COUNT(*) FROM puzzles{where}", args).fetchone()[0])

    def rename(self, entry_id: int, name: str) -> Entry:
        """Call an entry by a short name of the player's (its source, as the list shows it)."""
        name = name.strip()
        if not name or len(name) > 200:
            raise PuzzlogError("a name is a short text, 1 to 200 characters")
        with self._lock, self._transaction():
            changed = self._db.execute("UPDATE puzzles SET source = ? WHERE id = ?", (name, entry_id)).rowcount
        if not changed:
            raise PuzzlogError(f"the library has no puzzle {entry_id}")
        return self.get(entry_id)

    def delete(self, entry_id: int) -> None:
        """Take a puzzle (and its progress) out of the library."""
        with self._lock, self._transaction():
            changed = self._db.execute("DELETE FROM puzzles WHERE id = ?", (entry_id,)).rowcount
        if not changed:
            raise PuzzlogError(f"the library has no puzzle {entry_id}")

    def save_progress(self, entry_id: int, progress: dict[str, Any], solved_seconds: int | None = None) -> Entry:
        """Keep the player's progress (any JSON object); a solve in ``solved_seconds`` sets the
        best time when it is better."""
        data = json.dumps(progress)
        if len(data) > 1_000_000:
            raise PuzzlogError("progress is kept up to 1 MB")
        with self._lock, self._transaction():
            changed = self._db.execute("UPDATE puzzles SET progress = ? WHERE id = ?", (data, entry_id)).rowcount
            if changed and solved_seconds is not None:
                self._db.execute("UPDATE puzzles SET best_seconds = ? WHERE id = ? AND "
                                 "(best_seconds IS NULL OR best_seconds > ?)",
                                 (solved_seconds, entry_id, solved_seconds))
        if not changed:
            raise PuzzlogError(f"the library has no puzzle {entry_id}")
        return self.get(entry_id)

    def stock_put(self, shape: str, level: str, hardest: str, answer: dict[str, Any]) -> None:
        """Keep a generated puzzle (``answer``: what /api/generate answers of it) on the shelf
        of its ``shape`` (kind, size and symmetry, as a text) and level."""
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO stock (shape, level, hardest, answer, added) VALUES (?, ?, ?, ?, ?)",
                             (shape, level, hardest, json.dumps(answer), time.time()))
            self._db.execute("DELETE FROM stock WHERE shape = ? AND level = ? AND id NOT IN (SELECT id FROM stock "
                             "WHERE shape = ? AND level = ? ORDER BY id DESC LIMIT ?)",
                             (shape, level, shape, level, STOCK_SHELF))

    def stock_take(self, shape: str, level: str | None, hardest: str | None) -> dict[str, Any] | None:
        """Take the oldest puzzle of ``shape`` kept at ``level`` (and with ``hardest`` as its
        hardest technique, when given) off the shelf; None when there is none."""
        where, args = ["shape = ?"], [shape]
        for column, value in (("level", level), ("hardest", hardest)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        with self._lock, self._transaction():
            row = self._db.execute(f"SELECT id, answer FROM stock WHERE {' AND '.join(where)} ORDER BY id LIMIT 1",
                                   args).fetchone()
            if row is not None:
                self._db.execute("DELETE FROM stock WHERE id = ?", (row[0],))
        return json.loads(row[1]) if row else None

    def stock_count(self, shape: str, level: str) -> int:
        """How many puzzles the shelf of ``shape`` and ``level`` holds."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM stock WHERE shape = ? AND level = ?",
                                        (shape, level)).fetchone()[0])

    def practice_put(self, technique: str, kind: str, level: str, puzzle: str, position: bytes | None = None) -> None:
        """Keep a puzzle whose deduction walk meets ``technique`` in the practice bank (the
        newest PRACTICE_SHELF of a technique and kind are kept), with the position where the
        technique is next when it is given."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR IGNORE INTO practice (technique, kind, level, puzzle, added) "
                             "VALUES (?, ?, ?, ?, ?)", (technique, kind, level, puzzle, time.time()))
            if position is not None:
                self._db.execute("INSERT OR REPLACE INTO practice_position (technique, kind, puzzle, position) "
                                 "VALUES (?, ?, ?, ?)", (technique, kind, puzzle, position))
            self._db.execute("DELETE FROM practice WHERE technique = ? AND kind = ? AND id NOT IN (SELECT id FROM "
                             "practice WHERE technique = ? AND kind = ? ORDER BY id DESC LIMIT ?)",
                             (technique, kind, technique, kind, PRACTICE_SHELF))
            self._db.execute("DELETE FROM practice_position WHERE technique = ? AND kind = ? AND puzzle NOT IN "
                             "(SELECT puzzle FROM practice WHERE technique = ? AND kind = ?)",
                             (technique, kind, technique, kind))

    def practice_position_drop(self, technique: str, kind: str, puzzle: str) -> None:
        """Forget the kept position of a bank puzzle (the technique is no longer next there:
        the ladder changed); the puzzle stays, to be walked again."""
        with self._lock, self._transaction():
            self._db.execute("DELETE FROM practice_position WHERE technique = ? AND kind = ? AND puzzle = ?",
                             (technique, kind, puzzle))

    def practice_puzzles(self, technique: str, kind: str,
                         level: str | None = None) -> list[tuple[str, str, bytes | None]]:
        """(puzzle, level, its kept position or None) of the bank's puzzles of ``kind`` that
        meet ``technique``, newest first."""
        where, args = "p.technique = ? AND p.kind = ?", [technique, kind]
        if level is not None:
            where, args = where + " AND p.level = ?", args + [level]
        with self._lock:
            if not self._has_practice():
                return []
            if not self._has_table("practice_position"):   # read-only, of version 3
                return [(str(p), str(lv), None) for p, lv in self._db.execute(
                    f"SELECT puzzle, level FROM practice p WHERE {where} ORDER BY id DESC", args)]
            return [(str(p), str(lv), None if q is None else bytes(q)) for p, lv, q in self._db.execute(
                "SELECT p.puzzle, p.level, q.position FROM practice p LEFT JOIN practice_position q "
                f"ON q.technique = p.technique AND q.kind = p.kind AND q.puzzle = p.puzzle WHERE {where} "
                "ORDER BY p.id DESC", args)]

    def practice_count(self, kind: str | None = None) -> dict[str, int]:
        """How many puzzles the practice bank keeps for each technique (of ``kind``)."""
        where, args = ("WHERE kind = ?", [kind]) if kind is not None else ("", [])
        with self._lock:
            if not self._has_practice():
                return {}
            return {str(t): int(n) for t, n in self._db.execute(
                f"SELECT technique, COUNT(*) FROM practice {where} GROUP BY technique", args)}

    def _has_practice(self) -> bool:
        """A library of an earlier version opened read-only has no practice table."""
        return self._has_table("practice")

    def _has_table(self, name: str) -> bool:
        return self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                (name,)).fetchone() is not None

    def close(self) -> None:
        with self._lock:
            self._db.close()


@dataclass(frozen=True)
class Described:
    """What the library keeps of a puzzle beside its text: what the engine says of it."""

    kind: str
    rows: int
    cols: int
    level: str | None = None
    score: int | None = None


def describe(text: str, index: int = 0, source: str = "", kind: str | None = None, fmt: str | None = None,
             rate_seconds: float | None = 10.0) -> Described:
    """Puzzle ``index`` of ``text`` read (as text, never as a file name) and, unless
    ``rate_seconds`` is None, rated for at most that long."""
    puzzles = read(text, source or "<library>", kind, fmt)
    if not 0 <= index < len(puzzles):
        raise PuzzlogError(f"the text has {len(puzzles)} puzzles; there is no #{index}")
    p = puzzles[index]
    if isinstance(p, Unreadable):
        raise p.error
    return described(p, rate_seconds)


def described(p: AnyPuzzle, rate_seconds: float | None) -> Described:
    rows, cols = p.shape
    kind = p.catalogue_name   # greater-than and adjacent by their own names: the list filters by them
    if rate_seconds is None:
        return Described(kind, rows, cols)
    from ..solving.rating import rate
    rating = rate(p, time_limit=rate_seconds)
    if rating.status != "rated":
        return Described(kind, rows, cols)
    return Described(kind, rows, cols, rating.level, rating.score)


COLUMNS = "id, text, puzzle_index, kind, rows, cols, level, score, source, added, progress, best_seconds"


def _filter(kind: str | None, level: str | None) -> tuple[str, list[str]]:
    """The WHERE clause (our own SQL; the values as parameters) of a kind and a level."""
    where, args = [], []
    for column, value in (("kind", kind), ("level", level)):
        if value:
            where.append(f"{column} = ?")
            args.append(value)
    return (" WHERE " + " AND ".join(where) if where else ""), args


def _entry(row: tuple[Any, ...]) -> Entry:
    progress = json.loads(row[10]) if row[10] else None
    return Entry(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], progress, row[11])


__all__ = ["Described", "Entry", "Library", "LibraryError", "LibraryFull", "LibraryReadOnly", "default_path",
           "describe", "described"]

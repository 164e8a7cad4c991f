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
from typing import Iterator

from . import formats
from .errors import PuzzlogError
from .generate import native_format
from .kakuro import KakuroPuzzle
from .puzzle import Puzzle, Unreadable
from .rating import rate
from .reading import read

SCHEMA_VERSION = 1
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


class LibraryError(PuzzlogError):
    """The library's database cannot be used: it names the file and what is wrong."""


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
    progress: dict | None
    best_seconds: int | None

    def to_json(self) -> dict:
        return {"id": self.id, "puzzle": self.text, "index": self.index, "kind": self.kind, "rows": self.rows,
                "cols": self.cols, "level": self.level, "score": self.score, "source": self.source,
                "added": self.added, "progress": self.progress, "best_seconds": self.best_seconds}


def default_path() -> Path:
    """Under the user's data directory: $XDG_DATA_HOME/puzzlog, or ~/.local/share/puzzlog."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "puzzlog" / "library.sqlite"


class Library:
    """The puzzles of one SQLite file (created when missing)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA busy_timeout = 5000")
            found = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if found != "ok":
                raise LibraryError(f"{self.path}: the library's database is damaged ({found}); "
                                   "move it away to start a new one")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version == 0 and tables - {"puzzles"}:
                raise LibraryError(f"{self.path}: this SQLite file is not a puzzlog library")
            if version > SCHEMA_VERSION:
                raise LibraryError(f"{self.path}: made by a newer puzzlog (library version {version})")
            self._db.executescript(SCHEMA)  # CREATE ... IF NOT EXISTS: one statement, its own transaction
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise LibraryError(f"{self.path}: not a usable library database ({exc}); it was left as it is") from None
        except OSError as exc:
            raise LibraryError(f"{self.path}: cannot open the library ({exc.strerror})") from None

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write, all or nothing (BEGIN IMMEDIATE: other processes wait for it)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def add(self, text: str, index: int = 0, source: str = "", rated: bool = True, kind: str | None = None,
            fmt: str | None = None) -> Entry:
        """Keep puzzle ``index`` of ``text`` (read as text, never as a file name, as ``kind``
        and ``fmt`` when given), rated unless ``rated`` is false; a puzzle already kept is
        returned as it is.  The entry's ``kind`` is what reads the text back (a line is a
        Sudoku X only when read as one)."""
        existing = self._find(text, index)
        if existing is not None:
            return existing
        puzzles = read(text, source or "<library>", kind, fmt)
        if not 0 <= index < len(puzzles):
            raise PuzzlogError(f"the text has {len(puzzles)} puzzles; there is no #{index}")
        p = puzzles[index]
        if isinstance(p, Unreadable):
            raise p.error
        return self._insert(text, index, p, source, rated)

    def keep(self, puzzle: Puzzle | KakuroPuzzle, source: str = "", rated: bool = True) -> Entry:
        """Keep a puzzle already read (from a file of many, say), as its own text in its
        kind's format."""
        text = formats.write([puzzle], native_format(puzzle))
        return self._find(text, 0) or self._insert(text, 0, puzzle, source, rated)

    def _insert(self, text: str, index: int, p: Puzzle | KakuroPuzzle, source: str, rated: bool) -> Entry:
        rows, cols = p.shape
        level = score = None
        if rated:
            rating = rate(p, time_limit=10)
            if rating.status == "rated":
                level, score = rating.level, rating.score
        with self._lock, self._transaction():
            self._db.execute("INSERT OR IGNORE INTO puzzles (text, puzzle_index, kind, rows, cols, level, score, "
                             "source, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (text, index, p.kind, rows, cols, level, score, source, time.time()))
        found = self._find(text, index)
        assert found is not None
        return found

    def _find(self, text: str, index: int) -> Entry | None:
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

    def entries(self, kind: str | None = None, level: str | None = None, limit: int = 1000) -> list[Entry]:
        """The puzzles kept, newest first, of ``kind`` and ``level`` when given."""
        where, args = [], []
        for column, value in (("kind", kind), ("level", level)):
            if value:
                where.append(f"{column} = ?")
                args.append(value)
        sql = f"SELECT {COLUMNS} FROM puzzles" + (" WHERE " + " AND ".join(where) if where else "")
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY added DESC, id DESC LIMIT ?", (*args, limit)).fetchall()
        return [_entry(row) for row in rows]

    def save_progress(self, entry_id: int, progress: dict, solved_seconds: int | None = None) -> Entry:
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

    def close(self) -> None:
        with self._lock:
            self._db.close()


COLUMNS = "id, text, puzzle_index, kind, rows, cols, level, score, source, added, progress, best_seconds"


def _entry(row: tuple) -> Entry:
    progress = json.loads(row[10]) if row[10] else None
    return Entry(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], progress, row[11])


__all__ = ["Entry", "Library", "LibraryError", "default_path"]

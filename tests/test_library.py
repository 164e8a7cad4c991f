"""The puzzle library (pybridge/library/store.py): what is kept, filters, best times, a damaged or
foreign file refused and left as it was, many writers at once; `puzzlog library` and the
library endpoints of `puzzlog serve`."""
from __future__ import annotations

import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor

import pytest

import pybridge
from pybridge.library.store import Library, LibraryError
from conftest import ROOT
from test_doors import cli

SUDOKU9 = (ROOT / "puzzles" / "sudoku9.txt").read_text()
FUTOSHIKI = (ROOT / "puzzles" / "futoshiki" / "unequal.txt").read_text()


def test_puzzles_are_kept_once_rated_and_filtered(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    first = lib.add(SUDOKU9, 0, source="sudoku9.txt")
    again = lib.add(SUDOKU9, 0, source="elsewhere")
    assert again.id == first.id and again.source == "sudoku9.txt"
    assert first.level == pybridge.rate(pybridge.parse(SUDOKU9)[0]).level
    lib.add(FUTOSHIKI, 1, source="unequal.txt")
    assert [e.kind for e in lib.entries()] == ["futoshiki", "sudoku"]
    assert [e.source for e in lib.entries(kind="futoshiki")] == ["unequal.txt"]
    assert [e.id for e in lib.entries(level=first.level, kind="sudoku")] == [first.id]
    reopened = Library(tmp_path / "lib.sqlite")  # kept on disk
    assert [e.id for e in reopened.entries()] == [e.id for e in lib.entries()]


def test_progress_and_the_best_time(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    entry = lib.add(SUDOKU9, 1)
    assert lib.save_progress(entry.id, {"entries": {"r1c1": 4}}).progress == {"entries": {"r1c1": 4}}
    assert lib.save_progress(entry.id, {}, solved_seconds=300).best_seconds == 300
    assert lib.save_progress(entry.id, {}, solved_seconds=400).best_seconds == 300
    assert lib.save_progress(entry.id, {}, solved_seconds=200).best_seconds == 200
    with pytest.raises(pybridge.PuzzlogError, match="no puzzle 999"):
        lib.save_progress(999, {})


def test_rename_delete_and_sort(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    hard = lib.add(SUDOKU9, 0, source="sudoku9.txt")           # extreme
    easy = lib.add(FUTOSHIKI, 0, source="unequal.txt")         # a 4x4 Futoshiki
    lib.save_progress(hard.id, {}, solved_seconds=500)
    lib.save_progress(easy.id, {}, solved_seconds=90)
    assert lib.rename(hard.id, "  the hard one ").source == "the hard one"
    order = ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]
    levels = [order.index(e.level) for e in lib.entries(order="level")]
    assert levels == sorted(levels)
    assert [e.id for e in lib.entries(order="best")] == [easy.id, hard.id]
    assert [e.id for e in lib.entries()] == [easy.id, hard.id]  # by date, newest first
    lib.delete(easy.id)
    assert [e.id for e in lib.entries()] == [hard.id]
    for wrong in (lambda: lib.delete(easy.id), lambda: lib.rename(999, "x"), lambda: lib.rename(hard.id, " "),
                  lambda: lib.entries(order="name; DROP TABLE puzzles")):
        with pytest.raises(pybridge.PuzzlogError):
            wrong()
    assert [e.id for e in Library(tmp_path / "lib.sqlite").entries()] == [hard.id]


def test_a_damaged_or_foreign_file_is_refused_and_left_as_it_was(tmp_path):
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    before = damaged.read_bytes()
    with pytest.raises(LibraryError, match="damaged.sqlite"):
        Library(damaged)
    assert damaged.read_bytes() == before
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(LibraryError, match="not a puzzlog library"):
        Library(foreign)
    with sqlite3.connect(foreign) as db:
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["accounts"]


def test_many_writers_at_once(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    other = Library(tmp_path / "lib.sqlite")  # a second connection, as a second process would have
    puzzles = pybridge.parse(SUDOKU9)

    def work(i: int) -> int:
        target = lib if i % 2 else other
        entry = target.add(SUDOKU9, i % len(puzzles), rated=False)
        target.save_progress(entry.id, {"step": i}, solved_seconds=1000 - i)
        return entry.id

    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(work, range(80)))
    entries = lib.entries()
    assert len(entries) == len(puzzles) == len(set(ids))
    assert all(e.best_seconds == min(1000 - i for i in range(80) if i % len(puzzles) == e.index) for e in entries)
    assert lib._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_library_command(tmp_path):
    db = str(tmp_path / "lib.sqlite")
    out = cli("library", "--db", db, "add", str(ROOT / "puzzles" / "sudoku4.txt"),
              str(ROOT / "puzzles" / "kakuro" / "small.grid"))
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == len(pybridge.load(ROOT / "puzzles" / "sudoku4.txt")) + 1
    listed = cli("library", "--db", db, "list", "--kind", "kakuro")
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 1 and "kakuro 4x4" in listed.stdout
    exported = cli("library", "--db", db, "export", "--kind", "sudoku")
    again = pybridge.parse(exported.stdout)
    assert [p.givens for p in again] == [p.givens for p in pybridge.load(ROOT / "puzzles" / "sudoku4.txt")]
    as_json = [json.loads(line) for line in cli("library", "--db", db, "list", "--json").stdout.splitlines()]
    assert {e["kind"] for e in as_json} == {"sudoku", "kakuro"}
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not a database at all" * 100)
    out = cli("library", "--db", str(broken), "list")
    assert out.returncode == 1 and "broken.sqlite" in out.stderr and "Traceback" not in out.stderr


def test_the_library_over_http(tmp_path):
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")
    from starlette.testclient import TestClient
    from pybridge.web import ServeLimits, create_app
    with TestClient(create_app(), base_url="http://localhost") as plain:
        response = plain.post("/api/library", json={})
        assert response.status_code == 400 and "keeps no library" in response.json()["error"]
    with TestClient(create_app(ServeLimits(library=tmp_path / "lib.sqlite")), base_url="http://localhost") as client:
        entry = client.post("/api/library/add", json={"puzzle": SUDOKU9, "index": 2, "source": "web"}).json()
        assert entry["kind"] == "sudoku" and entry["index"] == 2
        saved = client.post("/api/library/progress", json={"id": entry["id"], "progress": {"a": 1}, "seconds": 61})
        assert saved.json()["best_seconds"] == 61
        listed = client.post("/api/library", json={"kind": "sudoku"}).json()
        # the list is summaries: the text and the progress come with the one entry asked for
        assert [e["id"] for e in listed["entries"]] == [entry["id"]] and listed["total"] == 1
        assert "puzzle" not in listed["entries"][0] and "progress" not in listed["entries"][0]
        whole = client.post("/api/library/get", json={"id": entry["id"]}).json()
        assert whole["progress"] == {"a": 1} and pybridge.parse(whole["puzzle"])[2] == pybridge.parse(SUDOKU9)[2]
        found = client.post("/api/library/find", json={"puzzle": SUDOKU9, "index": 2}).json()["entry"]
        assert found["id"] == entry["id"]
        assert client.post("/api/library/find", json={"puzzle": SUDOKU9, "index": 3}).json() == {"entry": None}
        # a page at a time: every entry once, in order, and the count of all
        for index in range(3, 9):
            client.post("/api/library/add", json={"puzzle": SUDOKU9, "index": index})
        pages = [client.post("/api/library", json={"order": "level", "offset": offset, "limit": 4}).json()
                 for offset in (0, 4)]
        assert [page["total"] for page in pages] == [7, 7] and [len(page["entries"]) for page in pages] == [4, 3]
        every = client.post("/api/library", json={"order": "level"}).json()["entries"]
        assert [e["id"] for page in pages for e in page["entries"]] == [e["id"] for e in every]
        greater = (ROOT / "puzzles" / "futoshiki" / "greater_than_sudoku.grid").read_text()
        kept = client.post("/api/library/add", json={"puzzle": greater}).json()
        assert kept["kind"] == "greater-than"   # by its own name: the list's Kind filter finds it
        assert [e["id"] for e in client.post("/api/library", json={"kind": "greater-than"}).json()["entries"]] \
            == [kept["id"]]
        again = client.post("/api/read", json={"puzzle": greater, "kind": "greater-than"}).json()["puzzles"][0]
        assert again["kind"] == "sudoku" and "error" not in again   # and that name reads it back
        bad = client.post("/api/library/progress", json={"id": entry["id"], "progress": [1]})
        assert bad.status_code == 400 and "progress: a JSON object" in bad.json()["error"]
        x_line = (ROOT / "puzzles" / "generated" / "sudoku_x.txt").read_text().splitlines()[1].split()[0]
        as_x = client.post("/api/library/add", json={"puzzle": x_line, "kind": "sudoku-x"}).json()
        assert as_x["kind"] == "sudoku-x"  # the kind it was read as, which reads it back
        bad = client.post("/api/library/add", json={"puzzle": "12345"})
        assert bad.status_code == 400 and "line 1" in bad.json()["error"]


def test_a_file_with_a_puzzles_table_of_its_own_is_not_taken_for_a_library(tmp_path):
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE puzzles (name TEXT, pieces INTEGER)")
        db.execute("INSERT INTO puzzles VALUES ('jigsaw', 1000)")
    before = foreign.read_bytes()
    with pytest.raises(LibraryError, match="not a puzzlog library; it was left as it is"):
        Library(foreign)
    assert foreign.read_bytes() == before  # user_version and all
    run = cli("library", "--db", str(foreign), "list")
    assert run.returncode == 1 and "not a puzzlog library" in run.stderr and foreign.read_bytes() == before


def test_a_library_of_the_first_version_is_still_ours(tmp_path):
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:  # as puzzlog made it before libraries had an application id
        db.executescript(pybridge.library.store.SCHEMA + "PRAGMA user_version = 1;")
    lib = Library(old)
    lib.add(SUDOKU9, 0, rated=False)
    assert lib._db.execute("PRAGMA application_id").fetchone()[0] == pybridge.library.store.APPLICATION_ID
    assert len(Library(old).entries()) == 1


def test_listing_changes_nothing_and_a_read_only_library_can_be_listed(tmp_path):
    path = tmp_path / "lib.sqlite"
    Library(path).add(SUDOKU9, 0, source="sudoku9.txt", rated=False)
    before = path.read_bytes()
    listed = cli("library", "--db", str(path), "list")
    assert listed.returncode == 0 and "sudoku9.txt" in listed.stdout and path.read_bytes() == before
    readonly = Library(path, readonly=True)
    assert [e.source for e in readonly.entries()] == ["sudoku9.txt"]
    with pytest.raises(pybridge.library.store.LibraryReadOnly, match="open read-only; nothing was changed"):
        readonly.add(FUTOSHIKI, 0, rated=False)
    assert path.read_bytes() == before


def test_a_full_disk_is_said_and_changes_nothing(tmp_path):
    lib = Library(tmp_path / "lib.sqlite")
    entry = lib.add(SUDOKU9, 0, rated=False)
    pages = lib._db.execute("PRAGMA page_count").fetchone()[0]
    lib._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(pybridge.library.store.LibraryFull, match="the disk is full: nothing was changed"):
        lib.save_progress(entry.id, {"notes": "x" * 100_000})
    assert lib.get(entry.id).progress is None
    assert lib._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

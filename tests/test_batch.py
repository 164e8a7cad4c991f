"""Batches: --jobs gives the same bytes as one process, a worker that dies or hangs costs
only its puzzle, --output/--resume keep every record exactly once (through a real Ctrl-C),
and a Dask LocalCluster gives what the local run gives."""
from __future__ import annotations

import csv
import io
import itertools
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import pybridge
from pybridge.puzzles import reading
from pybridge.batches.work import Work, cores, default_jobs
from pybridge.cli.batch_output import Progress
from pybridge.batches.pool import Failure, Pool, run_pool
from conftest import ROOT, assert_valid_solution, corpus_file, corpus_lines
from test_doors import cli

SUDOKU9 = ROOT / "puzzles" / "sudoku9.txt"


def _flaky(item: int) -> int:
    """Doubles, except that item 3 kills its worker and item 5 never comes back."""
    if item == 3:
        os._exit(3)
    if item == 5:
        time.sleep(600)
    return item * 2


class _DiesOnArrival:
    """A function whose worker dies as it unpickles it, before it can start."""

    def __reduce__(self):
        return (os._exit, (7,))


def test_a_worker_that_dies_or_hangs_costs_only_its_item():
    got = dict(run_pool(_flaky, list(range(12)), jobs=2, hang_seconds=2))
    assert sorted(got) == list(range(12))
    assert got[3] == Failure("error", "the worker process stopped (exit code 3) on this puzzle")
    assert got[5].status == "timeout" and "over 2 s" in got[5].message
    assert all(got[i] == 2 * i for i in range(12) if i not in (3, 5))


def _doubling_after_a_slow_start():
    time.sleep(3)   # a worker's start on a busy machine: longer than the items' hang limit
    return _double


def _double(item: int) -> int:
    return item * 2


class _StartsSlowly:
    """A function whose worker takes 3 s to start, as it unpickles it."""

    def __reduce__(self):
        return (_doubling_after_a_slow_start, ())


def test_a_slow_start_is_not_taken_for_a_hanging_item():
    got = dict(run_pool(_StartsSlowly(), list(range(4)), jobs=1, hang_seconds=2))
    assert got == {i: 2 * i for i in range(4)}


def test_workers_that_die_at_start_stop_the_pool_with_a_message():
    with Pool(_DiesOnArrival(), 2) as pool, pytest.raises(pybridge.PuzzlogError, match="exit code 7"):
        list(pool.run([1, 2, 3]))


def test_the_default_is_one_process_for_a_handful_and_one_per_core_for_many():
    assert default_jobs("solve", 10) == 1 and default_jobs("generate", 2) == 1
    assert default_jobs("solve", 5000) == cores() and default_jobs("generate", 50) == cores()


def test_jobs_give_the_same_bytes_in_input_order(tmp_path):
    # two files, one unreadable in between: each in its place
    bad = tmp_path / "bad.txt"
    bad.write_text("12345\n")
    files = [str(SUDOKU9), str(bad), str(ROOT / "puzzles" / "futoshiki" / "unequal.txt")]
    one = cli("solve", "--one-line", "--jobs", "1", *files)
    two = cli("solve", "--one-line", "--jobs", "2", *files)
    assert one.stdout == two.stdout and one.returncode == two.returncode == 1
    assert one.stdout.splitlines()[len(pybridge.load(SUDOKU9))] == "INVALID"
    rated = [cli("rate", "--jobs", jobs, str(SUDOKU9)) for jobs in ("1", "2")]
    assert rated[0].stdout == rated[1].stdout and rated[0].stdout.count("# ") == len(pybridge.load(SUDOKU9))
    made = [cli("generate", "sudoku", "--size", "6", "--count", "5", "--seed", "9", "--jobs", jobs)
            for jobs in ("1", "2")]
    assert made[0].stdout == made[1].stdout and made[0].stdout.count("\n") == 5
    as_json = [[{k: v for k, v in json.loads(line).items() if k != "ms"} for line in run.stdout.splitlines()]
               for run in (cli("solve", "--json", "--jobs", j, str(SUDOKU9)) for j in ("1", "2"))]
    assert as_json[0] == as_json[1]
    for record, p in zip(as_json[1], pybridge.load(SUDOKU9)):
        assert_valid_solution(p, [v for row in record["grid"] for v in row])


def test_the_python_batch_gives_values_in_order():
    puzzles = pybridge.load(SUDOKU9)
    results = pybridge.batch(puzzles, "solve", jobs=2)
    assert [r.puzzle.index for r in results] == [p.index for p in puzzles]
    assert [r.values for r in results] == [pybridge.solve(p).values for p in puzzles]
    ratings = pybridge.batch(puzzles[:3], "rate", jobs=2, time_limit=20)
    assert [r.level for r in ratings] == [pybridge.rate(p).level for p in puzzles[:3]]
    explained = pybridge.batch(puzzles[:3], "explain", jobs=2)   # every verb of batches/verbs.py
    assert [[s.text for s in e.steps] for e in explained] == \
        [[s.text for s in pybridge.explain(p).steps] for p in puzzles[:3]]
    assert all(e.status == "solved" and e.values == r.values for e, r in zip(explained, results))
    with pytest.raises(pybridge.PuzzlogError, match="no sudoku of 4x4 with level extreme"):
        pybridge.batch([1], "generate", kind="sudoku", size=4, difficulty="extreme", attempts=2)


def test_a_puzzle_past_the_time_limit_is_a_timeout_and_the_batch_goes_on(tmp_path):
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("." * 625 + "\n" + SUDOKU9.read_text())  # an empty 25x25: far from 0.3 s
    run = cli("solve", "--json", "--jobs", "2", "--time-limit", "0.3", str(mixed))
    statuses = [json.loads(line)["status"] for line in run.stdout.splitlines()]
    assert statuses[0] == "timeout" and statuses[1:] == ["solved"] * len(pybridge.load(SUDOKU9))


def records(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_output_then_resume_after_a_kill_keeps_each_record_once(tmp_path):
    out = tmp_path / "out.jsonl"
    puzzles = pybridge.load(SUDOKU9)
    assert cli("solve", "--jobs", "2", "--output", str(out), str(SUDOKU9)).returncode == 0
    full = records(out)
    assert sorted(r["index"] for r in full) == [p.index for p in puzzles]
    # a run killed after four records, the fifth cut in the middle of its line
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:4]) + lines[4][:30])
    again = cli("solve", "--jobs", "2", "--output", str(out), str(SUDOKU9))
    assert again.returncode == 1 and "--resume continues it" in again.stderr
    resumed = cli("solve", "--jobs", "2", "--output", str(out), "--resume", str(SUDOKU9))
    assert resumed.returncode == 0, resumed.stderr
    kept = records(out)
    assert kept[:4] == [json.loads(line) for line in lines[:4]]
    assert sorted(r["index"] for r in kept) == [p.index for p in puzzles]
    for record in kept:
        assert_valid_solution(puzzles[record["index"]], [v for row in record["grid"] for v in row])
    assert cli("solve", "--resume", str(SUDOKU9)).stderr.strip().endswith("--resume continues the file of "
                                                                          "--output: give both")


def running_batch(source, out, records_first: int) -> subprocess.Popen:
    """`puzzlog solve --jobs 2 --output OUT SOURCE` under way, with ``records_first`` records written."""
    run = subprocess.Popen([sys.executable, "-m", "pybridge", "solve", "--jobs", "2", "--output", str(out),
                            str(source)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out.exists() and out.read_text().count("\n") >= records_first):
        assert run.poll() is None and time.monotonic() < deadline, "no records came"
        time.sleep(0.05)
    return run


def test_ctrl_c_stops_cleanly_and_resume_finishes(tmp_path):
    source = corpus_file("sudoku9_norvig_top95.txt")
    total = len(pybridge.load(source))
    out = tmp_path / "out.jsonl"
    run = running_batch(source, out, 10)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=30)
    assert run.returncode == 130 and "interrupted after" in err and "--resume continues" in err
    done = records(out)
    assert 10 <= len(done) < total and len({r["index"] for r in done}) == len(done)
    resumed = cli("solve", "--jobs", "2", "--output", str(out), "--resume", str(source))
    assert resumed.returncode == 0, resumed.stderr
    assert sorted(r["index"] for r in records(out)) == list(range(total))
    solutions = [line.strip() for line in corpus_file("sudoku9_norvig_top95.solutions.txt").read_text().splitlines()
                 if line.strip()]
    for record in records(out):
        assert "".join(str(v) for row in record["grid"] for v in row) == solutions[record["index"]]


def workers_of(pid: int) -> list[int]:
    """The spawned worker processes whose parent is ``pid`` (Linux's /proc), not
    multiprocessing's resource tracker."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                    spawned = b"spawn_main" in cmdline.read()
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid and spawned:
                found.append(int(entry))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finding the worker processes needs Linux's /proc")
def test_a_worker_killed_mid_run_costs_one_puzzle_and_the_run_goes_on(tmp_path):
    source = corpus_file("sudoku9_norvig_top95.txt")
    total = len(pybridge.load(source))
    out = tmp_path / "out.jsonl"
    run = running_batch(source, out, 5)
    workers = workers_of(run.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)  # as the kernel's OOM killer would
    _, err = run.communicate(timeout=120)
    done = records(out)
    assert sorted(r["index"] for r in done) == list(range(total)), err
    failed = [r for r in done if r["status"] != "solved"]
    assert len(failed) == 1 and failed[0]["status"] == "error"
    assert failed[0]["error"] == "the worker process stopped (exit code -9) on this puzzle"
    assert run.returncode == 1  # not every puzzle solved


def test_generate_resumes_by_seed(tmp_path):
    out = tmp_path / "made.jsonl"
    args = ("generate", "sudoku", "--size", "4", "--count", "6", "--seed", "40", "--output", str(out))
    assert cli(*args, "--jobs", "2").returncode == 0
    made = records(out)
    out.write_text("".join(json.dumps(r) + "\n" for r in made[:2]))
    assert cli(*args, "--resume").returncode == 0
    again = records(out)
    assert sorted(r["seed"] for r in again) == list(range(40, 46)) and again[:2] == made[:2]
    assert {r["seed"]: r["puzzle"] for r in again} == {r["seed"]: r["puzzle"] for r in made}


def test_progress_shows_count_rate_and_time_left_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = Terminal()
    progress = Progress(4, shown, every=0)
    for _ in range(4):
        progress.step()
        time.sleep(0.01)
    lines = shown.getvalue().split("\r")[1:]
    assert lines[0] == "1/4  25.0%\033[K"  # no rate from one value
    assert lines[-1].startswith("4/4 100.0%  ") and "/s  ETA 0:00" in lines[-1]
    quiet = io.StringIO()
    Progress(4, quiet, every=0).step()
    assert quiet.getvalue() == ""
    assert cli("solve", "--one-line", "--jobs", "2", str(SUDOKU9)).stderr == ""


def test_a_dask_local_cluster_gives_the_local_results():
    distributed = pytest.importorskip("dask.distributed", reason="Dask (pip install 'puzzlog[cluster]') is absent")
    puzzles = pybridge.load(SUDOKU9) + pybridge.load(ROOT / "puzzles" / "kakuro" / "medium.grid")
    local = pybridge.batch(puzzles, "solve")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c, \
            distributed.Client(c) as client:
        remote = pybridge.batch(puzzles, "solve", client=client)
        pids = client.run(os.getpid)
        by_cli = cli("solve", "--one-line", "--cluster", c.scheduler_address, str(SUDOKU9))
    assert [(r.status, r.values) for r in remote] == [(r.status, r.values) for r in local]
    assert len(set(pids.values())) == 2 and os.getpid() not in pids.values()
    assert by_cli.returncode == 0 and by_cli.stdout == cli("solve", "--one-line", str(SUDOKU9)).stdout


def test_work_is_checked_and_keeps_the_callers_limits():
    with pytest.raises(pybridge.PuzzlogError, match="unknown work"):
        Work("draw")
    pybridge.LIMITS.max_chain_links = 9
    try:
        assert Work("solve").limits.max_chain_links == 9  # a fresh worker takes them on
    finally:
        pybridge.LIMITS.max_chain_links = 14


# ---------------------------------------------------------------- crash-proof (issue 30, point 9)

def test_a_csv_of_twelve_thousand_rows_is_read_whole_and_right(tmp_path):
    # The public `quizzes,solutions` shape: all at once it outgrew the engine's stack, and
    # writing that error aborted the process in native code ("double free or corruption").
    # It is read in pieces now: 12,000 rows are 24 of them (50,000 took 20 s of make test).
    rows = kaggle_rows()
    big = tmp_path / "big.csv"
    body = [f"{rows[i % len(rows)][0]},{rows[i % len(rows)][1]}" for i in range(12_000)]
    body[10_000] = body[10_000][:80] + "," + body[10_000].split(",")[1]  # a row a cell short, at line 10,002
    big.write_text("quizzes,solutions\n" + "\n".join(body) + "\n")
    puzzles = pybridge.load(big, errors="keep")
    assert len(puzzles) == 12_000
    bad = puzzles[10_000]
    assert isinstance(bad, pybridge.Unreadable) and bad.line == 10_002 and "80 cells" in str(bad.error)
    assert [p.index for p in puzzles[9_998:10_003]] == list(range(9_998, 10_003))
    edge = reading.PIECE_LINES - 1   # rows edge - 1 and edge sit either side of the first piece's end
    for i in (0, edge - 1, edge, edge + 1, 1999, 2000, 2001, 11_999):
        assert puzzles[i].line == i + 2
        assert "".join(map(str, puzzles[i].solution)) == rows[i % len(rows)][1]
        assert [g for g in puzzles[i].givens] == [int(ch) for ch in rows[i % len(rows)][0]]


def test_records_written_by_one_run_are_refused_to_another(tmp_path):
    source = corpus_file("sudoku9_norvig_top95.txt")
    out = tmp_path / "out.jsonl"
    first = running_batch(source, out, 3)
    first.send_signal(signal.SIGSTOP)  # holds its lock, whatever the machine's speed, until SIGCONT
    try:
        for extra in ([], ["--resume"]):
            second = cli("solve", "--output", str(out), *extra, str(source))
            assert second.returncode == 1 and "being written by another puzzlog run" in second.stderr
    finally:
        first.send_signal(signal.SIGCONT)
        _, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    indexes = [r["index"] for r in records(out)]
    assert sorted(indexes) == list(range(len(pybridge.load(source))))  # each once


def test_resume_says_what_failed_and_retry_errors_does_it_again(tmp_path):
    out = tmp_path / "out.jsonl"
    assert cli("solve", "--output", str(out), str(SUDOKU9)).returncode == 0
    kept = records(out)
    kept[1].update(status="error", error="the worker process stopped (exit code -9) on this puzzle", grid=[])
    kept[3].update(status="timeout", grid=[])
    out.write_text("".join(json.dumps(r) + "\n" for r in kept))
    resumed = cli("solve", "--output", str(out), "--resume", str(SUDOKU9))
    assert resumed.returncode == 1 and records(out) == kept  # nothing to do, and the file holds failures
    retried = cli("solve", "--output", str(out), "--resume", "--retry-errors", str(SUDOKU9))
    assert retried.returncode == 0, retried.stderr
    again = records(out)
    order = [r["index"] for r in kept]
    assert [r["index"] for r in again] == [i for i in order if i not in (1, 3)] + [1, 3]  # the rest kept as it was
    assert again[0] == kept[0] and all(r["status"] == "solved" for r in again)
    puzzles = pybridge.load(SUDOKU9)
    for record in again:
        assert_valid_solution(puzzles[record["index"]], [v for row in record["grid"] for v in row])
    assert "goes with --resume" in cli("solve", "--output", str(out), "--retry-errors", str(SUDOKU9)).stderr


def test_sigterm_stops_like_ctrl_c_and_no_worker_prints_a_traceback(tmp_path):
    source = corpus_file("sudoku9_norvig_top95.txt")
    out = tmp_path / "out.jsonl"
    run = running_batch(source, out, 5)
    run.send_signal(signal.SIGTERM)
    _, err = run.communicate(timeout=30)
    assert run.returncode == 128 + signal.SIGTERM
    assert "puzzlog: terminated after" in err and "--resume continues" in err
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert cli("solve", "--output", str(out), "--resume", "--jobs", "2", str(source)).returncode == 0
    assert sorted(r["index"] for r in records(out)) == list(range(len(pybridge.load(source))))


def test_ctrl_c_before_any_answer_still_says_so(tmp_path):
    # Interrupted while the workers start and the input is read: the message comes all the same.
    run = subprocess.Popen([sys.executable, "-m", "pybridge", "solve", "--jobs", "2", "--output",
                            str(tmp_path / "out.jsonl"), str(corpus_file("sudoku9_royle17_first2000.txt"))],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while len(workers_of(run.pid)) < 2:
        assert run.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130 and "puzzlog: interrupted " in err, err
    assert "Traceback" not in err, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_output_that_cannot_be_written_is_said_so(tmp_path):
    for target in ("/dev/full", str(tmp_path / "no-such-folder" / "out.jsonl"), str(SUDOKU9 / "x")):
        run = cli("solve", "--output", target, str(SUDOKU9))
        assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.startswith(f"puzzlog: {target}: cannot write the records there ("), run.stderr
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "pybridge", "solve", str(SUDOKU9)], cwd=ROOT, stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    assert run.returncode == 1 and run.stderr.strip() == "puzzlog: cannot write the output: No space left on device"


# ---------------------------------------------------------------- streaming

def kaggle_rows() -> list[list[str]]:
    """The corpus's Kaggle sample as (quiz, solution) rows: the shape of the public million-puzzle CSVs."""
    return [line.split(",") for line in corpus_lines("sudoku9_kaggle_bryanpark_first3000.csv")]


def big_csv(path, rows: list[list[str]], count: int) -> list[list[str]]:
    """A `quizzes,solutions` CSV of ``count`` rows cycled from ``rows``; the rows written."""
    body = [rows[i % len(rows)] for i in range(count)]
    path.write_text("quizzes,solutions\n" + "".join(f"{q},{s}\n" for q, s in body))
    return body


def test_standard_input_is_solved_as_it_comes():
    """Answers come out while the input is still open: the pieces read whole are solved
    before the rest is written."""
    rows = kaggle_rows()
    run = subprocess.Popen([sys.executable, "-m", "pybridge", "solve", "--one-line", "-"], cwd=ROOT,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(600, run.kill)  # only if the answers never come
    watchdog.start()
    try:
        run.stdin.write("".join(f"{q},{s}\n" for q, s in rows[:900]))
        run.stdin.flush()
        pieces = reading._in_pieces(range(3000), reading.FIRST_PIECE)
        ends = list(itertools.accumulate(len(piece) for _, piece in pieces))
        whole = max(end for end in ends if end <= 900)   # the pieces the first 900 lines fill (three)
        first = [run.stdout.readline().strip() for _ in range(whole)]
        assert run.poll() is None, "the run ended before its input did"
        run.stdin.write("".join(f"{q},{s}\n" for q, s in rows[900:1200]))
        run.stdin.close()
        rest = run.stdout.read().split()
        assert run.wait() == 0, run.stderr.read()
    finally:
        watchdog.cancel()
    assert first + rest == [s for _, s in rows[:1200]]


def test_a_csv_streamed_through_two_workers_reports_a_bad_line_and_solves_the_rest(tmp_path):
    big = tmp_path / "big.csv"
    body = big_csv(big, kaggle_rows(), 800)   # pieces of 100, 200, 400 and 100 rows
    lines = big.read_text().splitlines()
    lines[601] = lines[601][:80] + "," + body[600][1]  # row 600 (line 602, the third piece) a cell short
    big.write_text("\n".join(lines) + "\n")
    out = cli("solve", "--csv", "--jobs", "2", str(big))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    table = list(csv.DictReader(io.StringIO(out.stdout)))
    assert len(table) == 800 and [int(r["index"]) for r in table] == list(range(800))
    bad = table[600]
    assert bad["status"] == "invalid" and bad["line"] == "602" and "80 cells" in bad["error"]
    for i, row in enumerate(table):
        if i != 600:
            assert row["status"] == "solved" and row["solution"] == body[i][1], i
    alone = cli("solve", "--csv", "--jobs", "1", str(big))
    untimed = [{k: v for k, v in row.items() if k != "ms"} for row in csv.DictReader(io.StringIO(alone.stdout))]
    assert untimed == [{k: v for k, v in row.items() if k != "ms"} for row in table]  # one process or two


def test_lines_interrupted_halfway_resume_without_losing_or_repeating(tmp_path):
    # bench/batch.py does the same to a million lines; here, enough for many pieces of the
    # file read while the workers solve, at a cost `make test`'s 10 minutes can carry
    big = tmp_path / "big.csv"
    body = big_csv(big, kaggle_rows(), 2_400)
    out = tmp_path / "out.jsonl"
    run = subprocess.Popen([sys.executable, "-m", "pybridge", "solve", "--jobs", "2", "--output", str(out),
                            str(big)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while not (out.exists() and out.read_text().count("\n") >= 1_200):
        assert run.poll() is None, run.stderr.read()
        time.sleep(0.2)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=120)
    assert run.returncode == 130 and "interrupted after" in err and "--resume continues" in err
    before = records(out)
    assert 1_200 <= len(before) < 2_400
    resumed = cli("solve", "--jobs", "2", "--output", str(out), "--resume", str(big))
    assert resumed.returncode == 0, resumed.stderr
    done = records(out)
    assert done[:len(before)] == before
    assert sorted(r["index"] for r in done) == list(range(2_400))  # each once: none lost, none repeated
    for record in done:
        assert "".join(str(v) for row in record["grid"] for v in row) == body[record["index"]][1]


def test_a_resumed_file_of_many_records_is_read_in_little_memory(tmp_path):
    """Resuming holds a bit for each record kept, not the record: a million kept records
    once took the resumed run 2 GB.  The records to do again, and a last line cut short,
    are dropped from the file in place."""
    import tracemalloc
    from pybridge.cli.batch_output import RecordsFile
    out = tmp_path / "out.jsonl"
    grid = [[(r * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    with out.open("w") as f:
        for i in range(10_000):
            status = "timeout" if i == 5_000 else "unsolvable" if i == 7_500 else "solved"
            f.write(json.dumps({"source": "big.csv", "index": i, "status": status, "grid": grid}) + "\n")
        f.write('{"source": "big.csv", "index": 10000, "sta')   # a killed run's last line
    tracemalloc.start()
    records = RecordsFile(out, lambda r: (r["source"], r["index"]), resume=True,
                          retried=lambda r: r["status"] == "timeout", ok=lambda r: r["status"] == "solved")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    records.close()
    assert peak < 2 * 2 ** 20, f"{peak / 2 ** 20:.0f} MB to read 10,000 records"
    assert ("big.csv", 0) in records.done and ("big.csv", 9_999) in records.done
    assert ("big.csv", 5_000) not in records.done and ("big.csv", 10_000) not in records.done
    assert ("other.csv", 0) not in records.done and records.kept_failures == 1 and not records.kept_ok()
    lines = out.read_text().splitlines()
    assert len(lines) == 9_999 and all(json.loads(line)["status"] != "timeout" for line in lines)


def test_jobs_0_is_one_process_a_core_and_a_negative_count_is_refused(monkeypatch):
    from pybridge.batches import work
    asked = []
    real = work.run_pool

    def counted(job, items, jobs, hang_seconds):
        asked.append(jobs)
        return real(job, items, jobs, hang_seconds)

    monkeypatch.setattr(work, "run_pool", counted)
    monkeypatch.setattr(work, "cores", lambda: 2)
    puzzles = pybridge.load("puzzles/sudoku9.txt")
    results = pybridge.batch(puzzles, "solve", jobs=0)
    assert asked == [2] and [r.status for r in results] == ["solved"] * len(puzzles)
    assert [r.values for r in results] == [pybridge.solve(p).values for p in puzzles]
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="jobs must be a whole number"):
            pybridge.batch(puzzles, "solve", jobs=bad)
        with pytest.raises(pybridge.PuzzlogError):
            pybridge.batch(puzzles, "solve", jobs=bad)


def test_engines_kept_between_batches_give_what_batch_gives():
    puzzles = pybridge.load("puzzles/sudoku9.txt")
    with pybridge.Pool("solve", jobs=2) as engines:
        first = engines.map(puzzles[:5])
        second = engines.map(puzzles[5:])
        assert repr(engines) == "Pool(solve, 2 processes)"
    assert [r.values for r in first + second] == [r.values for r in pybridge.batch(puzzles, "solve")]
    with pytest.raises(pybridge.PuzzlogError, match="closed"):
        engines.map(puzzles)
    with pytest.raises(ValueError, match="jobs must be"):
        pybridge.Pool("solve", jobs=-1)

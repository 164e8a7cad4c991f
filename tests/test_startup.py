"""A quick start that is never a stale one, nor a fatal one: the engine starts from its saved
state (kept in the user's cache folder, one a folder of sources) while it is fresh (built from
these sources, by this SWI-Prolog, whole, newer than every source), and the state is built again
as soon as it is not.  A state SWI-Prolog cannot read would abort the process: such a one must
never be started from.  Tried on a copy of the package with a cache folder of its own, so that
the suite's own engines are left alone."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from pybridge.engine import compiled
from conftest import ROOT

EXPLAIN_FIRST_STEP = """
import pybridge, pybridge.engine.swipl as engine
[p] = pybridge.load("...24......32...")
print(pybridge.explain(p).steps[0].text)
print(engine.started_from)
"""


@pytest.fixture(autouse=True)
def cache_of_its_own(tmp_path, monkeypatch):
    """Every start here keeps its state in the test's own cache folder."""
    monkeypatch.setenv("PUZZLOG_CACHE", str(tmp_path / "cache"))


def copy_of_the_package(target):
    """The package without its state, nor where SWI-Prolog is: as a fresh checkout.  Returns
    where its state will be kept."""
    ignore = shutil.ignore_patterns("__pycache__", "*.qlf", compiled.STATE, f"{compiled.STATE}.new", compiled.BUILT,
                                    compiled.LOCK, compiled.SWIPL_PATHS)
    shutil.copytree(ROOT / "pybridge", target / "pybridge", ignore=ignore)
    shutil.copytree(ROOT / "prolog", target / "prolog", ignore=ignore)
    return compiled.state_path(target / "prolog")


def first_step(target) -> tuple[str, str]:
    """The first step of a 4x4's explanation, and what the engine started from."""
    out = subprocess.run([sys.executable, "-c", EXPLAIN_FIRST_STEP], cwd=target, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(target)}, timeout=120)
    assert out.returncode == 0, out.stderr
    step, started_from = out.stdout.strip().splitlines()
    return step, started_from


def test_a_stale_saved_state_is_built_again_not_used(tmp_path):
    state = copy_of_the_package(tmp_path)
    assert not state.exists()
    step, started_from = first_step(tmp_path)    # a first start: pyswip finds SWI-Prolog, then builds the state
    assert step.startswith("naked single: r2c4") and started_from == "sources" and state.exists()
    built = state.stat().st_mtime_ns
    assert first_step(tmp_path) == (step, "state")   # the next ones start from it as it is
    assert state.stat().st_mtime_ns == built
    # a source changed after the state was built: its words must show, not the old state's
    explain = tmp_path / "prolog" / "analysis" / "explain.pl"
    text = explain.read_text()
    assert "'r~wc~w can only be ~w'" in text
    explain.write_text(text.replace("'r~wc~w can only be ~w'", "'r~wc~w is forced to be ~w'"))
    earlier = explain.stat().st_mtime - 10  # the state older than the source, whatever the clock's grain
    os.utime(state, (earlier, earlier))
    built = state.stat().st_mtime_ns
    step, started_from = first_step(tmp_path)
    assert step.startswith("naked single: r2c4 is forced to be") and started_from == "state"
    assert state.stat().st_mtime_ns > built and state.stat().st_mtime_ns >= explain.stat().st_mtime_ns


def test_a_state_that_is_not_whole_or_of_another_swi_prolog_is_never_started_from(tmp_path):
    """SWI-Prolog aborts the process on a state it cannot read: a cut one (a full disk, a
    copy cut short) or one another SWI-Prolog wrote is built again before it is started."""
    state = copy_of_the_package(tmp_path)
    first_step(tmp_path)
    whole = state.read_bytes()
    state.write_bytes(whole[: len(whole) // 2])   # newer than every source, but cut
    assert first_step(tmp_path)[1] == "state"
    assert state.read_bytes() != whole[: len(whole) // 2] and len(state.read_bytes()) > len(whole) // 2
    built = state.parent / compiled.BUILT
    folder, lib, size = built.read_text().splitlines()
    path, lib_size, lib_time = lib.split()
    built.write_text("\n".join([folder, f"{path} {int(lib_size) + 1} {lib_time}", size]) + "\n")  # an upgrade
    before = state.stat().st_mtime_ns
    assert first_step(tmp_path)[1] == "state"
    assert state.stat().st_mtime_ns > before and built.read_text().splitlines()[1] == lib


SHELL_STEP = "explain:step_text(step(naked_single, cell(2/2), [p(2,2,4)], []), T), write(T), nl"


def test_the_shell_never_meets_a_precompiled_engine(tmp_path):
    """SWI-Prolog loads a bridge.qlf in place of bridge.pl when it is newer than bridge.pl
    alone: left under that name, a stale one crashed `swipl prolog/puzzlog.pl` (its old
    modules beside the fresh sources of the others).  The shell reads the sources."""
    state = copy_of_the_package(tmp_path)
    assert first_step(tmp_path)[0].startswith("naked single")
    assert state.exists() and not list((tmp_path / "prolog").rglob("*.qlf"))
    explain = tmp_path / "prolog" / "analysis" / "explain.pl"
    explain.write_text(explain.read_text().replace("'r~wc~w can only be ~w'", "'r~wc~w is forced to be ~w'"))
    shell = subprocess.run(["swipl", "-q", "-g", SHELL_STEP, "-t", "halt", str(tmp_path / "prolog" / "puzzlog.pl")],
                           capture_output=True, text=True, timeout=120)
    assert shell.returncode == 0 and shell.stdout.strip() == "naked single: r2c2 is forced to be 4", shell.stderr


def test_a_copy_of_the_sources_elsewhere_has_a_state_of_its_own(tmp_path):
    """The state names its sources by their full paths (a rule's clause is shown from them):
    a copy of the sources in another folder gets a state built from it, and the first one's
    is left as it was."""
    first = tmp_path / "first"
    state = copy_of_the_package(first)
    assert first_step(first)[0].startswith("naked single")
    first_built = state.stat().st_mtime_ns
    moved = tmp_path / "moved"
    shutil.copytree(first, moved)  # times kept: the copy looks as fresh as the original
    moved_state = compiled.state_path(moved / "prolog")
    assert moved_state != state and not moved_state.exists()
    assert first_step(moved)[0] == first_step(first)[0]
    assert first_step(moved)[1] == "state"
    assert (moved_state.parent / compiled.BUILT).read_text().splitlines()[0] == str(moved / "prolog")
    assert state.stat().st_mtime_ns == first_built


def test_an_install_is_left_as_pip_wrote_it(tmp_path):
    """Nothing is written beside the installed sources (a read-only install starts from a
    state as fast); a cache that cannot be written is said, once, and the engine still starts."""
    copy_of_the_package(tmp_path)
    for path in (tmp_path / "prolog", tmp_path / "pybridge"):
        for folder in [path, *[p for p in path.rglob("*") if p.is_dir()]]:
            folder.chmod(0o555)
    try:
        assert first_step(tmp_path)[0].startswith("naked single")
        assert first_step(tmp_path)[1] == "state"
        blocked = tmp_path / "no-cache"
        blocked.write_text("a file where the cache folder would be")
        out = subprocess.run([sys.executable, "-c", EXPLAIN_FIRST_STEP], cwd=tmp_path, capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(tmp_path), "PUZZLOG_CACHE": str(blocked / "x")},
                             timeout=120)
        assert out.returncode == 0 and out.stdout.split("\n")[1] == "sources", out.stderr
        assert out.stderr.count("no engine state can be kept in") == 1, out.stderr
    finally:
        for path in (tmp_path / "prolog", tmp_path / "pybridge"):
            for folder in [path, *[p for p in path.rglob("*") if p.is_dir()]]:
                folder.chmod(0o755)
    written = [p for p in (tmp_path / "prolog").rglob("*") if p.name.startswith((".", "engine.state"))]
    assert written == []

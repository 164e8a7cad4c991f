"""A quick start that is never a stale one: the engine loads from prolog/engine.qlf while it is
newer than every source, and is compiled again (and the file rewritten) as soon as one source
is newer.  Tried on a copy of the package, so that the suite's own engines are left alone."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

from pybridge import compiled
from conftest import ROOT

EXPLAIN_FIRST_STEP = """
import pybridge
[p] = pybridge.load("...24......32...")
print(pybridge.explain(p).steps[0].text)
"""


def copy_of_the_package(target):
    ignore = shutil.ignore_patterns("__pycache__", "*.qlf", compiled.WHERE, compiled.LOCK, compiled.SWIPL_PATHS)
    shutil.copytree(ROOT / "pybridge", target / "pybridge", ignore=ignore)
    shutil.copytree(ROOT / "prolog", target / "prolog", ignore=ignore)
    return target / "prolog" / compiled.QLF


def first_step(target) -> str:
    out = subprocess.run([sys.executable, "-c", EXPLAIN_FIRST_STEP], cwd=target, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(target)}, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_a_stale_precompiled_engine_is_compiled_again_not_used(tmp_path):
    qlf = copy_of_the_package(tmp_path)
    assert not qlf.exists()
    assert first_step(tmp_path).startswith("naked single: r2c4")   # the first start writes it
    built = qlf.stat().st_mtime_ns
    assert first_step(tmp_path).startswith("naked single: r2c4")   # the next ones load it as it is
    assert qlf.stat().st_mtime_ns == built
    # a source changed after the file was written: its words must show, not the old file's
    explain = tmp_path / "prolog" / "analysis" / "explain.pl"
    text = explain.read_text()
    assert "'r~wc~w can only be ~w'" in text
    explain.write_text(text.replace("'r~wc~w can only be ~w'", "'r~wc~w is forced to be ~w'"))
    earlier = explain.stat().st_mtime - 10  # the file older than the source, whatever the clock's grain
    os.utime(qlf, (earlier, earlier))
    built = qlf.stat().st_mtime_ns
    assert first_step(tmp_path).startswith("naked single: r2c4 is forced to be")
    assert qlf.stat().st_mtime_ns > built and qlf.stat().st_mtime_ns >= explain.stat().st_mtime_ns


SHELL_STEP = "explain:step_text(step(naked_single, cell(2/2), [p(2,2,4)], []), T), write(T), nl"


def test_the_shell_never_meets_a_precompiled_engine(tmp_path):
    """SWI-Prolog loads a bridge.qlf in place of bridge.pl when it is newer than bridge.pl
    alone: left under that name, a stale one crashed `swipl prolog/puzzlog.pl` (its old
    modules beside the fresh sources of the others).  The shell reads the sources."""
    qlf = copy_of_the_package(tmp_path)
    assert first_step(tmp_path).startswith("naked single")
    assert qlf.exists() and not (tmp_path / "prolog" / "bridge.qlf").exists()
    explain = tmp_path / "prolog" / "analysis" / "explain.pl"
    explain.write_text(explain.read_text().replace("'r~wc~w can only be ~w'", "'r~wc~w is forced to be ~w'"))
    shell = subprocess.run(["swipl", "-q", "-g", SHELL_STEP, "-t", "halt", str(tmp_path / "prolog" / "puzzlog.pl")],
                           capture_output=True, text=True, timeout=120)
    assert shell.returncode == 0 and shell.stdout.strip() == "naked single: r2c2 is forced to be 4", shell.stderr


def test_a_precompiled_engine_moved_with_its_folder_is_compiled_again(tmp_path):
    """The .qlf names its sources by their full paths (a rule's clause is shown from them):
    one built in another folder is not used, however new it is."""
    first = tmp_path / "first"
    qlf = copy_of_the_package(first)
    assert first_step(first).startswith("naked single")
    moved = tmp_path / "moved"
    shutil.copytree(first, moved)  # times kept: the copy looks as fresh as the original
    where = moved / "prolog" / compiled.WHERE
    assert where.read_text() == str(first / "prolog")
    assert first_step(moved).startswith("naked single")
    assert where.read_text() == str(moved / "prolog") and qlf.exists()

"""The engine's plunit tests (tests/prolog/*.plt), one unit a test so that pytest's workers
share them out: each unit runs in its own `swipl`, as

    swipl -g "[tests/prolog/run], (run_tests(Unit) -> halt(0) ; halt(1))"

and its failures are shown as plunit prints them."""
from __future__ import annotations

import re
import subprocess

import pytest

from conftest import ROOT

UNITS = sorted(unit for plt in (ROOT / "tests" / "prolog").glob("*.plt")
               for unit in re.findall(r"^:- begin_tests\((\w+)", plt.read_text(), re.M))


def test_every_unit_is_found():
    assert len(UNITS) >= 9 and "soundness" in UNITS


@pytest.mark.parametrize("unit", UNITS)
def test_plunit(unit):
    goal = f"[tests/prolog/run], (run_tests({unit}) -> halt(0) ; halt(1))"
    out = subprocess.run(["swipl", "-g", goal, "-t", "halt(2)"], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert "passed" in out.stdout + out.stderr, out.stdout + out.stderr

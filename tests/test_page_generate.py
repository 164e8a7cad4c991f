"""The page's Generate, walked as a player walks it: every kind the catalogue makes, at its
default size, at every level the page offers there and at "any", through the server's API
with its own limit and no stock made beforehand, a timed-out try made again as the page makes
it (three tries).  Issue 46: Generate never times out where the page offers a level.

The levels are asked hardest first, each made cold; what a generation makes on its way to a
harder level is kept for the easier ones, as the server keeps it for a player (bench/
page_generate.py asks each setting of a fresh server instead)."""
from __future__ import annotations

import os
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (pip install 'puzzlog[web]') is not installed")
pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")

from starlette.testclient import TestClient  # noqa: E402

import pybridge  # noqa: E402
from pybridge.engine.catalogue import catalogue  # noqa: E402
from pybridge.solving.generate import GENERATED_KINDS  # noqa: E402
from pybridge.web import ServeLimits, create_app  # noqa: E402

PAGE_TRIES = 3   # app.js GENERATE_TRIES


def cpu_share(seconds: float = 0.5) -> float:
    """The share of a core this process gets now (CPU time over wall time of a busy loop)."""
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        pass
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


@pytest.fixture(scope="module")
def client():
    """A server as `puzzlog serve` starts it, one engine: its limit is 10 s a request on a core
    of its own, longer by as much as the machine is shared now (CI's 2 cores carry two test
    workers, and a busy machine more), so that what is asserted is the work, not the load."""
    # the share now, but no more than the cores over the suite's workers: a moment's quiet at
    # the start does not last while the other workers run (3 workers on CI's 2 cores)
    # and no more than the load average leaves a process (two CPU-bound loops beside the suite
    # leave its engine a third of a core, which a half-second's loop here may not see)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    cores = os.cpu_count() or 1
    expected = min(1.0, cores / workers)
    loaded = min(1.0, cores / max(os.getloadavg()[0], 1.0))
    limit = ServeLimits().time_limit / min(expected, max(min(cpu_share(), loaded), 0.2))
    with TestClient(create_app(ServeLimits(engines=1, time_limit=limit)), base_url="http://localhost") as c:
        yield c


@pytest.mark.parametrize("kind", list(GENERATED_KINDS))
def test_every_level_the_page_offers_is_made_within_the_servers_limit(client, kind):
    made = catalogue().generated[kind]
    offered = made.levels[made.default_size]
    assert offered, f"the page offers no level of a {kind}"
    failed = []
    for level in [*reversed(offered), None]:
        answers = []
        for _ in range(PAGE_TRIES):
            answer = client.post("/api/generate", json={"kind": kind, "size": made.default_size,
                                                        "difficulty": level})
            answers.append(answer)
            if answer.status_code == 200:
                break
        if answer.status_code != 200:
            failed.append((level or "any", [(a.status_code, a.json().get("error")) for a in answers]))
            continue
        body = answer.json()
        if level is not None:
            assert body["level"] == level, (kind, level, body["level"])
        # what the page shows is a puzzle of that kind that has one solution
        [puzzle] = pybridge.parse(body["puzzle"], kind=made.read_as)
        assert pybridge.solve(puzzle).status == "solved", (kind, level)
    assert not failed, f"{kind} {made.default_size}: not made within the server's limit in {PAGE_TRIES} tries: {failed}"

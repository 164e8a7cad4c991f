"""The JSON API of `puzzlog serve` (pybridge/web): every endpoint with good and bad input,
answers checked against the rules, and many requests at once."""
from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("starlette", reason="the web extra (pip install 'puzzlog[web]') is not installed")
pytest.importorskip("httpx2", reason="starlette's test client needs httpx2")

from starlette.testclient import TestClient  # noqa: E402

import pybridge  # noqa: E402
from pybridge.web import ServeLimits, create_app  # noqa: E402
from conftest import ROOT, assert_valid_solution  # noqa: E402

SUDOKU9 = (ROOT / "puzzles" / "sudoku9.txt").read_text()
FUTOSHIKI = (ROOT / "puzzles" / "futoshiki" / "unequal.txt").read_text()
KAKURO = (ROOT / "puzzles" / "kakuro" / "medium.grid").read_text()


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url="http://localhost") as c:
        yield c


def first(text: str) -> pybridge.Puzzle:
    return pybridge.parse(text)[0]


def test_the_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_read_gives_each_puzzle_with_its_picture(client):
    data = client.post("/api/read", json={"puzzle": SUDOKU9}).json()
    assert len(data["puzzles"]) == len(pybridge.parse(SUDOKU9))
    shown = data["puzzles"][0]
    assert (shown["kind"], shown["rows"], shown["cols"]) == ("sudoku", 9, 9)
    assert shown["picture"].startswith("<svg") and shown["picture"].count('data-cell="') == 81


@pytest.mark.parametrize("text", [SUDOKU9, FUTOSHIKI, KAKURO])
def test_solve_gives_a_solution_that_keeps_the_rules(client, text):
    data = client.post("/api/solve", json={"puzzle": text}).json()
    assert data["status"] == "solved"
    p = first(text)
    values = [v for row in data["grid"] for v in row] if isinstance(data["grid"][0], list) else data["grid"]
    assert values == pybridge.solve(p).values
    if isinstance(p, pybridge.Puzzle):
        assert_valid_solution(p, values)
    assert data["picture"].startswith("<svg")


def test_check_marks_a_wrong_entry_without_telling_the_solution(client):
    p = first(SUDOKU9)
    solution = pybridge.solve(p).values
    blank = p.givens.index(0)
    grid = [0] * 81
    grid[blank] = solution[blank] % 9 + 1  # a value the solution does not have there
    data = client.post("/api/check", json={"puzzle": SUDOKU9, "grid": grid}).json()
    r, c = divmod(blank, 9)
    assert data["status"] == "unique" and not data["complete"]
    assert [r + 1, c + 1] in data["wrong"] and "solutions" not in data
    done = client.post("/api/check", json={"puzzle": SUDOKU9, "grid": solution}).json()
    assert done["complete"] and done["wrong"] == [] and done["cells_left"] == 0


@pytest.mark.parametrize("level", [1, 2, 3])
def test_hints_at_each_level(client, level):
    data = client.post("/api/hint", json={"puzzle": SUDOKU9, "level": level}).json()
    direct = pybridge.hint(first(SUDOKU9), level=level)
    assert data["status"] == "step" and data["text"] == direct.text and data["picture"].startswith("<svg")


def test_explain_steps_end_on_the_solution(client):
    data = client.post("/api/explain", json={"puzzle": FUTOSHIKI, "pictures": True}).json()
    p = first(FUTOSHIKI)
    assert data["status"] == "solved" and data["steps"]
    assert all(step["picture"].startswith("<svg") for step in data["steps"])
    assert [v for row in data["grid"] for v in row] == pybridge.solve(p).values


def test_candidates_of_a_position(client):
    p = first(SUDOKU9)
    blank = p.givens.index(0)
    value = pybridge.solve(p).values[blank]
    grid = list(p.givens)
    grid[blank] = value
    data = client.post("/api/candidates", json={"puzzle": SUDOKU9, "grid": grid}).json()
    for i, open_values in enumerate(data["candidates"]):  # each open cell: what its row, column, box leave
        if grid[i]:
            assert open_values == []
            continue
        peers = {grid[j] for j in range(81) if j // 9 == i // 9 or j % 9 == i % 9
                 or (j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3)}
        assert open_values == sorted(set(range(1, 10)) - peers)
    assert data["picture"].startswith("<svg")
    kakuro = client.post("/api/candidates", json={"puzzle": KAKURO}).json()["candidates"]
    assert all(set(values) <= set(range(1, 10)) for values in kakuro) and any(kakuro)
    clash = list(p.givens)
    clash[blank] = next(v for v in p.givens[blank // 9 * 9:blank // 9 * 9 + 9] if v)  # a value its row has
    response = client.post("/api/candidates", json={"puzzle": SUDOKU9, "grid": clash})
    assert response.status_code == 200  # a clashing entry is left out, and the answer says so
    r, c = blank // 9 + 1, blank % 9 + 1
    assert response.json()["blocked"] == [[r, c]]
    assert response.json()["notes"][0].startswith(f"your r{r}c{c} = {clash[blank]} clashes with r{r}c")
    alone = client.post("/api/candidates", json={"puzzle": SUDOKU9, "grid": list(p.givens)}).json()
    assert response.json()["candidates"] == alone["candidates"]


def test_messages_are_in_the_page_words(client):
    bad = client.post("/api/read", json={"puzzle": "12..x"}).json()["puzzles"][0]["error"]
    assert bad.startswith("a row of 5 cells") and "<request>" not in bad
    refused = client.post("/api/solve", json={"puzzle": "12..x"}).json()["error"]
    assert "<request>" not in refused


def test_a_generated_kakuro_is_read_back_in_the_format_generate_names(client):
    # the page sends a generated puzzle back with the format /api/generate gave ("grid"), and no kind
    made = client.post("/api/generate", json={"kind": "kakuro", "size": 6, "seed": 2}).json()
    assert made["kind"] == "kakuro" and made["format"] == "grid" and made["picture"].startswith("<svg")
    for path in ("/api/check", "/api/candidates", "/api/solve"):
        response = client.post(path, json={"puzzle": made["puzzle"], "format": made["format"]})
        assert response.status_code == 200, (path, response.text)
    solved = client.post("/api/solve", json={"puzzle": made["puzzle"], "format": "grid"}).json()
    assert "".join(str(v) if v else "." for row in solved["grid"] for v in row) == made["solution"]


def test_rate_and_generate(client):
    rating = client.post("/api/rate", json={"puzzle": SUDOKU9, "index": 1}).json()
    here = pybridge.rate(pybridge.parse(SUDOKU9)[1])
    assert (rating["level"], rating["se"], rating["hodoku_level"]) == (here.level, here.se, here.hodoku_level)
    assert isinstance(rating["se"], float)
    made = client.post("/api/generate", json={"kind": "sudoku", "size": 6, "seed": 4, "difficulty": "basic"}).json()
    again = pybridge.generate("sudoku", size=6, seed=4, difficulty="basic")[0]
    assert made["puzzle"] == again.text() and made["level"] == "basic"
    assert pybridge.solve(first(made["puzzle"])).status == "solved"


def test_bundled_files_and_nothing_else(client):
    files = client.get("/api/bundled").json()["files"]
    assert "sudoku9.txt" in files and "kakuro/medium.grid" in files and not any(f.endswith(".md") for f in files)
    data = client.get("/api/bundled/sudoku9.txt").json()
    assert data["text"] == SUDOKU9 and len(data["puzzles"]) == len(pybridge.parse(SUDOKU9))
    for name in ("../pyproject.toml", "..%2Fpyproject.toml", "/etc/passwd", "README.md"):
        assert client.get(f"/api/bundled/{name}").status_code == 404


@pytest.mark.parametrize("body,message", [
    (b"not json", "not JSON"),
    (b"[1, 2]", "a JSON object"),
    (b"{}", "puzzle: the puzzle's text"),
    (b'{"puzzle": "1.3.", "kind": "chess"}', "kind: one of"),
    (b'{"puzzle": "1.3.......2....4", "index": 5}', "index: a whole number from 0 to 0"),
    (b'{"puzzle": "1.3.......2....4", "grid": {"a": 1}}', "grid: a text"),
    (b'{"puzzle": "12345"}', "a row of 5 cells"),
    (b'{"puzzle": "1.3.......2....4", "time_limit": 99}', "time_limit: seconds, more than 0 and at most 10"),
    (b'{"puzzle": "1.3.......2....4", "time_limit": "1"}', "time_limit: seconds"),
])
def test_bad_requests_get_a_clear_error(client, body, message):
    with_grid = ("/api/check", "/api/hint", "/api/candidates")
    paths = with_grid if b"grid" in body else ("/api/solve", "/api/check", "/api/rate")
    for path in paths:
        response = client.post(path, content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400 and message in response.json()["error"], response.text


def test_a_text_naming_a_file_is_only_text(client, tmp_path):
    # The path's length is made prime: a square length (81 for a 9x9) would read as a grid and
    # be refused for its characters, whatever the server does with files.
    length = len(str(tmp_path / "puzzle.txt"))
    while length < 2 or any(length % d == 0 for d in range(2, int(length ** 0.5) + 1)):
        length += 1
    secret = tmp_path / ("p" * (length - len(str(tmp_path / ".txt"))) + ".txt")
    assert len(str(secret)) == length
    secret.write_text(SUDOKU9)
    response = client.post("/api/solve", json={"puzzle": str(secret)})  # its characters, as a grid
    assert response.status_code == 400 and response.json()["error"].startswith(f"{len(str(secret))} cells")


def test_limits_on_size_and_time():
    with TestClient(create_app(ServeLimits(max_body_bytes=1000, time_limit=0.5)), base_url="http://localhost") \
            as small:
        response = small.post("/api/read", json={"puzzle": "." * 2000})
        assert response.status_code == 413 and "1000 bytes at most" in response.json()["error"]
        hard = (ROOT.parent / "shared" / "corpus" / "sudoku9_forum_hardest_1106.txt")
        if hard.exists():
            line = hard.read_text().splitlines()[0]
            # an engine at work first: on a busy machine its start took longer than the 0.5 s,
            # and the explain's answer was the 503 of a request that found no engine in time
            easy = next(line for line in SUDOKU9.splitlines() if not line.startswith("#"))
            for _ in range(20):
                if small.post("/api/check", json={"puzzle": easy}).status_code == 200:
                    break
            for _ in range(20):   # (a busy machine's 503, no engine free within the 0.5 s: asked again)
                answer = small.post("/api/explain", json={"puzzle": line})
                if answer.status_code != 503:
                    break
            data = answer.json()
            assert data.get("status") in ("timeout", "solved"), (answer.status_code, data)


def test_a_request_may_ask_for_less_time_than_the_server_allows(client):
    # an empty 25x25 takes the engine well over 10 s to find two solutions: the request's own
    # 0.5 s run out, at work (a timeout) or, on a busy machine, already while it waits for an
    # engine (503, saying so); never the server's 10 s
    response = client.post("/api/check", json={"puzzle": "." * 625, "time_limit": 0.5})
    data = response.json()
    if response.status_code == 503:
        assert data["error"].startswith("the time limit ran out (0.5 s, the wait for an engine included)"), data
    else:
        assert (response.status_code, data["status"]) == (200, "timeout"), data


def test_two_hundred_requests_from_eight_threads(client):
    puzzles = pybridge.parse(SUDOKU9)
    expected = [pybridge.solve(p).values for p in puzzles]

    def ask(i: int) -> bool:
        index = i % len(puzzles)
        if i % 2:
            data = client.post("/api/solve", json={"puzzle": SUDOKU9, "index": index}).json()
            return [v for row in data["grid"] for v in row] == expected[index]
        data = client.post("/api/check", json={"puzzle": SUDOKU9, "index": index, "grid": expected[index]}).json()
        return data["complete"]

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, range(200)))
    assert all(answers)
    assert client.post("/api/rate", json={"puzzle": SUDOKU9}).json()["status"] == "rated"


def test_generate_without_a_seed_takes_from_the_stock(tmp_path):
    library = tmp_path / "lib.sqlite"
    # what is asserted is the stock, not the time: an advanced 9x9 (a wing or a fish) takes 2 s of
    # CPU here, more than the default 10 s limit on a machine shared four ways
    limits = ServeLimits(library=library, engines=1, time_limit=120)
    with TestClient(create_app(limits), base_url="http://localhost") as c:
        made = c.post("/api/generate", json={"kind": "sudoku", "difficulty": "advanced", "seed": 3}).json()
        unseeded = c.post("/api/generate", json={"kind": "sudoku", "size": 4}).json()
        if unseeded["seed"] is not None:   # a 63-bit seed, as text: the CLI's --seed makes the same puzzle
            assert isinstance(unseeded["seed"], str)   # and the level asked, if "any" fell back to one
            again = pybridge.generate("sudoku", size=4, seed=int(unseeded["seed"]),
                                      difficulty=unseeded["difficulty"])[0]
            assert again.text() == unseeded["puzzle"]
        big = c.post("/api/generate", json={"kind": "sudoku", "size": 4, "seed": str(2 ** 62 + 1)}).json()
        assert big["seed"] == str(2 ** 62 + 1) and big["puzzle"] == pybridge.generate("sudoku", size=4, seed=2 ** 62 + 1)[0].text()
        assert made["level"] == "advanced" and made["seed"] == "3" and "misses" not in made
    with TestClient(create_app(ServeLimits(library=library, engines=1)), base_url="http://localhost") as c:
        # the same library, a new server: the basic puzzles made on the way to that advanced one wait there
        first = c.post("/api/generate", json={"kind": "sudoku", "difficulty": "basic"}).json()
        assert first["seed"] is None and first["level"] == "basic" and first["picture"].startswith("<svg")
        p = pybridge.parse(first["puzzle"])[0]
        assert pybridge.rate(p).level == "basic" and pybridge.solve(p).values == [int(ch) for ch in first["solution"]]


def test_an_idle_server_fills_its_stock_and_still_answers_at_once(tmp_path):
    """With no request for a moment, the server makes puzzles for its stock, Sudoku's first;
    Generate then answers from it.  A request that comes while it makes one is answered (the
    refill is called off: one engine, a request given 3 s while a refill may take 8)."""
    from pybridge.web.stocking import SHELF_TARGET, shape_of
    limits = ServeLimits(library=tmp_path / "lib.sqlite", engines=1, stock_idle_seconds=0.3)
    with TestClient(create_app(limits), base_url="http://localhost") as c:
        library = c.app.state.library
        shape = shape_of("sudoku", 9, None, None)
        deadline = time.monotonic() + 120
        while library.stock_count(shape, "basic") < SHELF_TARGET:
            assert time.monotonic() < deadline, "the stock was not filled"
            time.sleep(0.2)
        for _ in range(2):   # each while the next shelf's refill may be running
            time.sleep(0.5)
            solved = c.post("/api/solve", json={"puzzle": SUDOKU9, "time_limit": 3})
            assert solved.status_code == 200 and solved.json()["status"] == "solved"
        taken = c.post("/api/generate", json={"kind": "sudoku", "size": 9, "difficulty": "basic"}).json()
        assert taken["seed"] is None and taken["level"] == "basic"
        p = pybridge.parse(taken["puzzle"])[0]
        assert pybridge.rate(p).level == "basic" and pybridge.solve(p).status == "solved"
        # each puzzle stocked went into the practice bank too, under the techniques its walk meets
        banked = library.practice_puzzles("naked_single", "sudoku")
        assert banked and all(pybridge.parse(text)[0].givens for text, *_ in banked)
        assert library.practice_count("sudoku")["naked_single"] == len(banked)


def test_any_level_falls_back_to_a_level_when_the_search_runs_out_of_time():
    """A 16x16 at "any" level: thinned by a search it ran out of time (9.7 s); now the rest of
    the request's time goes to level basic, and the seed and level make it again."""
    with TestClient(create_app(ServeLimits(engines=1)), base_url="http://localhost") as c:
        made = c.post("/api/generate", json={"kind": "sudoku", "size": 16, "time_limit": 9}).json()
        assert made.get("level") and made["seed"] is not None, made
        again = pybridge.generate("sudoku", size=16, seed=int(made["seed"]), difficulty=made["difficulty"])[0]
        assert again.text() == made["puzzle"]


def test_practice_lists_its_techniques_gives_a_position_and_judges_a_step(client):
    listed = client.get("/api/practice/techniques").json()["kinds"]
    sudoku = [t["technique"] for t in listed["sudoku"]]
    ladder = [name for name, _ in pybridge.ladder()]
    assert "x_wing" in sudoku and sudoku == sorted(sudoku, key=ladder.index)
    assert {"killer", "kakuro", "futoshiki"} <= set(listed)
    found = client.post("/api/practice", json={"technique": "x_wing", "seed": 7}).json()
    assert found["technique"] == "x_wing" and len(found["codes"]) == 81 and found["step"].startswith("x wing:")
    p = pybridge.parse(found["puzzle"])[0]
    assert found["givens"] == p.givens and found["picture"].startswith("<svg")
    removed = [[int(r), int(c), int(v)] for v, cells in re.findall(r"remove (\d) from ((?:r\dc\d(?:, )?)+)", found["step"])
               for r, c in re.findall(r"r(\d)c(\d)", cells)]
    asked = {"puzzle": found["puzzle"], "technique": "x_wing", "codes": found["codes"]}
    assert client.post("/api/practice/check", json={**asked, "removals": removed[::-1]}).json()["verdict"] == "right"
    wrong = client.post("/api/practice/check", json={**asked, "placements": [[1, 1, 1]]})
    assert wrong.status_code == 200 and wrong.json()["verdict"] == "wrong"
    for bad in ({**asked, "codes": found["codes"][:80]}, {**asked, "removals": [[10, 1, 1]]},
                {**asked, "removals": "r1c1-1"}, {**asked, "technique": "x" * 100}):
        refused = client.post("/api/practice/check", json=bad)
        assert refused.status_code == 400 and refused.json()["error"]
    refused = client.post("/api/practice", json={"technique": "pointing", "kind": "futoshiki"})
    assert refused.status_code == 400 and "never fires in futoshiki" in refused.json()["error"]

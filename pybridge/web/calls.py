"""The engine's side of each API call: a request's JSON object in, the answer's out.

These run in the server's engine processes (engines.py), one request at a time each,
and never see HTTP.  Every text a request holds is read as a puzzle text (pybridge.read,
entries.read_entries with a ``str``), never as a file name, so no request reaches a file
on the server.  ``seconds`` is the wall-clock time left for the request: every engine
call is bounded by it.

    >>> CALLS["rate"]({"puzzle": "...24......32..."}, 5.0)["level"]
    'trivial'
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from ..solving.check import check
from ..solving.generate import generate
from ..solving.hints import hint
from ..solving.rating import rate
from ..solving.solver import explain, solve
from ..solving.check import entry_problems, possible_values
from ..puzzles.entries import read_entries, with_entries
from ..engine.errors import PuzzleFormatError, PuzzlogError
from ..engine.catalogue import catalogue
from ..solving.generate import Generated
from ..puzzles.kinds import AnyPuzzle, check_puzzle
from ..library.store import describe
from ..puzzles.picture import picture
from ..puzzles.latin import Unreadable
from ..puzzles.reading import read
from ..solving.solver import Solver
from ..solving.stock import Stock
from ..solving.solver import Position
from ..teaching.practice import PracticeError, check_answer, positions_in, practice, puzzle_text
from ..solving.ladder import UnknownTechniqueError, ladder


class BadRequest(PuzzlogError):
    """What a request got wrong, in words for the person who sent it."""


class OutOfTime(PuzzlogError):
    """The request's time ran out before its answer was found."""


def solve_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    p = _puzzle(data)
    result = solve(p, time_limit=seconds)
    return {**result.to_json(), "picture": p.picture(result.values) if result.values else p.picture()}


def check_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    return check(_puzzle(data), _grid(data), time_limit=seconds).to_json()


def hint_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    level = choice(data, "level", (1, 2, 3), 3)
    h = hint(_puzzle(data), _grid(data), level, time_limit=seconds)
    if h.status == "invalid":   # as every other call says a puzzle that breaks its rules
        raise BadRequest(h.text.removeprefix("<request>, line 1: "))
    return {**h.to_json(), "picture": h.picture()}


def possible_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    # a design with several solutions: what each open cell takes over all of them
    found = possible_values(_puzzle(data), time_limit=seconds)
    return {"values": [], "complete": False} if found is None else found.to_json()


def candidates_call(data: dict[str, Any], _seconds: float) -> dict[str, Any]:
    # what each open cell may still hold once the givens and the player's entries are
    # placed: the candidate grid a player pencils in by hand, before any technique.  An
    # entry that breaks a unit's rule is left out, and the answer says which and why.
    p = _puzzle(data)
    grid = _grid(data)
    values = p.givens if grid is None else read_entries(p, grid)
    blocked = _clashing_entries(p, values)
    kept = [0 if i in blocked else v for i, v in enumerate(values)]
    solver = Solver(with_entries(p, kept))
    cells = [values for row in solver.candidates() for values in row]
    open_values = [sorted(values) if code < 0 else [] for code, values in zip(solver.codes, cells)]
    _, cols = p.shape
    notes = [f"your r{i // cols + 1}c{i % cols + 1} = {values[i]} clashes with {blocked[i]}: "
             "the candidates leave it out" for i in sorted(blocked)]
    return {"candidates": open_values, "picture": picture(p, solver.codes),
            "blocked": [[i // cols + 1, i % cols + 1] for i in sorted(blocked)], "notes": notes}


def _clashing_entries(p: AnyPuzzle, values: list[int]) -> dict[int, str]:
    """The player's entries (not givens) that break a rule with the others (the engine's
    rules: puzzle_check.pl), each with a cell it clashes with."""
    _, cols = p.shape
    out: dict[int, str] = {}
    for problem in entry_problems(p, values):
        for r, c in problem.cells:
            i = (r - 1) * cols + c - 1
            if values[i] and not p.givens[i] and i not in out:
                others = [f"r{r2}c{c2}" for r2, c2 in problem.cells if (r2, c2) != (r, c)]
                out[i] = others[0] if others else problem.text
    return out


def page_words(exc: Exception) -> str:
    """An error as the page says it: a puzzle's reading errors without the '<request>' source
    the web layer gives the text it was sent."""
    if isinstance(exc, PuzzleFormatError) and exc.source in ("<request>", "<grid>") and exc.line in (None, 1):
        return (f"r{exc.cell[0]}c{exc.cell[1]}: " if exc.cell else "") + exc.rule
    return str(exc)


def explain_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    explanation = explain(_puzzle(data), time_limit=seconds)
    out = explanation.to_json()
    if data.get("pictures"):
        for step, shown in zip(explanation.steps, out["steps"]):
            shown["picture"] = step.picture()
    return out


def rate_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    return rate(_puzzle(data), time_limit=seconds).to_json()


def generate_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    """A new puzzle from ``seed``, and ``misses``: those made on the way that were not what
    was asked, for the server's stock, each as the puzzle is given."""
    kind = choice(data, "kind", tuple(catalogue().generated), "sudoku")
    size = data.get("size")
    if size is not None and not (isinstance(size, int) and not isinstance(size, bool)):
        raise BadRequest("size is a whole number")
    on_the_way = Stock()
    made = generate(kind, size=size, seed=seed_of(data),
                    difficulty=choice(data, "difficulty", catalogue().levels, None),
                    symmetry=choice(data, "symmetry", catalogue().symmetries, None), time_limit=seconds,
                    stock=on_the_way)
    misses = [generated_answer(g) for g in on_the_way.drain()]
    if not made:
        raise OutOfTime(f"no puzzle was made in the {seconds:.3g} s this request had")
    return {**generated_answer(made[0]), "misses": misses}


def generated_answer(g: Generated) -> dict[str, Any]:
    """What /api/generate says of a puzzle: Generated.to_json and what /api/read would say
    of it, so that the page need not read it again."""
    return {**g.to_json(), **shown(g.puzzle)}


def read_call(data: dict[str, Any], _seconds: float) -> dict[str, Any]:
    return {"puzzles": [shown(p) for p in _read(data)]}


def bundled_call(data: dict[str, Any], _seconds: float) -> dict[str, Any]:
    """A bundled file's puzzles, its text read by the server (the name is only a label)."""
    return {"puzzles": [shown(p) for p in read(data["text"], data["name"])]}


def describe_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    """What the library keeps of a puzzle beside its text: read, and rated in the time left."""
    kind, fmt = _kind_and_format(data)
    # reading and setting the puzzle up come out of the same time: the rating leaves them a fifth
    facts = describe(text(data), data.get("index", 0), data.get("source", ""), kind, fmt,
                     rate_seconds=max(0.01, 0.8 * seconds))
    return facts.__dict__


def practice_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    """A position where ``technique`` is the next step, in a puzzle of ``kind`` from the
    shipped bank (or, when it has none left, a new one), as /api/read shows a puzzle, with
    the position's cell codes and how many steps led there."""
    kind = choice(data, "kind", tuple(catalogue().generated), "sudoku")
    technique = _technique(data)
    seed = seed_of(data) if data.get("seed") is not None else secrets.randbelow(2 ** 62)
    bank = RequestBank(data.get("bank"))
    try:
        [p] = practice(technique, 1, kind, seed=seed, time_limit=seconds, library=bank)
    except (PracticeError, UnknownTechniqueError) as exc:
        raise BadRequest(str(exc)) from None
    return {**shown(p.puzzle), "puzzle": puzzle_text(p.puzzle), "format": p.puzzle.native_format, "technique": technique,
            "level": p.level, "source": p.source, "before": len(p.before), "codes": p.position.codes,
            "look": p.step.units or [f"r{r}c{c}" for r, c in p.step.cells], "step": p.step.text, "harvest": bank.kept}


def walk_call(data: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The techniques the ladder's walk of a puzzle meets, in order (for the practice bank)."""
    kind = choice(data, "kind", tuple(catalogue().generated), "sudoku")
    return {"techniques": [p.technique for p in positions_in(text(data), kind, [], time_limit=seconds)]}


class RequestBank:
    """The server's practice bank as a practice call sees it in an engine process: the puzzles
    the server sent from its library (``bank``: [text, level] pairs), and the new puzzles the
    call walked, each under every technique it met, for the server to keep (``kept``)."""

    def __init__(self, rows: Any) -> None:
        ok = rows is None or (isinstance(rows, list) and len(rows) <= 1000 and all(
            isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) and len(x) < 20_000 for x in r)
            for r in rows))
        if not ok:
            raise BadRequest("bank: [puzzle, level] pairs of the server's library")
        self.rows: list[tuple[str, str]] = [(text, level) for text, level in rows or []]
        self.kept: list[list[str]] = []

    def practice_puzzles(self, technique: str, kind: str,
                         level: str | None = None) -> list[tuple[str, str, bytes | None]]:
        # No kept positions cross: one position a call is walked in well under its second.
        return [(text, lv, None) for text, lv in self.rows if level is None or lv == level]

    def practice_put(self, technique: str, kind: str, level: str, puzzle: str, position: bytes | None = None) -> None:
        self.kept.append([technique, kind, level, puzzle])

    def practice_position_drop(self, technique: str, kind: str, puzzle: str) -> None:
        pass


def practice_check_call(data: dict[str, Any], _seconds: float) -> dict[str, Any]:
    """A learner's answer in a practice position: ``codes`` the position (as /api/practice
    gave it), ``placements`` and ``removals`` lists of [row, col, value]."""
    p = _puzzle(data)
    technique = _technique(data)
    if technique not in {name for name, _ in ladder()}:
        raise BadRequest(f"technique: no technique {technique!r} (puzzlog techniques lists them)")
    codes = data.get("codes")
    rows, cols = p.shape
    top = p.largest
    if not (isinstance(codes, list) and len(codes) == rows * cols
            and all(isinstance(c, int) and not isinstance(c, bool) and -(2 ** top - 1) <= c <= top for c in codes)):
        raise BadRequest(f"codes: the position's {rows * cols} cell codes, as /api/practice gave them")
    answer = [(kind, *triple) for key, kind in (("placements", "p"), ("removals", "r"))
              for triple in _triples(data, key, rows, cols, top)]
    return check_answer(Position(p, codes), technique, answer).to_json()


def _technique(data: dict[str, Any]) -> str:
    value = data.get("technique")
    if not isinstance(value, str) or not 0 < len(value) < 64:
        raise BadRequest("technique: the name of a technique of the ladder (puzzlog techniques lists them)")
    return value


def _triples(data: dict[str, Any], key: str, rows: int, cols: int, top: int) -> list[tuple[int, int, int]]:
    value = data.get(key, [])
    ok = isinstance(value, list) and len(value) <= rows * cols * top and all(
        isinstance(t, list) and len(t) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in t)
        and 1 <= t[0] <= rows and 1 <= t[1] <= cols and 1 <= t[2] <= top for t in value)
    if not ok:
        raise BadRequest(f"{key}: a list of [row, col, value]")
    return [(r, c, v) for r, c, v in value]


def catalogue_call(_data: dict[str, Any], _seconds: float) -> dict[str, Any]:
    """The engine's catalogue (pybridge.catalogue), for the server to adopt and the page to ask."""
    return {**catalogue().to_json(), "pairs": catalogue().pairs}


CALLS: dict[str, Callable[[dict[str, Any], float], dict[str, Any]]] = {
    "read": read_call, "solve": solve_call, "check": check_call, "hint": hint_call, "candidates": candidates_call,
    "explain": explain_call, "rate": rate_call, "generate": generate_call, "bundled": bundled_call,
    "describe": describe_call, "catalogue": catalogue_call, "possible": possible_call, "practice": practice_call,
    "practice/check": practice_check_call, "walk": walk_call}


# -- what a request holds ---------------------------------------------------------------

def text(data: dict[str, Any]) -> str:
    value = data.get("puzzle")
    if not isinstance(value, str) or not value.strip():
        raise BadRequest("puzzle: the puzzle's text, in any supported format")
    return value


def _read(data: dict[str, Any]) -> list[Any]:
    # read(), not load(): a text that names a file on the server is still only text.
    return read(text(data), "<request>", *_kind_and_format(data))


def _kind_and_format(data: dict[str, Any]) -> tuple[str | None, str | None]:
    return choice(data, "kind", catalogue().kinds, None), choice(data, "format", catalogue().formats, None)


def _puzzle(data: dict[str, Any]) -> AnyPuzzle:
    puzzles = _read(data)
    p = puzzles[whole(data, "index", 0, len(puzzles) - 1, 0)]
    if isinstance(p, Unreadable):
        raise BadRequest(page_words(p.error))
    return check_puzzle(p)


def _grid(data: dict[str, Any]) -> str | list[int] | None:
    grid = data.get("grid")
    if grid is None or isinstance(grid, str):
        return grid  # a text, read as the puzzle's format: never a file name
    if isinstance(grid, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in grid):
        return grid
    raise BadRequest("grid: a text in the puzzle's formats, or a list of whole numbers (0 blank)")


def shown(p: AnyPuzzle | Unreadable) -> dict[str, Any]:
    if isinstance(p, Unreadable):
        return {"index": p.index, "error": page_words(p.error)}
    rows, cols = p.shape
    return {"index": p.index, "kind": p.kind, "rows": rows, "cols": cols, "picture": p.picture(),
            "units": p.units(), "givens": p.givens, "regions": getattr(p, "regions", None),
            "largest": p.largest, "cell_words": p.cell_words()}


def choice(data: dict[str, Any], key: str, choices: tuple[Any, ...], default: Any) -> Any:
    value = data.get(key, default)
    if value is not None and value not in choices:
        raise BadRequest(f"{key}: one of {', '.join(map(str, choices))}, not {value!r}")
    return value


def seed_of(data: dict[str, Any]) -> int:
    """A request's seed: a whole number, or its digits as a string (as the page sends it:
    JavaScript's numbers keep 53 bits of a 63-bit seed)."""
    value = data.get("seed", 0)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        value = int(value)
    return whole({"seed": value}, "seed", 0, 2 ** 63, 0)


def whole(data: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"{key}: a whole number from {low} to {high}, not {value!r}")
    return value


__all__ = ["BadRequest", "CALLS", "OutOfTime", "choice", "page_words", "shown", "text", "whole"]

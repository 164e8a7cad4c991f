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


def catalogue_call(_data: dict[str, Any], _seconds: float) -> dict[str, Any]:
    """The engine's catalogue (pybridge.catalogue), for the server to adopt and the page to ask."""
    return {**catalogue().to_json(), "pairs": catalogue().pairs}


CALLS: dict[str, Callable[[dict[str, Any], float], dict[str, Any]]] = {
    "read": read_call, "solve": solve_call, "check": check_call, "hint": hint_call, "candidates": candidates_call,
    "explain": explain_call, "rate": rate_call, "generate": generate_call, "bundled": bundled_call,
    "describe": describe_call, "catalogue": catalogue_call, "possible": possible_call}


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

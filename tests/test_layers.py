"""The engine's folders and the bridge's rooms are their layers.

The engine's folders are its layers, and imports only run down them, without a cycle:
facts (the state, the geometry, the words; kinds/: each kind's record and what its shape needs), then the
techniques, then the solving drivers, then analysis, generation and reading, then the doors
(bridge.pl, puzzlog.pl, and bridge/: the wire encodings, how a call runs, the rules files' doors;
shell/: the shell's queries beside the session's own).  Read from every use_module and reexport of prolog/.

pybridge's rooms, bottom up: engine/ (the door to SWI-Prolog; knows no puzzle class), puzzles/,
solving/, batches/, teaching/, library/, web/, cli/; a module imports only from its own room and
the rooms below, and the package's face (__init__.py) only hands out names."""
from __future__ import annotations

import ast
import re

from conftest import ROOT

PROLOG = ROOT / "prolog"
LAYERS = {"facts": 1, "kinds": 1, "techniques": 2, "solving": 3, "analysis": 4, "generation": 4, "reading": 4,
          "bridge": 5, "shell": 5, ".": 5}
IMPORT = re.compile(r"^:-\s*(?:use_module|reexport)\(\s*('([^']+)'|([a-z_]+))", re.M)


def imports() -> dict[str, set[str]]:
    """Each engine file (relative to prolog/) and the engine files it loads."""
    graph: dict[str, set[str]] = {}
    for path in PROLOG.rglob("*.pl"):
        name = str(path.relative_to(PROLOG))
        graph[name] = set()
        for match in IMPORT.finditer(path.read_text()):
            target = match.group(2) or match.group(3)
            resolved = (path.parent / target).with_suffix(".pl").resolve()
            if resolved.is_file():
                graph[name].add(str(resolved.relative_to(PROLOG.resolve())))
    return graph


def layer(name: str) -> int:
    folder = name.split("/")[0] if "/" in name else "."
    return LAYERS[folder]


def test_every_folder_is_a_layer():
    assert {p.name for p in PROLOG.iterdir() if p.is_dir()} == set(LAYERS) - {"."}


def test_imports_run_down_the_layers():
    graph = imports()
    assert len(graph) > 30 and graph["bridge.pl"]
    upward = [f"{a} -> {b}" for a, targets in graph.items() for b in targets if layer(b) > layer(a)]
    assert upward == []
    assert graph["facts/words.pl"] <= {"kinds/combinations.pl"}  # the words need nothing of the engine


def test_no_module_loads_itself_through_others():
    graph = imports()
    cycles = []

    def visit(node: str, path: list[str], done: set[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in path:
                cycles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in done:
                visit(nxt, path + [nxt], done)
        done.add(node)

    done: set[str] = set()
    for start in sorted(graph):
        if start not in done:
            visit(start, [start], done)
    assert cycles == []


PYBRIDGE = ROOT / "pybridge"
ROOMS = ["engine", "puzzles", "solving", "batches", "teaching", "library", "web", "cli"]


def python_imports() -> dict[str, set[str]]:
    """Each pybridge module (dotted, under pybridge) and the pybridge modules it imports, at the
    top or inside a function."""
    graph: dict[str, set[str]] = {}
    for path in PYBRIDGE.rglob("*.py"):
        parts = list(path.relative_to(PYBRIDGE).with_suffix("").parts)
        package = parts[:-1]
        name = ".".join(parts)
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[:len(package) - node.level + 1]
                target = base + (node.module.split(".") if node.module else [])
                for alias in node.names:
                    whole = ".".join(target + [alias.name])
                    module = whole if (PYBRIDGE / (whole.replace(".", "/") + ".py")).is_file() else ".".join(target)
                    graph[name].add(module or "__init__")
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n == "pybridge" or n.startswith("pybridge.") for n in names), \
                    f"{name} imports pybridge by its absolute name"
    return graph


def room(module: str) -> str:
    """The room of a module (a room's own __init__ is in it); "." for the package's face."""
    first = module.split(".")[0]
    return first if first in ROOMS else "."


def test_every_python_folder_is_a_room():
    folders = {p.name for p in PYBRIDGE.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert folders == set(ROOMS)
    assert {room(m) for m in python_imports()} == set(ROOMS) | {"."}


def test_python_imports_run_down_the_rooms():
    graph = python_imports()
    assert len(graph) > 40 and graph["solving.solver"]
    rank = {name: i for i, name in enumerate(ROOMS)}
    upward = [f"{a} -> {b}" for a, targets in graph.items() if room(a) != "." for b in targets
              if room(b) != "." and rank[room(b)] > rank[room(a)]]
    assert upward == []
    # the package's face only hands out names: no room reaches back through it (but for the version)
    through_face = [a for a, targets in graph.items() if room(a) != "." and "__init__" in targets
                    and a != "cli.parser"]
    assert through_face == []
    assert not any(room(b) == "puzzles" for a, t in graph.items() if room(a) == "engine" for b in t)


def test_no_module_patches_the_package():
    """A public function named as a module (pybridge.batch, .check, .generate) stays the function
    because no module has that name beside it, not because the package rewrites its own class."""
    for path in PYBRIDGE.rglob("*.py"):
        text = path.read_text()
        assert "sys.modules[__name__]" not in text and ".__class__ =" not in text, path
    import pybridge
    import pybridge.solving.check  # noqa: F401
    import pybridge.batches.work  # noqa: F401
    import pybridge.solving.generate  # noqa: F401
    assert callable(pybridge.check) and callable(pybridge.batch) and callable(pybridge.generate)
    assert {p.stem for p in PYBRIDGE.glob("*.py")} == {"__init__", "__main__"}

"""The engine's folders are its layers, and imports only run down them, without a cycle:
facts (the state, the geometry, the words; kinds/: each kind's record and what its shape needs), then the
techniques, then the solving drivers, then analysis, generation and reading, then the doors
(bridge.pl, puzzlog.pl, and bridge/: the wire encodings, how a call runs, the rules files' doors;
shell/: the shell's queries beside the session's own).  Read from every use_module and reexport of prolog/."""
from __future__ import annotations

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

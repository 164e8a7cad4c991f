"""Where the files puzzlog ships with live: the bundled puzzles (``puzzles/``) and the lessons
(``docs/lessons/``: pages, example rules, reference solutions, notebook).  In a checkout they
are its folders; in an installed wheel, package data beside the code (``pybridge/_bundled/``,
found through importlib.resources), laid out the same way, so ``ROOT / "puzzles" / "lessons"``
means the same in both.

>>> (ROOT / "docs" / "lessons" / "rules" / "full_house.pl").is_file()
True
>>> bundled("kakuro/small").name, bundled("sudoku9").name
('small', 'sudoku9.txt')
"""
from __future__ import annotations

import importlib.resources
import shutil
from pathlib import Path

from .errors import PuzzleFileNotFoundError

PACKAGE = Path(str(importlib.resources.files(__name__.partition(".")[0])))   # pybridge, wherever it is
CHECKOUT = PACKAGE.parent
INSTALLED = PACKAGE / "_bundled"
ROOT = CHECKOUT if (CHECKOUT / "puzzles" / "lessons").is_dir() else INSTALLED
SUFFIXES = ("", ".txt", ".sdk", ".grid", ".jsonl")


def bundled(name: str) -> Path:
    """The path of a puzzle file shipped with puzzlog, by its name under ``puzzles/``, its
    suffix left out or not: ``bundled("sudoku9")``, ``bundled("kakuro/small")`` (a Kakuro
    pair of matrix files, by their stem), ``bundled("lessons/singles")``.  Give it to
    pybridge.load.  The same in a checkout and in an installed wheel.

    >>> import pybridge
    >>> len(pybridge.load(pybridge.bundled("sudoku9")))
    10
    """
    folder = ROOT / "puzzles"
    if not isinstance(name, str) or not name or ".." in Path(name).parts or Path(name).is_absolute():
        raise PuzzleFileNotFoundError(f"not the name of a bundled puzzle file: {name!r}", str(name))
    for suffix in SUFFIXES:
        path = folder / f"{name}{suffix}"
        if path.is_file() or (path.parent / f"{path.name}_down.txt").is_file():
            return path
    names = sorted(_names(folder))
    raise PuzzleFileNotFoundError(f"no bundled puzzle file of this name: there are {', '.join(names)}", name)


def _names(folder: Path) -> set[str]:
    """The names bundled() takes, one a file (a Kakuro pair: its stem)."""
    found = set()
    for path in folder.rglob("*"):
        if path.is_file() and path.suffix in SUFFIXES[1:]:
            stem = path.relative_to(folder).with_suffix("").as_posix()
            found.add(stem.removesuffix("_down").removesuffix("_right") if path.stem.endswith(("_down", "_right"))
                      else stem)
    return found


def copy_lessons(folder: str | Path) -> list[Path]:
    """Put the lessons where a student works: ``folder/docs/lessons`` (pages, example rules,
    notebook; not the reference solutions), ``folder/puzzles/lessons`` and the engine
    ``folder/prolog``, so that the lessons' commands and shell queries run from ``folder``.
    A file already there is kept (it may be the student's).  Returns the files written."""
    from .swipl import prolog_dir
    target = Path(folder)
    written: list[Path] = []
    for source, where, skip in ((ROOT / "docs" / "lessons", target / "docs" / "lessons", {"solutions"}),
                                (ROOT / "puzzles" / "lessons", target / "puzzles" / "lessons", set()),
                                (prolog_dir(), target / "prolog", set())):
        for path in sorted(source.rglob("*")):
            relative = path.relative_to(source)
            if not path.is_file() or relative.parts[0] in skip or path.suffix in (".qlf", ".state") \
                    or path.name.startswith("."):
                continue
            destination = where / relative
            if destination.exists():
                continue
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
            written.append(destination)
    return written

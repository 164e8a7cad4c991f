"""Where the files puzzlog ships with live: the bundled puzzles (``puzzles/``) and the lessons
(``docs/lessons/``: pages, example rules, reference solutions, notebook).  In a checkout they
are its folders; in an installed wheel, package data beside the code (``pybridge/_bundled/``,
found through importlib.resources), laid out the same way, so ``ROOT / "puzzles" / "lessons"``
means the same in both.

>>> (ROOT / "docs" / "lessons" / "rules" / "full_house.pl").is_file()
True
"""
from __future__ import annotations

import importlib.resources
import shutil
from pathlib import Path

PACKAGE = Path(str(importlib.resources.files(__name__.partition(".")[0])))   # pybridge, wherever it is
CHECKOUT = PACKAGE.parent
INSTALLED = PACKAGE / "_bundled"
ROOT = CHECKOUT if (CHECKOUT / "puzzles" / "lessons").is_dir() else INSTALLED


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

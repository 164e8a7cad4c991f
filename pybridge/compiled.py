"""The engine, loaded precompiled: ``prolog/engine.qlf`` holds bridge.pl and every engine
file it loads (SWI-Prolog's ``qcompile/2`` with ``include(user)``) and loads in about a third
of the time of the sources.

It is used only while it is newer than every ``.pl`` file of the engine and was built in
this folder: otherwise the sources are compiled again and the file rewritten, by the first
process that finds it so (others wait on a lock file beside it, then load what it wrote).
Where the folder cannot be written, or the file does not load (another SWI-Prolog version
wrote it), the sources are loaded as they are.  ``make`` builds it at set-up; a fresh
checkout builds it on first use.

It is not left as ``bridge.qlf``, the name qcompile gives it: SWI-Prolog loads a
``bridge.qlf`` in place of ``bridge.pl`` whenever it is newer than bridge.pl alone, so
the shell (``swipl prolog/puzzlog.pl``) took a stale one beside fresh sources of the other
files, and crashed.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Any, Callable, Iterator

from .errors import EngineError

Call = Callable[[str, list, int], Any]
QLF = "engine.qlf"            # in the engine's folder: bridge.pl and all it loads, precompiled
WHERE = ".engine.qlf.where"   # beside it: the folder it was built in
LOCK = ".engine.qlf.lock"     # beside it: held shared to load it, alone to write it
SWIPL_PATHS = ".swipl-paths"  # where pyswip found SWI-Prolog


def load_engine(entry: Path, call: Call) -> str:
    """Load ``entry`` (bridge.pl) through ``call`` (foreign.call): from its .qlf when fresh,
    else compiling it again.  Says how: "qlf", "compiled" (the .qlf written now) or "source"."""
    qlf, written = entry.parent / QLF, entry.with_suffix(".qlf")
    with _locked(entry.parent, fcntl.LOCK_SH):   # never a file another process is writing
        if fresh(qlf) and _loaded(call, qlf):
            return "qlf"
    with _locked(entry.parent, fcntl.LOCK_EX) as writable:
        if writable:
            if fresh(qlf) and _loaded(call, qlf):   # another process wrote it while we waited
                return "qlf"
            written.unlink(missing_ok=True)   # so that qcompile reads the sources
            if _called(call, "qcompile", [str(entry), [("include", "user")]]):
                os.replace(written, qlf)
                (entry.parent / WHERE).write_text(str(entry.parent.resolve()), encoding="utf-8")
                if fresh(qlf):
                    return "compiled"
    if not _called(call, "use_module", [str(entry)]):
        raise OSError(f"SWI-Prolog could not load {entry}")
    return "source"


def fresh(qlf: Path) -> bool:
    """The .qlf exists, no engine source is newer, and it was built in this folder (it
    names its sources by their full paths: the engine shows a rule's clause from them)."""
    try:
        built = qlf.stat().st_mtime_ns
        where = (qlf.parent / WHERE).read_text(encoding="utf-8")
    except OSError:
        return False
    return where == str(qlf.parent.resolve()) and \
        all(source.stat().st_mtime_ns <= built for source in qlf.parent.rglob("*.pl"))


def _loaded(call: Call, qlf: Path) -> bool:
    return _called(call, "load_files", [str(qlf), []])


def _called(call: Call, name: str, args: list) -> bool:
    """The goal succeeded (an exception, such as a .qlf of another SWI-Prolog version, is a no)."""
    try:
        return call(name, args, 0) is not None
    except EngineError:
        return False


@contextlib.contextmanager
def _locked(folder: Path, how: int) -> Iterator[bool]:
    """A lock (shared to load, exclusive to write) on the .qlf; False when the folder cannot
    be written (then nobody writes it, and no lock is needed to read it)."""
    try:
        handle = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield False
        return
    try:
        fcntl.flock(handle, how)
        yield os.access(folder, os.W_OK)
    finally:
        os.close(handle)  # the lock goes with it


def known_swipl(folder: Path) -> None:
    """Tell pyswip where SWI-Prolog is (LIBSWIPL_PATH, SWI_HOME_DIR), as it found it before:
    finding it runs `swipl` (some 30 ms a start).  Kept beside the .qlf; a path that is gone
    is looked for again.  Nothing is changed where the caller set them."""
    if os.environ.get("LIBSWIPL_PATH") and os.environ.get("SWI_HOME_DIR"):
        return
    try:
        lib, home = (folder / SWIPL_PATHS).read_text(encoding="utf-8").splitlines()[:2]
    except (OSError, ValueError):
        return
    if Path(lib).is_file() and Path(home).is_dir():
        os.environ["LIBSWIPL_PATH"], os.environ["SWI_HOME_DIR"] = lib, home


def remember_swipl(folder: Path, lib: str, home: str) -> None:
    """Keep where pyswip found SWI-Prolog, for known_swipl, unless it is kept already (or
    the folder cannot be written)."""
    paths = folder / SWIPL_PATHS
    try:
        if not paths.is_file() and Path(lib).is_file() and Path(home).is_dir():
            paths.write_text(f"{lib}\n{home}\n", encoding="utf-8")
    except OSError:
        pass


__all__ = ["LOCK", "QLF", "SWIPL_PATHS", "WHERE", "fresh", "known_swipl", "load_engine", "remember_swipl"]

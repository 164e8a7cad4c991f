"""The engine, started from a saved state: ``engine.state`` holds SWI-Prolog's own
libraries and every engine file, compiled (``swipl -c``: SWI-Prolog's saved states).  An
engine starts from it in about 40 ms, where the sources take 400 ms and a .qlf of them
still loaded SWI-Prolog's libraries from their sources (60 ms).

The state is kept in the user's cache folder, one folder a copy of the engine's sources
(cache_folder: ``$PUZZLOG_CACHE``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then
``puzzlog/engine-<hash of the sources' folder>``), never beside the sources: an installed
package stays as pip wrote it (a read-only one starts as fast, and ``pip uninstall`` leaves
nothing behind but the cache).

A state SWI-Prolog cannot read does not raise: it aborts the whole process.  So the state
is used only while it is sure to be sound and current, which the record beside it
(``.engine.state.built``) tells: it was built from this folder of sources (it names them by
their full paths: the engine shows a rule's clause from them), by the libswipl that would load it
now (same path, size and time), it has the size it had then, and no engine source is newer.
Otherwise it is built again, by the first process that finds it so (others wait on a lock
file beside it, then use what it wrote), with the ``swipl`` program of that SWI-Prolog,
which must start from it before it takes the place of the old one.

Where SWI-Prolog is not known yet (the very first start: pyswip finds it, some 30 ms of
running ``swipl``; where it found it is kept in ``.swipl-paths``), where no cache folder can
be written (a warning says so, once), or where no state can be built, the engine is started
by pyswip and loaded from its sources, as before.  ``make`` builds the state at set-up; an
install builds it on its first start.  The shell (``swipl prolog/puzzlog.pl``) always reads
the sources.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import sys
import warnings
from pathlib import Path
from typing import Iterator, NamedTuple

STATE = "engine.state"            # in the cache folder: SWI-Prolog's libraries and the engine
BUILT = ".engine.state.built"     # beside it: what it was built from (see fresh)
LOCK = ".engine.state.lock"       # beside it: held shared to use it, alone to write it
SWIPL_PATHS = ".swipl-paths"      # where pyswip found SWI-Prolog
BUILD_SECONDS = 300               # what building a state may take (about 1.2 s here)


class Swipl(NamedTuple):   # not a dataclass: this module is read before the engine starts
    """One SWI-Prolog: its shared library and its home (SWI_HOME_DIR)."""
    lib: str
    home: str

    def identity(self) -> str:
        """The library's path, size and time: another SWI-Prolog (an upgrade) is another one."""
        stat = os.stat(self.lib)
        return f"{self.lib} {stat.st_size} {stat.st_mtime_ns}"

    def program(self) -> str | None:
        """The ``swipl`` program of this SWI-Prolog, which builds states it can read."""
        import shutil
        for candidate in sorted(Path(self.home, "bin").glob("*/swipl")):
            if os.access(candidate, os.X_OK):
                return str(candidate)
        return shutil.which("swipl")


def cache_folder(folder: Path) -> Path:
    """Where the state of the engine whose sources are in ``folder`` is kept (see the
    module comment)."""
    chosen = os.environ.get("PUZZLOG_CACHE")
    if chosen:
        base = Path(chosen)
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches" / "puzzlog"
    elif os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "puzzlog" / "Cache"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "puzzlog"
    digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
    return base / f"engine-{digest}"


def state_path(folder: Path) -> Path:
    """The saved state of the engine whose sources are in ``folder``."""
    return cache_folder(folder) / STATE


_warned = False


def _writable_cache(folder: Path) -> Path | None:
    """The cache folder, made when missing; None (and a warning, once) when it cannot be."""
    global _warned
    cache = cache_folder(folder)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        if os.access(cache, os.W_OK):
            return cache
        reason = "it cannot be written"
    except OSError as exc:
        reason = exc.strerror or str(exc)
    if not _warned:
        _warned = True
        warnings.warn(f"puzzlog: no engine state can be kept in {cache} ({reason}): every start loads the "
                      "engine's sources (some 0.4 s). Set PUZZLOG_CACHE to a folder that can be written.",
                      RuntimeWarning, stacklevel=3)
    return None


def known_swipl(folder: Path) -> Swipl | None:
    """Where SWI-Prolog is: as the caller set it (LIBSWIPL_PATH and SWI_HOME_DIR), else as
    pyswip found it before (kept beside the state), if it is still there."""
    lib, home = os.environ.get("LIBSWIPL_PATH"), os.environ.get("SWI_HOME_DIR")
    if not (lib and home):
        try:
            lib, home = (cache_folder(folder) / SWIPL_PATHS).read_text(encoding="utf-8").splitlines()[:2]
        except (OSError, ValueError):
            return None
    return Swipl(lib, home) if Path(lib).is_file() and Path(home).is_dir() else None


def remember_swipl(folder: Path, swipl: Swipl) -> None:
    """Keep where pyswip found SWI-Prolog, for known_swipl, unless it is kept already (or
    the cache cannot be written)."""
    cache = _writable_cache(folder)
    if cache is None:
        return
    paths = cache / SWIPL_PATHS
    try:
        if not paths.is_file() and Path(swipl.lib).is_file() and Path(swipl.home).is_dir():
            paths.write_text(f"{swipl.lib}\n{swipl.home}\n", encoding="utf-8")
    except OSError:
        pass


def ready_state(folder: Path, swipl: Swipl) -> Path | None:
    """The saved state of the engine whose sources are in ``folder``, fresh for ``swipl``: as
    it is, or built now; None when there is none to be had (no cache folder can be
    written, the build failed)."""
    cache = _writable_cache(folder)
    if cache is None:
        return None
    state = cache / STATE
    with _locked(cache, fcntl.LOCK_SH):   # never a file another process is writing
        if fresh(folder, swipl):
            return state
    with _locked(cache, fcntl.LOCK_EX) as writable:
        if not writable:
            return None
        if fresh(folder, swipl):   # another process built it while we waited
            return state
        return state if _build(folder, cache, swipl) else None


def fresh(folder: Path, swipl: Swipl) -> bool:
    """The state of ``folder``'s engine was built from it by this SWI-Prolog, is whole, and
    no engine source is newer (see the module comment)."""
    cache = cache_folder(folder)
    try:
        built = (cache / STATE).stat()
        record = (cache / BUILT).read_text(encoding="utf-8")
        expected = _record(folder, swipl, built.st_size)
    except OSError:
        return False
    return record == expected and \
        all(source.stat().st_mtime_ns <= built.st_mtime_ns for source in folder.rglob("*.pl"))


def _record(folder: Path, swipl: Swipl, size: int) -> str:
    return f"{folder.resolve()}\n{swipl.identity()}\n{size}\n"


def _build(folder: Path, cache: Path, swipl: Swipl) -> bool:
    """Build the state with ``swipl -c`` into a new file, start a swipl from it, and only
    then put it in place with its record.  Class development: the state keeps autoloading
    (a rules file of one's own may call any library predicate) and the clauses' sources."""
    import subprocess
    program = swipl.program()
    if program is None:
        return False
    state, trial = cache / STATE, cache / f"{STATE}.new"
    (cache / BUILT).unlink(missing_ok=True)    # the old state is stale from here on
    build = [program, "-q", "-f", "none", "--class=development", "-o", str(trial), "-c", str(folder / "bridge.pl")]
    start = [program, "-q", "-x", str(trial), "-g", "bridge:bridge_idle", "-t", "halt"]
    try:
        for command in (build, start):
            subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=BUILD_SECONDS, check=True)
        os.replace(trial, state)
        (cache / BUILT).write_text(_record(folder, swipl, state.stat().st_size), encoding="utf-8")
    except (OSError, subprocess.SubprocessError):
        trial.unlink(missing_ok=True)
        return False
    return fresh(folder, swipl)


@contextlib.contextmanager
def _locked(folder: Path, how: int) -> Iterator[bool]:
    """A lock (shared to use, exclusive to write) on the state; False when the folder cannot
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


__all__ = ["BUILT", "LOCK", "STATE", "SWIPL_PATHS", "Swipl", "cache_folder", "fresh", "known_swipl", "ready_state",
           "remember_swipl", "state_path"]

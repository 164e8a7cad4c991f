"""Reading puzzles: files and texts in every format of docs/formats.md.

The engine reads them (prolog/reading/puzzle_text.pl), so the Prolog shell and
Python read a file the same way; here are what only Python does: finding
and opening files, the limits on what is read, and turning the engine's
records into Puzzle values.  Nothing in a puzzle text is ever run.

    >>> [p] = load("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    >>> p
    Puzzle(sudoku 9x9, 32 givens, <text>:1 #0)
"""
from __future__ import annotations

import itertools
import os
import re
import sys
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Literal, overload

from ..engine import swipl
from ..engine.errors import ArgumentError, ArgumentTypeError, EngineError, PuzzleFileNotFoundError, PuzzleFormatError
from ..engine.foreign import PrologString
from .kakuro import MATRIX_SUFFIXES, matrix_files
from ..engine.bundled import ROOT
from ..engine.limits import LIMITS, Limits
from .kinds import AnyPuzzle, Solvable, from_record
from ..engine.catalogue import Listed, catalogue
from .latin import Unreadable

Read = Solvable

KINDS = Listed(lambda c: c.kinds)       # the kinds a text may be read as, as the engine lists them
FORMATS = Listed(lambda c: c.formats)   # the formats it reads




@overload
def load(path_or_text: str | Path, kind: str | None = None, fmt: str | None = None,
         errors: Literal["raise"] = "raise") -> list[AnyPuzzle]: ...
@overload
def load(path_or_text: str | Path, kind: str | None = None, fmt: str | None = None, *,
         errors: Literal["keep"]) -> list[Solvable]: ...
@overload
def load(path_or_text: str | Path, kind: str | None, fmt: str | None,
         errors: Literal["keep"]) -> list[Solvable]: ...


def load(path_or_text: str | Path, kind: str | None = None, fmt: str | None = None,
         errors: str = "raise") -> list[AnyPuzzle] | list[Solvable]:
    """Every puzzle of a file or of a text.

    A ``Path``, or a ``str`` naming an existing file, is read as a file; any
    other ``str`` as the puzzle text itself.  A Kakuro pair of matrix files is
    named by either file or by their common stem (``puzzles/kakuro/small`` for
    ``small_down.txt`` + ``small_right.txt``).  ``kind`` and ``fmt`` override
    detection (KINDS, FORMATS).

    ``errors="raise"`` (the default) raises PuzzleFormatError for the first
    puzzle that cannot be read, naming its line and cell; ``errors="keep"``
    returns an Unreadable in its place and goes on with the others.
    """
    _check_choice("errors", errors, ("raise", "keep"))
    if isinstance(path_or_text, Path):
        puzzles = _read_file(path_or_text, kind, fmt)
    elif not isinstance(path_or_text, str):
        raise ArgumentTypeError(f"load() takes a file path or a puzzle text, not {type(path_or_text).__name__}")
    elif _names_file(path_or_text):
        puzzles = _read_file(Path(path_or_text), kind, fmt)
    else:
        try:
            puzzles = read(path_or_text, "<text>", kind, fmt)
            if errors == "raise":
                _raise_first(puzzles)
        except PuzzleFormatError as exc:
            raise _not_a_file_either(path_or_text, exc) from None
        return puzzles
    if errors == "raise":
        _raise_first(puzzles)
    return puzzles


BUNDLED_SUFFIXES = ("", ".txt", ".sdk", ".grid", ".jsonl")


def bundled(name: str) -> Path:
    """The path of a puzzle file shipped with puzzlog, by its name under ``puzzles/``, its
    suffix left out or not: ``bundled("sudoku9")``, ``bundled("kakuro/small")`` (a Kakuro
    pair of matrix files, by their stem), ``bundled("lessons/singles")``.  Give it to
    pybridge.load.  The same in a checkout and in an installed wheel (engine/bundled.py).

    >>> bundled("kakuro/small").name, bundled("sudoku9").name
    ('small', 'sudoku9.txt')
    >>> len(load(bundled("sudoku9")))
    10
    """
    folder = ROOT / "puzzles"
    if not isinstance(name, str) or not name or ".." in Path(name).parts or Path(name).is_absolute():
        raise PuzzleFileNotFoundError(f"not the name of a bundled puzzle file: {name!r}", str(name))
    for suffix in BUNDLED_SUFFIXES:
        path = folder / f"{name}{suffix}"
        pair = matrix_files(path)
        if path.is_file() or (pair and pair[0].is_file()):
            return path
    names = sorted(_bundled_names(folder))
    raise PuzzleFileNotFoundError(f"no bundled puzzle file of this name: there are {', '.join(names)}", name)


def _bundled_names(folder: Path) -> set[str]:
    """The names bundled() takes, one a file (a Kakuro pair of matrix files: their stem)."""
    found = set()
    for path in folder.rglob("*"):
        name = path.relative_to(folder).as_posix()
        pair_suffix = next((s for pair in MATRIX_SUFFIXES for s in pair if name.endswith(s)), None)
        if pair_suffix is not None:
            found.add(name[:-len(pair_suffix)])
        elif path.is_file() and path.suffix in BUNDLED_SUFFIXES[1:]:
            found.add(name[:-len(path.suffix)])
    return found


def one_puzzle(puzzle: Solvable | str | Path) -> Solvable:
    """``puzzle``, or the one puzzle of a text or file (pybridge.load's rules); ArgumentError
    for a text or file of several puzzles, which are solved one at a time."""
    if not isinstance(puzzle, (str, Path)):
        return puzzle
    puzzles = load(puzzle)
    if len(puzzles) != 1:
        raise ArgumentError(f"{len(puzzles)} puzzles in {shown_text(puzzle)}: give one at a time "
                            "(pybridge.load(...)[i])")
    return puzzles[0]


def shown_text(value: str | Path) -> str:
    """A text or file name in a message: a name as it is, a text by its start."""
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse(text: str, source: str = "<text>", kind: str | None = None, fmt: str | None = None) -> list[AnyPuzzle]:
    """Every puzzle of ``text``; raises PuzzleFormatError (naming the line and cell) if any cannot be read."""
    puzzles = read(text, source, kind, fmt)
    _raise_first(puzzles)
    return puzzles  # type: ignore[return-value]


def read(text: str, source: str = "<text>", kind: str | None = None, fmt: str | None = None) -> list[Read]:
    """Every puzzle of ``text``, an Unreadable for each one that cannot be read.

    Raises PuzzleFormatError when the text as a whole cannot be read (an
    unknown kind or format, no puzzle at all, over the limits).
    """
    _check_choice("kind", kind, catalogue().kinds)
    _check_choice("format", fmt, catalogue().formats)
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a puzzle text is a str, not {type(text).__name__}")
    if len(text) > LIMITS.max_file_bytes:
        raise PuzzleFormatError(f"{len(text)} characters: at most {LIMITS.max_file_bytes} are read "
                                "(pybridge.LIMITS.max_file_bytes)", source)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate, as JSON's "\ud800" gives
            raise PuzzleFormatError(f"character {exc.start + 1} is U+{ord(text[exc.start]):04X}, a lone surrogate: "
                                    "not text", source) from None
    if text.count("\n") > PIECE_LINES:
        return _read_in_pieces(text, source, kind, fmt)
    return [from_record(record, source) for record in _records(text, source, kind, fmt)]


PIECE_LINES = 500     # a text of more lines is read a piece at a time, when its format allows; a
                      # piece takes the engine some 15 KB a line while it is read
FIRST_PIECE = 100     # a stream's first piece (stream): its puzzles go to work while the next is read


def _records(text: str, source: str, kind: str | None, fmt: str | None) -> list[Any]:
    """The engine's records of ``text``; PuzzleFormatError when it cannot be read at all."""
    try:
        [records] = swipl.call("bridge_read", [PrologString(text), kind or "", fmt or "", _limits()], 1)
    except EngineError as exc:
        if "resource_error" not in str(exc):
            raise
        raise PuzzleFormatError(f"the engine ran out of memory reading this text ({len(text)} characters; "
                                f"engine_stack_mb is {LIMITS.engine_stack_mb}): split it into smaller files, "
                                "or give it as one puzzle a line, which is read a piece at a time", source) from None
    if records and records[0][0] == "error":
        raise PuzzleFormatError(records[0][1], source)
    return list(records)


def _read_in_pieces(text: str, source: str, kind: str | None, fmt: str | None) -> list[Read]:
    """A long text of a one-puzzle-a-line format, read PIECE_LINES lines at a time: reading
    all of it at once takes the engine some 15 KB a line (a 50,000-line CSV outgrew its
    512 MB of stack), a piece at a time the memory of one piece."""
    lines = text.split("\n")
    layout, header = _layout(lines[:PIECE_LINES], kind, fmt)
    if layout not in catalogue().line_formats:   # one puzzle a line: any run of lines is a text
        return [from_record(record, source) for record in _records(text, source, kind, fmt)]
    return list(_piece_records(_in_pieces(lines), source, kind, layout, header))


def _layout(first: list[str], kind: str | None, fmt: str | None) -> tuple[str, str]:
    """The format the engine reads a text by, from its first piece, and a CSV's header line."""
    layout, header = swipl.call("bridge_read_layout", [PrologString("\n".join(first)), kind or "", fmt or ""], 2)
    return str(layout), str(header)


def _piece_records(pieces: Iterable[tuple[int, list[str]]], source: str, kind: str | None, layout: str,
                   header: str) -> Iterator[Read]:
    """The puzzles of a line format given a piece of lines at a time (with the number of
    lines before each), numbered as in the whole text: each piece after the first is read
    with the CSV header before it.  A piece of blank lines and comments holds no puzzle;
    a text that holds none is refused as a whole text is."""
    base, nothing_found = 0, None
    for start, piece in pieces:
        shift = start  # line numbers in the piece count from its first line
        if start and header:
            piece, shift = [header, *piece], start - 1
        try:
            records = _records("\n".join(piece), source, kind, layout)
        except PuzzleFormatError as exc:
            if "no puzzle found" not in exc.rule:
                raise
            nothing_found = nothing_found or exc
            continue
        for record in records:
            record[1] += base
            if isinstance(record[2], int):
                record[2] += shift
            yield from_record(record, source)
        base += len(records)
    if not base and nothing_found:
        raise nothing_found


def stream(name: str | Path, kind: str | None = None, fmt: str | None = None) -> Iterator[Read]:
    """The puzzles of a file, or of standard input for ``"-"``, as they are read.

    A one-puzzle-a-line format (line, CSV, Solo and Unequal IDs) is read a piece at a
    time, whatever the input's size: FIRST_PIECE lines first (so that the first puzzles
    come soon), each next piece twice as long up to PIECE_LINES; memory holds one piece,
    and no total cap applies (each line is still held to max_puzzle_chars).  Other formats, and a
    Kakuro pair of matrix files, are read whole, under max_file_bytes, as load() reads
    them.  The puzzles, Unreadable ones included, are those load(errors="keep") gives;
    PuzzleFormatError when the input cannot be read (at its start, or at the line where
    it stops being readable)."""
    _check_choice("kind", kind, catalogue().kinds)
    _check_choice("format", fmt, catalogue().formats)
    if name != "-" and _matrix_pair(Path(name), kind, fmt):
        yield from _read_file(Path(name), kind, fmt)
        return
    source = "<stdin>" if name == "-" else str(name)
    with _open_input(name) as handle:
        lines = _lines(handle, source)
        first = list(itertools.islice(lines, PIECE_LINES + 1))
        layout, header = _layout(first[:PIECE_LINES], kind, fmt)
        if layout not in catalogue().line_formats:   # read whole, under the cap (a short text as any other)
            yield from read("\n".join(_capped(itertools.chain(first, lines), source)), source, kind, fmt)
            return
        pieces = _in_pieces(itertools.chain(first, lines), FIRST_PIECE)
        yield from _piece_records(pieces, source, kind, layout, header)


def _open_input(name: str | Path) -> IO[bytes]:
    """The file's bytes (standard input's for "-"); PuzzleFormatError naming what is wrong."""
    if name == "-":
        return open(sys.stdin.fileno(), "rb", closefd=False)
    path, source = Path(name), str(name)
    try:
        if "\0" in source:
            raise PuzzleFormatError("a file name cannot hold a NUL character", repr(source))
        path.stat()  # no such file, or a loop of links, said as such
        if not path.is_file():
            raise PuzzleFormatError("not a file" + (" (a directory)" if path.is_dir() else ""), source)
        return path.open("rb")
    except FileNotFoundError:
        raise PuzzleFileNotFoundError("no such file", source) from None
    except OSError as exc:
        raise PuzzleFormatError(f"cannot read the file: {exc.strerror or exc}", source[:300]) from None


def _lines(handle: IO[bytes], source: str) -> Iterator[str]:
    """The input's lines as text, without their line ends; PuzzleFormatError at a line that is
    not UTF-8 or longer than a whole text may be (LIMITS.max_file_bytes), naming it.  (A line
    longer than a puzzle may be is the reader's to report, as one unreadable puzzle.)"""
    longest = LIMITS.max_file_bytes
    try:
        for number, data in enumerate(iter(lambda: handle.readline(longest + 1), b""), 1):
            if len(data) > longest and not data.endswith(b"\n"):
                raise PuzzleFormatError(f"line {number} holds more than {LIMITS.max_file_bytes} bytes, more than "
                                        "any text is read (pybridge.LIMITS.max_file_bytes)", source, number)
            if number == 1 and data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]  # a byte-order mark
            yield decoded(data, source, number).removesuffix("\n")
    except OSError as exc:
        raise PuzzleFormatError(f"cannot read the file: {exc.strerror or exc}", source[:300]) from None


def _capped(lines: Iterable[str], source: str) -> Iterator[str]:
    """The lines of a text read whole, within LIMITS.max_file_bytes."""
    size = 0
    for line in lines:
        size += len(line) + 1
        if size > LIMITS.max_file_bytes:
            raise PuzzleFormatError(f"more than {LIMITS.max_file_bytes} characters: at most that many are read of "
                                    "a text that is not one puzzle a line (pybridge.LIMITS.max_file_bytes)", source)
        yield line


def _in_pieces(lines: Iterable[str], first: int = PIECE_LINES) -> Iterator[tuple[int, list[str]]]:
    """Pieces of ``first`` lines, then each twice the last up to PIECE_LINES, each with the
    number of lines before it."""
    iterator, start, size = iter(lines), 0, first
    while piece := list(itertools.islice(iterator, size)):
        yield start, piece
        start, size = start + len(piece), min(2 * size, PIECE_LINES)


def _limits() -> list[int]:
    for name in ("max_puzzle_chars", "max_kakuro_side", "max_file_bytes"):
        value = getattr(LIMITS, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ArgumentError(f"pybridge.LIMITS.{name} must be a positive whole number, not {value!r}")
    return [LIMITS.max_puzzle_chars, LIMITS.max_kakuro_side]


def _check_choice(what: str, value: str | None, choices: tuple[str, ...]) -> None:
    if value is not None and value not in choices:
        raise PuzzleFormatError(f"unknown {what} {value!r} (known: {', '.join(choices)})")


def _raise_first(puzzles: list[Read]) -> None:
    for p in puzzles:
        if isinstance(p, Unreadable):
            raise p.error


def _names_file(text: str) -> bool:
    """A one-line str naming something that exists on disk (a file, or a Kakuro pair's stem)."""
    if "\n" in text or "\0" in text or not text.strip():
        return False
    try:
        path = Path(text)
        return path.is_file() or bool(matrix_files(path))
    except (OSError, ValueError):  # too long a name, and the like: not a file
        return False


def _not_a_file_either(text: str, exc: PuzzleFormatError) -> PuzzleFormatError:
    """The error for a one-line text that is no puzzle: it may have been meant as a file name,
    and when it looks like one (a folder in it, or a file's suffix) that comes first."""
    line = text.strip()
    if "\n" in text or len(line) > 200:
        return exc
    if re.search(r"[/\\]|\.(txt|sdk|grid|jsonl|json|csv|sud|ss|md)$", line, re.I):
        return PuzzleFileNotFoundError(f"no such file (in {Path.cwd()}); read as a puzzle text instead, it is "
                                       f"none either: {exc.rule}", line if line.isprintable() else repr(line))
    return PuzzleFormatError(f"{exc.rule} (read as a puzzle text, since no file {line!r} exists)",
                             exc.source, exc.line, exc.cell)


def _read_file(path: Path, kind: str | None, fmt: str | None) -> list[Read]:
    source = str(path)
    pair = _matrix_pair(path, kind, fmt)
    if pair:
        down, right = (_file_text(p) for p in pair)
        [[record]] = swipl.call("bridge_read_matrices", [PrologString(down), PrologString(right), _limits()], 1)
        return [from_record(record, f"{pair[0]} + {pair[1].name}")]
    return read(_file_text(path), source, kind, fmt)


def _matrix_pair(path: Path, kind: str | None, fmt: str | None) -> tuple[Path, Path] | None:
    if kind not in (None, "kakuro") or fmt not in (None, "matrices"):
        return None
    try:
        pair = matrix_files(path)
        return pair if pair and pair[0].is_file() else None
    except (OSError, ValueError):
        return None


def _file_text(path: Path) -> str:
    """The text of a puzzle file, read as UTF-8 (a byte-order mark is dropped by the reader)."""
    source = str(path)
    with _open_input(path) as handle:
        try:
            size = os.fstat(handle.fileno()).st_size
            if size > LIMITS.max_file_bytes:
                raise PuzzleFormatError(f"{size} bytes: at most {LIMITS.max_file_bytes} are read "
                                        "(pybridge.LIMITS.max_file_bytes)", source)
            data = handle.read()
        except OSError as exc:
            raise PuzzleFormatError(f"cannot read the file: {exc.strerror or exc}", source[:300]) from None
    return decoded(data, source)


def decoded(data: bytes, source: str, line: int | None = None) -> str:
    """Bytes read as UTF-8 text; PuzzleFormatError naming the first byte that is not (its
    offset in ``line`` when they are one line of the text)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = "" if line is None else " of the line"
        raise PuzzleFormatError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}{where} "
                                "(save the file as UTF-8)", source, line) from None


__all__ = ["FORMATS", "KINDS", "LIMITS", "Limits", "bundled", "load", "one_puzzle", "parse", "read"]


"""One call of a Prolog predicate through SWI-Prolog's C interface.

pyswip finds and starts libswipl (or ``start`` does, from the engine's saved
state: compiled.py); pyswip's term classes, though, cost more than the solve
itself for the bridge's few, small arguments (half a millisecond a call, in
objects made and thrown away).  This module builds the arguments and reads the
answers with the C functions directly, through the library so loaded:

- ``int`` is an integer, ``str`` an atom and ``PrologString`` a string
  (never text parsed as Prolog),
  ``list`` a list, and a tuple ``(name, arg, ...)`` a compound term;
- answers come back the same way: integers, atoms and strings as ``str``,
  lists as ``list``, any other term as its written text (``format/3`` with ``~W``:
  SWI-Prolog 9.0.4's own conversion, ``PL_get_wchars`` with ``CVT_WRITEQ``
  into a malloc'd buffer, hands back memory that it frees again once the
  text is over about 100 characters, and freeing it then aborts the
  process with "double free or corruption").

Call it only on the thread that owns the Prolog engine (swipl.py sees to it).
"""
from __future__ import annotations

import ctypes
from ctypes import POINTER, byref, c_char_p, c_int, c_int64, c_size_t, c_uint, c_void_p
from typing import Any

from .errors import EngineError

# From SWI-Prolog.h.
_PL_ATOM, _PL_INTEGER, _PL_STRING, _PL_NIL, _PL_LIST_PAIR = 2, 3, 6, 8, 10
_REP_UTF8 = 0x00100000
_CVT_ATOM, _CVT_STRING = 0x01, 0x02
_BUF_MALLOC = 0x00020000
_PL_Q_NODEBUG, _PL_Q_CATCH_EXCEPTION = 0x04, 0x08

_term_t = c_size_t  # term_t, atom_t, functor_t and fid_t are uintptr_t


class _Functions:
    """The C functions used, with their prototypes, as private function objects
    (``CDLL[name]`` makes a new one, so pyswip's own prototypes are left alone)."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        def bind(name: str, result: Any, *args: Any) -> Any:
            function = lib[name]
            function.restype = result
            function.argtypes = list(args)
            return function

        self.open_frame = bind("PL_open_foreign_frame", _term_t)
        self.discard_frame = bind("PL_discard_foreign_frame", None, _term_t)
        self.new_term_ref = bind("PL_new_term_ref", _term_t)
        self.new_term_refs = bind("PL_new_term_refs", _term_t, c_size_t)
        self.copy_term_ref = bind("PL_copy_term_ref", _term_t, _term_t)
        self.new_atom = bind("PL_new_atom", _term_t, c_char_p)
        self.new_functor = bind("PL_new_functor_sz", _term_t, _term_t, c_size_t)
        self.predicate = bind("PL_predicate", c_void_p, c_char_p, c_int, c_char_p)
        self.put_int64 = bind("PL_put_int64", c_int, _term_t, c_int64)
        self.put_chars = bind("PL_put_chars", c_int, _term_t, c_int, c_size_t, c_char_p)
        self.new_atom_mbchars = bind("PL_new_atom_mbchars", _term_t, c_int, c_size_t, c_char_p)
        self.put_atom = bind("PL_put_atom", c_int, _term_t, _term_t)
        self.unregister_atom = bind("PL_unregister_atom", None, _term_t)
        self.put_nil = bind("PL_put_nil", c_int, _term_t)
        self.cons_list = bind("PL_cons_list", c_int, _term_t, _term_t, _term_t)
        self.cons_functor_v = bind("PL_cons_functor_v", c_int, _term_t, _term_t, _term_t)
        self.term_type = bind("PL_term_type", c_int, _term_t)
        self.get_int64 = bind("PL_get_int64", c_int, _term_t, POINTER(c_int64))
        self.get_wchars = bind("PL_get_wchars", c_int, _term_t, POINTER(c_size_t),
                               POINTER(c_void_p), c_uint)
        self.get_list = bind("PL_get_list", c_int, _term_t, _term_t, _term_t)
        self.open_query = bind("PL_open_query", c_void_p, c_void_p, c_int, c_void_p, _term_t)
        self.next_solution = bind("PL_next_solution", c_int, c_void_p)
        self.exception = bind("PL_exception", _term_t, c_void_p)
        self.cut_query = bind("PL_cut_query", c_int, c_void_p)
        self.call_predicate = bind("PL_call_predicate", c_int, c_void_p, c_int, c_void_p, _term_t)
        self.put_term = bind("PL_put_term", c_int, _term_t, _term_t)
        self.free = bind("PL_free", None, c_void_p)
        self.mark_strings = bind("PL_mark_string_buffers", None, POINTER(c_void_p))
        self.release_strings = bind("PL_release_string_buffers_from_mark", None, c_void_p)
        self.get_atom = bind("PL_get_atom", c_int, _term_t, POINTER(_term_t))
        self.atom_nchars = bind("PL_atom_nchars", c_void_p, _term_t, POINTER(c_size_t))
        self.atom_wchars = bind("PL_atom_wchars", c_void_p, _term_t, POINTER(c_size_t))
        self.thread_self = bind("PL_thread_self", c_int)
        self.attach_engine = bind("PL_thread_attach_engine", c_int, c_void_p)
        self.thread_raise = bind("PL_thread_raise", c_int, c_int, c_int)


class PrologString(str):
    """Text passed as a Prolog string, not an atom: puzzle data.  A string
    lives on Prolog's stacks and is gone when the call returns; every new
    atom would enter the atom table and stay there until atom garbage
    collection, which lets the table (and the process) grow over a batch."""


_LIB: ctypes.CDLL | None = None
_C: _Functions | None = None
_PREDICATES: dict[tuple[str, int], int] = {}
_FUNCTORS: dict[tuple[str, int], int] = {}


def call(name: str, args: list[Any], outputs: int) -> list[Any] | None:
    """Call name(Args..., Out1, ..., OutK) in module user once.

    The outputs as Python values; None when the goal fails; EngineError,
    naming the exception, when it raises.  Every term made here lives in a
    foreign frame that is discarded on return, so nothing piles up over
    many calls.
    """
    c = _functions()
    frame = c.open_frame()
    try:
        arity = len(args) + outputs
        first = c.new_term_refs(arity)
        for i, value in enumerate(args):
            _put(c, first + i, value)
        query = c.open_query(None, _PL_Q_NODEBUG | _PL_Q_CATCH_EXCEPTION, _predicate(c, name, arity), first)
        try:
            if c.next_solution(query):
                mark = c_void_p()
                c.mark_strings(byref(mark))
                try:
                    return [_get(c, first + i) for i in range(len(args), arity)]
                finally:
                    c.release_strings(mark)
            exception = c.exception(query)
            if exception:
                raise EngineError(f"{name}/{arity} raised {_written(c, exception, _EXCEPTION_DEPTH)}")
            return None
        finally:
            c.cut_query(query)
    finally:
        c.discard_frame(frame)


def start(lib: str, home: str, state: str) -> None:
    """Start SWI-Prolog (its shared library ``lib``, its ``home``) from the saved ``state``,
    with the options pyswip starts it with: quiet, and no signal handling of its own.  The
    state must be sound: SWI-Prolog aborts the process on one it cannot read."""
    global _LIB
    library = ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
    initialise = library["PL_initialise"]
    initialise.restype, initialise.argtypes = c_int, [c_int, POINTER(c_char_p)]
    args = [b"./", b"-q", b"--nosignals", f"--home={home}".encode(), b"-x", state.encode()]
    if not initialise(len(args), (c_char_p * (len(args) + 1))(*args, None)):
        raise EngineError(f"SWI-Prolog ({lib}) would not start from {state}")
    _LIB = library


def library() -> ctypes.CDLL:
    """The libswipl in use: the one ``start`` loaded, else the one pyswip found and loaded."""
    if _LIB is None:
        try:
            from pyswip.core import _lib
        except (ImportError, AttributeError) as exc:
            raise EngineError(f"cannot reach SWI-Prolog's C functions through pyswip.core._lib ({exc}); "
                              "pyswip 0.3 and SWI-Prolog 9 are known to work") from exc
        return _lib
    return _LIB


def thread_self() -> int:
    """This thread's Prolog thread id, -1 when it has no Prolog engine (PL_thread_self)."""
    return int(_functions().thread_self())


def attach_thread() -> None:
    """Give this thread a Prolog engine of its own (PL_thread_attach_engine)."""
    if _functions().attach_engine(None) < 0:
        raise EngineError("SWI-Prolog would not give this thread an engine")


def raise_in_thread(thread: int, signal: int) -> None:
    """Raise Prolog ``signal`` in Prolog thread ``thread``, from any thread (PL_thread_raise)."""
    _functions().thread_raise(thread, signal)


def _functions() -> _Functions:
    global _C
    if _C is None:
        _C = _Functions(library())
    return _C


def _predicate(c: _Functions, name: str, arity: int) -> int:
    key = (name, arity)
    if key not in _PREDICATES:
        _PREDICATES[key] = c.predicate(name.encode(), arity, None)
    return _PREDICATES[key]


def _functor(c: _Functions, name: str, arity: int) -> int:
    key = (name, arity)
    if key not in _FUNCTORS:
        _FUNCTORS[key] = c.new_functor(c.new_atom(name.encode()), arity)
    return _FUNCTORS[key]


def _put(c: _Functions, term: int, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, str, list, tuple)):
        raise TypeError(f"no Prolog term for {value!r} ({type(value).__name__})")
    if isinstance(value, int):
        ok = c.put_int64(term, value)
    elif isinstance(value, PrologString):
        data = value.encode()
        ok = c.put_chars(term, _PL_STRING | _REP_UTF8, len(data), data)
    elif isinstance(value, str):
        # The term keeps the atom alive while it is needed; the reference
        # PL_new_atom_mbchars hands out is dropped at once, or atom garbage
        # collection could never reclaim it.  (PL_put_chars keeps one in
        # SWI-Prolog 9.0.4: every text passed in stayed for good.)
        data = value.encode()
        atom = c.new_atom_mbchars(_REP_UTF8, len(data), data)
        ok = atom != 0 and c.put_atom(term, atom)
        if atom:
            c.unregister_atom(atom)
    elif isinstance(value, list):
        ok = c.put_nil(term)
        head = c.new_term_ref()
        for item in reversed(value):
            _put(c, head, item)
            ok = ok and c.cons_list(term, head, term)
    elif len(value) == 1:
        _put(c, term, value[0])
        return
    else:
        name, *items = value
        first = c.new_term_refs(len(items))
        for i, item in enumerate(items):
            _put(c, first + i, item)
        ok = c.cons_functor_v(term, _functor(c, name, len(items)), first)
    if not ok:
        raise MemoryError(f"SWI-Prolog could not build the term for {value!r}")


def _get(c: _Functions, term: int) -> Any:
    kind = c.term_type(term)
    if kind == _PL_INTEGER:
        number = c_int64()
        if c.get_int64(term, byref(number)):
            return number.value
    elif kind == _PL_ATOM:
        return _atom_text(c, term)
    elif kind == _PL_STRING:
        return _text(c, term, _CVT_STRING)
    elif kind == _PL_NIL:
        return []
    elif kind == _PL_LIST_PAIR:
        items = []
        head, rest = c.new_term_ref(), c.copy_term_ref(term)
        while c.get_list(rest, head, rest):
            items.append(_get(c, head))
        return items
    return _written(c, term, 0)


_EXCEPTION_DEPTH = 12  # an exception's context may hold a whole puzzle, or a stack's worth of goals


def _written(c: _Functions, term: int, depth: int) -> str:
    """A term as writeq/1 writes it, lists and terms cut at ``depth`` (0: whole):
    format(string(S), "~W", [Term, [quoted(true), max_depth(Depth)]])."""
    frame = c.open_frame()
    try:
        text, sink, control, args, options = (c.new_term_ref() for _ in range(5))
        _put(c, options, [("quoted", "true"), ("max_depth", depth)])
        _put(c, control, "~W")
        ok = (c.cons_functor_v(sink, _functor(c, "string", 1), text)
              and c.put_nil(args) and c.cons_list(args, options, args) and c.cons_list(args, term, args))
        first = c.new_term_refs(3)
        ok = ok and c.put_term(first, sink) and c.put_term(first + 1, control) and c.put_term(first + 2, args)
        if ok and c.call_predicate(None, _PL_Q_NODEBUG | _PL_Q_CATCH_EXCEPTION, _predicate(c, "format", 3), first):
            return _text(c, text, _CVT_STRING)
        return "<a term SWI-Prolog could not write>"
    finally:
        c.discard_frame(frame)


def _atom_text(c: _Functions, term: int) -> str:
    # An atom's own characters, read in place: PL_get_wchars on an atom costs SWI-Prolog
    # 9.0.4 some 500 bytes a call that it never gives back (a 300,000-atom answer took
    # 160 MB, the next one "Too many stacked strings", a fatal error).
    atom, length = _term_t(), c_size_t()
    if not c.get_atom(term, byref(atom)):
        raise ValueError("SWI-Prolog gave a term that is not an atom")
    chars = c.atom_nchars(atom, byref(length))
    if chars:
        return ctypes.string_at(chars, length.value).decode("latin-1")
    wide = c.atom_wchars(atom, byref(length))
    if not wide:
        raise ValueError("SWI-Prolog gave an atom that is not text")
    return ctypes.wstring_at(wide, length.value)


def _text(c: _Functions, term: int, flags: int) -> str:
    # Wide characters, in memory of our own that is freed here: asking
    # PL_get_nchars for UTF-8 loses some 500 bytes a call in SWI-Prolog
    # 9.0.4, whatever buffer it is told to use.
    length, chars = c_size_t(), c_void_p()
    if not c.get_wchars(term, byref(length), byref(chars), flags | _BUF_MALLOC):
        raise ValueError("SWI-Prolog gave a term that is not text")
    try:
        return ctypes.wstring_at(chars.value or 0, length.value)
    finally:
        c.free(chars)

"""The bridge's calls into Prolog: Python values in and out as terms, failures and exceptions."""
from __future__ import annotations

import re

import pytest

from pybridge import EngineError
from pybridge.engine import swipl


def test_values_go_in_and_come_back_as_the_same_terms():
    nested = [1, "a", [2 ** 40, -7, "b c"], [], "ü", "'quoted' (text), halt."]
    assert swipl.call("=", [nested], 1) == [nested]
    assert swipl.call("length", [nested], 1) == [len(nested)]


def test_text_is_always_one_atom_never_parsed():
    text = "x'), halt, ('"
    assert swipl.call("atom_length", [text], 1) == [len(text)]
    assert swipl.call("atom", [text], 0) == []


def test_tuples_are_compound_terms_and_other_terms_come_back_written():
    assert swipl.call("functor", [("f", 1, ("g", "x"))], 2) == ["f", 2]
    assert swipl.call("=", [("f", 1, ["a"], "it's")], 1) == ["f(1,[a],'it\\'s')"]
    long = swipl.call("=", [("f", list(range(3000)))], 1)[0]  # written whole, however long
    assert long == "f([" + ",".join(map(str, range(3000))) + "])"


def test_failure_and_exceptions_become_engine_errors():
    with pytest.raises(EngineError, match="failed unexpectedly"):
        swipl.call("atom", [3], 0)
    with pytest.raises(EngineError, match="type_error"):
        swipl.call("atom_length", [("f", 1)], 1)
    # An exception over a hundred characters long: SWI-Prolog 9.0.4's own conversion of it
    # aborted the process ("double free or corruption"); it is written, cut short, instead.
    with pytest.raises(EngineError, match=re.escape("raised error(type_error(text,f([0,1,2,3,4,5,6,7|...]))")):
        swipl.call("atom_length", [("f", list(range(1000)))], 1)
    assert swipl.call("atom_length", ["ok"], 1) == [2]


def test_values_without_a_term_are_refused():
    with pytest.raises(TypeError, match="no Prolog term"):
        swipl.call("=", [1.5], 1)

"""Every example in the docs runs and prints what the docs show: the README's Python and
command-line examples, the example queries in the engine's comments, the examples of
docs/formats.md.  (The README's Prolog transcript is tests/test_shell.py's.)"""
from __future__ import annotations

import doctest
import re
import subprocess
import sys

import pytest

import pybridge
from conftest import ROOT, lines_match

README = (ROOT / "README.md").read_text()
FORMATS = (ROOT / "docs" / "formats.md").read_text()


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


@pytest.mark.parametrize("number", range(len(blocks(README, "python"))))
def test_readme_python_examples(number, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = blocks(README, "python")[number]
    test = doctest.DocTestParser().get_doctest(text, {"pybridge": pybridge}, f"README python block {number}",
                                               "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def console_examples() -> list[tuple[str, list[str]]]:
    examples: list[tuple[str, list[str]]] = []
    for block in blocks(README, "console"):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            else:
                examples[-1][1].append(line)
    return examples


@pytest.mark.parametrize("command,expected", console_examples())
def test_readme_command_line_examples(command, expected):
    assert command.startswith("puzzlog ")
    out = subprocess.run([sys.executable, "-m", "pybridge", *command.split()[1:]], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert lines_match(expected, out.stdout.rstrip("\n").splitlines()), out.stdout


# ---------------------------------------------------------------- the engine's comments

def comment_examples(path) -> list[tuple[int, str, list[str]]]:
    """(line, query, answers) of each `?-` query in a file's comments: the lines after it
    up to a blank or the next query are its answers (none: it must succeed; `false.`)."""
    lines = path.read_text().splitlines()
    examples = []
    i = 0
    while i < len(lines):
        text = lines[i].lstrip("% ").strip()
        if not text.startswith("?- "):
            i += 1
            continue
        start = i + 1
        query = text[3:]
        while not query.split("%")[0].rstrip().endswith("."):
            i += 1
            query += " " + lines[i].lstrip("% ").strip()
        query = query.split("  %")[0].rstrip().rstrip(".")
        answers, answer = [], ""
        i += 1
        while i < len(lines):
            text = lines[i].lstrip("% ").strip()
            if not text or text.startswith("?-") or text.startswith("*/"):
                break
            answer += (" " if answer else "") + text
            if answer.endswith(";") or answer.endswith("."):
                answers.append(answer.rstrip(";").strip().rstrip("."))
                answer = ""
            i += 1
        examples.append((start, query, answers))
    return examples


def test_engine_comment_examples(tmp_path):
    facts = []
    count = 0
    for path in sorted((ROOT / "prolog").rglob("*.pl")):
        for line, query, answers in comment_examples(path):
            shown = "[" + ", ".join(_quoted(placeholders(a)) for a in answers) + "]"
            facts.append(f"example({_quoted(str(path))}, {line}, {_quoted(query)}, {shown}).")
            count += 1
    script = tmp_path / "examples.pl"
    script.write_text("\n".join(facts) + "\n")
    out = subprocess.run(["swipl", "-q", "-g", f"consult('{ROOT / 'tests' / 'doc_queries.pl'}')",
                          "-g", f"consult('{script}')", "-g", "check_all", "-t", "halt"],
                         cwd=ROOT, capture_output=True, text=True, timeout=240)
    results = [line for line in out.stdout.splitlines() if line.startswith("@@ ")]
    assert len(results) == count, out.stdout + out.stderr
    bad = [line for line in results if not line.endswith(" ok")]
    assert not bad, "\n".join(bad)
    assert count >= 30


def placeholders(answer: str) -> str:
    """An answer as a term to match: `|...]` (any rest of a list) and `...` (any term)
    outside quotes become anonymous variables."""
    out, quote, i = [], None, 0
    while i < len(answer):
        ch = answer[i]
        if quote:
            out.append(ch)
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
            out.append(ch)
        elif answer.startswith("|...]", i):
            out.append("|_]")
            i += 4
        elif answer.startswith("...", i):
            out.append("_")
            i += 2
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _quoted(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


# ---------------------------------------------------------------- docs/formats.md

def format_examples() -> list[tuple[dict, str]]:
    examples = []
    for info, text in re.findall(r"```puzzle([^\n]*)\n(.*?)```", FORMATS, re.S):
        options = dict(word.split("=") if "=" in word else (word, True) for word in info.split())
        examples.append((options, text))
    return examples


@pytest.mark.parametrize("options,text", format_examples())
def test_formats_examples_read_and_write_back(options, text):
    from pybridge.puzzles import formats
    kind, fmt = options.get("kind"), options["format"]
    puzzles = pybridge.parse(text, "formats.md", kind=kind)         # the format detected
    assert len(puzzles) == int(options.get("puzzles", 1))
    again = pybridge.parse(text, "formats.md", kind=kind, fmt=fmt)  # and named
    assert [repr(p) for p in again] == [repr(p) for p in puzzles]
    for p in puzzles:
        assert pybridge.solve(p).status == "solved", p
    if options.get("writes"):
        assert formats.write(puzzles, fmt) == text


def test_formats_has_an_example_of_every_format():
    from pybridge.puzzles.reading import FORMATS as NAMES
    assert {options["format"] for options, _ in format_examples()} == set(NAMES)


def modules_with_examples() -> list[str]:
    """Every pybridge module whose docstrings show an example (`>>> `)."""
    found = []
    for path in sorted((ROOT / "pybridge").rglob("*.py")):
        if ">>> " in path.read_text():
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


@pytest.mark.parametrize("module", modules_with_examples())
def test_python_docstring_examples(module, monkeypatch):
    import importlib
    monkeypatch.chdir(ROOT)
    mod = importlib.import_module(module)
    failures, tries = doctest.testmod(mod, extraglobs={"pybridge": pybridge}, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tries > 0
    pybridge.LIMITS.max_kakuro_side = pybridge.Limits().max_kakuro_side  # limits.py's example changes it


def test_readme_layout_names_every_module():
    """The README's layout section names each engine module, Python module and bench script."""
    section = README[README.index("Layout (`ls -R prolog pybridge`)"):]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    files = [*(ROOT / "prolog").rglob("*.pl"), *(ROOT / "pybridge").rglob("*.py"), *(ROOT / "bench").glob("*.py")]
    names = {path.stem for path in files if not path.stem.startswith("_") and path.stem not in ("common", "stats")}
    missing = sorted(name for name in names if not re.search(rf"`{name}`|{name}\.p[ly]\b|`prolog/{name}\.pl`", section))
    assert not missing, f"README's layout section does not name: {missing}"

"""The ``puzzlog`` program (and ``python -m pybridge``): the engine starts on its own thread
first, so that SWI-Prolog's start (some 60 ms, nearly all in C, which lets Python go on) runs
beside the import of the command line (some 100 ms) instead of after it; then the command
runs as cli.main, whose first call to the engine waits for it."""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from ..engine import swipl
    swipl.start_soon()
    from .main import main as command
    return command(argv)

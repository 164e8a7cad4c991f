"""The ``puzzlog`` program (and ``python -m pybridge``): the engine starts on its own thread
first, so that SWI-Prolog's start (some 60 ms, nearly all in C, which lets Python go on) runs
beside the import of the command line (some 100 ms) instead of after it; then the command
runs as cli.main, whose first call to the engine waits for it."""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from . import engine
    engine.start_soon()
    from .cli import main as command
    return command(argv)

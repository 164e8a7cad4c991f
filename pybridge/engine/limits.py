"""What puzzlog takes on at most: beyond a limit, input is refused at once, with a message.

Change them on ``pybridge.LIMITS`` (the CLI has --max-puzzle-chars and
--max-kakuro-side):

>>> import pybridge
>>> pybridge.LIMITS.max_kakuro_side = 80
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Limits:
    """``max_file_bytes``: a file or text read; ``max_puzzle_chars``: one puzzle (a
    line, or a grid's block of lines); ``max_kakuro_side``: the rows or columns of a
    Kakuro; ``engine_stack_mb``: the memory the engine's stacks may take for one
    call (a solve that needs more ends with the status ``error``), read when the
    engine starts; ``max_chain_links``: the longest chain (in links, 3..60) the
    chain techniques (x_chain, xy_chain, aic) look for; ``time_limit``: the seconds one
    call (a solve, an explanation, a rating, a check, a hint, one generated puzzle) may take
    when it is given no ``time_limit`` of its own (None: no limit), so that no call runs on
    for ever unasked."""

    max_file_bytes: int = 64 * 2 ** 20
    max_puzzle_chars: int = 100_000
    max_kakuro_side: int = 60
    engine_stack_mb: int = 512
    max_chain_links: int = 14
    time_limit: float | None = 120.0


LIMITS = Limits()

ATTEMPTS = 50                 # solutions a generated puzzle may take, at a level
TECHNIQUE_ATTEMPTS = 1000     # with a hardest technique asked for, a rarer catch: a time limit ends it
STARTS = ("givens", "needed")  # a generated puzzle starts at its givens, or where its technique is needed

"""The server's memory after a crowd: what big answers used goes back to the system.

glibc raises its mmap threshold each time a big block is freed (up to 32 MB), so after the
first 10 MB answer every later one is cut from a thread's arena instead of a mapping of its
own; the small objects allocated between them pin those pages, and the server ends a
slow-reader attack 10 MB or more above where it began (measured with ``bench/serve.py
--hostile``: +27% before, +2% with the threshold fixed).  Fixing the threshold keeps each
big buffer in a mapping that is unmapped when freed; a trim every few seconds hands back
what the arenas freed.  Neither does anything off glibc.
"""
from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
from typing import Any

M_MMAP_THRESHOLD = -3                 # mallopt's parameter number in glibc's malloc.h
MMAP_THRESHOLD_BYTES = 256 * 1024     # a block this big or bigger gets a mapping of its own
TRIM_SECONDS = 5.0


def _libc() -> Any | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt   # glibc's, or nothing to do
        return libc
    except (OSError, AttributeError):
        return None


def keep_big_blocks_apart() -> bool:
    """Fix glibc's mmap threshold (a fixed one is never raised); True when it was set."""
    libc = _libc()
    return bool(libc and libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))


async def give_back_memory() -> None:
    """Every few seconds, hand what the arenas freed back to the system (a millisecond or two)."""
    libc = _libc()
    if libc is None:
        return
    while True:
        await asyncio.sleep(TRIM_SECONDS)
        libc.malloc_trim(0)


__all__ = ["give_back_memory", "keep_big_blocks_apart"]

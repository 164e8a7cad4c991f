"""One engine in a process of its own: what the batch pool's workers (batches/pool.py) and
the server's engines (web/engines.py) both are.

pyswip is not thread-safe, and SWI-Prolog cannot be forked once it runs threads, so each is
a fresh interpreter (multiprocessing's ``spawn``), never a fork of a process that has started
Prolog.  It runs ``target(its end of a pipe, *args)``; this side holds the other end.
"""
from __future__ import annotations

import signal
import threading
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

STOP_SECONDS = 5.0   # what a process told to stop may take before it is killed


class EngineProcess:
    """A spawned interpreter and this end of its pipe."""

    def __init__(self, target: Callable[..., None], *args: Any, name: str) -> None:
        import multiprocessing  # here, not at import: a command that starts no worker never loads it
        spawning = multiprocessing.get_context("spawn")
        self.conn: Connection
        self.conn, theirs = spawning.Pipe()
        self.process = spawning.Process(target=target, args=(theirs, *args), name=name, daemon=True)
        # Ctrl-C waits until the new interpreter has been sent what it starts from: cut short,
        # it would print a traceback of its own ("EOFError: Ran out of input").
        blocked = threading.current_thread() is threading.main_thread()
        if blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            self.process.start()
        finally:
            if blocked:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
        theirs.close()  # so that the process's death reads as end of file here

    def __repr__(self) -> str:
        state = "alive" if self.alive else f"exit code {self.exitcode}"
        return f"EngineProcess({self.process.name}, pid {self.process.pid}, {state})"

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    @property
    def exitcode(self) -> int | None:
        return self.process.exitcode

    def send(self, message: Any) -> None:
        self.conn.send(message)

    def stop(self, kill: bool = False) -> None:
        """Killed, or told to stop (None) and given STOP_SECONDS to do so."""
        if kill:
            self.process.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.process.join(STOP_SECONDS)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()

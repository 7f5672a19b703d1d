"""Reading the console's lines from a terminal.

On a terminal whose standard input and output are the console's, lines go through the
standard library's ``readline`` (:class:`ReadlineInput`): the arrows move in the line instead
of printing ``^[[A``, Up and Down bring back the lines typed before, Ctrl-A / Ctrl-E and the
rest of GNU readline's editing work. Elsewhere (no ``readline`` module, as on Windows, or a
terminal that is not the process's own), :class:`TerminalInput` reads the terminal's own
line editing.

Either way Ctrl-C ends the console at once, at the prompt or mid-command: the signal cancels
the main task (``bot.process.lifecycle.Interruption``), which never waits on a blocked read.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from typing import Any, TextIO


class TerminalInput:
    """Lines typed on a terminal, read on the event loop (``loop.add_reader``): no thread sits
    blocked in ``input()``, so Ctrl-C (which cancels the main task) ends the console at once,
    at the prompt or mid-command. The terminal's own line editing stays."""

    def __init__(self, stream: TextIO, out: TextIO) -> None:
        self.fd = stream.fileno()
        self.out = out
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.pending = b""
        self.ended = False

    async def readline(self, prompt: str) -> str:
        """The next line with its newline; at the end (Ctrl-D) what is left, then ``""``."""
        self.out.write(prompt)
        self.out.flush()
        while b"\n" not in self.pending and not self.ended:
            await self._readable()
            chunk = self._read_now()
            if chunk is None:  # nothing after all: a Ctrl-C emptied what had been typed
                continue
            self.ended = not chunk
            self.pending += chunk
        line, newline, self.pending = self.pending.partition(b"\n")
        return (line + newline).decode(self.encoding, errors="replace")

    def _read_now(self) -> bytes | None:
        """What the terminal has, without waiting (``None``: nothing). Ctrl-C empties the
        terminal's typed input between the wake-up and the read; a blocking read would then
        hold the loop, and the signal's handling with it, until the next key."""
        blocking = os.get_blocking(self.fd)
        os.set_blocking(self.fd, False)
        try:
            return os.read(self.fd, 65536)
        except BlockingIOError:
            return None
        finally:
            os.set_blocking(self.fd, blocking)

    async def _readable(self) -> None:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(self.fd, wake)
        try:
            await ready
        finally:
            loop.remove_reader(self.fd)

    def close(self) -> None:
        """Nothing to put back: the terminal kept its own mode."""


class ReadlineInput:
    """Lines typed through ``readline`` (``input()``, which edits the line and keeps its
    history). ``input()`` blocks, so each line is read by a daemon thread while the loop
    waits for it: a Ctrl-C still cancels the main task at once, and the thread, left
    waiting for a line that will never be used, ends with the process. readline holds the
    terminal in a mode of its own while it reads; :meth:`close` puts back the settings the
    terminal had when the console started."""

    def __init__(self, stream: TextIO, readline: Any, termios: Any) -> None:
        readline.parse_and_bind("set enable-bracketed-paste off")  # no escapes around lines
        self.termios = termios
        self.fd = stream.fileno()
        self.saved = termios.tcgetattr(self.fd)

    async def readline(self, prompt: str) -> str:
        """The next line with its newline; ``""`` at the end (Ctrl-D)."""
        loop = asyncio.get_running_loop()
        typed: asyncio.Future[str] = loop.create_future()

        def deliver(line: str) -> None:
            if not typed.done():  # not when the console was stopped meanwhile
                typed.set_result(line)

        def read() -> None:
            try:
                line = input(prompt) + "\n"
            except EOFError:
                line = ""
            loop.call_soon_threadsafe(deliver, line)

        threading.Thread(target=read, name="consola-readline", daemon=True).start()
        return await typed

    def close(self) -> None:
        self.termios.tcsetattr(self.fd, self.termios.TCSADRAIN, self.saved)


def terminal_input(source: TextIO, out: TextIO) -> TerminalInput | ReadlineInput | None:
    """How to read lines typed on the terminal ``source`` (the prompt goes to ``out``):
    ``readline`` when the console is the process's own standard input and output and the
    module exists; the terminal's own editing otherwise; ``None`` when ``source`` is no
    file at all (a test's stand-in for a terminal: read it line by line)."""
    try:
        source.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    if source is sys.stdin and out is sys.stdout and out.isatty():
        try:
            import readline
            import termios
        except ImportError:  # Windows: no readline, no termios
            pass
        else:
            return ReadlineInput(source, readline, termios)
    return TerminalInput(source, out)

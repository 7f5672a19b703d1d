"""Stopping cleanly (SIGTERM, SIGINT): no new commands, the running ones finish (up to a
timeout), then the database is closed. For the gateway bot and for the console."""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from bot.edge.tree import GuardedTree

if TYPE_CHECKING:
    from bot.app import UmbralBot

log = logging.getLogger(__name__)

#: Seconds the running commands get to finish once a stop is asked for.
DRAIN_TIMEOUT_S = 25.0
SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def shutdown(bot: UmbralBot, grace_s: float = DRAIN_TIMEOUT_S) -> None:
    """Refuse new commands, let the running ones finish, then close the bot (its ``close``
    disposes the storage's engine). The bot's own attributes, typed: nothing is looked up
    by name."""
    if isinstance(bot.tree, GuardedTree):  # always (``tree_cls``): the type says it drains
        await bot.tree.drain(grace_s)
    try:  # the last tracker edits go out before the connection closes
        await asyncio.wait_for(bot.trackers.idle(), timeout=grace_s)
    except TimeoutError:
        log.warning("El tracker no terminó de actualizarse al parar")
    await bot.close()


def install_bot_signals(
    bot: UmbralBot,
    grace_s: float = DRAIN_TIMEOUT_S,
    on_signal: Callable[[int], None] = lambda signum: None,
) -> Callable[[], None]:
    """SIGTERM / SIGINT start :func:`shutdown` once (``on_signal`` hears which came first);
    returns what undoes the handlers (only the main thread can receive signals: elsewhere
    nothing is installed)."""
    loop = asyncio.get_running_loop()
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    started: list[asyncio.Task[None]] = []

    def stop(signum: int) -> None:
        if started:
            return
        on_signal(signum)
        log.info("Señal %s: se terminan los comandos en marcha y se cierra", signum)
        started.append(loop.create_task(shutdown(bot, grace_s)))

    return _on_loop_signals(loop, stop)


def _on_loop_signals(
    loop: asyncio.AbstractEventLoop, stop: Callable[[int], None]
) -> Callable[[], None]:
    """``stop(signum)`` on the loop for each of :data:`SIGNALS`; returns what removes them."""
    for sig in SIGNALS:
        loop.add_signal_handler(sig, stop, sig)

    def undo() -> None:
        for sig in SIGNALS:
            loop.remove_signal_handler(sig)

    return undo


#: Exit statuses as a shell reports a death by SIGINT (Ctrl-C) or SIGTERM: 128 + signal.
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_TERMINATED = 128 + signal.SIGTERM


class StoppableInput:
    """The console's input: after a stop, reads end (EOF) so the line running finishes and
    no other starts; a stop that comes while it waits for a line ends the wait at once."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.stopped = False
        self.reading = False

    def isatty(self) -> bool:
        return self.stream.isatty()

    def readline(self) -> str:
        if self.stopped:
            return ""
        self.reading = True
        try:
            return self.stream.readline()
        except StopReading:
            return ""
        finally:
            self.reading = False

    def stop(self) -> None:
        self.stopped = True
        if self.reading:
            raise StopReading


class StopReading(EOFError):
    """Raised by the signal handler inside a blocked ``readline`` (nothing is running)."""


class Interruption:
    """The console's stop: which signal came (SIGINT is Ctrl-C), and how it is handled.

    Piped input (:meth:`on_input`): the line running finishes and no other starts. On a
    terminal (:meth:`on_terminal`): the command running is cancelled at once (its
    transaction rolls back) and the console ends even if something swallowed the
    cancellation (:attr:`signal` is checked before each line)."""

    def __init__(self) -> None:
        self.signal: int | None = None

    def status(self, terminal: bool) -> int:
        """130 after Ctrl-C; after SIGTERM 143 when the command was cut (a terminal), 0 when
        the console finished what it was doing (piped input, as the bot does)."""
        if self.signal == signal.SIGINT:
            return EXIT_INTERRUPTED
        return EXIT_TERMINATED if terminal else 0

    def on_input(self, source: StoppableInput) -> Callable[[], None]:
        """SIGTERM / SIGINT stop reading ``source``; returns what undoes the handlers."""
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        previous = {sig: signal.getsignal(sig) for sig in SIGNALS}

        def handler(signum: int, _frame: Any) -> None:
            self.signal = self.signal or signum
            source.stop()

        for sig in SIGNALS:
            signal.signal(sig, handler)

        def undo() -> None:
            for sig, old in previous.items():
                signal.signal(sig, old)

        return undo

    def on_terminal(self) -> Callable[[], None]:
        """SIGINT / SIGTERM cancel the current (main) task, so the database is closed on the
        way out; a second one cancels again. Returns what undoes the handlers."""
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        if task is None or threading.current_thread() is not threading.main_thread():
            return lambda: None

        def stop(signum: int) -> None:
            self.signal = self.signal or signum
            task.cancel()

        return _on_loop_signals(loop, stop)

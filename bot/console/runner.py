"""The local console: lines in, the bot's replies out as plain text."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from bot.console.parser import (
    HELP,
    Archive,
    Command,
    Delete,
    Line,
    Permission,
    Press,
    SwitchChannel,
    SwitchUser,
    Wait,
    parse_line,
)
from bot.console.transport import Event, FakeDiscord, Reply
from umbral_rules import UmbralError

log = logging.getLogger(__name__)

PROMPT = "{user} en #{channel}> "
TYPING_S = 2.0  # the console's clock moves this much per command or press: a person typing


class Console:
    """Runs console lines against a :class:`FakeDiscord` and prints what the bot answers."""

    def __init__(self, discord_: FakeDiscord, out: TextIO, *, user: str = "master") -> None:
        self.discord = discord_
        self.out = out
        self.user = user
        self.channel = "mesa"
        self._noticed = 0  # the fake's notices already printed

    @property
    def prompt(self) -> str:
        return PROMPT.format(user=self.user, channel=self.channel)

    async def run_line(self, line: str, *, echo: bool = False) -> Reply | None:
        """One line; errors of the line itself are printed, never raised."""
        try:
            parsed = parse_line(line)
        except UmbralError as error:
            self._print_error(str(error))
            return None
        if parsed is None:
            return None
        if echo:
            self.out.write(f"{self.prompt}{line.strip()}\n")
        if isinstance(parsed, SwitchUser):
            self.user = parsed.name
            self.discord.user_id(parsed.name)
            return None
        if isinstance(parsed, SwitchChannel):
            self.channel = parsed.name
            self.discord.channel_id(parsed.name)
            return None
        if isinstance(parsed, Command | Press):
            self.discord.clock.advance(TYPING_S)
        try:
            if isinstance(parsed, Press):
                reply = await self.discord.press(self.user, self.channel, parsed.label)
            elif isinstance(parsed, Command):
                reply = await self._command(parsed)
            elif isinstance(parsed, Wait):
                await self.wait(parsed.seconds)
                return None
            else:
                self._fault(parsed)
                return None
        except LookupError as error:
            self._print_error(str(error.args[0] if error.args else error))
            return None
        self.print_reply(reply)
        if isinstance(parsed, Command) and parsed.words[0] == "ayuda":
            self.out.write(f"(consola) {HELP}.\n")
        return reply

    async def wait(self, seconds: float) -> None:
        """``!esperar``: the time passes, and whatever the bot had due meanwhile (the
        reminders of play by post) happens at its time and is printed."""
        start = len(self.discord.events)
        reminders = getattr(self.discord.bot, "reminders", None)
        if reminders is None:
            self.discord.clock.advance(seconds)
            return
        await reminders.advance(seconds)
        await self.discord.settle()
        for event in self.discord.events[start:]:
            self.out.write(self.event_text(event) + "\n")

    def _fault(self, parsed: Line) -> None:
        """The lines that make Discord misbehave (they print nothing when they work)."""
        if isinstance(parsed, Permission):
            place = self.discord.places.get(self.channel)
            self.discord.places.set_permission(place, parsed.name, parsed.granted)
        elif isinstance(parsed, Delete):
            self.discord.delete_titled(self.channel, parsed.title)
        elif isinstance(parsed, Archive):
            self.discord.archive(self.channel)

    @property
    def failed(self) -> bool:
        """Discord refused a request as invalid, or an interaction went unanswered."""
        return self.discord.gate.failed

    async def _command(self, parsed: Command) -> Reply:
        path = self.discord.resolve_path(parsed.words)
        extra = parsed.words[len(path) :]
        if extra:
            raise LookupError(f"Sobra «{' '.join(extra)}»: las opciones se escriben opcion:valor.")
        return await self.discord.command(self.user, self.channel, path, parsed.options)

    async def run_lines(self, lines: Iterable[str], *, echo: bool = True) -> None:
        for line in lines:
            await self.run_line(line, echo=echo)

    def _print_error(self, message: str) -> None:
        self.out.write(f"(consola) {message}\n")

    def print_reply(self, reply: Reply) -> None:
        if not reply.events:
            self.out.write("(el bot no ha respondido)\n")
        for event in reply.events:
            self.out.write(self.event_text(event) + "\n")
        notices = self.discord.gate.notices
        for notice in notices[self._noticed :]:
            self.out.write(notice.line + "\n")
        self._noticed = len(notices)

    def event_text(self, event: Event) -> str:
        message = event.message
        if message.ephemeral:
            header = f"Umbral → @{message.recipient} (solo para ti)"
        else:
            header = f"Umbral → #{message.channel}"
        if event.kind == "edit":
            header += f" · edita el mensaje {message.id % 1_000_000}"
        body = message.text(self.discord.names)
        indented = "\n".join("  " + line for line in body.splitlines())
        return f"{header}\n{indented}" if indented else header


class TerminalInput:
    """Lines typed on a terminal, read on the event loop (``loop.add_reader``): no thread sits
    blocked in ``input()``, so Ctrl-C (which cancels the main task) ends the console at once,
    at the prompt or mid-command. The terminal's own line editing stays."""

    def __init__(self, stream: TextIO) -> None:
        self.fd = stream.fileno()
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.pending = b""
        self.ended = False

    async def readline(self) -> str:
        """The next line with its newline; at the end (Ctrl-D) what is left, then ``""``."""
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


async def interactive(
    console: Console,
    stream: TextIO | None = None,
    *,
    echo: bool = False,
    stopped: Callable[[], bool] = lambda: False,
) -> None:
    """Read lines until EOF: a prompt on a terminal, silent when piped (``echo`` repeats each
    piped line, prompt included, before its replies). A fault of one line is reported and
    the console goes on. On a terminal, Ctrl-D ends the console on a line of its own.
    ``stopped`` (a signal came: ``bot.process.lifecycle.Interruption``) ends it before the
    next line, and a line that fails because it was interrupted is not reported."""
    source = stream or sys.stdin
    tty = source.isatty()
    terminal = TerminalInput(source) if tty and _has_fd(source) else None
    while not stopped():
        if terminal is not None:
            console.out.write(console.prompt)
            console.out.flush()
            line = await terminal.readline()
            if not line:
                console.out.write("\n")
                console.out.flush()
                break
        else:
            if tty:
                console.out.write(console.prompt)
                console.out.flush()
            line = source.readline()
            if not line:
                break
        try:
            await console.run_line(line, echo=echo and not tty)
        except Exception as error:  # keep the console alive; the bot's own faults are logged
            if stopped():
                log.debug("Línea interrumpida: %r", line, exc_info=True)
                break
            log.exception("Fallo de la consola con la línea %r", line)
            console.out.write(f"(consola) Algo ha fallado con esa línea: {error}\n")
        console.out.flush()


def _has_fd(stream: TextIO) -> bool:
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True

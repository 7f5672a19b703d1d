"""The local console: lines in, the bot's replies out as plain text."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from bot.console import gateway
from bot.console.cut import Writes, cut_line
from bot.console.display import Display
from bot.console.files import Attachments
from bot.console.forms import form_text
from bot.console.parser import (
    HELP,
    Archive,
    Command,
    Delete,
    EventAction,
    Interest,
    Line,
    Menu,
    Permission,
    Press,
    Submit,
    SwitchChannel,
    SwitchUser,
    Typing,
    Wait,
    Write,
    parse_line,
)
from bot.console.payloads import GUILD_ID
from bot.console.printer import message_text
from bot.console.terminal import ReadlineInput, TerminalInput, terminal_input
from bot.console.transport import Event, FakeDiscord, Reply
from umbral_rules import UmbralError

log = logging.getLogger(__name__)

PROMPT = "{user} en #{channel}> "
TYPING_S = 2.0  # the console's clock moves this much per command or press: a person typing


class Console:
    """Runs console lines against a :class:`FakeDiscord` and prints what the bot answers."""

    def __init__(
        self,
        discord_: FakeDiscord,
        out: TextIO,
        *,
        user: str = "master",
        attachments: Attachments | None = None,
    ) -> None:
        self.discord = discord_
        self.out = out
        self.user = user
        #: Where the files the bot attaches are written (``--adjuntos``); None: not written.
        self.attachments = attachments
        storage = getattr(discord_.bot, "storage", None)
        #: The transactions that wrote, to say what a Ctrl-C leaves (:mod:`.cut`).
        self.writes = Writes(storage.engine) if storage is not None else None
        self.cut = False  # a Ctrl-C cut a command (and the console said what it left)
        self.channel = "mesa"
        self._noticed = 0  # the fake's notices already printed
        #: A line made the console itself fail (its display, its parser): exit status 1.
        self.crashed = False
        #: What the reader sees: names for mentions, timestamps on the console's clock.
        self.display = Display(
            users=discord_.names,
            channels=lambda place_id: getattr(discord_.places.by_id(place_id), "name", None),
            roles=lambda role_id: getattr(discord_.guild.get_role(role_id), "name", None),
            now=discord_.clock.datetime,
        )

    @property
    def prompt(self) -> str:
        return PROMPT.format(user=self.user, channel=self.channel)

    async def run_line(self, line: str, *, echo: bool = False) -> Reply | None:
        """One line; errors of the line itself are printed, never raised. Cut by Ctrl-C
        (cancelled), it says first whether anything was saved."""
        wrote = self.writes.count if self.writes is not None else 0
        try:
            return await self._run_line(line, echo=echo)
        except asyncio.CancelledError:
            if self.writes is not None and line.strip().startswith(("/", "!")):
                done = self.writes.count - wrote
                words = line.split()
                shown = " ".join(w for w in words[:3] if ":" not in w) or words[0]
                self.out.write("\n" + cut_line(shown, done) + "\n")
                self.out.flush()
                self.cut = True
            raise

    async def _run_line(self, line: str, *, echo: bool = False) -> Reply | None:
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
        if isinstance(parsed, Command | Press | Submit | Menu | Write):
            self.discord.clock.advance(TYPING_S)
        try:
            if isinstance(parsed, Press):
                reply = await self.discord.press(
                    self.user, self.channel, parsed.label, for_user=parsed.for_user
                )
            elif isinstance(parsed, Command):
                reply = await self._command(parsed)
            elif isinstance(parsed, Menu):
                reply = await self.discord.menu(
                    self.user, self.channel, parsed.kind, parsed.target, parsed.name
                )
            elif isinstance(parsed, Submit) and not parsed.close:
                reply = await self.discord.submit(self.user, parsed.values)
            elif isinstance(parsed, Wait):
                await self.wait(parsed.seconds)
                return None
            elif isinstance(parsed, Typing):
                await self._typing()
                return None
            elif isinstance(parsed, Write | Submit | Interest | EventAction):
                self._person(parsed)
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
        before = self.discord.calendar.statuses()
        reminders = getattr(self.discord.bot, "reminders", None)
        if reminders is None:
            self.discord.clock.advance(seconds)
        else:
            await reminders.advance(seconds)
            await self.discord.settle()
        self.discord.calendar.show_changes(before)  # events that began or ended meanwhile
        for event in self.discord.events[start:]:
            self.out.write(self.event_text(event) + "\n")
        self._print_notices()  # what Discord refused meanwhile (a reminder's post)

    def _fault(self, parsed: Line) -> None:
        """The lines that make Discord misbehave (they print nothing when they work)."""
        if isinstance(parsed, Permission):
            place = self.discord.places.get(self.channel)
            self.discord.places.set_permission(place, parsed.name, parsed.granted)
        elif isinstance(parsed, Delete):
            self.discord.delete_titled(self.channel, parsed.title)
        elif isinstance(parsed, Archive):
            self.discord.archive(self.channel)

    async def _typing(self) -> None:
        """``!escribiendo``: Discord tells the bot (``TYPING_START``) only when it asked for
        the ``guild_typing`` intent; the bot's listener runs before the next line."""
        bot = self.discord.bot
        if not bot.intents.guild_typing:
            return
        data = {
            "channel_id": str(self.discord.channel_id(self.channel)),
            "guild_id": str(GUILD_ID),
            "user_id": str(self.discord.user_id(self.user)),
            "timestamp": int(self.discord.clock.datetime().timestamp()),
        }
        gateway.typing_start(bot, data)
        await asyncio.sleep(0)  # (discord.py's dispatch starts the listeners as tasks)

    def _person(self, parsed: Write | Submit | Interest | EventAction) -> None:
        """What a person does in Discord that is no interaction: a message, a form closed,
        «Me interesa», the events' window; printed as a client shows it."""
        start = len(self.discord.events)
        if isinstance(parsed, Write):
            self.discord.write(self.user, self.channel, parsed.text)
        elif isinstance(parsed, Submit):
            self.discord.close_form(self.user)
        elif isinstance(parsed, Interest):
            uid = self.discord.user_id(self.user)
            shown = self.discord.calendar.interest(uid, parsed.event, parsed.interested)
            self.out.write(f"{self.user} → {shown}\n")
        else:
            uid = self.discord.user_id(self.user)
            self.discord.calendar.person(uid, parsed.action, parsed.event, parsed.fields)
        for event in self.discord.events[start:]:
            self.out.write(self.event_text(event) + "\n")

    @property
    def failed(self) -> bool:
        """Discord refused a request as invalid, an interaction went unanswered, or a line
        made the console itself fail."""
        return self.discord.gate.failed or self.crashed

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
        self._print_notices()

    def _print_notices(self) -> None:
        """The ``(discord)`` lines not printed yet."""
        notices = self.discord.gate.notices
        for notice in notices[self._noticed :]:
            self.out.write(notice.line + "\n")
        self._noticed = len(notices)

    def event_text(self, event: Event) -> str:
        message = event.message
        author = message.author
        if message.webhook_id is not None:
            author += " (webhook)"
        if event.kind == "evento":
            header = f"{author} → eventos del servidor"
            body = message.content
        elif event.kind == "formulario":
            header = f"Umbral → @{message.recipient} (formulario, solo para ti)"
            body = form_text(message.payload)
        elif message.ephemeral:
            header = f"{author} → @{message.recipient} (solo para ti)"
            body = message_text(message.payload, self.discord.names, self.display.text)
        else:
            header = f"{author} → #{message.channel}"
            body = message_text(message.payload, self.discord.names, self.display.text)
        if event.kind == "edit":
            header += f" · edita el mensaje {message.id % 1_000_000}"
        elif event.kind == "delete":
            header += f" · borra el mensaje {message.id % 1_000_000}"
            body = ""
        if self.attachments is not None and event.kind in ("send", "edit"):
            for path in self.attachments.save(event):
                body += f"\n(guardado en {path})"
        indented = "\n".join("  " + line for line in body.splitlines())
        return f"{header}\n{indented}" if indented else header


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
    terminal = terminal_input(source, console.out) if tty else None
    try:
        await _lines(console, source, terminal, echo=echo, stopped=stopped)
    finally:
        if terminal is not None:
            terminal.close()


async def _lines(
    console: Console,
    source: TextIO,
    terminal: TerminalInput | ReadlineInput | None,
    *,
    echo: bool,
    stopped: Callable[[], bool],
) -> None:
    tty = source.isatty()
    while not stopped():
        if terminal is not None:
            line = await terminal.readline(console.prompt)
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
            console.crashed = True
            console.out.write(f"(consola) Algo ha fallado con esa línea: {error}\n")
        console.out.flush()

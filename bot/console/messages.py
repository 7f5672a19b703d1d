"""What the bot says: the messages it sends or edits, the interactions it answers, and what
one dispatched interaction produced (:class:`Reply`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.console.gate import Notice
from bot.console.printer import message_text


@dataclass
class SentMessage:
    """One message as Discord would hold it, with the raw payload the bot sent."""

    id: int
    channel: str
    author: str
    payload: dict[str, Any]
    ephemeral: bool = False
    recipient: str | None = None  # the only user who sees an ephemeral message
    edits: int = 0
    created: float = 0.0  # on the fake's clock
    pinned: bool = False
    deleted: bool = False
    old_edits: list[float] = field(default_factory=list)  # edits once older than an hour
    webhook_id: int | None = None  # sent by that channel webhook, as ``author``
    avatar_url: str | None = None  # the webhook message's own avatar
    author_id: int | None = None  # written by that person (``!escribir``); None: the bot

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def buttons(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for row in self.payload.get("components") or []:
            for comp in row.get("components", []):
                if comp.get("type") == 2:
                    found.append(comp)
        return found

    @property
    def files(self) -> dict[str, bytes]:
        """The files attached to the message, by file name."""
        return {
            str(a["filename"]): bytes(a.get("content", b""))
            for a in self.payload.get("attachments") or []
        }

    @property
    def title(self) -> str:
        return str(self.embeds[0].get("title") or "") if self.embeds else ""

    def field(self, name: str) -> str:
        """The value of the first embed field called ``name``."""
        for embed in self.embeds:
            for item in embed.get("fields") or []:
                if item["name"] == name:
                    return str(item["value"])
        raise KeyError(name)

    def text(self, names: Mapping[int, str] | None = None) -> str:
        """Everything a reader sees, as plain text (no header)."""
        return message_text(self.payload, names or {})


#: The kinds of :class:`Event` that are a channel's message.
MESSAGE_KINDS = ("send", "edit")


@dataclass
class Event:
    """The bot sent (``kind == "send"``), edited (``"edit"``) or deleted (``"delete"``) a
    message; or something a client shows besides messages: the guild's events changed
    (``"evento"``: ``message.content`` says how, ``message.author`` who) or a form opened
    (``"formulario"``: ``message.payload`` is the modal, ``message.recipient`` its user)."""

    kind: str
    message: SentMessage


@dataclass
class Pending:
    """An interaction Discord sent the bot, until its token expires."""

    user: str
    channel: str
    label: str = ""  # how the console names it: "/atacar", "el botón «Defender»"
    kind: int = 2  # 2 command (a context menu too), 3 button, 4 autocomplete, 5 form sent
    created: float = 0.0
    #: When it was dispatched on the loop's own (monotonic) time: ``Mailbox.monotonic``.
    dispatched: float = 0.0
    original: SentMessage | None = None
    deferred_ephemeral: bool | None = None
    component_message: SentMessage | None = None
    response: int | None = None  # the callback type of the first response
    answered: bool = False  # something the user can read (or the autocomplete's choices)
    late: str | None = None  # the slow work that ran before the first response
    form: dict[str, Any] | None = None  # the form (modal) the response opened


@dataclass
class Reply:
    """What one dispatched interaction produced."""

    events: list[Event] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # autocomplete answer
    notices: list[Notice] = field(default_factory=list)  # what Discord refused meanwhile

    @property
    def messages(self) -> list[SentMessage]:
        """The messages sent or edited (not the events' changes nor the forms)."""
        return [e.message for e in self.events if e.kind in MESSAGE_KINDS]

    @property
    def first(self) -> SentMessage:
        """The answer itself (what follows may be the tracker's edit)."""
        if not self.messages:
            raise AssertionError("El bot no respondió nada.")
        return self.messages[0]

    @property
    def last(self) -> SentMessage:
        if not self.messages:
            raise AssertionError("El bot no respondió nada.")
        return self.messages[-1]

    @property
    def form(self) -> dict[str, Any] | None:
        """The form (modal) the interaction opened, if it opened one."""
        forms = [e.message.payload for e in self.events if e.kind == "formulario"]
        return forms[-1] if forms else None

    @property
    def shown(self) -> list[str]:
        """What changed in the guild's events meanwhile, as the console shows it."""
        return [e.message.content for e in self.events if e.kind == "evento"]

    def text(self) -> str:
        return "\n".join(m.text() for m in self.messages)

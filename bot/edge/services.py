"""What the features are handed: made once by :class:`bot.app.UmbralBot`, given to each cog
by its extension's ``setup`` (never looked up on the client by name)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol

from discord.ext import commands

from bot.edge.systems import Systems
from bot.edge.typists import Typists
from bot.records.reference import Topic as Topic  # re-exported: the cogs name their family with it
from umbral_rules import DiceSource, UmbralError

if TYPE_CHECKING:
    from bot.edge.publisher import TrackerPublisher
    from bot.storage import Storage

#: A bot made without a database, asked for it.
NO_STORAGE = "El bot no tiene base de datos configurada."


class CommandMetrics(Protocol):
    """Where a command's outcome is counted (:class:`bot.process.metrics.Metrics`)."""

    def command(self, name: str, outcome: str, seconds: float) -> None: ...


@dataclass(frozen=True)
class Services:
    """The bot's storage (``None``: a bot made without a database, which only lists its
    commands), the injected dice, the trackers' background publisher, where the commands
    that ended well are counted (the bot's metrics, as its tree's), the game systems the
    features registered (:mod:`bot.edge.systems`), and who is typing where
    (:mod:`bot.edge.typists`)."""

    storage: Storage | None
    dice: DiceSource
    trackers: TrackerPublisher
    metrics: CommandMetrics | None = None
    systems: Systems = field(default_factory=Systems)
    typists: Typists = field(default_factory=Typists)

    def require_storage(self) -> Storage:
        if self.storage is None:
            raise UmbralError(NO_STORAGE)
        return self.storage


class ServedCog(commands.Cog):
    """A feature's cog: it keeps the services its ``setup`` handed in; its commands get
    them, with everything else about the call, in a :class:`~bot.edge.context.Context`.
    ``topic`` names its commands' family in ``/ayuda`` and ``docs/comandos.md`` (without
    one, the family is named after its first command: see :mod:`bot.edge.reference`)."""

    topic: ClassVar[Topic | None] = None

    def __init__(self, services: Services) -> None:
        self.services = services

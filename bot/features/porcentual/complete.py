"""What ``/porcentual``'s options offer while they are typed: the channel's fighters and the
server's sheets of the percentile game. Offered is never permitted: the commands check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import Interaction
from discord.app_commands import Choice

from bot.edge.context import ids_of
from bot.features.cog import FeatureCog
from bot.features.common import choices
from umbral_rules import UmbralError

from .state import SYSTEM, Mesa

F = TypeVar("F", bound=Callable[..., Any])


def method(body: F) -> F:
    """Mark a function written outside the cog's class as one of its methods: discord.py
    hands a callback (a command or an autocomplete) its cog only when its qualified name
    says it is defined in a class."""
    body.__qualname__ = f"PorcentualCog.{body.__name__}"
    return body


@method
async def fighters(self: FeatureCog, interaction: Interaction, current: str) -> list[Choice[str]]:
    """The fighters of the channel's percentile fight."""
    guild_id, channel_id = ids_of(interaction)
    async with self.services.require_storage().reading(guild_id, channel_id) as uow:
        try:
            doc = await uow.encounter.document(SYSTEM)
        except UmbralError:  # the channel plays another game
            return []
    if doc is None:
        return []
    return choices((c.id for c in Mesa.from_dict(doc).combate.combatientes), current)


def sheet_names(kind: str) -> Callable[..., Any]:
    """The server's sheets (``pj``) or bestiary entries (``enemigo``)."""

    @method
    async def sheets(self: FeatureCog, interaction: Interaction, current: str) -> list[Choice[str]]:
        guild_id, _ = ids_of(interaction)
        async with self.services.require_storage().reading(guild_id) as uow:
            rows = await uow.system_sheets.list(SYSTEM, "pj" if kind == "pj" else "enemigo")
        return choices((r.nombre for r in rows), current)

    return sheets

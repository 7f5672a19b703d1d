"""What a check is (digest §9): the ``ambito`` option of /tirada and /reto tirar, and the
guild's own estados (``GuildSettings.extra_estados``, read by
:func:`~bot.features.system.guild_estados_extra`) as an encounter's ``estados_extra``."""

from __future__ import annotations

from collections.abc import Iterable

from discord import app_commands

from bot.features.system import guild_estados_extra
from bot.jsontypes import JsonObject
from umbral_rules.tables import AMBITO_LABELS, TIRADA_AMBITOS

AMBITO_CHOICES = [
    app_commands.Choice(name=f"{a} ({AMBITO_LABELS[a]})" if a != "otra" else "otra", value=a)
    for a in TIRADA_AMBITOS
]
AMBITO_HELP = (
    "Qué es la tirada, para los estados: ofensiva, defensa, movimiento, social, vista u otra "
    "(obligatorio si sufres un estado que limita algunas)"
)


def guild_estados(extra_estados: Iterable[object] | None) -> JsonObject:
    """The guild's estados as the JSON of an encounter's ``estados_extra`` setting."""
    return {k: e.to_dict() for k, e in guild_estados_extra(extra_estados).items()}


def ambitos_of(ambito: str | None) -> tuple[str, ...]:
    return (ambito,) if ambito else ()

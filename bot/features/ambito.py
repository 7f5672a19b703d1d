"""What a check is (digest §9): the ``ambito`` option of /tirada and /reto tirar, and the
guild's own estados (``GuildSettings.extra_estados``) as the rules' ``estados_extra``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from discord import app_commands

from bot.jsontypes import JsonObject
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.settings import EstadosExtra, validate_estados_extra
from umbral_rules.tables import AMBITO_LABELS, CHECK_AMBITOS

AMBITO_CHOICES = [
    app_commands.Choice(name=f"{a} ({AMBITO_LABELS[a]})" if a != "otra" else "otra", value=a)
    for a in CHECK_AMBITOS
]
AMBITO_HELP = (
    "Qué es la tirada, para los estados: ofensiva, defensa, movimiento, social, vista u otra "
    "(obligatorio si sufres un estado que limita algunas)"
)


def guild_estados_extra(extra_estados: Iterable[object] | None) -> EstadosExtra:
    """The guild's estados (``GuildSettings.extra_estados``), checked: each entry of the
    stored list is a name (desventaja nowhere) or ``{"nombre": ..., "desventaja":
    [ámbito, ...], "cabeza": bool}`` (``cabeza`` since issue 34: false when missing)."""
    table: JsonObject = {}
    for entry in extra_estados or ():
        if isinstance(entry, dict):
            nombre = str(entry.get("nombre", ""))
            table[nombre] = {
                "nombre": nombre,
                "desventaja": list(entry.get("desventaja", [])),
                "cabeza": bool(entry.get("cabeza", False)),
            }
        else:
            table[str(entry)] = {"nombre": str(entry), "desventaja": []}
    return validate_estados_extra(table)


def guild_estados(extra_estados: Iterable[object] | None) -> JsonObject:
    """The guild's estados as the JSON of an encounter's ``estados_extra`` setting."""
    return {k: e.to_dict() for k, e in guild_estados_extra(extra_estados).items()}


def sync_guild_tables(
    enc: Encounter, secuelas: Mapping[str, object] | None, extra_estados: Iterable[object] | None
) -> None:
    """The guild's secuelas table and estados as they are now, in the encounter (issue 34:
    a guild's tables are live); nothing is touched when they did not change."""
    table = {str(k): str(v) for k, v in (secuelas or {}).items()}
    estados = guild_estados_extra(extra_estados)
    if enc.settings.secuelas_tabla != table or dict(enc.settings.estados_extra) != estados:
        enc.use_guild_tables(table, estados)


def ambitos_of(ambito: str | None) -> tuple[str, ...]:
    return (ambito,) if ambito else ()

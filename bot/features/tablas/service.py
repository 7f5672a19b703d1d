"""The guild's own tables (issue 34): the secuelas table, loaded from a file, and the
guild's estados, each with where it gives desventaja and whether it is «de la cabeza».

Both live in the guild's settings (``GuildSettings.secuelas``, ``extra_estados``); the
encounters read them as they are when each command runs (``Encounter.use_guild_tables``).
Every function runs inside the caller's unit of work; a refusal changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.features.system import guild_estados_extra
from bot.offloop import off_loop
from bot.sheetfiles.secuelas import load_secuelas
from umbral_rules import UmbralError
from umbral_rules.encounter.settings import EstadoExtra, estado_key, validate_estados_extra
from umbral_rules.tables import ESTADOS, ESTADOS_PROPIOS_MAX
from umbral_rules.text import clean_name, name_key

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


async def parse_secuelas(data: bytes, filename: str) -> dict[str, str]:
    """The file's table, read and checked on a worker thread (a file may take 9.8 MB)."""
    table: dict[str, str] = await off_loop(load_secuelas, data, filename)
    return table


async def set_secuelas(uow: UnitOfWork, table: dict[str, str]) -> None:
    """The table becomes the guild's."""
    await uow.guild.update(secuelas=table)


async def reset_secuelas(uow: UnitOfWork) -> None:
    """Back to the bot's neutral table («Secuela N de la tabla»)."""
    await uow.guild.update(secuelas={})


def ambitos_of(text: str | None) -> list[str]:
    """«ofensiva, social» → the ámbitos, as typed (checked by the rules)."""
    return [w.strip() for w in (text or "").replace(";", ",").split(",") if w.strip()]


async def create_estado(
    uow: UnitOfWork, nombre: str, desventaja: str | None, cabeza: bool
) -> EstadoExtra:
    """A new estado of the guild; a name the rulebook or the guild already has is refused."""
    nombre = clean_name(nombre)
    settings = await uow.guild.get()
    stored = list(settings.extra_estados or [])
    known = guild_estados_extra(stored)
    key = estado_key(nombre)
    if key in ESTADOS:
        raise UmbralError(f"«{nombre}» ya es un estado del reglamento.")
    if key in known:
        raise UmbralError(f"El servidor ya tiene el estado «{known[key].nombre}».")
    if len(known) >= ESTADOS_PROPIOS_MAX:
        raise UmbralError(
            f"El servidor ya tiene {ESTADOS_PROPIOS_MAX} estados propios, el máximo (los "
            "quince de Umbral: los cinco del reglamento y diez más). Borra alguno antes."
        )
    spec = {"nombre": nombre, "desventaja": ambitos_of(desventaja), "cabeza": cabeza}
    estado = validate_estados_extra({nombre: spec})[key]
    await uow.guild.update(extra_estados=[*stored, spec])
    return estado


async def delete_estado(uow: UnitOfWork, nombre: str) -> EstadoExtra:
    """Forget one of the guild's estados (whoever carries it in a fight keeps it there)."""
    settings = await uow.guild.get()
    stored = list(settings.extra_estados or [])
    key = estado_key(nombre)
    known = guild_estados_extra(stored)
    if key not in known:
        names = ", ".join(e.nombre for e in known.values()) or "ninguno"
        raise UmbralError(f"El servidor no tiene el estado «{nombre}» (tiene: {names}).")
    kept = [e for e in stored if name_key(_entry_name(e)) != name_key(known[key].nombre)]
    await uow.guild.update(extra_estados=kept)
    return known[key]


def _entry_name(entry: object) -> str:
    return str(entry.get("nombre", "")) if isinstance(entry, dict) else str(entry)

"""Finding a character by name for someone who may not own it: asked, never guessed.

A player reaches only their own characters. The GM (or whoever the command lets) may name
another player's; when two players own a character of that name the command refuses and
lists the owners, and the ``dueño`` option picks one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.render.safe import shown
from bot.storage.models import Character
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError
from umbral_rules.text import name_not_found

if TYPE_CHECKING:
    from bot.storage import UnitOfWork
    from bot.storage.models import Character


def owner_text(owner_id: int) -> str:
    """An owner as a mention: it shows the user's name and, sent with
    ``AllowedMentions.none()`` like every refusal, pings nobody."""
    return f"<@{int(owner_id)}>"


async def named_character(
    uow: UnitOfWork,
    interaction: discord.Interaction,
    personaje: str,
    dueno: discord.abc.User | None,
    *,
    others_allowed: bool,
) -> Character:
    """The character called ``personaje``: ``dueno``'s when given, else the user's own, else
    (when ``others_allowed``) the only other one of that name in the guild."""
    user_id = interaction.user.id
    if dueno is not None:
        if dueno.id != user_id and not others_allowed:
            raise UmbralError("Solo puedes elegir tus propios personajes.")
        row = await uow.characters.by_name(dueno.id, personaje)
        if row is None:
            raise name_not_found(
                f"{owner_text(dueno.id)} no tiene ningún personaje llamado «{shown(personaje)}».",
                personaje,
                [r.nombre for r in await uow.characters.list_for_owner(dueno.id)],
                shown,
            )
        return row
    row = await uow.characters.by_name(user_id, personaje)
    if row is not None:
        return row
    others = await uow.characters.all_by_name(personaje) if others_allowed else []
    if not others:
        where = "no hay ningún personaje" if others_allowed else "no tienes ningún personaje"
        listed = "cuáles hay" if others_allowed else "los tuyos"
        near = await (
            uow.characters.list_all() if others_allowed else uow.characters.list_for_owner(user_id)
        )
        raise name_not_found(
            f"{where.capitalize()} llamado «{personaje}»: /ficha lista dice {listed}.",
            personaje,
            [r.nombre for r in near],
        )
    if len(others) > 1:
        owners = ", ".join(owner_text(r.owner_id) for r in others)
        raise UmbralError(
            f"Hay {len(others)} personajes llamados «{shown(personaje)}»: son de {owners}. "
            "Di de quién con la opción «dueño».",
            formatted=True,
        )
    return others[0]


async def custody_character(
    uow: UnitOfWork,
    interaction: discord.Interaction,
    personaje: str | None,
    dueno: discord.abc.User | None,
    *,
    gm: bool,
) -> Character:
    """The character a command works on: ``personaje`` (and ``dueno``) as
    :func:`named_character` finds it, the GM reaching any of the server; without
    ``personaje``, the active character of ``dueno`` (the GM's custody) or of the user."""
    if personaje:
        named: Character = await named_character(
            uow, interaction, personaje, dueno, others_allowed=gm
        )
        return named
    owner = interaction.user.id if dueno is None else dueno.id
    if owner != interaction.user.id and not gm:
        raise UmbralError("Solo puedes elegir tus propios personajes.")
    row = await uow.characters.active(owner)
    if row is not None:
        return row
    if owner != interaction.user.id:
        raise UmbralError(
            f"{owner_text(owner)} no tiene personaje activo: di cuál con la opción «personaje».",
            formatted=True,
        )
    raise UmbralError(
        "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."
    )

"""Whose name and picture a line may carry (issue 43): a webhook posts under any name and
picture, so without these checks a player's «Kaeda» with Ana's picture, or a character named
«Umbral» or «Máster», would speak indistinguishable from the real ones.

[D] (docs/jugadores.md, «Hablar como tu personaje»): a character speaks

- never under the bot's own name or the name of a role of the server (the GM's «Máster»
  among them), nor as «Máster» itself, the bot's word for the GM;
- under a name another owner's character of the server also has (names are unique per owner
  only) only if it spoke first under it: the first line said under a name keeps the name
  for its character, the others are refused until renamed. Nobody has spoken under it yet:
  the first to speak takes it;
- with a picture link another owner's character of the server also has only by the same
  rule: the first line said with the link keeps it.

Names are compared by the one name key (:func:`umbral_rules.text.name_key`); links exactly.
The record tells who spoke first: each scene line keeps the name it was said under
(``actor``) and, from migration 0018, its picture link."""

from __future__ import annotations

from collections.abc import Iterator

import discord

from bot.storage.models import Character
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError
from umbral_rules.text import name_key

from .voice import WEBHOOK_NAME

#: The bot's word for the GM: reserved even where the GM's role is called otherwise.
GM_WORD = "Máster"
RESERVED = (
    "Tu personaje no puede hablar como «{nombre}»: es el nombre del bot o de un rol del "
    "servidor, y su línea se confundiría con las de verdad. No se ha publicado nada; tu "
    "personaje necesita otro nombre para hablar con /decir."
)
NAME_TAKEN = (
    "Otro jugador tiene en este servidor un personaje llamado «{nombre}» que ya habló con ese "
    "nombre: se lo queda. No se ha publicado nada; tu personaje necesita otro nombre para "
    "hablar con /decir."
)
PICTURE_TAKEN = (
    "La imagen de tu personaje es la de un personaje de otro jugador, que ya habló con ella. "
    "No se ha publicado nada; pon otra con /ficha editar, en «avatar_url» (vacío: la de "
    "por defecto)."
)


def reserved_names(interaction: discord.Interaction) -> Iterator[str]:
    """The names no character speaks under: the bot's (its user name, its display name,
    its nickname here), its webhook's, every role's of the guild, and «Máster»."""
    yield GM_WORD
    yield WEBHOOK_NAME
    me = interaction.client.user
    if me is not None:
        yield from (me.name, me.display_name)
    guild = interaction.guild
    if guild is not None:
        if guild.me is not None:
            yield guild.me.display_name
        yield from (role.name for role in guild.roles)


async def check_voice(uow: UnitOfWork, interaction: discord.Interaction, row: Character) -> None:
    """Refuse (in Spanish) a line said as ``row`` under a name or picture that is not its to
    use; see the module's rules."""
    key = name_key(row.nombre)
    if any(name_key(name) == key for name in reserved_names(interaction)):
        raise UmbralError(RESERVED.format(nombre=row.nombre))
    rivals = await uow.scene.rivals(row.owner_id, key, row.avatar_url)
    named = [r.id for r in rivals if r.name_key == key]
    if named:
        first = await uow.scene.first_under_name(key, [row.id, *named])
        if first not in (None, row.id):
            raise UmbralError(NAME_TAKEN.format(nombre=row.nombre))
    pictured = [r.id for r in rivals if row.avatar_url and r.avatar_url == row.avatar_url]
    if row.avatar_url and pictured:
        first = await uow.scene.first_with_picture(row.avatar_url, [row.id, *pictured])
        if first not in (None, row.id):
            raise UmbralError(PICTURE_TAKEN)

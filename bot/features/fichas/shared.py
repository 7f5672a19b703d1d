"""What the ``/ficha`` commands and others share: a character's sheet as an embed and the
caller's character by name (the autocompletes of characters and Oficios are
:class:`bot.features.cog.FeatureCog`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.features.fichas.vida import vital_shown
from bot.render.fichas import Pools, ficha_embed
from bot.storage.repositories import character_sheet, character_weapons
from umbral_rules import UmbralError
from umbral_rules.text import name_not_found

if TYPE_CHECKING:
    from bot.storage import UnitOfWork
    from bot.storage.models import Character


def pools_of(row: Character) -> Pools:
    return Pools(
        row.aguante,
        row.aguante_max,
        row.aliento,
        row.aliento_max,
        row.esencia,
        row.esencia_max,
        tuple(row.estados),
    )


def sheet_embed(
    row: Character, owner: str | None = None, *, private: bool = False
) -> discord.Embed:
    """The sheet's card; ``private`` (a private reply to its owner or the GM) adds its
    private notes."""
    return ficha_embed(
        character_sheet(row),
        character_weapons(row),
        pools_of(row),
        owner=owner,
        active=row.is_active,
        vital=vital_shown(row),
        notas=row.notas,
        notas_privadas=row.notas_privadas if private else "",
    )


async def own_character(uow: UnitOfWork, owner_id: int, personaje: str | None) -> Character:
    """The named character of ``owner_id``, or their active one."""
    if personaje:
        row = await uow.characters.by_name(owner_id, personaje)
        if row is None:
            raise name_not_found(
                f"No tienes ningún personaje llamado «{personaje}»: /ficha lista dice los tuyos.",
                personaje,
                [r.nombre for r in await uow.characters.list_for_owner(owner_id)],
            )
        return row
    row = await uow.characters.active(owner_id)
    if row is None:
        raise UmbralError(
            "No tienes personaje activo: crea uno con /ficha crear o elige con /ficha usar."
        )
    return row

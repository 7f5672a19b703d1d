"""Who joins an encounter: the player's own character, or (the GM) anyone's; and moving a
character out of the encounter of another channel (a character fights in one at a time)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.features.fichas.shared import own_character
from bot.render.tracker import tracker_embed
from bot.storage.models import Character
from bot.storage.sheet_link import channel_of
from umbral_rules import UmbralError
from umbral_rules.encounter import CombatantRemoved, Encounter, Event

log = logging.getLogger(__name__)


async def joining_character(uow: Any, user_id: int, personaje: str | None, gm: bool) -> Character:
    """The caller's character by name (or active one); the GM may name anyone's."""
    if personaje and gm and await uow.characters.by_name(user_id, personaje) is None:
        wanted = personaje.strip().lower()
        matches = [r for r in await uow.characters.list_all() if r.nombre.lower() == wanted]
        if len(matches) == 1:
            row: Character = matches[0]
            return row
        if len(matches) > 1:
            raise UmbralError(
                f"Hay varios personajes llamados «{personaje}»: que su jugador se una él mismo."
            )
    found: Character = await own_character(uow, user_id, personaje)
    return found


@dataclass
class Moved:
    """What ``mover:sí`` left behind: the other channel's encounter and its tracker."""

    events: list[Event] = field(default_factory=list)
    channel_id: int | None = None
    encounter: Encounter | None = None
    tracker_id: int | None = None


async def move_out(uow: Any, row: Character, channel_id: int) -> Moved:
    """Take ``row`` out of the encounter it is in, if that is another channel's."""
    if row.encounter_id is None:
        return Moved()
    other_channel = await channel_of(await uow.session.connection(), uow.guild_id, row.encounter_id)
    if other_channel is None or other_channel == channel_id:
        return Moved()
    other = uow.encounter_in(other_channel)
    enc = await other.require()
    events: list[Event] = []
    for c in list(enc.combatants):
        if c.character_id == row.id:
            enc.remove(c.id)
            events.append(
                CombatantRemoved(f"{c.nombre} deja el encuentro de <#{other_channel}>.", c.id)
            )
    await other.save(enc)
    return Moved(events, other_channel, enc, other.info.tracker_message_id if other.info else None)


async def refresh_other_tracker(interaction: discord.Interaction, moved: Moved) -> None:
    """Edit the tracker of the encounter the character left (a new one is not posted)."""
    if moved.channel_id is None or moved.tracker_id is None or moved.encounter is None:
        return
    channel = interaction.client.get_partial_messageable(
        moved.channel_id, guild_id=interaction.guild_id
    )
    try:
        await channel.get_partial_message(moved.tracker_id).edit(
            embed=tracker_embed(moved.encounter)
        )
    except discord.HTTPException:
        log.warning("No se pudo editar el tracker de <#%s>", moved.channel_id, exc_info=True)

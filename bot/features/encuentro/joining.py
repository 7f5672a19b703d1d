"""Who joins an encounter: the player's own character, or (the GM) anyone's; and moving a
character out of the encounter of another channel (a character fights in one at a time)."""

from __future__ import annotations

from typing import Any

from bot.features.fichas.shared import own_character
from bot.storage.models import Character
from bot.storage.sheet_link import channel_of
from umbral_rules import UmbralError
from umbral_rules.encounter import CombatantRemoved, Event


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


async def move_out(uow: Any, row: Character, channel_id: int) -> list[Event]:
    """Take ``row`` out of the encounter it is in, if that is another channel's."""
    if row.encounter_id is None:
        return []
    other_channel = await channel_of(await uow.session.connection(), uow.guild_id, row.encounter_id)
    if other_channel is None or other_channel == channel_id:
        return []
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
    return events

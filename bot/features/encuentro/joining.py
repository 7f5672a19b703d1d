"""Moving a character out of the encounter of another channel when it joins this one (a
character fights in one at a time). Who joins: ``fichas.lookup.custody_character``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.render.safe import shown
from bot.storage.models import Character
from bot.storage.sheet_link import channel_of
from umbral_rules.encounter import CombatantRemoved, Encounter, Event

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


@dataclass
class Moved:
    """What ``mover:sí`` left behind: the other channel's encounter and its tracker."""

    events: list[Event] = field(default_factory=list)
    channel_id: int | None = None
    encounter: Encounter | None = None
    tracker_id: int | None = None
    #: The names of the combatants taken out.
    names: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The reply's lines (names escaped; the channel is a deliberate mention)."""
        return [f"• {shown(n)} deja el encuentro de <#{self.channel_id}>." for n in self.names]


async def move_out(uow: UnitOfWork, row: Character, channel_id: int) -> Moved:
    """Take ``row`` out of the encounter it is in, if that is another channel's."""
    if row.encounter_id is None:
        return Moved()
    other_channel = await channel_of(await uow.session.connection(), uow.guild_id, row.encounter_id)
    if other_channel is None or other_channel == channel_id:
        return Moved()
    other = uow.encounter_in(other_channel)
    enc = await other.require()
    events: list[Event] = []
    names: list[str] = []
    for c in list(enc.combatants):
        if c.character_id == row.id:
            enc.remove(c.id)
            names.append(c.nombre)
            events.append(
                CombatantRemoved(f"{c.nombre} deja el encuentro de <#{other_channel}>.", c.id)
            )
    await other.save(enc)
    tracker = other.info.tracker_message_id if other.info else None
    return Moved(events, other_channel, enc, tracker, names)

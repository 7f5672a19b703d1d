"""``/ficha ceder``: the GM hands a character to another player, or keeps it as a GM-controlled
ally (``a`` omitted, or the GM themself).

The owner changes on the sheet and, when the character fights in an active encounter, on its
combatant too, in the same transaction: the unit runs in that encounter's channel and the
combatant's new owner is written back to the sheet by the encounter's save (one sheet of
truth, version-checked), so ``/deshacer`` in that channel gives it back. Outside any
encounter the sheet alone changes, recorded for ``/deshacer`` in the channel where the GM
typed the command.

[D] A ceded character is nobody's active character until its new owner picks it with
``/ficha usar`` (its old owner's active one is not silently replaced either); ``/deshacer``
gives the character back to its old owner, not as their active one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.features.common import send
from bot.features.fichas.lookup import named_character, owner_text
from bot.records.undo import SheetChange
from bot.render.party import handover_embed
from bot.render.safe import shown
from bot.storage.models import Character
from bot.storage.sheet_link import channel_of
from bot.storage.uow import UnitOfWork
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter

if TYPE_CHECKING:
    from bot.edge.context import Context

CHANGED = "{nombre} acaba de cambiar (otro comando a la vez): vuelve a intentarlo."


@dataclass(frozen=True)
class Target:
    """The character to hand over, where it fights, and to whom it goes."""

    character_id: int
    nombre: str
    old_owner: int
    new_owner: int
    #: The channel of the active encounter it is in (None: in no encounter).
    fight_channel: int | None


@dataclass
class Ceded:
    """What the unit did, for the reply and the tracker."""

    nombre: str
    enc: Encounter | None = None


def clash_text(new_owner: int, gm_id: int, nombre: str) -> str:
    """The refusal, written for Discord (it mentions the player)."""
    if new_owner == gm_id:
        return (
            f"Ya tienes un personaje llamado «{shown(nombre)}»: no puedes tener dos con ese nombre."
        )
    return (
        f"{owner_text(new_owner)} ya tiene un personaje llamado «{shown(nombre)}»: "
        "un jugador no puede tener dos con ese nombre."
    )


async def refuse_clash(uow: UnitOfWork, interaction: discord.Interaction, target: Target) -> None:
    same = await uow.characters.by_name(target.new_owner, target.nombre)
    if same is not None and same.id != target.character_id:
        raise UmbralError(
            clash_text(target.new_owner, interaction.user.id, same.nombre), formatted=True
        )


async def choose(
    ctx: Context,
    personaje: str,
    dueno: discord.abc.User | None,
    a: discord.abc.User | None,
) -> Target:
    """The GM's check and the character (read in a unit of its own: which channel's lock
    the handover takes depends on where the character fights)."""
    interaction = ctx.interaction
    guild_id = interaction.guild_id
    assert guild_id is not None
    if a is not None and a.bot:
        raise UmbralError("Un bot no puede tener personajes.")
    async with ctx.storage.guild(guild_id) as uow:
        ctx.require((await uow.guild.get()).gm_role_id)
        row: Character = await named_character(
            uow, interaction, personaje, dueno, others_allowed=True
        )
        new_owner = interaction.user.id if a is None else a.id
        if row.owner_id == new_owner:
            raise UmbralError(
                f"{shown(row.nombre)} ya es de {owner_text(new_owner)}.", formatted=True
            )
        channel = (
            None
            if row.encounter_id is None
            else await channel_of(await uow.session.connection(), guild_id, row.encounter_id)
        )
        target = Target(row.id, row.nombre, row.owner_id, new_owner, channel)
        await refuse_clash(uow, interaction, target)
    return target


async def hand_over(uow: UnitOfWork, interaction: discord.Interaction, target: Target) -> Ceded:
    """In the unit of ``target``'s channel: the sheet (and its combatant) change owner."""
    row: Character | None = await uow.characters.get(target.character_id)
    if row is None or row.owner_id != target.old_owner:
        raise UmbralError(CHANGED.format(nombre=target.nombre))
    await refuse_clash(uow, interaction, target)
    if row.is_active:  # first, and flushed: the encounter then reads the sheet as it is
        row.is_active = False
        await uow.flush()
    if target.fight_channel is None:
        if row.encounter_id is not None:
            raise UmbralError(CHANGED.format(nombre=target.nombre))
        row.owner_id = target.new_owner
        uow.undo.sheets.append(
            SheetChange.of(
                row.id, row.nombre, {"owner_id": target.old_owner}, {"owner_id": target.new_owner}
            )
        )
        return Ceded(row.nombre)
    enc: Encounter | None = await uow.encounter.get()
    fighter = (
        None if enc is None else next((c for c in enc.combatants if c.character_id == row.id), None)
    )
    if enc is None or fighter is None:
        raise UmbralError(CHANGED.format(nombre=target.nombre))
    enc.hand_over(fighter.id, target.new_owner)
    await uow.encounter.save(enc)  # writes the new owner to the sheet, version-checked
    return Ceded(row.nombre, enc)


async def run_ceder(
    ctx: Context,
    personaje: str,
    dueno: discord.abc.User | None,
    a: discord.abc.User | None,
) -> None:
    interaction = ctx.interaction
    guild_id, here = ctx.ids()
    await interaction.response.defer(thinking=True)
    target = await choose(ctx, personaje, dueno, a)
    channel = here if target.fight_channel is None else target.fight_channel

    async def work(uow: UnitOfWork) -> Ceded:
        done = await hand_over(uow, interaction, target)
        if done.enc is not None and channel == here:
            ctx.show_tracker(uow, done.enc)
        elif done.enc is not None:  # it fights in another channel: that one's tracker
            ctx.show_tracker_of(uow, channel)
        return done

    done = await ctx.storage.run_in_channel(guild_id, channel, work)
    embed = handover_embed(
        done.nombre,
        target.old_owner,
        target.new_owner,
        to_gm=target.new_owner == interaction.user.id,
        fight_channel=target.fight_channel,
        undo_here=channel == here,
        undo_channel=channel,
    )
    await send(interaction, embed=embed)

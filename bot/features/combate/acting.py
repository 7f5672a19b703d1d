"""Who acts: a player only with their own characters; the GM for anyone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from umbral_rules import UmbralError
from umbral_rules.encounter import Combatant, Encounter

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.storage.models import GuildSettings


@dataclass
class Actor:
    combatant: Combatant
    gm: bool


def own_combatants(enc: Encounter, user_id: int) -> list[Combatant]:
    return [c for c in enc.combatants if c.owner_id == user_id]


def resolve_actor(
    ctx: Context,
    enc: Encounter,
    settings: GuildSettings,
    creator_id: int | None,
    name: str | None,
    role: str = "actuar",
) -> Actor:
    """The combatant named (GM: anyone; player: their own) or the player's only one."""
    gm = ctx.is_gm(settings.gm_role_id, creator_id)
    mine = own_combatants(enc, ctx.user_id)
    if name:
        c = enc.find(name)
        if c.owner_id != ctx.user_id and not gm:
            raise UmbralError(f"No puedes {role} con {c.nombre}: solo con tus propios personajes.")
        return Actor(c, gm)
    if not mine:
        option = "atacante" if role == "atacar" else "personaje"
        if gm:
            raise UmbralError(f"Como máster, di con quién: usa la opción «{option}».")
        raise UmbralError("No tienes ningún personaje en este encuentro: usa /encuentro unirse.")
    active = [c for c in mine if c.active] or mine
    return Actor(active[0], gm)

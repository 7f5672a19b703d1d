"""Who acts and with which dice, in an Umbral encounter: a player only with their own
characters, the GM with anyone (:func:`resolve_actor`); the bot's dice, or the faces a player
typed in ``dado`` (:func:`choose_dice`), all of them used (:func:`check_all_used`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from umbral_rules import DiceSource, ForcedDice, UmbralError, physical_dice
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


MAX_FACES = 2


def parse_dado(text: str) -> list[int]:
    """``"9"`` or ``"9 4"`` (ventaja / desventaja) into faces."""
    parts = text.replace(",", " ").split()
    if not parts or len(parts) > MAX_FACES:
        raise UmbralError("En «dado» escribe la cara del d12 («9») o las dos con ventaja («9 4»).")
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise UmbralError(f"«{text}» no es un dado: escribe números, como «9» o «9 4».") from None


def choose_dice(bot_dice: DiceSource, dado: str | None, physical_allowed: bool) -> DiceSource:
    """The bot's dice, or the player's physical faces when the guild allows them."""
    if dado is None or not dado.strip():
        return bot_dice
    if not physical_allowed:
        raise UmbralError(
            "En este servidor no se usan dados físicos: quien gestione el servidor "
            "puede activarlos con /config dados_fisicos:sí."
        )
    return physical_dice(parse_dado(dado))


def check_all_used(dice: DiceSource) -> None:
    """Physical faces left over mean the player typed more dice than the roll needed."""
    if isinstance(dice, ForcedDice) and dice.physical and dice.remaining:
        raise UmbralError(
            "Sobran dados: esta tirada usa un solo d12 (dos solo con ventaja o desventaja)."
        )

"""What the commands of Canción de hielo y fuego share: answering after the shared body's
defer, who may act as which combatant, the reply with its pings."""

from __future__ import annotations

from collections.abc import Sequence

from bot.edge.context import Context
from bot.features.common import send
from bot.render.hielo import event_lines, reply_embed
from bot.render.safe import ping, shown
from umbral_rules import UmbralError
from umbral_rules.hielo.combat_state import Fighter
from umbral_rules.hielo.events import DamagePending, Event, InfluenceResolved, TurnStarted

from .doc import HieloDoc
from .system import HieloTurn


def text_option(ctx: Context, name: str) -> str | None:
    """A shared command's option as text (``None``: not given)."""
    value = ctx.options.get(name)
    return None if value is None else str(value)


def int_option(ctx: Context, name: str, default: int) -> int:
    """A shared command's whole-number option (``default``: not given)."""
    value = ctx.options.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def is_gm(ctx: Context, turn: HieloTurn) -> bool:
    return ctx.is_gm(turn.settings.gm_role_id, turn.creator_id)


def may_act(ctx: Context, turn: HieloTurn, doc: HieloDoc, f: Fighter) -> Fighter:
    """``f`` if the user plays it (its owner) or is the GM; refused otherwise."""
    if is_gm(ctx, turn) or doc.owner(f.id) == ctx.user_id:
        return f
    raise UmbralError(f"{f.sheet.nombre} no es tuyo: actúa su jugador o el máster.")


def acting(ctx: Context, turn: HieloTurn, doc: HieloDoc, named: str | None) -> Fighter:
    """Who acts: the one named, else the one whose turn it is if the user plays it (the GM
    plays everyone), else the user's only combatant."""
    if named:
        return may_act(ctx, turn, doc, doc.find(named))
    combat, gm = doc.combat, is_gm(ctx, turn)
    current = combat.current
    if current is not None and (gm or doc.owner(current) == ctx.user_id):
        return combat.fighter(current)
    mine = [f for f in combat.fighters if doc.owner(f.id) == ctx.user_id and f.active]
    if len(mine) == 1:
        return mine[0]
    raise UmbralError("Di quién actúa (su nombre): no es tu turno ni tienes un solo combatiente.")


def pings(doc: HieloDoc, events: Sequence[Event]) -> tuple[str | None, list[int]]:
    """The players called by the step: whose turn starts, who must take a hit."""
    lines: list[str] = []
    users: list[int] = []
    names = {f.id: f.sheet.nombre for f in doc.combat.fighters}
    if doc.intriga is not None:
        names |= {p.id: p.sheet.nombre for p in doc.intriga.participantes}
    for e in events:
        who, said = None, ""
        if isinstance(e, TurnStarted):
            who, said = e.quien, "te toca"
        elif isinstance(e, DamagePending):
            who, said = e.defensor, "elige cómo recibes el daño (/hielo daño)"
        elif isinstance(e, InfluenceResolved) and e.neta > 0:
            who, said = e.objetivo, "¿sufres Frustración? (/hielo intriga frustración)"
        owner = doc.owner(who) if who else None
        if who is None or owner is None or owner in users:
            continue
        name = shown(names.get(who, who))
        lines.append(ping(owner, f"{name}: {said}."))
        users.append(owner)
    return ("\n".join(lines) or None), users


async def reply(ctx: Context, title: str, doc: HieloDoc, events: Sequence[Event]) -> None:
    content, users = pings(doc, events)
    embed = reply_embed(title, event_lines(events))
    await send(ctx.interaction, content=content, embed=embed, pings=users)

"""The board commands' four steps: load the encounter → check who may → call the rules →
save, then answer with the events and the picture of the board (and edit the tracker)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.edge.path import Need, run_step
from bot.edge.path import Step as PathStep
from bot.features.combate.service import defender_view
from bot.features.common import ANSWERED
from bot.features.system import UMBRAL, UmbralTurn, resolve_actor
from bot.render.encounter import render_events
from bot.render.limits import split_reply
from bot.render.safe import allowed_mentions, ping, shown
from bot.render.tablero import TableroPicture, snapshot, tablero_embed, tablero_file
from umbral_rules import DiceSource, UmbralError
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.events import (
    AreaListed,
    Event,
    FigureMoved,
    ReachOffered,
    SweepDeclared,
)

if TYPE_CHECKING:
    from bot.edge.context import Context

#: [D] Who acts on the board, besides what the command declares (``/mapa crear`` and the
#: other drawing commands: the GM only): "own" (the GM, or a player with their own
#: character), "setup" (like "own" for players only before anyone has acted in the first
#: asalto), "any" (everyone in the channel, or the GM alone when the command says so).
Who = str


@dataclass(frozen=True)
class TableroAction:
    """A board command: the name its rolls are logged under, its reply's title, who acts
    (``who``, ``actor_name``), whether it needs a board (or the Táctico mode) and whether
    it changes the encounter."""

    command: str
    title: str
    who: Who = "any"
    actor_name: str | None = None
    needs_tablero: bool = True
    needs_tactico: bool = True
    changes: bool = True


@dataclass
class Step:
    """What an operation needs: the encounter, the acting combatant, whether they are GM."""

    enc: Encounter
    gm: bool
    dice: DiceSource
    actor: Combatant | None = None
    highlight: list[str] = field(default_factory=list)


Operation = Callable[[Step], list[Event]]


def require_tactico(enc: Encounter) -> None:
    if enc.mode != "tactico":
        raise UmbralError(
            f"El tablero es cosa del modo Táctico, y este encuentro es {mode_label(enc.mode)}: "
            "en Narrativo y en Mesa la distancia se narra."
        )


def mode_label(mode: str) -> str:
    return {"mesa": "Mesa", "narrativo": "Narrativo", "tactico": "Táctico"}.get(mode, mode)


def require_tablero(enc: Encounter) -> None:
    require_tactico(enc)
    if enc.tablero is None:
        raise UmbralError("Este encuentro aún no tiene tablero: el máster lo crea con /mapa crear.")


def setup_time(enc: Encounter) -> bool:
    """Before anyone has acted in the first asalto: players may place their own figures."""
    return bool(enc.asalto == 1 and not any(c.acted for c in enc.combatants))


async def run(ctx: Context, action: TableroAction, op: Operation) -> None:
    """One board command on the edge's one path (:func:`~bot.edge.path.run_step`): what it
    needs of the encounter, who acts, the rules; the answer with the events and the board's
    picture once committed (the tracker follows)."""
    interaction = ctx.interaction
    await interaction.response.defer(thinking=True)

    def demands(enc: Encounter) -> None:
        if action.needs_tablero:
            require_tablero(enc)
        elif action.needs_tactico:
            require_tactico(enc)

    async def rules(turn: UmbralTurn) -> TableroReply:
        enc, settings = turn.document, turn.settings
        gm = ctx.is_gm(settings.gm_role_id, turn.creator_id)
        step = Step(enc, gm, dice=ctx.dice)
        if action.who in ("own", "setup"):
            step.actor = resolve_actor(ctx, enc, settings, turn.creator_id, action.actor_name)
            if action.who == "setup" and not gm and not setup_time(enc):
                raise UmbralError(
                    "Una vez empezado el combate solo el máster coloca figuras a mano; "
                    "tu personaje se mueve con /mover."
                )
        turn.events, turn.memo = op(step), None
        if not action.changes:
            turn.tracker = None
        # everything the answer shows is taken now, while the unit holds the encounter:
        # once it ends, the next command in the channel may take and change it
        return tablero_reply(enc, action.title, turn.events, step.highlight)

    # a read-only command only looks: the cached encounter stays cached for the next one
    need: Need = "require" if action.changes else "look"
    reply = await run_step(ctx, UMBRAL, PathStep(action.command, rules, need, demands=demands))
    extra: dict[str, Any] = {}
    if reply.must_defend:
        extra["view"] = defender_view(ctx.services)
    if reply.shot is not None:
        extra["file"] = await tablero_file(reply.shot)
    parts = split_reply(reply.content, reply.embeds)  # the board first, every result after
    mentions = allowed_mentions(reply.mentioned)
    for i, (text, batch) in enumerate(parts):
        await interaction.followup.send(
            content=text or discord.utils.MISSING,
            embeds=batch,
            allowed_mentions=mentions,
            **(extra if i == 0 else {}),
        )
    interaction.extras[ANSWERED] = True


@dataclass(frozen=True)
class TableroReply:
    """A board command's answer, as values: the text, the embeds (the board's first), who
    may be pinged, who must defend, and the picture to draw (None: no board)."""

    content: str
    embeds: list[discord.Embed]
    mentioned: list[int]
    must_defend: list[int]
    shot: TableroPicture | None


def tablero_reply(
    enc: Encounter, title: str, events: Sequence[Event], highlight: Sequence[str]
) -> TableroReply:
    rendered = render_events(enc, events, title)
    first = rendered.embeds[0] if rendered.embeds else None
    summary = first is not None and first.title == title
    lines = rendered.lines if summary else []
    embed = tablero_embed(enc, title, lines + offer_hints(enc, events))
    if summary:
        rendered.embeds[0] = embed
    else:
        rendered.embeds.insert(0, embed)
    offered, offered_ids = owner_mentions(enc, events)
    content = "\n".join(x for x in (rendered.content, *offered) if x)
    shot = None
    if enc.tablero is not None:
        shot = snapshot(enc, highlight or highlight_of(events))
    else:
        embed.set_image(url=None)
    must_defend = rendered.must_defend
    return TableroReply(content, rendered.embeds, [*must_defend, *offered_ids], must_defend, shot)


def highlight_of(events: Sequence[Event]) -> list[str]:
    for event in events:
        if isinstance(event, FigureMoved):
            return [event.start, *event.path]
        if isinstance(event, SweepDeclared):
            return list(event.squares)
        if isinstance(event, AreaListed):
            return list(event.squares)
    return []


def offer_hints(enc: Encounter, events: Sequence[Event]) -> list[str]:
    """How to take each respuesta a walk offered."""
    hints: list[str] = []
    for event in events:
        if isinstance(event, ReachOffered) and event.available:
            who, target = enc.get(event.combatant_id), enc.get(event.objetivo_id)
            hints.append(  # plain: tablero_embed escapes its lines
                f"→ {who.nombre} puede responder: /respuesta tipo:{event.tipo} "
                f'objetivo:"{target.nombre}" personaje:"{who.nombre}"'
            )
    return hints


def owner_mentions(enc: Encounter, events: Sequence[Event]) -> tuple[list[str], list[int]]:
    """The lines pinging the players whose characters were offered a respuesta, and them."""
    out: list[str] = []
    users: list[int] = []
    for event in events:
        if isinstance(event, ReachOffered) and event.available:
            c = enc.get(event.combatant_id)
            if c.owner_id is not None:
                text = f"{shown(c.nombre)} tiene una respuesta: /respuesta {event.tipo}."
                line = ping(c.owner_id, text)
                if line not in out:
                    out.append(line)
                    users.append(int(c.owner_id))
    return out, users

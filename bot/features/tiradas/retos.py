"""``/reto``: load the channel's encounter, check, call its reto operations, save, render.

[D] A reto lives in the channel's encounter (that is where the rules keep it). When there
is none, ``/reto crear`` keeps it in a *scene*: a row of the encounters' table marked
``escena="reto"`` (``Encounter.escena``) that is no encounter for the players: its rollers join it
unlinked from their sheets (a reto changes no sheet, and they stay free to fight elsewhere),
``/encuentro empezar`` turns it into a real encounter keeping its open retos, and ending its
last open reto ends it, leaving the channel free.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

from bot.edge.path import Step, run_step
from bot.features.ambito import guild_estados
from bot.features.common import log_roll, send
from bot.features.fichas.shared import own_character
from bot.features.pages import send_pages
from bot.features.system import UMBRAL, UmbralTurn, check_all_used, choose_dice, own_combatants
from bot.render.encounter import events_embed, render_events
from bot.render.retos import retos_embed, retos_pages
from bot.storage import character_sheet, character_weapons
from umbral_rules import UmbralError
from umbral_rules.encounter import Combatant, Encounter, Reto
from umbral_rules.encounter.events import Event, RetoRolled
from umbral_rules.text import name_key, name_not_found

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.storage import UnitOfWork

#: What ``Encounter.escena`` says of a reto's scene.
SCENE = "reto"


def is_scene(enc: Encounter | None) -> TypeGuard[Encounter]:
    """Whether ``enc`` is only a reto's scene (no encounter for the players)."""
    return enc is not None and enc.escena == SCENE


async def take_over_scene(uow: UnitOfWork, enc: Encounter) -> bool:
    """``/encuentro empezar`` in a channel with a reto's scene: the scene ends and ``enc``
    keeps its open retos. Whether there was one."""
    scene = await uow.encounter.get()
    if not is_scene(scene):
        return False
    enc.take_retos(scene)
    await uow.encounter.end()
    return True


NO_RETO = "No hay ningún reto abierto en este canal: el máster lo crea con /reto crear."


def find_reto(enc: Encounter, name: str | None) -> Reto:
    active = [r for r in enc.retos if r.activo]
    if name:
        for reto in enc.retos:
            if name_key(reto.nombre) == name_key(name) or reto.id == name:
                return reto
        raise name_not_found(
            f"No hay ningún reto «{name}» en este canal: /reto ver dice cuáles hay.",
            name,
            (r.nombre for r in enc.retos),
        )
    if not active:
        raise UmbralError(NO_RETO)
    if len(active) > 1:
        names = ", ".join(r.nombre for r in active)
        raise UmbralError(f"Hay varios retos abiertos ({names}): di cuál con la opción «reto».")
    return active[0]


async def crear(ctx: Context, nombre: str, umbral: int, exitos: int, coste: str | None) -> None:
    interaction = ctx.interaction
    ctx.ids()  # (refused in direct messages, before anything is deferred)
    await interaction.response.defer(thinking=True)

    async def rules(turn: UmbralTurn) -> list[str]:
        lines = []
        enc = turn.doc
        if enc is None:
            enc = Encounter.start(
                turn.settings.default_mode,
                {"estados_extra": guild_estados(turn.settings.extra_estados)},
                escena=SCENE,
            )
            await turn.uow.encounter.create(enc, creator_id=interaction.user.id)
            lines.append("El reto no abre ningún encuentro: el canal sigue libre.")
            turn.doc = enc
        lines.extend(e.message for e in enc.reto_crear(nombre, umbral, exitos, coste or ""))
        turn.tracker = None
        return lines

    lines = await run_step(ctx, UMBRAL, Step(None, rules, need="get"))
    await send(interaction, embed=events_embed("Nuevo reto", lines))


async def tirar(
    ctx: Context,
    atributo: str,
    oficio: str | None,
    oficio_cobertura: str,
    ventaja: str | None,
    dado: str | None,
    reto: str | None,
    ambitos: tuple[str, ...] = (),
) -> None:
    interaction = ctx.interaction
    ctx.ids()  # (refused in direct messages, before anything is deferred)
    await interaction.response.defer(thinking=True)

    async def rules(turn: UmbralTurn) -> Rolled:
        enc, uow = turn.document, turn.uow
        target = find_reto(enc, reto)
        mine = [c for c in own_combatants(enc, interaction.user.id) if c.is_pc]
        row_id: int | None = None
        if mine:
            actor = mine[0]
        else:
            row = await own_character(uow, interaction.user.id, None)
            row_id = row.id
            actor = enc.add_character(
                character_sheet(row),
                character_weapons(row),
                aguante=row.aguante,
                aliento=row.aliento,
                aliento_max=row.aliento_max,
                character_id=None if is_scene(enc) else row.id,
                owner_id=row.owner_id,
                genero=row.genero,
            )
            for estado in row.estados:  # what the character still suffers from
                enc.set_estado(actor.id, str(estado), True)
        dice = choose_dice(ctx.dice, dado, turn.settings.physical_dice_allowed)
        turn.events = enc.reto_tirar(
            dice, target.id, actor.id, atributo, oficio, oficio_cobertura, ventaja, ambitos
        )
        check_all_used(dice)
        if is_scene(enc):  # a reto's scene is no encounter: it has no tracker to show
            turn.tracker = None
        return Rolled(enc, turn.events, target, actor, row_id)

    async def log(turn: UmbralTurn, done: Rolled) -> None:
        for event in done.events:
            if isinstance(event, RetoRolled):
                await log_roll(
                    turn.uow, interaction.user.id, "reto", event.result, reto=done.target.nombre,
                    actor=done.actor.nombre, character_id=done.actor.character_id or done.row_id,
                    target=done.target.nombre,
                )  # fmt: skip

    step = Step(None, rules, need="get", own_log=log, missing=NO_RETO)
    done = await run_step(ctx, UMBRAL, step)
    target = done.target
    rendered = render_events(done.enc, done.events, f"Reto «{target.nombre}»")
    await send(
        interaction,
        embeds=[*rendered.embeds, retos_embed(done.enc.retos, only=target.id)],
        split=True,
    )


@dataclass(frozen=True)
class Rolled:
    """What ``/reto tirar`` leaves for its log and its reply."""

    enc: Encounter
    events: list[Event]
    target: Reto
    actor: Combatant
    row_id: int | None


async def ver(ctx: Context) -> None:
    interaction = ctx.interaction
    guild_id, channel_id = ctx.ids()
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.get()
    await send_pages(interaction, retos_pages(enc.retos if enc else []), ephemeral=True)


async def terminar(ctx: Context, reto: str | None) -> None:
    ctx.ids()  # (refused in direct messages, before anything is deferred)
    await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: UmbralTurn) -> tuple[Encounter, Reto, list[str]]:
        enc, uow = turn.document, turn.uow
        target = find_reto(enc, reto)
        lines = [e.message for e in enc.reto_terminar(target.id)]
        await uow.encounter.save(enc)
        if is_scene(enc) and not any(r.activo for r in enc.retos):
            await uow.encounter.end()
            lines.append("No quedan retos abiertos: el canal queda libre.")
        turn.saves, turn.tracker = False, None  # saved (and maybe ended) here
        return enc, target, lines

    step = Step(None, rules, need="get", missing=NO_RETO)
    enc, target, lines = await run_step(ctx, UMBRAL, step)
    await send(
        ctx.interaction,
        embeds=[
            events_embed(f"Reto «{target.nombre}»", lines),
            retos_embed(enc.retos, only=target.id),
        ],
    )

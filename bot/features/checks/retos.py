"""``/reto``: load the channel's encounter, check, call its reto operations, save, render.

[D] A reto lives in the channel's encounter (that is where the rules keep it). When there
is none, ``/reto crear`` keeps it in a *scene*: a row of the encounters' table marked
``escena="reto"`` (``Encounter.escena``) that is no encounter for the players: its rollers join it
unlinked from their sheets (a reto changes no sheet, and they stay free to fight elsewhere),
``/encuentro empezar`` turns it into a real encounter keeping its open retos, and ending its
last open reto ends it, leaving the channel free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from bot.features.ambito import guild_estados, sync_guild_tables
from bot.features.combate.acting import own_combatants
from bot.features.common import log_roll, send
from bot.features.dice import check_all_used, choose_dice
from bot.features.fichas.shared import own_character
from bot.features.pages import send_pages
from bot.features.replies import send_split
from bot.render.encounter import events_embed, render_events
from bot.render.retos import retos_embed, retos_pages
from bot.storage import character_sheet, character_weapons
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter, Reto
from umbral_rules.encounter.events import RetoRolled
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


async def channel_retos(uow: UnitOfWork) -> Encounter:
    """The channel's encounter or reto scene; the Spanish error when it has none."""
    enc = await uow.encounter.get()
    if enc is None:
        raise UmbralError(NO_RETO)
    found: Encounter = enc
    return found


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
    guild_id, channel_id = ctx.ids()
    await interaction.response.defer(thinking=True)
    lines = []
    async with ctx.storage.channel(guild_id, channel_id) as uow:
        settings = await uow.guild.get()
        enc = await uow.encounter.get()
        info = uow.encounter.info
        ctx.require(settings.gm_role_id, info.creator_id if info else None)
        if enc is None:
            enc = Encounter.start(
                settings.default_mode,
                {"estados_extra": guild_estados(settings.extra_estados)},
                escena=SCENE,
            )
            await uow.encounter.create(enc, creator_id=interaction.user.id)
            lines.append("El reto no abre ningún encuentro: el canal sigue libre.")
        events = enc.reto_crear(nombre, umbral, exitos, coste or "")
        await uow.encounter.save(enc)
    lines.extend(e.message for e in events)
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
    guild_id, channel_id = ctx.ids()
    await interaction.response.defer(thinking=True)
    async with ctx.storage.channel(guild_id, channel_id) as uow:
        settings = await uow.guild.get()
        enc = await channel_retos(uow)
        sync_guild_tables(enc, settings.secuelas, settings.extra_estados)
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
        dice = choose_dice(ctx.dice, dado, settings.physical_dice_allowed)
        events = enc.reto_tirar(
            dice, target.id, actor.id, atributo, oficio, oficio_cobertura, ventaja, ambitos
        )
        check_all_used(dice)
        await uow.encounter.save(enc)
        for event in events:
            if isinstance(event, RetoRolled):
                await log_roll(
                    uow, interaction, "reto", event.result, reto=target.nombre,
                    actor=actor.nombre, character_id=actor.character_id or row_id,
                    target=target.nombre,
                )  # fmt: skip
        if not is_scene(enc):  # a reto's scene is no encounter: it has no tracker to show
            ctx.show_tracker(uow, enc)
    rendered = render_events(enc, events, f"Reto «{target.nombre}»")
    await send_split(interaction, embeds=[*rendered.embeds, retos_embed(enc.retos, only=target.id)])


async def ver(ctx: Context) -> None:
    interaction = ctx.interaction
    guild_id, channel_id = ctx.ids()
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.channel(guild_id, channel_id) as uow:
        enc = await uow.encounter.get()
    await send_pages(interaction, retos_pages(enc.retos if enc else []), ephemeral=True)


async def terminar(ctx: Context, reto: str | None) -> None:
    guild_id, channel_id = ctx.ids()
    await ctx.interaction.response.defer(thinking=True)
    async with ctx.storage.channel(guild_id, channel_id) as uow:
        settings = await uow.guild.get()
        enc = await channel_retos(uow)
        info = uow.encounter.current_info
        ctx.require(settings.gm_role_id, info.creator_id)
        target = find_reto(enc, reto)
        events = enc.reto_terminar(target.id)
        await uow.encounter.save(enc)
        lines = [e.message for e in events]
        if is_scene(enc) and not any(r.activo for r in enc.retos):
            await uow.encounter.end()
            lines.append("No quedan retos abiertos: el canal queda libre.")
    await send(
        ctx.interaction,
        embeds=[
            events_embed(f"Reto «{target.nombre}»", lines),
            retos_embed(enc.retos, only=target.id),
        ],
    )

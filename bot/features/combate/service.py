"""The combat commands' four steps: load the encounter, check who acts, call
``umbral_rules.encounter``, save and render (then edit the tracker in place)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.dice import check_all_used, choose_dice
from bot.features.combate.acting import resolve_actor
from bot.features.combate.rolllog import log_events
from bot.features.common import dice_of, ids, storage_of
from bot.features.encuentro.tracker import refresh_tracker
from bot.features.replies import send_split
from bot.features.tiradas.ambito import sync_guild_tables
from bot.permissions import require_gm
from bot.render.encounter import render_events
from umbral_rules import DiceSource
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.events import Event

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


@dataclass(frozen=True)
class AttackOptions:
    objetivo: str
    arma: str | None = None
    oficio: str | None = None
    oficio_cobertura: str = "entero"
    ventaja: str | None = None
    dado: str | None = None
    atacante: str | None = None
    indefenso: bool = False
    a_cubierto: bool = False
    quieto: bool | None = None  # Certera: the target stands still (None: the asalto says)


@dataclass(frozen=True)
class DefendOptions:
    oficio: str | None = None
    oficio_cobertura: str | None = None
    ventaja: str | None = None
    dado: str | None = None
    personaje: str | None = None
    asaltos: int | None = None  # how many asaltos to answer, oldest first (None: all)


@dataclass(frozen=True)
class RollOptions:
    """The roll options a maniobra, a respuesta or a cure may take."""

    arma: str | None = None
    oficio: str | None = None
    oficio_cobertura: str = "entero"
    ventaja: str | None = None
    dado: str | None = None


@dataclass
class Turn:
    """What an operation needs: the encounter, who acts, the dice, whether they are GM."""

    enc: Encounter
    actor: Combatant | None
    gm: bool
    dice: DiceSource
    other_dice: DiceSource | None

    @property
    def actor_id(self) -> str:
        """The acting combatant's id (every operation but the GM-only ones has one)."""
        if self.actor is None:
            raise RuntimeError("This operation has no acting combatant.")
        return self.actor.id


Operation = Callable[[Turn], list[Event]]


async def run(
    interaction: discord.Interaction,
    command: str,
    title: str,
    op: Operation,
    *,
    actor_name: str | None,
    role: str = "actuar",
    dado: str | None = None,
    gm_only: bool = False,
    gm_what: str = "hacer eso",
) -> None:
    """Load → check → rules → save (and log rolls) → reply → edit the tracker.

    The transaction is re-run from a fresh read when another process changed the encounter
    meanwhile (``Storage.run_in_channel``); nothing is sent until it has committed.
    """
    if not interaction.response.is_done():  # /vendar deferred already, to look first
        await interaction.response.defer(thinking=True)
    guild_id, channel_id = ids(interaction)

    async def transaction(uow: UnitOfWork) -> tuple[Turn, list[Event], dict[str, str], int | None]:
        enc = await uow.encounter.require()
        info = uow.encounter.current_info
        settings = await uow.guild.get()
        if gm_only:
            require_gm(interaction, settings.gm_role_id, info.creator_id, gm_what)
        actor = (
            None
            if gm_only
            else resolve_actor(interaction, enc, settings, info.creator_id, actor_name, role)
        )
        sync_guild_tables(enc, settings.secuelas, settings.extra_estados)
        bot_dice = dice_of(interaction)
        dice = choose_dice(bot_dice, dado, settings.physical_dice_allowed)
        turn = Turn(enc, actor.combatant if actor else None, bool(actor and actor.gm), dice, None)
        if dice is not bot_dice:
            turn.other_dice = bot_dice
        pending_names = {p.id: p.nombre for p in enc.pending}
        events = op(turn)
        check_all_used(dice)
        await uow.encounter.save(enc)
        await log_events(uow, interaction, command, enc, events, pending_names)
        return turn, events, pending_names, info.tracker_message_id

    storage = storage_of(interaction)
    turn, events, pending_names, tracker_id = await storage.run_in_channel(
        guild_id, channel_id, transaction
    )
    enc = turn.enc
    actor_label = turn.actor.nombre if turn.actor is not None else ""
    rendered = render_events(
        enc, events, title.format(actor=actor_label).strip(": "), pending_names
    )
    view = None
    if rendered.must_defend:
        from bot.features.combate.defender_button import DefenderView

        view = DefenderView()
    await send_split(
        interaction,
        content=rendered.content,
        embeds=rendered.embeds,
        view=view,
        pings=rendered.must_defend,
    )
    await refresh_tracker(interaction, enc, tracker_id)


async def attack(interaction: discord.Interaction, options: AttackOptions, *, shot: bool) -> None:
    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(options.objetivo)
        return list(
            turn.enc.attack(
                turn.dice,
                turn.actor_id,
                target.id,
                arma=options.arma,
                oficio=options.oficio,
                oficio_cobertura=options.oficio_cobertura,
                ventaja=options.ventaja,
                shot=shot,
                defender_dice=turn.other_dice,
                indefenso=options.indefenso,
                a_cubierto=options.a_cubierto,
                quieto=options.quieto,
            )
        )

    verb = "Disparo" if shot else "Ataque"
    await run(
        interaction,
        "disparar" if shot else "atacar",
        f"{{actor}}: {verb.lower()}",
        op,
        actor_name=options.atacante,
        role="atacar",
        dado=options.dado,
    )


async def defend(interaction: discord.Interaction, options: DefendOptions | None = None) -> None:
    opts = options or DefendOptions()

    def op(turn: Turn) -> list[Event]:
        return list(
            turn.enc.defend(
                turn.dice,
                turn.actor_id,
                opts.oficio,
                opts.oficio_cobertura,
                opts.ventaja,
                opts.asaltos,
            )
        )

    await run(
        interaction,
        "defender",
        "{actor}: defensa",
        op,
        actor_name=opts.personaje,
        role="defenderte",
        dado=opts.dado,
    )


async def maniobra(
    interaction: discord.Interaction,
    tipo: str,
    objetivo: str | None,
    condicion: str | None,
    personaje: str | None,
    extra: RollOptions | None = None,
) -> None:
    opts = extra or RollOptions()

    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(objetivo).id if objetivo else None
        return list(
            turn.enc.maniobra(
                turn.dice, turn.actor_id, tipo, target, condicion, arma=opts.arma,
                oficio=opts.oficio, oficio_cobertura=opts.oficio_cobertura,
                ventaja=opts.ventaja, defender_dice=turn.other_dice,
            )
        )  # fmt: skip

    await run(
        interaction, "maniobra", f"{{actor}}: {tipo}", op, actor_name=personaje, dado=opts.dado
    )


async def respuesta(
    interaction: discord.Interaction,
    tipo: str,
    objetivo: str,
    personaje: str | None,
    extra: RollOptions | None = None,
) -> None:
    opts = extra or RollOptions()

    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(objetivo).id
        return list(
            turn.enc.respuesta(
                turn.dice, turn.actor_id, tipo, target, arma=opts.arma, oficio=opts.oficio,
                oficio_cobertura=opts.oficio_cobertura, ventaja=opts.ventaja,
                defender_dice=turn.other_dice,
            )
        )  # fmt: skip

    await run(
        interaction,
        "respuesta",
        f"{{actor}}: respuesta ({tipo})",
        op,
        actor_name=personaje,
        dado=opts.dado,
    )


async def secuelas(
    interaction: discord.Interaction, aliento: bool, dado: str | None, personaje: str | None
) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.secuelas(turn.dice, turn.actor_id, aliento))

    await run(interaction, "secuelas", "{actor}: secuelas", op, actor_name=personaje, dado=dado)


async def estabilizar(
    interaction: discord.Interaction,
    objetivo: str,
    atributo: str,
    personaje: str | None,
    extra: RollOptions,
) -> None:
    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(objetivo).id
        return list(
            turn.enc.estabilizar(
                turn.dice, turn.actor_id, target, atributo, extra.oficio, extra.oficio_cobertura,
                extra.ventaja,
            )
        )  # fmt: skip

    await run(
        interaction, "estabilizar", "{actor}: estabilizar", op, actor_name=personaje,
        dado=extra.dado,
    )  # fmt: skip


async def set_estado(
    interaction: discord.Interaction, objetivo: str, estado: str, *, on: bool
) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.set_estado(turn.enc.find(objetivo).id, estado, on))

    title = "Estado puesto" if on else "Estado quitado"
    await run(
        interaction,
        "estado",
        title,
        op,
        actor_name=None,
        gm_only=True,
        gm_what="poner o quitar estados",
    )


async def aliento(interaction: discord.Interaction, uso: str, personaje: str | None) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.aliento(turn.dice, turn.actor_id, uso))

    await run(interaction, "aliento", f"{{actor}}: Aliento ({uso})", op, actor_name=personaje)


async def recover(
    interaction: discord.Interaction, estado: str, dado: str | None, personaje: str | None
) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.recover(turn.dice, turn.actor_id, estado))

    await run(interaction, "estado", "{actor}: recuperarse", op, actor_name=personaje, dado=dado)

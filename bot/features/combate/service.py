"""The combat commands' four steps: load the encounter, check who acts, call
``umbral_rules.encounter``, save and render (the tracker follows the commit)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.edge.path import Step, run_step
from bot.features.combate.defender_button import DefenderView
from bot.features.common import send
from bot.features.system import UMBRAL, UmbralTurn, check_all_used, choose_dice, resolve_actor
from bot.render.encounter import render_events
from umbral_rules import DiceSource
from umbral_rules.encounter import NOTHING_CHOSEN, AttackChoice, Combatant, Encounter
from umbral_rules.encounter.events import Event

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.edge.services import Services


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
    """The roll options a cure (``/estabilizar``) takes: a tirada's, not an attack's."""

    oficio: str | None = None
    oficio_cobertura: str = "entero"
    ventaja: str | None = None
    dado: str | None = None


@dataclass
class Turn:
    """What an operation needs: the encounter, who acts, the dice (``other_dice``: the bot's,
    when the player typed their own)."""

    enc: Encounter
    actor: Combatant | None
    dice: DiceSource
    other_dice: DiceSource | None

    @property
    def actor_id(self) -> str:
        """The acting combatant's id (every operation but the GM-only ones has one)."""
        if self.actor is None:
            raise RuntimeError("This operation has no acting combatant.")
        return self.actor.id


Operation = Callable[[Turn], list[Event]]


@dataclass(frozen=True)
class Action:
    """One combat command: the name its rolls are logged under, its reply's title (with
    ``{actor}``), who acts (``actor_name``; ``role``: the verb a refusal uses) and the
    physical dice the player typed. A GM-only command (``/estado poner``) has no actor."""

    command: str
    title: str
    actor_name: str | None = None
    role: str = "actuar"
    dado: str | None = None
    gm_only: bool = False


@dataclass(frozen=True)
class Played:
    """What the transaction leaves for the reply."""

    turn: Turn
    events: list[Event]
    pending_names: Mapping[str, str]


async def run(ctx: Context, action: Action, op: Operation) -> None:
    """One combat command on the edge's one path (:func:`~bot.edge.path.run_step`): who acts
    and which dice, then the rules; the reply once committed (the tracker follows)."""
    interaction = ctx.interaction
    if not interaction.response.is_done():  # /vendar deferred already, to look first
        await interaction.response.defer(thinking=True)

    async def rules(step: UmbralTurn) -> Played:
        enc, settings = step.document, step.settings
        actor = (
            None
            if action.gm_only
            else resolve_actor(ctx, enc, settings, step.creator_id, action.actor_name, action.role)
        )
        dice = choose_dice(ctx.dice, action.dado, settings.physical_dice_allowed)
        turn = Turn(enc, actor, dice, None if dice is ctx.dice else ctx.dice)
        step.events = op(turn)
        check_all_used(dice)
        return Played(turn, step.events, step.memo or {})

    played = await run_step(ctx, UMBRAL, Step(action.command, rules))
    turn = played.turn
    actor_label = turn.actor.nombre if turn.actor is not None else ""
    rendered = render_events(
        turn.enc, played.events, action.title.format(actor=actor_label).strip(": "),
        played.pending_names,
    )  # fmt: skip
    view = defender_view(ctx.services) if rendered.must_defend else None
    await send(
        interaction,
        content=rendered.content,
        embeds=rendered.embeds,
        view=view,
        pings=rendered.must_defend,
        split=True,
    )


def defender_view(services: Services, *, listening: bool = False) -> DefenderView:
    """The **Defender** button (its presses run :func:`defend`), to send with a message:
    stopped, so discord.py keeps no copy of it for that message — a view that never times
    out is kept until the bot restarts, one per attack and per reminder (issue 49). Every
    press is answered by the one view registered at start-up (``listening``: that one; its
    ``custom_id`` is stable, so it answers on any message)."""
    view = DefenderView(services, defend)
    if not listening:
        view.stop()
    return view


async def attack(
    ctx: Context,
    objetivo: str,
    choice: AttackChoice,
    *,
    atacante: str | None = None,
    dado: str | None = None,
) -> None:
    """/atacar or /disparar (``choice.shot``) at ``objetivo``: the rules' typed choice, built
    once by the cog from the slash options, goes to the rules as it is; who attacks
    (``atacante``) and the physical dice typed (``dado``) are the edge's."""

    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(objetivo)
        return turn.enc.attack(
            turn.dice, turn.actor_id, target.id, choice, defender_dice=turn.other_dice
        )

    verb = "disparo" if choice.shot else "ataque"
    command = "disparar" if choice.shot else "atacar"
    await run(ctx, Action(command, f"{{actor}}: {verb}", atacante, "atacar", dado), op)


async def defend(ctx: Context, options: DefendOptions | None = None) -> None:
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

    action = Action("defender", "{actor}: defensa", opts.personaje, "defenderte", opts.dado)
    await run(ctx, action, op)


async def maniobra(
    ctx: Context,
    tipo: str,
    objetivo: str | None,
    condicion: str | None,
    choice: AttackChoice = NOTHING_CHOSEN,
    *,
    personaje: str | None = None,
    dado: str | None = None,
) -> None:
    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(objetivo).id if objetivo else None
        return list(
            turn.enc.maniobra(
                turn.dice, turn.actor_id, tipo, target, condicion, choice,
                defender_dice=turn.other_dice,
            )
        )  # fmt: skip

    await run(ctx, Action("maniobra", f"{{actor}}: {tipo}", personaje, dado=dado), op)


async def respuesta(
    ctx: Context,
    tipo: str,
    objetivo: str,
    choice: AttackChoice = NOTHING_CHOSEN,
    *,
    personaje: str | None = None,
    dado: str | None = None,
) -> None:
    def op(turn: Turn) -> list[Event]:
        target = turn.enc.find(objetivo).id
        return list(
            turn.enc.respuesta(
                turn.dice, turn.actor_id, tipo, target, choice, defender_dice=turn.other_dice
            )
        )

    title = f"{{actor}}: respuesta ({tipo})"
    await run(ctx, Action("respuesta", title, personaje, dado=dado), op)


async def secuelas(ctx: Context, aliento: bool, dado: str | None, personaje: str | None) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.secuelas(turn.dice, turn.actor_id, aliento))

    await run(ctx, Action("secuelas", "{actor}: secuelas", personaje, dado=dado), op)


async def estabilizar(
    ctx: Context,
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

    await run(ctx, Action("estabilizar", "{actor}: estabilizar", personaje, dado=extra.dado), op)


async def set_estado(ctx: Context, objetivo: str, estado: str, *, on: bool) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.set_estado(turn.enc.find(objetivo).id, estado, on))

    title = "Estado puesto" if on else "Estado quitado"
    await run(ctx, Action("estado", title, gm_only=True), op)


async def aliento(ctx: Context, uso: str, personaje: str | None) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.aliento(turn.dice, turn.actor_id, uso))

    await run(ctx, Action("aliento", f"{{actor}}: Aliento ({uso})", personaje), op)


async def recover(ctx: Context, estado: str, dado: str | None, personaje: str | None) -> None:
    def op(turn: Turn) -> list[Event]:
        return list(turn.enc.recover(turn.dice, turn.actor_id, estado))

    await run(ctx, Action("estado", "{actor}: recuperarse", personaje, dado=dado), op)

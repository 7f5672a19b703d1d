"""One ``/tirar``, from its options to its reply: roll (reading the saved rolls it names),
log it, answer (with the «Repetir» button), and send a private roll's copy to the GM's
channel. ``/tirar`` and «Repetir» both go through :func:`roll_and_answer`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.features.system import UMBRAL, UmbralTurn
from bot.features.tirar.asked import Asked
from bot.features.tirar.expression import count_successes, refusal, roll_many, with_comments
from bot.features.tirar.systems import (
    POOL_BASE_DIFFICULTY,
    roll_graded,
    roll_initiative,
    roll_percentile,
    roll_pool,
)
from bot.jsontypes import JsonObject
from bot.offloop import off_loop
from bot.records.rolls import SavedRollUsed, TirarResult
from bot.render.rolls import signed
from bot.render.tirar import (
    expression_embed,
    graded_embed,
    initiative_embed,
    percentile_embed,
    pool_embed,
)
from umbral_rules import DiceSource, UmbralError, grade_from_margen
from umbral_rules.roller import RollError, words
from umbral_rules.roller.saved import Shelf
from umbral_rules.tables import BAND_FIXED

if TYPE_CHECKING:
    from bot.edge.context import Context

#: The private roll was saved and shown, but its copy for the GM could not be posted.
GM_COPY_FAILED = (
    "Tu tirada queda anotada (el máster la ve en /historial), pero no pude enviar la copia al "
    "canal del máster: necesito «Ver canal», «Enviar mensajes» e «Insertar enlaces» allí."
)
REPEATED = "Repetida con «Repetir»."
#: The reply's «Repetir» button for a logged roll: (roll id, who rolled) → the button.
Buttons = Callable[[int, int], discord.ui.Item[Any]]


@dataclass
class Outcome:
    """A roll made: the reply's embed, the dice for the log and what the log keeps of it."""

    embed: discord.Embed
    dice: list[JsonObject]
    result: TirarResult
    motivo: str | None


def roll_asked(asked: Asked, dice: DiceSource, who: str, shelf: Shelf | None) -> Outcome:
    """Roll what ``asked`` asks (saved rolls' names read from ``shelf``)."""
    mode = asked.mode
    motivo = asked.motivo
    faces: list[JsonObject]
    if mode == "expresion":
        assert asked.expresion is not None
        rolls = roll_many(asked.expresion, dice, exitos=asked.exitos, names=shelf)
        motivo = with_comments(motivo, rolls)
        umbral = asked.umbral
        grade = None if umbral is None else grade_from_margen(rolls[0].total - umbral, BAND_FIXED)
        counted = (
            None
            if asked.exitos is None
            else [count_successes(r.values, asked.exitos) for r in rolls]
        )
        used = shelf.used if shelf is not None else ()
        embed = expression_embed(
            rolls,
            who=who,
            motivo=motivo,
            umbral=umbral,
            grade=grade,
            successes=counted,
            private=asked.privada,
            saved=used,
        )
        faces = [
            {"expresion": r.expression, "faces": list(r.faces), "dados": [list(d) for d in r.dice]}
            for r in rolls
        ]
        result = TirarResult(
            privada=asked.privada,
            expresion=asked.expresion,
            totales=[r.total for r in rolls],
            guardadas=[
                SavedRollUsed(nombre=u.nombre, expresion=u.expresion, propia=u.own) for u in used
            ]
            or None,
            umbral=None if grade is None else umbral,
            grado=None if grade is None else grade.label,
            exitos=counted,
        )
    elif mode == "reserva":
        assert asked.reserva is not None
        reserva, bonus, modifier = asked.reserva, asked.bonus_dice, asked.modifier
        difficulty = asked.dificultad or POOL_BASE_DIFFICULTY
        pool = roll_pool(dice, reserva, bonus, difficulty, modifier)
        embed = pool_embed(pool, who=who, motivo=motivo)
        faces = [{"faces": list(pool.faces), "sides": 6, "kept": list(pool.kept)}]
        points = f" {signed(modifier)}" if modifier else ""
        result = TirarResult(
            privada=asked.privada,
            expresion=f"{reserva + bonus}d6 guarda {reserva}{points}",
            total=pool.total,
            resultado="éxito" if pool.success else "fallo",
        )
    elif mode == "porcentaje":
        assert asked.porcentaje is not None
        graded = roll_graded(dice, asked.porcentaje, asked.modifier)
        embed = graded_embed(graded, who=who, motivo=motivo)
        faces = [{"faces": [graded.roll], "sides": 100}]
        result = TirarResult(
            privada=asked.privada,
            expresion=f"d100 contra {graded.chance} %",
            total=graded.roll,
            resultado=graded.grade,
        )
    elif mode == "habilidad":
        assert asked.habilidad is not None
        pct = roll_percentile(dice, asked.habilidad, asked.modifier)
        embed = percentile_embed(pct, who=who, motivo=motivo)
        faces = [{"faces": [pct.roll], "sides": 100}]
        result = TirarResult(
            privada=asked.privada,
            expresion=f"d100 bajo {pct.target} %",
            total=pct.roll,
            resultado=pct.label,
        )
    else:
        assert asked.agilidad is not None
        ini = roll_initiative(dice, asked.agilidad, asked.modifier)
        embed = initiative_embed(ini, who=who, motivo=motivo)
        faces = [{"faces": [ini.face], "sides": 10}]
        result = TirarResult(privada=asked.privada, expresion="1D10 + AGI", total=ini.total)
    return Outcome(embed, faces, replace(result, opciones=asked.to_json()), motivo)


@dataclass
class Logged:
    """A roll made on the path, then logged: its outcome, the guild's GM channel and its id
    in the roll log (set by the step's log)."""

    outcome: Outcome
    gm_channel: int | None
    roll_id: int = 0


async def roll_and_answer(
    ctx: Context, asked: Asked, buttons: Buttons, *, repeats: int | None = None
) -> int:
    """Roll, log and answer (the interaction is already acknowledged); the roll's id in the
    log. ``repeats``: the id of the roll «Repetir» rolls again. The roll and its log are a
    step of the one path (:func:`~bot.edge.path.run_step`: the channel's unit, with the
    retry), with no encounter."""
    interaction = ctx.interaction
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        raise UmbralError("Este comando solo funciona en un canal de un servidor.")
    who = interaction.user.display_name

    async def rules(turn: UmbralTurn) -> Logged:
        # the saved rolls the player reads, when the expression names any (one read then;
        # none otherwise)
        try:
            named = words(asked.expresion) if asked.expresion else ()
        except RollError as error:
            raise UmbralError(refusal(error), formatted=True) from None
        shelf = None
        if named:
            own, server = await turn.uow.saved_rolls.visible(interaction.user.id)
            shelf = Shelf((s.pair for s in own), (s.pair for s in server))
        # an expression is rolled off the event loop: its cost is what the player typed
        # (within the roller's bounds, up to 12 rolls of 1,000 terms each: tenths of a
        # second, ``bench/README.md``, issue 43); the other modes here (a few dice)
        if asked.mode == "expresion":
            outcome = await off_loop(roll_asked, asked, ctx.dice, who, shelf)
        else:
            outcome = roll_asked(asked, ctx.dice, who, shelf)
        if repeats is not None:
            outcome.result = replace(outcome.result, repite=repeats)
        return Logged(outcome, turn.settings.gm_channel_id)

    async def log(turn: UmbralTurn, done: Logged) -> None:
        done.roll_id = await turn.uow.rolls.append(
            user_id=interaction.user.id,
            command="tirar",
            dice=done.outcome.dice,
            result=done.outcome.result,
            motivo=done.outcome.motivo,
        )

    done = await run_step(ctx, UMBRAL, Step(None, rules, need="none", own_log=log))
    outcome, roll_id = done.outcome, done.roll_id
    embed = outcome.embed
    gm_channel = done.gm_channel
    notes = [REPEATED] if repeats is not None else []
    if asked.privada:
        notes.append(
            "Tirada privada: la ves tú y el máster"
            + (" (enviada a su canal)." if gm_channel else " (en /historial).")
        )
    if notes:
        embed.set_footer(text=" ".join(notes))
    view = discord.ui.View(timeout=None)
    view.add_item(buttons(roll_id, interaction.user.id))
    await send(interaction, embed=embed, view=view, ephemeral=asked.privada)
    if asked.privada and gm_channel:
        copy = embed.copy()
        copy.title = f"Tirada privada de {who}"
        channel = interaction.client.get_partial_messageable(gm_channel, guild_id=guild_id)
        try:
            await channel.send(embed=copy)
        except discord.HTTPException:  # the roll is saved: say so, don't apologise
            await send(interaction, content=GM_COPY_FAILED, ephemeral=True)
    return roll_id

"""The percentile game's own encounter commands (``/porcentual declarar``, ``defender``,
``actuar``, ``maniobra``, ``perder``, ``pendiente``, ``abandonar``, ``guardia``, ``atrapar``,
``enfrentamiento``): each a rules call on the one path, answered with its events."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.render.encounter import events_embed
from bot.render.porcentual import characteristic
from umbral_rules import UmbralError
from umbral_rules.porcentual import (
    Combate,
    abandonar,
    actuar,
    anotar_pendiente,
    atrapar,
    danio_inmovilizado,
    declarar,
    declarar_defensa,
    inmovilizar,
    liberarse,
    perder_accion,
    salir_de_guardia,
    tirada_de_accion,
    zafarse,
)
from umbral_rules.porcentual.acciones import Accion
from umbral_rules.porcentual.eventos import EnfrentamientoHecho, Evento
from umbral_rules.porcentual.tiradas import enfrentar
from umbral_rules.text import word_key

from . import parse
from .state import Mesa
from .system import PORCENTUAL, PorcentualTurn, tablas
from .verbs import gm_of

if TYPE_CHECKING:
    from bot.edge.context import Context

#: A rules call: (the fight, the acting combatant's id) → the new fight and its events.
Play = Callable[[PorcentualTurn, Mesa, str], tuple[Combate, list[Evento]]]


async def play(
    ctx: Context, title: str, logs: str, who: str | None, call: Play, *, gm_only: bool = False
) -> None:
    """Run ``call`` as the combatant ``who`` (the user's own; the GM's, anyone) and answer
    with its events."""
    await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: PorcentualTurn) -> list[Evento]:
        mesa = turn.document
        gm = gm_of(turn)
        if gm_only and not gm:
            raise UmbralError("Eso solo lo hace el máster.")
        cid = "" if gm_only and who is None else mesa.acting(who, ctx.user_id, gm)
        combate, events = call(turn, mesa, cid)
        turn.doc, turn.events = mesa.with_combate(combate), events
        return events

    events = await run_step(ctx, PORCENTUAL, Step(logs, rules))
    await send(ctx.interaction, embed=events_embed(title, [e.message for e in events]))


def declare(text: str) -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return declarar(mesa.combate, cid, parse.acciones(text, mesa, cid))

    return call


def defend(text: str) -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return declarar_defensa(mesa.combate, cid, parse.one_action(text, mesa, cid))

    return call


def act(numero: int, competencia: str | None, modificadores: str | None) -> Play:
    """Do the declared action ``numero`` (from 1); with ``competencia``, rolling it."""

    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        if competencia is None:
            if modificadores:
                raise UmbralError("Los modificadores van con la `competencia` que se tira.")
            return actuar(mesa.combate, cid, numero - 1)
        ficha = mesa.combate.combatiente(cid).ficha
        name = parse.competencia_name(competencia, ficha.competencias)
        mods = parse.pairs(modificadores or "", "los modificadores")
        return tirada_de_accion(mesa.combate, turn.ctx.dice, cid, numero - 1, name, mods)

    return call


#: The manoeuvres ``/porcentual maniobra`` makes (Daño a un inmovilizado: :func:`damage_held`).
MANIOBRAS = {
    "inmovilizar": Accion.INMOVILIZAR,
    "liberarse": Accion.LIBERARSE,
    "zafarse": Accion.ZAFARSE,
}


def _pending(mesa: Mesa, cid: str, kind: Accion) -> int:
    asalto = mesa.combate.asalto
    if asalto is not None:
        acts = asalto.declarado(cid) or ()
        for i in asalto.pendientes_de(cid):
            if acts[i].accion is kind:
                return i
    raise UmbralError(f"{cid} no tiene pendiente ninguna acción de ese tipo declarada.")


def manoeuvre(tipo: str, objetivo: str | None) -> Play:
    kind = MANIOBRAS[tipo]

    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        index = _pending(mesa, cid, kind)
        dice = turn.ctx.dice
        if kind is Accion.INMOVILIZAR:
            if not objetivo:
                raise UmbralError("Falta el `objetivo` de la maniobra.")
            return inmovilizar(mesa.combate, dice, cid, index, mesa.find(objetivo).id)
        if kind is Accion.LIBERARSE:
            return liberarse(mesa.combate, dice, cid, index)
        return zafarse(mesa.combate, dice, cid, index)

    return call


async def damage_held(ctx: Context, who: str | None, objetivo: str | None) -> None:
    """«infligir cada asalto un daño igual a 1D3 más su bonificador al daño por Fuerza»."""
    await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: PorcentualTurn) -> list[Evento]:
        mesa = turn.document
        cid = mesa.acting(who, ctx.user_id, gm_of(turn))
        if not objetivo:
            raise UmbralError("Falta el `objetivo` de la maniobra.")
        index = _pending(mesa, cid, Accion.DANIO_INMOVILIZADO)
        tables = await tablas(turn.uow)
        combate, events = danio_inmovilizado(
            mesa.combate, ctx.dice, tables, cid, index, mesa.find(objetivo).id
        )
        turn.doc, turn.events = mesa.with_combate(combate), events
        return events

    events = await run_step(ctx, PORCENTUAL, Step("porcentual maniobra", rules))
    await send(ctx.interaction, embed=events_embed("Maniobra", [e.message for e in events]))


def lose(numero: int, motivo: str) -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return perder_accion(mesa.combate, cid, numero - 1, motivo.strip() or "lo dice el máster")

    return call


def note(texto: str) -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return anotar_pendiente(mesa.combate, texto)

    return call


def leave() -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return abandonar(mesa.combate, cid)

    return call


def guard_off() -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return salir_de_guardia(mesa.combate, cid)

    return call


def catch() -> Play:
    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        return mesa.combate, [atrapar(mesa.combate, turn.ctx.dice, cid)]

    return call


def contest(
    a: str, caracteristica_a: str, veces_a: int, b: str, caracteristica_b: str, veces_b: int
) -> Play:
    """An enfrentamiento the GM calls: «nuestra Fuerza x5 y la Fuerza x5 de nuestro rival»
    (``a`` acts, ``b`` resists: a level result goes to ``b``)."""

    def call(turn: PorcentualTurn, mesa: Mesa, cid: str) -> tuple[Combate, list[Evento]]:
        one, two = mesa.find(a), mesa.find(b)
        ka, kb = word_key(caracteristica_a), word_key(caracteristica_b)
        va = one.ficha.caracteristica(ka) * veces_a
        vb = two.ficha.caracteristica(kb) * veces_b
        la, lb = f"{characteristic(ka)} x{veces_a}", f"{characteristic(kb)} x{veces_b}"
        e = enfrentar(turn.ctx.dice, va, vb, la, lb)
        winner = one.id if e.gana_activo else two.id
        text = (
            f"{one.id} {la} {va}% saca {e.activo.roll} ({e.activo.label}); "
            f"{two.id} {lb} {vb}% saca {e.pasivo.roll} ({e.pasivo.label}). Gana {winner}."
        )
        return mesa.combate, [EnfrentamientoHecho(text, e)]

    return call

"""The combat commands of Canción de hielo y fuego's own group: ``/hielo daño`` (the
defender takes the pending hit from Salud or with wounds), ``/hielo turno`` (pass, hold,
take the held action), ``/hielo acción``, ``/hielo fatiga``, ``/hielo destino``,
``/hielo rendirse``, ``/hielo sorpresa`` and the GM's ``/hielo ajustar`` — each a step of
the one path."""

from __future__ import annotations

from collections.abc import Callable

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.documents import HandCorrection, correct_by_hand, defer_once
from bot.records.rolls import Changed
from umbral_rules import UmbralError
from umbral_rules.hielo import attacks, combat, intrigue
from umbral_rules.hielo.combat_state import Combat, TipoAccion, UsoFatiga
from umbral_rules.hielo.correction import Ajuste, correct, require_values
from umbral_rules.hielo.destiny import UsoDestino
from umbral_rules.hielo.events import Corrected, Event

from . import intrigues
from .common import acting, may_act, pings, reply
from .doc import HieloDoc
from .system import HIELO, HieloTurn

#: A rules call: the document and the turn in, the combat and its events out.
Play = Callable[[HieloDoc, HieloTurn], tuple[Combat, list[Event]]]


async def play(ctx: Context, logs: str, title: str, fn: Play) -> None:
    """Run ``fn`` as a step of the one path and answer with its events."""
    await defer_once(ctx)

    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        state, turn.events = fn(doc, turn)
        turn.doc = doc.with_combat(state)
        return turn.doc, turn.events

    doc, events = await run_step(ctx, HIELO, Step(logs, rules))
    await reply(ctx, title, doc, events)


async def damage(ctx: Context, leves: int, grave: bool) -> None:
    """«Todo daño sobrante se resta de la Salud del atacado (o bien se absorbe a través de
    heridas)»: the defender (or the GM) chooses."""

    def fn(doc: HieloDoc, turn: HieloTurn) -> tuple[Combat, list[Event]]:
        pending = doc.combat.pendiente
        if pending is None:
            raise UmbralError("No hay ningún daño pendiente de recibir.")
        defender = may_act(ctx, turn, doc, doc.combat.fighter(pending.defensor))
        return attacks.take_damage(
            doc.combat, attacks.Absorcion(defender.id, leves=leves, grave=grave)
        )

    await play(ctx, "hielo daño", "Daño recibido", fn)


TURN_TITLES = {
    "pasar": "Turno pasado",
    "reservar": "Acción reservada",
    "actuar": "Acción reservada",
}


async def turn_command(ctx: Context, que: str, personaje: str | None) -> None:
    """``pasar``: the turn ends; ``reservar``: the action is held; ``actuar``: the held
    action is taken now, after a complete turn."""

    def fn(doc: HieloDoc, turn: HieloTurn) -> tuple[Combat, list[Event]]:
        state = doc.combat
        if que == "actuar":
            if not personaje:
                raise UmbralError("Di quién toma su acción reservada (personaje).")
            f = may_act(ctx, turn, doc, doc.find(personaje))
            return combat.act_held(state, f.id)
        if state.current is None:
            raise UmbralError("No hay ningún turno en curso: /asalto tira la iniciativa.")
        f = may_act(ctx, turn, doc, state.fighter(state.current))
        if personaje and doc.find(personaje).id != f.id:
            raise UmbralError(f"Es el turno de {f.sheet.nombre}, no de {personaje}.")
        state, events = combat.end_turn(state) if que == "pasar" else combat.hold(state)
        if state.current is None:
            events.append(Event("Todos han actuado: /asalto tira la iniciativa del siguiente."))
        return state, events

    await play(ctx, "hielo turno", TURN_TITLES[que], fn)


async def action(ctx: Context, tamano: str, descripcion: str, personaje: str | None) -> None:
    def fn(doc: HieloDoc, turn: HieloTurn) -> tuple[Combat, list[Event]]:
        f = acting(ctx, turn, doc, personaje)
        choice = combat.Accion(f.id, TipoAccion(tamano), descripcion)
        return combat.act(doc.combat, choice)

    await play(ctx, "hielo acción", "Acción", fn)


async def fatigue(ctx: Context, uso: str, personaje: str | None) -> None:
    def fn(doc: HieloDoc, turn: HieloTurn) -> tuple[Combat, list[Event]]:
        f = acting(ctx, turn, doc, personaje)
        return combat.use_fatigue(doc.combat, f.id, UsoFatiga(uso))

    await play(ctx, "hielo fatiga", "Fatiga", fn)


async def destiny(
    ctx: Context,
    uso: str,
    personaje: str | None,
    objetivo: str | None,
    detalle: str | None,
    mejora: int = 0,
) -> None:
    """A destiny point outside a roll: in the encounter's intrigue while one is going on
    (the attitude use, −1D, the recorded ones), else in its combat."""
    await defer_once(ctx)

    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        intriga = doc.intriga
        if intriga is not None and not intriga.terminada:
            p = intrigues.acting(ctx, turn, doc, personaje)
            target = doc.find_participant(objetivo).id if objetivo else None
            choice = intrigue.GastoDestinoIntriga(p.id, UsoDestino(uso), target, mejora, detalle)
            state, turn.events = intrigue.spend_destiny(intriga, choice)
            turn.doc = doc.with_intrigue(state)
            return turn.doc, turn.events
        if uso == "actitud":
            raise UmbralError("La actitud se mejora o empeora en una intriga, no en un combate.")
        f = acting(ctx, turn, doc, personaje)
        against = doc.find(objetivo).id if objetivo else None
        spent = combat.GastoDestino(f.id, UsoDestino(uso), against, detalle)
        fought, turn.events = combat.spend_destiny(doc.combat, spent)
        turn.doc = doc.with_combat(fought)
        return turn.doc, turn.events

    doc, events = await run_step(ctx, HIELO, Step("hielo destino", rules))
    await reply(ctx, "Punto de destino", doc, events)


async def surrender(ctx: Context, personaje: str | None) -> None:
    def fn(doc: HieloDoc, turn: HieloTurn) -> tuple[Combat, list[Event]]:
        f = acting(ctx, turn, doc, personaje)
        return combat.surrender(doc.combat, f.id)

    await play(ctx, "hielo rendirse", "Rendición", fn)


async def surprise(ctx: Context, acechante: str, atacado: str) -> None:
    """Step 2, detection: Discreción (Sigilo) against the passive Percepción."""

    def fn(doc: HieloDoc, turn: HieloTurn) -> tuple[Combat, list[Event]]:
        lurker = may_act(ctx, turn, doc, doc.find(acechante))
        choice = combat.Deteccion(lurker.id, doc.find(atacado).id)
        return combat.detect(doc.combat, choice, ctx.dice)

    await play(ctx, "hielo sorpresa", "Detección", fn)


async def adjust(ctx: Context, combatiente: str, ajuste: Ajuste, motivo: str | None) -> None:
    """``/hielo ajustar``: the GM sets the values of ``combatiente`` (as typed) by hand;
    the owner whose turn it becomes is called."""

    def rules(turn: HieloTurn) -> HandCorrection:
        require_values(ajuste)  # (before the name: a call setting nothing names nobody)
        doc = turn.document
        f = doc.find(combatiente)
        state, turn.events = correct(doc.combat, f.id, ajuste)
        turn.doc = doc = doc.with_combat(state)
        said = next(e for e in turn.events if isinstance(e, Corrected))
        cambios = [Changed(campo=c.campo, antes=str(c.antes), despues=str(c.despues))
                   for c in said.cambios]  # fmt: skip
        after = [e.message for e in turn.events if not isinstance(e, Corrected)]
        content, users = pings(doc, turn.events)
        return HandCorrection(f.sheet.nombre, cambios, after, content, users)

    await correct_by_hand(ctx, HIELO, "hielo ajustar", rules, motivo)

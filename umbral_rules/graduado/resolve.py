"""Resolving what was declared: the heroes' actions, then the blows the enemies announced.

Functions of :class:`~.state.CombateState` that change it and report events; they run inside
the facade's transaction (:class:`~.combate.Combate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..dice import DiceSource
from .bands import Calificacion
from .chance import Chance, Grados, Termino, build_chance, number, signed
from .choices import Anuncio, Ataque
from .damage import Intencion, damage
from .defense import Comparacion, Defensa, compare
from .effort import Pago, pay
from .events import (
    Cae,
    EsfuerzoPagado,
    Event,
    Golpe,
    GolpeCancelado,
    ImpulsoCambia,
    SinEfecto,
)
from .events import DefensaTirada as DefensaEvent
from .impulso import POR_CALIFICACION, clamp
from .roll import D100, roll_d100
from .sheets import Bando, Via
from .state import CombateState, Combatiente
from .tables import (
    FLANQUEO,
    FUEGO_CONCENTRADO,
    IMPULSO_ALIADO_CAIDO,
    IMPULSO_MUERTE,
)


@dataclass
class RoundWork:
    """What one round's resolution remembers as it goes."""

    guards: dict[str, str] = field(default_factory=dict)  # protegido → protector
    struck: dict[str, int] = field(default_factory=dict)  # target → heroes' attacks so far
    coordinated: bool = False
    defences: dict[str, tuple[Chance, D100]] = field(default_factory=dict)
    covered: dict[str, int] = field(default_factory=dict)


def change_impulso(state: CombateState, bando: Bando, delta: int, razon: str) -> list[Event]:
    if delta == 0:
        return []
    before = state.impulso[bando]
    after = clamp(before + delta)
    state.impulso[bando] = after
    return [
        ImpulsoCambia(
            f"Impulso de {bando.label}: {number(before)} → {number(after)} "
            f"({signed(delta)}, {razon}).",
            bando,
            before,
            after,
            razon,
        )
    ]


def spend(state: CombateState, c: Combatiente, via: Via, coste: int, sobregiro: bool) -> Pago:
    """Pay from ``c``'s reserve, and keep what a Sobregiro leaves on the sheet."""
    pago = pay(c.ficha.reserva(via), via, coste, sobregiro=sobregiro)
    apply_pago(c, pago)
    return pago


def apply_pago(c: Combatiente, pago: Pago) -> None:
    c.ficha = c.ficha.with_reserva(pago.via, pago.despues)
    if pago.herida:
        c.heridas = (*c.heridas, f"herida visible (sobregiro de {pago.via.reserva_label})")
    if pago.caido:
        c.caido = True
        c.desangrandose = True


def paid_events(state: CombateState, c: Combatiente, pago: Pago) -> list[Event]:
    events: list[Event] = []
    if pago.pedido or pago.pagado:
        events.append(EsfuerzoPagado(f"{c.nombre} gasta {pago.line()}.", c.id, pago))
    if pago.caido:
        events.extend(fall(state, c, "queda en el suelo, desangrándose (sobregiro)"))
    return events


def fall(state: CombateState, c: Combatiente, how: str) -> list[Event]:
    """``c`` is out: its side loses 3 of Impulso; an enemy killed gives the heroes 2."""
    events: list[Event] = [
        Cae(f"{c.nombre} {how}.", c.id, c.bando, muerto=c.muerto, inutilizado=c.inutilizado)
    ]
    events += change_impulso(state, c.bando, IMPULSO_ALIADO_CAIDO, f"cae {c.nombre}")
    if c.muerto:
        events += change_impulso(state, c.bando.other, IMPULSO_MUERTE, f"muere {c.nombre}")
    return events


def take_damage(state: CombateState, c: Combatiente, amount: int) -> tuple[int, int, list[Event]]:
    """``c`` loses ``amount`` of aguante; at 0 a hero is down and an enemy dead."""
    before = c.ficha.fuerza.restante
    c.ficha = c.ficha.with_reserva(Via.FUERZA, c.ficha.fuerza.spend(amount))
    after = c.ficha.fuerza.restante
    events: list[Event] = []
    if amount > 0 and after == 0 and not c.fuera:
        if c.bando is Bando.HEROES:
            c.caido = True
            events += fall(state, c, "cae derribado")
        else:
            c.muerto = True
            events += fall(state, c, "muere")
    return before, after, events


def hero_attack(
    state: CombateState, dice: DiceSource, hero: Combatiente, ataque: Ataque, work: RoundWork
) -> list[Event]:
    target = state.find(ataque.objetivo)
    if target.fuera:
        return [SinEfecto(f"{hero.nombre} no ataca: {target.nombre} ya no está en pie.", hero.id)]
    extra: list[Termino] = []
    others = [
        k
        for k, d in state.declaraciones.items()
        if k != hero.id
        and isinstance(d.accion, Ataque)
        and state.find(d.accion.objetivo).id == target.id
    ]
    if ataque.flanqueo and others:
        extra.append(Termino("Flanqueo", FLANQUEO))
    if work.struck.get(target.id, 0) > 0:
        extra.append(Termino("Fuego concentrado", FUEGO_CONCENTRADO))
    work.coordinated = work.coordinated or bool(extra)
    work.struck[target.id] = work.struck.get(target.id, 0) + 1
    reserva = hero.ficha.reserva(ataque.via)
    chance = build_chance(
        state.base(hero),
        ataque.grados,
        reserva.poder,
        target.ficha.poder,
        state.impulso[Bando.HEROES],
        hero.ficha.gastado_pct,
        tuple(extra),
    )
    pago = spend(state, hero, ataque.via, ataque.esfuerzo, ataque.sobregiro)
    events = paid_events(state, hero, pago)
    tirada = roll_d100(dice, chance.total)
    hero.riesgo_anterior = ataque.grados.riesgo
    hero.historial = (*hero.historial, (ataque.grados.tacticas, ataque.grados.riesgo))
    events += _blow(
        state,
        hero,
        target,
        target,
        chance,
        tirada,
        None,
        tirada.calificacion,
        poder=reserva.poder,
        esfuerzo_pagado=pago.pagado,
        maximo=pago.antes.maximo,
        tacticas=ataque.grados,
        intencion=ataque.intencion,
    )
    return events


def _blow(
    state: CombateState,
    attacker: Combatiente,
    target: Combatiente,
    aimed: Combatiente,
    chance: Chance,
    tirada: D100,
    comparacion: Comparacion | None,
    grade: Calificacion,
    *,
    poder: int,
    esfuerzo_pagado: int,
    maximo: int,
    tacticas: Grados,
    intencion: Intencion,
) -> list[Event]:
    dano = damage(
        poder=poder,
        poder_objetivo=target.ficha.poder,
        tacticas=tacticas.tacticas,
        calificacion=grade,
        esfuerzo=esfuerzo_pagado,
        maximo=maximo,
        riesgo_objetivo=target.riesgo_anterior,
        arma=attacker.ficha.arma,
        armadura=target.ficha.armadura,
        intencion=intencion,
        restante_objetivo=target.ficha.fuerza.restante,
    )
    before, after, falls = take_damage(state, target, dano.total)
    defended = f"; {comparacion.line()}" if comparacion is not None else ""
    message = (
        f"{attacker.nombre} → {target.nombre}: {chance.line()}; d100 {tirada.roll}, margen "
        f"{signed(tirada.margen)}{defended} → **{grade.label}**; daño: {dano.line()}; aguante "
        f"{before} → {after}."
    )
    events: list[Event] = [
        Golpe(
            message,
            attacker.id,
            target.id,
            aimed.id,
            chance,
            tirada,
            comparacion,
            grade,
            dano,
            before,
            after,
        )
    ]
    if dano.inutiliza and not target.fuera:
        target.inutilizado = True
        events += fall(state, target, "queda inutilizado")
    events += falls
    delta = POR_CALIFICACION[grade]
    events += change_impulso(state, attacker.bando, delta, grade.label)
    return events


def enemy_blow(
    state: CombateState, dice: DiceSource, anuncio: Anuncio, work: RoundWork
) -> list[Event]:
    enemy = state.find(anuncio.atacante)
    aimed = state.find(anuncio.objetivo)
    if enemy.fuera:
        why = "muerto" if enemy.muerto else "inutilizado" if enemy.inutilizado else "caído"
        return [
            GolpeCancelado(
                f"{enemy.nombre} no llega a dar su golpe a {aimed.nombre}: está {why}.",
                anuncio,
                why,
            )
        ]
    protector_id = work.guards.get(aimed.id)
    target = aimed
    if protector_id is not None and not state.find(protector_id).fuera:
        target = state.find(protector_id)
    if target.fuera:
        return [
            GolpeCancelado(
                f"El golpe de {enemy.nombre} no cae: {target.nombre} ya está en el suelo.",
                anuncio,
                "en el suelo",
            )
        ]
    reserva = enemy.ficha.reserva(anuncio.via)
    chance = build_chance(
        state.base(enemy),
        anuncio.grados,
        reserva.poder,
        target.ficha.poder,
        state.impulso[Bando.ENEMIGOS],
        enemy.ficha.gastado_pct,
    )
    pago = spend(state, enemy, anuncio.via, anuncio.esfuerzo, False)
    events = paid_events(state, enemy, pago)
    tirada = roll_d100(dice, chance.total)
    grade = tirada.calificacion
    comparacion = None
    if anuncio.inbloqueable:
        comparacion = compare(chance, 0, 0, grade, inbloqueable=True)
    else:
        if target.id not in work.defences:
            events += _defence_roll(state, dice, target, enemy, work)
        d_chance, d_roll = work.defences[target.id]
        covered = work.covered.get(target.id, 0)
        comparacion = compare(d_chance, d_roll.roll, covered, grade)
        work.covered[target.id] = covered + 1
        grade = comparacion.despues
    events += _blow(
        state,
        enemy,
        target,
        aimed,
        chance,
        tirada,
        comparacion,
        grade,
        poder=reserva.poder,
        esfuerzo_pagado=pago.pagado,
        maximo=pago.antes.maximo,
        tacticas=anuncio.grados,
        intencion=anuncio.intencion,
    )
    enemy.riesgo_anterior = anuncio.grados.riesgo
    return events


def _defence_roll(
    state: CombateState,
    dice: DiceSource,
    hero: Combatiente,
    enemy: Combatiente,
    work: RoundWork,
) -> list[Event]:
    """The hero's one defence roll of the turn. [D] Its chance is built like the chance to
    hit, from the declared defence's grades, against the first enemy it meets; a hero who
    declared no defence meets the blows with a standard one."""
    declared = state.declaraciones.get(hero.id)
    defensa = declared.defensa if declared and declared.defensa else Defensa()
    chance = build_chance(
        state.base(hero),
        defensa.grados,
        hero.ficha.poder,
        enemy.ficha.poder,
        state.impulso[hero.bando],
        hero.ficha.gastado_pct,
    )
    tirada = roll_d100(dice, chance.total)
    work.defences[hero.id] = (chance, tirada)
    return [
        DefensaEvent(
            f"{hero.nombre} se defiende ({defensa.tipo.value}): {chance.line()}; d100 "
            f"{tirada.roll}.",
            hero.id,
            defensa,
            chance,
            tirada,
        )
    ]

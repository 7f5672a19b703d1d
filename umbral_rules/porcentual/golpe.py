"""Where a blow lands: the manoeuvre's effect, or the location and the damage (with a shield
or a cover taking what falls on the locations they protect); and the small helpers of the
resolution (rolling a built percentage, reporting it, recording a defence's use)."""

from __future__ import annotations

from dataclasses import replace

from ..dice import DiceSource
from ..errors import UmbralError
from .acciones import Accion, AccionDeclarada
from .asalto import Result
from .ataques import Contexto
from .danio import CABEZA, Efecto, Impacto, aplicar, calcular, desgastar_escudo, roll_location
from .estado import Asalto, Combate, Fase
from .eventos import Evento, TiradaHecha
from .fichas import FUERZA, PELEA, Arma, TamanoEscudo
from .maniobras import aturdir, clava_escudo, desarmar, descabalgar, empujon, tropiezo
from .modificadores import ESCUDO_MEDIO_DANIO, ESCUDO_PEQUENO_DANIO, POMO_DANIO, Porcentaje
from .tablas import TablaFaltante, Tablas
from .tiradas import DiceExpr, PercentileRoll, percentile_against

EFECTOS = {
    Accion.CARGA: Efecto.CARGA,
    Accion.CARGA_CABALLO: Efecto.CARGA_CABALLO,
    Accion.PRECISO: Efecto.PRECISO,
    Accion.ALANCEAR: Efecto.ALANCEAR,
    Accion.ATURDIR: Efecto.ATURDIR,
}
MANOEUVRES = {Accion.DESARMAR, Accion.DESCABALGAR, Accion.EMPUJON, Accion.TROPIEZO}
ELSEWHERE = {Accion.BARRIDO, Accion.INMOVILIZAR, Accion.DANIO_INMOVILIZADO}
EVERYWHERE = frozenset({"*"})  # a total cover


def accion_asalto(combate: Combate) -> Asalto:
    if combate.asalto is None or combate.asalto.fase is not Fase.ACCION:
        raise UmbralError("Los ataques se resuelven en la fase de acción.")
    return combate.asalto


def roll_pct(dice: DiceSource, pct: Porcentaje) -> PercentileRoll:
    return percentile_against(dice, pct.final, pct.base)


def said(who: str, what: str, pct: Porcentaje, roll: PercentileRoll) -> TiradaHecha:
    steps = "".join(f" {s.cambio:+d} {s.nombre}" for s in pct.pasos)
    text = (
        f"{who}: {what}, {pct.competencia} {pct.base}%{steps} = {roll.target}%, "
        f"saca {roll.roll} ({roll.label})."
    )
    return TiradaHecha(text, who, what, pct, roll)


def use_defence(combate: Combate, defender: str, indice: int, attacker: str, face: int) -> Combate:
    asalto = accion_asalto(combate)
    hechas = asalto.hechas
    if (defender, indice) not in hechas:
        hechas = (*hechas, (defender, indice))
    usos = (*asalto.usos, (defender, indice, attacker, face))
    return replace(combate, asalto=replace(asalto, hechas=hechas, usos=usos))


def pelea_weapon(combate: Combate, cid: str) -> Arma:
    """Bare hands: the sheet's weapon of competencia Pelea (its damage is not printed)."""
    for arma in combate.combatiente(cid).ficha.armas:
        if arma.competencia == PELEA:
            return arma
    raise TablaFaltante("Tabla de Armas", f"el daño de Pelea de {cid}")


def land(
    combate: Combate,
    tablas: Tablas,
    dice: DiceSource,
    act: AccionDeclarada,
    att_id: str,
    tgt_id: str,
    weapon: Arma | None,
    critical: bool,
    ctx: Contexto,
    cover: frozenset[str] | None,
    impacto: Impacto | None,
    events: list[Evento],
    *,
    aturdir_pifia: bool = False,
) -> Result:
    att, tgt = combate.combatiente(att_id), combate.combatiente(tgt_id)
    a = act.accion
    if a in MANOEUVRES:
        if a is Accion.DESARMAR:
            combate, evs = desarmar(combate, dice, att, tgt, weapon)
        elif a is Accion.DESCABALGAR:
            combate, evs = descabalgar(combate, dice, tablas, att, tgt)
        elif a is Accion.EMPUJON:
            combate, evs = empujon(combate, dice, att, tgt)
        else:
            combate, evs = tropiezo(combate, dice, tgt)
        return combate, events + evs
    dice_expr: DiceExpr | None = None
    bonus_de: str | None = None
    if a is Accion.ATAQUE_ESCUDO:
        shield = att.ficha.escudo
        small = shield is not None and shield.tamano is TamanoEscudo.PEQUENO
        dice_expr, bonus_de, weapon = (
            DiceExpr.parse(ESCUDO_PEQUENO_DANIO if small else ESCUDO_MEDIO_DANIO),
            FUERZA,
            None,
        )
    elif a is Accion.ATURDIR and ctx.pomo:
        dice_expr, bonus_de, weapon = DiceExpr.parse(POMO_DANIO), FUERZA, None
    elif weapon is None:
        weapon = pelea_weapon(combate, att_id)
    stun = a is Accion.ATURDIR and not aturdir_pifia
    if impacto is None and a is Accion.ATURDIR:
        impacto = Impacto(CABEZA, None)
    if impacto is None and a is Accion.CLAVA_ESCUDO:
        impacto = Impacto(None, None)  # «el hacha impactará directamente contra el escudo»
    if impacto is None and a is Accion.ALANCEAR:
        impacto = Impacto(None, None, al_caballo=True)
    if impacto is None:
        protected = cover or frozenset()
        shield = tgt.ficha.escudo
        asalto = accion_asalto(combate)
        placed = any(
            x.accion is Accion.COLOCAR_ESCUDO and (tgt_id, i) in asalto.hechas
            for i, x in enumerate(asalto.declarado(tgt_id) or ())
        )
        if (
            shield is not None
            and tgt.con_escudo
            and (tgt.cond.guardia_completa or (placed and a is Accion.A_DISTANCIA))
        ):
            protected |= frozenset(shield.protege)
        impacto = roll_location(
            dice,
            tablas,
            atacante_montado=att.cond.montado,
            jinete_lejos=ctx.lado if tgt.cond.montado and not att.cond.montado else None,
            protegidas=protected,
        )
        if protected is EVERYWHERE or cover == EVERYWHERE:
            impacto = replace(impacto, cubierto=True)
    blow = calcular(
        att.ficha,
        weapon,
        dice,
        tablas,
        impacto=impacto,
        # Aturdir: on a head without a metal helmet; Clava: on the shield, not the body.
        armadura=None if stun or a is Accion.CLAVA_ESCUDO else tgt.ficha.armadura,
        armadura_resistencia=tgt.cond.armadura_resistencia,
        critico=critical,
        efecto=EFECTOS.get(a, Efecto.NORMAL) if not aturdir_pifia else Efecto.NORMAL,
        aumentos=act.aumentos,
        danio=dice_expr,
        bonus_de=bonus_de,
    )
    if stun:
        combate, evs = aturdir(combate, tgt, blow.pd)
        return combate, events + evs
    if a is Accion.CLAVA_ESCUDO:
        combate, evs = clava_escudo(combate, tgt, blow.pd, critical)
        return combate, events + evs
    if impacto.cubierto and critical and tgt.con_escudo and cover is None:
        combate, evs = desgastar_escudo(combate, tgt_id, blow.pd)
        events = events + evs
    combate, evs = aplicar(combate, tgt_id, blow)
    return combate, events + evs

"""One attack from its declared action to the damage: the defences rolled before a shot,
the attack's d100, the defence against the blow, what a Parada costs, and the damage or the
manoeuvre's effect. ``atacar`` for one target, ``barrer`` for a Barrido."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..dice import DiceSource
from ..errors import UmbralError
from .acciones import Accion, AccionDeclarada, Tipo
from .asalto import Result, actuar, puede_actuar
from .ataques import (
    Contexto,
    check_weapon,
    distance_band,
    porcentaje_ataque,
    porcentaje_doble,
    weapon_of,
)
from .danio import BRAZO, CABEZA, Impacto, calcular, desgastar_escudo, roll_location
from .defensas import (
    AGAINST_THE_BLOW,
    BEFORE_THE_SHOT,
    CosteParada,
    DefensaElegida,
    check_against,
    defence_action,
    kind_of,
    parry_cost,
    parry_weapon,
    porcentaje_defensa,
)
from .estado import Combate
from .eventos import Estado, Evento
from .fichas import Arma, TipoArma
from .golpe import ELSEWHERE, EVERYWHERE, accion_asalto, land, roll_pct, said, use_defence
from .maniobras import parada_ligera
from .modificadores import Mod
from .tablas import Tablas
from .tiradas import PercentileRoll


def atacar(
    combate: Combate,
    tablas: Tablas,
    dice: DiceSource,
    atacante_id: str,
    indice: int,
    objetivo_id: str,
    ctx: Contexto | None = None,
    defensas: Sequence[DefensaElegida] = (),
) -> Result:
    """Resolve the declared attack ``indice`` of ``atacante_id`` against ``objetivo_id``.
    ``defensas``: the target's declared defences that meet it (declared «antes de que se
    tiren los dados»)."""
    ctx = ctx or Contexto()
    asalto = accion_asalto(combate)
    act = puede_actuar(asalto, atacante_id, indice)
    if act.tipo is not Tipo.ATAQUE or act.accion in ELSEWHERE:
        raise UmbralError(f"{act.ficha.nombre} no se resuelve como un ataque a un objetivo.")
    if objetivo_id == atacante_id or (act.objetivos and objetivo_id not in act.objetivos):
        raise UmbralError(f"{atacante_id} no declaró ese ataque contra {objetivo_id}.")
    att, tgt = combate.combatiente(atacante_id), combate.combatiente(objetivo_id)
    doble = act.accion is Accion.DOBLE
    arma = att.ficha.arma(act.arma) if doble and act.arma else weapon_of(att, act)
    check_weapon(act, att, arma, tgt, ctx)
    chosen = [(ch, defence_action(asalto, tgt, att, ch)) for ch in defensas]
    for _, dact in chosen:
        check_against(kind_of(dact), act, arma)
    before = [x for x in chosen if kind_of(x[1]) in BEFORE_THE_SHOT]
    blow = [x for x in chosen if kind_of(x[1]) in AGAINST_THE_BLOW]
    if len(before) > 1 or len(blow) > (2 if doble else 1):
        raise UmbralError("Demasiadas defensas contra un solo ataque.")
    if len(blow) == 2 and (
        blow[0][0].contra_segunda == blow[1][0].contra_segunda
        or (kind_of(blow[0][1]) is kind_of(blow[1][1]) and blow[0][0].arma == blow[1][0].arma)
    ):
        raise UmbralError(
            "Contra un Ataque Doble, dos defensas han de ser de diferente tipo o con armas "
            "diferentes, una contra cada ataque."
        )
    combate, events = actuar(combate, atacante_id, indice)
    extra: list[tuple[Mod, int]] = []
    cover: frozenset[str] | None = None
    cover_critical = False
    for ch, dact in before:
        combate, ok, crit, evs = _before_the_shot(
            combate, tablas, dice, act, arma, ch, dact, atacante_id, objetivo_id, ctx
        )
        events += evs
        if ok and kind_of(dact) is Accion.SERPENTEAR:
            extra.append((Mod.SERPENTEAR_TIRADOR, 1))
        elif ok:
            cover, cover_critical = frozenset(ch.cubre) or EVERYWHERE, crit
    asalto = accion_asalto(combate)
    att, tgt = combate.combatiente(atacante_id), combate.combatiente(objetivo_id)
    if doble:
        pct = porcentaje_doble(att, act, tgt, asalto, tablas, ctx, tuple(extra))
    else:
        pct = porcentaje_ataque(att, act, tgt, asalto, tablas, ctx, extra=tuple(extra))
    roll = roll_pct(dice, pct)
    events.append(said(atacante_id, act.ficha.nombre, pct, roll))
    cond = replace(att.cond, preparado=0)
    if arma is not None and arma.tipo is TipoArma.PROYECTIL:
        cond = cond.with_recarga(arma.nombre, arma.recarga)
    combate = combate.with_cond(atacante_id, cond)
    if not roll.hits:
        if act.accion is Accion.ATURDIR and roll.fumble:
            # «se considera que habrá hecho un ataque en toda regla sobre la cabeza»
            return land(
                combate,
                tablas,
                dice,
                act,
                atacante_id,
                objetivo_id,
                arma,
                False,
                ctx,
                None,
                Impacto(CABEZA, None),
                events,
                aturdir_pifia=True,
            )
        return combate, events
    critical = roll.critical_success
    if cover is not None and critical and not cover_critical:
        cover = None  # «deberemos haber obtenido también un crítico en Saltar»
    blows: list[tuple[Arma | None, bool]] = [(arma, False)]
    if doble and act.arma_secundaria:
        blows.append((att.ficha.arma(act.arma_secundaria), True))
    for weapon, second in blows:
        meets = next((x for x in blow if x[0].contra_segunda == second), None)
        arm = False
        if meets is not None:
            combate, stopped, arm, evs = _defend(
                combate, tablas, dice, act, weapon, critical, meets, atacante_id, objetivo_id
            )
            events += evs
            if stopped:
                continue
        combate, events = land(
            combate,
            tablas,
            dice,
            act,
            atacante_id,
            objetivo_id,
            weapon,
            critical,
            ctx,
            cover,
            Impacto(BRAZO, None) if arm else None,
            events,
        )
    return combate, events


def _before_the_shot(
    combate: Combate,
    tablas: Tablas,
    dice: DiceSource,
    act: AccionDeclarada,
    arma: Arma | None,
    ch: DefensaElegida,
    dact: AccionDeclarada,
    att_id: str,
    tgt_id: str,
    ctx: Contexto,
) -> tuple[Combate, bool, bool, list[Evento]]:
    asalto = accion_asalto(combate)
    tgt = combate.combatiente(tgt_id)
    kind = kind_of(dact)
    if kind is Accion.BUSCAR_COBERTURA and not (
        asalto.iniciativa(tgt_id).total > asalto.iniciativa(att_id).total
    ):
        raise UmbralError(
            "Para buscar cobertura hay que haber obtenido más Iniciativa que el enemigo."
        )
    shooter = combate.combatiente(att_id).ficha.fuerza
    if (
        kind is Accion.SERPENTEAR
        and arma is not None
        and distance_band(arma, shooter, ctx.distancia) is Mod.DISTANCIA_CORTA
    ):
        raise UmbralError("Serpentear es contra disparos a distancia normal o larga.")
    pct = porcentaje_defensa(tgt, dact, act, asalto, tablas, arma=None, ataque_critico=False)
    roll = roll_pct(dice, pct)
    combate = use_defence(combate, tgt_id, ch.indice, att_id, roll.roll)
    return combate, roll.hits, roll.critical_success, [said(tgt_id, dact.ficha.nombre, pct, roll)]


def _defend(
    combate: Combate,
    tablas: Tablas,
    dice: DiceSource,
    act: AccionDeclarada,
    weapon: Arma | None,
    critical: bool,
    meets: tuple[DefensaElegida, AccionDeclarada],
    att_id: str,
    tgt_id: str,
) -> tuple[Combate, bool, bool, list[Evento]]:
    """Roll the defence against one blow: (state, stopped, takes it on an arm, events)."""
    ch, dact = meets
    asalto = accion_asalto(combate)
    tgt, att = combate.combatiente(tgt_id), combate.combatiente(att_id)
    kind = kind_of(dact)
    parry_arm = parry_weapon(tgt, dact, ch) if kind is Accion.PARADA else None
    pct = porcentaje_defensa(
        tgt, dact, act, asalto, tablas, arma=parry_arm, ataque_critico=critical
    )
    prior = [u[3] for u in asalto.usos if u[:3] == (tgt_id, ch.indice, att_id)]
    if kind is Accion.ESQUIVAR and prior:
        # «con una única tirada de Esquivar nos zafaremos de todos los ataques … de un mismo
        # enemigo»: the same face against this blow's percentage.
        roll = PercentileRoll(pct.base, pct.final - pct.base, prior[0])
    else:
        roll = roll_pct(dice, pct)
    events: list[Evento] = [said(tgt_id, dact.ficha.nombre, pct, roll)]
    combate = use_defence(combate, tgt_id, ch.indice, att_id, roll.roll)
    if not roll.hits:
        return combate, False, False, events
    cost = CosteParada()
    if kind in (Accion.PARADA, Accion.PARADA_ESCUDO):
        cost = parry_cost(
            kind,
            parry_arm,
            weapon,
            act,
            ataque_critico=critical,
            parada_critica=roll.critical_success,
        )
    lose = cost.escapa or cost.rompe or cost.inservible
    if cost.contest:
        kept, ev = parada_ligera(dice, tgt, att)
        events.append(ev)
        lose = not kept
    if lose and parry_arm is not None:
        how = (
            "se rompe"
            if cost.rompe
            else "queda inservible"
            if cost.inservible
            else "se le escapa de las manos"
        )
        cond = replace(tgt.cond, armas_perdidas=(*tgt.cond.armas_perdidas, parry_arm.nombre))
        if cond.arma_lista == parry_arm.nombre:
            cond = replace(cond, arma_lista=None)
        combate = combate.with_cond(tgt_id, cond)
        events.append(
            Estado(
                f"{tgt_id} detiene el golpe, pero {parry_arm.nombre} {how}.", tgt_id, "desarmado"
            )
        )
    if cost.escudo_critico:
        points = calcular(
            att.ficha,
            weapon,
            dice,
            tablas,
            impacto=Impacto(None, None),
            armadura=None,
            armadura_resistencia=None,
            critico=True,
            aumentos=act.aumentos,
        ).pd
        combate, evs = desgastar_escudo(combate, tgt_id, points)
        events += evs
    if cost.brazo:
        events.append(
            Estado(f"{tgt_id} para con las manos: el golpe le cae en un brazo.", tgt_id, "brazo")
        )
        return combate, False, True, events
    return combate, True, False, events


def barrer(
    combate: Combate,
    tablas: Tablas,
    dice: DiceSource,
    atacante_id: str,
    indice: int,
    defensas: Mapping[str, DefensaElegida],
    ctx: Contexto | None = None,
) -> Result:
    """Barrido: one roll at −20 % per enemy beyond the first; each defends in the order the
    sweep reaches them; a successful Parada stops it there; the damage is rolled for each,
    «excepto el de localización, que será el mismo para todos ellos»."""
    ctx = ctx or Contexto()
    asalto = accion_asalto(combate)
    act = puede_actuar(asalto, atacante_id, indice)
    if act.accion is not Accion.BARRIDO:
        raise UmbralError("Esa acción no es un Barrido.")
    att = combate.combatiente(atacante_id)
    arma = weapon_of(att, act)
    targets = [combate.combatiente(t) for t in act.objetivos]
    for t in targets:
        check_weapon(act, att, arma, t, ctx)
    chosen = {
        t: (defensas[t], defence_action(asalto, combate.combatiente(t), att, defensas[t]))
        for t in act.objetivos
        if t in defensas
    }
    for _, dact in chosen.values():
        check_against(kind_of(dact), act, arma)
    combate, events = actuar(combate, atacante_id, indice)
    pct = porcentaje_ataque(att, act, targets[0], accion_asalto(combate), tablas, ctx)
    roll = roll_pct(dice, pct)
    events.append(said(atacante_id, act.ficha.nombre, pct, roll))
    if not roll.hits:
        return combate, events
    location: Impacto | None = None
    for tid in act.objetivos:
        arm = False
        if tid in chosen:
            combate, stopped, arm, evs = _defend(
                combate,
                tablas,
                dice,
                act,
                arma,
                roll.critical_success,
                chosen[tid],
                atacante_id,
                tid,
            )
            events += evs
            if stopped and kind_of(chosen[tid][1]) in (Accion.PARADA, Accion.PARADA_ESCUDO):
                events.append(
                    Estado(f"{tid} detiene el barrido: el resto no se ve afectado.", tid, "barrido")
                )
                break
            if stopped:
                continue
        if location is None and not arm:
            location = roll_location(dice, tablas, atacante_montado=att.cond.montado)
        combate, events = land(
            combate,
            tablas,
            dice,
            act,
            atacante_id,
            tid,
            arma,
            roll.critical_success,
            ctx,
            None,
            Impacto(BRAZO, None) if arm else location,
            events,
        )
    return combate, events

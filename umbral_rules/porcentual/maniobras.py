"""The manoeuvres' enfrentamientos and effects: Desarmar, Descabalgar, Empujón, Tropiezo,
Inmovilizar (and its damage), Liberarse, Zafarse, Aturdir's unconsciousness, Clava de
Escudo, and the light-against-heavy Parada."""

from __future__ import annotations

from dataclasses import replace

from ..dice import DiceSource
from ..errors import UmbralError
from .acciones import Accion
from .asalto import Result, actuar, puede_actuar
from .danio import Impacto, aplicar, calcular, desgastar_escudo
from .estado import Combate, Combatiente
from .eventos import EnfrentamientoHecho, Estado, Evento, TiradaHecha
from .fichas import CABALGAR, FUERZA, PELEA, RESISTENCIA, Arma, Tamano
from .modificadores import (
    ATURDIR_MINUTOS_MINIMO,
    ATURDIR_MINUTOS_POR_PUNTO,
    CAIDA_DANIO,
    CLAVA_ESCUDO_MULT,
    DESARMAR_FUERZA_MULT,
    EMPUJON_AGILIDAD,
    FUERZA_ENFRENTAMIENTO,
    INMOVILIZAR_DANIO,
    PARADA_LIGERA_MULT,
    PARADA_PESADA_MULT,
    TROPIEZO_AGILIDAD,
    porcentaje,
)
from .tablas import Tablas
from .tiradas import DiceExpr, Enfrentamiento, enfrentar, percentile_against


def _contest(
    dice: DiceSource,
    activo: Combatiente,
    a_val: int,
    a_what: str,
    pasivo: Combatiente,
    p_val: int,
    p_what: str,
) -> tuple[Enfrentamiento, Evento]:
    e = enfrentar(dice, a_val, p_val, f"{activo.id}: {a_what}", f"{pasivo.id}: {p_what}")
    winner = activo.id if e.gana_activo else pasivo.id
    text = (
        f"Enfrentamiento: {activo.id} {a_what} {a_val}% saca {e.activo.roll} ({e.activo.label}); "
        f"{pasivo.id} {p_what} {p_val}% saca {e.pasivo.roll} ({e.pasivo.label}). Gana {winner}."
    )
    return e, EnfrentamientoHecho(text, e)


def _characteristic_roll(
    dice: DiceSource, c: Combatiente, name: str, times: int, what: str
) -> tuple[bool, Evento]:
    value = c.ficha.caracteristica(name) * times
    pct = porcentaje(f"{name} x{times}", value)
    roll = percentile_against(dice, value)
    text = (
        f"{c.id}: {what}, {name.capitalize()} x{times} = {value}%, saca {roll.roll} ({roll.label})."
    )
    return roll.hits, TiradaHecha(text, c.id, what, pct, roll)


def _size_of(c: Combatiente, arma: str | None) -> Tamano:
    return Tamano.LIGERO if arma is None else c.ficha.arma(arma).tamano


def desarmar(
    combate: Combate,
    dice: DiceSource,
    attacker: Combatiente,
    target: Combatiente,
    arma: Arma | None,
) -> Result:
    """«debemos ganar un enfrentamiento entre nuestra Fuerza y la de nuestro contrincante …
    pequeña … x3; … medio, x4; y si es pesada … x5»."""
    mine = DESARMAR_FUERZA_MULT[(Tamano.LIGERO if arma is None else arma.tamano).rank]
    theirs_name = target.cond.arma_lista
    theirs = DESARMAR_FUERZA_MULT[_size_of(target, theirs_name).rank]
    e, ev = _contest(
        dice,
        attacker,
        attacker.ficha.fuerza * mine,
        f"Fuerza x{mine}",
        target,
        target.ficha.fuerza * theirs,
        f"Fuerza x{theirs}",
    )
    events: list[Evento] = [ev]
    if e.gana_activo and theirs_name is not None:
        cond = replace(
            target.cond, arma_lista=None, armas_perdidas=(*target.cond.armas_perdidas, theirs_name)
        )
        combate = combate.with_cond(target.id, cond)
        events.append(Estado(f"{target.id} deja caer {theirs_name}.", target.id, "desarmado"))
    return combate, events


def descabalgar(
    combate: Combate, dice: DiceSource, tablas: Tablas, attacker: Combatiente, target: Combatiente
) -> Result:
    """«enfrentar nuestra Fuerza x5 contra el Cabalgar del jinete. Si ganamos … cae al suelo
    y recibe 1D6 PD»."""
    e, ev = _contest(
        dice,
        attacker,
        attacker.ficha.fuerza * FUERZA_ENFRENTAMIENTO,
        "Fuerza x5",
        target,
        target.ficha.competencia(CABALGAR),
        "Cabalgar",
    )
    events: list[Evento] = [ev]
    if not e.gana_activo:
        return combate, events
    fall = calcular(
        attacker.ficha,
        None,
        dice,
        tablas,
        impacto=Impacto(None, None),
        armadura=None,
        armadura_resistencia=None,
        danio=DiceExpr.parse(CAIDA_DANIO),
    )
    combate = combate.with_cond(target.id, replace(target.cond, montado=False, en_suelo=True))
    events.append(Estado(f"{target.id} cae del caballo.", target.id, "descabalgado"))
    combate, more = aplicar(combate, target.id, fall)
    return combate, events + more


def empujon(
    combate: Combate, dice: DiceSource, attacker: Combatiente, target: Combatiente
) -> Result:
    """«enfrentaremos nuestra Fuerza x5 contra la Fuerza x5 del oponente. Si vencemos … una
    tirada de Agilidad x2 para no caer … si él consigue un éxito crítico … el que acabará en
    el suelo … será nuestro personaje»."""
    value = FUERZA_ENFRENTAMIENTO
    e, ev = _contest(
        dice,
        attacker,
        attacker.ficha.fuerza * value,
        "Fuerza x5",
        target,
        target.ficha.fuerza * value,
        "Fuerza x5",
    )
    events: list[Evento] = [ev]
    if e.gana_activo:
        stays, roll_ev = _characteristic_roll(dice, target, "agilidad", EMPUJON_AGILIDAD, "no caer")
        events.append(roll_ev)
        if not stays:
            combate = combate.with_cond(target.id, replace(target.cond, en_suelo=True))
            events.append(Estado(f"{target.id} cae al suelo.", target.id, "en_suelo"))
    elif e.pasivo.critical_success:
        combate = combate.with_cond(attacker.id, replace(attacker.cond, en_suelo=True))
        events.append(Estado(f"{attacker.id} acaba en el suelo.", attacker.id, "en_suelo"))
    return combate, events


def tropiezo(combate: Combate, dice: DiceSource, target: Combatiente) -> Result:
    """«nuestro enemigo debe hacer una tirada de Agilidad x3: si falla, caerá al suelo y
    perderá cualquier acción que le quedara por realizar durante ese asalto»."""
    stays, ev = _characteristic_roll(dice, target, "agilidad", TROPIEZO_AGILIDAD, "no tropezar")
    events: list[Evento] = [ev]
    if stays:
        return combate, events
    combate = combate.with_cond(target.id, replace(target.cond, en_suelo=True))
    events.append(Estado(f"{target.id} cae al suelo.", target.id, "en_suelo"))
    asalto = combate.asalto
    if asalto is not None:
        motivo = "ha caído al suelo por un tropiezo"
        lost = tuple((target.id, i, motivo) for i in asalto.pendientes_de(target.id))
        combate = replace(combate, asalto=replace(asalto, perdidas=asalto.perdidas + lost))
    return combate, events


def aturdir(combate: Combate, target: Combatiente, pd: int) -> Result:
    """«si obtenemos tantos o más PD que la Resistencia del enemigo, éste caerá inconsciente
    … 10 veces la cantidad por la que hayamos sobrepasado la Resistencia … (con un mínimo de
    10 minutos)»."""
    res = target.ficha.caracteristica(RESISTENCIA)
    if pd < res:
        return combate, [
            Estado(
                f"{target.id} aguanta el golpe ({pd} PD < Resistencia {res}).", target.id, "aturdir"
            )
        ]
    minutes = max(ATURDIR_MINUTOS_MINIMO, ATURDIR_MINUTOS_POR_PUNTO * (pd - res))
    combate = combate.with_cond(target.id, replace(target.cond, inconsciente_minutos=minutes))
    return combate, [
        Estado(
            f"{target.id} cae inconsciente {minutes} minutos ({pd} PD contra Resistencia {res}).",
            target.id,
            "inconsciente",
        )
    ]


def clava_escudo(combate: Combate, target: Combatiente, pd: int, critico: bool) -> Result:
    """«le restaremos tantos puntos de Resistencia como el doble de los PD … En caso de
    obtener un éxito crítico … habrá destruido completamente el escudo»."""
    left = target.cond.escudo_resistencia or 0
    return desgastar_escudo(combate, target.id, left if critico else pd * CLAVA_ESCUDO_MULT)


def parada_ligera(
    dice: DiceSource, defender: Combatiente, attacker: Combatiente
) -> tuple[bool, Evento]:
    """«deberemos enfrentar nuestra FUEx3 contra la FUEx5 del atacante: si fallamos el
    enfrentamiento, detendremos el ataque, pero el arma se escapará». True: kept."""
    e, ev = _contest(
        dice,
        defender,
        defender.ficha.fuerza * PARADA_LIGERA_MULT,
        "FUE x3",
        attacker,
        attacker.ficha.fuerza * PARADA_PESADA_MULT,
        "FUE x5",
    )
    return e.gana_activo, ev


# --- actions that are an enfrentamiento, with no attack roll -------------------------------


def _own_action(combate: Combate, cid: str, indice: int, accion: Accion) -> Combatiente:
    asalto = combate.asalto
    if asalto is None:
        raise UmbralError("No hay ningún asalto en curso.")
    act = puede_actuar(asalto, cid, indice)
    if act.accion is not accion:
        raise UmbralError(f"Esa acción de {cid} no es {accion.value}.")
    return combate.combatiente(cid)


def inmovilizar(combate: Combate, dice: DiceSource, cid: str, indice: int, objetivo: str) -> Result:
    """«se realiza un enfrentamiento de Fuerza x5 entre el atacante y el defensor: si gana el
    defensor, la maniobra falla, aunque continúa la melé»."""
    me = _own_action(combate, cid, indice, Accion.INMOVILIZAR)
    target = combate.combatiente(objetivo)
    if objetivo not in me.cond.mele_con:
        raise UmbralError(f"Para inmovilizar a {objetivo} hay que estar en melé con él.")
    combate, events = actuar(combate, cid, indice)
    e, ev = _contest(
        dice, me, me.ficha.fuerza * 5, "Fuerza x5", target, target.ficha.fuerza * 5, "Fuerza x5"
    )
    events.append(ev)
    if e.gana_activo:
        t = combate.combatiente(objetivo)
        combate = combate.with_cond(objetivo, replace(t.cond, inmovilizado_por=cid))
        events.append(Estado(f"{objetivo} queda inmovilizado por {cid}.", objetivo, "inmovilizado"))
    return combate, events


def danio_inmovilizado(
    combate: Combate, dice: DiceSource, tablas: Tablas, cid: str, indice: int, objetivo: str
) -> Result:
    """«infligir cada asalto un daño igual a 1D3 más su bonificador al daño por Fuerza … sin
    tener en cuenta localizaciones de daño ni armaduras»."""
    me = _own_action(combate, cid, indice, Accion.DANIO_INMOVILIZADO)
    if combate.combatiente(objetivo).cond.inmovilizado_por != cid:
        raise UmbralError(f"{cid} no tiene inmovilizado a {objetivo}.")
    combate, events = actuar(combate, cid, indice)
    blow = calcular(
        me.ficha,
        None,
        dice,
        tablas,
        impacto=Impacto(None, None),
        armadura=None,
        armadura_resistencia=None,
        danio=DiceExpr.parse(INMOVILIZAR_DANIO),
        bonus_de=FUERZA,
    )
    combate, more = aplicar(combate, objetivo, blow)
    return combate, events + more


def liberarse(combate: Combate, dice: DiceSource, cid: str, indice: int) -> Result:
    """«debemos ganar un enfrentamiento entre nuestra Fuerza x5 y la Fuerza x5 de nuestro
    rival … nos liberamos de la inmovilización y de la situación de melé»."""
    me = _own_action(combate, cid, indice, Accion.LIBERARSE)
    holder_id = me.cond.inmovilizado_por
    if holder_id is None:
        raise UmbralError(f"{cid} no está inmovilizado.")
    holder = combate.combatiente(holder_id)
    combate, events = actuar(combate, cid, indice)
    e, ev = _contest(
        dice, me, me.ficha.fuerza * 5, "Fuerza x5", holder, holder.ficha.fuerza * 5, "Fuerza x5"
    )
    events.append(ev)
    if e.gana_activo:
        combate = _leave_mele(combate, cid, holder_id)
        c = combate.combatiente(cid)
        combate = combate.with_cond(cid, replace(c.cond, inmovilizado_por=None))
        events.append(Estado(f"{cid} se libera de {holder_id}.", cid, "liberado"))
    return combate, events


def zafarse(combate: Combate, dice: DiceSource, cid: str, indice: int) -> Result:
    """«tendremos que hacer una tirada de Pelea: si tiene éxito, conseguiremos separarnos …
    para abandonar la melé»."""
    me = _own_action(combate, cid, indice, Accion.ZAFARSE)
    if not me.cond.mele_con:
        raise UmbralError(f"{cid} no está en melé.")
    if me.cond.inmovilizado_por is not None:
        raise UmbralError("Quien está inmovilizado solo escapa con Liberarse.")
    combate, events = actuar(combate, cid, indice)
    value = me.ficha.competencia(PELEA)
    roll = percentile_against(dice, value)
    events.append(
        TiradaHecha(
            f"{cid}: Zafarse, Pelea {value}%, saca {roll.roll} ({roll.label}).",
            cid,
            "zafarse",
            porcentaje(PELEA, value),
            roll,
        )
    )
    if roll.hits:
        for other in me.cond.mele_con:
            combate = _leave_mele(combate, cid, other)
        events.append(Estado(f"{cid} sale de la melé.", cid, "fuera_de_mele"))
    return combate, events


def _leave_mele(combate: Combate, a: str, b: str) -> Combate:
    for x, y in ((a, b), (b, a)):
        c = combate.combatiente(x)
        combate = combate.with_cond(
            x, replace(c.cond, mele_con=tuple(o for o in c.cond.mele_con if o != y))
        )
    return combate

"""El Daño: weapon dice + bonus, Fuerza mínima, the manoeuvres' multipliers, hit location,
armour's Protección and Resistencia, and criticals.

Order of the steps ([D] where the seed does not give it): the dice and the bonus (their
maximum on a critical) → −1 PD per point below the Fuerza mínima → the manoeuvre's
multiplier (Carga ×1,5 up, Carga a Caballo ×2 «Luego … se le restará la armadura y se tirará
por la localización», Ataque Preciso ÷2 down) → the armour's Protección («ese valor se
restará a la cantidad de PD sufridos, y el resultado … se deberá multiplicar o dividir por
dos según la localización») → the location (head ×2, limbs ÷2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum

from ..dice import DiceSource
from ..errors import UmbralError
from .estado import Combate, Condicion
from .eventos import DanioHecho, Evento, ResistenciaPerdida
from .fichas import Arma, Armadura, Ficha
from .modificadores import (
    ALANCEAR_DANIO,
    ATURDIR_DANIO,
    CABEZA_MULT,
    CARGA_CABALLO_DANIO,
    CARGA_DANIO,
    EXTREMIDAD_DIVISOR,
    FUERZA_MINIMA_PD,
    PRECISO_DIVISOR,
)
from .tablas import Lado, Localizacion, Tablas, Zona
from .tiradas import DamageRoll, DiceExpr

#: [D] Where a blow goes that the seed sends to a fixed place: Aturdir's «el ataque se
#: produce directamente sobre la cabeza», a bare-hand parry's «recaerá directamente en uno
#: de los brazos». Only their zone matters to the damage.
CABEZA = Localizacion("cabeza", Zona.CABEZA)
BRAZO = Localizacion("brazo", Zona.EXTREMIDAD)


class Efecto(Enum):
    NORMAL = "normal"
    CARGA = "carga"
    CARGA_CABALLO = "carga_caballo"
    PRECISO = "preciso"
    ALANCEAR = "alancear"  # «el total del PD que recibirá la montura»: no location
    ATURDIR = "aturdir"  # ×2, on the head, compared with Resistencia (not PV)


@dataclass(frozen=True)
class Impacto:
    """What the target's body and armour make of a blow."""

    localizacion: Localizacion | None
    dado: tuple[int, int] | None  # (sides, face) of the location die
    al_caballo: bool = False
    cubierto: bool = False  # a protected location: the shield or the cover takes it


@dataclass(frozen=True)
class Danio:
    """A computed blow. ``pd``: what the target's PV lose (or, for Aturdir, what is compared
    with its Resistencia); ``resistencia_perdida``: what a critical takes off the armour."""

    tirada: DamageRoll
    bonus: DamageRoll | None
    pasos: tuple[tuple[str, int], ...]
    impacto: Impacto
    pd: int
    critico: bool
    resistencia_perdida: int = 0


def damage_bonus(ficha: Ficha, arma: Arma, tablas: Tablas, aumentos: int = 0) -> DiceExpr:
    """«localiza el valor de la característica base del arma … en la siguiente tabla»."""
    value = ficha.caracteristica(arma.bonus_characteristic)
    return tablas.bonus_table().bonus(value, aumentos)


def roll_location(
    dice: DiceSource,
    tablas: Tablas,
    *,
    atacante_montado: bool,
    jinete_lejos: Lado | None = None,
    protegidas: frozenset[str] = frozenset(),
) -> Impacto:
    """1D10 on the table; 1D5 from horseback. ``jinete_lejos``: the target rides and the
    attacker is on foot; this is the side of its far leg («el ataque lo recibirá
    directamente el caballo»)."""
    table = tablas.location_table()
    sides = 5 if atacante_montado else 10
    face = dice.roll(sides)
    loc = table.lookup(face)
    horse = jinete_lejos is not None and loc.pierna and loc.lado is jinete_lejos
    return Impacto(loc, (sides, face), horse, loc.nombre in protegidas and not horse)


def calcular(
    atacante: Ficha,
    arma: Arma | None,
    dice: DiceSource,
    tablas: Tablas,
    *,
    impacto: Impacto,
    armadura: Armadura | None,
    armadura_resistencia: int | None,
    critico: bool = False,
    efecto: Efecto = Efecto.NORMAL,
    aumentos: int = 0,
    danio: DiceExpr | None = None,
    bonus_de: str | None = None,
) -> Danio:
    """The blow's PD. ``danio`` replaces the weapon's dice (Ataque de Escudo, the pommel);
    ``bonus_de`` names the characteristic of its bonus («el bonificador de daño por
    Fuerza»). A critical: «haremos el máximo daño posible … y no tendremos en cuenta la
    armadura … aunque le restaremos a la armadura tantos puntos de Resistencia como PD»."""
    dice_expr = danio if danio is not None else (arma.danio if arma is not None else None)
    if dice_expr is None:
        raise UmbralError("Falta el daño del arma.")
    roll = DamageRoll.at_maximum(dice_expr) if critico else dice_expr.roll(dice)
    if bonus_de is not None:
        bonus_expr: DiceExpr | None = tablas.bonus_table().bonus(
            atacante.caracteristica(bonus_de), aumentos
        )
    elif arma is not None:
        bonus_expr = damage_bonus(atacante, arma, tablas, aumentos)
    else:
        bonus_expr = None
    bonus = None
    if bonus_expr is not None and bonus_expr.terms:
        bonus = DamageRoll.at_maximum(bonus_expr) if critico else bonus_expr.roll(dice)
    steps: list[tuple[str, int]] = [(f"Daño {dice_expr}", roll.total)]
    pd = roll.total
    if bonus is not None:
        pd += bonus.total
        steps.append((f"Bonificador {bonus_expr}", bonus.total))
    if arma is not None and danio is None:
        below = max(0, arma.fuerza_minima - atacante.fuerza)
        if below:
            pd -= below * FUERZA_MINIMA_PD
            steps.append(("Bajo la Fuerza mínima", -below * FUERZA_MINIMA_PD))
    pd = max(0, pd)
    pd = _multiply(pd, efecto, steps)
    lost = 0
    if efecto is Efecto.ALANCEAR or impacto.cubierto:
        # Alancear: all to the mount. Covered: the shield or the cover takes these PD.
        return Danio(roll, bonus, tuple(steps), impacto, pd, critico)
    if critico:
        if armadura is not None:
            lost = min(pd, armadura_resistencia or 0)
            steps.append(("Crítico: ignora la armadura", 0))
    elif armadura is not None and not impacto.al_caballo:
        protection = armadura.proteccion if (armadura_resistencia or 0) > 0 else 0
        after = max(0, pd - protection)
        steps.append((f"Protección de {armadura.nombre}", after - pd))
        pd = after
    loc = impacto.localizacion
    if loc is not None and not impacto.al_caballo:
        if loc.zona is Zona.CABEZA and efecto is not Efecto.ATURDIR:
            steps.append(("Cabeza ×2", pd))
            pd *= CABEZA_MULT
        elif loc.zona is Zona.EXTREMIDAD:
            half = pd // EXTREMIDAD_DIVISOR
            steps.append(("Extremidad ÷2", half - pd))
            pd = half
    return Danio(roll, bonus, tuple(steps), impacto, pd, critico, lost)


def _multiply(pd: int, efecto: Efecto, steps: list[tuple[str, int]]) -> int:
    if efecto is Efecto.CARGA:
        new = math.ceil(pd * CARGA_DANIO)
        steps.append(("Carga ×1,5", new - pd))
    elif efecto in (Efecto.CARGA_CABALLO, Efecto.ALANCEAR, Efecto.ATURDIR):
        factor = {
            Efecto.CARGA_CABALLO: CARGA_CABALLO_DANIO,
            Efecto.ALANCEAR: ALANCEAR_DANIO,
            Efecto.ATURDIR: ATURDIR_DANIO,
        }[efecto]
        new = pd * factor
        steps.append((f"{efecto.value.replace('_', ' ').capitalize()} ×{factor}", new - pd))
    elif efecto is Efecto.PRECISO:
        new = pd // PRECISO_DIVISOR
        steps.append(("Ataque Preciso ÷2", new - pd))
    else:
        return pd
    return new


def aplicar(combate: Combate, objetivo_id: str, danio: Danio) -> tuple[Combate, list[Evento]]:
    """Take the PD off the target's PV and the critical's points off its armour's
    Resistencia. A blow to a rider's far leg goes to the horse: reported, no PV lost."""
    target = combate.combatiente(objetivo_id)
    cond: Condicion = target.cond
    events: list[Evento] = []
    horse = danio.impacto.al_caballo
    before = cond.pv
    after = before if horse or danio.impacto.cubierto else before - danio.pd
    where = danio.impacto.localizacion
    text = f"{objetivo_id}: {danio.pd} PD"
    if where is not None:
        text += f" en {where.nombre}"
    if horse:
        text = f"El caballo de {objetivo_id} recibe {danio.pd} PD"
    elif danio.impacto.cubierto:
        text = (
            f"{objetivo_id}: el golpe da en lo que cubre su {where.nombre if where else 'cuerpo'}"
        )
    events.append(
        DanioHecho(
            f"{text} (PV {before} → {after}).",
            objetivo_id,
            danio.tirada,
            danio.bonus,
            where,
            danio.impacto.dado,
            danio.pasos,
            danio.pd,
            before,
            after,
            horse,
        )
    )
    cond = replace(cond, pv=after)
    if danio.resistencia_perdida and cond.armadura_resistencia is not None:
        armour = target.ficha.armadura
        name = armour.nombre if armour is not None else "armadura"
        new = cond.armadura_resistencia - danio.resistencia_perdida
        events.append(
            ResistenciaPerdida(
                f"{name} de {objetivo_id}: Resistencia {cond.armadura_resistencia} → {new}.",
                objetivo_id,
                name,
                cond.armadura_resistencia,
                new,
            )
        )
        cond = replace(cond, armadura_resistencia=new)
    return combate.with_cond(objetivo_id, cond), events


def desgastar_escudo(
    combate: Combate, objetivo_id: str, puntos: int
) -> tuple[Combate, list[Evento]]:
    """A shield loses Resistencia; «sólo se romperá cuando su Resistencia se vea reducida
    a 0»."""
    target = combate.combatiente(objetivo_id)
    shield = target.ficha.escudo
    if shield is None or target.cond.escudo_resistencia is None:
        raise UmbralError(f"{objetivo_id} no lleva escudo.")
    before = target.cond.escudo_resistencia
    after = max(0, before - puntos)
    broken = after == 0
    text = f"{shield.nombre} de {objetivo_id}: Resistencia {before} → {after}"
    event = ResistenciaPerdida(
        text + (", roto." if broken else "."), objetivo_id, shield.nombre, before, after, broken
    )
    return combate.with_cond(objetivo_id, con_escudo(target.cond, after)), [event]


def con_escudo(cond: Condicion, resistencia: int) -> Condicion:
    """The shield's Resistencia set to ``resistencia``. At 0 it is broken («sólo se romperá
    cuando su Resistencia se vea reducida a 0»), and the Guardia Completa, which «requiere
    el uso de un escudo», ends."""
    cond = replace(cond, escudo_resistencia=resistencia)
    return replace(cond, guardia_completa=False) if resistencia == 0 else cond

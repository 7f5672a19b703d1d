"""Attacks and damage: «un ataque (Combate cuerpo a cuerpo o Puntería) contra la defensa en
combate del rival»; damage = weapon × degrees − Protección, taken from Salud or absorbed by
wounds as the defender chooses; criticals and fumbles rolled and read on the GM's tables."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..errors import UmbralError
from .checks import DestinoTirada, Tirada, sumar_d6
from .combat import settle, spend_action, with_salud
from .combat_state import Combat, PendingHit, TipoAccion
from .common import Termino
from .constants import FACTOR_CRITICO, PIFIA_DADOS, PIFIA_SUMA
from .events import AttackResolved, DamagePending, DamageTaken, Event, TableRolled
from .fighting import fighter_test, require_active, require_open
from .tables import TablaNumerada, TipoTabla, read


@dataclass(frozen=True)
class Ataque:
    """An attack with a weapon of the sheet. ``tamano``: whether it is a major or a minor
    action (the seed's action table is not printed: who attacks says). ``modificadores``:
    points the GM adds (cover, the battlefield's qualities)."""

    atacante: str
    defensor: str
    arma: str
    tamano: TipoAccion = TipoAccion.MAYOR
    modificadores: tuple[Termino, ...] = ()
    bonificacion: tuple[Termino, ...] = ()
    destino: tuple[DestinoTirada, ...] = ()


@dataclass(frozen=True)
class Tablas:
    """The GM's loaded tables, if any."""

    criticos: TablaNumerada | None = None
    pifias: TablaNumerada | None = None


def attack(
    state: Combat, choice: Ataque, dice: DiceSource, tablas: Tablas = Tablas()
) -> tuple[Combat, list[Event]]:
    require_open(state)
    attacker, defender = state.fighter(choice.atacante), state.fighter(choice.defensor)
    require_active(defender)
    if attacker.bando == defender.bando:
        raise UmbralError(
            f"{defender.sheet.nombre} es del mismo bando que {attacker.sheet.nombre}."
        )
    weapon = attacker.sheet.arma(choice.arma)
    state = spend_action(state, attacker.id, choice.tamano)
    attacker = state.fighter(attacker.id)
    defensa = defender.sheet.defensa_combate(ignorar_armadura=defender.sin_armadura(state.asalto))
    surprise = (Termino("Ataque sorpresa", 1),) if attacker.sorpresa and state.asalto == 1 else ()
    tirada, attacker, rolled = fighter_test(
        state, attacker, habilidad=weapon.habilidad, especialidad=weapon.especialidad,
        dificultad=defensa, dice=dice, proposito="ataque", puntos=choice.modificadores,
        dados=surprise, bonificacion=choice.bonificacion, destino=choice.destino,
    )  # fmt: skip
    state = state.put(attacker)
    proteccion = defender.sheet.proteccion
    raw = weapon.dano * tirada.grados
    dano = max(0, raw - proteccion)
    a, d = attacker.sheet.nombre, defender.sheet.nombre
    if tirada.exito:
        said = (
            f"{a} alcanza a {d} con {weapon.nombre}: {weapon.dano} × {tirada.grados} grado"
            f"{'s' if tirada.grados != 1 else ''} = {raw} − Protección {proteccion} = {dano} "
            f"de daño."
        )
    else:
        said = f"{a} falla contra la Defensa en combate {defensa} de {d}."
    events: list[Event] = [
        rolled,
        AttackResolved(said, attacker.id, defender.id, weapon.nombre, defensa,
                       tirada.grados, weapon.dano, proteccion, dano),
    ]  # fmt: skip
    events += _critical_or_fumble(tirada, defensa, attacker.id, a, dice, tablas)
    if dano > 0:
        state = replace(state, pendiente=PendingHit(attacker.id, defender.id, dano))
        events.append(
            DamagePending(
                f"{d} recibe {dano} de daño: de su Salud ({defender.salud}) o con heridas.",
                defender.id,
                dano,
            )
        )
    return state, events


def _critical_or_fumble(
    tirada: Tirada, defensa: int, who: str, name: str, dice: DiceSource, tablas: Tablas
) -> list[Event]:
    """«duplique la defensa del rival y tenga al menos un 6»: 1d6 + sixes; «se falle por
    una diferencia de cinco o más»: 2d6 + 2 − the attack's rank."""
    if tirada.total >= FACTOR_CRITICO * defensa and tirada.seises:
        faces = sumar_d6(dice, 1)
        number = faces[0] + tirada.seises
        lectura = read(TipoTabla.CRITICOS, number, tablas.criticos)
        said = (
            f"¡Crítico de {name}! 1d6 ({faces[0]}) + {tirada.seises} seis"
            f"{'es' if tirada.seises != 1 else ''} = {number}: {lectura.texto()}."
        )
        return [TableRolled(said, who, faces, tirada.seises, lectura)]
    if tirada.fallo_critico:
        faces = sumar_d6(dice, PIFIA_DADOS)
        rank = tirada.prueba.rango
        number = sum(faces) + PIFIA_SUMA - rank
        lectura = read(TipoTabla.PIFIAS, number, tablas.pifias)
        shown = " + ".join(str(f) for f in faces)
        said = f"¡Pifia de {name}! 2d6 ({shown}) + 2 − {rank} = {number}: {lectura.texto()}."
        return [TableRolled(said, who, faces, PIFIA_SUMA - rank, lectura)]
    return []


@dataclass(frozen=True)
class Absorcion:
    """How the defender takes the pending hit: ``leves`` light wounds (each takes off as
    much damage as its Constitución, −1 to every test), or ``grave`` (the whole hit, −1D),
    the rest from Salud. Neither: all from Salud."""

    defensor: str
    leves: int = 0
    grave: bool = False


def take_damage(state: Combat, choice: Absorcion) -> tuple[Combat, list[Event]]:
    """[D] a hit may take several light wounds, each one needed (a wound that would absorb
    nothing is refused); a grave wound takes the whole hit, so it goes alone."""
    pending = state.pendiente
    if pending is None:
        raise UmbralError("No hay ningún daño pendiente de recibir.")
    if choice.defensor != pending.defensor:
        raise UmbralError(
            f"El daño pendiente es de {state.fighter(pending.defensor).sheet.nombre}."
        )
    f = state.fighter(pending.defensor)
    con, dano = f.constitucion, pending.dano
    if choice.leves < 0:
        raise UmbralError("Las heridas leves no pueden ser negativas.")
    if choice.grave and choice.leves:
        raise UmbralError("Una herida grave ya absorbe todo el impacto: no hacen falta leves.")
    if choice.grave and f.heridas_graves >= con:
        raise UmbralError(
            f"{f.sheet.nombre} ya tiene {f.heridas_graves} heridas graves, tantas como su "
            f"Constitución."
        )
    if f.heridas_leves + choice.leves > con:
        raise UmbralError(
            f"{f.sheet.nombre} solo puede acumular {con} heridas leves (tiene {f.heridas_leves})."
        )
    if choice.leves and (choice.leves - 1) * con >= dano:
        raise UmbralError(
            f"Con {choice.leves - 1} herida{'s' if choice.leves != 2 else ''} leve"
            f"{'s' if choice.leves != 2 else ''} ya se absorbe todo el daño ({dano})."
        )
    absorbed = dano if choice.grave else min(dano, choice.leves * con)
    before = f.salud
    salud = max(0, before - (dano - absorbed))
    f = replace(
        f,
        heridas_leves=f.heridas_leves + choice.leves,
        heridas_graves=f.heridas_graves + (1 if choice.grave else 0),
    )
    f, out = with_salud(f, salud)
    how = (
        "una herida grave"
        if choice.grave
        else f"{choice.leves} herida{'s' if choice.leves != 1 else ''} leve"
        f"{'s' if choice.leves != 1 else ''}"
        if choice.leves
        else "su Salud"
    )
    said = f"{f.sheet.nombre} recibe {dano} de daño con {how}: Salud {before} → {salud}."
    events: list[Event] = [
        DamageTaken(said, f.id, dano, choice.leves, choice.grave, absorbed, before, salud),
        *out,
    ]
    state = replace(state, pendiente=None)
    return settle(state.put(f), events)

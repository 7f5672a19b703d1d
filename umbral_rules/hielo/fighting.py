"""What every combat operation shares: refusing when it can't be done, and a combatant's
test with its wounds, fatigue, armour and destiny applied term by term."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..dice import DiceSource
from ..errors import UmbralError
from . import checks
from .checks import DestinoTirada, Prueba, Tirada
from .combat_state import Combat, Fase, Fighter
from .common import Termino
from .destiny import check_points
from .events import CheckRolled, Event


def require_open(state: Combat) -> None:
    if state.fase is Fase.TERMINADO:
        raise UmbralError("El combate ha terminado.")
    if state.pendiente is not None:
        p = state.pendiente
        who = state.fighter(p.defensor).sheet.nombre
        raise UmbralError(
            f"Primero {who} decide cómo recibe {p.dano} de daño (Salud, heridas leves o una "
            f"herida grave)."
        )


def require_active(f: Fighter) -> None:
    if not f.active:
        raise UmbralError(f"{f.sheet.nombre} ya está fuera del combate ({f.status.value}).")


def require_turn(state: Combat, fighter_id: str) -> Fighter:
    f = state.fighter(fighter_id)
    require_active(f)
    if state.current != fighter_id:
        now = state.current
        whose = (
            f"es el turno de {state.fighter(now).sheet.nombre}"
            if now
            else "no es el turno de nadie"
        )
        raise UmbralError(f"No es el turno de {f.sheet.nombre}: {whose}.")
    return f


def armour_term(f: Fighter, asalto: int) -> tuple[Termino, ...]:
    pen = f.sheet.penalizacion_armadura
    if not pen or f.sin_armadura(asalto):
        return ()
    return (Termino("Penalización de armadura", -pen),)


def fighter_test(
    state: Combat,
    f: Fighter,
    *,
    habilidad: str,
    especialidad: str | None,
    dificultad: int | None,
    dice: DiceSource,
    proposito: str,
    armadura: bool = False,
    puntos: tuple[Termino, ...] = (),
    dados: tuple[Termino, ...] = (),
    bonificacion: tuple[Termino, ...] = (),
    destino: tuple[DestinoTirada, ...] = (),
) -> tuple[Tirada, Fighter, CheckRolled]:
    """Roll a test for ``f`` from its sheet and condition. The −1D an adversary imposed is
    used up, the destiny points spent; returns the combatant as it is afterwards."""
    check_points(f.sheet.nombre, f.destino, len(destino))
    cond_points, cond_dice = f.penalties()
    b = f.sheet.dados_bonificacion(habilidad, especialidad)
    sources = ((Termino(especialidad or "", b),) if b else ()) + bonificacion
    prueba = Prueba(
        habilidad=habilidad,
        rango=f.sheet.rango(habilidad),
        especialidad=especialidad,
        bonificacion=sources,
        dados=dados + cond_dice,
        modificadores=puntos + cond_points + (armour_term(f, state.asalto) if armadura else ()),
        destino=destino,
        dificultad=dificultad,
    )
    tirada = checks.roll(dice, prueba)
    after = replace(f, destino=f.destino - len(destino), menos_d=0)
    event = CheckRolled(f"{f.sheet.nombre} — {tirada.resumen()}", f.id, proposito, tirada)
    return tirada, after, event


@dataclass(frozen=True)
class PruebaLibre:
    """Any other test of a combatant (Brío to climb, Percepción…), with its wounds and
    fatigue. ``dificultad``, or ``contra`` + ``pasiva``: another's passive value of that
    ability and specialty; ``armadura``: the GM says the armour's penalty applies."""

    quien: str
    habilidad: str
    especialidad: str | None = None
    dificultad: int | None = None
    contra: str | None = None
    pasiva: tuple[str, str | None] | None = None
    modificadores: tuple[Termino, ...] = ()
    armadura: bool = False
    destino: tuple[DestinoTirada, ...] = ()


def free_test(state: Combat, choice: PruebaLibre, dice: DiceSource) -> tuple[Combat, list[Event]]:
    """A test outside an attack; it spends no action (the GM says if it is one)."""
    require_open(state)
    f = state.fighter(choice.quien)
    require_active(f)
    dificultad = choice.dificultad
    if choice.contra is not None:
        if choice.pasiva is None or dificultad is not None:
            raise UmbralError("Contra otro personaje, di la habilidad pasiva y no una dificultad.")
        habilidad, especialidad = choice.pasiva
        dificultad = state.fighter(choice.contra).sheet.pasivo(habilidad, especialidad)
    _, f, event = fighter_test(
        state, f, habilidad=choice.habilidad, especialidad=choice.especialidad,
        dificultad=dificultad, dice=dice, proposito="prueba", armadura=choice.armadura,
        puntos=choice.modificadores, destino=choice.destino,
    )  # fmt: skip
    return state.put(f), [event]

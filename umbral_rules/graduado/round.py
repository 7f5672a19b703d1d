"""The round: everyone declares; it closes when every hero still fighting has declared or
when its window closes; the heroes act first, then the blows the enemies announced the round
before land — «un enemigo que matas, lanzas o bloqueas no llega a dar su golpe».
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..dice import DiceSource
from ..errors import UmbralError
from ..text import name_key
from .care import deed, heal
from .chance import Grados
from .choices import Anuncio, Ataque, Curar, Declaracion, Hazana, Interponerse, Medio
from .damage import Intencion
from .events import (
    Anunciado,
    CombateTermina,
    Declarado,
    Event,
    Interpuesto,
    RondaCerrada,
)
from .impulso import decay
from .resolve import RoundWork, change_impulso, enemy_blow, hero_attack
from .sheets import Bando, Ficha, Via
from .state import CombateState, Combatiente, Final
from .tables import IMPULSO_COORDINADO, IMPULSO_CREATIVO

FINAL_LABELS = {
    Final.VICTORIA: "victoria",
    Final.DERROTA: "derrota",
    Final.HUIDA: "huida",
}


def require_open(state: CombateState) -> None:
    if state.final is not None:
        raise UmbralError(f"Este combate ya terminó ({FINAL_LABELS[state.final]}).")


def add(state: CombateState, ficha: Ficha, bando: Bando) -> list[Event]:
    require_open(state)
    key = name_key(ficha.nombre)
    if any(c.id == key for c in state.combatientes):
        raise UmbralError(f"Ya hay alguien llamado «{ficha.nombre}» en este combate.")
    state.combatientes.append(Combatiente(key, ficha, bando))
    return [Event(f"{ficha.nombre} entra en el combate con {bando.label}.")]


def _standing(state: CombateState, name: str, bando: Bando, what: str) -> Combatiente:
    c = state.find(name)
    if c.bando is not bando:
        raise UmbralError(f"{c.nombre} no es de {bando.label}: no puede {what}.")
    if c.fuera:
        raise UmbralError(f"{c.nombre} está fuera del combate: no puede {what}.")
    return c


def remove(state: CombateState, nombre: str) -> list[Event]:
    """The GM takes someone out of the fight: their declaration, the declarations aimed at
    them (those heroes declare again) and every announced blow by or at them go with them."""
    require_open(state)
    c = state.find(nombre)
    state.combatientes = [x for x in state.combatientes if x.id != c.id]
    state.declaraciones = {
        k: d
        for k, d in state.declaraciones.items()
        if k != c.id
        and name_key(getattr(d.accion, "objetivo", getattr(d.accion, "aliado", ""))) != c.id
    }
    state.anunciados = [a for a in state.anunciados if c.id not in (a.atacante, a.objetivo)]
    state.proximos = [a for a in state.proximos if c.id not in (a.atacante, a.objetivo)]
    return [Event(f"{c.nombre} sale del combate.")]


def declare(state: CombateState, nombre: str, declaracion: Declaracion) -> list[Event]:
    """A hero declares (again, if they change their mind before the round closes)."""
    require_open(state)
    hero = _standing(state, nombre, Bando.HEROES, "declarar")
    accion = declaracion.accion
    if isinstance(accion, Ataque):
        _standing(state, accion.objetivo, Bando.ENEMIGOS, "ser atacado")
        hero.ficha.reserva(accion.via)
    elif isinstance(accion, Interponerse):
        ally = _standing(state, accion.aliado, Bando.HEROES, "ser protegido")
        if ally.id == hero.id:
            raise UmbralError("No puedes ponerte delante de ti mismo.")
    elif isinstance(accion, Curar):
        ally = state.find(accion.aliado)
        if ally.bando is not Bando.HEROES:
            raise UmbralError(f"{ally.nombre} no es de los héroes: no puedes curarlo aquí.")
        if accion.medio is Medio.MAGIA:
            hero.ficha.reserva(Via.MAGIA)
    elif isinstance(accion, Hazana):
        hero.ficha.reserva(accion.via)
    state.declaraciones[hero.id] = declaracion
    missing = [c.nombre for c in state.pendientes]
    tail = "todos han declarado." if not missing else "faltan: " + ", ".join(missing) + "."
    return [Declarado(f"{hero.nombre} declara; {tail}", hero.id, declaracion)]


def announce(
    state: CombateState,
    atacante: str,
    objetivo: str,
    grados: Grados | None = None,
    *,
    via: Via = Via.FUERZA,
    esfuerzo: int = 0,
    intencion: Intencion = Intencion.GOLPEAR,
    inbloqueable: bool = False,
) -> list[Event]:
    """An enemy declares its attack a turn ahead: it lands when the next round closes."""
    require_open(state)
    enemy = _standing(state, atacante, Bando.ENEMIGOS, "atacar")
    target = _standing(state, objetivo, Bando.HEROES, "ser atacado")
    enemy.ficha.reserva(via)
    anuncio = Anuncio(
        state.next_id,
        state.ronda,
        enemy.id,
        target.id,
        grados or Grados(),
        via,
        esfuerzo,
        intencion,
        inbloqueable,
    )
    state.next_id += 1
    state.proximos.append(anuncio)
    note = " (no se puede esquivar ni bloquear)" if inbloqueable else ""
    return [
        Anunciado(
            f"{enemy.nombre} se prepara contra {target.nombre}{note}: cae al cerrar la próxima "
            "ronda.",
            anuncio,
        )
    ]


def close_round(state: CombateState, dice: DiceSource, *, por_ventana: bool) -> list[Event]:
    """Close the round: by its window (whoever has not declared does nothing and meets the
    blows with a standard defence) or because every hero still fighting has declared."""
    require_open(state)
    missing = tuple(c.nombre for c in state.pendientes)
    if missing and not por_ventana:
        raise UmbralError(
            "La ronda no puede cerrarse aún: faltan por declarar " + ", ".join(missing) + "."
        )
    work = RoundWork()
    events: list[Event] = []
    for hero in list(state.side(Bando.HEROES)):
        declared = state.declaraciones.get(hero.id)
        if declared is None or hero.fuera:
            continue
        events += _hero_turn(state, dice, hero, declared, work)
    if work.coordinated:
        events += change_impulso(state, Bando.HEROES, IMPULSO_COORDINADO, "juego coordinado")
    for anuncio in list(state.anunciados):
        events += enemy_blow(state, dice, anuncio, work)
    for bando in Bando:
        events += change_impulso(
            state, bando, decay(state.impulso[bando]) - state.impulso[bando], "pasa el turno"
        )
    how = "se cierra su ventana" if por_ventana else "todos han declarado"
    events.append(
        RondaCerrada(f"Ronda {state.ronda} resuelta ({how}).", state.ronda, por_ventana, missing)
    )
    state.anunciados = [a for a in state.proximos if not state.find(a.atacante).fuera]
    state.proximos = []
    state.declaraciones = {}
    state.ronda += 1
    if not state.standing(Bando.ENEMIGOS):
        events += finish(state, Final.VICTORIA)
    elif not state.standing(Bando.HEROES):
        events += finish(state, Final.DERROTA)
    return events


def _hero_turn(
    state: CombateState,
    dice: DiceSource,
    hero: Combatiente,
    declared: Declaracion,
    work: RoundWork,
) -> list[Event]:
    events: list[Event] = []
    accion = declared.accion
    if isinstance(accion, Ataque):
        events += hero_attack(state, dice, hero, accion, work)
    elif isinstance(accion, Interponerse):
        ally = state.find(accion.aliado)
        work.guards[ally.id] = hero.id
        events.append(
            Interpuesto(
                f"{hero.nombre} se pone delante de {ally.nombre}: sus golpes van contra la "
                f"defensa de {hero.nombre}.",
                hero.id,
                ally.id,
            )
        )
    elif isinstance(accion, Curar):
        events += heal(state, hero, accion)
    elif isinstance(accion, Hazana):
        events += deed(state, hero, accion)
    if declared.creativo:
        events += change_impulso(state, Bando.HEROES, IMPULSO_CREATIVO, "juego creativo")
    return events


def finish(state: CombateState, final: Final) -> list[Event]:
    require_open(state)
    state.final = final
    return [CombateTermina(f"El combate termina: {FINAL_LABELS[final]}.", final.value)]


@dataclass(frozen=True)
class Escala:
    """How many enemies for a group: the GM's numbers, shown."""

    base: int
    grupo: int
    por_heroe: float

    @property
    def total(self) -> int:
        return self.base + math.ceil(self.por_heroe * max(0, self.grupo - 1))

    def line(self) -> str:
        return (
            f"{self.base} + {self.por_heroe:g} × ({self.grupo} héroes − 1) = {self.total} enemigos"
        )


def escalar_enemigos(base: int, grupo: int, por_heroe: float = 1.0) -> Escala:
    """«los números de los enemigos crecen con el tamaño del grupo»: [D] the GM's ``base``
    for one hero, plus ``por_heroe`` (the GM's too) for each hero more, rounded up."""
    if base < 1 or grupo < 1:
        raise UmbralError("Hace falta al menos un enemigo y al menos un héroe.")
    if por_heroe < 0:
        raise UmbralError("Los enemigos por héroe no pueden ser negativos.")
    return Escala(base, grupo, por_heroe)

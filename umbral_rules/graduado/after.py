"""After the fight: experience, coin and the loot card.

«Experiencia solo se paga por una victoria en la que cada enemigo está muerto. Irse o
perder no paga nada, y un combate muy por debajo de tu nivel tampoco paga nada. Los enemigos
más duros, las mejores tácticas y más riesgo pagan más.»
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from ..dice import DiceSource
from ..errors import UmbralError
from .ranks import ratio
from .sheets import Bando
from .state import CombateState, Combatiente, Final
from .tables import CIEN_VECES, OBJETOS_MAXIMO, TACTICAS_DIVISOR, XP_BASE


@dataclass(frozen=True)
class Experiencia:
    """One hero's experience, term by term (``razon`` when it pays nothing)."""

    heroe: str
    enemigos: float
    tacticas: float
    riesgo: float
    total: int
    razon: str = ""

    def line(self) -> str:
        if self.razon:
            return f"{self.heroe}: 0 de experiencia ({self.razon})."
        return (
            f"{self.heroe}: {self.enemigos:g} (enemigos) × {self.tacticas:g} (tácticas) × "
            f"{self.riesgo:g} (riesgo) = {self.total} de experiencia."
        )


def _mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def experiencia(state: CombateState) -> list[Experiencia]:
    """[D] Each hero: Σ over the enemies of 10 × 10^((enemy's power − hero's power) / 10),
    × (1 + mean Tácticas grade / 40) × (1 + mean Riesgo taken / 40) of the hero's attacks;
    0 unless the fight was won with every enemy dead, and 0 for a hero whose strongest enemy
    was twenty points (a hundred times) or more below them."""
    enemies = state.side(Bando.ENEMIGOS)
    heroes = state.side(Bando.HEROES)
    if state.final is not Final.VICTORIA or not enemies or not all(e.muerto for e in enemies):
        why = (
            {
                Final.HUIDA: "irse no paga nada",
                Final.DERROTA: "perder no paga nada",
            }.get(state.final)
            if state.final
            else None
        )
        why = why or "solo paga una victoria en la que cada enemigo está muerto"
        return [Experiencia(h.nombre, 0, 0, 0, 0, why) for h in heroes]
    return [_for_hero(h, enemies) for h in heroes]


def _for_hero(hero: Combatiente, enemies: list[Combatiente]) -> Experiencia:
    own = hero.ficha.poder
    strongest = max(e.ficha.poder for e in enemies)
    if strongest <= own - CIEN_VECES:
        return Experiencia(hero.nombre, 0, 0, 0, 0, "un combate muy por debajo de tu nivel")
    base = round(sum(XP_BASE * ratio(e.ficha.poder, own) for e in enemies), 3)
    tacticas = 1 + _mean([t.grado for t, _ in hero.historial]) / TACTICAS_DIVISOR
    riesgo = 1 + _mean([-r.grado for _, r in hero.historial]) / TACTICAS_DIVISOR
    total = math.floor(base * tacticas * riesgo + 0.5)
    return Experiencia(hero.nombre, base, round(tacticas, 3), round(riesgo, 3), total)


def repartir_monedas(total: int, heroes: Sequence[str]) -> dict[str, int]:
    """«la moneda se reparte»: evenly; [D] what does not divide goes one each to the first
    heroes in the order given."""
    if total < 0:
        raise UmbralError(f"Las monedas no pueden ser negativas ({total}).")
    if not heroes:
        raise UmbralError("Hace falta al menos un héroe para repartir las monedas.")
    share, rest = divmod(total, len(heroes))
    return {h: share + (1 if i < rest else 0) for i, h in enumerate(heroes)}


def tomar_objetos(objetos: Sequence[str]) -> tuple[str, ...]:
    """«de los caídos se pueden tomar hasta tres objetos»."""
    cleaned = tuple(o.strip() for o in objetos)
    if any(not o for o in cleaned):
        raise UmbralError("Un objeto necesita un nombre.")
    if len(cleaned) > OBJETOS_MAXIMO:
        raise UmbralError(
            f"De los caídos se pueden tomar hasta {OBJETOS_MAXIMO} objetos "
            f"(se pidieron {len(cleaned)})."
        )
    return cleaned


class Eleccion(Enum):
    QUIERO = "quiero"
    PASO = "paso"


@dataclass(frozen=True)
class Reparto:
    """Who gets one item: the rolls among several «Quiero» (each round of ties), shown."""

    objeto: str
    quieren: tuple[str, ...]
    tiradas: tuple[tuple[tuple[str, int], ...], ...]
    para: str | None

    def line(self) -> str:
        if self.para is None:
            return f"{self.objeto}: nadie lo quiere."
        if not self.tiradas:
            return f"{self.objeto}: para {self.para} (nadie más lo quiere)."
        rolls = " · ".join(", ".join(f"{who} {roll}" for who, roll in rnd) for rnd in self.tiradas)
        return f"{self.objeto}: d100 {rolls} → para {self.para}."


def repartir_botin(
    dice: DiceSource,
    objetos: Sequence[str],
    elecciones: Mapping[str, Mapping[str, Eleccion]],
    jugadores: Sequence[str],
) -> list[Reparto]:
    """The loot card: for each item, who pressed «Quiero» (``elecciones[objeto][jugador]``;
    not pressed is «Paso»). One «Quiero» takes it; [D] among several each rolls a d100 in the
    order of ``jugadores``, the highest takes it, and the tied roll again."""
    items = tomar_objetos(objetos)
    unknown = [o for o in elecciones if o not in items]
    if unknown:
        raise UmbralError(f"«{unknown[0]}» no está en la carta de botín.")
    for choices in elecciones.values():
        strangers = [j for j in choices if j not in jugadores]
        if strangers:
            raise UmbralError(f"{strangers[0]} no jugó este combate: no puede pedir botín.")
    result = []
    for item in items:
        choices = elecciones.get(item, {})
        want = tuple(j for j in jugadores if choices.get(j) is Eleccion.QUIERO)
        rounds: list[tuple[tuple[str, int], ...]] = []
        alive = list(want)
        while len(alive) > 1:
            rolled = tuple((j, dice.roll(100)) for j in alive)
            rounds.append(rolled)
            best = max(r for _, r in rolled)
            alive = [j for j, r in rolled if r == best]
        result.append(Reparto(item, want, tuple(rounds), alive[0] if alive else None))
    return result

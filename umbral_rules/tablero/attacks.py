"""Melee reach, ranged shots with line of fire and cover, and acoso on the board (§41)."""

from __future__ import annotations

from dataclasses import dataclass

from ..combat import opposed_acoso, shot_defensa
from ..errors import UmbralError
from ..rolls import Static
from ..sheets import Weapon
from ..tables import (
    LARGA_REACH,
    MELEE_REACH,
    POINT_BLANK_SQUARES,
    THROWN_BASE_SQUARES,
    THROWN_FACTOR,
    WEAPON_CLASS_LABELS,
    WEAPON_RANGE_SQUARES,
)
from .squares import Square
from .tablero import Figure, Tablero, figure_distance

A_BOCAJARRO = "A bocajarro"
ENEMIGO_ENCIMA = "Enemigo encima"
LARGA_PEGADO = "Arma Larga con el enemigo pegado"


def _pair(tablero: Tablero, attacker_id: str, target_id: str) -> tuple[Figure, Figure]:
    attacker, target = tablero.figure(attacker_id), tablero.figure(target_id)
    if attacker.id == target.id:
        raise UmbralError(f"{attacker.name} no puede atacarse a sí mismo.")
    if attacker.down:
        raise UmbralError(f"{attacker.name} ha caído y no puede atacar.")
    return attacker, target


# --- melee --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeleeCheck:
    attacker_id: str
    target_id: str
    distance: int
    reach: int
    desventajas: tuple[str, ...]
    reason: str | None

    @property
    def possible(self) -> bool:
        return self.reason is None


def check_melee(
    tablero: Tablero, attacker_id: str, target_id: str, *, larga: bool | None = None
) -> MeleeCheck:
    """Adjacent squares, diagonals too; a Larga weapon reaches 2, with desventaja while the
    target is adjacent. ``larga`` defaults to what the figure carries."""
    attacker, target = _pair(tablero, attacker_id, target_id)
    is_larga = attacker.larga if larga is None else larga
    reach = LARGA_REACH if is_larga else MELEE_REACH
    distance = figure_distance(attacker, target)
    reason = None
    if distance > reach:
        reason = (
            f"{target.name} está a {distance} casillas de {attacker.name}; su arma llega a {reach}."
        )
    desventajas = (LARGA_PEGADO,) if is_larga and distance <= 1 else ()
    return MeleeCheck(attacker.id, target.id, distance, reach, desventajas, reason)


def require_melee(
    tablero: Tablero, attacker_id: str, target_id: str, *, larga: bool | None = None
) -> MeleeCheck:
    check = check_melee(tablero, attacker_id, target_id, larga=larga)
    if check.reason:
        raise UmbralError(check.reason)
    return check


# --- line of fire -------------------------------------------------------------------------


def line_squares(a: Square, b: Square) -> tuple[Square, ...]:
    """Bresenham's line from ``a`` to ``b``, both included; the same squares either way."""
    if (b.col, b.row) < (a.col, a.row):
        return tuple(reversed(line_squares(b, a)))
    c0, r0 = a
    dc, dr = abs(b.col - c0), -abs(b.row - r0)
    sc = 1 if c0 < b.col else -1
    sr = 1 if r0 < b.row else -1
    err = dc + dr
    out = [Square(c0, r0)]
    while (c0, r0) != (b.col, b.row):
        e2 = 2 * err
        if e2 >= dr:
            err += dr
            c0 += sc
        if e2 <= dc:
            err += dc
            r0 += sr
        out.append(Square(c0, r0))
    return tuple(out)


@dataclass(frozen=True)
class LineOfFire:
    """The best line between any square of the shooter and any square of the target.

    ``blocked``: every line crosses a wall (no shot). ``cover``: the best line has something
    in the way (a cover square or another figure). ``obstacles`` names what is in the way.
    """

    squares: tuple[Square, ...]
    blocked: bool
    obstacles: tuple[str, ...]

    @property
    def cover(self) -> bool:
        return not self.blocked and bool(self.obstacles)


def line_of_fire(tablero: Tablero, shooter_id: str, target_id: str) -> LineOfFire:
    shooter, target = tablero.figure(shooter_id), tablero.figure(target_id)
    own = set(shooter.extent) | set(target.extent)
    takers = {
        s: [tablero.figure(i) for i in ids]
        for s, ids in tablero.occupancy().items()
        if s not in own
    }
    best: tuple[int, LineOfFire] | None = None
    for a in shooter.extent:
        for b in target.extent:
            between = tuple(s for s in line_squares(a, b) if s not in own)
            if any(s in tablero.walls for s in between):
                candidate = LineOfFire(between, True, ())
                score = 1 << 20
            else:
                obstacles: list[str] = []
                for s in between:
                    if s in tablero.cover:
                        obstacles.append(f"cobertura en {s.label}")
                    obstacles.extend(
                        f"{f.name} en {s.label}"
                        for f in takers.get(s, ())
                        if f.id not in (shooter.id, target.id) and not f.down
                    )
                candidate = LineOfFire(between, False, tuple(dict.fromkeys(obstacles)))
                score = len(candidate.obstacles)
            if best is None or score < best[0]:
                best = (score, candidate)
    assert best is not None  # every figure has at least one square
    return best[1]


# --- shots --------------------------------------------------------------------------------


def weapon_range(weapon: Weapon, vigor: int = 0, range_squares: int | None = None) -> int:
    """[D] Range in squares: the class's default (or the weapon's own ``range_squares``);
    Arrojadiza: (base + Vigor) doubled — the seed adds Vigor "antes de doblar"."""
    if range_squares is not None and range_squares < 1:
        raise UmbralError(f"El alcance de un arma es de al menos una casilla ({range_squares}).")
    if weapon.has("arrojadiza") and not weapon.is_ranged:
        base = THROWN_BASE_SQUARES if range_squares is None else range_squares
        return (base + max(0, vigor)) * THROWN_FACTOR
    if range_squares is not None:
        return range_squares
    if weapon.clase in WEAPON_RANGE_SQUARES:
        return WEAPON_RANGE_SQUARES[weapon.clase]
    label = WEAPON_CLASS_LABELS.get(weapon.clase, weapon.clase)
    raise UmbralError(
        f"{weapon.nombre} ({label}) no dispara ni es Arrojadiza: no tiene alcance a distancia."
    )


@dataclass(frozen=True)
class ShotCheck:
    shooter_id: str
    target_id: str
    distance: int
    range: int
    target_tamano: str
    line: LineOfFire
    ventajas: tuple[str, ...]
    desventajas: tuple[str, ...]
    reason: str | None

    @property
    def possible(self) -> bool:
        return self.reason is None

    @property
    def point_blank(self) -> bool:
        return A_BOCAJARRO in self.ventajas

    @property
    def cover(self) -> bool:
        return self.line.cover

    def defensa(self, static: Static) -> Static:
        """The target's static Defensa with size and cover (``shot_defensa``)."""
        return shot_defensa(static, self.target_tamano, self.cover)


def check_shot(
    tablero: Tablero,
    shooter_id: str,
    target_id: str,
    weapon: Weapon,
    *,
    vigor: int = 0,
    range_squares: int | None = None,
) -> ShotCheck:
    """Range, a bocajarro, line of fire and cover for a shot (or a throw).

    Ventaja a bocajarro (distance ≤ 2); [D] desventaja "Enemigo encima" when a standing enemy
    is adjacent to the shooter (the seed's "tener a alguien encima"); ventaja and desventaja
    cancel as usual when the dice are rolled. Feed the result to ``combat.shot`` with
    ``tamano=check.target_tamano`` and ``a_cubierto=check.cover``.
    """
    shooter, target = _pair(tablero, shooter_id, target_id)
    limit = weapon_range(weapon, vigor, range_squares)
    distance = figure_distance(shooter, target)
    line = line_of_fire(tablero, shooter.id, target.id)
    reason = None
    if distance > limit:
        reason = (
            f"{target.name} está a {distance} casillas y {weapon.nombre} llega a {limit}: "
            "no hay tiro."
        )
    elif line.blocked:
        reason = f"Un muro tapa a {target.name} por completo: no hay línea de tiro."
    ventajas = (A_BOCAJARRO,) if distance <= POINT_BLANK_SQUARES else ()
    on_top = any(
        figure_distance(shooter, f) <= 1 for f in tablero.enemies_of(shooter) if not f.down
    )
    desventajas = (ENEMIGO_ENCIMA,) if on_top else ()
    return ShotCheck(
        shooter.id, target.id, distance, limit, target.tamano, line, ventajas, desventajas, reason
    )


def require_shot(
    tablero: Tablero,
    shooter_id: str,
    target_id: str,
    weapon: Weapon,
    *,
    vigor: int = 0,
    range_squares: int | None = None,
) -> ShotCheck:
    check = check_shot(
        tablero, shooter_id, target_id, weapon, vigor=vigor, range_squares=range_squares
    )
    if check.reason:
        raise UmbralError(check.reason)
    return check


# --- acoso --------------------------------------------------------------------------------


@dataclass(frozen=True)
class AcosoCount:
    """Companions of the attacker that have the target in reach, and the +N they give."""

    companions: tuple[str, ...]
    target_tamano: str
    bonus: int


def acoso_on(tablero: Tablero, attacker_id: str, target_id: str) -> AcosoCount:
    """Opposed acoso counted on the board: the attacker's standing companions with the
    target in their reach, each +1 costing the target's size steps (``opposed_acoso``)."""
    attacker, target = _pair(tablero, attacker_id, target_id)
    companions = tuple(
        f.id
        for f in tablero.figures
        if f.id not in (attacker.id, target.id)
        and not f.down
        and not f.is_enemy_of(attacker)
        and f.is_enemy_of(target)
        and figure_distance(f, target) <= f.reach
    )
    return AcosoCount(companions, target.tamano, opposed_acoso(len(companions), target.tamano))

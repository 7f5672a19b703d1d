"""Solo Táctico: the grid (Libro VI §41–43). Pure: values in, values out.

A :class:`Tablero` holds the squares, the walls and cover the GM draws and the figures; every
change returns a new board. Movement, reach, shots, acoso, sweeps and areas are functions of a
board that return frozen results or raise :class:`~umbral_rules.errors.UmbralError`.
"""

from .areas import Area, Sweep, area, area_squares, figures_in, reach_squares, sweep
from .attacks import (
    A_BOCAJARRO,
    ENEMIGO_ENCIMA,
    LARGA_PEGADO,
    AcosoCount,
    LineOfFire,
    MeleeCheck,
    ShotCheck,
    acoso_on,
    check_melee,
    check_shot,
    line_of_fire,
    line_squares,
    require_melee,
    require_shot,
    weapon_range,
)
from .movement import LARGA, OPORTUNIDAD, Move, ReachEvent, movement_allowance, plan_move
from .squares import Square, column_label, labels, parse_square, parse_squares, rectangle
from .tablero import Figure, Tablero, distance_to_square, figure_distance, square_distance

__all__ = [
    "A_BOCAJARRO",
    "ENEMIGO_ENCIMA",
    "LARGA",
    "LARGA_PEGADO",
    "OPORTUNIDAD",
    "AcosoCount",
    "Area",
    "Figure",
    "LineOfFire",
    "MeleeCheck",
    "Move",
    "ReachEvent",
    "ShotCheck",
    "Square",
    "Sweep",
    "Tablero",
    "acoso_on",
    "area",
    "area_squares",
    "check_melee",
    "check_shot",
    "column_label",
    "distance_to_square",
    "figure_distance",
    "figures_in",
    "labels",
    "line_of_fire",
    "line_squares",
    "movement_allowance",
    "parse_square",
    "parse_squares",
    "plan_move",
    "reach_squares",
    "rectangle",
    "require_melee",
    "require_shot",
    "square_distance",
    "sweep",
    "weapon_range",
]

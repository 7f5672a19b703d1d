"""Impulso: «Tu bando comparte una puntuación de impulso … Se reduce en uno cada turno y pasa
directamente a la probabilidad de acierto de todos.»"""

from __future__ import annotations

from .bands import Calificacion
from .tables import IMPULSO_MAXIMO, IMPULSO_TURNO

#: [D] «Las buenas calificaciones la suben (un CRÍTICO, 3), las malas la bajan»; CONTRAGOLPE
#: is «el mayor golpe al impulso de tu bando».
POR_CALIFICACION = {
    Calificacion.CRITICO: 3,
    Calificacion.LIMPIO: 1,
    Calificacion.SOLIDO: 0,
    Calificacion.ROZADURA: 0,
    Calificacion.DESVIADO: -1,
    Calificacion.FALLO: -2,
    Calificacion.CONTRAGOLPE: -4,
}


def clamp(value: int) -> int:
    return max(-IMPULSO_MAXIMO, min(IMPULSO_MAXIMO, value))


def decay(value: int) -> int:
    """One turn passes: [D] «se reduce en uno» toward 0 (a bad streak fades too)."""
    if value > 0:
        return value - IMPULSO_TURNO
    if value < 0:
        return value + IMPULSO_TURNO
    return 0

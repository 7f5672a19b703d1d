"""Destiny points: «solo se permitirá el gasto de puntos de destino», with the seed's eleven
uses. Three change a roll as it is made (``checks.DestinoTirada``, given with the roll); the
others are spent here, applied where the rules can and recorded for the GM otherwise."""

from __future__ import annotations

from enum import Enum

from ..errors import UmbralError
from .checks import DestinoTirada


class UsoDestino(Enum):
    RECIBIR_B = "recibir_b"
    CONVERTIR_B = "convertir_b"
    ELIMINAR_MENOS_D = "eliminar_menos_d"
    IMPONER_MENOS_D = "imponer_menos_d"
    ACCION_MENOR = "accion_menor"
    IGNORAR_ARMADURA = "ignorar_armadura"
    ACTITUD = "actitud"
    CANCELAR = "cancelar"
    DETALLE = "detalle"
    ACTIVAR_CUALIDAD = "activar_cualidad"
    IGNORAR_CUALIDAD = "ignorar_cualidad"


#: The seed's words for each use.
TEXTO: dict[UsoDestino, str] = {
    UsoDestino.RECIBIR_B: "Recibir +1B",
    UsoDestino.CONVERTIR_B: "Convertir 1 dado de bonificación en 1 dado de habilidad",
    UsoDestino.ELIMINAR_MENOS_D: "Eliminar una penalización de -1D",
    UsoDestino.IMPONER_MENOS_D: "Imponer -1D a un adversario",
    UsoDestino.ACCION_MENOR: "Realizar una acción menor adicional",
    UsoDestino.IGNORAR_ARMADURA: "Ignorar la penalización por armadura durante 1 asalto",
    UsoDestino.ACTITUD: "Mejorar o empeorar la actitud de otro personaje en una categoría",
    UsoDestino.CANCELAR: "Cancelar los efectos del gasto de 1 punto de destino de otro personaje",
    UsoDestino.DETALLE: "Añadir un detalle menor a una escena",
    UsoDestino.ACTIVAR_CUALIDAD: "Activar una cualidad del entorno",
    UsoDestino.IGNORAR_CUALIDAD: "Ignorar una cualidad del entorno",
}

#: The uses spent with a roll.
AL_TIRAR = {
    UsoDestino.RECIBIR_B: DestinoTirada.RECIBIR_B,
    UsoDestino.CONVERTIR_B: DestinoTirada.CONVERTIR_B,
    UsoDestino.ELIMINAR_MENOS_D: DestinoTirada.ELIMINAR_MENOS_D,
}
#: The uses the rules only record (the GM applies them at the table).
REGISTRADOS = (
    UsoDestino.CANCELAR,
    UsoDestino.DETALLE,
    UsoDestino.ACTIVAR_CUALIDAD,
    UsoDestino.IGNORAR_CUALIDAD,
)


def check_points(quien: str, tiene: int, gasta: int) -> None:
    if gasta > tiene:
        raise UmbralError(
            f"{quien} no tiene puntos de destino suficientes: le quedan {tiene} y gasta {gasta}."
        )


def refuse_roll_use(uso: UsoDestino) -> None:
    if uso in AL_TIRAR:
        raise UmbralError(f"«{TEXTO[uso]}» se gasta al tirar: dilo en la tirada (opción destino).")


def needs_detail(uso: UsoDestino, detalle: str | None) -> None:
    if uso in REGISTRADOS and not (detalle and detalle.strip()):
        raise UmbralError(f"«{TEXTO[uso]}»: di en qué se gasta (detalle).")

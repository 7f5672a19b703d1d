"""Effort: every action priced against the reserve by the size of its effect.

«Actuar con todo tu rango cuesta toda tu reserva. Cada nivel por debajo cuesta una décima
parte, así que las cosas cotidianas son casi gratis.» Effects are measured on the power's
own scale (a level is a rank, ten points), so an effect of your own power costs the whole
reserve, one rank below a tenth of it, two ranks below a hundredth.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum

from ..errors import UmbralError
from .sheets import Reserva, Via
from .tables import PUNTOS_POR_RANGO, ROTURA, SOBREGIRO_BASTANTE, SOBREGIRO_POCO


class Sobregiro(Enum):
    POCO = "poco"
    BASTANTE = "bastante"
    MUY = "muy"

    @property
    def label(self) -> str:
        return {"poco": "un poco", "bastante": "bastante más", "muy": "muy por encima"}[self.value]


def precio(reserva: Reserva, efecto: int) -> int:
    """What an effect of size ``efecto`` costs: the whole maximum at the reserve's own power,
    a tenth of it per level (ten points) below; rounded, so that everyday things cost 0."""
    if efecto < 0:
        raise UmbralError(f"El tamaño de un efecto no puede ser negativo ({efecto}).")
    value = reserva.maximo * 10 ** ((efecto - reserva.poder) / PUNTOS_POR_RANGO)
    return math.floor(value + 0.5)


def alcance(reserva: Reserva) -> int | None:
    """The biggest effect that what remains pays for («un personaje cansado alcanza menos»);
    None when nothing remains."""
    if reserva.restante <= 0 or reserva.maximo <= 0:
        return None
    reach = reserva.poder + PUNTOS_POR_RANGO * math.log10(reserva.restante / reserva.maximo)
    return max(0, math.floor(reach + 1e-9))


@dataclass(frozen=True)
class Pago:
    """What was asked of a reserve and what it paid. ``recortado``: cut down to what could be
    paid; ``sobregiro``: the player went past the limit on purpose."""

    via: Via
    pedido: int
    pagado: int
    antes: Reserva
    despues: Reserva
    recortado: bool = False
    sobregiro: Sobregiro | None = None

    @property
    def herida(self) -> bool:
        """«llevas una herida visible para siempre»."""
        return self.sobregiro is Sobregiro.BASTANTE

    @property
    def caido(self) -> bool:
        """«Funciona, y te deja en el suelo, desangrándote.»"""
        return self.sobregiro is Sobregiro.MUY

    def line(self) -> str:
        what = self.via.reserva_label
        text = f"{self.pagado} de {what} ({self.antes.restante} → {self.despues.restante})"
        if self.recortado:
            text += f"; pedías {self.pedido}, se reduce a lo que puedes pagar"
        if self.sobregiro is not None:
            text += (
                f"; sobregiro ({self.sobregiro.label}): el máximo pasa de {self.antes.maximo} "
                f"a {self.despues.maximo}"
            )
            if self.herida:
                text += " y queda una herida visible para siempre"
            if self.caido:
                text += "; queda en el suelo, desangrándose"
        return text


def sobregiro_size(reserva: Reserva, coste: int) -> Sobregiro:
    """How far past the limit: what is asked beyond what remains, against the maximum."""
    exceso = coste - reserva.restante
    share = math.inf if reserva.maximo <= 0 else exceso / reserva.maximo
    if share <= SOBREGIRO_POCO:
        return Sobregiro.POCO
    if share <= SOBREGIRO_BASTANTE:
        return Sobregiro.BASTANTE
    return Sobregiro.MUY


def pay(reserva: Reserva, via: Via, coste: int, *, sobregiro: bool = False) -> Pago:
    """Pay ``coste`` points: in full when they are there; otherwise cut down to what remains,
    or, when the player clearly goes past the limit, in full with a Sobregiro."""
    if coste < 0:
        raise UmbralError(f"El esfuerzo no puede ser negativo ({coste}).")
    if coste <= reserva.restante:
        return Pago(via, coste, coste, reserva, reserva.spend(coste))
    if not sobregiro:
        paid = reserva.restante
        return Pago(via, coste, paid, reserva, reserva.spend(paid), recortado=True)
    size = sobregiro_size(reserva, coste)
    maximo = reserva.maximo
    if size is Sobregiro.POCO:
        maximo -= math.floor(reserva.maximo * ROTURA + 0.5)
    elif size is Sobregiro.BASTANTE:
        maximo //= 2
    after = replace(reserva, maximo=maximo, gastado=maximo)
    return Pago(via, coste, coste, reserva, after, sobregiro=size)


@dataclass(frozen=True)
class Efecto:
    """An action priced by its effect: the effect asked, the one that happens (None:
    nothing, the reserve is empty) and the payment."""

    pedido: int
    concedido: int | None
    pago: Pago


def esfuerzo(reserva: Reserva, via: Via, efecto: int, *, sobregiro: bool = False) -> Efecto:
    """Price an effect against the reserve; quietly cut down to what can be reached, unless
    the player goes past the limit (then it happens, with a Sobregiro)."""
    coste = precio(reserva, efecto)
    if coste <= reserva.restante or sobregiro:
        return Efecto(efecto, efecto, pay(reserva, via, coste, sobregiro=sobregiro))
    reach = alcance(reserva)
    if reach is None:
        return Efecto(efecto, None, Pago(via, coste, 0, reserva, reserva, recortado=True))
    reached = min(reach, efecto)
    paid = precio(reserva, reached)
    return Efecto(
        efecto, reached, Pago(via, coste, paid, reserva, reserva.spend(paid), recortado=True)
    )

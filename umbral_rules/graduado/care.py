"""Actions that are not blows: healing a fallen ally and deeds priced by their effect.

«Un aliado caído puede levantarse de nuevo con magia de curación o un objeto curativo, si el
mundo lo permite; las manos desnudas solo detienen la hemorragia.»
"""

from __future__ import annotations

from .choices import Curar, Hazana, Medio
from .effort import esfuerzo
from .events import Curado, Event, Hecho
from .resolve import apply_pago, fall, paid_events, spend
from .sheets import Via
from .state import CombateState, Combatiente


def restore(state: CombateState, ally: Combatiente, puntos: int) -> tuple[bool, bool]:
    """``ally`` gets ``puntos`` of aguante back: a fallen ally rises if the world lets
    healing raise the fallen, and bleeding stops. Whether it rose and whether it stopped."""
    ally.ficha = ally.ficha.with_reserva(Via.FUERZA, ally.ficha.fuerza.recover(puntos))
    rises = ally.caido and puntos > 0 and state.mundo.curacion_levanta
    if rises:
        ally.caido = False
    stopped = ally.desangrandose and puntos > 0
    ally.desangrandose = ally.desangrandose and not stopped
    return rises, stopped


def heal(state: CombateState, healer: Combatiente, curar: Curar) -> list[Event]:
    ally = state.find(curar.aliado)
    events: list[Event] = []
    if curar.medio is Medio.MANOS:
        stopped = ally.desangrandose
        ally.desangrandose = False
        text = "detiene la hemorragia de" if stopped else "atiende a"
        note = "" if stopped else " (no sangraba: las manos desnudas solo detienen la hemorragia)"
        return [
            Curado(
                f"{healer.nombre} {text} {ally.nombre}{note}.",
                healer.id,
                ally.id,
                0,
                False,
                stopped,
            )
        ]
    puntos = curar.puntos
    if curar.medio is Medio.MAGIA:
        pago = spend(state, healer, Via.MAGIA, curar.puntos, curar.sobregiro)
        events += paid_events(state, healer, pago)
        puntos = pago.pagado
    rises, stopped = restore(state, ally, puntos)
    how = "con magia" if curar.medio is Medio.MAGIA else f"con {curar.objeto}"
    text = f"{healer.nombre} cura {how} a {ally.nombre}: +{puntos} de aguante"
    if rises:
        text += "; se levanta"
    elif ally.caido:
        text += "; sigue en el suelo (este mundo no deja que la curación levante a un caído)"
    events.append(Curado(text + ".", healer.id, ally.id, puntos, rises, stopped))
    return events


def deed(state: CombateState, hero: Combatiente, hazana: Hazana) -> list[Event]:
    efecto = esfuerzo(
        hero.ficha.reserva(hazana.via), hazana.via, hazana.efecto, sobregiro=hazana.sobregiro
    )
    apply_pago(hero, efecto.pago)
    if efecto.concedido is None:
        text = f"{hero.nombre} no puede: su reserva está vacía («{hazana.descripcion}»)."
    else:
        text = f"{hero.nombre}: «{hazana.descripcion}», efecto {efecto.concedido}"
        if efecto.pago.recortado:
            text += f" (pedía {efecto.pedido}: se reduce a lo que alcanza)"
        text += f"; {efecto.pago.line()}."
    events: list[Event] = [Hecho(text, hero.id, hazana.descripcion, efecto)]
    if efecto.pago.caido:
        events += fall(state, hero, "queda en el suelo, desangrándose (sobregiro)")
    return events

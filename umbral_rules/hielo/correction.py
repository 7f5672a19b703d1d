"""The GM's hand correction of a combatant (``/hielo ajustar``): Salud, light and grave
wounds, fatigue and destiny points set to what the GM says, each within the combatant's own
bounds, and what follows from them kept as damage and fatigue keep it (Salud 0 is vencido,
through :func:`~.combat.with_salud`; the fight ends through :func:`~.combat.settle`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import UmbralError
from .combat import settle, with_salud
from .combat_state import Combat, Fase, Fighter
from .common import check_range
from .events import Corrected, Corregido, Event
from .fighting import require_open

#: What the GM may set, as the command names it (the refusal of a call without any).
OPCIONES = "salud, leves, graves, fatiga o destino"


@dataclass(frozen=True)
class Ajuste:
    """The values the GM sets on a combatant (``None``: left as it is)."""

    salud: int | None = None
    heridas_leves: int | None = None
    heridas_graves: int | None = None
    fatiga: int | None = None
    destino: int | None = None


def require_values(ajuste: Ajuste) -> None:
    """Refuse a correction that sets nothing, naming what it may set."""
    given = (ajuste.salud, ajuste.heridas_leves, ajuste.heridas_graves, ajuste.fatiga,
             ajuste.destino)  # fmt: skip
    if all(v is None for v in given):
        raise UmbralError(f"Di qué ajustar: {OPCIONES}.")


def _checked(f: Fighter, ajuste: Ajuste) -> None:
    """Each value given within the combatant's bounds: Salud up to «Constitución x3»;
    wounds and fatigue «Solo se pueden acumular tantas … como rango de Constitución»;
    [D] destiny points up to its sheet's («solo se permitirá el gasto»)."""
    name, con = f.sheet.nombre, f.constitucion
    if ajuste.salud is not None:
        check_range(ajuste.salud, 0, f.sheet.salud_max, f"La Salud de {name}")
    if ajuste.heridas_leves is not None:
        check_range(ajuste.heridas_leves, 0, con, f"Las heridas leves de {name}")
    if ajuste.heridas_graves is not None:
        check_range(ajuste.heridas_graves, 0, con, f"Las heridas graves de {name}")
    if ajuste.fatiga is not None:
        check_range(ajuste.fatiga, 0, con, f"La fatiga de {name}")
    if ajuste.destino is not None:
        top = f.sheet.destino
        check_range(ajuste.destino, 0, None, f"Los puntos de destino de {name}")
        if ajuste.destino > top:
            raise UmbralError(
                f"Los puntos de destino de {name}: de 0 a {top}, los de su ficha (se dio "
                f"{ajuste.destino}); en esta partida solo se gastan."
            )


def correct(state: Combat, quien: str, ajuste: Ajuste) -> tuple[Combat, list[Event]]:
    """Set the values given on the combatant ``quien`` of an open combat. Refused, with nothing
    changed: no value given, the combat over or waiting for a hit to be taken, an unknown
    combatant, a value out of its bounds, nothing that differs from what it has.

    The first event is :class:`Corrected` (each value changed, before and after); then
    what follows: Salud 0 takes it out, Salud raised brings a vencido back, and in an asalto
    the combat may end or the next turn start, as after damage."""
    require_values(ajuste)
    require_open(state)
    f = state.fighter(quien)
    _checked(f, ajuste)
    leves = f.heridas_leves if ajuste.heridas_leves is None else ajuste.heridas_leves
    graves = f.heridas_graves if ajuste.heridas_graves is None else ajuste.heridas_graves
    after = replace(
        f,
        heridas_leves=leves,
        heridas_graves=graves,
        fatiga=f.fatiga if ajuste.fatiga is None else ajuste.fatiga,
        destino=f.destino if ajuste.destino is None else ajuste.destino,
        # the fatigue's effects bought stay «hasta el comienzo de su próximo turno», but
        # never on more wounds than it has
        ignora_leves=f.ignora_leves and leves > 0,
        graves_ignoradas=min(f.graves_ignoradas, graves),
    )
    after, followed = with_salud(after, f.salud if ajuste.salud is None else ajuste.salud)
    labelled = (
        ("Salud", f.salud, after.salud),
        ("Heridas leves", f.heridas_leves, after.heridas_leves),
        ("Heridas graves", f.heridas_graves, after.heridas_graves),
        ("Fatiga", f.fatiga, after.fatiga),
        ("Puntos de destino", f.destino, after.destino),
    )
    cambios = tuple(Corregido(campo, a, b) for campo, a, b in labelled if a != b)
    if not cambios:
        raise UmbralError(f"{f.sheet.nombre} ya tiene esos valores: no hay nada que corregir.")
    moved = ", ".join(f"{c.campo} {c.antes} → {c.despues}" for c in cambios)
    said = f"El máster corrige a {f.sheet.nombre}: {moved}."
    events: list[Event] = [Corrected(said, f.id, cambios), *followed]
    state = state.put(after)
    if followed and state.fase is Fase.ASALTO:  # (before the first asalto, as /encuentro quitar)
        return settle(state, events)
    return state, events

"""Who a percentile fight waits for, for the reminders by post (issue 19): in the
Declaración, the players whose turn it is to declare (from the lowest Iniciativa up); in the
Acción, the players whose turn it is with actions still to make. The GM's fighters are the
GM's to move: nobody is reminded of them."""

from __future__ import annotations

from bot.edge.systems import Awaited
from bot.jsontypes import JsonObject
from umbral_rules.porcentual import Fase

from .state import Mesa


def awaited(doc: JsonObject) -> list[Awaited]:
    mesa = Mesa.from_dict(doc)
    asalto = mesa.combate.asalto
    if asalto is None or asalto.fase is Fase.CONCLUSION:
        return []
    if asalto.fase is Fase.DECLARACION:
        left = asalto.por_declarar
        slot = next((s for s in asalto.orden_declaracion if any(c in left for c in s)), ())
        due = [c for c in slot if c in left]
        what, key = "aún no ha declarado sus acciones", "declaracion"
    else:
        slot = asalto.orden_accion[asalto.turno] if asalto.orden_accion else ()
        due = [c for c in slot if asalto.pendientes_de(c, solo_no_defensivas=True)]
        what, key = "aún no ha hecho sus acciones de su turno", f"accion:{asalto.turno}"
    found = []
    for cid in due:
        owner = mesa.owner(cid)
        if owner is not None:
            found.append(Awaited(owner, f"{asalto.numero}:{key}:{cid}", f"{cid} {what}"))
    return found

"""Canción de hielo y fuego as a game system of the edge's one path (:mod:`bot.edge.path`):
its document is a :class:`~bot.features.hielo.doc.HieloDoc`, read with
``uow.encounter.document("hielo")``; every test its rules roll goes to the roll log as a
:class:`~bot.records.rolls.SystemRoll`, and its tracker is :func:`bot.render.hielo.draw`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.edge.path import DocumentSystem, Turn
from bot.jsontypes import JsonObject
from bot.records.rolls import SystemRoll
from umbral_rules.hielo.events import (
    AttackResolved,
    CheckRolled,
    Event,
    InfluenceResolved,
    TableRolled,
)
from umbral_rules.hielo.tables import TipoTabla

from .doc import HieloDoc

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: The name encounters and sheets of this system are stored under.
HIELO_NAME = "hielo"
#: What the rules of a step get.
HieloTurn = Turn[HieloDoc, None, Event]

#: How the roll log names each test (the rules' ``proposito``).
PURPOSES = {
    "iniciativa": "iniciativa",
    "ataque": "ataque",
    "deteccion": "detección",
    "prueba": "prueba",
    "influir": "influir",
    "accion": "acción de intriga",
}
#: The tests aimed at someone: the log names the target.
AIMED = frozenset({"ataque", "influir"})
TABLE_KINDS = {TipoTabla.CRITICOS: "crítico", TipoTabla.PIFIAS: "pifia",
               TipoTabla.MANIOBRAS: "maniobra"}  # fmt: skip


def verdict(event: CheckRolled) -> str | None:
    """A test's verdict as its reply says it: «supera por 5, 2 grados», «falla por 2»."""
    t = event.tirada
    if t.dificultad is None:
        return None
    if t.exito:
        grados = f"{t.grados} grado{'s' if t.grados != 1 else ''}"
        return f"supera {t.dificultad} por {t.margen}, {grados}"
    return f"falla contra {t.dificultad} por {-t.margen}"


class Hielo(DocumentSystem[HieloDoc]):
    """The :class:`~bot.edge.path.GameSystem` of *Canción de hielo y fuego*."""

    name = HIELO_NAME

    def decode(self, data: JsonObject) -> HieloDoc:
        return HieloDoc.from_dict(data)

    async def log(
        self,
        uow: UnitOfWork,
        user_id: int,
        command: str,
        doc: HieloDoc,
        events: Sequence[Event],
        memo: None,
    ) -> None:
        await log_events(uow, user_id, command, doc, events)


async def log_events(
    uow: UnitOfWork,
    user_id: int,
    command: str,
    doc: HieloDoc,
    events: Sequence[Event],
) -> None:
    """Every test, critical and fumble among ``events`` to the roll log: its faces, total
    and verdict, who rolled and against whom."""
    people = doc.intriga.participantes if doc.intriga else ()
    names = {p.id: p.sheet.nombre for p in people} | {
        f.id: f.sheet.nombre for f in doc.combat.fighters
    }
    targets = {e.atacante: names.get(e.defensor) for e in events if isinstance(e, AttackResolved)}
    targets |= {e.actor: names.get(e.objetivo) for e in events if isinstance(e, InfluenceResolved)}
    for event in events:
        if isinstance(event, CheckRolled):
            t = event.tirada
            tipo = PURPOSES.get(event.proposito, event.proposito)
            await uow.rolls.append(
                user_id=user_id,
                command=command,
                dice=list(t.caras),
                result=SystemRoll(
                    sistema=HIELO_NAME, tipo=tipo, totales=[t.total], veredicto=verdict(event)
                ),
                actor=names.get(event.quien, event.quien),
                target=targets.get(event.quien) if event.proposito in AIMED else None,
            )
        elif isinstance(event, TableRolled):
            lectura = event.lectura
            await uow.rolls.append(
                user_id=user_id,
                command=command,
                dice=list(event.dados),
                result=SystemRoll(
                    sistema=HIELO_NAME,
                    tipo=TABLE_KINDS[lectura.tipo],
                    totales=[lectura.numero],
                    veredicto=lectura.texto(),
                ),
                actor=names.get(event.quien, event.quien),
            )


HIELO = Hielo()

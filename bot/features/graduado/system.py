"""The graded d100 combat (seed 003) as a game system of the edge's one path
(:mod:`bot.edge.path`): its document is a :class:`~.doc.GradDoc` stored as the encounter's
JSON, its rolls logged as :class:`~bot.records.rolls.SystemRoll` rows, its tracker drawn by
:func:`bot.render.graduado.draw`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING

from bot.edge.path import DocumentSystem, Turn
from bot.jsontypes import JsonObject
from bot.records.rolls import SystemRoll
from umbral_rules.graduado.events import DefensaTirada, Event, Golpe

from .doc import GradDoc

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: The stored name of this system (:mod:`umbral_rules.systems`).
NAME = "graduado"

#: What the rules of a graded step get.
GradTurn = Turn[GradDoc, None, Event]


class Graduado(DocumentSystem[GradDoc]):
    """The :class:`~bot.edge.path.GameSystem` of the graded d100 combat."""

    name = NAME

    def decode(self, data: JsonObject) -> GradDoc:
        return GradDoc.from_dict(data)

    def window(self, doc: GradDoc) -> timedelta | None:
        """**[D]** The round's window opens once the round has something to resolve — a
        hero's declaration, or a blow the enemies announced that lands at its close — and
        lasts the world's ``ventana``; a round with neither, or a fight that is over, does
        not close by itself (closing it would only count rounds while the GM sets up)."""
        state = doc.combate.state
        if state.final is not None or not (state.declaraciones or state.anunciados):
            return None
        return timedelta(seconds=state.mundo.ventana.segundos)

    async def log(
        self,
        uow: UnitOfWork,
        user_id: int,
        command: str,
        doc: GradDoc,
        events: Sequence[Event],
        memo: None,
    ) -> None:
        """Each d100 of the events: a blow (its final grade) or a defence roll."""
        state = doc.combate.state
        for event in events:
            if isinstance(event, Golpe):
                await uow.rolls.append(
                    user_id=user_id,
                    command=command,
                    dice=[{"faces": [event.tirada.roll], "sides": 100}],
                    result=SystemRoll(
                        sistema=NAME,
                        tipo="ataque",
                        totales=[event.tirada.roll, event.chance.total, event.dano.total],
                        veredicto=event.calificacion.label,
                    ),
                    physical=event.tirada.physical,
                    actor=state.find(event.atacante).nombre,
                    target=state.find(event.objetivo).nombre,
                )
            elif isinstance(event, DefensaTirada):
                await uow.rolls.append(
                    user_id=user_id,
                    command=command,
                    dice=[{"faces": [event.tirada.roll], "sides": 100}],
                    result=SystemRoll(
                        sistema=NAME,
                        tipo="defensa",
                        totales=[event.tirada.roll, event.chance.total],
                        veredicto=event.tirada.calificacion.label,
                    ),
                    physical=event.tirada.physical,
                    actor=state.find(event.combatiente).nombre,
                )


GRADUADO = Graduado()

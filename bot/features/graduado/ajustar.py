"""``/graduado ajustar``: the GM corrects one fighter by hand — what is left of each
reserve and the states the GM may decide (:mod:`umbral_rules.graduado.ajuste`) — on the one
path: the document saved, one roll-log entry (:class:`~bot.records.rolls.Correction`, which
``/historial`` shows), the tracker redrawn, and ``/deshacer`` takes it back. The heroes'
sheets get it when the fight ends, as every other change of the fight (:func:`.verbs.end`)."""

from __future__ import annotations

from bot.edge.context import Context
from bot.features.documents import HandCorrection, correct_by_hand
from bot.records.rolls import Changed
from bot.render.graduado import value_text
from umbral_rules.graduado import Valores

from .system import GRADUADO, GradTurn

#: The name its entry is logged under (no roll: :data:`bot.storage.rolllog.NOT_ROLLS`).
COMMAND = "graduado ajustar"


async def correct(ctx: Context, combatiente: str, valores: Valores, motivo: str | None) -> None:
    def rules(turn: GradTurn) -> HandCorrection:
        done = turn.document.combate.ajustar(combatiente, valores)
        cambios = [
            Changed(campo=c.campo, antes=value_text(c.antes), despues=value_text(c.despues))
            for c in done.cambios
        ]
        return HandCorrection(done.nombre, cambios)

    await correct_by_hand(ctx, GRADUADO, COMMAND, rules, motivo, marker="")

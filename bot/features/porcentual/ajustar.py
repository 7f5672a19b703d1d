"""``/porcentual ajustar``: the GM sets a combatant's standing by hand (a misclick, a rule
the bot does not model, a scene that hurts someone) on the one path: the document saved
with its version (``/deshacer`` takes it back), one roll-log entry
(:class:`~bot.records.rolls.Correction`), the tracker redrawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.features.documents import HandCorrection, correct_by_hand
from bot.records.rolls import Changed
from bot.render.porcentual import value_text
from umbral_rules.porcentual import Ajuste, ajustar

from .system import PORCENTUAL, PorcentualTurn

if TYPE_CHECKING:
    from bot.edge.context import Context

COMMAND = "porcentual ajustar"


async def run(ctx: Context, nombre: str, ajuste: Ajuste, motivo: str | None) -> None:
    """Correct the combatant called ``nombre`` with ``ajuste`` and answer publicly."""

    def rules(turn: PorcentualTurn) -> HandCorrection:
        mesa = turn.document
        combate, done = ajustar(mesa.combate, mesa.find(nombre).id, ajuste)
        turn.doc = mesa.with_combate(combate)
        cambios = [
            Changed(campo=c.campo, antes=value_text(c.antes), despues=value_text(c.despues))
            for c in done.cambios
        ]
        return HandCorrection(done.combatiente, cambios)

    await correct_by_hand(ctx, PORCENTUAL, COMMAND, rules, motivo)

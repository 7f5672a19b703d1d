"""``/graduado ajustar``: the GM corrects one fighter by hand — what is left of each
reserve and the states the GM may decide (:mod:`umbral_rules.graduado.ajuste`) — on the one
path: the document saved, one roll-log entry (:class:`~bot.records.rolls.Correction`, which
``/historial`` shows), the tracker redrawn, and ``/deshacer`` takes it back. The heroes'
sheets get it when the fight ends, as every other change of the fight (:func:`.verbs.end`)."""

from __future__ import annotations

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.features.documents import defer_once
from bot.records.rolls import Changed, Correction
from bot.render.graduado import correction_embed, value_text
from umbral_rules.graduado import Ajuste, Valores

from .system import GRADUADO, NAME, GradTurn

#: The name its entry is logged under (no roll: :data:`bot.storage.rolllog.NOT_ROLLS`).
COMMAND = "graduado ajustar"


async def correct(ctx: Context, combatiente: str, valores: Valores, motivo: str | None) -> None:
    await defer_once(ctx)

    async def rules(turn: GradTurn) -> Ajuste:
        return turn.document.combate.ajustar(combatiente, valores)

    async def log(turn: GradTurn, done: Ajuste) -> None:
        cambios = [
            Changed(campo=c.campo, antes=value_text(c.antes), despues=value_text(c.despues))
            for c in done.cambios
        ]
        await turn.uow.rolls.append(
            user_id=turn.ctx.user_id,
            command=COMMAND,
            dice=[],
            result=Correction(sistema=NAME, nombre=done.nombre, cambios=cambios, motivo=motivo),
            actor=done.nombre,
            motivo=motivo,
        )

    done = await run_step(ctx, GRADUADO, Step(COMMAND, rules, own_log=log))
    await send(ctx.interaction, embed=correction_embed(done, motivo))

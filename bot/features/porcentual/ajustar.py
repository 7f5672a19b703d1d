"""``/porcentual ajustar``: the GM sets a combatant's standing by hand (a misclick, a rule
the bot does not model, a scene that hurts someone) on the one path: the document saved
with its version (``/deshacer`` takes it back), one roll-log entry
(:class:`~bot.records.rolls.Correction`), the tracker redrawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.records.rolls import Changed, Correction
from bot.render.porcentual import correction_embed, value_text
from umbral_rules.porcentual import Ajustado, Ajuste, ajustar

from .state import SYSTEM
from .system import PORCENTUAL, PorcentualTurn

if TYPE_CHECKING:
    from bot.edge.context import Context

COMMAND = "porcentual ajustar"


def changed(done: Ajustado) -> list[Changed]:
    """Each value changed, as the reply shows it (and the roll log keeps it)."""
    return [
        Changed(campo=c.campo, antes=value_text(c.antes), despues=value_text(c.despues))
        for c in done.cambios
    ]


async def run(ctx: Context, nombre: str, ajuste: Ajuste, motivo: str | None) -> None:
    """Correct the combatant called ``nombre`` with ``ajuste`` and answer publicly."""
    await ctx.interaction.response.defer(thinking=True)
    motivo = (motivo or "").strip() or None

    async def rules(turn: PorcentualTurn) -> Ajustado:
        mesa = turn.document
        combate, done = ajustar(mesa.combate, mesa.find(nombre).id, ajuste)
        turn.doc = mesa.with_combate(combate)
        return done

    async def log(turn: PorcentualTurn, done: Ajustado) -> None:
        result = Correction(
            sistema=SYSTEM, nombre=done.combatiente, cambios=changed(done), motivo=motivo
        )
        await turn.uow.rolls.append(
            user_id=turn.ctx.user_id,
            command=COMMAND,
            dice=[],
            result=result,
            actor=done.combatiente,
            motivo=motivo,
        )

    done = await run_step(ctx, PORCENTUAL, Step(COMMAND, rules, own_log=log))
    await send(ctx.interaction, embed=correction_embed(done.combatiente, changed(done), motivo))

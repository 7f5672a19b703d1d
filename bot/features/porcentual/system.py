"""The percentile game (seed 004) as a game system of the edge's one path
(:mod:`bot.edge.path`): its document is a :class:`~.state.Mesa`, read and written as JSON in
the channel's encounter; its rolls go to the roll log as :class:`~bot.records.rolls.SystemRoll`
entries (every die face, the total and the verdict the reply said); its tracker is
:func:`bot.render.porcentual.draw`. The tables the GM loaded (``/porcentual tabla``) are
read by :func:`tablas` inside the same unit of work."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.edge.path import DocumentSystem, Turn
from bot.jsontypes import JsonObject
from bot.records.rolls import SystemRoll
from bot.storage.system_sheets import SheetKind
from umbral_rules.porcentual import Tablas
from umbral_rules.porcentual.eventos import (
    AccionHecha,
    DanioHecho,
    EnfrentamientoHecho,
    Evento,
    IniciativaTirada,
    TiradaHecha,
)

from .state import SYSTEM, Mesa

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: What the rules of a percentile step get.
PorcentualTurn = Turn[Mesa, None, Evento]
#: The kind of ``system_sheets`` row a loaded table is kept in, and the tables by name.
TABLE_KIND: SheetKind = "tabla"
TABLE_NAMES = ("bonificador", "localizacion", "modificadores")


async def tablas(uow: UnitOfWork) -> Tablas:
    """The tables this server's GM loaded (a table not loaded is ``None``: the rules say
    which one is missing when they need it)."""
    data: dict[str, object] = {}
    for name in TABLE_NAMES:
        row = await uow.system_sheets.get(SYSTEM, TABLE_KIND, name)
        data[name] = None if row is None else row.data
    return Tablas.from_dict(data)


def _die(sides: int, *faces: int) -> JsonObject:
    return {"sides": sides, "faces": list(faces)}


def _entry(event: Evento) -> tuple[list[JsonObject], SystemRoll, str, str | None] | None:
    """What the roll log keeps of ``event``: dice, result, actor, target (``None``: no roll)."""
    if isinstance(event, IniciativaTirada):
        r = event.iniciativa.roll
        result = SystemRoll(sistema=SYSTEM, tipo="iniciativa", totales=[event.iniciativa.total])
        return [_die(r.sides, r.face)], result, event.iniciativa.id, None
    if isinstance(event, TiradaHecha):
        roll = event.tirada
        verdict = f"{roll.label} (contra {roll.target} %)"
        result = SystemRoll(sistema=SYSTEM, tipo=event.que, totales=[roll.roll], veredicto=verdict)
        return [_die(100, roll.roll)], result, event.combatiente_id, None
    if isinstance(event, EnfrentamientoHecho):
        e = event.enfrentamiento
        winner = "quien actúa" if e.gana_activo else "quien resiste"
        result = SystemRoll(
            sistema=SYSTEM,
            tipo=f"enfrentamiento {e.activo_label} contra {e.pasivo_label}",
            totales=[e.activo.roll, e.pasivo.roll],
            veredicto=f"gana {winner}",
        )
        return [_die(100, e.activo.roll), _die(100, e.pasivo.roll)], result, "", None
    if isinstance(event, DanioHecho):
        faces = [_die(s, f) for s, f in event.tirada.faces]
        if event.bonus is not None:
            faces += [_die(s, f) for s, f in event.bonus.faces]
        if event.localizacion_dado is not None:
            faces.append(_die(*event.localizacion_dado))
        verdict = f"{event.pd} PD, PV {event.pv_antes} → {event.pv_despues}"
        result = SystemRoll(sistema=SYSTEM, tipo="daño", totales=[event.pd], veredicto=verdict)
        return faces, result, "", event.objetivo_id
    return None


class Porcentual(DocumentSystem[Mesa]):
    """The :class:`~bot.edge.path.GameSystem` of the percentile game."""

    name = SYSTEM

    def decode(self, data: JsonObject) -> Mesa:
        return Mesa.from_dict(data)

    async def log(
        self,
        uow: UnitOfWork,
        user_id: int,
        command: str,
        doc: Mesa,
        events: Sequence[Evento],
        memo: None,
    ) -> None:
        # who made the blow a damage roll follows: the one whose action the batch opened
        acting = next((e.combatiente_id for e in events if isinstance(e, AccionHecha)), None)
        for event in events:
            entry = _entry(event)
            if entry is None:
                continue
            dice, result, actor, target = entry
            await uow.rolls.append(
                user_id=user_id,
                command=command,
                dice=dice,
                result=result,
                actor=actor or acting,
                target=target,
            )


PORCENTUAL = Porcentual()

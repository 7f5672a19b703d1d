"""``/encuentro recordatorios``: the GM turns the channel's reminders on (every N hours,
optional quiet hours) or off (0). Stored per encounter; the scheduler does the rest."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, TypeVar

from bot.edge.path import GameSystem, Step, Turn, run_step
from bot.features.common import send
from bot.features.documents import defer_once
from bot.features.system import UMBRAL
from bot.features.timing import (
    DEFAULT_ZONE,
    check_hours,
    due_after,
    parse_quiet,
    zone,
)
from bot.render.reminders import settings_text
from bot.storage.reminders import ReminderSettings

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.storage import GuildSettings, UnitOfWork


async def store(
    uow: UnitOfWork, settings: GuildSettings, hours: int, quiet: tuple[int, int] | None
) -> str:
    """Store the channel's encounter's reminder settings (any game's); what to answer."""
    info = uow.encounter.current_info
    name = settings.timezone or DEFAULT_ZONE
    tz = zone(name)

    def due_of(base: datetime) -> datetime:
        return due_after(base, hours, quiet, tz)

    await uow.reminders.configure(info.id, ReminderSettings(hours, quiet), due_of)
    return settings_text(hours, quiet, name)


D = TypeVar("D")
M = TypeVar("M")
E = TypeVar("E")


async def configure(ctx: Context, horas: int, silencio: str | None) -> None:
    """``/encuentro recordatorios`` in an Umbral encounter."""
    await configure_for(ctx, horas, silencio, UMBRAL)


async def configure_for(
    ctx: Context, horas: int, silencio: str | None, system: GameSystem[D, M, E]
) -> None:
    """``/encuentro recordatorios`` in an encounter of ``system`` (another game's is handed
    here once Umbral's body has answered Discord: then it does not defer again)."""
    ctx.ids()  # (refused in direct messages, before anything else)
    hours = check_hours(horas)
    quiet = parse_quiet(silencio) if hours else None
    await defer_once(ctx)

    async def rules(turn: Turn[D, M, E]) -> str:
        turn.saves, turn.tracker = False, None  # the encounter itself does not change
        return await store(turn.uow, turn.settings, hours, quiet)

    text = await run_step(ctx, system, Step(None, rules))
    await send(ctx.interaction, content=text)

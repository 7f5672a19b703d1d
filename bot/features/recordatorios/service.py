"""``/encuentro recordatorios``: the GM turns the channel's reminders on (every N hours,
optional quiet hours) or off (0). Stored per encounter; the scheduler does the rest."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.features.common import send
from bot.features.timing import (
    DEFAULT_ZONE,
    check_hours,
    due_after,
    parse_quiet,
    zone,
)
from bot.render.reminders import settings_text
from bot.storage import UnitOfWork
from bot.storage.reminders import ReminderSettings

if TYPE_CHECKING:
    from bot.edge.context import Context


async def configure(ctx: Context, horas: int, silencio: str | None) -> None:
    guild_id, channel_id = ctx.ids()
    hours = check_hours(horas)
    quiet = parse_quiet(silencio) if hours else None
    await ctx.interaction.response.defer(thinking=True)

    async def work(uow: UnitOfWork) -> str:
        await uow.encounter.require()
        info = uow.encounter.info
        assert info is not None  # require() found the active encounter
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id, info.creator_id)
        name = settings.timezone or DEFAULT_ZONE
        tz = zone(name)

        def due_of(base: datetime) -> datetime:
            return due_after(base, hours, quiet, tz)

        await uow.reminders.configure(info.id, ReminderSettings(hours, quiet), due_of)
        return settings_text(hours, quiet, name)

    text = await ctx.storage.run_in_channel(guild_id, channel_id, work)
    await send(ctx.interaction, content=text)

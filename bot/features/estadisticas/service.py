"""``/estadisticas``: the figures of the roll log a player may see, as text and as a picture.

Whose rolls, and where, follow ``/historial`` (:func:`bot.features.historial.service.filters`):
in a channel, everyone's rolls there (another's private roll only for the GM); with
``alcance:servidor``, the GM's is the whole server and a player's their own rolls.
``desde:`` counts from that day's midnight in the server's time zone (``/config``).
"""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, time

import discord

from bot.features import dates
from bot.features.estadisticas.figures import count
from bot.features.historial import batches
from bot.features.historial.service import Filters
from bot.features.timing import zone
from bot.observe import note_slow_work
from bot.offloop import off_loop, off_process
from bot.records.figures import Figures
from bot.render.estadisticas import alt_text, stats_embed
from bot.render.luck_png import FILENAME, render_chart
from bot.render.safe import shown
from bot.storage import Storage, UnitOfWork
from bot.storage.rolllog import UndecodedEntry, decoded
from umbral_rules import UmbralError
from umbral_rules.luck import fit

BAD_DATE = "«desde» es una fecha como AAAA-MM-DD, por ejemplo 2026-12-01."


def day(text: str | None, today: date) -> date | None:
    """``desde:`` as a date (refused in any other form, and out of the bounds of
    :mod:`bot.features.dates`: near the year 9999 its midnight would overflow)."""
    if text is None:
        return None
    try:
        read = date.fromisoformat(text.strip())
    except ValueError:
        raise UmbralError(BAD_DATE) from None
    return dates.within(read, today, "desde")


def midnight(on: date, timezone: str) -> datetime:
    """That day's start in the server's time zone, in UTC (as the log keeps its times)."""
    return datetime.combine(on, time(), tzinfo=zone(timezone)).astimezone(UTC)


async def read(
    storage: Storage, guild_id: int, want: Filters, since: datetime | None
) -> tuple[list[UndecodedEntry], frozenset[int]]:
    """Every entry with these filters, oldest first, read by id in batches, each in its own
    short read-only transaction (:mod:`bot.features.historial.batches`), with their JSON as
    text (decoded off the loop: :func:`figures_of`), and the ids a /deshacer took back."""

    async def fetch(uow: UnitOfWork, after: int | None, before: int) -> list[UndecodedEntry]:
        return await uow.rolls.entries_as_text(
            channel_id=want.channel_id,
            user_id=want.user_id,
            personaje=want.personaje,
            limit=batches.BATCH,
            after_id=after,
            before_id=before,
            since=since,
        )

    rows = await batches.read_all(storage, guild_id, fetch, lambda r: r.id)
    oldest = rows[0].id if rows else None
    undone = await batches.undone(storage, guild_id, want.channel_id, oldest)
    return rows, undone


def figures_of(
    rows: list[UndecodedEntry], undone: frozenset[int], viewer_id: int, gm: bool
) -> Figures:
    """The rows decoded and counted (on a worker thread)."""
    return count(decoded(rows), undone, viewer_id, gm)


def scope_text(want: Filters, viewer_id: int, here: int) -> str:
    """Whose rolls and where, as the reply says it (names escaped)."""
    if want.personaje:
        who = f"Tiradas de {shown(want.personaje)}"
    elif want.user_id == viewer_id:
        who = "Tus tiradas"
    elif want.user is not None:
        who = f"Tiradas de {shown(want.user.display_name)}"
    else:
        who = "Todas las tiradas"
    if want.channel_id is None:
        where = "en todo el servidor"
    elif want.channel_id == here:
        where = "en este canal"
    else:
        where = f"en <#{want.channel_id}>"
    return f"{who} {where}"


async def answer(
    interaction: discord.Interaction,
    storage: Storage,
    want: Filters,
    gm: bool,
    on: date | None,
    timezone: str,
) -> Figures:
    """Count, test, draw and answer (the interaction is already deferred); ``on``: the day
    ``desde:`` gave, from its midnight in the server's ``timezone``."""
    guild_id, here = interaction.guild_id or 0, interaction.channel_id or 0
    since = None if on is None else midnight(on, timezone)
    rows, undone = await read(storage, guild_id, want, since)
    figures = await off_loop(figures_of, rows, undone, interaction.user.id, gm)
    test = fit(figures.faces)
    embed = stats_embed(figures, test, scope_text(want, interaction.user.id, here), on)
    if not figures.d12_dice:
        await interaction.followup.send(embed=embed, ephemeral=True)
        return figures
    note_slow_work("imagen")
    title = f"Caras del d12: {figures.d12_dice} dados"
    data = await off_process(render_chart, list(figures.faces), title)
    embed.set_image(url=f"attachment://{FILENAME}")
    file = discord.File(io.BytesIO(data), filename=FILENAME, description=alt_text(figures))
    await interaction.followup.send(embed=embed, file=file, ephemeral=True)
    return figures

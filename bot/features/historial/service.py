"""``/historial``'s two answers: the log in pages, or the log as files (built off the loop).

Who sees what: in a channel, everyone sees its rolls (another's private roll only as «tirada
privada»); ``alcance:servidor`` gives the GM every channel's rolls and a player their own;
an export gives the GM the whole server's log and a player their own rolls."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.features.common import send
from bot.features.historial import batches, pager
from bot.features.historial.export import (
    ExportPart,
    encode,
    export_parts,
    session_parts,
    split,
)
from bot.features.historial.options import Alcance, ExportFormat
from bot.features.historial.pager import HistoryList
from bot.features.names import MemberNames
from bot.features.pages import send_pages
from bot.offloop import off_loop
from bot.storage import RollLogEntry, UnitOfWork
from bot.storage.rolllog import UndecodedEntry, decoded
from umbral_rules import UmbralError
from umbral_rules.plural import plural

if TYPE_CHECKING:
    from bot.edge.context import Context

#: The largest attachment the bot sends: Discord's default for a server without boosts
#: (the interaction's own limit when it says less).
UPLOAD_BYTES = 10 * 1024 * 1024
#: /historial exportar reads the log in batches of this many entries.
EXPORT_BATCH = batches.BATCH
BOTH = "Elige «canal» o «alcance:servidor», no los dos."
OWN_ONLY = (
    "Fuera de un canal, y al exportar, solo puedes pedir tus propias tiradas; las de los demás "
    "las ve el máster."
)


@dataclass(frozen=True)
class Filters:
    """What /historial was asked for (``channel_id`` None: the whole server)."""

    channel_id: int | None
    user_id: int | None
    personaje: str | None
    user: discord.User | discord.Member | None = None


def filters(
    ctx: Context,
    *,
    gm: bool,
    usuario: discord.User | discord.Member | None,
    canal: discord.abc.GuildChannel | None,
    personaje: str | None,
    alcance: Alcance | None,
    exporting: bool,
) -> Filters:
    """The filters a user may have: a player's server-wide view or export is their own
    (another's private rolls never leave the bot in a file)."""
    if canal is not None and alcance == "servidor":
        raise UmbralError(BOTH)
    _, channel_id = ctx.ids()
    wide = alcance == "servidor" or (exporting and alcance is None and canal is None)
    user_id = None if usuario is None else usuario.id
    if (wide or exporting) and not gm:  # a player's campaign-wide record: their own rolls
        if user_id is not None and user_id != ctx.user_id:
            raise UmbralError(OWN_ONLY)
        user_id, usuario = ctx.user_id, None
    channel = None if wide else (canal.id if canal is not None else channel_id)
    return Filters(channel, user_id, personaje, usuario)


async def _names(
    interaction: discord.Interaction,
    member_names: MemberNames,
    entries: Iterable[RollLogEntry],
    extra: discord.User | discord.Member | None,
    known: Mapping[int, str] | None = None,
) -> dict[int, str]:
    names = {**(known or {}), interaction.user.id: interaction.user.display_name}
    if extra is not None:
        names[extra.id] = extra.display_name
    others = [e.user_id for e in entries if e.user_id not in names]
    if others and interaction.guild is not None:
        names.update(await member_names.names(interaction.guild, others))
    return names


async def _read(
    ctx: Context,
    want: Filters,
    limit: int | None,
    newest_first: bool,
) -> tuple[list[RollLogEntry], frozenset[int]]:
    guild_id, _ = ctx.ids()
    async with ctx.storage.reading(guild_id) as uow:
        entries = await uow.rolls.entries(
            channel_id=want.channel_id,
            user_id=want.user_id,
            personaje=want.personaje,
            limit=limit,
            newest_first=newest_first,
        )
        oldest = min((e.id for e in entries), default=None)
        undone = await uow.rolls.undone_ids(channel_id=want.channel_id, after=oldest)
    return entries, undone


def _fetch(want: Filters) -> batches.Fetch[UndecodedEntry]:
    """A batch of the entries with these filters, their JSON as text (decoded off the
    loop: :func:`bot.storage.rolllog.decoded`)."""

    async def fetch(uow: UnitOfWork, after: int | None, before: int) -> list[UndecodedEntry]:
        return await uow.rolls.entries_as_text(
            channel_id=want.channel_id,
            user_id=want.user_id,
            personaje=want.personaje,
            limit=EXPORT_BATCH,
            after_id=after,
            before_id=before,
        )

    return fetch


def _row_id(row: UndecodedEntry) -> int:
    return row.id


async def _read_all(ctx: Context, want: Filters) -> tuple[list[RollLogEntry], frozenset[int]]:
    """Every entry with these filters, oldest first, read by id in batches of
    :data:`EXPORT_BATCH`, each in its own short read-only transaction (see
    :mod:`bot.features.historial.batches`): no write lock, no long transaction."""
    guild_id, _ = ctx.ids()
    rows = await batches.read_all(ctx.storage, guild_id, _fetch(want), _row_id, EXPORT_BATCH)
    entries = await off_loop(decoded, rows)
    oldest = entries[0].id if entries else None
    undone = await batches.undone(ctx.storage, guild_id, want.channel_id, oldest)
    return entries, undone


async def _streamed(
    ctx: Context, member_names: MemberNames, want: Filters, fmt: ExportFormat, size: int
) -> tuple[list[ExportPart], int]:
    """A CSV or JSON export batch by batch: each batch decoded and encoded off the loop as
    soon as it is read, so only its bytes stay (not 100,000 entries for the collector to
    walk); the files and how many entries they hold."""
    guild_id, _ = ctx.ids()
    undone = await batches.undone(ctx.storage, guild_id, want.channel_id, None)
    names: dict[int, str] = {}
    rows: list[bytes] = []
    async for batch in batches.each(ctx.storage, guild_id, _fetch(want), _row_id, EXPORT_BATCH):
        entries = await off_loop(decoded, list(batch))
        names = await _names(ctx.interaction, member_names, entries, want.user, names)
        rows += await off_loop(encode, entries, names, undone, fmt)
    return await off_loop(split, rows, fmt, size), len(rows)


async def gm_role(ctx: Context) -> int | None:
    guild_id, _ = ctx.ids()
    async with ctx.storage.reading(guild_id) as uow:
        role: int | None = (await uow.guild.get()).gm_role_id
    return role


async def show(
    ctx: Context,
    member_names: MemberNames,
    want: Filters,
    n: int | None,
    gm: bool,
) -> None:
    """The entries, newest first, in pages with ◀ ▶ buttons: the last ``n`` (pages made
    at once), or without ``n`` the whole log, each page read when it is turned to."""
    interaction = ctx.interaction
    if n is None:
        guild_id, _ = ctx.ids()
        known = {} if want.user is None else {want.user.id: want.user.display_name}
        lst = HistoryList(
            ctx.storage, member_names, interaction.user.id, guild_id, want.channel_id,
            want.user_id, want.personaje, gm, known,
        )  # fmt: skip
        embed, view = await pager.first_page(interaction, lst)
        await send(interaction, embed=embed, view=view, ephemeral=True)
        return
    from bot.render.tirar import history_pages  # (it imports the tirar package: see pager)

    entries, undone = await _read(ctx, want, n, True)
    names = await _names(interaction, member_names, entries, want.user)
    pages = history_pages(
        entries, names=names, viewer_id=interaction.user.id, viewer_is_gm=gm, undone=undone
    )
    await send_pages(interaction, pages, ephemeral=True)


def upload_limit(interaction: discord.Interaction) -> int:
    """The bytes one attachment may have: the interaction's limit, at most the default."""
    said = interaction.filesize_limit
    return min(UPLOAD_BYTES, said) if said > 0 else UPLOAD_BYTES


async def export(
    ctx: Context,
    member_names: MemberNames,
    want: Filters,
    fmt: ExportFormat,
    limit: int | None = None,
) -> list[ExportPart]:
    """The log (oldest first) as files sent in follow-ups, one file each."""
    interaction = ctx.interaction
    size = upload_limit(interaction) if limit is None else limit
    if fmt == "xlsx":  # its cells, not its lines, make the files
        entries, undone = await _read_all(ctx, want)  # none: a file of headers
        names = await _names(interaction, member_names, entries, want.user)
        parts = await off_loop(export_parts, entries, names, undone, fmt, size)
        total = len(entries)
    else:
        parts, total = await _streamed(ctx, member_names, want, fmt, size)
    where = "del servidor" if want.channel_id is None else "de este canal"
    if want.channel_id is not None and want.channel_id != ctx.ids()[1]:
        where = f"de <#{want.channel_id}>"
    for i, part in enumerate(parts, 1):
        head = f"Historial {where}: {plural(total, 'entrada')}" if i == 1 else ""
        count = f" (archivo {i} de {len(parts)}: {plural(part.rows, 'entrada')})"
        count = count if len(parts) > 1 else ""
        file = discord.File(io.BytesIO(part.data), filename=part.filename)
        await interaction.followup.send(
            (head + count).strip() or f"Archivo {i} de {len(parts)}", file=file, ephemeral=True
        )
    return parts


async def export_sessions(
    ctx: Context, member_names: MemberNames, fmt: ExportFormat, limit: int | None = None
) -> ExportPart:
    """``asistencia:sí``: the server's sessions and who came, as one more file."""
    interaction = ctx.interaction
    async with ctx.storage.reading(ctx.guild_id) as uow:
        sessions = await uow.sessions.all()
    people = {u for s in sessions for u in (*s.interested, *(s.attended or ()))}
    names: dict[int, str] = {}
    if people and interaction.guild is not None:
        names = await member_names.names(interaction.guild, sorted(people))
    size = upload_limit(interaction) if limit is None else limit
    [part] = await off_loop(session_parts, sessions, names, fmt, size)
    file = discord.File(io.BytesIO(part.data), filename=part.filename)
    text = f"Sesiones del servidor y su asistencia: {len(sessions)}"
    await interaction.followup.send(text, file=file, ephemeral=True)
    return part

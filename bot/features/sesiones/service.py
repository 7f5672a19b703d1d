"""``/sesion``: game sessions as Discord's own scheduled events (the guild's «Eventos», with
«Me interesa» in every client).

``programar`` creates the event (external, its place the play channel; or in the voice
channel given) and the session's row, whose steps the reminders' task runs
(:mod:`.steps`); ``cambiar`` and ``cancelar`` change it in Discord and here; ``lista``
shows the coming and past sessions. Every action reads the event from Discord first, so a
change made in Discord's own interface counts from then on. The bot needs «Crear eventos»
(«Gestionar eventos» for an event someone else created; «Ver canal» and «Conectar» in a
voice channel): a missing one is named at the command.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import discord

from bot.edge.channel_access import LABELS, missing, names
from bot.features.common import send
from bot.features.sesiones import when
from bot.features.sesiones.event import EventState, read_event, state_of
from bot.features.sesiones.steps import refresh
from bot.features.timing import DEFAULT_ZONE, zone
from bot.render.safe import shown
from bot.render.sesiones import cancelled_text, lista_embed, scheduled_text
from bot.storage import Storage, UnitOfWork
from bot.storage.session_models import SESSION_RUNNING
from bot.storage.sessions import GameSession
from umbral_rules import UmbralError
from umbral_rules.text import name_key

TITLE_MAX, DESCRIPTION_MAX, LOCATION_MAX = 100, 1000, 100
HOW = "Un administrador puede dármelo en los ajustes del servidor (Roles → el rol del bot)."


class Acting(Protocol):
    """What a ``/sesion`` call works with (the per-command context)."""

    interaction: discord.Interaction

    @property
    def storage(self) -> Storage: ...

    def ids(self) -> tuple[int, int]: ...

    def require(self, gm_role_id: int | None, creator_id: int | None = None) -> None: ...


@dataclass(frozen=True)
class Place:
    """Where the session is played: the channel its reminders go to, and the event's
    location (an external event) or voice channel (a voice event)."""

    channel_id: int
    location: str | None
    voice: discord.abc.Snowflake | None


def title_of(text: str) -> str:
    title = " ".join(text.split())
    if not 1 <= len(title) <= TITLE_MAX:
        raise UmbralError(f"El título de la sesión va de 1 a {TITLE_MAX} caracteres.")
    return title


def description_of(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    if len(text) > DESCRIPTION_MAX:
        raise UmbralError(f"La descripción va hasta {DESCRIPTION_MAX} caracteres.")
    return text.strip()


def place_of(
    interaction: discord.Interaction, canal: discord.TextChannel | discord.VoiceChannel | None
) -> Place:
    """The play channel is where the command runs, or the text channel given; a voice
    channel given is where the event happens."""
    channel_id = interaction.channel_id
    assert channel_id is not None
    if isinstance(canal, discord.VoiceChannel):
        return Place(channel_id, None, canal)
    if canal is not None:
        channel_id = canal.id
    guild_id = interaction.guild_id
    url = f"https://discord.com/channels/{guild_id}/{channel_id}"
    channel = interaction.guild.get_channel_or_thread(channel_id) if interaction.guild else None
    named = f"#{channel.name} — {url}" if channel is not None else url
    return Place(channel_id, named if len(named) <= LOCATION_MAX else url, None)


def can_create(interaction: discord.Interaction, place: Place) -> None:
    """Refuse, naming them, when the bot lacks what creating the event takes: «Crear
    eventos», and in a voice channel its «Ver canal» and «Conectar» there too (from
    discord.py's cache of the channel; Discord checks again)."""
    needed = ["create_events"]
    perms = interaction.app_permissions
    guild = interaction.guild
    if place.voice is not None and guild is not None:
        channel = guild.get_channel(place.voice.id)
        if channel is not None:
            needed = ["view_channel", "connect", "create_events"]
            perms = channel.permissions_for(guild.me)
    lacking = missing(perms, needed)
    if lacking:
        raise UmbralError(missing_text(lacking, place.voice is not None))


def missing_text(flags: list[str], voice: bool = False) -> str:
    where = " en ese canal de voz" if voice else ""
    word = "el permiso" if len(flags) == 1 else "los permisos"
    return f"No puedo programar sesiones: me falta {word} {names(flags)}{where}. {HOW}"


def forbidden(action: str, event: EventState, bot_id: int | None) -> UmbralError:
    """Discord refused to change the event: what the bot lacks for it (an event someone
    else created asks for «Gestionar eventos»)."""
    flag = "create_events" if event.creator_id == bot_id else "manage_events"
    return UmbralError(f"Discord no me deja {action} la sesión: me falta «{LABELS[flag]}». {HOW}")


async def _zone(ctx: Acting, uow: UnitOfWork) -> str:
    settings = await uow.guild.get()
    ctx.require(settings.gm_role_id)
    return settings.timezone or DEFAULT_ZONE


def _now(ctx: Acting) -> datetime:
    return ctx.storage.clock()


def _bot_id(interaction: discord.Interaction) -> int | None:
    me = interaction.client.user
    return None if me is None else me.id


async def programar(
    ctx: Acting,
    titulo: str,
    fecha: str,
    hora: str,
    duracion: int,
    canal: discord.TextChannel | discord.VoiceChannel | None,
    descripcion: str | None,
) -> None:
    interaction = ctx.interaction
    guild_id, _ = ctx.ids()
    title, about = title_of(titulo), description_of(descripcion)
    day = when.parse_date(fecha, _now(ctx).date())
    clock, length = when.parse_time(hora), when.duration(duracion)
    place = place_of(interaction, canal)
    can_create(interaction, place)
    await interaction.response.defer(thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        zone_name = await _zone(ctx, uow)
    starts = when.instant(day, clock, zone(zone_name))
    if starts <= _now(ctx):
        raise UmbralError("Esa fecha y hora ya han pasado: una sesión se programa a futuro.")
    body: dict[str, Any] = {
        "name": title,
        "privacy_level": discord.PrivacyLevel.guild_only.value,
        "scheduled_start_time": starts.isoformat(),
        "scheduled_end_time": (starts + length).isoformat(),
    }
    if place.voice is not None:
        body.update(entity_type=discord.EntityType.voice.value, channel_id=place.voice.id)
    else:
        body.update(entity_type=discord.EntityType.external.value)
        body["entity_metadata"] = {"location": place.location}
    if about is not None:
        body["description"] = about
    http = interaction.client.http
    try:
        made = await http.create_guild_scheduled_event(guild_id, **body)
    except discord.Forbidden:
        raise UmbralError(missing_text(["create_events"], place.voice is not None)) from None
    event_id = int(made["id"])

    async def work(uow: UnitOfWork) -> GameSession:
        return await uow.sessions.add(
            channel_id=place.channel_id,
            event_id=event_id,
            title=title,
            starts_at=starts,
            ends_at=starts + length,
            creator_id=interaction.user.id,
            now=_now(ctx),
        )

    try:
        session = await ctx.storage.run_in_guild(guild_id, work)
    except BaseException:
        await http.delete_scheduled_event(guild_id, event_id)  # no event without its session
        raise
    await send(interaction, content=scheduled_text(session, zone_name))


async def _current(ctx: Acting, sesion: str) -> tuple[GameSession, EventState | None, str]:
    """The session named, as its event is now in Discord (the GM's check first)."""
    guild_id, _ = ctx.ids()
    async with ctx.storage.reading(guild_id) as uow:
        zone_name = await _zone(ctx, uow)
        known = await uow.sessions.find(sesion, _now(ctx))
    event = await read_event(ctx.interaction.client, guild_id, known.event_id)

    async def work(uow: UnitOfWork) -> GameSession:
        return await refresh(uow, known, event, _now(ctx))

    session = await ctx.storage.run_in_guild(guild_id, work)
    if event is None or not session.open or not event.open:
        raise UmbralError(
            f"La sesión «{shown(session.title)}» ya no está programada.", formatted=True
        )
    return session, event, zone_name


async def cambiar(
    ctx: Acting,
    sesion: str,
    titulo: str | None,
    fecha: str | None,
    hora: str | None,
    duracion: int | None,
    descripcion: str | None,
) -> None:
    interaction = ctx.interaction
    title = None if titulo is None else title_of(titulo)
    about = description_of(descripcion)
    day = None if fecha is None else when.parse_date(fecha, _now(ctx).date())
    clock = None if hora is None else when.parse_time(hora)
    length = None if duracion is None else when.duration(duracion)
    if title is None and about is None and day is None and clock is None and length is None:
        raise UmbralError(
            "Di qué cambia: `titulo:`, `fecha:`, `hora:`, `duracion:` o `descripcion:`."
        )
    await interaction.response.defer(thinking=True)
    session, event, zone_name = await _current(ctx, sesion)
    assert event is not None
    tz = zone(zone_name)
    old_day, old_clock = when.local_parts(session.starts_at, tz)
    starts = when.instant(day or old_day, clock or old_clock, tz)
    ends = starts + (length or (session.ends_at - session.starts_at))
    if starts != session.starts_at and event.status == SESSION_RUNNING:
        raise UmbralError("La sesión ya ha empezado: su hora de inicio no se puede cambiar.")
    if starts != session.starts_at and starts <= _now(ctx):
        raise UmbralError("Esa fecha y hora ya han pasado: una sesión se programa a futuro.")
    guild_id, _ = ctx.ids()
    fields: dict[str, Any] = {"scheduled_end_time": ends.isoformat()}
    if starts != session.starts_at:
        fields["scheduled_start_time"] = starts.isoformat()
    if title is not None:
        fields["name"] = title
    if about is not None:
        fields["description"] = about
    try:
        await interaction.client.http.edit_scheduled_event(guild_id, session.event_id, **fields)
    except discord.Forbidden:
        raise forbidden("cambiar", event, _bot_id(interaction)) from None

    async def work(uow: UnitOfWork) -> GameSession:
        return await uow.sessions.change(
            session.id, _now(ctx), title=title, starts_at=starts, ends_at=ends
        )

    changed = await ctx.storage.run_in_guild(guild_id, work)
    await send(interaction, content=scheduled_text(changed, zone_name, changed=True))


async def cancelar(ctx: Acting, sesion: str) -> None:
    interaction = ctx.interaction
    await interaction.response.defer(thinking=True)
    session, event, _ = await _current(ctx, sesion)
    assert event is not None
    if event.status == SESSION_RUNNING:
        raise UmbralError("La sesión ya ha empezado: Discord no deja cancelar una en curso.")
    guild_id, _ = ctx.ids()
    try:
        await interaction.client.http.edit_scheduled_event(
            guild_id, session.event_id, status=discord.EventStatus.cancelled.value
        )
    except discord.Forbidden:
        raise forbidden("cancelar", event, _bot_id(interaction)) from None

    async def work(uow: UnitOfWork) -> GameSession:
        return await uow.sessions.change(session.id, _now(ctx), status="cancelada")

    cancelled = await ctx.storage.run_in_guild(guild_id, work)
    await send(interaction, content=cancelled_text(cancelled))


async def lista(ctx: Acting) -> None:
    """The coming sessions and the past ones with their attendance, as their events are now
    (one request for the guild's open events; one more for each that left that list)."""
    interaction = ctx.interaction
    guild_id, _ = ctx.ids()
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with ctx.storage.reading(guild_id) as uow:
        sessions = await uow.sessions.all()
    now = _now(ctx)
    open_ = [s for s in sessions if s.open]
    states: dict[int, EventState | None] = {}
    if open_:
        client = interaction.client
        listed = await client.http.get_scheduled_events(guild_id, with_user_count=True)
        by_event = {int(d["id"]): state_of(dict(d)) for d in listed}
        for session in open_:
            found = by_event.get(session.event_id)
            if found is None:  # finished, cancelled or deleted: Discord's list left it out
                found = await read_event(client, guild_id, session.event_id)
            states[session.id] = found

        async def work(uow: UnitOfWork) -> list[GameSession]:
            return [await refresh(uow, s, states[s.id], now) for s in open_]

        fresh = {s.id: s for s in await ctx.storage.run_in_guild(guild_id, work)}
        sessions = [fresh.get(s.id, s) for s in sessions]
    coming = [s for s in sessions if s.open and s.ends_at > now]
    past = [s for s in sessions if s not in coming]
    counts = {sid: state.interested for sid, state in states.items() if state is not None}
    await send(interaction, embed=lista_embed(coming, past, counts), ephemeral=True)


async def session_choices(
    storage: Storage, guild_id: int, current: str
) -> list[discord.app_commands.Choice[str]]:
    """The sessions still to come whose title holds what is typed: «Título · 21/03 20:00»
    (the server's time), the session's number as the value."""
    async with storage.reading(guild_id) as uow:
        tz = zone((await uow.guild.get()).timezone or DEFAULT_ZONE)
        sessions = await uow.sessions.all()
    typed, now = name_key(current), storage.clock()
    found = []
    for session in sessions:
        if not session.open or session.ends_at <= now or typed not in name_key(session.title):
            continue
        local = session.starts_at.astimezone(tz).strftime("%d/%m %H:%M")
        label = f"{session.title[:80]} · {local}"
        found.append(discord.app_commands.Choice(name=label, value=str(session.id)))
    return found[:25]

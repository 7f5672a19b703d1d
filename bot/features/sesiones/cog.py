"""``/sesion programar|lista|cambiar|cancelar``: game sessions on Discord's calendar."""

from __future__ import annotations

from discord import Interaction, TextChannel, VoiceChannel, app_commands

from bot.edge.context import Context, command_context, ids_of
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.sesiones import service
from bot.features.sesiones.when import DEFAULT_MINUTES, MAX_MINUTES, MIN_MINUTES

Choices = list[app_commands.Choice[str]]


class SesionCog(FeatureCog):
    topic = Topic(
        "sesiones",
        "Sesiones",
        "Las sesiones en el calendario de Discord, sus avisos y la asistencia.",
    )

    sesion = app_commands.Group(
        name="sesion",
        description="Las sesiones de juego, en los eventos del servidor",
        guild_only=True,
    )

    async def session_choice(self, interaction: Interaction, current: str) -> Choices:
        """The sessions still to come."""
        guild_id, _ = ids_of(interaction)
        storage = self.services.require_storage()
        return await service.session_choices(storage, guild_id, current)

    @sesion.command(name="programar", description="Programa una sesión como evento del servidor")
    @app_commands.describe(
        titulo="El nombre de la sesión (hasta 100 caracteres)",
        fecha="El día: 2026-03-21 o 21/03/2026",
        hora="La hora de empezar, en la zona del servidor (/config zona_horaria): 20:00",
        duracion=f"Minutos que dura (de {MIN_MINUTES} a {MAX_MINUTES}; sin decirlo, "
        f"{DEFAULT_MINUTES})",
        canal="El canal de juego (por defecto, este), o un canal de voz para el evento",
        descripcion="Lo que se verá en el evento (hasta 1000 caracteres)",
    )
    @command_context("máster", what="programar sesiones")
    async def programar(
        self,
        ctx: Context,
        titulo: app_commands.Range[str, 1, 100],
        fecha: app_commands.Range[str, 1, 20],
        hora: app_commands.Range[str, 1, 10],
        duracion: app_commands.Range[int, MIN_MINUTES, MAX_MINUTES] = DEFAULT_MINUTES,
        canal: TextChannel | VoiceChannel | None = None,
        descripcion: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        await service.programar(ctx, titulo, fecha, hora, duracion, canal, descripcion)

    @sesion.command(name="cambiar", description="Cambia una sesión programada")
    @app_commands.describe(
        sesion="La sesión (las próximas se ofrecen al escribir)",
        titulo="El nuevo nombre",
        fecha="El nuevo día: 2026-03-21 o 21/03/2026",
        hora="La nueva hora de empezar, en la zona del servidor",
        duracion="Los nuevos minutos que dura",
        descripcion="La nueva descripción del evento",
    )
    @app_commands.autocomplete(sesion=session_choice)
    @command_context("máster", what="cambiar sesiones")
    async def cambiar(
        self,
        ctx: Context,
        sesion: app_commands.Range[str, 1, 100],
        titulo: app_commands.Range[str, 1, 100] | None = None,
        fecha: app_commands.Range[str, 1, 20] | None = None,
        hora: app_commands.Range[str, 1, 10] | None = None,
        duracion: app_commands.Range[int, MIN_MINUTES, MAX_MINUTES] | None = None,
        descripcion: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        await service.cambiar(ctx, sesion, titulo, fecha, hora, duracion, descripcion)

    @sesion.command(name="cancelar", description="Cancela una sesión programada")
    @app_commands.describe(sesion="La sesión (las próximas se ofrecen al escribir)")
    @app_commands.autocomplete(sesion=session_choice)
    @command_context("máster", what="cancelar sesiones")
    async def cancelar(self, ctx: Context, sesion: app_commands.Range[str, 1, 100]) -> None:
        await service.cancelar(ctx, sesion)

    @sesion.command(name="lista", description="Las próximas sesiones y las pasadas, con quién jugó")
    @command_context("cualquiera")
    async def lista(self, ctx: Context) -> None:
        await service.lista(ctx)

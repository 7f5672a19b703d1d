"""``/sesion programar|lista|cambiar|cancelar``: game sessions on Discord's calendar."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.common import ids, storage_of
from bot.features.sesiones import service
from bot.features.sesiones.when import DEFAULT_MINUTES, MAX_MINUTES, MIN_MINUTES
from bot.permissions import require_gm
from bot.storage import Storage

Choices = list[app_commands.Choice[str]]


class _Acting:
    """The call as :mod:`.service` sees it."""

    def __init__(self, interaction: discord.Interaction, what: str) -> None:
        self.interaction = interaction
        self.what = what

    @property
    def storage(self) -> Storage:
        return storage_of(self.interaction)

    def ids(self) -> tuple[int, int]:
        return ids(self.interaction)

    def require(self, gm_role_id: int | None, creator_id: int | None = None) -> None:
        require_gm(self.interaction, gm_role_id, creator_id, self.what)


async def session_choice(interaction: discord.Interaction, current: str) -> Choices:
    """The sessions still to come."""
    guild_id, _ = ids(interaction)
    return await service.session_choices(storage_of(interaction), guild_id, current)


class SesionCog(commands.Cog):
    sesion = app_commands.Group(
        name="sesion",
        description="Las sesiones de juego, en los eventos del servidor",
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

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
    async def programar(
        self,
        interaction: discord.Interaction,
        titulo: app_commands.Range[str, 1, 100],
        fecha: app_commands.Range[str, 1, 20],
        hora: app_commands.Range[str, 1, 10],
        duracion: app_commands.Range[int, MIN_MINUTES, MAX_MINUTES] = DEFAULT_MINUTES,
        canal: app_commands.AppCommandChannel | None = None,
        descripcion: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        await service.programar(
            _Acting(interaction, "programar sesiones"),
            titulo=titulo,
            fecha=fecha,
            hora=hora,
            duracion=duracion,
            canal=canal,
            descripcion=descripcion,
        )

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
    async def cambiar(
        self,
        interaction: discord.Interaction,
        sesion: app_commands.Range[str, 1, 100],
        titulo: app_commands.Range[str, 1, 100] | None = None,
        fecha: app_commands.Range[str, 1, 20] | None = None,
        hora: app_commands.Range[str, 1, 10] | None = None,
        duracion: app_commands.Range[int, MIN_MINUTES, MAX_MINUTES] | None = None,
        descripcion: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        await service.cambiar(
            _Acting(interaction, "cambiar sesiones"),
            sesion=sesion,
            titulo=titulo,
            fecha=fecha,
            hora=hora,
            duracion=duracion,
            descripcion=descripcion,
        )

    @sesion.command(name="cancelar", description="Cancela una sesión programada")
    @app_commands.describe(sesion="La sesión (las próximas se ofrecen al escribir)")
    @app_commands.autocomplete(sesion=session_choice)
    async def cancelar(
        self, interaction: discord.Interaction, sesion: app_commands.Range[str, 1, 100]
    ) -> None:
        await service.cancelar(_Acting(interaction, "cancelar sesiones"), sesion=sesion)

    @sesion.command(name="lista", description="Las próximas sesiones y las pasadas, con quién jugó")
    async def lista(self, interaction: discord.Interaction) -> None:
        await service.lista(_Acting(interaction, "ver las sesiones"))

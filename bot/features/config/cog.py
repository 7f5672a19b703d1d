"""The ``/config`` command (people with Manage Server)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.common import SYSTEM_CHOICES, Modo, send
from bot.features.encuentro.malherido import clock_asaltos
from bot.features.timing import DEFAULT_ZONE, zone, zone_choices
from bot.render.config import config_embed
from umbral_rules.tables import MALHERIDO_AVISO_RANGE


async def autocomplete_zone(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Common time zones first, then any IANA zone containing what was typed."""
    return [app_commands.Choice(name=z, value=z) for z in zone_choices(current)]


#: [D] Anyone sees the settings; changing them takes «Gestionar servidor», but the time zone
#: (when the reminders keep quiet) is the GM's own setting.
SETTINGS = (
    "rol_master", "dados_fisicos", "modo", "defensa", "canal_master", "aviso_malherido",
    "sistema",
)  # fmt: skip
CONFIG_USES = (
    Variant("cambiar", "gestor", SETTINGS),
    Variant("zona horaria", "máster", ("zona_horaria",), what="cambiar la zona horaria"),
)


class ConfigCog(FeatureCog):
    topic = Topic(
        "config",
        "Configuración",
        "El servidor (gestores): el rol de máster, el canal del máster, los dados físicos y "
        "la zona horaria.",
    )

    @app_commands.command(name="config", description="Configura Umbral en este servidor (gestores)")
    @app_commands.describe(
        rol_master="El rol de quienes dirigen (máster)",
        dados_fisicos="Permitir que los jugadores escriban sus dados físicos en «dado»",
        modo="El modo por defecto de los encuentros",
        defensa="En Narrativo y Táctico: la defensa de un jugador se tira al momento o espera",
        canal_master="Canal donde el máster recibe las tiradas privadas (/tirar privada)",
        zona_horaria="Zona horaria del servidor (silencio de los recordatorios; máster)",
        aviso_malherido="Tras cuántos asaltos Malherido sin estabilizar se avisa al máster",
        sistema="El juego de los encuentros que no digan otro (por defecto, Umbral)",
    )
    @app_commands.choices(sistema=SYSTEM_CHOICES)
    @app_commands.autocomplete(zona_horaria=autocomplete_zone)
    @app_commands.guild_only()
    @command_context("cualquiera", label="ver", variants=CONFIG_USES)
    async def config(
        self,
        ctx: Context,
        rol_master: discord.Role | None = None,
        dados_fisicos: bool | None = None,
        modo: Modo | None = None,
        defensa: Literal["inmediata", "espera"] | None = None,
        canal_master: discord.TextChannel | None = None,
        zona_horaria: str | None = None,
        aviso_malherido: app_commands.Range[int, MALHERIDO_AVISO_RANGE[0], MALHERIDO_AVISO_RANGE[1]]
        | None = None,
        sistema: str | None = None,
    ) -> None:
        interaction = ctx.interaction
        guild_id = ctx.guild_id
        changes: dict[str, object] = {}
        if rol_master is not None:
            changes["gm_role_id"] = rol_master.id
        if dados_fisicos is not None:
            changes["physical_dice_allowed"] = dados_fisicos
        if modo is not None:
            changes["default_mode"] = modo
        if defensa is not None:
            changes["defense_mode"] = defensa
        if canal_master is not None:
            changes["gm_channel_id"] = canal_master.id
        if aviso_malherido is not None:
            changes["malherido_asaltos"] = aviso_malherido
        if sistema is not None:
            changes["default_system"] = sistema
        if zona_horaria is not None:
            changes["timezone"] = zone(zona_horaria).key
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.guild(guild_id) as uow:
            if changes:  # a manager's (the time zone alone: the GM's too)
                ctx.require((await uow.guild.get()).gm_role_id)
                settings = await uow.guild.update(**changes)
            else:
                settings = await uow.guild.get()
            role = (
                interaction.guild.get_role(settings.gm_role_id)
                if interaction.guild and settings.gm_role_id
                else None
            )
            embed = config_embed(
                gm_role=role.name if role else None,
                gm_role_id=settings.gm_role_id,
                physical_dice=settings.physical_dice_allowed,
                default_mode=settings.default_mode,
                defense_mode=settings.defense_mode,
                gm_channel_id=settings.gm_channel_id,
                changed=bool(changes),
                timezone=settings.timezone or DEFAULT_ZONE,
                malherido_asaltos=clock_asaltos(settings.malherido_asaltos),
                default_system=settings.default_system,
            )
        await send(interaction, embed=embed, ephemeral=True)

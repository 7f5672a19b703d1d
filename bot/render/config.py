"""The guild's configuration as an embed."""

from __future__ import annotations

import discord

from umbral_rules.plural import plural
from umbral_rules.systems import UMBRAL, system_label

MODE_LABELS = {"mesa": "Mesa", "narrativo": "Narrativo", "tactico": "Táctico"}
DEFENSE_LABELS = {
    "inmediata": "se tira al momento",
    "espera": "espera a que el jugador tire /defender",
}


def config_embed(
    *,
    gm_role: str | None,
    gm_role_id: int | None,
    physical_dice: bool,
    default_mode: str,
    defense_mode: str,
    changed: bool,
    gm_channel_id: int | None = None,
    timezone: str = "Europe/Madrid",
    malherido_asaltos: int | None = None,
    default_system: str = UMBRAL,
) -> discord.Embed:
    title = "Configuración guardada" if changed else "Configuración del servidor"
    embed = discord.Embed(title=title, colour=discord.Colour(0x5865F2))
    if gm_role:
        role = f"@{gm_role}"
    elif gm_role_id:
        role = f"rol {gm_role_id}"
    else:
        role = "sin configurar (vale un rol llamado «Máster»)"
    embed.add_field(name="Rol de máster", value=role, inline=False)
    embed.add_field(name="Juego por defecto", value=system_label(default_system), inline=True)
    embed.add_field(name="Dados físicos", value="sí" if physical_dice else "no", inline=True)
    embed.add_field(
        name="Modo por defecto", value=MODE_LABELS.get(default_mode, default_mode), inline=True
    )
    embed.add_field(
        name="Defensa en Narrativo y Táctico",
        value=DEFENSE_LABELS.get(defense_mode, defense_mode),
        inline=False,
    )
    embed.add_field(
        name="Tiradas privadas",
        value=f"también a <#{gm_channel_id}>" if gm_channel_id else "solo en /historial del máster",
        inline=False,
    )
    embed.add_field(name="Zona horaria", value=timezone, inline=True)
    if malherido_asaltos is not None:
        embed.add_field(
            name="Aviso de Malherido",
            value=f"al máster tras {plural(malherido_asaltos, 'asalto')} sin estabilizar",
            inline=True,
        )
    embed.set_footer(
        text="Además del rol, dirigen quien crea el encuentro y quien gestiona el servidor."
    )
    return embed

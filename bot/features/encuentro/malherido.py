"""The Malherido clock's notice (issue 34): «muerto en pocos minutos si nadie hace nada»
(Libro III §16). When ``/asalto`` finds a PC who has lain Malherido the guild's number of
asaltos (``/config aviso_malherido``; [D] ``umbral_rules.tables.MALHERIDO_AVISO_ASALTOS``)
with nobody stabilising them, the GM is told in their channel (``/config canal_master``);
with none, or if the bot cannot write there, the notice stays in the ``/asalto`` reply."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.render.encounter import events_embed
from umbral_rules.encounter import MalheridoClock
from umbral_rules.tables import MALHERIDO_AVISO_ASALTOS

log = logging.getLogger(__name__)


def clock_asaltos(setting: int | None) -> int:
    """The guild's number of asaltos, or the project's default."""
    return MALHERIDO_AVISO_ASALTOS if setting is None else setting


async def tell_gm(
    interaction: discord.Interaction,
    gm_channel: int | None,
    clock: Sequence[MalheridoClock],
) -> bool:
    """Post the notices in the GM's channel; whether they went there."""
    if not clock or gm_channel is None or interaction.guild_id is None:
        return False
    where = f"<#{interaction.channel_id}>" if interaction.channel_id else "el encuentro"
    embed = events_embed("Malherido sin estabilizar", [e.message for e in clock])
    embed.set_footer(text=f"En {where}. El bot avisa; el máster decide.")
    embed.description = f"En {where}:\n{embed.description or ''}"
    channel = interaction.client.get_partial_messageable(gm_channel, guild_id=interaction.guild_id)
    try:
        await channel.send(embed=embed)
    except discord.HTTPException:
        log.warning("No se pudo avisar al máster en el canal %s", gm_channel)
        return False
    return True

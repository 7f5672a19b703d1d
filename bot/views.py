"""Persistent views: registered at start-up so their buttons work after a restart."""

from __future__ import annotations

import discord


def persistent_views() -> list[discord.ui.View]:
    from bot.features.combate.defender_button import DefenderView

    return [DefenderView()]

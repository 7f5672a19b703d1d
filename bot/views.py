"""Persistent views: registered at start-up so their buttons work after a restart."""

from __future__ import annotations

from typing import Any

import discord


def persistent_views() -> list[discord.ui.View]:
    from bot.features.combate.defender_button import DefenderView

    return [DefenderView()]


def dynamic_items() -> list[type[discord.ui.DynamicItem[Any]]]:
    """Buttons whose ``custom_id`` carries their state (the page buttons of long lists)."""
    from bot.features.historial.pager import HistoryButton
    from bot.features.pages import PageButton

    return [PageButton, HistoryButton]

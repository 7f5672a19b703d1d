"""Encounter events (what an operation reports) as embeds."""

from __future__ import annotations

from collections.abc import Sequence

import discord

EVENT_COLOUR = discord.Colour(0x2C3E50)


def events_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    """A title and one line per event message."""
    text = "\n".join(f"• {line}" for line in lines if line)
    return discord.Embed(title=title, description=text[:4000] or None, colour=EVENT_COLOUR)

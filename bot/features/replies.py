"""Replies that may not fit one Discord message: split into as many as it takes.

``common.send`` sends one message; this splits content (2,000 characters) and embeds (10 and
6,000 characters a message) first and sends each part with it, the view on the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import zip_longest

import discord

from bot.features.common import send
from bot.render.limits import CONTENT_MAX, batch_embeds, split_text


def split_reply(
    content: str | None, embeds: Sequence[discord.Embed]
) -> list[tuple[str | None, list[discord.Embed]]]:
    """The messages a reply becomes: ``(content, embeds)`` each within Discord's limits."""
    texts: list[str | None] = list(split_text((content or "").split("\n"), CONTENT_MAX))
    if not content:
        texts = []
    batches = batch_embeds(list(embeds))
    parts = list(zip_longest(texts, batches, fillvalue=None))
    return [(text, list(batch or [])) for text, batch in parts] or [(None, [])]


async def send_split(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
    pings: Iterable[int] = (),
) -> None:
    """Answer with as many messages as the reply needs (the view goes on the first; only
    the users in ``pings`` can be pinged, see ``bot.render.safe``)."""
    for i, (text, batch) in enumerate(split_reply(content, embeds)):
        await send(
            interaction,
            content=text,
            embeds=batch,
            view=view if i == 0 else None,
            ephemeral=ephemeral,
            pings=pings,
        )

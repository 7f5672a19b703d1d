"""Long lists in pages: ◀ ▶ buttons that turn the page without touching the database.

The pages are rendered once, when the command runs, and kept in memory (a bounded store,
each list for the 15 minutes its interaction token lives). The buttons are a
:class:`discord.ui.DynamicItem` whose ``custom_id`` holds the list's key and the page it
turns to, registered at start-up: a press after a restart (or once the list has expired)
still gets an answer — «vuelve a pedir la lista» — instead of Discord's «interacción
fallida».
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from dataclasses import dataclass

import discord

from bot.edge.tree import gate_component
from bot.features.common import send
from bot.render.limits import numbered

#: How long a list's pages stay (Discord's interaction tokens last 15 minutes).
PAGES_TTL_S = 15 * 60
#: How many lists are kept at most (the oldest goes first).
PAGES_KEPT = 512
EXPIRED = "Esta lista ha caducado: vuelve a pedirla con el comando."
NOT_YOURS = "Esta lista es de otra persona: pide la tuya con el comando."


@dataclass
class _Entry:
    owner_id: int
    pages: list[discord.Embed]
    created: float


class PageStore:
    """The lists shown with page buttons, by key."""

    def __init__(self) -> None:
        self._lists: OrderedDict[str, _Entry] = OrderedDict()

    def put(self, key: str, owner_id: int, pages: list[discord.Embed]) -> None:
        self._lists[key] = _Entry(owner_id, pages, time.monotonic())
        while len(self._lists) > PAGES_KEPT:
            self._lists.popitem(last=False)

    def get(self, key: str) -> _Entry | None:
        entry = self._lists.get(key)
        if entry is None or time.monotonic() - entry.created > PAGES_TTL_S:
            self._lists.pop(key, None)
            return None
        return entry


STORE = PageStore()


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"umbral:pag:(?P<key>[0-9a-z]{1,20}):(?P<page>\d{1,4})",
):
    """Turn to page ``page`` of list ``key``."""

    def __init__(self, key: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=f"umbral:pag:{key}:{page}",
                disabled=disabled,
            )
        )
        self.key = key
        self.page = page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
        /,
    ) -> PageButton:
        return cls(match["key"], int(match["page"]), str(getattr(item, "label", "") or ""))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await gate_component(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        entry = STORE.get(self.key)
        if entry is None:
            await interaction.response.send_message(EXPIRED, ephemeral=True)
            return
        if entry.owner_id != interaction.user.id:
            await interaction.response.send_message(NOT_YOURS, ephemeral=True)
            return
        page = min(self.page, len(entry.pages) - 1)
        await interaction.response.edit_message(
            embed=entry.pages[page], view=pages_view(self.key, page, len(entry.pages))
        )


def pages_view(key: str, page: int, count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(key, max(0, page - 1), "◀ Anterior", disabled=page == 0))
    view.add_item(PageButton(key, min(count - 1, page + 1), "Siguiente ▶", page >= count - 1))
    return view


async def send_pages(
    interaction: discord.Interaction, pages: list[discord.Embed], *, ephemeral: bool = False
) -> None:
    """Answer with the first page, and page buttons when there are more."""
    numbered(pages)
    if len(pages) <= 1:
        await send(interaction, embed=pages[0], ephemeral=ephemeral)
        return
    key = _key(interaction.id)
    STORE.put(key, interaction.user.id, pages)
    await send(
        interaction, embed=pages[0], view=pages_view(key, 0, len(pages)), ephemeral=ephemeral
    )


def _key(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out

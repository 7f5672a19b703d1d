"""``/historial``'s pages: ◀ ▶ buttons that read the next page from the log itself, so the
whole log can be paged through (not only what one reply could hold).

Each page is read by id (keyset): «Siguiente» asks for the entries older than the last one
shown, «Anterior» for those newer than the first, 21 rows at most, and shows as many as fit
one embed. The button's ``custom_id`` carries the list's key, the page number and that
bound (no count of the whole log is made: a page costs one indexed read of 21 rows); the
list (its filters and who asked) is kept in memory for the 15 minutes of the
interaction's token, like :mod:`bot.features.pages`; a press after that (or a restart) gets
«vuelve a pedir la lista»."""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.edge.tree import gate_component
from bot.features.pages import EXPIRED, NOT_YOURS, PAGES_KEPT, PAGES_TTL_S, _key
from bot.render.limits import PAGE_LINES
from bot.storage import RollLogEntry

if TYPE_CHECKING:
    from bot.features.names import MemberNames
    from bot.storage import Storage

NEWER, OLDER = "a", "b"


@dataclass
class HistoryList:
    """What a /historial asked for: its filters, who asked (and whether as the GM); and
    where its pages are read (the storage and the names cache of the command's cog)."""

    storage: Storage
    member_names: MemberNames
    owner_id: int
    guild_id: int
    channel_id: int | None
    user_id: int | None
    personaje: str | None
    gm: bool
    #: Display names known when the command ran (the ``usuario:`` asked about).
    names: dict[int, str] = field(default_factory=dict)
    created: float = field(default_factory=time.monotonic)


class HistoryStore:
    def __init__(self) -> None:
        self._lists: OrderedDict[str, HistoryList] = OrderedDict()

    def put(self, key: str, entry: HistoryList) -> None:
        self._lists[key] = entry
        while len(self._lists) > PAGES_KEPT:
            self._lists.popitem(last=False)

    def get(self, key: str) -> HistoryList | None:
        entry = self._lists.get(key)
        if entry is None or time.monotonic() - entry.created > PAGES_TTL_S:
            self._lists.pop(key, None)
            return None
        return entry


STORE = HistoryStore()


async def render(
    interaction: discord.Interaction, key: str, lst: HistoryList, page: int, way: str, bound: int
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page``: the entries older (``OLDER``) or newer (``NEWER``) than ``bound``
    (0: from the newest)."""
    # bot.render.tirar imports the tirar package, whose cog imports this feature: read here
    from bot.render.tirar import fitting, history_lines, history_page

    async with lst.storage.reading(lst.guild_id) as uow:
        newer = way == NEWER
        entries = await uow.rolls.entries(
            channel_id=lst.channel_id,
            user_id=lst.user_id,
            personaje=lst.personaje,
            limit=PAGE_LINES + 1,
            newest_first=not newer,
            before_id=bound if way == OLDER and bound else None,
            after_id=bound if newer else None,
        )
        undone = (
            await uow.rolls.undone_ids(channel_id=lst.channel_id, after=min(e.id for e in entries))
            if entries
            else frozenset()
        )
    names = dict(lst.names)
    names.setdefault(interaction.user.id, interaction.user.display_name)
    others = [e.user_id for e in entries if e.user_id not in names]
    if others and interaction.guild is not None:
        names.update(await lst.member_names.names(interaction.guild, others))
    lines = history_lines(
        entries, names=names, viewer_id=lst.owner_id, viewer_is_gm=lst.gm, undone=undone
    )
    shown = fitting(lines) if entries else 0
    more = len(entries) > shown  # beyond this page, in the direction read
    rows: list[tuple[RollLogEntry, str]] = list(zip(entries, lines, strict=True))[:shown]
    if newer:
        rows.reverse()  # read oldest first from the bound: shown newest first
    has_newer, has_older = (more, True) if newer else (bound != 0, more)
    page = 0 if newer and not has_newer else page
    footer = f"Página {page + 1}" if has_newer or has_older else ""
    embed = history_page([line for _, line in rows], footer)
    if not rows or not (has_newer or has_older):
        return embed, None
    view = discord.ui.View(timeout=None)
    first, last = rows[0][0].id, rows[-1][0].id
    view.add_item(HistoryButton(key, max(0, page - 1), NEWER, first, "◀ Anterior", not has_newer))
    view.add_item(HistoryButton(key, page + 1, OLDER, last, "Siguiente ▶", not has_older))
    return embed, view


async def first_page(
    interaction: discord.Interaction, lst: HistoryList
) -> tuple[discord.Embed, discord.ui.View | None]:
    key = _key(interaction.id)
    STORE.put(key, lst)
    return await render(interaction, key, lst, 0, OLDER, 0)


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"umbral:hist:(?P<key>[0-9a-z]{1,20}):(?P<page>\d{1,6}):(?P<way>[ab]):(?P<id>\d{1,20})",
):
    """Turn to page ``page``: the entries older / newer than entry ``bound``."""

    def __init__(
        self, key: str, page: int, way: str, bound: int, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=f"umbral:hist:{key}:{page}:{way}:{bound}",
                disabled=disabled,
            )
        )
        self.key, self.page, self.way, self.bound = key, page, way, bound

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HistoryButton:
        label = str(getattr(item, "label", "") or "")
        return cls(match["key"], int(match["page"]), match["way"], int(match["id"]), label)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await gate_component(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        lst = STORE.get(self.key)
        if lst is None:
            await interaction.response.send_message(EXPIRED, ephemeral=True)
            return
        if lst.owner_id != interaction.user.id:
            await interaction.response.send_message(NOT_YOURS, ephemeral=True)
            return
        await interaction.response.defer()
        embed, view = await render(interaction, self.key, lst, self.page, self.way, self.bound)
        if view is None:
            await interaction.edit_original_response(embed=embed, view=None)
        else:
            await interaction.edit_original_response(embed=embed, view=view)

"""Speaking as a character: each channel's webhook (id and secret token) and the lines said
through it (:mod:`bot.storage.scene_models`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from umbral_rules.text import name_key

from .models import Character
from .scene_models import ChannelWebhookRow, SceneLineRow


@dataclass(frozen=True)
class StoredWebhook:
    webhook_id: int
    token: str = ""

    def __repr__(self) -> str:  # the token is a secret: never in a log or a traceback
        return f"StoredWebhook(webhook_id={self.webhook_id}, token=…)"


@dataclass(frozen=True)
class SceneLine:
    """A line said as a character (``texto`` None: deleted)."""

    id: int
    channel_id: int
    thread_id: int | None
    message_id: int
    webhook_id: int
    user_id: int
    character_id: int | None
    actor: str
    texto: str | None
    roll_id: int
    avatar_url: str | None = None  # the picture it was said with (None: the default one)


def _line(row: SceneLineRow) -> SceneLine:
    return SceneLine(
        row.id, row.channel_id, row.thread_id, row.message_id, row.webhook_id, row.user_id,
        row.character_id, row.actor, row.texto, row.roll_id, row.avatar_url,
    )  # fmt: skip


class SceneRepository:
    """A guild's channel webhooks and scene lines, in the unit of work's transaction."""

    def __init__(self, session: AsyncSession, guild_id: int) -> None:
        self._session = session
        self.guild_id = guild_id

    async def webhook(self, channel_id: int) -> StoredWebhook | None:
        row = await self._session.get(ChannelWebhookRow, channel_id)
        if row is None or row.guild_id != self.guild_id:
            return None
        return StoredWebhook(row.webhook_id, row.token)

    async def keep_webhook(self, channel_id: int, webhook: StoredWebhook) -> None:
        """``webhook`` is now the channel's (replacing one Discord no longer has)."""
        row = await self._session.get(ChannelWebhookRow, channel_id)
        if row is None:
            row = ChannelWebhookRow(channel_id=channel_id, guild_id=self.guild_id)
            self._session.add(row)
        row.webhook_id, row.token = webhook.webhook_id, webhook.token

    async def add_line(self, line: SceneLine, at: datetime) -> None:
        row = SceneLineRow(
            guild_id=self.guild_id, channel_id=line.channel_id, thread_id=line.thread_id,
            message_id=line.message_id, webhook_id=line.webhook_id, user_id=line.user_id,
            character_id=line.character_id, actor=line.actor, texto=line.texto,
            roll_id=line.roll_id, avatar_url=line.avatar_url, created_at=at,
        )  # fmt: skip
        self._session.add(row)

    async def rivals(self, owner_id: int, key: str, avatar_url: str | None) -> list[Character]:
        """The guild's characters of other owners than ``owner_id`` whose name has the name
        key ``key`` or (when given) whose picture is ``avatar_url``."""
        same = Character.name_key == key
        if avatar_url:
            same = or_(same, Character.avatar_url == avatar_url)
        stmt = (
            select(Character)
            .where(Character.guild_id == self.guild_id, Character.owner_id != owner_id, same)
            .order_by(Character.id)
        )
        return list((await self._session.scalars(stmt)).all())

    async def first_under_name(self, key: str, character_ids: list[int]) -> int | None:
        """Which of ``character_ids`` said a line first under a name of key ``key`` (None:
        none did). The record keeps the name each line was said under (``actor``); the key is
        Python's, so the distinct names each character spoke under are read and keyed here."""
        stmt = (
            select(SceneLineRow.actor, SceneLineRow.character_id, func.min(SceneLineRow.id))
            .where(
                SceneLineRow.guild_id == self.guild_id,
                SceneLineRow.character_id.in_(character_ids),
            )
            .group_by(SceneLineRow.actor, SceneLineRow.character_id)
        )
        firsts = [
            (first, character_id)
            for actor, character_id, first in (await self._session.execute(stmt)).all()
            if name_key(actor) == key
        ]
        return min(firsts)[1] if firsts else None

    async def first_with_picture(self, avatar_url: str, character_ids: list[int]) -> int | None:
        """Which of ``character_ids`` said a line first with the picture ``avatar_url``."""
        stmt = (
            select(SceneLineRow.character_id)
            .where(
                SceneLineRow.guild_id == self.guild_id,
                SceneLineRow.character_id.in_(character_ids),
                SceneLineRow.avatar_url == avatar_url,
            )
            .order_by(SceneLineRow.id)
            .limit(1)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def _row(self, message_id: int) -> SceneLineRow | None:
        stmt = (
            select(SceneLineRow)
            .where(SceneLineRow.guild_id == self.guild_id, SceneLineRow.message_id == message_id)
            .order_by(SceneLineRow.id.desc())  # the newest: see the index's comment
            .limit(1)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def line(self, message_id: int) -> SceneLine | None:
        """The line posted as message ``message_id`` (None: not a line of this guild)."""
        row = await self._row(message_id)
        return None if row is None else _line(row)

    async def edit_line(self, message_id: int, texto: str, at: datetime) -> None:
        row = await self._row(message_id)
        if row is not None:
            row.texto, row.edited_at = texto, at

    async def delete_line(self, message_id: int, at: datetime) -> None:
        """The line stays in the record as deleted, without its text."""
        row = await self._row(message_id)
        if row is not None:
            row.texto, row.deleted_at = None, at

"""The tables of speaking as a character (``/decir``, issue 38): each channel's webhook and
the lines said through it.

A line is also an entry of the roll log (command ``decir``), so ``/historial`` shows a scene's
dialogue among its rolls in one order; its text lives here, not in the log, because the log
is never changed and a deleted line must lose its text (``texto`` NULL, ``deleted_at`` set)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, BigId


class ChannelWebhookRow(Base):
    """The webhook the bot speaks through in one text channel (its threads use it too, with
    ``thread_id``). ``token`` is a secret: whoever has it can post as the webhook, so it is
    never logged nor shown."""

    __tablename__ = "channel_webhooks"

    channel_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    webhook_id: Mapped[int] = mapped_column(BigInteger)
    token: Mapped[str] = mapped_column(Text)


class SceneLineRow(Base):
    """One line said as a character: where (``channel_id`` is the channel or thread it was
    said in, as the roll log keeps it), its message, who said it and as whom."""

    __tablename__ = "scene_lines"
    __table_args__ = (
        # not unique: Discord's message ids are, but the console's start again when it is
        # reopened on its database (the newest line of an id is the one meant)
        Index("ix_scene_lines_message", "guild_id", "message_id"),
        Index("ix_scene_lines_roll", "roll_id"),
        # who spoke first under a name or with a picture: a character's lines (issue 43)
        Index("ix_scene_lines_character", "character_id"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    #: The thread's id when said in a thread (the webhook is its parent channel's).
    thread_id: Mapped[int | None] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)
    webhook_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    character_id: Mapped[int | None] = mapped_column(Integer)
    actor: Mapped[str] = mapped_column(String(100))
    #: What was said, as typed; NULL once deleted.
    texto: Mapped[str | None] = mapped_column(Text)
    #: Its entry in the roll log.
    roll_id: Mapped[int] = mapped_column(BigId)
    #: The picture link it was said with (NULL: the default picture). Who spoke first with a
    #: link keeps it (issue 43: ``bot.features.decir.claims``); lines older than 0018 have
    #: their character's link of that day.
    avatar_url: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    edited_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

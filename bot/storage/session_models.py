"""The tables of the game sessions on Discord's calendar (migration 0013).

A session is a guild scheduled event the bot created (``event_id``); the row keeps what the
bot last read of it (title, times, status), where its reminders go (``channel_id``), who was
interested when it started and who played. Its steps (the 24 h and 1 h reminders, its start,
its end) are rows of their own, each claimed once by whichever process gets it first. The
``activity`` rows say who did something the session's attendance counts (rolls are the roll
log's own rows)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from bot.jsontypes import JsonArray

from .models import Base, BigId

SESSION_SCHEDULED = "programada"
SESSION_RUNNING = "en curso"
SESSION_DONE = "terminada"
SESSION_CANCELLED = "cancelada"


class GameSessionRow(Base):
    __tablename__ = "game_sessions"
    __table_args__ = (
        Index("ix_game_sessions_guild_starts", "guild_id", "starts_at"),
        Index("ix_game_sessions_event", "event_id", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    #: The play channel: the reminders are posted there.
    channel_id: Mapped[int] = mapped_column(BigInteger)
    #: Discord's scheduled event.
    event_id: Mapped[int] = mapped_column(BigInteger)
    title: Mapped[str] = mapped_column(String(100))
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(12), default=SESSION_SCHEDULED)
    creator_id: Mapped[int] = mapped_column(BigInteger)
    #: Who was interested, as Discord last listed them (kept at the start: Discord stops
    #: listing them once the event ends).
    interested: Mapped[JsonArray] = mapped_column(JSON, default=list)
    #: Who acted between the start and the end; NULL until the session ended.
    attended: Mapped[JsonArray | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SessionStepRow(Base):
    """One step of a session, due at ``due_at``: ``kind`` "24h" or "1h" (a reminder),
    "inicio" (keep who is interested) or "fin" (count who played); ``done_at`` once taken."""

    __tablename__ = "session_steps"
    __table_args__ = (Index("ix_session_steps_due_at", "due_at"),)

    session_id: Mapped[int] = mapped_column(
        ForeignKey("game_sessions.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(10), primary_key=True)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    done_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: A reminder being posted (migration 0019): which try it is, until when the process
    #: that claimed it holds it, and the nonce every try of it carries.
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    nonce: Mapped[str | None] = mapped_column(String(25))


class ActivityRow(Base):
    """Someone did something a session's attendance counts (joined an encounter, spoke as a
    character), at ``at``."""

    __tablename__ = "activity"
    __table_args__ = (Index("ix_activity_guild_at", "guild_id", "at"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

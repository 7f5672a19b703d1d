"""The tables of the play-by-post reminders (migration 0010)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base


class EncounterReminderSettings(Base):
    """An encounter's reminders: every ``hours`` hours, never in the quiet hours
    (``quiet_start``–``quiet_end``, local hours of the guild's zone). No row: off."""

    __tablename__ = "encounter_reminders"

    encounter_id: Mapped[int] = mapped_column(
        ForeignKey("encounters.id", ondelete="CASCADE"), primary_key=True
    )
    hours: Mapped[int] = mapped_column(Integer)
    quiet_start: Mapped[int | None] = mapped_column(Integer)
    quiet_end: Mapped[int | None] = mapped_column(Integer)
    #: The message being posted (migration 0019): which try it is (0: none under way), until
    #: when the process that claimed it holds it, and the nonce every try of it carries.
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    nonce: Mapped[str | None] = mapped_column(String(25))


class ReminderRow(Base):
    """One player waited for in an encounter: to act in the phase (``kind`` "turno", ``ref``
    "asalto:fase") or to defend (``kind`` "defensa", ``ref`` the pending defense's id)."""

    __tablename__ = "reminders"
    __table_args__ = (Index("ix_reminders_due_at", "due_at"),)

    encounter_id: Mapped[int] = mapped_column(
        ForeignKey("encounters.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(10), primary_key=True)
    ref: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: When it became their turn (the phase's start, the pending defense's creation).
    since_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: When they are reminded next.
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

"""The roll log: append and read, nothing else (the database refuses UPDATE and DELETE)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Select, Text, cast, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.clock import Now, system_now
from bot.jsontypes import JsonArray, from_json_text
from bot.records.rolls import RollResult, Undone, result_from_json
from umbral_rules.text import name_key

from .encounter_info import EncounterInfo, aware
from .models import RollLogRow, table
from .scene_models import SceneLineRow

_TABLE = table(RollLogRow)
#: The JSON columns, read as text when the rows are decoded off the event loop.
_JSON = ("dice", "modifiers", "result")
_INSERT = insert(_TABLE)
_LINES = table(SceneLineRow)
#: A ``/decir`` entry's line, read with it: its text (NULL once deleted) and when deleted.
_SAID = (_LINES.c.texto.label("said"), _LINES.c.deleted_at.label("said_deleted_at"))
_WITH_LINES = _TABLE.outerjoin(_LINES, _LINES.c.roll_id == _TABLE.c.id)
#: The roll log's entry of an undo: its result (:class:`Undone`) lists the roll ids it took
#: back.
UNDO_COMMAND = "deshacer"
#: The roll log's entry of a line said as a character (its text: :class:`SceneLineRow`).
SAID_COMMAND = "decir"
#: Entries that roll no dice: an undo, the adjustments of /ficha ajustar and /descanso, a
#: GM's hand corrections and the lines of /decir (an encounter's summary counts the others,
#: its rolls).
NOT_ROLLS = (
    UNDO_COMMAND,
    "ficha ajustar",
    "descanso",
    "encuentro ajustar",
    "hielo ajustar",
    "porcentual ajustar",
    "graduado ajustar",
    SAID_COMMAND,
)
#: What the columns of who rolled, against whom and why keep at most (longer is cut).
WHO_MAX = 200


@dataclass(frozen=True)
class RollLogEntry:
    id: int
    guild_id: int
    channel_id: int
    user_id: int
    command: str
    dice: JsonArray
    modifiers: JsonArray
    #: What the entry keeps besides its dice (:mod:`bot.records.rolls`, one kind per entry).
    result: RollResult
    physical: bool
    created_at: datetime
    #: Migration 0011: who rolled (character or enemy, as shown), the player character's id,
    #: against whom, why and in which encounter; ``None`` on older entries.
    actor: str | None = None
    character_id: int | None = None
    target: str | None = None
    motivo: str | None = None
    encounter_id: int | None = None
    #: A ``/decir`` entry: the line's text (None once deleted, or not a line), and whether
    #: it was deleted.
    said: str | None = None
    said_deleted: bool = False


def _as_json(value: object) -> object:
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value


def _cut(text: str | None) -> str | None:
    if text is None:
        return None
    text = text.strip()
    return (text if len(text) <= WHO_MAX else text[: WHO_MAX - 1] + "…") or None


class ReadsEncounter(Protocol):
    """The channel's encounter repository, as the roll log reads it."""

    @property
    def info(self) -> EncounterInfo | None: ...


class RollLogRepository:
    def __init__(
        self,
        session: AsyncSession,
        guild_id: int,
        channel_id: int | None,
        encounter: Sequence[ReadsEncounter] = (),
        clock: Now = system_now,
    ) -> None:
        self._session = session
        #: When a roll happens: the storage's clock (the console's, in the console), so a
        #: session's attendance reads rolls on the same clock as its start and end.
        self._clock = clock
        self.guild_id = guild_id
        self.channel_id = channel_id
        #: The unit's box of the channel's encounter repository (empty until the unit makes
        #: it): a roll made in this unit belongs to the encounter it read, unless told
        #: otherwise.
        self._encounter = encounter
        #: The ids of the entries this unit of work logged (for its undo record), and
        #: whether any of them rolled dice.
        self.appended: list[int] = []
        self.rolled = False

    async def append(
        self,
        *,
        user_id: int,
        command: str,
        dice: Sequence[object],
        modifiers: Sequence[object] = (),
        result: RollResult | None = None,
        physical: bool = False,
        channel_id: int | None = None,
        actor: str | None = None,
        character_id: int | None = None,
        target: str | None = None,
        motivo: str | None = None,
        encounter_id: int | None = None,
    ) -> int:
        """Log one roll in this unit of work: every die face, the modifiers, the result;
        who rolled (``actor``: the character or enemy as shown, ``character_id`` for a player
        character), against whom (``target``), why (``motivo``). Its id in the log.

        ``dice`` and ``modifiers`` may hold plain JSON values or objects with ``to_dict()``
        (``DieRoll``, ``Modifier``); ``channel_id`` defaults to the unit's channel and
        ``encounter_id`` to the channel's encounter this unit read (if it read one).
        """
        channel = self.channel_id if channel_id is None else channel_id
        if channel is None:
            raise ValueError("A roll needs a channel: pass channel_id or use storage.channel().")
        if encounter_id is None and channel == self.channel_id and self._encounter:
            info = self._encounter[0].info
            encounter_id = None if info is None else info.id
        actor = _cut(actor)
        conn = await self._session.connection()
        inserted = await conn.execute(
            _INSERT,
            {
                "guild_id": self.guild_id,
                "channel_id": channel,
                "user_id": user_id,
                "command": command,
                "dice": [_as_json(d) for d in dice],
                "modifiers": [_as_json(m) for m in modifiers],
                "result": {} if result is None else result.to_json(),
                "physical": physical,
                "created_at": self._clock(),
                "actor": actor,
                "actor_key": None if actor is None else name_key(actor)[:400],
                "character_id": character_id,
                "target": _cut(target),
                "motivo": _cut(motivo),
                "encounter_id": encounter_id,
            },
        )
        key = inserted.inserted_primary_key
        if key is None:  # pragma: no cover - every backend gives the new row's id
            raise RuntimeError("The roll log gave no id for the new entry")
        roll_id = int(key[0])
        if channel == self.channel_id:
            self.appended.append(roll_id)
            self.rolled = self.rolled or bool(dice)
        return roll_id

    async def get(self, roll_id: int) -> RollLogEntry | None:
        """One entry of this guild's log by its id (None: no such entry here)."""
        stmt = select(_TABLE).where(_TABLE.c.guild_id == self.guild_id, _TABLE.c.id == roll_id)
        row = (await self._session.execute(stmt)).mappings().one_or_none()
        return None if row is None else _entry(row)

    async def entries(
        self,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        personaje: str | None = None,
        limit: int | None = 50,
        newest_first: bool = True,
        before_id: int | None = None,
        after_id: int | None = None,
        since: datetime | None = None,
    ) -> list[RollLogEntry]:
        """Rolls of this guild (of one channel / one user / one character when given:
        ``personaje`` is matched by its name key, «Íñigo» finds «iñigo»); ``before_id`` /
        ``after_id``: only those older / newer than that entry (a page of the log);
        ``since``: only those logged from then on."""
        stmt = _filtered(
            select(_TABLE, *_SAID).select_from(_WITH_LINES),
            self.guild_id, channel_id, user_id, personaje,
        )  # fmt: skip
        if since is not None:
            stmt = stmt.where(_TABLE.c.created_at >= since)
        if before_id is not None:
            stmt = stmt.where(_TABLE.c.id < before_id)
        if after_id is not None:
            stmt = stmt.where(_TABLE.c.id > after_id)
        stmt = stmt.order_by(_TABLE.c.id.desc() if newest_first else _TABLE.c.id)
        if limit is not None:
            stmt = stmt.limit(limit)
        rows = (await self._session.execute(stmt)).mappings().all()
        return [_entry(r) for r in rows]

    async def entries_as_text(
        self,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        personaje: str | None = None,
        limit: int,
        after_id: int | None = None,
        before_id: int | None = None,
        since: datetime | None = None,
    ) -> list[UndecodedEntry]:
        """As :meth:`entries` (oldest first), with the JSON columns read as their text (not
        decoded on the event loop): :func:`decoded` turns each row into its entry, off it."""
        columns = [cast(c, Text).label(c.name) if c.name in _JSON else c for c in _TABLE.c]
        stmt = _filtered(
            select(*columns, *_SAID).select_from(_WITH_LINES),
            self.guild_id, channel_id, user_id, personaje,
        )  # fmt: skip
        if after_id is not None:
            stmt = stmt.where(_TABLE.c.id > after_id)
        if before_id is not None:
            stmt = stmt.where(_TABLE.c.id < before_id)
        if since is not None:
            stmt = stmt.where(_TABLE.c.created_at >= since)
        stmt = stmt.order_by(_TABLE.c.id).limit(limit)
        rows = (await self._session.execute(stmt)).mappings().all()
        return [UndecodedEntry(row["id"], row) for row in rows]

    async def last_id(self) -> int:
        """The id of the guild's newest entry (0 when it has none): where a read in
        batches stops, so that what is logged meanwhile stays out of it."""
        stmt = select(func.max(_TABLE.c.id)).where(_TABLE.c.guild_id == self.guild_id)
        return int((await self._session.execute(stmt)).scalar() or 0)

    async def undone_ids(
        self, *, channel_id: int | None = None, after: int | None = None
    ) -> frozenset[int]:
        """The ids of the rolls a ``/deshacer`` took back (its entries list them). With
        ``after``, only the undos logged after that roll id: the only ones that can have taken
        back a roll from ``after`` on (a ``/deshacer`` is logged after what it undoes). The
        ``(guild_id, command, channel_id)`` index finds the undo entries; ``after`` keeps
        the read to those since the oldest roll shown."""
        stmt = select(_TABLE.c.result).where(
            _TABLE.c.guild_id == self.guild_id, _TABLE.c.command == UNDO_COMMAND
        )
        if channel_id is not None:
            stmt = stmt.where(_TABLE.c.channel_id == channel_id)
        if after is not None:
            stmt = stmt.where(_TABLE.c.id > after)
        found: set[int] = set()
        for result in (await self._session.execute(stmt)).scalars():
            entry = result_from_json(result)
            if isinstance(entry, Undone):
                found.update(entry.deshace)
        return frozenset(found)

    async def count(self, *, channel_id: int | None = None) -> int:
        stmt = select(func.count()).select_from(_TABLE).where(_TABLE.c.guild_id == self.guild_id)
        if channel_id is not None:
            stmt = stmt.where(_TABLE.c.channel_id == channel_id)
        return int((await self._session.execute(stmt)).scalar_one())

    async def count_encounter(self, encounter_id: int) -> int:
        """The rolls made in one encounter (not its undo and adjustment entries)."""
        stmt = (
            select(func.count())
            .select_from(_TABLE)
            .where(
                _TABLE.c.guild_id == self.guild_id,
                _TABLE.c.encounter_id == encounter_id,
                _TABLE.c.command.not_in(NOT_ROLLS),
            )
        )
        return int((await self._session.execute(stmt)).scalar_one())


def _filtered(
    stmt: Select[Any],
    guild_id: int,
    channel_id: int | None,
    user_id: int | None,
    personaje: str | None,
) -> Select[Any]:
    stmt = stmt.where(_TABLE.c.guild_id == guild_id)
    if channel_id is not None:
        stmt = stmt.where(_TABLE.c.channel_id == channel_id)
    if user_id is not None:
        stmt = stmt.where(_TABLE.c.user_id == user_id)
    if personaje is not None:
        stmt = stmt.where(_TABLE.c.actor_key == name_key(personaje))
    return stmt


@dataclass(frozen=True)
class UndecodedEntry:
    """An entry as :meth:`RollLogRepository.entries_as_text` reads it: its id, and its
    columns with the JSON ones still text (:func:`decoded` reads them, off the loop)."""

    id: int
    columns: Mapping[str, Any]


def decoded(rows: Sequence[UndecodedEntry]) -> list[RollLogEntry]:
    """The entries of :meth:`RollLogRepository.entries_as_text`'s rows (their JSON decoded)."""
    return [
        _entry({**row.columns, **{name: from_json_text(row.columns[name]) for name in _JSON}})
        for row in rows
    ]


def _entry(row: Mapping[Any, Any]) -> RollLogEntry:
    values = dict(row)
    del values["actor_key"]
    values["created_at"] = aware(row["created_at"])
    values["dice"], values["modifiers"] = list(row["dice"] or []), list(row["modifiers"] or [])
    values["result"], values["physical"] = result_from_json(row["result"]), bool(row["physical"])
    # a line said with /decir, when the query joined its scene line (issue 38)
    values["said_deleted"] = values.pop("said_deleted_at", None) is not None
    return RollLogEntry(**values)

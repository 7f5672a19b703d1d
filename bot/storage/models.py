"""The tables, as SQLAlchemy 2 declarative models.

Every table carries ``guild_id`` (directly, or through its encounter) so that every query can
be scoped by guild. The migrations in ``migrations/versions`` create exactly these tables
(a test compares them) plus the triggers that make ``roll_log`` append-only.
"""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.ext.mutable import MutableDict, MutableList
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, validates

from bot.jsontypes import JsonArray, JsonObject
from umbral_rules.systems import UMBRAL as DEFAULT_SYSTEM
from umbral_rules.text import name_key

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: A surrogate key: BIGINT on PostgreSQL, INTEGER (the rowid alias) on SQLite.
BigId = BigInteger().with_variant(Integer(), "sqlite")
JsonDict = MutableDict.as_mutable(JSON())
JsonList = MutableList.as_mutable(JSON())
#: A whole document, always read and written whole: JSON on both databases. On PostgreSQL
#: ``json`` keeps the text as sent; ``jsonb`` would parse it into its binary form on every
#: save (a 200-combatant document, ~180 KB: 4–6 ms a save against 1.1–1.3 ms, bench/README.md
#: issue 33) for operators no query here uses.
Document = JSON()
#: ``umbral_rules.text.name_key`` of a row's name ([D] in umbral_rules/tables.py): NFKC may
#: make a key longer than its 80-character name.
NAME_KEY_LENGTH = 400

ENCOUNTER_ACTIVE = "active"
ENCOUNTER_ENDED = "ended"
VITAL_ACTIVE = "activo"
VITAL_DEAD = "muerto"
VITAL_RETIRED = "retirado"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _created() -> Mapped[datetime]:
    return mapped_column(DateTime(timezone=True), server_default=func.now())


class GuildSettings(Base):
    """One row per guild: who is GM and how its encounters start."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    gm_role_id: Mapped[int | None] = mapped_column(BigInteger)
    #: Physical dice are off until a manager enables them.
    physical_dice_allowed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Where the GM receives private rolls (``/tirar privada``); None = only /historial.
    gm_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    default_mode: Mapped[str] = mapped_column(String(20), default="mesa")
    #: "inmediata" (the defender rolls at once) or "espera" (the defense waits for /defender).
    defense_mode: Mapped[str] = mapped_column(String(20), default="espera")
    #: The guild's secuelas table, as the encounter's ``secuelas_tabla``: {"2": "texto", …}.
    secuelas: Mapped[JsonObject] = mapped_column(JsonDict, default=dict)
    #: The guild's own estados: ``{"nombre": …, "desventaja": [ámbito, …], "cabeza": bool}``
    #: each (an older entry may be a bare name: desventaja nowhere).
    extra_estados: Mapped[JsonArray] = mapped_column(JsonList, default=list)
    #: After how many asaltos Malherido with nobody stabilising the GM is told (issue 34);
    #: None: ``umbral_rules.tables.MALHERIDO_AVISO_ASALTOS``.
    malherido_asaltos: Mapped[int | None] = mapped_column(Integer)
    #: The guild's time zone (quiet hours of the reminders), an IANA name.
    timezone: Mapped[str] = mapped_column(
        String(64), default="Europe/Madrid", server_default="Europe/Madrid"
    )
    #: The game system a new encounter plays unless it says its own (migration 0021).
    default_system: Mapped[str] = mapped_column(
        String(20), default=DEFAULT_SYSTEM, server_default=DEFAULT_SYSTEM
    )
    #: Each game system's rules of the world the server set, by system (migration 0021):
    #: ``{"graduado": Mundo.to_dict()}``.
    system_rules: Mapped[JsonObject] = mapped_column(
        JsonDict, default=dict, server_default=text("'{}'")
    )
    version: Mapped[int] = mapped_column(Integer, default=1)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012


class Character(Base):
    """A player's character. A user may own several per guild; at most one is active."""

    __tablename__ = "characters"
    __table_args__ = (
        UniqueConstraint("guild_id", "id"),
        UniqueConstraint("guild_id", "owner_id", "nombre"),
        Index("uq_characters_owner_name_key", "guild_id", "owner_id", "name_key", unique=True),
        Index("ix_characters_guild_name_key", "guild_id", "name_key"),
        Index(
            "uq_characters_active_owner",
            "guild_id",
            "owner_id",
            unique=True,
            sqlite_where=text("is_active = 1"),
            postgresql_where=text("is_active"),
        ),
        Index("ix_characters_encounter", "guild_id", "encounter_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    owner_id: Mapped[int] = mapped_column(BigInteger)
    nombre: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH), server_default="")
    atributos: Mapped[JsonObject] = mapped_column(JsonDict, default=dict)
    oficios: Mapped[JsonObject] = mapped_column(JsonDict, default=dict)
    proteccion: Mapped[int] = mapped_column(Integer, default=0)
    aguante_extra: Mapped[int] = mapped_column(Integer, default=0)
    tamano: Mapped[str] = mapped_column("size", String(20), key="tamano", default="normal")
    weapons: Mapped[JsonArray] = mapped_column(JsonList, default=list)
    aguante: Mapped[int] = mapped_column(Integer)
    aguante_max: Mapped[int] = mapped_column(Integer)
    esencia: Mapped[int] = mapped_column(Integer, default=0)
    esencia_max: Mapped[int] = mapped_column(Integer, default=0)
    aliento: Mapped[int] = mapped_column(Integer, default=0)
    aliento_max: Mapped[int] = mapped_column(Integer, default=0)
    estados: Mapped[JsonArray] = mapped_column(JsonList, default=list)
    is_active: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Public notes (anyone on the server sees them) and private ones (the owner and the GM).
    notas: Mapped[str] = mapped_column(Text, default="")
    notas_privadas: Mapped[str] = mapped_column(Text, default="", server_default="")
    #: The active encounter it is in: a character fights in at most one at a time.
    encounter_id: Mapped[int | None] = mapped_column(Integer)
    #: ``activo``, ``muerto`` (its secuelas said so) or ``retirado`` (kept, read-only).
    estado_vital: Mapped[str] = mapped_column(
        String(10), default=VITAL_ACTIVE, server_default=VITAL_ACTIVE
    )
    #: ``masculino`` / ``femenino`` for the agreement of messages; None: not said.
    genero: Mapped[str | None] = mapped_column(String(10))
    #: The picture its lines (``/decir``) show: an https URL; None: the default picture.
    avatar_url: Mapped[str | None] = mapped_column(String(500))
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = _created()

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    @validates("nombre")
    def _keyed(self, _: str, nombre: str) -> str:
        self.name_key = name_key(nombre)
        return nombre


class BestiaryEntry(Base):
    """An enemy of a guild's bestiary, with its Mesa numbers."""

    __tablename__ = "bestiary"
    __table_args__ = (
        UniqueConstraint("guild_id", "nombre"),
        Index("uq_bestiary_name_key", "guild_id", "name_key", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    nombre: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH), server_default="")
    ataque: Mapped[int] = mapped_column(Integer)
    defensa: Mapped[int] = mapped_column(Integer)
    aguante: Mapped[int] = mapped_column(Integer)
    potencia: Mapped[int] = mapped_column(Integer)
    arma: Mapped[str] = mapped_column(String(100), default="arma")
    tamano: Mapped[str] = mapped_column("size", String(20), key="tamano", default="normal")
    proteccion: Mapped[int] = mapped_column(Integer, default=0)
    cualidades: Mapped[JsonArray] = mapped_column(JsonList, default=list)
    bono_ataque: Mapped[int | None] = mapped_column(Integer)
    bono_defensa: Mapped[int | None] = mapped_column(Integer)
    notas: Mapped[str] = mapped_column(Text, default="")
    #: Extra acciones / respuestas per asalto its sheet gives, and the estados it causes.
    acciones_extra: Mapped[int] = mapped_column(Integer, default=0)
    respuestas_extra: Mapped[int] = mapped_column(Integer, default=0)
    estados: Mapped[JsonArray] = mapped_column(JsonList, default=list)

    @validates("nombre")
    def _keyed(self, _: str, nombre: str) -> str:
        self.name_key = name_key(nombre)
        return nombre


class EncounterRow(Base):
    """An encounter of a channel, its whole state one document (``state``, its
    ``Encounter.to_dict()``, JSON) saved with its ``version`` checked and
    bumped. At most one per channel has status ``active``; an ended one stays, as history."""

    __tablename__ = "encounters"
    __table_args__ = (
        UniqueConstraint("id", "guild_id"),
        Index(
            "uq_encounters_active_channel",
            "guild_id",
            "channel_id",
            unique=True,
            sqlite_where=text("status = 'active'"),
            postgresql_where=text("status = 'active'"),
        ),
        Index("ix_encounters_guild_channel", "guild_id", "channel_id"),
        Index(
            "ix_encounters_closes_at",
            "closes_at",
            sqlite_where=text("closes_at IS NOT NULL"),
            postgresql_where=text("closes_at IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), default=ENCOUNTER_ACTIVE)
    creator_id: Mapped[int] = mapped_column(BigInteger)
    tracker_message_id: Mapped[int | None] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = _created()
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: When the current asalto and phase began (who waits for whom: ``<t:…:R>``).
    phase_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Migration 0016 (its server defaults only let SQLite add these NOT NULL columns in place)
    #: The document: the encounter's ``to_dict()``.
    state: Mapped[JsonObject] = mapped_column(Document, server_default="{}")
    #: ``{character id: version}``: the version of each linked character's sheet that the
    #: document's copy of its numbers agrees with (:mod:`bot.storage.sheet_link`).
    sheets: Mapped[JsonObject] = mapped_column(JSON, server_default="{}")
    #: ``{pending defense id: ISO time}``: when each pending defense began to wait.
    pending_since: Mapped[JsonObject] = mapped_column(JSON, server_default="{}")
    #: The game system it plays (migration 0021; ``umbral`` for every earlier encounter):
    #: which rules read ``state``.
    system: Mapped[str] = mapped_column(
        String(20), default=DEFAULT_SYSTEM, server_default=DEFAULT_SYSTEM
    )
    #: When the bot closes its current round by itself (migration 0022): a game that times
    #: its rounds (the graded fight's window); ``NULL`` otherwise.
    closes_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SystemSheet(Base):
    """A sheet (``kind`` ``pj``) or bestiary entry (``enemigo``) of a game system other than
    Umbral (migration 0021): its whole content one JSON document, which the system's typed
    model checks on its way in and out (:mod:`bot.storage.system_sheets`)."""

    __tablename__ = "system_sheets"
    __table_args__ = (UniqueConstraint("guild_id", "system", "kind", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    system: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(10))
    owner_id: Mapped[int] = mapped_column(BigInteger)
    nombre: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    data: Mapped[JsonObject] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = _created()


class RollLogRow(Base):
    """One roll, append-only: the migration adds triggers that refuse UPDATE and DELETE."""

    __tablename__ = "roll_log"
    __table_args__ = (
        Index("ix_roll_log_guild_channel", "guild_id", "channel_id", "id"),
        # /historial usuario: one person's rolls, newest first (id is insertion order), in a
        # channel or in the whole guild (migration 0005)
        Index("ix_roll_log_guild_channel_user", "guild_id", "channel_id", "user_id", "id"),
        Index("ix_roll_log_guild_user", "guild_id", "user_id", "id"),
        # /historial personaje: one character's rolls, in a channel or the guild (0011)
        Index("ix_roll_log_guild_actor", "guild_id", "actor_key", "id"),
        Index("ix_roll_log_guild_channel_actor", "guild_id", "channel_id", "actor_key", "id"),
        # /encuentro terminar: the encounter's own rolls (0011)
        Index("ix_roll_log_guild_encounter", "guild_id", "encounter_id"),
        # «deshecha»: the undo entries of a channel or the guild, without reading every roll
        Index("ix_roll_log_guild_command", "guild_id", "command", "channel_id"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    command: Mapped[str] = mapped_column(String(50))
    dice: Mapped[JsonArray] = mapped_column(JSON, default=list)
    modifiers: Mapped[JsonArray] = mapped_column(JSON, default=list)
    result: Mapped[JsonObject] = mapped_column(JSON, default=dict)
    physical: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # Migration 0011: empty (NULL) on the rows logged before it.
    #: Who rolled, as shown (a character or an enemy); its name key for /historial personaje.
    actor: Mapped[str | None] = mapped_column(String(200))
    actor_key: Mapped[str | None] = mapped_column(String(NAME_KEY_LENGTH))
    #: The player character who rolled (none for an enemy or a roll of no character).
    character_id: Mapped[int | None] = mapped_column(Integer)
    #: Against whom (a target, the attackers a defense answers, a reto).
    target: Mapped[str | None] = mapped_column(String(200))
    motivo: Mapped[str | None] = mapped_column(String(200))
    #: The encounter the roll was made in (its summary counts by it).
    encounter_id: Mapped[int | None] = mapped_column(Integer)


class UndoRow(Base):
    """One operation of a channel that /deshacer can take back: how to get the encounter's
    document before it from the one after it (``before``: :mod:`bot.storage.undo`) and/or
    the sheets it changed (``sheets``: before and after)."""

    __tablename__ = "undo_records"
    __table_args__ = (Index("ix_undo_records_guild_channel", "guild_id", "channel_id", "id"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    encounter_id: Mapped[int | None] = mapped_column(Integer)
    command: Mapped[str] = mapped_column(String(50))
    user_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rolled: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The operation was /encuentro terminar: undoing it reopens the encounter.
    ended: Mapped[bool] = mapped_column(Boolean, default=False)
    version_after: Mapped[int | None] = mapped_column(Integer)
    before: Mapped[JsonObject | None] = mapped_column(JSON)
    sheets: Mapped[JsonArray] = mapped_column(JSON, default=list)
    roll_ids: Mapped[JsonArray] = mapped_column(JSON, default=list)
    undone_by: Mapped[int | None] = mapped_column(BigInteger)
    undone_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


def table(model: type[Base]) -> Table:
    """The Core table of a model, typed as such (for Core statements)."""
    return cast(Table, model.__table__)


class CommandSyncRow(Base):
    """The hash of the command tree last synced with Discord, per scope ("global" or
    "guild:<id>"): a start-up syncs only when the tree changed."""

    __tablename__ = "command_sync"

    scope: Mapped[str] = mapped_column(String(40), primary_key=True)
    payload_hash: Mapped[str] = mapped_column(String(64))
    synced_at: Mapped[datetime] = _created()

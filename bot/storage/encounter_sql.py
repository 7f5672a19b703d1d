"""The statements of :mod:`.encounters`: the channel's active encounter read in one, and its
row written at the version read (each binds its parameters by name)."""

from __future__ import annotations

from sqlalchemy import Text, and_, bindparam, case, cast, func, null, select, update

from .models import ENCOUNTER_ACTIVE, Character, EncounterRow, table

ENC, CHAR = table(EncounterRow), table(Character)
META = [c for c in ENC.c if c.name != "state"]
#: The channel's active encounter (binds ``g``, ``c``), its document as text unless it is
#: encounter ``cid`` at version ``cv`` (the cached one), and ``sheets_now``.
SELECT_ACTIVE = select(
    *META,
    select(func.coalesce(func.sum(CHAR.c.version), 0))
    .where(CHAR.c.guild_id == ENC.c.guild_id, CHAR.c.encounter_id == ENC.c.id)
    .scalar_subquery()
    .label("sheets_now"),
    case(
        (and_(ENC.c.id == bindparam("cid"), ENC.c.version == bindparam("cv")), null()),
        else_=cast(ENC.c.state, Text),
    ).label("document"),
).where(
    ENC.c.guild_id == bindparam("g"),
    ENC.c.channel_id == bindparam("c"),
    ENC.c.status == ENCOUNTER_ACTIVE,
)
#: The row at the version read (binds ``b_id``, ``b_g``, ``b_v``), its version bumped.
BUMP = (
    update(ENC)
    .where(
        ENC.c.id == bindparam("b_id"),
        ENC.c.guild_id == bindparam("b_g"),
        ENC.c.version == bindparam("b_v"),
        ENC.c.status == ENCOUNTER_ACTIVE,
    )
    .values(version=ENC.c.version + 1)
)
SAVE = BUMP.values(
    state=bindparam("v_state"),
    sheets=bindparam("v_sheets"),
    pending_since=bindparam("v_since"),
    phase_since=bindparam("v_phase"),
    closes_at=bindparam("v_closes"),
)
#: The moment the bot closes the current round (binds ``v_closes``), the version bumped.
CLOSES = BUMP.values(closes_at=bindparam("v_closes"))

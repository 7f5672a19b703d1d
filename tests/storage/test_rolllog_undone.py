"""``/historial`` marks the rolls a ``/deshacer`` took back: it asks only for the undos logged
after the oldest roll it shows (no index has ``command``; reading every undo of the channel
meant reading every row of a 300,000-roll log)."""

from __future__ import annotations

from bot.records.rolls import result_from_json
from bot.storage import Storage

from .helpers import CHANNEL, GUILD, USER


async def _log(storage: Storage, command: str, **result: object) -> int:
    async with storage.channel(GUILD, CHANNEL) as uow:
        uow.undo.skip = True
        await uow.rolls.append(
            user_id=USER, command=command, dice=[], result=result_from_json(result)
        )
        return int(uow.rolls.appended[-1])


async def test_undone_ids_after_a_roll_are_the_undos_since_then(storage: Storage) -> None:
    old = await _log(storage, "tirar")
    await _log(storage, "deshacer", deshace=[old])
    new = await _log(storage, "tirar")
    later = await _log(storage, "tirar")
    await _log(storage, "deshacer", deshace=[new])
    async with storage.guild(GUILD) as uow:
        assert await uow.rolls.undone_ids(channel_id=CHANNEL) == {old, new}
        # an undo is always logged after what it undoes: from `new` on, only `new`'s counts
        assert await uow.rolls.undone_ids(channel_id=CHANNEL, after=new) == {new}
        assert await uow.rolls.undone_ids(channel_id=CHANNEL, after=later) == {new}
        assert await uow.rolls.undone_ids(channel_id=CHANNEL, after=old - 1) == {old, new}

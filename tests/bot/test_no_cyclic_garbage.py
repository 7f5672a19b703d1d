"""A command's unit of work, its encounter and every row it read are freed when the command
ends (reference counting), not left as cyclic garbage for the collector: a unit that referred
to itself kept a 200-combatant encounter's ~7,000 objects alive until a collection, and that
collection (30–45 ms holding the GIL) stalled the loop."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from bot.console import FakeDiscord
from tests.bot.conftest import KAEDA, Script

SETUP = [
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto" cantidad:12',
    "@kaeda",
    "/encuentro unirse",
]


@contextmanager
def cyclic_garbage() -> Iterator[Counter[str]]:
    """The types of the objects only the cycle collector would free, made inside the block."""
    found: Counter[str] = Counter()
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.update(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


async def test_an_attack_leaves_no_unit_of_work_or_combatant_behind(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*SETUP)
    for cached in (True, False):
        if not cached:
            fake.bot.storage.encounter_cache.clear()  # read from the rows, as after a restart
        with cyclic_garbage() as found:
            reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto 3"})
        assert "Ñu del puerto 3" in reply.last.text()
        kept = {"UnitOfWork", "EncounterRepository", "Encounter", "Combatant", "AsyncSession"}
        assert not kept & set(found), found

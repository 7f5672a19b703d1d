"""The scale scenario's tables: ten thousand channels with a live encounter each, written
through the storage API, and the check at the end that no committed command was lost.

Channel ``i`` (``#e{i}``) belongs to shard ``i % SHARD_COUNT``: in the console's Discord every
channel is in its one guild, so the channel's number stands for its guild's
``(guild_id >> 22) % SHARD_COUNT`` (the driver sends each channel's commands to the process
that owns its shard, as Discord's gateway would). Its encounter: a PC of player ``p{i}``
(a stored character) against 3, 7 or 19 enemies, in Mesa, Narrativo or Táctico; master
``m{i}``. One channel in :data:`ARMED_EVERY` has its reminders on (every hour); the phases
began over the hour before the evening, so the reminders fall due spread over the hour.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bench.escala_bot import channel_name, master_name, player_name
from bench.measure import ENEMY

ARMED_EVERY = 10
#: (mode, share in 20): half Mesa, three tenths Narrativo, a fifth Táctico.
MODES = ["mesa"] * 10 + ["narrativo"] * 6 + ["tactico"] * 4
#: Enemies per encounter, in 20: most are small, one in twenty is big.
ENEMIES = [3] * 14 + [7] * 5 + [19]
#: Encounters written at once while seeding.
SEED_CONCURRENCY = 8


def tracker_id(index: int) -> int:
    """The id of channel ``index``'s tracker message, posted before the evening (each bot
    process puts its channels' trackers in its Discord: :meth:`BenchFake.trackers`)."""
    return 400_000_000_000_000_000 + index


@dataclass
class Table:
    index: int
    mode: str
    enemies: list[str] = field(default_factory=list)

    @property
    def channel(self) -> str:
        return channel_name(self.index)

    @property
    def player(self) -> str:
        return player_name(self.index)

    @property
    def master(self) -> str:
        return master_name(self.index)

    @property
    def pc(self) -> str:
        return f"Kaeda {self.index}"

    @property
    def armed(self) -> bool:
        return self.index % ARMED_EVERY == 0


def tables(channels: int) -> list[Table]:
    """What each channel holds (the same for the seeding and the driver)."""
    found = []
    for i in range(channels):
        mode = MODES[(i * 7) % len(MODES)]
        count = ENEMIES[(i * 11) % len(ENEMIES)]
        found.append(Table(i, mode, [f"Guardia {n}" for n in range(1, count + 1)]))
    return found


async def seed(url: str, channels: int) -> dict[str, Any]:
    """Write every channel's encounter (and the reminders of the armed ones)."""
    from sqlalchemy import text

    from bot.console.clock import FakeClock
    from bot.console.payloads import GUILD_ID, stable_id
    from bot.features.timing import DEFAULT_ZONE, due_after, zone
    from bot.storage import Storage, character_sheet, character_weapons
    from bot.storage.reminders import ReminderSettings
    from umbral_rules import EnemySheet, Weapon
    from umbral_rules.encounter import Encounter

    storage = Storage.from_url(url)
    storage.clock = FakeClock().datetime  # the bots' Discord time starts there too
    # weak enough that the PC seldom falls in an evening, sturdy enough never to fall
    weak = {**ENEMY, "ataque": 4, "potencia": 1}
    enemy = EnemySheet(arma="Lanza", **weak)  # type: ignore[arg-type]
    tz = zone(DEFAULT_ZONE)

    def due_of(base: datetime) -> datetime:
        return due_after(base, 1, None, tz)

    async def one(t: Table) -> None:
        owner = stable_id("user", t.player)
        async with storage.channel(GUILD_ID, stable_id("channel", t.channel)) as uow:
            row = await uow.characters.create(
                owner,
                t.pc,
                atributos={"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
                aguante_max=16,
                proteccion=3,
                oficios={"armas": 3},
                weapons=[Weapon.make("Espada", "mano").to_dict()],
            )
            enc = Encounter.start(t.mode, {})
            enc.add_character(
                character_sheet(row),
                character_weapons(row),
                aguante=row.aguante,
                character_id=row.id,
                owner_id=owner,
            )
            names = [c.nombre for c in enc.add_enemies(enemy, len(t.enemies))]
            if names != t.enemies:
                raise RuntimeError(f"los enemigos de #{t.channel} se llaman {names}")
            info = await uow.encounter.create(
                enc, creator_id=stable_id("user", t.master), tracker_message_id=tracker_id(t.index)
            )
            if t.armed:
                await uow.reminders.configure(info.id, ReminderSettings(1, None), due_of)

    loop = asyncio.get_running_loop()
    t0 = loop.time()
    todo = tables(channels)
    try:
        for first in range(0, len(todo), SEED_CONCURRENCY):
            await asyncio.gather(*(one(t) for t in todo[first : first + SEED_CONCURRENCY]))
        # the phases began over the last hour, not all at once: the reminders fall due
        # spread over the hour, as an evening's do
        async with storage.engine.begin() as conn:
            await conn.execute(
                text(
                    "UPDATE encounters SET phase_since = phase_since - "
                    "make_interval(mins => (id * 7) % 60)"
                )
            )
    finally:
        await storage.close()
    return {"channels": channels, "seed_s": loop.time() - t0}


#: The steps of the evening that change the encounter (each commit adds one to its version).
CHANGES = ("atacar", "atacar enemigo", "asalto", "defender")


def rolls_logged(mode: str, counts: dict[str, int]) -> int:
    """Rows the roll log gains for the steps done: one per attack, defence and /tirar, but
    an enemy's attack in Mesa rolls nothing (the player defends against a fixed Ataque)."""
    rolled = ["atacar", "defender", "tirar"] + ([] if mode == "mesa" else ["atacar enemigo"])
    return sum(counts.get(k, 0) for k in rolled)


async def check(
    url: str,
    acked: dict[int, dict[str, int]],
    modes: list[str],
    now: datetime,
    replay: tuple[str, dict[int, list[Any]], int | None],
) -> dict[str, Any]:
    """Every channel's encounter against the commands the bot said it did there: its
    version went up once per committed change, its roll log has one row per committed roll
    (the database read after every process stopped); and the sequential replay of those
    changes from the seed (``replay``: the seeded database's URL, the driver's changes by
    channel, how many channels to replay, ``None`` for all: :mod:`bench.escala_replay`)."""
    from sqlalchemy import text

    from bench.escala_replay import replay_check
    from bench.escala_sessions import check_steps
    from bot.console.payloads import stable_id
    from bot.storage import Storage

    ids = {stable_id("channel", channel_name(i)): i for i in acked}
    storage = Storage.from_url(url)
    try:
        async with storage.engine.connect() as conn:
            versions = {
                cid: (version, tracker)
                for cid, version, tracker in await conn.execute(
                    text("SELECT channel_id, version, tracker_message_id FROM encounters")
                )
            }
            rolls: dict[int, int] = dict(
                (
                    await conn.execute(
                        text("SELECT channel_id, count(*) FROM roll_log GROUP BY channel_id")
                    )
                ).all()
            )
            due_left = (
                await conn.execute(
                    text(
                        "SELECT count(*) FROM reminders r JOIN encounter_reminders s "
                        "ON s.encounter_id = r.encounter_id WHERE r.due_at <= "
                        "(SELECT max(last_sent_at) FROM reminders)"
                    )
                )
            ).scalar()
            steps = await check_steps(conn, now)
    finally:
        await storage.close()
    lost_versions = lost_rolls = extra = reposted = 0
    worst: list[str] = []
    for cid, index in ids.items():
        counts = acked[index]
        changes = sum(counts.get(k, 0) for k in CHANGES)
        logged = rolls_logged(modes[index], counts)
        # created at version 1 with its tracker posted; a tracker posted again (Discord
        # refused an edit) stores the new message's id: one more
        found, tracker = versions.get(cid, (1, None))
        posted_again = tracker != tracker_id(index)
        reposted += posted_again
        version = int(found) - 1 - posted_again  # (a channel posted again twice: one extra)
        rows = int(rolls.get(cid, 0))
        lost_versions += max(0, changes - version)
        lost_rolls += max(0, logged - rows)
        extra += max(0, version - changes) + max(0, rows - logged)
        if (version, rows) != (changes, logged) and len(worst) < 5:
            worst.append(
                f"#{channel_name(index)}: versión +{version} / {changes}, tiradas {rows} / {logged}"
            )
    start_url, done, most = replay
    replayed = await replay_check(url, start_url, done, len(modes), most)
    return {
        "channels_checked": len(ids),
        "replay": replayed,
        "lost_updates": lost_versions,
        "lost_rolls": lost_rolls,
        "unacknowledged_writes": extra,
        "trackers_reposted": reposted,
        "reminders_left_due": int(due_left or 0),
        "examples": worst,
        "session_steps": steps,
    }

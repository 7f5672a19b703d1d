"""The bot's scenarios: fixtures through the storage API, commands through the tree."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from bench.measure import (
    ENEMY,
    StallMeter,
    memory_mb,
    stall_stats,
    summarise,
    worker_floor,
)

# --- the bot: fixtures through the storage API, commands through the tree ---------------


@dataclass
class Table:
    """One channel's fixture: its name, the player, the PC's name, the enemies' names."""

    channel: str
    player: str
    pc: str
    enemies: list[str] = field(default_factory=list)
    tracker_id: int | None = None


class Bench:
    """A bot, its storage and a FakeDiscord on ``url``; fixtures and timed commands."""

    def __init__(self, session: Any, tag: str) -> None:
        self.session = session
        self.fake = session.discord
        self.storage = session.storage
        self.tag = tag
        self.keep: list[Any] = []  # the tracker messages: every other message is dropped

    @classmethod
    async def open(cls, url: str, tag: str, seed: int) -> Bench:
        from bot.__main__ import freeze_startup_heap
        from bot.console import open_session
        from umbral_rules import RandomDice

        session = await open_session(url, dice=RandomDice(seed), migrate=False)
        freeze_startup_heap()  # as `umbral-bot` does once its bot is built
        return cls(session, tag)

    async def close(self) -> None:
        await self.session.close()

    @property
    def guild_id(self) -> int:
        return int(self.fake.guild.id)

    async def table(
        self, index: int, combatants: int, *, master: str = "master", tablero: int = 0
    ) -> Table:
        """A Mesa encounter in a new channel: one PC (a stored character) and enemies; with
        ``tablero``, a Táctico one on a ``tablero``×``tablero`` board with every figure placed."""
        from bot.storage import character_sheet, character_weapons
        from umbral_rules import EnemySheet, Weapon
        from umbral_rules.encounter import Encounter

        t = Table(channel=f"{self.tag}-{index}", player=f"{self.tag}-p{index}", pc=f"Kaeda {index}")
        channel_id = self.fake.channel_id(t.channel)
        owner = self.fake.user_id(t.player)
        enemy = EnemySheet(arma="Lanza", **ENEMY)  # type: ignore[arg-type]
        async with self.storage.channel(self.guild_id, channel_id) as uow:
            row = await uow.characters.create(
                owner,
                t.pc,
                atributos={"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
                aguante_max=16,
                proteccion=1,
                oficios={"contrabandista": 2, "armas": 3},
                weapons=[Weapon.make("Espada", "mano").to_dict()],
            )
            mode = "tactico" if tablero else "mesa"
            enc = Encounter.start(mode, {"defensa_inmediata": True})
            enc.add_character(
                character_sheet(row),
                character_weapons(row),
                aguante=row.aguante,
                character_id=row.id,
                owner_id=owner,
            )
            left = combatants - 1
            while left > 0:
                batch = min(left, 50)
                t.enemies += [c.nombre for c in enc.add_enemies(enemy, batch)]
                left -= batch
            if tablero:
                from umbral_rules.tablero import Square

                enc.tablero_setup(tablero, tablero)
                for i, c in enumerate(enc.combatants):  # every other square of every row
                    enc.place(c.id, Square(2 * i % tablero, 2 * i // tablero))
            await uow.encounter.create(enc, creator_id=self.fake.user_id(master))
        return t

    def forget_messages(self) -> None:
        """Drop what the bot said except the trackers (a real bot keeps none of it)."""
        self.fake.events.clear()
        self.fake._pending.clear()
        self.fake.messages[:] = self.keep

    async def remember_trackers(self, tables: list[Table]) -> None:
        """After the warm-up every channel has its tracker message: keep only those."""
        from sqlalchemy import select

        from bot.storage.encounter_sql import ENC
        from bot.storage.models import ENCOUNTER_ACTIVE

        stmt = select(ENC.c.channel_id, ENC.c.tracker_message_id).where(
            ENC.c.guild_id == self.guild_id, ENC.c.status == ENCOUNTER_ACTIVE
        )
        async with self.storage.engine.connect() as conn:  # one read for every channel
            trackers = {int(c): t for c, t in (await conn.execute(stmt)).all()}
        by_id = {m.id: m for m in self.fake.messages}
        self.keep = []
        for t in tables:
            t.tracker_id = trackers[self.fake.channel_id(t.channel)]
            if t.tracker_id not in by_id:
                raise RuntimeError(f"#{t.channel} no tiene mensaje de seguimiento")
            self.keep.append(by_id[t.tracker_id])
        self.forget_messages()

    async def timed(self, user: str, channel: str, path: str, options: dict[str, Any]) -> float:
        """One command through the tree; its wall time. Refused or silent commands fail."""
        clock = time.perf_counter
        t0 = clock()
        reply = await self.fake.command(user, channel, path, options)
        elapsed = clock() - t0
        first = reply.first
        if not first.embeds:
            raise RuntimeError(f"/{path} en #{channel} no salió: {first.text()!r}")
        self.forget_messages()
        return elapsed

    async def rolls(self) -> int:
        async with self.storage.guild(self.guild_id) as uow:
            return int(await uow.rolls.count())


async def worker_atacar(
    url: str,
    tag: str,
    combatants: int,
    channels: int,
    commands: int,
    runs: int,
    seed: int,
    cache: bool = True,
) -> dict[str, Any]:
    """``/atacar`` by each channel's player on an enemy, channels interleaved at random;
    without ``cache``, the storage keeps no encounter between commands."""
    before = memory_mb()
    bench = await Bench.open(url, tag, seed)
    if not cache:
        bench.storage.encounter_cache.max_combatants = 0
    try:
        t0 = time.perf_counter()
        tables = [await bench.table(i, combatants) for i in range(channels)]
        for t in tables:  # warm-up: the first attack posts each channel's tracker
            await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
        await bench.remember_trackers(tables)
        setup_s = time.perf_counter() - t0
        start_rolls = await bench.rolls()
        rng = random.Random(seed)
        per_round = max(commands, channels)
        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                order = [tables[i % channels] for i in range(per_round)]
                rng.shuffle(order)
                lat = []
                stall.reset()
                for t in order:
                    target = t.enemies[rng.randrange(len(t.enemies))]
                    options = {"objetivo": target}
                    lat.append(await bench.timed(t.player, t.channel, "atacar", options))
                rounds.append(stall_stats(lat, stall))
        logged = await bench.rolls() - start_rolls
        if logged != per_round * runs:
            raise RuntimeError(f"{logged} filas en el registro de tiradas, no {per_round * runs}")
    finally:
        await bench.close()
    return summarise(
        rounds,
        combatants=combatants,
        channels=channels,
        setup_s=setup_s,
        rss_before_mb=before["rss_mb"],
        **memory_mb(),
    )


async def worker_defender(
    url: str, tag: str, pending: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/defender`` by the player against ``pending`` attacks waiting on their PC (Mesa)."""
    from umbral_rules import RandomDice
    from umbral_rules.encounter import Status

    bench = await Bench.open(url, tag, seed)
    dice = RandomDice(seed + 1)
    try:
        t = await bench.table(0, pending + 1)
        channel_id = bench.fake.channel_id(t.channel)
        await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
        await bench.remember_trackers([t])

        async def prepare() -> None:  # untimed: the enemies attack, the PC stands up again
            async with bench.storage.channel(bench.guild_id, channel_id) as uow:
                enc = await uow.encounter.require()
                pc = enc.find(t.pc)
                pc.aguante, pc.status, pc.defended = pc.aguante_max, Status.ACTIVO, False
                enc.state.defensas.pop(pc.id, None)  # as in a new asalto: the attacks wait
                for name in t.enemies:
                    enc.attack(dice, enc.find(name).id, pc.id)
                if len(enc.pending) != pending:
                    raise RuntimeError(f"{len(enc.pending)} ataques pendientes, no {pending}")
                await uow.encounter.save(enc)

        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                lat = []
                stall.reset()
                for _ in range(commands):
                    await prepare()
                    lat.append(await bench.timed(t.player, t.channel, "defender", {}))
                rounds.append(stall_stats(lat, stall))
    finally:
        await bench.close()
    return summarise(rounds, pending=pending, **memory_mb())


async def worker_asalto(
    url: str, tag: str, combatants: int, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """``/asalto`` by the master on an encounter of ``combatants``."""
    bench = await Bench.open(url, tag, seed)
    try:
        t = await bench.table(0, combatants)
        await bench.fake.command(t.player, t.channel, "atacar", {"objetivo": t.enemies[0]})
        await bench.remember_trackers([t])
        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                stall.reset()
                lat = [
                    await bench.timed("master", t.channel, "asalto", {}) for _ in range(commands)
                ]
                rounds.append(stall_stats(lat, stall))
    finally:
        await bench.close()
    return summarise(rounds, combatants=combatants, **memory_mb())


async def worker_despacho(
    url: str, tag: str, commands: int, runs: int, seed: int
) -> dict[str, Any]:
    """What any command costs before it does anything: an interaction payload through the same
    tree, guard and error handler as ``/atacar``, and one embed in reply; no database, no
    rules. A bound on how close a command can come to the floor."""
    import discord
    from discord import app_commands

    bench = await Bench.open(url, tag, seed)

    @app_commands.command(name="eco", description="Responde con un embed y nada más.")
    async def eco(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Eco", description="Nada más que responder.")
        await interaction.response.send_message(embed=embed)

    try:
        bench.session.bot.tree.add_command(eco)
        channel, player = f"{tag}-0", f"{tag}-p0"
        await bench.fake.command(player, channel, "eco", {})  # warm-up
        bench.forget_messages()
        rounds = []
        async with StallMeter() as stall:
            for _ in range(runs):
                stall.reset()
                lat = [await bench.timed(player, channel, "eco", {}) for _ in range(commands)]
                rounds.append(stall_stats(lat, stall))
    finally:
        await bench.close()
    return summarise(rounds, **memory_mb())


WORKERS: dict[str, Callable[..., Coroutine[Any, Any, dict[str, Any]]]] = {
    "floor": worker_floor,
    "despacho": worker_despacho,
    "atacar": worker_atacar,
    "defender": worker_defender,
    "asalto": worker_asalto,
}

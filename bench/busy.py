"""``canal_concurrido``: the busy channel of issue 16 on the console's clock.

Six players join, the GM passes to the enemies' phase (``/asalto``), six enemies attack and
the six players press «Defender»: 19 interactions in 10 s of Discord's time, each started at
its own time while the others are in flight (:func:`bot.console.pacing.run_paced`, the
simulated latency of every request on the fake's clock). Measured per round: the channel's
own requests (message creates, edits and pins outside the interactions' token routes — the
tracker's) per interaction, the 429s Discord answered, and the loop's longest stall.
``tests/bot/test_busy_channel.py`` runs the same burst 50 times and checks the tracker.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bench.measure import StallMeter, memory_mb, stall_stats, summarise

PLAYERS = ("ana", "bruno", "carla", "dario", "elena", "fede")
SPAN_S = 10.0  # the 19 interactions arrive within this much of the fake's time
ENEMY = "Ñu del puerto"
Start = Callable[[], Awaitable[Any]]


def pc(user: str, run: int) -> str:
    """The player's character in round ``run``: a new one each time (wounds stay on a sheet)."""
    return f"{user.capitalize()} {run}"


def setup_lines(run: int) -> list[str]:
    """Console lines before round ``run``: the players' sheets, the encounter, six enemies."""
    lines: list[str] = []
    for user in PLAYERS:
        lines += [
            f"@{user}",
            f'/ficha crear nombre:"{pc(user, run)}" vigor:3 destreza:3 percepcion:1 '
            "voluntad:1 proteccion:1",
            "/ficha arma nombre:Espada clase:mano",
        ]
    return [
        *lines,
        "@master",
        "/encuentro empezar modo:mesa",
        f'/encuentro enemigos nombre:"{ENEMY}" cantidad:{len(PLAYERS)}',
    ]


BESTIARY_LINE = (
    f'/bestiario añadir nombre:"{ENEMY}" ataque:12 defensa:12 aguante:14 potencia:4 arma:Lanza'
)


def burst(fake: Any, run: int, channel: str = "mesa") -> list[tuple[float, Start]]:
    """The 19 interactions of round ``run``, each with the time it arrives at."""
    attacks: dict[str, Any] = {}

    def join(user: str) -> Start:
        return lambda: fake.command(user, channel, "encuentro unirse")

    def attack(i: int, user: str) -> Start:
        async def start() -> Any:
            options = {"objetivo": pc(user, run), "atacante": f"{ENEMY} {i + 1}"}
            attacks[user] = await fake.command("master", channel, "atacar", options)
            return attacks[user]

        return start

    def defend(user: str) -> Start:
        async def start() -> Any:
            # The attack's reply holds what else happened meanwhile: the attack is the
            # message that tells this player to defend, with the button.
            [attacked] = [
                m
                for m in attacks[user].messages
                if f"{pc(user, run)} debe defenderse" in m.content and m.buttons
            ]
            [button] = [b for b in attacked.buttons if b.get("label") == "Defender"]
            return await fake._press(user, channel, attacked, button)

        return start

    starts: list[Start] = [join(u) for u in PLAYERS]
    starts.append(lambda: fake.command("master", channel, "asalto"))
    starts += [attack(i, u) for i, u in enumerate(PLAYERS)]
    starts += [defend(u) for u in PLAYERS]
    step = SPAN_S / len(starts)
    return [(round(i * step, 3), start) for i, start in enumerate(starts)]


async def run_burst(fake: Any, run: int, channel: str = "mesa") -> list[Any]:
    """One round: the 19 interactions paced on the fake's clock, the tracker beside them."""
    from bot.console.pacing import run_paced

    fake.settles = False
    try:
        return await run_paced(fake.clock, burst(fake, run, channel), fake.bot.trackers.running)
    finally:
        fake.settles = True


def channel_requests(fake: Any, channel: str, since: float) -> list[float]:
    """When the bot sent ``channel``'s own requests (creates, edits, pins: the tracker's)."""
    prefix = f"/channels/{fake.channel_id(channel)}/"
    return [at for at, _, path in fake.gate.history if at >= since and path.startswith(prefix)]


async def worker_canal_concurrido(url: str, tag: str, runs: int, seed: int) -> dict[str, Any]:
    from bench.scenarios import Bench
    from bot.console.runner import Console

    bench = await Bench.open(url, tag, seed)
    channel = f"{tag}-0"
    commands = len(PLAYERS) * 3 + 1
    try:
        console = Console(bench.fake, _Discard())
        rounds = []
        async with StallMeter() as stall:
            for run in range(runs):
                for line in ["@master", f"#{channel}", BESTIARY_LINE] if run == 0 else []:
                    await console.run_line(line)
                for line in setup_lines(run):
                    await console.run_line(line)
                since, limited = bench.fake.clock.now, bench.fake.gate.rate_limited
                stall.reset()
                t0 = time.perf_counter()
                replies = await run_burst(bench.fake, run, channel)
                elapsed = time.perf_counter() - t0
                if len(replies) != commands or not all(r.events for r in replies):
                    raise RuntimeError("una interacción del canal concurrido no respondió")
                stats = stall_stats([elapsed / commands] * commands, stall)
                requests = channel_requests(bench.fake, channel, since)
                stats["requests_per_command"] = len(requests) / commands
                stats["rate_limited"] = bench.fake.gate.rate_limited - limited
                stats["fake_seconds"] = round(bench.fake.clock.now - since, 3)
                rounds.append(stats)
                await console.run_line("/encuentro terminar")
    finally:
        await bench.close()
    summary = summarise(rounds, commands=commands, **memory_mb())
    summary["requests_per_command"] = max(r["requests_per_command"] for r in rounds)
    summary["rate_limited"] = sum(int(r["rate_limited"]) for r in rounds)
    return summary


class _Discard:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


BUSY: dict[str, Callable[..., Coroutine[Any, Any, dict[str, Any]]]] = {
    "canal_concurrido": worker_canal_concurrido,
}

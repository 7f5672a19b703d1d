"""The graded fight's round closes by itself (seed 003: «la ronda se resuelve cuando todos
… han declarado, o cuando cierra una ventana de 90 segundos (espera mientras alguien sigue
escribiendo)»): by the window, with the console's clock (``!esperar``) driving the bot's
background task; waiting while a player who has not declared is typing (``!escribiendo``);
never a round with nothing to resolve; an enemy killed before its blow lands; the roll
logged under the bot; ``/deshacer``; a restarted console; by post, the GM's window."""

from __future__ import annotations

from bot.console import FakeDiscord, Session, open_session
from bot.console.payloads import BOT_USER_ID
from bot.records.rolls import SystemRoll
from tests.bot.conftest import Script
from tests.bot.graduado_steps import document, fighter, log_entries, setup_lines
from umbral_rules import ForcedDice

CLOSED = "Se resuelve la ronda"
TWO_HEROES = ("@bran", "/graduado ficha crear nombre:Bruno poder:25 aguante:100",
              "/encuentro unirse personaje:Bruno")  # fmt: skip


def closings(fake: FakeDiscord, since: int = 0) -> list[str]:
    """The replies closing a round among the messages from the ``since``-th on."""
    return [
        m.text()
        for m in fake.messages[since:]
        if m.embeds and str(m.embeds[0].get("title") or "").startswith(CLOSED)
    ]


async def test_a_round_with_nothing_to_resolve_never_closes_by_itself(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*setup_lines(), *TWO_HEROES, "!esperar 600")
    assert (await document(session, fake))["ronda"] == 1 and closings(fake) == []


async def test_the_window_closes_the_round_and_waits_for_a_typist(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(), *TWO_HEROES)
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})  # the window opens
    await script.run("!esperar 80", "@kaeda", "!escribiendo")  # (Aria has declared)
    await script.run("!esperar 8")
    assert (await document(session, fake))["ronda"] == 1
    await script.run("@bran", "!escribiendo", "!esperar 6")  # past 90 s: Bruno still types
    assert (await document(session, fake))["ronda"] == 1 and closings(fake) == []
    dice.push([60])  # Aria's blow: 80 − 60 = +20 → LIMPIO
    out = await script.run("!esperar 6")  # his indicator lapses
    assert "Ronda 1 resuelta (se cierra su ventana)." in out
    [text] = closings(fake)
    assert "d100 60, margen +20 → **LIMPIO**" in text
    doc = await document(session, fake)
    assert doc["ronda"] == 2 and fighter(doc, "Lobo")["ficha"]["fuerza"]["gastado"] > 0
    attack = [e for e in await log_entries(session, fake) if isinstance(e.result, SystemRoll)]
    assert [(e.command, e.user_id, e.actor) for e in attack] == [("asalto", BOT_USER_ID, "Aria")]
    tracker = next(m for m in reversed(fake.messages) if m.pinned)
    assert "ronda 2" in tracker.text()
    assert fake.gate.notices == []  # the strict Discord refused nothing


async def test_an_enemy_killed_by_the_window_close_never_lands_its_blow(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(
        *setup_lines(enemy="poder:25 aguante:10"), *TWO_HEROES,
        "@master", "/graduado anunciar enemigo:Lobo objetivo:Bruno",
    )  # fmt: skip
    await fake.command("kaeda", "mesa", "graduado defender", {"tipo": "parar"})
    await fake.command("bran", "mesa", "graduado defender", {"tipo": "parar"})
    await fake.command("master", "mesa", "asalto")  # round 2: the wolf's blow is due
    assert (await document(session, fake))["ronda"] == 2
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    since = len(fake.messages)
    dice.push([50])  # CRÍTICO: the wolf dies before its blow
    out = await script.run("!esperar 95")
    assert "Ronda 2 resuelta (se cierra su ventana)." in out
    [text] = closings(fake, since)
    assert "Lobo muere." in text and "Lobo no llega a dar su golpe a Bruno" in text
    assert "El combate termina: victoria." in text
    assert (await document(session, fake))["final"] == "victoria"
    await script.run("!esperar 600")
    assert len(closings(fake, since)) == 1  # a fight that is over has no window


async def test_gm_undoes_the_round_the_window_closed(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines())
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    before = await document(session, fake)
    dice.push([70])
    await script.run("!esperar 95")
    assert (await document(session, fake))["ronda"] == 2
    preview = await fake.command("master", "mesa", "deshacer")
    assert "¿Deshacer /asalto?" in preview.last.text()
    await fake.press("master", "mesa", "Deshacer")
    assert await document(session, fake) == before
    dice.push([70])
    await script.run("!esperar 95")  # the window opens again from the undo
    assert (await document(session, fake))["ronda"] == 2


async def test_a_restarted_console_closes_the_round_when_its_window_runs_out(
    script: Script, fake: FakeDiscord, database_url: str
) -> None:
    await script.run(*setup_lines())
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    await script.run("!esperar 30")
    restarted = await open_session(database_url, dice=ForcedDice([70]), migrate=False)
    try:
        restarted.discord.restore(fake.messages)
        restarted.discord.clock.now = fake.clock.now
        assert (await document(restarted, restarted.discord))["ronda"] == 1
        out = await Script(restarted.discord).run("!esperar 65")
        assert "Ronda 1 resuelta (se cierra su ventana)." in out
        assert "d100 70" in out
        assert (await document(restarted, restarted.discord))["ronda"] == 2
    finally:
        await restarted.close()


async def test_by_post_the_gm_window_closes_the_round_after_its_minutes(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    await script.run(*setup_lines(), *TWO_HEROES, "@master", "/graduado mundo ventana:120")
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    await script.run("!esperar 7000")
    assert (await document(session, fake))["ronda"] == 1
    dice.push([70])
    out = await script.run("!esperar 300")
    assert "Ronda 1 resuelta (se cierra su ventana)." in out
    assert "faltan por declarar" not in out
    assert (await document(session, fake))["ronda"] == 2


async def test_another_shards_process_closes_the_round_only_once_its_owner_is_down(
    script: Script, fake: FakeDiscord, database_url: str
) -> None:
    """The round is closed in the process of the guild's shard; another process waits for
    it a lease overdue (then that process must be down) and wakes only then, not before."""
    from datetime import timedelta

    from bot.console.payloads import GUILD_ID
    from bot.features.delivery import LEASE_S
    from bot.process.config import Settings

    await script.run(*setup_lines())
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})
    theirs = 1 - (GUILD_ID >> 22) % 2
    settings = Settings(discord_token=None, shard_count=2, shard_ids=str(theirs))
    other = await open_session(database_url, dice=ForcedDice([70]), settings=settings)
    try:
        other.discord.carry_over(fake)  # the same Discord; the owner is down from now
        closes = await other.bot.reminders.next_due()  # (no reminder nor session here)
        opened = fake.clock.datetime()
        assert closes is not None and opened < closes - timedelta(seconds=LEASE_S)
        assert closes - opened <= timedelta(seconds=90 + LEASE_S)
        out = await Script(other.discord).run("!esperar 120")  # due, but not its guild's
        assert "Ronda 1 resuelta" not in out
        assert (await document(other, other.discord))["ronda"] == 1
        out = await Script(other.discord).run("!esperar 65")  # a lease overdue
        assert "Ronda 1 resuelta (se cierra su ventana)." in out
        assert (await document(other, other.discord))["ronda"] == 2
    finally:
        await other.close()


async def closes_at(session: Session, fake: FakeDiscord) -> int | None:
    """The encounter's stored moment the round closes, as a Unix timestamp."""
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        await uow.encounter.get_state()
        info = uow.encounter.info
    assert info is not None
    return None if info.closes_at is None else int(info.closes_at.timestamp())


def countdown(fake: FakeDiscord) -> str | None:
    """The pinned tracker's «Cierre de la ronda», if it has one."""
    tracker = next(m for m in reversed(fake.messages) if m.pinned)
    fields = tracker.embeds[0].get("fields") or []
    return next((f["value"] for f in fields if f["name"] == "Cierre de la ronda"), None)


async def test_the_tracker_counts_the_window_down_and_follows_a_typist(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """The window's end on the tracker as a Discord timestamp (each reader sees «dentro de
    1 minuto» in their own language, counting down with no edit); moved when a typist holds
    the round open; gone once the round has closed (the next has nothing to resolve yet);
    in /encuentro ver too."""
    await script.run(*setup_lines(), *TWO_HEROES)
    assert countdown(fake) is None  # nothing to resolve: no window yet
    before = fake.clock.datetime().timestamp()
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Lobo"})  # the window opens
    opened = await closes_at(session, fake)
    assert opened is not None and before + 89 <= opened <= before + 91  # its 90 seconds
    assert countdown(fake) == f"Se cierra <t:{opened}:R>."
    seen = await fake.command("kaeda", "mesa", "encuentro ver")
    assert f"Se cierra <t:{opened}:R>." in seen.first.text()
    await script.run("!esperar 85", "@bran", "!escribiendo", "!esperar 8")  # types at 90 s
    held = await closes_at(session, fake)
    assert held is not None and held > opened
    assert countdown(fake) == f"Se cierra <t:{held}:R>."
    dice.push([60])
    out = await script.run("!esperar 30")  # his indicator lapses: the round closes
    assert "Ronda 1 resuelta (se cierra su ventana)." in out
    assert countdown(fake) is None and await closes_at(session, fake) is None
    assert fake.gate.notices == []

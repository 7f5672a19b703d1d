"""A reminder whose post fails is not lost (issue 43): it is claimed (a lease), posted with
a nonce and marked sent only after the post; a refused post is retried on the schedule of
``RETRY_BACKOFF_S`` and, past it, the GM is told. All on the console's clock: the
scheduler's own ticks, never the wall's."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

import pytest

from bot.console import FakeDiscord, Session, open_session
from bot.console.channels import NONCE_WINDOW_S
from bot.console.clock import EPOCH
from bot.features.delivery import LEASE_S, MAX_ATTEMPTS, RETRY_BACKOFF_S
from bot.features.recordatorios.scheduler import ReminderScheduler
from bot.storage.reminders import armed
from tests.bot.conftest import Script
from tests.bot.test_recordatorios import BRAN, IRIA, SETUP, pinged, reminders
from umbral_rules import ForcedDice

FORBIDDEN = "(discord) 403 50013 Missing Permissions"


def refusals(fake: FakeDiscord) -> int:
    return sum(1 for n in fake.gate.notices if n.line.startswith(FORBIDDEN))


async def upcoming(scheduler: ReminderScheduler) -> datetime:
    due = await scheduler.next_due()
    assert due is not None
    return due


async def wait_until(script: Script, fake: FakeDiscord, moment: datetime) -> str:
    seconds = (moment - fake.clock.datetime()).total_seconds()
    assert seconds >= 0
    return await script.run(f"!esperar {seconds}")


async def test_a_refused_reminder_is_retried_and_delivered_once_the_permission_is_back(
    script: Script, fake: FakeDiscord, session: Session, caplog: pytest.LogCaptureFixture
) -> None:
    scheduler = session.bot.reminders
    await script.run(*SETUP, "@master", "/encuentro recordatorios horas:1", "!esperar 0")
    due = await upcoming(scheduler)
    await script.run("!permiso quitar enviar_mensajes")
    with caplog.at_level(logging.WARNING, logger="bot.features.delivery"):
        out = await wait_until(script, fake, due)
        assert FORBIDDEN in out  # the console prints the refusal at its time
        assert reminders(fake) == [] and refusals(fake) == 1
        # each failed try is due again after the next delay of the schedule
        moment = due
        for tries, delay in enumerate(RETRY_BACKOFF_S[:3], start=1):
            retry = await upcoming(scheduler)  # the delay after the refused try (its reply
            assert 0 <= (retry - moment).total_seconds() - delay < 1  # took a few ms)
            moment = retry
            await wait_until(script, fake, moment - timedelta(seconds=1))
            assert refusals(fake) == tries  # not before its time
            await wait_until(script, fake, moment)
            assert refusals(fake) == tries + 1
    logged = [r.getMessage() for r in caplog.records]
    assert [line.split("(", 1)[1] for line in logged] == [
        f"intento {n} de {MAX_ATTEMPTS}: me falta permiso para escribir allí); otro intento "
        f"en {delay} s"
        for n, delay in enumerate(RETRY_BACKOFF_S, start=1)
    ]
    assert reminders(fake) == []  # 4 refusals, nothing posted, nothing lost

    out = await script.run("!permiso dar enviar_mensajes")
    retry = await upcoming(scheduler)
    assert 0 <= (retry - moment).total_seconds() - RETRY_BACKOFF_S[3] < 1
    moment = retry
    await wait_until(script, fake, moment)
    [delivered] = reminders(fake)
    assert pinged(delivered) == {IRIA, BRAN}
    assert delivered.created == fake.clock.now
    assert refusals(fake) == 4
    # delivered once: the next one is an hour later, not a repeat of this one
    assert await upcoming(scheduler) == moment + timedelta(hours=1)  # from the delivery
    await script.run("!esperar 3599")
    assert len(reminders(fake)) == 1
    await script.run("!esperar 1")
    assert len(reminders(fake)) == 2
    assert not fake.gate.failed


async def test_past_the_bound_the_gm_is_told_in_their_channel(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    scheduler = session.bot.reminders
    await script.run(
        *SETUP,
        "@master",
        "/config canal_master:#trastienda",
        "/encuentro recordatorios horas:2",
        "!esperar 0",
        "!permiso quitar enviar_mensajes",
    )
    for _ in RETRY_BACKOFF_S:
        await wait_until(script, fake, await upcoming(scheduler))  # the first try, retries
    assert refusals(fake) == MAX_ATTEMPTS - 1
    assert [m for m in fake.messages if m.channel == "trastienda"] == []
    out = await wait_until(script, fake, await upcoming(scheduler))  # the last retry
    assert refusals(fake) == MAX_ATTEMPTS
    assert refusals(fake) == MAX_ATTEMPTS
    [notice] = [m for m in fake.messages if m.channel == "trastienda"]
    mesa = fake.channel_id("mesa")
    assert notice.content == (
        f"⚠️ No he podido publicar el recordatorio del encuentro en <#{mesa}> tras "
        f"{MAX_ATTEMPTS} intentos (me falta permiso para escribir allí). Revisa los permisos "
        "del bot en ese canal: el siguiente recordatorio se intentará a su hora."
    )
    assert "No he podido publicar el recordatorio" in out
    assert notice.payload["allowed_mentions"]["parse"] == []
    assert reminders(fake) == []
    # given up for this period: the next one is tried at its own time (2 hours later)
    next_period = await upcoming(scheduler)
    assert 7199 < (next_period - fake.clock.datetime()).total_seconds() <= 7200
    await script.run("#mesa", "!permiso dar enviar_mensajes")
    await wait_until(script, fake, next_period)
    [late] = reminders(fake)
    assert pinged(late) == {IRIA, BRAN}
    assert len([m for m in fake.messages if m.channel == "trastienda"]) == 1


async def test_two_concurrent_ticks_post_once_and_retry_once(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    """Two rounds of the scheduler at the same moment (two tasks over one database): the
    claim lets one of them try; a refused try is retried once per step of the schedule."""
    other = ReminderScheduler(session.bot, session.bot.services)  # type: ignore[attr-defined]
    other.use_clock(fake.clock.datetime, fake.clock.sleep)
    scheduler = session.bot.reminders
    await script.run(*SETUP, "@master", "/encuentro recordatorios horas:1", "!esperar 0")
    due = await upcoming(scheduler)
    await script.run("!permiso quitar enviar_mensajes")
    fake.clock.now += (due - fake.clock.datetime()).total_seconds()
    for _ in range(3):
        await asyncio.gather(scheduler.run_due(), other.run_due())
    assert refusals(fake) == 1
    await script.run("!permiso dar enviar_mensajes")
    fake.clock.now += RETRY_BACKOFF_S[0]
    for _ in range(3):
        await asyncio.gather(scheduler.run_due(), other.run_due())
    [delivered] = reminders(fake)
    assert pinged(delivered) == {IRIA, BRAN}
    assert scheduler.sent + other.sent == 1


@pytest.mark.parametrize(
    ("after", "copies"),
    [(LEASE_S, 1), (NONCE_WINDOW_S + 1, 2)],
    ids=["within-discord-window", "after-discord-window"],
)
async def test_a_process_that_dies_between_post_and_mark(
    database_url: str, after: float, copies: int
) -> None:
    """Process A claims and posts, then dies before marking it sent. Its claim holds for
    the lease; then process B takes it and posts again with the same nonce. Within
    Discord's window Discord gives back A's message (once); after it, the channel gets a
    second copy: at least once across a crash, never lost (docs/administracion.md)."""
    a = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        await Script(a.discord).run(*SETUP, "@master", "/encuentro recordatorios horas:1")
        await Script(a.discord).run("!esperar 0")
        due = await upcoming(a.bot.reminders)
        a.discord.clock.now += (due - a.discord.clock.datetime()).total_seconds()
        async with a.storage.across_guilds() as db:
            [target] = await armed(db)
        delivery = await a.bot.reminders.claim(target)
        assert delivery is not None and delivery.claim.attempt == 1
        await a.bot.reminders.post(delivery)  # ... and A dies here, before mark_sent
        [posted] = reminders(a.discord)
        claimed_at = (delivery.at - EPOCH).total_seconds()
    finally:
        await a.close()
    b = await open_session(database_url, dice=ForcedDice([]), migrate=False)
    try:
        b.discord.carry_over(a.discord)  # the same Discord: A's message is in the channel
        b.discord.clock.now = claimed_at + LEASE_S - 1
        assert await b.bot.reminders.run_due() == 0  # A's lease still holds it
        lease_end = delivery.at + timedelta(seconds=LEASE_S)
        assert await b.bot.reminders.next_due() == lease_end
        b.discord.clock.now = claimed_at + after
        await b.bot.reminders.run_due()
        sent = reminders(b.discord)
        assert len(sent) == copies and sent[0].id == posted.id
        assert {m.payload["nonce"] for m in sent} == {delivery.claim.nonce}
        repeat = [n.line for n in b.discord.gate.notices if "nonce repetido" in n.line]
        assert len(repeat) == 2 - copies
        assert not b.discord.gate.failed
        # B marked it sent: the next one is a period later, once
        assert await b.bot.reminders.run_due() == 0
        later = await upcoming(b.bot.reminders)
        assert 3599 < (later - b.discord.clock.datetime()).total_seconds() <= 3600
    finally:
        await b.close()


async def test_a_session_reminder_refused_at_24_hours_arrives_once_the_permission_is_back(
    script: Script, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """The issue's case: a 403 at the 24 h moment no longer loses the reminder."""
    from tests.bot.test_sesiones import ANA, FRIDAY, START
    from tests.bot.test_sesiones import reminders as session_reminders
    from tests.bot.test_sesiones import wait_until as wait_for

    await wait_for(script, fake, FRIDAY)
    await script.run("@master", '/sesion programar titulo:"Sesión 7" fecha:29/03/2026 hora:20:00')
    await script.run("@ana", "!interes Sesión 7", "@master", "!permiso quitar enviar_mensajes")
    with caplog.at_level(logging.WARNING, logger="bot.features.delivery"):
        out = await wait_for(script, fake, START - timedelta(hours=24))
        assert FORBIDDEN in out and session_reminders(fake) == []
        await script.run(f"!esperar {RETRY_BACKOFF_S[0]}")
        assert refusals(fake) == 2 and session_reminders(fake) == []
    assert "el recordatorio de la sesión «Sesión 7»" in caplog.records[0].getMessage()
    await script.run("!permiso dar enviar_mensajes", f"!esperar {RETRY_BACKOFF_S[1]}")
    [day_before] = session_reminders(fake)
    assert "empieza mañana" in day_before.content or "24" in day_before.content
    assert f"<@{ANA}>" in day_before.content
    await wait_for(script, fake, START - timedelta(minutes=59))
    assert len(session_reminders(fake)) == 2  # the 1 h one, once; the 24 h one not again
    assert refusals(fake) == 2 and not fake.gate.failed


async def test_a_session_reminder_still_failing_at_the_start_is_told_to_the_gm(
    script: Script, fake: FakeDiscord
) -> None:
    from tests.bot.test_sesiones import FRIDAY, START
    from tests.bot.test_sesiones import reminders as session_reminders
    from tests.bot.test_sesiones import wait_until as wait_for

    await wait_for(script, fake, FRIDAY)
    await script.run(
        "@master",
        "/config canal_master:#trastienda",
        '/sesion programar titulo:"Sesión 7" fecha:29/03/2026 hora:20:00',
        "!permiso quitar enviar_mensajes",
    )
    await wait_for(script, fake, START - timedelta(hours=2))
    told = [m for m in fake.messages if m.channel == "trastienda"]
    assert len(told) == 1 and "el recordatorio de la sesión «Sesión 7»" in told[0].content
    assert f"tras {MAX_ATTEMPTS} intentos" in told[0].content  # the 24 h one, given up
    # the 1 h one: 4 tries by 39 minutes before the start; its 5th, 21 minutes after the
    # start, finds the session begun: given up, and the GM told
    await wait_for(script, fake, START + timedelta(minutes=30))
    told = [m for m in fake.messages if m.channel == "trastienda"]
    assert len(told) == 2 and "la sesión empezó antes de poder publicarlo" in told[1].content
    assert session_reminders(fake) == []

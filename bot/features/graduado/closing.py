"""The round that closes by itself (seed 003: «la ronda se resuelve cuando todos … han
declarado, o cuando cierra una ventana de 90 segundos (espera mientras alguien sigue
escribiendo)», a step the seed gives the *Motor*).

The window opens when the round first has something to resolve (**[D]**, in
:meth:`.system.Graduado.window`) and is stored as the encounter's ``closes_at``; the
reminders' task (:mod:`bot.features.recordatorios.scheduler`) calls :func:`close_by_itself`
for each round due, in the process of the guild's shard. There the bot, acting by itself
(:class:`~bot.edge.unattended.Unattended`), runs the same step as the GM's ``/asalto`` —
unless a player whose hero has not declared is still typing: then the window waits until
their typing indicator lapses (:mod:`bot.edge.typists`) and looks again.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import discord

from bot.edge.path import Step, run_step
from bot.edge.unattended import Unattended
from bot.features.common import post_reopening
from bot.render.graduado import reply_messages
from bot.render.safe import allowed_mentions
from bot.storage.encounter_info import EncounterInfo
from umbral_rules.graduado.events import Event

from .doc import GradDoc
from .system import GRADUADO, GradTurn

log = logging.getLogger(__name__)

#: The title of the reply to a round closed (by the GM's ``/asalto`` or by its window).
CLOSED = "Se resuelve la ronda"


def deadline(doc: GradDoc, info: EncounterInfo | None) -> datetime | None:
    """When the round's window closes: the stored moment once it has opened; before, the
    world's window counted from the round's start (the GM's ``/asalto`` may close an
    empty round then)."""
    if info is None:
        return None
    if info.closes_at is not None:
        return info.closes_at
    if info.phase_since is None:
        return None
    return info.phase_since + timedelta(seconds=doc.combate.state.mundo.ventana.segundos)


async def close_by_itself(caller: Unattended) -> None:
    """Close the channel's round if its window has run out and nobody who still has to
    declare is typing; post the reply and (:meth:`Unattended.finish`) the tracker."""

    async def rules(turn: GradTurn) -> list[Event]:
        turn.saves, turn.tracker = False, None
        doc, uow, now = turn.document, turn.uow, caller.now
        info = uow.encounter.info
        if info is None or info.closes_at is None or info.closes_at > now:
            return []  # closed or changed meanwhile (another process, a command)
        if doc.combate.state.final is not None:
            await uow.encounter.close_at(None)
            return []
        owners = {
            link.owner_id
            for hero in doc.combate.state.pendientes
            if (link := doc.vinculo(hero)) is not None
        }
        guild_id, channel_id = caller.ids()
        typing = caller.services.typists.typing_until(guild_id, channel_id, owners, now)
        if typing is not None:  # «espera mientras alguien sigue escribiendo»
            await uow.encounter.close_at(typing)
            turn.tracker = "show"  # its countdown shows the new moment
            return []
        turn.events = doc.combate.cerrar_ronda(caller.dice, por_ventana=True)
        turn.saves, turn.tracker = True, "show"
        return turn.events

    events = await run_step(caller, GRADUADO, Step("asalto", rules))
    if not events:
        return
    guild_id, channel_id = caller.ids()
    try:  # (a thread archived meanwhile is reopened, as for the reminders)
        for embeds in reply_messages(CLOSED, [e.message for e in events]):
            await post_reopening(
                caller.client,
                guild_id,
                channel_id,
                None,
                allowed_mentions=allowed_mentions(),
                embeds=embeds,
            )
    except discord.HTTPException:  # (the round is closed and saved; the tracker shows it)
        log.warning("No se pudo publicar la ronda cerrada en %s", channel_id, exc_info=True)

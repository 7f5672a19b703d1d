"""What the shared commands do alike in every game whose encounter is one typed document
(hielo, the graded fight, the percentile game: a :class:`~bot.edge.path.DocumentSystem`),
once the shared command's own (Umbral's) body has handed the command over."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.edge.context import Context
from bot.edge.path import GameSystem, Step, Stored, Turn, run_step
from bot.features.common import send
from bot.records.rolls import Changed, Correction
from bot.render.correction import correction_embed
from bot.render.tracker import REPOSTED
from bot.render.trackers import system_tracker

D = TypeVar("D", bound=Stored)
E = TypeVar("E")


async def defer_once(ctx: Context, *, ephemeral: bool = False) -> None:
    """Defer, unless the shared command's own body already answered Discord (it usually
    has: it read the channel's encounter, found another game's, and handed it over)."""
    if not ctx.interaction.response.is_done():
        await ctx.interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def view_document(
    ctx: Context, system: GameSystem[D, None, E], *, reposted: str = REPOSTED
) -> None:
    """``/encuentro ver``: the channel's tracker, to the one who asked; ``publico``: the
    tracker posted again at the bottom of the channel (and that one kept up to date)."""
    await defer_once(ctx, ephemeral=True)
    if ctx.options.get("publico"):

        async def repost(turn: Turn[D, None, E]) -> None:
            turn.saves, turn.tracker = False, "repost"  # nothing changes: posted again

        await run_step(ctx, system, Step(None, repost))
        await send(ctx.interaction, content=reposted, ephemeral=True)
        return

    async def look(turn: Turn[D, None, E]) -> discord.Embed:
        turn.tracker = None
        info = turn.uow.encounter.info
        closes_at = None if info is None else info.closes_at
        return system_tracker(system.name, turn.document.to_dict(), closes_at=closes_at)

    embed = await run_step(ctx, system, Step(None, look, need="look"))
    await send(ctx.interaction, embed=embed, ephemeral=True)


@dataclass(frozen=True)
class HandCorrection:
    """What a game's hand correction did, as its reply and its log entry say it: whom
    (``nombre``, as shown), each value changed (before → after, as players read them), what
    followed in the rules' words, and whom the reply calls (``content`` and ``pings``: a
    turn that starts)."""

    nombre: str
    cambios: Sequence[Changed]
    after: Sequence[str] = ()
    content: str | None = None
    pings: Sequence[int] = ()


async def correct_by_hand(
    ctx: Context,
    system: GameSystem[D, None, E],
    command: str,
    rules: Callable[[Turn[D, None, E]], HandCorrection],
    motivo: str | None,
    *,
    marker: str = "• ",
) -> None:
    """``/<juego> ajustar``: the GM sets a fighter's values by hand (``rules``: the game's
    own correction, on the turn's document) on the one path — the document saved with its
    version (``/deshacer`` takes it back), the tracker redrawn — with one roll-log entry
    (:class:`~bot.records.rolls.Correction`) and a public reply (``marker``: how its lines
    start, :func:`~bot.render.correction.correction_embed`)."""
    await defer_once(ctx)
    motivo = (motivo or "").strip() or None

    async def step(turn: Turn[D, None, E]) -> HandCorrection:
        return rules(turn)

    async def log(turn: Turn[D, None, E], done: HandCorrection) -> None:
        result = Correction(
            sistema=system.name, nombre=done.nombre, cambios=list(done.cambios), motivo=motivo
        )
        await turn.uow.rolls.append(
            user_id=ctx.user_id,
            command=command,
            dice=[],
            result=result,
            actor=done.nombre,
            motivo=motivo,
        )

    done = await run_step(ctx, system, Step(command, step, own_log=log))
    embed = correction_embed(done.nombre, done.cambios, done.after, motivo, marker=marker)
    await send(ctx.interaction, content=done.content, embed=embed, pings=done.pings)

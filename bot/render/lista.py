"""``/encuentro lista``: every open encounter of the server, one block each, in pages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.render.config import MODE_LABELS
from bot.render.limits import PAGE_CHARS, split_text
from bot.render.tracker import PHASE_LABELS
from umbral_rules.systems import UMBRAL, system_label

LIST_COLOUR = discord.Colour(0x16A085)
#: Encounters per page (each takes a few lines).
PER_PAGE = 6
EMPTY = "No hay ningún encuentro abierto en el servidor."


@dataclass(frozen=True)
class OpenEncounter:
    """One line of the list: where, how, and who is waited for (lines of
    :func:`bot.render.tracker.waiting_lines`)."""

    channel_id: int
    mode: str
    asalto: int
    phase: str
    waiting: Sequence[str]
    #: The game it plays (another game's encounter shows its name, not Umbral's mode).
    system: str = UMBRAL


def encounter_block(e: OpenEncounter) -> str:
    if e.system != UMBRAL:
        head = f"**<#{e.channel_id}>** — {system_label(e.system)}"
        head += f" · asalto {e.asalto}" if e.asalto else ""
        return "\n".join([head, "  • Lo que espera, en su tracker."])
    head = (
        f"**<#{e.channel_id}>** — {MODE_LABELS.get(e.mode, e.mode)} · asalto {e.asalto} · "
        f"{PHASE_LABELS.get(e.phase, e.phase)}"
    )
    lines = [f"  • {line}" for line in e.waiting] or ["  • Nadie tiene nada pendiente."]
    return "\n".join([head, *lines])


def encounter_list_pages(entries: Sequence[OpenEncounter]) -> list[discord.Embed]:
    """The pages (each within Discord's limits: at most ``PAGE_CHARS`` of description)."""
    blocks = [encounter_block(e) for e in entries]
    chunks = split_text(blocks, PAGE_CHARS, PER_PAGE) or [EMPTY]
    title = f"Encuentros abiertos ({len(entries)})"
    return [discord.Embed(title=title, description=chunk, colour=LIST_COLOUR) for chunk in chunks]

"""The reply to a GM's hand correction (``/descanso``, ``/ficha ajustar`` share its footer;
``/hielo ajustar``, ``/porcentual ajustar``, ``/graduado ajustar`` its whole embed): whom,
one line per value changed, what followed, why, and how to take it back."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.records.rolls import Changed
from bot.render.encounter import EVENT_COLOUR
from bot.render.limits import DESCRIPTION_MAX, cut
from bot.render.safe import shown

TITLE = "Corrección del máster"
#: Under every change the GM made by hand: /deshacer is how it goes back.
CORRECTION_FOOTER = "Lo ha hecho el máster; /deshacer lo devuelve a como estaba."


def correction_embed(
    nombre: str,
    cambios: Sequence[Changed],
    after: Sequence[str],
    motivo: str | None,
    *,
    marker: str = "• ",
) -> discord.Embed:
    """Whom (``nombre``), one line per value («Salud 9 → 6»), what followed in the rules'
    words (``after``: out of the fight, back in…) and the reason; every line escaped (names
    in them were typed by users). ``marker`` starts each line (the graded fight's replies
    use none)."""
    lines = [f"{c.campo} {c.antes} → {c.despues}" for c in cambios] + [a for a in after if a]
    lines = lines or ["Sin cambios: ya estaba así."]
    text = f"**{shown(nombre)}**\n" + "\n".join(f"{marker}{shown(line)}" for line in lines)
    if motivo:
        text += f"\nMotivo: {shown(motivo)}"
    embed = discord.Embed(title=TITLE, description=cut(text, DESCRIPTION_MAX), colour=EVENT_COLOUR)
    return embed.set_footer(text=CORRECTION_FOOTER)

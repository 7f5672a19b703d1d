"""The graded d100 combat (seed 003) drawn: its tracker, the replies to its commands (one
line per event of the rules, every term and die in it) and its sheets. Pure: documents and
events in, embeds out. Names users typed go out through :func:`bot.render.safe.shown`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.jsontypes import JsonObject
from bot.render.limits import (
    DESCRIPTION_MAX,
    EMBEDS_MAX,
    EMBEDS_TOTAL_MAX,
    FIELD_VALUE_MAX,
    cut,
    split_text,
)
from bot.render.safe import shown
from bot.render.tracker import ENDED_COLOUR, TRACKER_COLOUR
from umbral_rules.graduado import (
    Bando,
    CombateState,
    Combatiente,
    Ficha,
    RankNames,
    Reserva,
)
from umbral_rules.graduado.chance import number

REPLY_COLOUR = discord.Colour(0x8E44AD)
#: What the fight's end is called.
FINALES = {"victoria": "victoria", "derrota": "derrota", "huida": "huida"}


def line(text: str) -> str:
    """One event's message as a bullet: names escaped, the rules' **bold** kept."""
    return f"• {shown(text, roleplay=True)}"


def reply_messages(title: str, lines: Sequence[str]) -> list[list[discord.Embed]]:
    """A reply: the title and one bullet per line, in as many embeds as it takes, grouped in
    as many messages as Discord's limits ask (a round with many blows is long): nothing is
    dropped."""
    chunks = split_text([line(t) for t in lines if t], DESCRIPTION_MAX) or [""]
    messages: list[list[discord.Embed]] = [[]]
    total = 0
    for i, chunk in enumerate(chunks):
        head = cut(shown(title), 256) if i == 0 else f"{cut(shown(title), 240)} (sigue)"
        size = len(head) + len(chunk)
        if messages[-1] and (total + size > EMBEDS_TOTAL_MAX or len(messages[-1]) == EMBEDS_MAX):
            messages.append([])
            total = 0
        total += size
        messages[-1].append(
            discord.Embed(title=head, description=chunk or None, colour=REPLY_COLOUR)
        )
    return messages


def reply_embeds(title: str, lines: Sequence[str]) -> list[discord.Embed]:
    """A short reply's embeds (one message): the first message of :func:`reply_messages`."""
    return reply_messages(title, lines)[0]


def _reserve(label: str, r: Reserva) -> str:
    return f"{label} {r.restante}/{r.maximo}"


def ficha_summary(f: Ficha, rangos: RankNames) -> str:
    """«rango B (poder 25) · aguante 80/100 · maná 10/20 (poder 22) · arma 2 · armadura 1»."""
    parts = [f"rango {shown(rangos.of(f.poder))} (poder {f.poder})", _reserve("aguante", f.fuerza)]
    if f.fuerza.poder != f.poder:
        parts[-1] += f" (Fuerza {f.fuerza.poder})"
    if f.magia is not None:
        parts.append(_reserve("maná", f.magia) + f" (magia {f.magia.poder})")
    parts.append(f"arma {f.arma} · armadura {f.armadura}")
    if f.base is not None:
        parts.append(f"base {f.base} %")
    return " · ".join(parts)


def _state_word(c: Combatiente) -> str:
    words = []
    if c.muerto:
        words.append("muerto")
    elif c.inutilizado:
        words.append("inutilizado")
    elif c.caido:
        words.append("derribado")
    if c.desangrandose:
        words.append("desangrándose")
    words.extend(c.heridas)
    return (" · " + ", ".join(words)) if words else ""


def _fighter(state: CombateState, c: Combatiente) -> str:
    declared = ""
    if c.bando is Bando.HEROES and not c.fuera:
        declared = " · ✔ declarado" if c.id in state.declaraciones else " · ⏳ sin declarar"
    summary = ficha_summary(c.ficha, state.mundo.rangos)
    return f"**{shown(c.nombre)}** — {summary}{_state_word(c)}{declared}"


def _threats(state: CombateState) -> list[str]:
    lines = []
    for when, anuncios in (
        ("cae al cerrar esta ronda", state.anunciados),
        ("cae al cerrar la próxima", state.proximos),
    ):
        for a in anuncios:
            note = ", imparable" if a.inbloqueable else ""
            lines.append(
                f"{shown(state.find(a.atacante).nombre)} → {shown(state.find(a.objetivo).nombre)}"
                f" ({when}{note})"
            )
    return lines


def _field(embed: discord.Embed, name: str, lines: Sequence[str]) -> None:
    if lines:
        embed.add_field(name=name, value=cut("\n".join(lines), FIELD_VALUE_MAX), inline=False)


def draw(doc: JsonObject, ended: bool) -> discord.Embed:
    """The tracker of a graded fight: the round, each side's Impulso, every fighter with rank,
    reserves and state, who has declared, and what the enemies announced at whom."""
    state = CombateState.from_dict(doc)
    final = state.final.value if state.final else None
    title = f"Combate graduado — ronda {state.ronda}"
    if ended or final:
        title = "Combate graduado terminado" + (f" ({FINALES[final]})" if final else "")
    impulso = state.impulso
    ventana = state.mundo.ventana
    window = (
        f"ventana por mensajes de {ventana.segundos // 60} min"
        if ventana.por_turnos
        else f"ventana de {ventana.segundos} s"
    )
    embed = discord.Embed(
        title=title,
        description=(
            f"Impulso: héroes {number(impulso[Bando.HEROES])} · enemigos "
            f"{number(impulso[Bando.ENEMIGOS])} · {window}"
        ),
        colour=ENDED_COLOUR if ended else TRACKER_COLOUR,
    )
    _field(embed, "Héroes", [_fighter(state, c) for c in state.side(Bando.HEROES)])
    _field(embed, "Enemigos", [_fighter(state, c) for c in state.side(Bando.ENEMIGOS)])
    if not ended and not final:
        _field(embed, "Lo que viene", _threats(state))
        missing = [shown(c.nombre) for c in state.pendientes]
        if missing:
            _field(embed, "Faltan por declarar", [", ".join(missing)])
    return embed


def sheet_embed(
    kind_title: str, ficha: Ficha, rangos: RankNames, heridas: Sequence[str]
) -> discord.Embed:
    """A sheet or a bestiary entry of this system."""
    embed = discord.Embed(
        title=f"{kind_title}: {cut(shown(ficha.nombre), 200)}",
        description=ficha_summary(ficha, rangos),
        colour=REPLY_COLOUR,
    )
    if heridas:
        _field(embed, "Heridas", [shown(h) for h in heridas])
    return embed


def sheet_list_embed(
    title: str, rows: Sequence[tuple[Ficha, str]], rangos: RankNames
) -> discord.Embed:
    """The sheets (or the bestiary) of this system in the server: name, summary, owner."""
    lines = [f"**{shown(f.nombre)}** — {ficha_summary(f, rangos)}{owner}" for f, owner in rows] or [
        "(ninguna)"
    ]
    return discord.Embed(
        title=title,
        description=cut("\n".join(lines), DESCRIPTION_MAX),
        colour=REPLY_COLOUR,
    )


def value_text(value: int | bool) -> str:
    """A corrected value as the reply and /historial show it: «sí»/«no», «12», «−3»."""
    if isinstance(value, bool):
        return "sí" if value else "no"
    return number(value)

"""``/estadisticas``' reply: the figures as text (the same the picture draws, and more), and
the verdict on the dice in plain Spanish. Pure: figures in, ``discord.Embed`` out."""

from __future__ import annotations

import math
from datetime import date
from fractions import Fraction

import discord

from bot.records.figures import D12, Damage, Figures
from bot.render.limits import FIELD_VALUE_MAX, cut
from bot.render.safe import shown
from umbral_rules.luck import FitTest, minimum_dice
from umbral_rules.plural import plural

COLOUR = discord.Colour(0x5865F2)
#: [D] Below this p-value the faces are called uncommon; below the second, very rare.
UNCOMMON, RARE = 0.05, 0.001
#: How many encounters, and names in each, the damage field shows (newest first).
ENCOUNTERS_SHOWN, NAMES_SHOWN = 6, 6
#: The variance of one fair d12's face: (12² − 1) / 12.
D12_VARIANCE = (D12 * D12 - 1) / 12


def decimal(value: float | Fraction, places: int = 1) -> str:
    """«7,4»: a number as Spanish writes it."""
    return f"{float(value):.{places}f}".replace(".", ",")


def p_text(p: float) -> str:
    if p < RARE:
        return "p < 0,001"
    return f"p = {decimal(p, 2 if p >= 0.1 else 3)}"


def faces_table(figures: Figures) -> str:
    """Each face's count against the fair die's, in a code block (no user text in it)."""
    expected = figures.d12_dice / D12
    rows = ["cara  veces  esperadas"]
    rows += [
        f"{face:>4}  {seen:>5}  {decimal(expected):>9}"
        for face, seen in enumerate(figures.faces, 1)
    ]
    return "```\n" + "\n".join(rows) + "\n```"


def verdict(figures: Figures, test: FitTest | None) -> str:
    """The luck of these dice, said plainly, with the test behind it."""
    dice = figures.d12_dice
    if test is None:
        return (
            f"Con {dice} d12 aún no se puede juzgar la suerte: la prueba necesita al menos "
            f"{minimum_dice(D12)} (que cada cara se espere 5 veces)."
        )
    test_line = (
        f"Prueba χ² de bondad de ajuste a un d12 justo: χ² = {decimal(test.statistic, 2)} con "
        f"{test.df} grados de libertad, {p_text(test.p_value)}."
    )
    share = test.p_value * 100
    if test.p_value >= UNCOMMON:
        head = "**Suerte corriente.** Las caras salen como en un d12 justo."
        means = (
            f"Con dados justos, {round(share)} de cada 100 grupos verían un reparto tan "
            "desigual o más: nada que reprochar a los dados."
        )
    else:
        head = (
            "**Reparto muy raro.**" if test.p_value < RARE else "**Reparto poco corriente.**"
        ) + f" {_extremes(figures)}"
        odds = "menos de 1 de cada 1000" if test.p_value < RARE else f"{decimal(share)} de cada 100"
        means = (
            f"Con dados justos, un reparto así de desigual sale en {odds} grupos. Entre amigos: "
            "si muchos miráis vuestras estadísticas, a alguno le tocará un reparto raro por "
            "puro azar; no prueba que nadie haga trampa."
        )
    z = (test.mean - test.fair_mean) / math.sqrt(D12_VARIANCE / test.dice)
    lean = (
        "por encima de lo normal: más suerte de la esperada"
        if z >= 2
        else "por debajo de lo normal: menos suerte de la esperada"
        if z <= -2
        else "dentro de lo normal"
    )
    mean = (
        f"Media de las caras: {decimal(test.mean, 2)} (un d12 justo da "
        f"{decimal(test.fair_mean)} de media), {lean}."
    )
    return "\n".join((head, test_line, means, mean))


def _extremes(figures: Figures) -> str:
    expected = figures.d12_dice / D12
    over = max(range(D12), key=lambda i: figures.faces[i] - expected)
    under = min(range(D12), key=lambda i: figures.faces[i] - expected)
    return (
        f"Sobran {over + 1} ({figures.faces[over]} de {decimal(expected)} esperados) y "
        f"faltan {under + 1} ({figures.faces[under]})."
    )


def naturals(figures: Figures) -> tuple[str, str]:
    twelves = (
        f"{figures.twelves} en {plural(figures.d12_rolls, 'tirada de d12 de Umbral')} (con "
        f"dados justos, unos {decimal(figures.expected_twelves)}; la ventaja y la desventaja "
        "cuentan)."
        if figures.d12_rolls
        else "Ninguna tirada de d12 de Umbral."
    )
    ones = (
        f"{figures.defense_ones} en {plural(figures.defenses, 'Defensa de Mesa')} (unos "
        f"{decimal(figures.expected_defense_ones)} esperados): cada uno, un golpe crítico "
        "encajado."
        if figures.defenses
        else "Ninguna Defensa de Mesa."
    )
    return twelves, ones


def damage_lines(figures: Figures) -> str:
    """Per encounter (newest first): who dealt and took how much."""
    fights = sorted(figures.damage.values(), key=lambda d: d.first, reverse=True)
    if not fights:
        return "Ningún golpe en un encuentro."
    blocks = [_fight(fight) for fight in fights[:ENCOUNTERS_SHOWN]]
    if len(fights) > ENCOUNTERS_SHOWN:
        blocks.append(f"… y {len(fights) - ENCOUNTERS_SHOWN} encuentros más antiguos.")
    return cut("\n".join(blocks), FIELD_VALUE_MAX)


def _fight(fight: Damage) -> str:
    order = sorted(fight.by, key=lambda n: (n not in fight.players, -sum(fight.by[n]), n))
    parts = [
        f"{shown(name)} hace {fight.by[name][0]}, recibe {fight.by[name][1]}"
        for name in order[:NAMES_SHOWN]
    ]
    if len(order) > NAMES_SHOWN:
        parts.append(f"y {len(order) - NAMES_SHOWN} más")
    return f"<#{fight.channel_id}> {fight.first:%Y-%m-%d}: " + "; ".join(parts) + "."


def summary(figures: Figures) -> str:
    """The count of rolls and what was left out."""
    text = f"**{figures.rolls}** {plural(figures.rolls, 'tirada', number=False)}"
    if figures.physical:
        text += f" ({figures.physical} con dados físicos, fuera de la cuenta)"
    dice = [f"{figures.d12_dice} d12"]
    if figures.other_dice:
        dice.append(f"{figures.other_dice} de otros tamaños")
    if figures.unknown_dice:
        dice.append(f"{figures.unknown_dice} de tiradas antiguas sin tamaño anotado")
    return text + "; dados: " + ", ".join(dice) + "."


def stats_embed(
    figures: Figures, test: FitTest | None, scope: str, since: date | None
) -> discord.Embed:
    """The whole reply; ``scope``: whose rolls, where (already escaped); ``since``: the
    day ``desde:`` gave."""
    desde = f" desde el {since:%Y-%m-%d}" if since else ""
    embed = discord.Embed(title="Estadísticas de tiradas", colour=COLOUR)
    embed.description = f"{scope}{desde}: {summary(figures)}"
    if figures.d12_dice:
        embed.add_field(
            name=f"Caras del d12 ({figures.d12_dice} dados)",
            value=faces_table(figures),
            inline=False,
        )
    embed.add_field(
        name="Veredicto", value=cut(verdict(figures, test), FIELD_VALUE_MAX), inline=False
    )
    twelves, ones = naturals(figures)
    embed.add_field(name="12 naturales", value=twelves, inline=False)
    embed.add_field(name="1 naturales en Defensas de Mesa", value=ones, inline=False)
    embed.add_field(name="Daño por encuentro", value=damage_lines(figures), inline=False)
    embed.set_footer(
        text="Cuentan todos los dados que tiró el bot (los dos de una ventaja, las repeticiones "
        "de Aliento); no los dados físicos, ni lo deshecho, ni las tiradas privadas de otros "
        "(salvo para el máster)."
    )
    return embed


def alt_text(figures: Figures) -> str:
    """The picture's description (for screen readers)."""
    counts = ", ".join(f"{face}: {seen}" for face, seen in enumerate(figures.faces, 1))
    return (
        f"Gráfico de barras de las caras del d12 en {figures.d12_dice} dados, contra "
        f"{decimal(figures.d12_dice / D12)} por cara de un dado justo. {counts}."
    )

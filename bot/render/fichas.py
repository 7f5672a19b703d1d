"""Character sheets and bestiary entries as embeds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.render.limits import PAGE_CHARS, PAGE_LINES, add_long_field, cut, split_text
from bot.render.safe import shown
from umbral_rules import CharacterSheet, EnemySheet, Weapon
from umbral_rules.tables import ATRIBUTO_LABELS, PROTECCION, TAMANO_LABELS, WEAPON_CLASS_LABELS

SHEET_COLOUR = discord.Colour(0x8E44AD)
BESTIARY_COLOUR = discord.Colour(0x7F8C8D)


@dataclass(frozen=True)
class Pools:
    """The bars of a character: Aguante, Aliento, Esencia (current and maximum)."""

    aguante: int
    aguante_max: int
    aliento: int = 0
    aliento_max: int = 0
    esencia: int = 0
    esencia_max: int = 0
    estados: Sequence[str] = field(default_factory=tuple)


def weapon_text(weapon: Weapon) -> str:
    """One weapon as plain text (escape it with ``shown`` where markdown renders)."""
    clase = WEAPON_CLASS_LABELS.get(weapon.clase, weapon.clase)
    quals = f", {', '.join(sorted(weapon.cualidades))}" if weapon.cualidades else ""
    return (
        f"{weapon.nombre}: {clase}, Potencia {weapon.potencia}, atributo {weapon.atributo}{quals}"
    )


def ficha_embed(
    sheet: CharacterSheet,
    weapons: Sequence[Weapon],
    pools: Pools,
    *,
    owner: str | None = None,
    active: bool = False,
    vital: str | None = None,
    notas: str = "",
    notas_privadas: str = "",
) -> discord.Embed:
    """The whole sheet: attributes, derived numbers, Oficios, weapons, bars and estados;
    ``vital``: «muerto» / «retirado» (or «muerta» / «retirada») when it is no longer in play.
    ``notas_privadas``: given only for a private reply to the owner or the GM."""
    name = shown(sheet.nombre)
    dead, retired = vital in ("muerto", "muerta"), vital in ("retirado", "retirada")
    title = f"{name} ✝ ({vital})" if dead else name
    embed = discord.Embed(title=f"{title} ({vital})" if retired else title)
    embed.colour = SHEET_COLOUR
    if owner or active or vital:
        parts = [
            f"de {owner}" if owner else "",
            "personaje activo" if active else "",
            vital.upper() if vital else "",
        ]
        embed.description = " · ".join(p for p in parts if p)
    attrs = " · ".join(f"{ATRIBUTO_LABELS[k]} {sheet.atributo(k)}" for k in ATRIBUTO_LABELS)
    embed.add_field(name="Atributos", value=attrs, inline=False)
    prot = PROTECCION.get(sheet.proteccion, str(sheet.proteccion))
    embed.add_field(
        name="Defensa",
        value=f"{sheet.defensa} (9 + Destreza + protección {sheet.proteccion}, {prot.lower()})",
        inline=False,
    )
    embed.add_field(name="Aguante", value=f"{pools.aguante}/{pools.aguante_max}", inline=True)
    if pools.aliento_max:  # (no «Aliento: 0/0» on a sheet without it, as with Esencia)
        embed.add_field(name="Aliento", value=f"{pools.aliento}/{pools.aliento_max}", inline=True)
    if pools.esencia_max:
        embed.add_field(name="Esencia", value=f"{pools.esencia}/{pools.esencia_max}", inline=True)
    oficios = [f"{shown(k)} {v}" for k, v in sorted(sheet.oficios.items())] or ["ninguno"]
    add_long_field(embed, "Oficios", oficios, ", ")
    armas = [
        shown(weapon_text(w)) + (" (por defecto)" if i == 0 and len(weapons) > 1 else "")
        for i, w in enumerate(weapons)
    ] or ["ninguna (usa /ficha arma)"]
    add_long_field(embed, "Armas", armas)
    if pools.estados:
        add_long_field(embed, "Estados", [shown(e) for e in pools.estados], ", ")
    if notas:
        add_long_field(embed, "Notas", shown(notas, multiline=True).split("\n"))
    if notas_privadas:
        lines = shown(notas_privadas, multiline=True).split("\n")
        add_long_field(embed, "Notas privadas (solo tú y el máster)", lines)
    return embed


def fichas_list_embed(names: Sequence[tuple[str, bool]]) -> discord.Embed:
    """The first page of :func:`fichas_list_pages`."""
    return fichas_list_pages(names)[0]


def fichas_list_pages(names: Sequence[tuple[str, bool]]) -> list[discord.Embed]:
    """``(nombre, activo)`` pairs, twenty to a page."""
    lines = [
        f"{'▶ ' if active else '• '}{shown(name)}{' (activo)' if active else ''}"
        for name, active in names
    ]
    chunks = split_text(lines, PAGE_CHARS, PAGE_LINES) or [
        "No tienes ninguno: crea uno con /ficha crear."
    ]
    return [
        discord.Embed(title="Tus personajes", description=chunk, colour=SHEET_COLOUR)
        for chunk in chunks
    ]


def enemy_embed(enemy: EnemySheet, notas: str = "", estados: Sequence[str] = ()) -> discord.Embed:
    """Every field of a bestiary entry."""
    embed = discord.Embed(
        title=cut(shown(enemy.nombre), 256), description="Bestiario", colour=BESTIARY_COLOUR
    )
    embed.add_field(name="Ataque", value=str(enemy.ataque), inline=True)
    embed.add_field(name="Defensa", value=str(enemy.defensa), inline=True)
    embed.add_field(name="Aguante", value=str(enemy.aguante), inline=True)
    quals = f" ({', '.join(sorted(enemy.cualidades))})" if enemy.cualidades else ""
    embed.add_field(
        name="Arma", value=f"{shown(enemy.arma)}, Potencia {enemy.potencia}{quals}", inline=False
    )
    embed.add_field(name="Tamaño", value=TAMANO_LABELS.get(enemy.tamano, enemy.tamano), inline=True)
    prot = PROTECCION.get(enemy.proteccion, str(enemy.proteccion))
    embed.add_field(name="Protección", value=f"{enemy.proteccion} ({prot.lower()})", inline=True)
    embed.add_field(
        name="Por asalto",
        value=(
            f"{enemy.acciones_por_asalto} "
            f"{'acción' if enemy.acciones_por_asalto == 1 else 'acciones'}, "
            f"{enemy.respuestas_por_asalto} "
            f"{'respuesta' if enemy.respuestas_por_asalto == 1 else 'respuestas'}"
        ),
        inline=True,
    )
    embed.add_field(
        name="Entra con", value=", ".join(shown(e) for e in estados) or "ningún estado", inline=True
    )
    embed.add_field(
        name="En Narrativo y Táctico",
        value=(
            f"ataca con 1d12{enemy.opposed_attack_bonus:+d}, "
            f"defiende con 1d12{enemy.opposed_defense_bonus:+d}"
        ),
        inline=False,
    )
    if notas:
        embed.add_field(name="Notas", value=shown(notas, multiline=True)[:1024], inline=False)
    return embed


def bestiary_list_embed(entries: Sequence[EnemySheet]) -> discord.Embed:
    """The first page of :func:`bestiary_list_pages`."""
    return bestiary_list_pages(entries)[0]


def bestiary_list_pages(entries: Sequence[EnemySheet]) -> list[discord.Embed]:
    lines = [
        f"• {shown(e.nombre)}: Ataque {e.ataque}, Defensa {e.defensa}, Aguante {e.aguante}, "
        f"Potencia {e.potencia}"
        for e in entries
    ]
    chunks = split_text(lines, PAGE_CHARS, PAGE_LINES) or [
        "Vacío: añade enemigos con /bestiario añadir."
    ]
    return [
        discord.Embed(title="Bestiario", description=chunk, colour=BESTIARY_COLOUR)
        for chunk in chunks
    ]


def notice_embed(title: str, text: str = "") -> discord.Embed:
    """A short confirmation; ``title`` and ``text`` are plain (names in them get escaped)."""
    return discord.Embed(
        title=shown(title),
        description=shown(text, multiline=True) if text else None,
        colour=SHEET_COLOUR,
    )

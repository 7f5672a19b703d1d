"""Rolls shown honestly: the dice, each modifier by name, total against what, margen, grade.

Pure functions from ``umbral_rules`` results to text and embeds; no Discord I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from umbral_rules import AttackResult, DieRoll, Grade, Grading, Roll, Static, TiradaResult, Ventaja
from umbral_rules.combat import AttackKind

from .limits import FOOTER_MAX
from .safe import MISSING, plain, shown

GRADE_COLOURS = {
    Grade.FRACASO: discord.Colour(0xC0392B),
    Grade.A_MEDIAS: discord.Colour(0xE67E22),
    Grade.EXITO: discord.Colour(0x27AE60),
    Grade.EXITO_PLENO: discord.Colour(0xF1C40F),
}
MINUS = "−"


def signed(value: int) -> str:
    """``+1``, ``−2``, ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


def dice_text(die: DieRoll) -> str:
    """``d12: 9``; with ventaja both faces, the kept one marked."""
    physical = " (dado físico)" if die.physical else ""
    if die.mode is Ventaja.NORMAL:
        cancel = ""
        if die.ventaja_sources and die.desventaja_sources:  # [D] one of each cancels
            cancel = (  # a source may carry a name someone typed («Lobo: Aturdido»)
                f" (ventaja y desventaja se anulan: "
                f"{', '.join(shown(s) for s in die.ventaja_sources)} / "
                f"{', '.join(shown(s) for s in die.desventaja_sources)})"
            )
        return f"d{die.sides}: {die.natural}{physical}{cancel}"
    faces = " y ".join(
        f"[{face}]" if i == die.kept_index else str(face) for i, face in enumerate(die.faces)
    )
    how = "ventaja" if die.mode is Ventaja.VENTAJA else "desventaja"
    sources = die.ventaja_sources if die.mode is Ventaja.VENTAJA else die.desventaja_sources
    why = f" ({', '.join(shown(s) for s in sources)})" if sources else ""
    return f"2d{die.sides} con {how}{why}: {faces}, se queda el {die.natural}{physical}"


def roll_text(roll: Roll) -> str:
    """``d12: 9 · 9 + Vigor 3 + Oficio contrabandista (mitad) 1 = 13``; a modifier whose name
    is itself a sum (a converted enemy's «Ataque 12 − 12») shows its result:
    ``+ (Ataque 12 − 12 = +0)``."""
    parts = [str(roll.natural)]
    for mod in roll.modifiers:
        name, value = shown(mod.name), mod.value
        if name[-1:].isdigit():
            parts.append(f"+ ({name} = {'+' if value >= 0 else MINUS}{abs(value)})")
        else:
            parts.append(f"{'+' if value >= 0 else MINUS} {name} {abs(value)}")
    return f"{dice_text(roll.die)} · {' '.join(parts)} = **{roll.total}**"


def static_text(static: Static) -> str:
    """``Defensa 13 (Base 9 + Destreza 3 + Protección 1)``; one part alone is just the number.
    Labels may carry names someone typed («ataque de Bran»): escaped."""
    label = shown(static.label)
    if len(static.parts) <= 1:
        return f"{label} {static.value}"
    parts = f"{shown(static.parts[0].name)} {static.parts[0].value}"
    for m in static.parts[1:]:  # a part that takes away reads «− Blanco a cubierto 3»
        name = shown(m.name)
        parts += f" + {name} {m.value}" if m.value >= 0 else f" {MINUS} {name} {-m.value}"
    return f"{label} {static.value} ({parts})"


def grade_text(grading: Grading) -> str:
    """``Éxito``; when a natural moved it, ``A medias → Éxito (12 natural: sube un grado)``."""
    text = grading.by_margen.label
    grade = grading.by_margen
    for shift in grading.shifts:
        moved = Grade(max(Grade.FRACASO, min(Grade.EXITO_PLENO, grade + shift.steps)))
        if moved is grade:
            text += f" ({shift.reason}, pero no pasa de {grade.label})"
        else:
            text += f" → {moved.label} ({shift.reason})"
        grade = moved
    for note in grading.notes:
        text += f" ({note})"
    return text


@dataclass(frozen=True)
class Vitals:
    """Someone's Aguante before and after a blow."""

    nombre: str
    antes: int
    despues: int
    maximo: int | None  # None: the combatant is no longer in the encounter

    def text(self) -> str:
        now = f"{self.despues}/{MISSING if self.maximo is None else self.maximo}"
        fallen = " — cae" if self.despues <= 0 < self.antes else ""
        if self.antes == self.despues:
            return f"{now}{fallen}"
        return f"{self.antes} → {now}{fallen}"


def _field(embed: discord.Embed, name: str, value: str) -> None:
    embed.add_field(name=name, value=value[:1024], inline=False)


def _roll_fields(
    embed: discord.Embed,
    roller: tuple[str, Roll | None],
    opponent: tuple[str, Roll | None],
    target: Static | None,
) -> None:
    """Who rolled what, against the other's roll (opposed: both dice shown) or a static
    number: the fields an opposed blow and an opposed Despegarse share."""
    if roller[1] is not None:
        _field(embed, roller[0], roll_text(roller[1]))
    if opponent[1] is not None:
        _field(embed, opponent[0], roll_text(opponent[1]))
    elif target is not None:
        _field(embed, "Contra", static_text(target))


def despegarse_embed(
    result: TiradaResult,
    engaged_roll: Roll | None,
    *,
    actor: str,
    engaged: str,
    message: str,
) -> discord.Embed:
    """A Despegarse: the leaver's roll (both dice with ventaja or desventaja) against the
    engaged's own roll in Narrativo and Táctico (its die and modifiers, as an opposed blow
    shows them) or its static Ataque in Mesa; the margen and the grade."""
    embed = discord.Embed(
        title=f"{actor} se despega de {engaged}",
        description=message,
        colour=GRADE_COLOURS[result.grade],
    )
    _roll_fields(
        embed,
        (f"Tirada de {actor}", result.roll),
        (f"Tirada de {engaged}", engaged_roll),
        None if engaged_roll is not None else result.target,
    )
    band = f" (bandas de {result.grading.band})" if engaged_roll is None else ""
    _field(embed, "Margen", f"{signed(result.margen)}{band}")
    _field(embed, "Grado", grade_text(result.grading))
    return embed


def attack_embed(
    result: AttackResult,
    *,
    attacker: str,
    defender: str,
    vitals: Vitals | None = None,
    title: str | None = None,
    extra: Sequence[str] = (),
) -> discord.Embed:
    """One blow: who rolled what against what, margen, grade, damage, Aguante after it."""
    verb = "dispara a" if result.kind is AttackKind.DISPARO else "ataca a"
    heading = title or f"{attacker} {verb} {defender}"
    embed = discord.Embed(
        title=heading, description=result.kind.label, colour=GRADE_COLOURS[result.hit]
    )
    if result.kind is AttackKind.MESA_DEFENSA:
        assert result.defender_roll is not None
        _field(embed, f"Defensa de {defender}", roll_text(result.defender_roll))
    other = result.defender_roll if result.kind is AttackKind.ENFRENTADO else None
    _roll_fields(
        embed,
        (f"Tirada de {attacker}", result.attacker_roll),
        (f"Defensa de {defender}", other),
        result.target,
    )
    _field(embed, "Margen", f"{signed(result.margen)} (bandas de {result.band})")
    reader = f" de {defender}" if result.reader == "defensor" else ""
    _field(embed, f"Grado{reader}", grade_text(result.grading))
    # (a Mesa defense's blow follows from the defender's grade: «Daño» says what got in,
    # without a «Golpe» line repeating the grade)
    potencia = f"Potencia {result.potencia}"
    if result.hit is Grade.EXITO_PLENO:
        potencia += " + 3"
    elif result.hit is Grade.A_MEDIAS:
        potencia = "un punto de roce"
    elif result.hit is Grade.FRACASO:
        potencia = "no entra"
    if result.kind is AttackKind.MESA_DEFENSA and result.critical:
        potencia = f"crítico: {potencia}"
    _field(embed, "Daño", f"{result.damage} ({potencia})")
    if vitals is not None:
        _field(embed, f"Aguante de {vitals.nombre}", vitals.text())
    notes = [*result.notes, *extra]
    if notes:
        embed.set_footer(text=plain(" · ".join(notes), FOOTER_MAX))
    return embed


def tirada_embed(
    result: TiradaResult, *, actor: str, what: str, note: str | None = None
) -> discord.Embed:
    """A check against an Umbral."""
    embed = discord.Embed(
        title=f"{actor}: {what}", description=note or "Tirada", colour=GRADE_COLOURS[result.grade]
    )
    _field(embed, "Tirada", roll_text(result.roll))
    target = result.target  # an Umbral by its name; a person's number with its parts
    umbral = len(target.parts) == 1 and target.parts[0].name == "Umbral"
    _field(embed, "Contra", target.label if umbral else static_text(target))
    _field(embed, "Margen", f"{signed(result.margen)} (bandas de {result.grading.band})")
    _field(embed, "Grado", grade_text(result.grading))
    return embed


def reading_text(result: AttackResult) -> str:
    """One reading of a Mesa Defensa: against what, margen, grade, the blow, its damage."""
    against = static_text(result.target) if result.target is not None else ""
    hit = result.hit.label + (" (crítico)" if result.critical else "")
    return (
        f"contra {against} · margen {signed(result.margen)} · {grade_text(result.grading)} · "
        f"golpe {hit}: {result.damage} de daño"
    )


def reread_embed(
    first: AttackResult,
    result: AttackResult,
    *,
    attacker: str,
    defender: str,
    damage: int,
    asalto: int,
    vitals: Vitals | None = None,
) -> discord.Embed:
    """A late attack read against the Defensa already rolled this asalto: both readings."""
    embed = discord.Embed(
        title=f"{attacker} ataca a {defender} después de su Defensa",
        description=(
            f"Asalto {asalto}: la Defensa se tira una vez por asalto; se lee otra vez la "
            "misma tirada y solo entra la diferencia de daño."
        ),
        colour=GRADE_COLOURS[result.hit],
    )
    assert result.defender_roll is not None
    _field(embed, f"Defensa de {defender} (ya tirada)", roll_text(result.defender_roll))
    _field(embed, "Primera lectura", reading_text(first))
    _field(embed, "Nueva lectura", reading_text(result))
    if result.damage >= first.damage:
        how = f"{result.damage} − {first.damage} = {damage} (solo la diferencia)"
    else:
        how = f"{result.damage} − {first.damage}: 0 (el daño nunca baja ni cura)"
    _field(embed, "Daño", how)
    if vitals is not None:
        _field(embed, f"Aguante de {vitals.nombre}", vitals.text())
    return embed

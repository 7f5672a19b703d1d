"""What the percentile game (seed 004) shows: its tracker (:func:`draw`, registered in
:mod:`bot.render.trackers`), a sheet, the loaded tables. Pure: documents in, embeds out;
names a user typed are escaped (:func:`bot.render.safe.shown`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.jsontypes import JsonObject
from bot.render.limits import DESCRIPTION_MAX, FIELD_VALUE_MAX, cut
from bot.render.safe import shown
from bot.render.tracker import ENDED_COLOUR, TRACKER_COLOUR
from umbral_rules.porcentual import Combate, Combatiente, Fase, Ficha, Tablas
from umbral_rules.porcentual.asalto import en_combate

FASES = {
    Fase.DECLARACION: "declaración (de menor a mayor Iniciativa)",
    Fase.ACCION: "acción (de mayor a menor Iniciativa)",
    Fase.CONCLUSION: "conclusión",
}
SHEET_COLOUR = discord.Colour(0x7D5BA6)
#: The characteristics as the seed writes them (the code keys them without accents).
CHARACTERISTIC_LABELS = {
    "fuerza": "Fuerza",
    "agilidad": "Agilidad",
    "percepcion": "Percepción",
    "resistencia": "Resistencia",
}
#: Shield sizes as the seed writes them.
SHIELD_LABELS = {"pequeno": "pequeño", "medio": "medio", "tarja": "tarja", "paves": "pavés"}


def characteristic(key: str) -> str:
    """«Percepción» for ``percepcion``; another characteristic with its first letter up."""
    return CHARACTERISTIC_LABELS.get(key, key[:1].upper() + key[1:])


def _standing(c: Combatiente) -> str:
    cond = c.cond
    parts = [f"PV {cond.pv}/{c.ficha.pv}"]
    if c.ficha.armadura is not None and cond.armadura_resistencia is not None:
        parts.append(f"{c.ficha.armadura.nombre} Res. {cond.armadura_resistencia}")
    if c.ficha.escudo is not None:
        res = cond.escudo_resistencia or 0
        parts.append(f"{c.ficha.escudo.nombre} " + (f"Res. {res}" if res > 0 else "roto"))
    flags = [
        (cond.en_suelo, "en el suelo"),
        (cond.montado, "a caballo"),
        (bool(cond.mele_con), "en melé con " + ", ".join(cond.mele_con)),
        (cond.inmovilizado_por is not None, f"inmovilizado por {cond.inmovilizado_por}"),
        (cond.guardia_completa, "en guardia completa"),
        (cond.preparado > 0, f"preparado {cond.preparado} asalto(s)"),
        (cond.huida_lista, "huida preparada"),
        (cond.inconsciente_minutos > 0, f"inconsciente {cond.inconsciente_minutos} min"),
        (not en_combate(c), "fuera del combate"),
        (cond.sorprendido, "sorprendido"),
    ]
    parts += [text for on, text in flags if on]
    parts += [f"{arma}: recarga {n}" for arma, n in cond.recarga]
    parts += [f"sin {arma}" for arma in cond.armas_perdidas]
    return " · ".join(parts)


def _slots(combate: Combate, slots: Sequence[Sequence[str]]) -> str:
    asalto = combate.asalto
    if asalto is None:
        return "—"
    return " → ".join(
        " = ".join(f"{c} ({asalto.iniciativa(c).total})" for c in slot) for slot in slots
    )


def _declared(combate: Combate) -> str:
    """Each one's declared actions by number (what `accion:` and `defensa:` name): done ✓,
    lost ✗."""
    asalto = combate.asalto
    if asalto is None:
        return ""
    done = set(asalto.hechas)
    lost = {(c, i) for c, i, _ in asalto.perdidas}
    lines = []
    for cid, acts in asalto.declaraciones:
        parts = []
        for i, act in enumerate(acts):
            mark = " ✓" if (cid, i) in done else " ✗" if (cid, i) in lost else ""
            aim = f" → {' + '.join(act.objetivos)}" if act.objetivos else ""
            parts.append(f"{i + 1}. {act.ficha.nombre}{aim}{mark}")
        lines.append(f"{cid}: " + ("; ".join(parts) or "nada"))
    return "\n".join(lines)


def draw(doc: JsonObject, ended: bool) -> discord.Embed:
    """The tracker: the asalto, its phase, the order, who still has to declare or act, and
    every combatant's standing."""
    combate = Combate.from_dict(doc["combate"])
    asalto = combate.asalto
    title = "Combate porcentual " + ("terminado" if ended else "en curso")
    if asalto is not None:
        title += f" — asalto {asalto.numero}, fase de {FASES[asalto.fase]}"
    roster = "\n".join(
        f"**{shown(c.id)}**{'' if c.pj else ' (PNJ)'}: {shown(_standing(c))}"
        for c in combate.combatientes
    )
    embed = discord.Embed(
        title=cut(title, 256),
        description=cut(roster or "Nadie aún.", DESCRIPTION_MAX),
        colour=ENDED_COLOUR if ended else TRACKER_COLOUR,
    )
    if asalto is None:
        embed.add_field(name="Siguiente", value="El máster empieza el asalto con /asalto.")
        return embed
    fields: list[tuple[str, str]] = []
    if asalto.fase is Fase.DECLARACION:
        fields.append(("Orden de declaración", _slots(combate, asalto.orden_declaracion)))
        fields.append(("Faltan por declarar", ", ".join(asalto.por_declarar) or "nadie"))
    else:
        fields.append(("Orden de acción", _slots(combate, asalto.orden_accion)))
    if asalto.fase is not Fase.DECLARACION or asalto.declaraciones:
        fields.append(("Acciones declaradas", _declared(combate) or "ninguna"))
    if asalto.fase is Fase.ACCION:
        turn = asalto.orden_accion[asalto.turno] if asalto.orden_accion else ()
        fields.append(("Turno de", ", ".join(turn) or "—"))
        fields.append(("Faltan por actuar", ", ".join(asalto.por_actuar) or "nadie"))
    if asalto.fase is Fase.CONCLUSION:
        lost = [f"{c}: {m}" for c, _, m in asalto.perdidas]
        fields.append(("Acciones perdidas", "\n".join(lost) or "ninguna"))
        fields.append(("Tiradas pendientes", "\n".join(asalto.pendientes) or "ninguna"))
    for name, value in fields:
        embed.add_field(name=name, value=cut(shown(value), FIELD_VALUE_MAX), inline=False)
    return embed


def sheet_embed(data: Mapping[str, Any], title: str, note: str = "") -> discord.Embed:
    """A sheet as the rules read it."""
    ficha = Ficha.from_dict(data)
    chars = ", ".join(f"{characteristic(k)} {v}" for k, v in ficha.caracteristicas.items())
    comps = ", ".join(f"{k} {v} %" for k, v in ficha.competencias.items()) or "ninguna"
    lines = [f"**PV** {ficha.pv}", f"**Características** {shown(chars)}"]
    lines.append(f"**Competencias** {shown(comps)}")
    for a in ficha.armas:
        bonus = characteristic(a.bonus_characteristic)
        extra = [f"{a.competencia}", f"{a.danio} + bonificador por {bonus}"]
        extra += [f"FUE mín. {a.fuerza_minima}", a.tamano.value, a.tipo.value.replace("_", " ")]
        if a.alcance is not None:
            extra.append(f"alcance {a.alcance}")
        if a.recarga:
            extra.append(f"recarga {a.recarga}")
        if a.rasgos:
            extra.append(", ".join(sorted(r.value for r in a.rasgos)))
        lines.append(f"**Arma** {shown(a.nombre)}: {shown(' · '.join(extra))}")
    if ficha.armadura is not None:
        ar = ficha.armadura
        text = f"{ar.nombre}: Protección {ar.proteccion}, Resistencia {ar.resistencia}"
        if ar.iniciativa:
            text += f", Iniciativa {ar.iniciativa:+d}"
        if ar.casco_metal:
            text += ", casco de metal"
        lines.append(f"**Armadura** {shown(text)}")
    if ficha.escudo is not None:
        es = ficha.escudo
        covers = ", ".join(es.protege) or "—"
        size = SHIELD_LABELS.get(es.tamano.value, es.tamano.value)
        text = f"{es.nombre} ({size}): Resistencia {es.resistencia}, protege {covers}"
        lines.append(f"**Escudo** {shown(text)}")
    if ficha.iniciativa_hechizos:
        lines.append(f"**Iniciativa por hechizos** {ficha.iniciativa_hechizos:+d}")
    if note:
        lines.append(note)
    return discord.Embed(
        title=cut(shown(title), 256),
        description=cut("\n".join(lines), DESCRIPTION_MAX),
        colour=SHEET_COLOUR,
    )


def tables_embed(tablas: Tablas) -> discord.Embed:
    """The tables the GM loaded (and which are still missing)."""
    embed = discord.Embed(title="Tablas del juego porcentual", colour=SHEET_COLOUR)
    if tablas.bonificador is None:
        bonus = "Sin cargar."
    else:
        b = tablas.bonificador
        bonus = "; ".join(f"{r.desde}-{r.hasta}: {b.pasos[r.paso]}" for r in b.filas)
    if tablas.localizacion is None:
        where = "Sin cargar."
    else:
        where = "; ".join(
            f"{i}: {loc.nombre} ({loc.zona.value})"
            for i, loc in enumerate(tablas.localizacion.filas, 1)
        )
    mods = (
        "Sin cargar."
        if tablas.modificadores is None
        else "; ".join(f"{n} {v:+d} %" for n, v in tablas.modificadores.filas)
    )
    for name, value in (
        ("Bonificador de daño", bonus),
        ("Localización de impactos", where),
        ("Modificadores al combate", mods),
    ):
        embed.add_field(name=name, value=cut(shown(value), FIELD_VALUE_MAX), inline=False)
    return embed


def pending_embed(doc: JsonObject) -> discord.Embed:
    """``/encuentro pendientes``: who the asalto waits for (to declare, or to act)."""
    combate = Combate.from_dict(doc["combate"])
    asalto = combate.asalto
    if asalto is None or asalto.fase is Fase.CONCLUSION:
        text = "Nadie: el máster empieza el asalto con /asalto."
    elif asalto.fase is Fase.DECLARACION:
        left = asalto.por_declarar
        slot = next((s for s in asalto.orden_declaracion if any(c in left for c in s)), ())
        now = ", ".join(c for c in slot if c in left)
        text = f"Declara ahora: {now}. Faltan por declarar: {', '.join(left)}."
    else:
        turn = asalto.orden_accion[asalto.turno] if asalto.orden_accion else ()
        acting = ", ".join(asalto.por_actuar) or "nadie"
        text = f"Turno de: {', '.join(turn)}. Faltan por actuar: {acting}."
    return discord.Embed(title="Se espera a", description=shown(text), colour=TRACKER_COLOUR)


def value_text(value: int | bool) -> str:
    """A corrected value as players read it: a number, or «sí» / «no»."""
    if isinstance(value, bool):
        return "sí" if value else "no"
    return str(value)

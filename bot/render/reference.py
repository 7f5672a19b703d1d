"""The command reference, ``docs/comandos.md``, as Markdown: every family of commands
(:func:`bot.edge.reference.families`), each command with its options and who may use it,
and the permissions table. ``tools/comandos.py`` writes it; a test fails when the file in
the repository is not what this gives."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.records.reference import COLUMNS, RULES, CommandDoc, Family, OptionDoc, Rule

HEADER = """\
# Referencia de comandos

<!-- Generado desde el árbol de comandos del bot con `python tools/comandos.py`: no lo
edites a mano (una prueba falla si no coincide). -->

Todos los comandos del bot, por temas (los mismos de `/ayuda tema:…`), con sus opciones y
quién puede usarlos. Una opción «con sugerencias» ofrece valores mientras escribes; en la
consola local se escribe igual, `opcion:valor`.
"""

PERMISOS_INTRO = """\
## Quién puede qué

Comando a comando. «Máster»: quien tiene el rol de máster (`/config rol_master:…`), quien creó
el encuentro del canal o quien tiene «Gestionar servidor». «Dueño del personaje»: el jugador
cuyo personaje nombra el comando (`personaje:`, `atacante:`…). «Otro jugador»: alguien del
mismo servidor con un personaje propio. «Otro servidor»: alguien de otro servidor, que nunca
ve ni toca las fichas, el bestiario ni los encuentros de este (allí el comando solo vale para
lo suyo). Cada comando lo declara una vez en su código; de ahí salen esta tabla, `/ayuda
tema:permisos` y la comprobación de cada negativa.
"""


def cell(text: str) -> str:
    """Text for a Markdown table cell: a «|» would end the cell, a newline the row."""
    return text.replace("|", "\\|").replace("\n", " ")


def option_type(option: OptionDoc) -> str:
    parts = [option.kind + (f", {option.limits}" if option.limits else "")]
    if option.choices:
        shown = [f"`{value}`" + (f" ({name})" if name else "") for value, name in option.choices]
        parts.append("uno de: " + ", ".join(shown))
    if option.autocomplete:
        parts.append("con sugerencias")
    return "; ".join(parts)


def who_text(command: CommandDoc) -> str:
    """``Solo el máster; con `publico:sí`: solo el máster.``"""
    if not command.who:
        return "—"
    (plain, rule), *variants = command.who
    parts = [RULES[rule].texto + (f" ({plain})" if plain else "")]
    for use, rule in variants:
        text = RULES[rule].texto
        parts.append(f"{use}: {text[0].lower()}{text[1:]}")
    return "; ".join(parts) + "."


def command_markdown(command: CommandDoc) -> list[str]:
    lines = [f"### `{command.shown}`", ""]
    if command.where:
        lines += [f"En el {command.where}.", ""]
    if command.description:
        lines += [command.description.rstrip(".") + ".", ""]
    lines += [f"**Quién:** {who_text(command)}", ""]
    if command.options:
        lines += ["| Opción | Tipo | Obligatoria | Qué es |", "|---|---|---|---|"]
        lines += [
            f"| `{o.name}` | {cell(option_type(o))} | {'sí' if o.required else 'no'} "
            f"| {cell(o.description)} |"
            for o in command.options
        ]
        lines.append("")
    return lines


def reference_markdown(families: Sequence[Family], rows: Iterable[tuple[str, str]]) -> str:
    """The whole reference: an index, each family and its commands, the permissions table
    (``rows``: :func:`bot.edge.context.permission_rows`)."""
    lines = [HEADER]
    lines.append(
        "Temas: " + " · ".join(f"[{f.topic.title}](#{anchor(f.topic.title)})" for f in families)
    )
    lines.append("")
    for family in families:
        lines += [f"## {family.topic.title}", ""]
        if family.topic.blurb:
            lines += [f"{family.topic.blurb} En Discord: `/ayuda tema:{family.topic.key}`.", ""]
        for command in family.commands:
            lines += command_markdown(command)
    lines += [PERMISOS_INTRO, permisos_markdown(rows), ""]
    return "\n".join(lines)


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, spaces as «-», punctuation dropped."""
    kept = "".join(ch for ch in title.lower() if ch.isalnum() or ch in " -_")
    return kept.replace(" ", "-")


def _cells(rule: Rule) -> list[str]:
    return [
        "sí" if ok else "no" for ok in (rule.master, rule.dueno, rule.jugador, rule.otro_servidor)
    ]


def permisos_markdown(rows: Iterable[tuple[str, str]]) -> str:
    """The reference's table (``docs/comandos.md``, «Quién puede qué»)."""
    lines = ["| Comando | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    for label, key in rows:
        lines.append(f"| `{label}` | " + " | ".join(_cells(RULES[key])) + " |")
    return "\n".join(lines)

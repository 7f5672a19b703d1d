"""Every command as a user reads about it, from the command tree itself: the one source of
the generated reference (``docs/comandos.md``, ``tools/comandos.py``) and of ``/ayuda``'s
topics.

A command's name, description and options come from what Discord receives
(``command.to_dict``: types, choices, limits, autocomplete); who may use it, from its
declared permission (:func:`bot.edge.context.declared`). Commands are grouped in
*families*, one per feature cog: its :class:`~bot.edge.services.Topic` names it (a cog
without one gets a topic named after its first command), so a new command or a new feature
appears in the reference and in ``/ayuda`` by itself. Context-menu commands (on a user or on a
message) are listed with their cog's family when their callback is a method of a cog, and in
a family of their own otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.edge.context import declared
from bot.edge.permissions import Permission, Variant
from bot.records.reference import CommandDoc, OptionDoc, Topic
from bot.records.reference import Family as Family  # re-exported: /ayuda lists them
from umbral_rules.text import word_key

#: What each option type is called (Discord's option type numbers).
TYPE_NAMES = {
    3: "texto",
    4: "número entero",
    5: "sí o no",
    6: "usuario",
    7: "canal",
    8: "rol",
    9: "usuario o rol",
    10: "número",
    11: "archivo",
}
#: Where a context-menu command is run from.
MENU_KINDS = {
    discord.AppCommandType.user: "menú de un usuario (Aplicaciones)",
    discord.AppCommandType.message: "menú de un mensaje (Aplicaciones)",
}
#: The family of the context menus that belong to no cog.
MENUS = Topic(
    "menus", "Menús contextuales", "Lo que se hace con clic derecho en un usuario o mensaje."
)


def _limits(option: dict[str, Any]) -> str:
    def span(low: object, high: object, unit: str = "") -> str:
        if low is not None and high is not None:
            return f"de {low} a {high}{unit}"
        if low is not None:
            return f"desde {low}{unit}"
        return f"hasta {high}{unit}" if high is not None else ""

    values = span(option.get("min_value"), option.get("max_value"))
    length = span(option.get("min_length"), option.get("max_length"), " caracteres")
    return values or length


def _choice(choice: dict[str, Any]) -> tuple[str, str]:
    value, name = str(choice["value"]), str(choice["name"])
    if name.startswith(f"{value} (") and name.endswith(")"):
        name = name[len(value) + 2 : -1]  # «9 (Corriente)» → «Corriente»
    return value, "" if name.lower() == value.lower() else name


def option_doc(option: dict[str, Any]) -> OptionDoc:
    """An option as Discord receives it (an entry of ``to_dict()["options"]``)."""
    return OptionDoc(
        name=str(option["name"]),
        kind=TYPE_NAMES.get(int(option["type"]), "otro"),
        required=bool(option.get("required")),
        description=str(option.get("description", "")),
        limits=_limits(option),
        choices=tuple(_choice(c) for c in option.get("choices") or ()),
        autocomplete=bool(option.get("autocomplete")),
    )


def command_doc(command: app_commands.Command[Any, ..., Any], tree: Any) -> CommandDoc:
    data = command.to_dict(tree)
    names = {p.name: p.display_name for p in command.parameters}
    # a command whose form opens without options (``extras["form"]``, a FormSpec) can't
    # have Discord require its options, but it does: they are documented as required
    form_required: frozenset[str] = getattr(command.extras.get("form"), "required", frozenset())
    needed = {names.get(n, n) for n in form_required}
    options = [
        {**o, "required": o.get("required") or o["name"] in needed}
        for o in data.get("options") or ()
    ]
    return CommandDoc(
        path=command.qualified_name,
        description=command.description,
        options=tuple(option_doc(o) for o in options),
        who=_uses(declared(command), names),
    )


def menu_doc(menu: app_commands.ContextMenu) -> CommandDoc:
    return CommandDoc(
        path=menu.name,
        description="",
        options=(),
        who=_uses(declared(menu), {}),
        where=MENU_KINDS.get(menu.type, "menú contextual"),
    )


def _uses(permission: Permission | None, names: dict[str, str]) -> tuple[tuple[str, str], ...]:
    if permission is None:
        return ()
    plain = permission.label or ""
    return (
        (plain, permission.rule),
        *((variant_use(v, names), v.rule) for v in permission.variants),
    )


def variant_use(variant: Variant, names: dict[str, str]) -> str:
    """How a variant's use is written: ``con `publico:sí```, ``con `dueño:```."""
    value = _typed(variant.value)
    options = " o ".join(f"`{names.get(o, o)}:{value}`" for o in variant.options)
    return f"con {options}"


def _typed(value: object) -> str:
    """A variant's value as typed after ``opcion:`` (any value: nothing)."""
    if value is None:
        return ""
    return "sí" if value is True else str(value)


def cog_of(command: Any) -> Any:
    """The cog a command (or a group, through its first command) or a menu belongs to."""
    if isinstance(command, app_commands.Group):
        return next((cog_of(c) for c in command.commands), None)
    if isinstance(command, app_commands.ContextMenu):
        return getattr(command.callback, "__self__", None)
    return getattr(command, "binding", None)


def families(tree: app_commands.CommandTree[Any]) -> list[Family]:
    """Every command in families, in the order of the tree (the order the features load)."""
    grouped: dict[Topic, list[CommandDoc]] = {}
    topics: dict[int, Topic] = {}  # by cog: a cog without a topic of its own gets one once

    def family(cog: Any, first: str) -> list[CommandDoc]:
        if cog is None:
            topic = Topic(_key(first), f"/{first}", "")
        else:
            own = getattr(cog, "topic", None)
            fallback = Topic(_key(first), f"/{first}", "")
            topic = topics.setdefault(id(cog), own if isinstance(own, Topic) else fallback)
        return grouped.setdefault(topic, [])

    for top in tree.get_commands(type=discord.AppCommandType.chat_input):
        docs = [command_doc(c, tree) for c in _walk(top) if isinstance(c, app_commands.Command)]
        family(cog_of(top), top.name).extend(docs)
    for kind in MENU_KINDS:
        for menu in tree.get_commands(type=kind):
            if isinstance(menu, app_commands.ContextMenu):
                cog = cog_of(menu)
                docs = family(cog, menu.name) if cog is not None else grouped.setdefault(MENUS, [])
                docs.append(menu_doc(menu))
    return [Family(topic, tuple(docs)) for topic, docs in grouped.items()]


def _key(name: str) -> str:
    """A topic's key from a command's name: lower case, no accents (ñ kept), no spaces."""
    return "-".join(word_key(name).split())


def _walk(command: Any) -> Iterable[Any]:
    yield command
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _walk(sub)

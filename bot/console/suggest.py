"""«¿Quisiste decir /ayuda?»: the console's suggestion for a near miss of a command, a
subcommand, an option or a choice (a letter or two off), as the Discord client's command
picker narrows the list to what is close to what was typed."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from discord import app_commands


def did_you_mean(typed: str, known: Sequence[str]) -> str | None:
    """The one of ``known`` closest to what was typed, if it is close (a letter or two
    off: «ayda» → «ayuda»); ``None`` otherwise."""
    near = difflib.get_close_matches(typed.lower(), list(known), n=1, cutoff=0.7)
    return near[0] if near else None


def near_command(tree: app_commands.CommandTree[Any], path: Sequence[str]) -> str:
    """« ¿Quisiste decir /ayuda?» for a near miss of the last word of ``path`` among the
    commands (or the subcommands of the group the words before it name); ``""`` if none."""
    parent: Any = tree.get_command(path[0]) if len(path) > 1 else None
    for word in path[1:-1]:
        parent = parent.get_command(word) if isinstance(parent, app_commands.Group) else None
    if len(path) > 1 and not isinstance(parent, app_commands.Group):
        return ""
    known = parent.commands if parent is not None else tree.get_commands()
    near = did_you_mean(path[-1], [c.name for c in known])
    return f" ¿Quisiste decir /{' '.join([*path[:-1], near])}?" if near else ""

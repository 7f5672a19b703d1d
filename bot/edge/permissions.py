"""Who may do what: the GM (configured role, encounter creator, Manage Server), the
server's managers and the characters' owners; and each command's declared permission.

A command declares who may use it once, with :func:`bot.edge.context.command_context`: a
:class:`Permission` (one of :data:`RULES`, and the uses of some options that have a rule of
their own, :class:`Variant`). That one declaration is what
:meth:`~bot.edge.context.Context.require` checks for the GM and the managers, what the table
of :func:`permission_rows` prints (``/ayuda``, ``docs/comandos.md``) and what the
permissions test drives every command against. Who is the GM or a manager is asked of the
context (:func:`bot.edge.context.is_gm`, :func:`~bot.edge.context.is_manager`).

The table's columns: the máster (rol de máster, quien creó el encuentro o «Gestionar
servidor»), the player who owns the character the command names, another player of the same
server, and someone in another server (who never reaches this server's characters, bestiary
or encounters: there the command works only on their own server's things).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import discord

from bot.records.reference import RULES
from umbral_rules import UmbralError


def gm_refusal(what: str) -> str:
    return (
        f"Solo el máster puede {what} (el rol de máster, quien creó el encuentro "
        "o quien gestiona el servidor)."
    )


MANAGER_REFUSAL = (
    "Solo quien gestiona el servidor (permiso «Gestionar servidor») puede cambiar la configuración."
)


#: A command that needs a server, used in a direct message.
NOT_IN_GUILD = "Este comando solo funciona en un servidor, no por mensaje directo."


def require_guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise UmbralError(NOT_IN_GUILD)
    return interaction.guild_id


@dataclass(frozen=True)
class Variant:
    """A use of a command with its own row in the table: one of ``options`` given, or, with
    ``value``, given as that value (``True`` for a yes/no option: ``publico:sí``)."""

    label: str
    rule: str
    options: tuple[str, ...]
    value: object = None
    #: A GM-only use refused with «Solo el máster puede {what} (…)», or with ``refusal``.
    what: str = "hacer eso"
    refusal: str | None = None

    def chosen(self, given: Mapping[str, object]) -> bool:
        """Whether the options the user sent (``given``, by parameter name) choose it."""
        if self.value is not None:
            return any(given.get(name) == self.value for name in self.options)
        return any(given.get(name) is not None for name in self.options)


@dataclass(frozen=True)
class Permission:
    """Who may use a command: its ``rule`` (a key of :data:`RULES`), the refusal's ``what``
    for a GM-only command, and the :class:`Variant` uses of its options. ``label`` names
    the plain use's row when the command has one of its own (``/config (ver)``)."""

    rule: str
    what: str = "hacer eso"
    variants: tuple[Variant, ...] = ()
    label: str | None = None

    def __post_init__(self) -> None:
        unknown = [r for r in (self.rule, *(v.rule for v in self.variants)) if r not in RULES]
        if unknown:
            raise ValueError(f"Unknown permission rule: {unknown}")

    def rows(self, name: str) -> list[tuple[str, str]]:
        """The table's rows of command ``name`` (``ficha importar``): label and rule."""
        base = f"/{name} ({self.label})" if self.label else f"/{name}"
        return [(base, self.rule), *((f"/{name} ({v.label})", v.rule) for v in self.variants)]


def allowed(rule: str, actor: str) -> bool:
    """Whether ``actor`` (one of :data:`ACTORS`) may use a command of ``rule``."""
    r = RULES[rule]
    return {
        "master": r.master,
        "dueño": r.dueno,
        "jugador": r.jugador,
        "otro servidor": r.otro_servidor,
    }[actor]

"""Who may do what: the GM (configured role, encounter creator, Manage Server) and owners."""

from __future__ import annotations

import discord

from umbral_rules import UmbralError
from umbral_rules.text import word_key

#: [D] While a guild has configured no GM role, a role with one of these names counts as it.
DEFAULT_GM_ROLE_NAMES = frozenset({"master", "gm", "dj", "director de juego"})


def is_manager(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def has_gm_role(interaction: discord.Interaction, gm_role_id: int | None) -> bool:
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if gm_role_id is not None:
        return any(role.id == gm_role_id for role in member.roles)
    return any(word_key(role.name) in DEFAULT_GM_ROLE_NAMES for role in member.roles)


def is_gm(
    interaction: discord.Interaction, gm_role_id: int | None, creator_id: int | None = None
) -> bool:
    """The configured GM role, the encounter's creator, or Manage Server."""
    if creator_id is not None and interaction.user.id == creator_id:
        return True
    return is_manager(interaction) or has_gm_role(interaction, gm_role_id)


def require_gm(
    interaction: discord.Interaction,
    gm_role_id: int | None,
    creator_id: int | None = None,
    what: str = "hacer eso",
) -> None:
    if not is_gm(interaction, gm_role_id, creator_id):
        raise UmbralError(
            f"Solo el máster puede {what} (el rol de máster, quien creó el encuentro "
            "o quien gestiona el servidor)."
        )


def require_manager(interaction: discord.Interaction) -> None:
    if not is_manager(interaction):
        raise UmbralError(
            "Solo quien gestiona el servidor (permiso «Gestionar servidor») "
            "puede cambiar la configuración."
        )


def require_guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise UmbralError("Este comando solo funciona en un servidor, no por mensaje directo.")
    return interaction.guild_id

"""The ``/ayuda`` command: what to type now and the topics; ``para:`` a player's or a GM's
first steps; ``tema:`` one topic (a family of commands, a mode, the permissions)."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.edge.context import Context, command_context, permission_rows
from bot.edge.reference import Family, families
from bot.edge.services import Services, Topic
from bot.features.cog import Choices, FeatureCog
from bot.features.common import MAX_CHOICES, send
from bot.render.ayuda import (
    GUIDES,
    ayuda_now_embed,
    family_embed,
    index_embed,
    mode_embed,
    next_steps,
    permisos_embed,
)
from bot.render.limits import quote
from bot.render.safe import shown
from umbral_rules import UmbralError
from umbral_rules.systems import UMBRAL
from umbral_rules.text import word_key


class AyudaCog(FeatureCog):
    """``tree``: the bot's command tree, whose commands ``/ayuda`` describes (read when
    asked: the other features load after this one)."""

    topic = Topic("ayuda", "Ayuda", "Qué escribir ahora, y la ayuda de cada tema.")

    def __init__(self, services: Services, tree: app_commands.CommandTree[Any]) -> None:
        super().__init__(services)
        self.tree = tree

    def topics(self) -> dict[str, str]:
        """Every topic of ``tema:``, key → title: the families, then the guides."""
        return {f.topic.key: f.topic.title for f in families(self.tree)} | GUIDES

    async def topic_choices(self, interaction: discord.Interaction, current: str) -> Choices:
        """The topics whose key or title contains what was typed."""
        typed = word_key(current)
        found = [(k, t) for k, t in self.topics().items() if typed in word_key(f"{k} {t}")]
        return [Choice(name=f"{key} — {title}", value=key) for key, title in found[:MAX_CHOICES]]

    @app_commands.command(
        name="ayuda", description="Qué escribir ahora; con tema:, la ayuda de cada tema"
    )
    @app_commands.describe(
        para="Los primeros pasos de quien juega o de quien dirige (máster)",
        tema="Un tema: fichas, encuentro, combate, tirar, mesa, permisos… (escribe y elige)",
    )
    @app_commands.autocomplete(tema=topic_choices)
    @command_context("cualquiera")
    async def ayuda(
        self,
        ctx: Context,
        para: Literal["jugador", "master"] | None = None,
        tema: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        interaction = ctx.interaction
        if tema is not None:
            embed = self.topic_embed(tema)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        storage = self.services.storage
        if interaction.guild_id is None or interaction.channel_id is None or storage is None:
            steps: list[str] = []
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with storage.reading(interaction.guild_id, interaction.channel_id) as uow:
                row = await uow.characters.active(interaction.user.id)
                system = await uow.encounter.system()
                # (another game's encounter: the steps are Umbral's, so none of its own)
                enc = await uow.encounter.get() if system == UMBRAL else None
                info = uow.encounter.info
                settings = await uow.guild.get()
            gm = ctx.is_gm(settings.gm_role_id, info.creator_id if info else None)
            steps = next_steps(
                character=row.nombre if row else None, enc=enc, user_id=interaction.user.id, gm=gm
            )
        if para is None:
            embed = index_embed(steps, families(self.tree))
        else:
            embed = ayuda_now_embed(para, steps)
        await send(interaction, embed=embed, ephemeral=True)

    def topic_embed(self, tema: str) -> discord.Embed:
        """The page of topic ``tema`` (its key, or its title, without minding accents)."""
        found = families(self.tree)
        typed = word_key(tema)
        key = next((k for k, title in self.topics().items() if typed in (k, word_key(title))), None)
        family: Family | None = next((f for f in found if f.topic.key == key), None)
        if family is not None:
            return family_embed(family)
        if key == "permisos":
            return permisos_embed(permission_rows(self.tree))
        if key is not None:
            return mode_embed(key)
        raise UmbralError(
            f"No hay ningún tema «{shown(quote(tema))}». Los temas: "
            f"{', '.join(self.topics())}; escribe `/ayuda tema:` y elige uno."
        )

"""``/descanso``: named characters, or everyone of the channel's last encounter, rested."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from umbral_rules import UmbralError

from .service import Changes, find_character, rest_values, run

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: How many of the channel's latest encounters /descanso looks through for characters.
LOOK_BACK = 10
NONE_OF_OWNER = "En el último encuentro de este canal no hay ningún personaje de ese jugador."
NO_ONE = "Di a quién: en este canal no ha habido ningún encuentro del que sacar a los personajes."


class DescansoCog(FeatureCog):
    topic = Topic(
        "descanso", "Descanso", "Entre combates (máster): Aguante, Aliento y Esencia al máximo."
    )

    @app_commands.command(
        name="descanso",
        description="Descanso (máster): Aguante, Aliento y Esencia al máximo, sin estados",
    )
    @app_commands.describe(
        personajes="Nombres separados por comas (por defecto, los del último encuentro aquí)",
        motivo="Por qué (queda en /historial)",
        dueno=(
            "De quién son, si hay varios con ese nombre (sin nombres: los suyos del último "
            "encuentro)"
        ),
    )
    @app_commands.rename(dueno="dueño")
    @app_commands.guild_only()
    @command_context("máster", what="ajustar fichas o dar descanso")
    async def descanso(
        self,
        ctx: Context,
        personajes: app_commands.Range[str, 1, 500] | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
        dueno: discord.User | None = None,
    ) -> None:
        owner_id = None if dueno is None else dueno.id

        async def pick(uow: UnitOfWork) -> Changes:
            if personajes:
                names = [n.strip() for n in personajes.split(",") if n.strip()]
                rows = [await find_character(uow, name, owner_id) for name in names]
            else:  # the characters of the channel's last fight that had any (a fight just
                # started, with no one in it yet, is not the one to rest from)
                rows = []
                for fight in await uow.encounter.history(limit=LOOK_BACK):
                    rows = await uow.characters.of_encounter(fight.id)
                    if rows:
                        break
                if not rows:
                    raise UmbralError(NO_ONE)
                rows = [r for r in rows if owner_id is None or r.owner_id == owner_id]
                if not rows:
                    raise UmbralError(NONE_OF_OWNER)
            unique = {row.id: row for row in rows}
            return [(row, rest_values(row)) for row in unique.values()]

        await run(ctx, "descanso", "Descanso", pick, motivo)

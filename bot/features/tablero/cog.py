"""``/mapa crear|muro|cobertura|colocar|quitar|ver|area|barrido`` and ``/mover``: the Táctico
board of a channel's encounter. Each: load → permission → rules → save, then the picture."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.combate.autocomplete import autocomplete_actor
from bot.features.encuentro.tracker import autocomplete_combatant, require_channel_permissions
from bot.features.tablero import service
from bot.features.tablero.service import Step
from umbral_rules.encounter.events import Event

CASILLAS_HELP = "Casillas: «C4», varias «C4 D4» o un rectángulo «A1:A6»"


class TableroCog(commands.Cog):
    mapa = app_commands.Group(
        name="mapa", description="El tablero del modo Táctico", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @mapa.command(name="crear", description="Crea (o cambia de tamaño) el tablero (máster)")
    @app_commands.describe(ancho="Casillas de ancho (columnas)", alto="Casillas de alto (filas)")
    async def crear(
        self,
        interaction: discord.Interaction,
        ancho: app_commands.Range[int, 1, 60],
        alto: app_commands.Range[int, 1, 60],
    ) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.board_setup(ancho, alto))

        require_channel_permissions(interaction, "dibujar el tablero", board=True)
        await service.run(
            interaction, "mapa crear", "Tablero", op, who="gm", what="crear el tablero",
            needs_board=False,
        )  # fmt: skip

    @mapa.command(name="muro", description="Dibuja (o borra) muros en el tablero (máster)")
    @app_commands.describe(casillas=CASILLAS_HELP, quitar="Borrar en vez de dibujar")
    async def muro(
        self, interaction: discord.Interaction, casillas: str, quitar: bool = False
    ) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.draw_walls(casillas, present=not quitar))

        await service.run(
            interaction, "mapa muro", "Muros", op, who="gm", what="dibujar el tablero"
        )

    @mapa.command(name="cobertura", description="Dibuja (o borra) cobertura (máster)")
    @app_commands.describe(casillas=CASILLAS_HELP, quitar="Borrar en vez de dibujar")
    async def cobertura(
        self, interaction: discord.Interaction, casillas: str, quitar: bool = False
    ) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.draw_cover(casillas, present=not quitar))

        await service.run(
            interaction, "mapa cobertura", "Cobertura", op, who="gm", what="dibujar el tablero"
        )

    @mapa.command(name="colocar", description="Pon una figura en el tablero")
    @app_commands.describe(
        combatiente="Quién (los jugadores, su personaje antes del primer asalto)",
        casilla="Dónde: «C4» (la esquina de arriba a la izquierda si ocupa varias)",
    )
    @app_commands.autocomplete(combatiente=autocomplete_combatant)
    async def colocar(
        self, interaction: discord.Interaction, combatiente: str, casilla: str
    ) -> None:
        def op(step: Step) -> list[Event]:
            assert step.actor is not None
            return list(step.enc.place(step.actor.id, casilla))

        await service.run(
            interaction, "mapa colocar", "Colocar", op, who="setup", actor_name=combatiente
        )

    @mapa.command(name="quitar", description="Saca una figura del tablero (máster)")
    @app_commands.describe(combatiente="Quién sale del tablero (sigue en el encuentro)")
    @app_commands.autocomplete(combatiente=autocomplete_combatant)
    async def quitar(self, interaction: discord.Interaction, combatiente: str) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.unplace(step.enc.find(combatiente).id))

        await service.run(interaction, "mapa quitar", "Quitar", op, who="gm", what="quitar figuras")

    @mapa.command(name="ver", description="Muestra el tablero")
    async def ver(self, interaction: discord.Interaction) -> None:
        def op(step: Step) -> list[Event]:
            return []

        await service.run(interaction, "mapa ver", "Tablero", op, who="any", changes=False)

    @mapa.command(name="area", description="Un Ámbito de magia: quién queda dentro")
    @app_commands.rename(tamano="tamaño")
    @app_commands.describe(
        tamano="Ámbito: 1, 3 (3×3) o 6 (6×6) casillas de lado", casilla="El centro: «C4»"
    )
    @app_commands.choices(
        tamano=[
            app_commands.Choice(name="1 casilla", value=1),
            app_commands.Choice(name="3×3", value=3),
            app_commands.Choice(name="6×6", value=6),
        ]
    )
    async def area(self, interaction: discord.Interaction, tamano: int, casilla: str) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.area(tamano, casilla))

        await service.run(interaction, "mapa area", "Ámbito", op, who="any", changes=False)

    @mapa.command(name="barrido", description="El golpe de una criatura grande (máster)")
    @app_commands.describe(
        atacante="La criatura Grande, Descomunal o Inabarcable",
        casillas="2, 3 o 4 casillas contiguas a su alcance: «C4:D4»",
    )
    @app_commands.autocomplete(atacante=autocomplete_combatant)
    async def barrido(self, interaction: discord.Interaction, atacante: str, casillas: str) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.sweep(step.dice, step.enc.find(atacante).id, casillas))

        await service.run(
            interaction, "mapa barrido", "Barrido", op, who="gm", what="barrer con una criatura"
        )

    @app_commands.command(
        name="mover", description="Gasta un movimiento; en Táctico, mueve tu figura por el tablero"
    )
    @app_commands.describe(
        casilla=(
            "Adónde: «C4». Sin casilla, en cualquier modo, gasta un movimiento (el 2.º, la acción)"
        ),
        personaje="Quién se mueve (el máster puede mover a cualquiera)",
    )
    @app_commands.autocomplete(personaje=autocomplete_actor)
    @app_commands.guild_only()
    async def mover(
        self,
        interaction: discord.Interaction,
        casilla: str | None = None,
        personaje: str | None = None,
    ) -> None:
        def op(step: Step) -> list[Event]:
            assert step.actor is not None
            if casilla is None:
                return list(step.enc.move(step.actor.id))
            return list(step.enc.move_to(step.actor.id, casilla))

        await service.run(
            interaction, "mover", "Movimiento", op, who="own", actor_name=personaje,
            needs_board=casilla is not None, needs_tactico=casilla is not None,
        )  # fmt: skip

"""``/mapa crear|muro|cobertura|colocar|quitar|ver|area|barrido`` and ``/mover``: the Táctico
board of a channel's encounter. Each: load → permission → rules → save, then the picture."""

from __future__ import annotations

from discord import app_commands

from bot.edge.channel_access import require_channel_permissions
from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.tablero import service
from bot.features.tablero.service import Step, TableroAction
from umbral_rules.encounter.events import Event

CASILLAS_HELP = "Casillas: «C4», varias «C4 D4» o un rectángulo «A1:A6»"


DRAW = "dibujar el tablero"


class TableroCog(FeatureCog):
    topic = Topic(
        "tablero",
        "Tablero (Táctico)",
        "El tablero del modo Táctico: crearlo, colocar las figuras, moverse, áreas y barridos.",
    )

    mapa = app_commands.Group(
        name="mapa", description="El tablero del modo Táctico", guild_only=True
    )

    @mapa.command(name="crear", description="Crea (o cambia de tamaño) el tablero (máster)")
    @app_commands.describe(ancho="Casillas de ancho (columnas)", alto="Casillas de alto (filas)")
    @command_context("máster", what="crear el tablero")
    async def crear(
        self,
        ctx: Context,
        ancho: app_commands.Range[int, 1, 60],
        alto: app_commands.Range[int, 1, 60],
    ) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.tablero_setup(ancho, alto))

        require_channel_permissions(ctx.interaction, "dibujar el tablero", tablero=True)
        await service.run(ctx, TableroAction("mapa crear", "Tablero", needs_tablero=False), op)

    @mapa.command(name="muro", description="Dibuja (o borra) muros en el tablero (máster)")
    @app_commands.describe(casillas=CASILLAS_HELP, quitar="Borrar en vez de dibujar")
    @command_context("máster", what=DRAW)
    async def muro(self, ctx: Context, casillas: str, quitar: bool = False) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.draw_walls(casillas, present=not quitar))

        await service.run(ctx, TableroAction("mapa muro", "Muros"), op)

    @mapa.command(name="cobertura", description="Dibuja (o borra) cobertura (máster)")
    @app_commands.describe(casillas=CASILLAS_HELP, quitar="Borrar en vez de dibujar")
    @command_context("máster", what=DRAW)
    async def cobertura(self, ctx: Context, casillas: str, quitar: bool = False) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.draw_cover(casillas, present=not quitar))

        await service.run(ctx, TableroAction("mapa cobertura", "Cobertura"), op)

    @mapa.command(name="colocar", description="Pon una figura en el tablero")
    @app_commands.describe(
        combatiente="Quién (los jugadores, su personaje antes del primer asalto)",
        casilla="Dónde: «C4» (la esquina de arriba a la izquierda si ocupa varias)",
    )
    @app_commands.autocomplete(combatiente=FeatureCog.combatant)
    @command_context("dueño o máster")
    async def colocar(self, ctx: Context, combatiente: str, casilla: str) -> None:
        def op(step: Step) -> list[Event]:
            assert step.actor is not None
            return list(step.enc.place(step.actor.id, casilla))

        action = TableroAction("mapa colocar", "Colocar", "setup", actor_name=combatiente)
        await service.run(ctx, action, op)

    @mapa.command(name="quitar", description="Saca una figura del tablero (máster)")
    @app_commands.describe(combatiente="Quién sale del tablero (sigue en el encuentro)")
    @app_commands.autocomplete(combatiente=FeatureCog.combatant)
    @command_context("máster", what="quitar figuras")
    async def quitar(self, ctx: Context, combatiente: str) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.unplace(step.enc.find(combatiente).id))

        await service.run(ctx, TableroAction("mapa quitar", "Quitar"), op)

    @mapa.command(name="ver", description="Muestra el tablero")
    @command_context("servidor")
    async def ver(self, ctx: Context) -> None:
        def op(step: Step) -> list[Event]:
            return []

        await service.run(ctx, TableroAction("mapa ver", "Tablero", changes=False), op)

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
    @command_context("servidor")
    async def area(self, ctx: Context, tamano: int, casilla: str) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.area(tamano, casilla))

        await service.run(ctx, TableroAction("mapa area", "Ámbito", changes=False), op)

    @mapa.command(name="barrido", description="El golpe de una criatura grande (máster)")
    @app_commands.describe(
        atacante="La criatura Grande, Descomunal o Inabarcable",
        casillas="2, 3 o 4 casillas contiguas a su alcance: «C4:D4»",
    )
    @app_commands.autocomplete(atacante=FeatureCog.combatant)
    @command_context("máster", what="barrer con una criatura", rolls=True)
    async def barrido(self, ctx: Context, atacante: str, casillas: str) -> None:
        def op(step: Step) -> list[Event]:
            return list(step.enc.sweep(step.dice, step.enc.find(atacante).id, casillas))

        await service.run(ctx, TableroAction("mapa barrido", "Barrido"), op)

    @app_commands.command(
        name="mover", description="Gasta un movimiento; en Táctico, mueve tu figura por el tablero"
    )
    @app_commands.describe(
        casilla=(
            "Adónde: «C4». Sin casilla, en cualquier modo, gasta un movimiento (el 2.º, la acción)"
        ),
        personaje="Quién se mueve (el máster puede mover a cualquiera)",
    )
    @app_commands.autocomplete(personaje=FeatureCog.actor)
    @app_commands.guild_only()
    @command_context("dueño o máster")
    async def mover(
        self,
        ctx: Context,
        casilla: str | None = None,
        personaje: str | None = None,
    ) -> None:
        def op(step: Step) -> list[Event]:
            assert step.actor is not None
            if casilla is None:
                return list(step.enc.move(step.actor.id))
            return list(step.enc.move_to(step.actor.id, casilla))

        tablero = casilla is not None
        action = TableroAction("mover", "Movimiento", "own", personaje, tablero, tablero)
        await service.run(ctx, action, op)

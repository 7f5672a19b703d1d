"""``/hielo intriga unirse|preparar|intercambio|influir|frustración|acción|esperar|simple``
(:mod:`.intrigues`): a mixin of the ``/hielo`` cog."""

from __future__ import annotations

from typing import Literal

from discord import Interaction, app_commands

from bot.edge.context import Context, command_context
from bot.features.cog import Choices, FeatureCog
from bot.features.common import DESTINO_CHOICES, choices
from umbral_rules.hielo.intrigue_state import OBJETIVOS_SEMILLA

from . import intrigues
from .groups import INTRIGA

EscenarioOpt = Literal["neutro", "poco_practico", "inapropiado", "increiblemente_inadecuado"]
Points = app_commands.Range[int, -99, 99]
WHO = "Quién (por defecto, el tuyo o el del turno; el máster, cualquiera)"
ESCENARIO = "Escenario: +3 poco práctico, +6 inapropiado, +12 increíblemente inadecuado"
FA = "Sin tabla de actitudes: el factor de actitud (FA) que da el máster"
MODS = {
    "engano": "Sin tabla: el modificador de esa actitud a Engaño",
    "persuasion": "Sin tabla: el modificador de esa actitud a Persuasión",
}
RENAMES = {"engano": "mod_engaño", "persuasion": "mod_persuasión"}


class IntrigueCommands(FeatureCog):
    """The intrigues' commands of ``/hielo`` (a mixin of the cog)."""

    async def hielo_objective(self, interaction: Interaction, current: str) -> Choices:
        """The seed's objectives («Algunos posibles (pero no excluyentes)»)."""
        return choices(OBJETIVOS_SEMILLA, current)

    @INTRIGA.command(name="unirse", description="Entra en la intriga del encuentro del canal")
    @app_commands.describe(
        personaje="Tu ficha (el máster: cualquiera, o un enemigo del bestiario)",
        bando="Su bando (la intriga necesita dos)",
        objetivo="Qué quiere: Amistad, Información, Servicio, Mentira…",
        actitud="Su actitud hacia el otro bando: 1 la mejor, 4 indiferencia, 7 la peor",
        fa=FA,
        escenario=ESCENARIO,
        **MODS,
    )
    @app_commands.rename(**RENAMES)
    @app_commands.autocomplete(objetivo=hielo_objective)
    @command_context("dueño o máster")
    async def intriga_unirse(
        self, ctx: Context, personaje: str, bando: app_commands.Range[str, 1, 40],
        objetivo: app_commands.Range[str, 1, 60], actitud: app_commands.Range[int, 1, 7] = 4,
        fa: app_commands.Range[int, 0, 99] | None = None, engano: Points = 0,
        persuasion: Points = 0, escenario: EscenarioOpt = "neutro",
    ) -> None:  # fmt: skip
        await intrigues.enter(
            ctx, personaje, bando, objetivo, actitud, fa, engano, persuasion, escenario
        )

    @INTRIGA.command(name="preparar", description="Lo que dices para el próximo intercambio")
    @app_commands.describe(
        personaje=WHO,
        tecnica="Tu técnica (una especialidad de Persuasión)",
        influencia="La Influencia por grado de esa técnica (la tabla 8-4 de vuestro grupo)",
        escenario=ESCENARIO,
        actitud="Tu actitud mejora o empeora una categoría",
        fa=FA,
        objetivo="Un objetivo nuevo (el adversario recupera Compostura)",
        **MODS,
    )
    @app_commands.rename(tecnica="técnica", **RENAMES)
    @app_commands.autocomplete(objetivo=hielo_objective)
    @command_context("dueño o máster")
    async def intriga_preparar(
        self, ctx: Context, personaje: str | None = None,
        tecnica: app_commands.Range[str, 1, 60] | None = None,
        influencia: app_commands.Range[int, 1, 99] | None = None,
        escenario: EscenarioOpt | None = None,
        actitud: Literal["mejora", "empeora"] | None = None,
        fa: app_commands.Range[int, 0, 99] | None = None, engano: Points = 0,
        persuasion: Points = 0, objetivo: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:  # fmt: skip
        await intrigues.prepare(
            ctx, personaje, tecnica, influencia, escenario, actitud, fa, engano, persuasion,
            objetivo,
        )  # fmt: skip

    @INTRIGA.command(name="intercambio", description="Empieza el siguiente intercambio (máster)")
    @command_context("máster", what="llevar la intriga", rolls=True)
    async def intriga_intercambio(self, ctx: Context) -> None:
        await intrigues.exchange(ctx)

    @INTRIGA.command(name="influir", description="Influye en un adversario (tu acción)")
    @app_commands.describe(
        objetivo="En quién",
        personaje=WHO,
        engano="Engañas: Engaño en vez de Persuasión (con objetivo Mentira, siempre)",
        especialidad_engano="Al engañar, la especialidad (la mayor de Engaño o Persuasión)",
        modificador="Puntos que suma o resta el máster",
        destino="Un punto de destino en esta tirada",
    )
    @app_commands.rename(engano="engaño", especialidad_engano="especialidad_engaño")
    @app_commands.choices(destino=DESTINO_CHOICES)
    @command_context("dueño o máster", rolls=True)
    async def intriga_influir(
        self, ctx: Context, objetivo: str, personaje: str | None = None,
        engano: bool | None = None, especialidad_engano: str | None = None,
        modificador: Points = 0, destino: str | None = None,
    ) -> None:  # fmt: skip
        await intrigues.influir(
            ctx, objetivo, personaje, engano, especialidad_engano, modificador, destino
        )

    @INTRIGA.command(name="frustración", description="Recibe la Influencia: con Frustración o no")
    @app_commands.describe(
        usar="Sufre un punto de Frustración: anula tanta Influencia como tu Voluntad (−1D)"
    )
    @command_context("dueño o máster", rolls=True)
    async def intriga_frustracion(self, ctx: Context, usar: bool) -> None:
        await intrigues.frustration(ctx, usar)

    @INTRIGA.command(name="acción", description="Otra acción de intriga, con su tirada")
    @app_commands.describe(
        descripcion="Qué hace",
        habilidad="Con qué habilidad tira",
        especialidad="Con qué especialidad",
        dificultad="Contra qué dificultad",
        contra="O contra la Defensa en intrigas de quién",
        personaje=WHO,
    )
    @app_commands.rename(descripcion="descripción")
    @command_context("dueño o máster", rolls=True)
    async def intriga_accion(
        self, ctx: Context, descripcion: app_commands.Range[str, 1, 200], habilidad: str,
        especialidad: str | None = None, dificultad: app_commands.Range[int, 0, 99] | None = None,
        contra: str | None = None, personaje: str | None = None,
    ) -> None:  # fmt: skip
        await intrigues.other(
            ctx, descripcion, habilidad, especialidad, dificultad, contra, personaje
        )

    @INTRIGA.command(name="esperar", description="Espera a que actúen los demás")
    @app_commands.describe(personaje=WHO)
    @command_context("dueño o máster")
    async def intriga_esperar(self, ctx: Context, personaje: str | None = None) -> None:
        await intrigues.wait(ctx, personaje)

    @INTRIGA.command(name="simple", description="Una intriga simple: una sola tirada")
    @app_commands.describe(
        personaje="Quién influye (tu ficha; el máster, cualquiera)",
        contra="Sobre quién (su Defensa en intrigas)",
        tecnica="Tu técnica",
        engano="Engañas: Engaño en vez de Persuasión",
        especialidad_engano="Al engañar, la especialidad",
        escenario=ESCENARIO,
        fa="El FA de su actitud, si se conoce (sus modificadores cuentan)",
        modificador="Puntos que suma o resta el máster",
        destino="Un punto de destino en esta tirada",
        mod_engano=MODS["engano"],
        mod_persuasion=MODS["persuasion"],
    )
    @app_commands.rename(
        tecnica="técnica", engano="engaño", especialidad_engano="especialidad_engaño",
        mod_engano="mod_engaño", mod_persuasion="mod_persuasión",
    )  # fmt: skip
    @app_commands.choices(destino=DESTINO_CHOICES)
    @command_context("dueño o máster", rolls=True)
    async def intriga_simple(
        self, ctx: Context, personaje: str, contra: str, tecnica: str,
        engano: bool = False, especialidad_engano: str | None = None,
        escenario: EscenarioOpt = "neutro", fa: app_commands.Range[int, 0, 99] | None = None,
        mod_engano: Points = 0, mod_persuasion: Points = 0, modificador: Points = 0,
        destino: str | None = None,
    ) -> None:  # fmt: skip
        await intrigues.simple(
            ctx, personaje, contra, tecnica, engano, especialidad_engano, escenario, fa,
            mod_engano, mod_persuasion, modificador, destino,
        )  # fmt: skip

"""``/porcentual``: the percentile game's own commands (sheets, bestiary and tables in
:mod:`.cog_fichas`; here, the asalto's: declarar, defender, actuar, maniobra, perder,
pendiente, abandonar, guardia, atrapar, enfrentamiento, ajustar). The shared commands it plays
(``/encuentro …``, ``/asalto``, ``/atacar``, ``/disparar``) are in :mod:`.verbs`."""

from __future__ import annotations

from typing import Literal

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from umbral_rules.porcentual import Ajuste
from umbral_rules.porcentual.ajuste import INCONSCIENTE_MAXIMO, PV_MINIMO

from . import ajustar as _ajustar
from . import cog_fichas as _fichas  # noqa: F401  (adds its commands to the groups)
from . import play
from .complete import fighters
from .groups import porcentual
from .options import BOUNDS

Quien = app_commands.Range[str, 1, 80]
OWN = "dueño o máster"
WHO = "Con qué combatiente (por defecto, el tuyo; el máster, cualquiera)"
Caracteristica = Literal["fuerza", "agilidad", "percepcion", "resistencia"]
#: The bounds a sheet takes (its own are checked by the rules).
PV_MAXIMO = BOUNDS["pv"][1]
RES_ARMADURA, RES_ESCUDO = BOUNDS["resistencia"][1], BOUNDS["resistencia_escudo"][1]


class PorcentualCog(FeatureCog):
    topic = Topic(
        "porcentual",
        "Juego porcentual",
        "El juego porcentual por web: fichas, bestiario, tablas del máster y el asalto en tres "
        "fases (declaración, acción, conclusión).",
    )

    group = porcentual

    @porcentual.command(name="declarar", description="Declara tus acciones del asalto")
    @app_commands.describe(
        acciones="«carga, a: Orco, arma: espada» o «parada, a: Orco 1 + Orco 2; esquivar» "
        "(separadas por ;) o «nada»",
        combatiente=WHO,
    )
    @app_commands.autocomplete(combatiente=fighters)
    @command_context(OWN)
    async def declarar(
        self,
        ctx: Context,
        acciones: app_commands.Range[str, 1, 500],
        combatiente: Quien | None = None,
    ) -> None:
        await play.play(
            ctx, "Declaración", "porcentual declarar", combatiente, play.declare(acciones)
        )

    @porcentual.command(name="defender", description="Declara una defensa en plena acción")
    @app_commands.describe(accion="«parada, a: Orco» o «esquivar»", combatiente=WHO)
    @app_commands.autocomplete(combatiente=fighters)
    @command_context(OWN)
    async def defender(
        self,
        ctx: Context,
        accion: app_commands.Range[str, 1, 200],
        combatiente: Quien | None = None,
    ) -> None:
        await play.play(
            ctx, "Defensa declarada", "porcentual defender", combatiente, play.defend(accion)
        )

    @porcentual.command(name="actuar", description="Hace una acción declarada que no es un ataque")
    @app_commands.describe(
        accion="Número de la acción declarada (1, 2…)",
        competencia="La competencia que tira (Trepar, Correr, Pelea para una treta…)",
        modificadores="Los del máster: «Cuerda mojada -10, Ayuda +10»",
        combatiente=WHO,
    )
    @app_commands.autocomplete(combatiente=fighters)
    @command_context(OWN, rolls=True)
    async def actuar(
        self,
        ctx: Context,
        accion: app_commands.Range[int, 1, 4],
        competencia: app_commands.Range[str, 1, 80] | None = None,
        modificadores: app_commands.Range[str, 1, 300] | None = None,
        combatiente: Quien | None = None,
    ) -> None:
        call = play.act(accion, competencia, modificadores)
        await play.play(ctx, "Acción", "porcentual actuar", combatiente, call)

    @porcentual.command(
        name="maniobra", description="Inmovilizar, dañar al inmovilizado, liberarse o zafarse"
    )
    @app_commands.describe(tipo="Qué maniobra declarada", objetivo="Contra quién", combatiente=WHO)
    @app_commands.autocomplete(combatiente=fighters, objetivo=fighters)
    @command_context(OWN, rolls=True)
    async def maniobra(
        self,
        ctx: Context,
        tipo: Literal["inmovilizar", "danio", "liberarse", "zafarse"],
        objetivo: Quien | None = None,
        combatiente: Quien | None = None,
    ) -> None:
        if tipo == "danio":
            await play.damage_held(ctx, combatiente, objetivo)
            return
        call = play.manoeuvre(tipo, objetivo)
        await play.play(ctx, "Maniobra", "porcentual maniobra", combatiente, call)

    @porcentual.command(
        name="perder", description="Una acción que una anterior hizo imposible (máster)"
    )
    @app_commands.describe(combatiente="De quién", accion="Número de la acción", motivo="Por qué")
    @app_commands.autocomplete(combatiente=fighters)
    @command_context("máster", what="dar por perdida una acción")
    async def perder(
        self,
        ctx: Context,
        combatiente: Quien,
        accion: app_commands.Range[int, 1, 4],
        motivo: app_commands.Range[str, 1, 200],
    ) -> None:
        await play.play(
            ctx, "Acción perdida", "porcentual perder", combatiente, play.lose(accion, motivo)
        )

    @porcentual.command(
        name="pendiente", description="Anota una tirada para la conclusión (máster)"
    )
    @app_commands.describe(texto="Qué queda por tirar o calcular")
    @command_context("máster", what="anotar tiradas pendientes")
    async def pendiente(self, ctx: Context, texto: app_commands.Range[str, 1, 200]) -> None:
        await play.play(
            ctx, "Pendiente", "porcentual pendiente", None, play.note(texto), gm_only=True
        )

    @porcentual.command(name="abandonar", description="Sale del combate tras una Huida")
    @app_commands.describe(combatiente=WHO)
    @app_commands.autocomplete(combatiente=fighters)
    @command_context(OWN)
    async def abandonar(self, ctx: Context, combatiente: Quien | None = None) -> None:
        await play.play(ctx, "Huida", "porcentual abandonar", combatiente, play.leave())

    @porcentual.command(name="guardia", description="Sale de la Guardia Completa (acción libre)")
    @app_commands.describe(combatiente=WHO)
    @app_commands.autocomplete(combatiente=fighters)
    @command_context(OWN)
    async def guardia(self, ctx: Context, combatiente: Quien | None = None) -> None:
        await play.play(ctx, "Guardia", "porcentual guardia", combatiente, play.guard_off())

    @porcentual.command(name="atrapar", description="Atrapa un objeto arrojado (Agilidad x5)")
    @app_commands.describe(combatiente=WHO)
    @app_commands.autocomplete(combatiente=fighters)
    @command_context(OWN, rolls=True)
    async def atrapar(self, ctx: Context, combatiente: Quien | None = None) -> None:
        await play.play(ctx, "Atrapar", "porcentual atrapar", combatiente, play.catch())

    @porcentual.command(
        name="enfrentamiento", description="Característica xN contra característica xN (máster)"
    )
    @app_commands.describe(
        activo="Quien intenta algo",
        caracteristica="Su característica",
        veces="Por cuánto se multiplica (Fuerza x5: 5)",
        pasivo="Quien resiste (gana los empates)",
        caracteristica_pasivo="La del que resiste (por defecto, la misma)",
        veces_pasivo="Por cuánto se multiplica la suya (por defecto, lo mismo)",
    )
    @app_commands.autocomplete(activo=fighters, pasivo=fighters)
    @command_context("máster", what="pedir un enfrentamiento", rolls=True)
    async def enfrentamiento(
        self,
        ctx: Context,
        activo: Quien,
        caracteristica: Caracteristica,
        veces: app_commands.Range[int, 1, 10],
        pasivo: Quien,
        caracteristica_pasivo: Caracteristica | None = None,
        veces_pasivo: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        call = play.contest(
            activo, caracteristica, veces, pasivo, caracteristica_pasivo or caracteristica,
            veces_pasivo or veces,
        )  # fmt: skip
        await play.play(
            ctx, "Enfrentamiento", "porcentual enfrentamiento", None, call, gm_only=True
        )

    @porcentual.command(name="ajustar", description="Corrige a mano a un combatiente (máster)")
    @app_commands.describe(
        combatiente="A quién",
        pv="PV actuales (hasta los de su ficha; a 0 o menos queda fuera del combate)",
        armadura="Resistencia que le queda a su armadura (de 0 a la de la armadura)",
        escudo="Resistencia que le queda a su escudo (de 0, roto, a la del escudo)",
        en_suelo="Si está en el suelo",
        inconsciente="Minutos que le quedan inconsciente (0: despierto)",
        a_caballo="Si está a caballo",
        motivo="Por qué (queda en /historial)",
    )
    @app_commands.autocomplete(combatiente=fighters)
    @command_context("máster", what="corregir a mano a un combatiente")
    async def ajustar(
        self,
        ctx: Context,
        combatiente: Quien,
        pv: app_commands.Range[int, PV_MINIMO, PV_MAXIMO] | None = None,
        armadura: app_commands.Range[int, 0, RES_ARMADURA] | None = None,
        escudo: app_commands.Range[int, 0, RES_ESCUDO] | None = None,
        en_suelo: bool | None = None,
        inconsciente: app_commands.Range[int, 0, INCONSCIENTE_MAXIMO] | None = None,
        a_caballo: bool | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        ajuste = Ajuste(
            pv=pv,
            armadura_resistencia=armadura,
            escudo_resistencia=escudo,
            en_suelo=en_suelo,
            inconsciente_minutos=inconsciente,
            montado=a_caballo,
        )
        await _ajustar.run(ctx, combatiente, ajuste, motivo)

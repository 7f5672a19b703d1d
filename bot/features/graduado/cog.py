"""``/graduado …``: the graded d100 combat's own commands — sheets, the bestiary, the full
attack, the defence, the enemies' announced blows and the world's rules of the fight. The
commands every system shares are in :mod:`.verbs`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge.context import Context, command_context
from bot.edge.services import Services, Topic
from bot.features.cog import FeatureCog
from bot.features.common import DIFICULTAD_CHOICES, RIESGO_CHOICES, TACTICAS_CHOICES
from umbral_rules.graduado import (
    Curar,
    Defensa,
    DefensaTipo,
    Hazana,
    Intencion,
    Interponerse,
    Medio,
    Valores,
    Via,
)

from .acting import announce, declare_action, declare_attack, declare_defence
from .ajustar import correct
from .botin import loot_button, loot_card, share_loot
from .mundo import set_world
from .options import (
    DEFENSA_CHOICES,
    GRADES,
    INTENCION_CHOICES,
    MEDIO_CHOICES,
    OWN,
    VIA_CHOICES,
    Points,
    Power,
    grados,
)
from .sheets_cog import SheetsCog
from .verbs import scale


class GraduadoCog(SheetsCog):
    topic = Topic(
        "graduado",
        "Combate graduado (d100)",
        "El combate del narrador que califica: fichas y bestiario con rango y reservas, "
        "ataques con sus grados, defensa, golpes anunciados, la ronda y el botín.",
    )

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        #: The loot card's button class, bound to this cog's services (registered at setup).
        self.loot_button = loot_button(services)

    graduado = SheetsCog.graduado

    @commands.Cog.listener()
    async def on_raw_typing(self, payload: discord.RawTypingEvent) -> None:
        """Someone started typing: the window of a graded fight's round waits for a player
        still writing (:mod:`bot.edge.typists`, :mod:`.closing`)."""
        if payload.guild_id is not None:
            self.services.typists.started(
                payload.guild_id, payload.channel_id, payload.user_id, payload.timestamp
            )

    # --- the round -----------------------------------------------------------------------

    @graduado.command(name="atacar", description="Declara tu ataque de la ronda, con todo")
    @app_commands.describe(
        objetivo="A quién atacas",
        atacante="Qué héroe ataca (por defecto, el tuyo)",
        **GRADES,
        via="Con qué poder: Fuerza (paga aguante) o magia (paga maná)",
        esfuerzo="Puntos de la reserva que pones en el golpe (pega más)",
        sobregiro="Vas más allá de tu límite a propósito (si no, se recorta a lo que tienes)",
        intencion="Golpear, reducir, inutilizar o con contención",
        flanqueo="Lo tomas por otro lado que un aliado que también lo ataca",
        creativo="El narrador lo juzga creativo (+1 de impulso)",
    )
    @app_commands.choices(
        tacticas=TACTICAS_CHOICES,
        riesgo=RIESGO_CHOICES,
        dificultad=DIFICULTAD_CHOICES,
        via=VIA_CHOICES,
        intencion=INTENCION_CHOICES,
    )
    @command_context(OWN, variants=())
    async def atacar(
        self,
        ctx: Context,
        objetivo: str,
        atacante: str | None = None,
        tacticas: str | None = None,
        riesgo: str | None = None,
        dificultad: str | None = None,
        via: str = "fuerza",
        esfuerzo: Points = 0,
        sobregiro: bool = False,
        intencion: str = "golpear",
        flanqueo: bool = False,
        creativo: bool | None = None,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        await declare_attack(
            ctx,
            objetivo,
            atacante,
            grados(tacticas, riesgo, dificultad),
            via=Via(via),
            esfuerzo=esfuerzo,
            sobregiro=sobregiro,
            intencion=Intencion(intencion),
            flanqueo=flanqueo,
            creativo=creativo,
        )

    @graduado.command(name="defender", description="Declara cómo enfrentas lo que te llega")
    @app_commands.describe(
        tipo="Esquivar, bloquear, parar, apartarte o contraatacar",
        personaje="Qué héroe (por defecto, el tuyo)",
        **GRADES,
    )
    @app_commands.choices(
        tipo=DEFENSA_CHOICES,
        tacticas=TACTICAS_CHOICES,
        riesgo=RIESGO_CHOICES,
        dificultad=DIFICULTAD_CHOICES,
    )
    @command_context(OWN)
    async def defender(
        self,
        ctx: Context,
        tipo: str,
        personaje: str | None = None,
        tacticas: str | None = None,
        riesgo: str | None = None,
        dificultad: str | None = None,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        defensa = Defensa(DefensaTipo(tipo), grados(tacticas, riesgo, dificultad))
        await declare_defence(ctx, personaje, defensa)

    @graduado.command(name="interponerse", description="Te pones delante de un aliado")
    @app_commands.describe(aliado="A quién cubres", personaje="Qué héroe (por defecto, el tuyo)")
    @command_context(OWN)
    async def interponerse(self, ctx: Context, aliado: str, personaje: str | None = None) -> None:
        await ctx.interaction.response.defer(thinking=True)
        await declare_action(ctx, personaje, Interponerse(aliado), "Se interpone")

    @graduado.command(name="curar", description="Declara que curas a un aliado")
    @app_commands.describe(
        aliado="A quién",
        medio="Con magia, con un objeto curativo o con las manos",
        puntos="Maná que pagas (magia) o lo que cura el objeto",
        objeto="El objeto curativo",
        sobregiro="Vas más allá de tu límite a propósito",
        personaje="Qué héroe cura (por defecto, el tuyo)",
    )
    @app_commands.choices(medio=MEDIO_CHOICES)
    @command_context(OWN)
    async def curar(
        self,
        ctx: Context,
        aliado: str,
        medio: str,
        puntos: Points = 0,
        objeto: str = "",
        sobregiro: bool = False,
        personaje: str | None = None,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        accion = Curar(aliado, Medio(medio), puntos, objeto, sobregiro)
        await declare_action(ctx, personaje, accion, "Curación declarada")

    @graduado.command(name="hazana", description="Declara otra acción, tasada por su efecto")
    @app_commands.describe(
        descripcion="Qué haces",
        efecto="Su tamaño en la escala del poder (el narrador): tu poder cuesta toda la reserva",
        via="Con qué poder",
        sobregiro="Vas más allá de tu límite a propósito",
        personaje="Qué héroe (por defecto, el tuyo)",
        creativo="El narrador lo juzga creativo (+1 de impulso)",
    )
    @app_commands.choices(via=VIA_CHOICES)
    @command_context(OWN)
    async def hazana(
        self,
        ctx: Context,
        descripcion: app_commands.Range[str, 1, 200],
        efecto: Power,
        via: str = "fuerza",
        sobregiro: bool = False,
        personaje: str | None = None,
        creativo: bool | None = None,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        accion = Hazana(descripcion, efecto, Via(via), sobregiro)
        await declare_action(ctx, personaje, accion, "Hazaña declarada", creativo)

    @graduado.command(name="escalar", description="Cuántos enemigos para este grupo (máster)")
    @app_commands.describe(
        base="Los enemigos para un solo héroe",
        por_heroe="Cuántos más por cada héroe más",
        grupo="Cuántos héroes (por defecto, los de este combate)",
    )
    @command_context("máster", what="escalar los enemigos")
    async def escalar(
        self,
        ctx: Context,
        base: app_commands.Range[int, 1, 100],
        por_heroe: app_commands.Range[float, 0, 20] = 1.0,
        grupo: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        await scale(ctx, base, por_heroe, grupo)

    @graduado.command(name="anunciar", description="Anuncia el golpe de un enemigo (máster)")
    @app_commands.describe(
        enemigo="Qué enemigo golpea",
        objetivo="A qué héroe",
        **GRADES,
        via="Con qué poder",
        esfuerzo="Puntos de su reserva (se recortan a lo que tenga)",
        intencion="Golpear, reducir, inutilizar o con contención",
        inbloqueable="Sus aptitudes hacen que no se pueda esquivar ni bloquear",
    )
    @app_commands.choices(
        tacticas=TACTICAS_CHOICES,
        riesgo=RIESGO_CHOICES,
        dificultad=DIFICULTAD_CHOICES,
        via=VIA_CHOICES,
        intencion=INTENCION_CHOICES,
    )
    @command_context("máster", what="anunciar los golpes de los enemigos", rolls=False)
    async def anunciar(
        self,
        ctx: Context,
        enemigo: str,
        objetivo: str,
        tacticas: str | None = None,
        riesgo: str | None = None,
        dificultad: str | None = None,
        via: str = "fuerza",
        esfuerzo: Points = 0,
        intencion: str = "golpear",
        inbloqueable: bool = False,
    ) -> None:
        await ctx.interaction.response.defer(thinking=True)
        await announce(
            ctx,
            enemigo,
            objetivo,
            grados(tacticas, riesgo, dificultad),
            via=Via(via),
            esfuerzo=esfuerzo,
            intencion=Intencion(intencion),
            inbloqueable=inbloqueable,
        )

    @graduado.command(
        name="ajustar", description="Corrige a mano las reservas o el estado de alguien (máster)"
    )
    @app_commands.describe(
        combatiente="A quién",
        aguante="Lo que le queda de aguante (0 a su máximo)",
        mana="Lo que le queda de maná (0 a su máximo)",
        caido="Un héroe: derribado (sí) o en pie (no)",
        desangrandose="Un héroe en el suelo: se desangra (sí) o no (no)",
        inutilizado="Fuera del combate sin estar muerto (sí) o de vuelta (no)",
        muerto="Un enemigo: muerto (sí) o vivo (no)",
        motivo="Por qué (queda en /historial)",
    )
    @app_commands.rename(mana="maná", caido="caído", desangrandose="desangrándose")
    @app_commands.autocomplete(combatiente=FeatureCog.combatant)
    @command_context("máster", what="corregir a mano a un combatiente")
    async def ajustar(
        self,
        ctx: Context,
        combatiente: str,
        aguante: Points | None = None,
        mana: Points | None = None,
        caido: bool | None = None,
        desangrandose: bool | None = None,
        inutilizado: bool | None = None,
        muerto: bool | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        valores = Valores(aguante, mana, caido, desangrandose, inutilizado, muerto)
        await correct(ctx, combatiente, valores, motivo)

    @graduado.command(name="mundo", description="Las reglas del mundo de este combate (máster)")
    @app_commands.describe(
        base_heroes="La probabilidad base de los héroes en % (80)",
        base_enemigos="La de los enemigos en % (65)",
        rangos="Nueve nombres de rango separados por comas, del más débil (D … SSS, X, XX)",
        ventana="Minutos de la ventana de la ronda (por mensajes); 0: en vivo, 90 segundos",
        curacion_levanta="Si la magia o un objeto curativo levantan a un caído",
        servidor="Guardarlas como las del servidor: las usan los combates que empiecen luego",
    )
    @command_context("máster", what="cambiar las reglas del mundo")
    async def mundo(
        self,
        ctx: Context,
        base_heroes: app_commands.Range[int, 0, 100] | None = None,
        base_enemigos: app_commands.Range[int, 0, 100] | None = None,
        rangos: str | None = None,
        ventana: app_commands.Range[int, 0, 10080] | None = None,
        curacion_levanta: bool | None = None,
        servidor: bool = False,
    ) -> None:
        await set_world(
            ctx, base_heroes, base_enemigos, rangos, ventana, curacion_levanta, servidor
        )

    @graduado.command(name="botin", description="La carta de botín tras la victoria (máster)")
    @app_commands.describe(
        objetos="Hasta tres objetos con nombre, separados por comas",
        monedas="Las monedas que se reparten",
    )
    @command_context("máster", what="repartir el botín")
    async def botin(self, ctx: Context, objetos: str, monedas: Points = 0) -> None:
        await loot_card(ctx, objetos, monedas, self.loot_button)

    @graduado.command(name="repartir", description="Reparte la carta de botín (máster)")
    @command_context("máster", what="repartir el botín", rolls=True)
    async def repartir(self, ctx: Context) -> None:
        await share_loot(ctx)

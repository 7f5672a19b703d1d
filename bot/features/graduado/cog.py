"""``/graduado …``: the graded d100 combat's own commands — sheets, the bestiary, the full
attack, the defence, the enemies' announced blows and the world's rules of the fight. The
commands every system shares are in :mod:`.verbs`."""

from __future__ import annotations

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Services, Topic
from bot.features.cog import FeatureCog
from bot.features.common import DIFICULTAD_CHOICES, RIESGO_CHOICES, TACTICAS_CHOICES
from umbral_rules.graduado import (
    Defensa,
    DefensaTipo,
    Grados,
    Intencion,
    Objetivo,
    Riesgo,
    Tacticas,
    Via,
)

from . import sheets
from .acting import announce, declare_attack, declare_defence
from .botin import loot_button, loot_card, share_loot
from .mundo import set_world
from .sheets import SheetOptions

OWN = "dueño o máster"
GRADES = {
    "tacticas": "La calificación de las tácticas (el narrador)",
    "riesgo": "El riesgo que se asume",
    "dificultad": "Qué tan difícil es acertar al objetivo",
}
SHEET_HELP = {
    "nombre": "El nombre",
    "poder": "El poder de su Fuerza: 0–69 (un rango cada diez: D 0–9 … SSS 60–69)",
    "aguante": "El máximo de aguante (la reserva de la Fuerza)",
    "magia": "El poder de su magia, si tiene (0–69)",
    "mana": "El máximo de maná (la reserva de la magia)",
    "arma": "La calidad del arma, 0–5",
    "armadura": "La calidad de la armadura, 0–5",
}
EDIT_HELP = {
    **SHEET_HELP,
    "gastado_aguante": "Cuánto aguante lleva gastado",
    "gastado_mana": "Cuánto maná lleva gastado",
}
VIA_CHOICES = [
    app_commands.Choice(name="Fuerza (aguante)", value="fuerza"),
    app_commands.Choice(name="magia (maná)", value="magia"),
]
INTENCION_CHOICES = [
    app_commands.Choice(name="golpear", value="golpear"),
    app_commands.Choice(name="reducir (queda en pie, al borde)", value="reducir"),
    app_commands.Choice(name="inutilizar (sin daño)", value="inutilizar"),
    app_commands.Choice(name="con contención (la mitad)", value="contencion"),
]
DEFENSA_CHOICES = [app_commands.Choice(name=t.value, value=t.value) for t in DefensaTipo]
Power = app_commands.Range[int, 0, 89]
Points = app_commands.Range[int, 0, 100000]
Quality = app_commands.Range[int, 0, 5]


def grados(tacticas: str | None, riesgo: str | None, dificultad: str | None) -> Grados:
    return Grados(
        Tacticas(tacticas or "estandar"),
        Riesgo(riesgo or "seguro"),
        Objetivo(dificultad or "estandar"),
    )


class GraduadoCog(FeatureCog):
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

    graduado = app_commands.Group(
        name="graduado", description="El combate graduado d100", guild_only=True
    )
    ficha = app_commands.Group(name="ficha", description="Tus fichas graduadas", parent=graduado)
    bestiario = app_commands.Group(
        name="bestiario", description="Los enemigos graduados (máster)", parent=graduado
    )

    # --- sheets --------------------------------------------------------------------------

    @ficha.command(name="crear", description="Crea tu ficha graduada")
    @app_commands.describe(**SHEET_HELP)
    @command_context("cualquiera")
    async def ficha_crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, 80],
        poder: Power,
        aguante: Points,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality = 0,
        armadura: Quality = 0,
    ) -> None:
        o = SheetOptions(poder, aguante, magia, mana, arma, armadura)
        await sheets.create(ctx, "pj", nombre, o)

    @ficha.command(name="editar", description="Cambia tu ficha graduada")
    @app_commands.describe(**EDIT_HELP)
    @command_context(OWN)
    async def ficha_editar(
        self,
        ctx: Context,
        nombre: str,
        poder: Power | None = None,
        aguante: Points | None = None,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality | None = None,
        armadura: Quality | None = None,
        gastado_aguante: Points | None = None,
        gastado_mana: Points | None = None,
    ) -> None:
        o = SheetOptions(
            poder, aguante, magia, mana, arma, armadura, None, gastado_aguante, gastado_mana
        )
        await sheets.edit(ctx, "pj", nombre, o)

    @ficha.command(name="ver", description="Muestra una ficha graduada")
    @app_commands.describe(nombre="De quién")
    @command_context("servidor")
    async def ficha_ver(self, ctx: Context, nombre: str) -> None:
        await sheets.show(ctx, "pj", nombre)

    @ficha.command(name="lista", description="Las fichas graduadas del servidor")
    @command_context("cualquiera")
    async def ficha_lista(self, ctx: Context) -> None:
        await sheets.listing(ctx, "pj")

    @ficha.command(name="borrar", description="Borra tu ficha graduada")
    @app_commands.describe(nombre="Cuál")
    @command_context(OWN)
    async def ficha_borrar(self, ctx: Context, nombre: str) -> None:
        await sheets.remove(ctx, "pj", nombre)

    # --- bestiary ------------------------------------------------------------------------

    @bestiario.command(name="crear", description="Añade un enemigo graduado (máster)")
    @app_commands.describe(
        **SHEET_HELP,
        base="Su probabilidad base en % (sin ella, la de los enemigos: 65)",
        mundo="Una cosa del mundo: admite los rangos X y XX (poder 70–89)",
    )
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, 80],
        poder: Power,
        aguante: Points,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality = 0,
        armadura: Quality = 0,
        base: app_commands.Range[int, 0, 100] | None = None,
        mundo: bool = False,
    ) -> None:
        o = SheetOptions(poder, aguante, magia, mana, arma, armadura, base, mundo=mundo)
        await sheets.create(ctx, "enemigo", nombre, o)

    @bestiario.command(name="editar", description="Cambia un enemigo graduado (máster)")
    @app_commands.describe(**SHEET_HELP, base="Su probabilidad base en %")
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_editar(
        self,
        ctx: Context,
        nombre: str,
        poder: Power | None = None,
        aguante: Points | None = None,
        magia: Power | None = None,
        mana: Points | None = None,
        arma: Quality | None = None,
        armadura: Quality | None = None,
        base: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        o = SheetOptions(poder, aguante, magia, mana, arma, armadura, base)
        await sheets.edit(ctx, "enemigo", nombre, o)

    @bestiario.command(name="ver", description="Muestra un enemigo graduado (máster)")
    @app_commands.describe(nombre="Cuál")
    @command_context("máster", what="ver el bestiario")
    async def bestiario_ver(self, ctx: Context, nombre: str) -> None:
        await sheets.show(ctx, "enemigo", nombre)

    @bestiario.command(name="lista", description="El bestiario graduado (máster)")
    @command_context("máster", what="ver el bestiario")
    async def bestiario_lista(self, ctx: Context) -> None:
        await sheets.listing(ctx, "enemigo")

    @bestiario.command(name="borrar", description="Quita un enemigo graduado (máster)")
    @app_commands.describe(nombre="Cuál")
    @command_context("máster", what="cambiar el bestiario")
    async def bestiario_borrar(self, ctx: Context, nombre: str) -> None:
        await sheets.remove(ctx, "enemigo", nombre)

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

    @graduado.command(name="mundo", description="Las reglas del mundo de este combate (máster)")
    @app_commands.describe(
        base_heroes="La probabilidad base de los héroes en % (80)",
        base_enemigos="La de los enemigos en % (65)",
        rangos="Nueve nombres de rango separados por comas, del más débil (D … SSS, X, XX)",
        ventana="Minutos de la ventana de la ronda (por mensajes); sin decirlo, 90 s en vivo",
        curacion_levanta="Si la magia o un objeto curativo levantan a un caído",
    )
    @command_context("máster", what="cambiar las reglas del mundo")
    async def mundo(
        self,
        ctx: Context,
        base_heroes: app_commands.Range[int, 0, 100] | None = None,
        base_enemigos: app_commands.Range[int, 0, 100] | None = None,
        rangos: str | None = None,
        ventana: app_commands.Range[int, 1, 10080] | None = None,
        curacion_levanta: bool | None = None,
    ) -> None:
        await set_world(ctx, base_heroes, base_enemigos, rangos, ventana, curacion_levanta)

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

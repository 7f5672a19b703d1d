"""The combat commands. Each: load the encounter → check who acts → call the rules → save and
render (see :mod:`.service`)."""

from __future__ import annotations

from typing import Literal

from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.services import Topic
from bot.features.cog import FeatureCog
from bot.features.combate import service
from bot.features.combate.vendar import vendar as bandage
from bot.features.common import (
    ATRIBUTO_CHOICES,
    DESTINO_CHOICES,
    DIFICULTAD_CHOICES,
    RIESGO_CHOICES,
    TACTICAS_CHOICES,
    OficioCobertura,
    VentajaOpt,
)
from umbral_rules.encounter import AttackChoice

ManiobraTipo = Literal["sostener", "cargar", "despegarse", "apuntar", "interponerse"]
AlientoUso = Literal["repetir", "subir", "encajar", "secuelas"]

ATTACK_HELP = {
    "objetivo": "A quién atacas",
    "arma": "Con qué arma (por defecto, la primera de la ficha)",
    "oficio": "Un Oficio que cubra el ataque",
    "oficio_cobertura": "Cuánto cubre el Oficio: entero, mitad o nada",
    "ventaja": "Ventaja o desventaja en esta tirada",
    "dado": "Tu dado físico: «9», o «9 4» con ventaja o desventaja",
    "atacante": "Quién ataca (el máster, por un enemigo o un personaje)",
    "indefenso": "El blanco no puede defenderse (dormido, atado, de espaldas)",
}
#: The grades the narrator gives an attack in a graded fight (seed 003; Umbral refuses them).
GRADES_HELP = {
    "tacticas": "Combate graduado: la calificación de tus tácticas",
    "riesgo": "Combate graduado: el riesgo que asumes",
    "dificultad": "Combate graduado: qué tan difícil es acertar al objetivo",
}
#: The options the percentile game adds to /atacar and /disparar (issue 47; Umbral refuses them).
PORCENTUAL_HELP = {
    "defensa": "Porcentual: qué defensa declarada del blanco lo detiene («1», «1 con daga»)",
    "distancia": "Porcentual: a cuántas varas está el blanco (disparos, cargas)",
    "situacion": "Porcentual: «espalda», «sorpresa», «pomo» o filas de la tabla del máster",
}
COVER_HELP = "El blanco está a cubierto: +3 a su Defensa contra el disparo"
#: /atacar's options that only Canción de hielo y fuego uses (Umbral refuses them).
HIELO_HELP = {
    "accion": "Canción de hielo y fuego: el ataque es acción mayor (por defecto) o menor",
    "modificador": "Canción de hielo y fuego: puntos que suma o resta el máster",
    "destino": "Canción de hielo y fuego: un punto de destino en la tirada",
}
QUIETO_HELP = (
    "Certera: el blanco está quieto (sí) o se mueve (no); sin decirlo, si se movió en su turno"
)
DEFEND_HELP = {
    "oficio": "Un Oficio que cubra la defensa",
    "oficio_cobertura": "Cuánto cubre el Oficio (por defecto, lo que dijiste al unirte)",
    "ventaja": "Ventaja o desventaja en esta tirada",
    "dado": "Tu dado físico: «9», o «9 4» con ventaja o desventaja",
    "personaje": "Quién se defiende (el máster puede tirar por otro)",
    "asaltos": "Cuántos asaltos contestas, del más antiguo (por defecto, todos los pendientes)",
}


#: One name per meaning in the code (docs/vocabulario.md): how much an Oficio covers is
#: ``oficio_cobertura``, which players type as «cobertura» (a public name, kept).
OFICIO_COBERTURA = app_commands.rename(oficio_cobertura="cobertura")

#: The choices /atacar and /disparar offer while their options are typed.
ATTACK_AUTOCOMPLETE = {
    "objetivo": FeatureCog.combatant,
    "arma": FeatureCog.weapon,
    "oficio": FeatureCog.actor_oficio,
    "atacante": FeatureCog.actor,
}
#: [D] Who may use them: a player with their own characters, the GM with anyone.
OWN = "dueño o máster"


class CombateCog(FeatureCog):
    topic = Topic(
        "combate",
        "Combate",
        "En el encuentro: atacar, disparar, defenderse, maniobras, respuestas, estados, "
        "Aliento y secuelas.",
    )

    estado = app_commands.Group(
        name="estado", description="Estados: aturdido, sangrando…", guild_only=True
    )

    @app_commands.command(
        name="atacar", description="Ataca cuerpo a cuerpo a alguien del encuentro"
    )
    @app_commands.describe(
        **ATTACK_HELP, quieto=QUIETO_HELP, **GRADES_HELP, **HIELO_HELP, **PORCENTUAL_HELP
    )
    @app_commands.autocomplete(**ATTACK_AUTOCOMPLETE)
    @app_commands.choices(
        tacticas=TACTICAS_CHOICES, riesgo=RIESGO_CHOICES, dificultad=DIFICULTAD_CHOICES
    )
    @app_commands.choices(destino=DESTINO_CHOICES)
    @app_commands.rename(oficio_cobertura="cobertura", accion="acción")
    @app_commands.guild_only()
    @command_context(OWN, rolls=True, shared=True)
    async def atacar(
        self,
        ctx: Context,
        objetivo: str,
        arma: str | None = None,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
        atacante: str | None = None,
        indefenso: bool = False,
        quieto: bool | None = None,
        tacticas: str | None = None,
        riesgo: str | None = None,
        dificultad: str | None = None,
        accion: Literal["mayor", "menor"] | None = None,
        modificador: app_commands.Range[int, -99, 99] | None = None,
        destino: str | None = None,
        defensa: app_commands.Range[str, 1, 200] | None = None,
        distancia: app_commands.Range[int, 0, 1000] | None = None,
        situacion: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        choice = AttackChoice(
            arma, oficio, oficio_cobertura, ventaja, indefenso=indefenso, quieto=quieto
        )
        await service.attack(ctx, objetivo, choice, atacante=atacante, dado=dado)

    @app_commands.command(
        name="disparar", description="Dispara a alguien del encuentro (nunca enfrentado)"
    )
    @app_commands.describe(
        **ATTACK_HELP, a_cubierto=COVER_HELP, quieto=QUIETO_HELP, **PORCENTUAL_HELP
    )
    @app_commands.autocomplete(**ATTACK_AUTOCOMPLETE)
    @OFICIO_COBERTURA
    @app_commands.guild_only()
    @command_context(OWN, rolls=True, shared=True)
    async def disparar(
        self,
        ctx: Context,
        objetivo: str,
        arma: str | None = None,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
        atacante: str | None = None,
        indefenso: bool = False,
        a_cubierto: bool = False,
        quieto: bool | None = None,
        defensa: app_commands.Range[str, 1, 200] | None = None,
        distancia: app_commands.Range[int, 0, 1000] | None = None,
        situacion: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        choice = AttackChoice(
            arma, oficio, oficio_cobertura, ventaja, shot=True, indefenso=indefenso,
            a_cubierto=a_cubierto, quieto=quieto,
        )  # fmt: skip
        await service.attack(ctx, objetivo, choice, atacante=atacante, dado=dado)

    @app_commands.command(
        name="defender", description="Tira tu Defensa contra los ataques pendientes"
    )
    @app_commands.describe(**DEFEND_HELP)
    @app_commands.autocomplete(oficio=FeatureCog.actor_oficio, personaje=FeatureCog.actor)
    @OFICIO_COBERTURA
    @app_commands.guild_only()
    @command_context(OWN, rolls=True)
    async def defender(
        self,
        ctx: Context,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura | None = None,
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
        personaje: str | None = None,
        asaltos: app_commands.Range[int, 1, 50] | None = None,
    ) -> None:
        await service.defend(
            ctx,
            service.DefendOptions(oficio, oficio_cobertura, ventaja, dado, personaje, asaltos),
        )

    @app_commands.command(
        name="maniobra", description="Sostener, cargar, despegarse, apuntar o interponerse"
    )
    @app_commands.describe(
        tipo="La maniobra",
        objetivo="Contra quién cargas o te despegas, o a quién cubres al interponerte",
        condicion="Sostener: lo que esperas («si asoma por la puerta»)",
        personaje="Quién hace la maniobra (el máster puede elegir)",
        arma=ATTACK_HELP["arma"],
        oficio="Un Oficio que cubra la maniobra",
        oficio_cobertura=ATTACK_HELP["oficio_cobertura"],
        ventaja=ATTACK_HELP["ventaja"],
        dado=ATTACK_HELP["dado"],
    )
    @app_commands.autocomplete(
        objetivo=FeatureCog.combatant,
        personaje=FeatureCog.actor,
        arma=FeatureCog.weapon,
        oficio=FeatureCog.actor_oficio,
    )
    @OFICIO_COBERTURA
    @app_commands.guild_only()
    @command_context(OWN, rolls=True)
    async def maniobra(
        self,
        ctx: Context,
        tipo: ManiobraTipo,
        objetivo: str | None = None,
        condicion: app_commands.Range[str, 1, 200] | None = None,
        personaje: str | None = None,
        arma: str | None = None,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
    ) -> None:
        choice = AttackChoice(arma, oficio, oficio_cobertura, ventaja)
        await service.maniobra(
            ctx, tipo, objetivo, condicion, choice, personaje=personaje, dado=dado
        )

    @app_commands.command(
        name="respuesta", description="Tu respuesta del asalto: trabar, larga o sostener"
    )
    @app_commands.describe(
        tipo="Qué respuesta",
        objetivo="Contra quién",
        personaje="Quién responde (el máster puede elegir)",
        arma=ATTACK_HELP["arma"],
        oficio=ATTACK_HELP["oficio"],
        oficio_cobertura=ATTACK_HELP["oficio_cobertura"],
        ventaja=ATTACK_HELP["ventaja"],
        dado=ATTACK_HELP["dado"],
    )
    @app_commands.choices(
        tipo=[
            app_commands.Choice(name="Trabar: tirada de oportunidad", value="oportunidad"),
            app_commands.Choice(name="Arma larga: quien entra en tu alcance", value="larga"),
            app_commands.Choice(name="Sostener: dispara lo que tenías preparado", value="sostener"),
        ]
    )
    @app_commands.autocomplete(
        objetivo=FeatureCog.combatant,
        personaje=FeatureCog.actor,
        arma=FeatureCog.weapon,
        oficio=FeatureCog.actor_oficio,
    )
    @OFICIO_COBERTURA
    @app_commands.guild_only()
    @command_context(OWN, rolls=True)
    async def respuesta(
        self,
        ctx: Context,
        tipo: str,
        objetivo: str,
        personaje: str | None = None,
        arma: str | None = None,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
    ) -> None:
        choice = AttackChoice(arma, oficio, oficio_cobertura, ventaja)
        await service.respuesta(ctx, tipo, objetivo, choice, personaje=personaje, dado=dado)

    @app_commands.command(name="secuelas", description="Tira en la tabla de secuelas al caer")
    @app_commands.describe(
        aliento="Gastar un punto de Aliento antes de tirar (+4)",
        dado=DEFEND_HELP["dado"],
        personaje="Quién tira (el máster puede elegir)",
    )
    @app_commands.autocomplete(personaje=FeatureCog.actor)
    @app_commands.guild_only()
    @command_context(OWN, rolls=True)
    async def secuelas(
        self,
        ctx: Context,
        aliento: bool = False,
        dado: str | None = None,
        personaje: str | None = None,
    ) -> None:
        await service.secuelas(ctx, aliento, dado, personaje)

    @app_commands.command(name="estabilizar", description="Cura a un malherido: Peliaguda (12)")
    @app_commands.describe(
        objetivo="A quién estabilizas",
        atributo="El atributo que usas (por defecto Percepción)",
        oficio="Un Oficio que cubra la cura",
        oficio_cobertura=ATTACK_HELP["oficio_cobertura"],
        ventaja=ATTACK_HELP["ventaja"],
        dado=ATTACK_HELP["dado"],
        personaje="Quién cura (el máster puede elegir)",
    )
    @app_commands.choices(atributo=ATRIBUTO_CHOICES)
    @app_commands.autocomplete(
        objetivo=FeatureCog.combatant, oficio=FeatureCog.actor_oficio, personaje=FeatureCog.actor
    )
    @OFICIO_COBERTURA
    @app_commands.guild_only()
    @command_context(OWN, rolls=True)
    async def estabilizar(
        self,
        ctx: Context,
        objetivo: str,
        atributo: str = "percepcion",
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
        personaje: str | None = None,
    ) -> None:
        extra = service.RollOptions(oficio, oficio_cobertura, ventaja, dado)
        await service.estabilizar(ctx, objetivo, atributo, personaje, extra)

    @app_commands.command(name="vendar", description="Venda a quien sangra: deja de sangrar")
    @app_commands.describe(
        objetivo="A quién vendas (tú mismo también)",
        personaje="Quién venda (por defecto, tu personaje; el máster puede elegir)",
    )
    @app_commands.autocomplete(objetivo=FeatureCog.combatant, personaje=FeatureCog.actor)
    @app_commands.guild_only()
    @command_context(OWN)
    async def vendar(self, ctx: Context, objetivo: str, personaje: str | None = None) -> None:
        await bandage(ctx, objetivo, personaje)

    @estado.command(name="poner", description="Pone un estado a alguien (máster)")
    @app_commands.describe(objetivo="A quién", estado="Qué estado")
    @app_commands.autocomplete(objetivo=FeatureCog.combatant, estado=FeatureCog.known_estado)
    @command_context("máster", what="poner o quitar estados")
    async def poner(self, ctx: Context, objetivo: str, estado: str) -> None:
        await service.set_estado(ctx, objetivo, estado, on=True)

    @estado.command(name="quitar", description="Quita un estado a alguien (máster)")
    @app_commands.describe(objetivo="A quién", estado="Qué estado")
    @app_commands.autocomplete(objetivo=FeatureCog.combatant, estado=FeatureCog.known_estado)
    @command_context("máster", what="poner o quitar estados")
    async def quitar(self, ctx: Context, objetivo: str, estado: str) -> None:
        await service.set_estado(ctx, objetivo, estado, on=False)

    @estado.command(name="recuperar", description="Sacúdete un estado: Aturdido o Quebrantado")
    @app_commands.describe(
        estado="Aturdido (gasta la acción) o Quebrantado (acción y Voluntad contra 9)",
        dado=DEFEND_HELP["dado"],
        personaje="Quién se recupera (el máster puede elegir)",
    )
    @app_commands.autocomplete(estado=FeatureCog.known_estado, personaje=FeatureCog.actor)
    @command_context(OWN, rolls=True)
    async def recuperar(
        self,
        ctx: Context,
        estado: str,
        dado: str | None = None,
        personaje: str | None = None,
    ) -> None:
        await service.recover(ctx, estado, dado, personaje)

    @app_commands.command(name="aliento", description="Gasta un punto de Aliento")
    @app_commands.describe(
        uso="repetir la última tirada, subir su grado, encajar el último golpe, +4 a secuelas",
        personaje="Quién lo gasta (el máster puede elegir)",
    )
    @app_commands.autocomplete(personaje=FeatureCog.actor)
    @app_commands.guild_only()
    @command_context(OWN, rolls=True)
    async def aliento(self, ctx: Context, uso: AlientoUso, personaje: str | None = None) -> None:
        await service.aliento(ctx, uso, personaje)

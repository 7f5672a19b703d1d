"""The ``/tirada`` command."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord import app_commands

from bot.edge.context import Context, command_context
from bot.edge.path import Step, run_step
from bot.edge.permissions import Variant
from bot.edge.services import Topic
from bot.features.ambito import AMBITO_CHOICES, AMBITO_HELP, ambitos_of
from bot.features.cog import FeatureCog
from bot.features.common import (
    ATRIBUTO_CHOICES,
    UMBRAL_CHOICES,
    OficioCobertura,
    VentajaOpt,
    log_roll,
)
from bot.features.forms import FormSpec, open_form, required
from bot.features.system import UMBRAL, UmbralTurn, check_all_used, choose_dice
from bot.features.tiradas import retos, tirada
from bot.features.tiradas.contra import Contra, ContraOptions, contra_of
from bot.render.rolls import tirada_embed
from bot.render.safe import shown
from bot.sheetfiles.limits import NAME_MAX
from umbral_rules import UmbralError
from umbral_rules.encounter.events import TiradaMade
from umbral_rules.rolls import Static
from umbral_rules.tables import UMBRAL_RANGE
from umbral_rules.tiradas import TiradaResult


async def autocomplete_umbral(
    interaction: discord.Interaction, current: str | int
) -> list[app_commands.Choice[int]]:
    """The six named Umbrales ([D] any whole number from 1 to 40 is accepted)."""
    typed = str(current).strip()
    return [c for c in UMBRAL_CHOICES if not typed or c.name.startswith(typed)]


#: [D] A check is rolled by a player's own character; naming one (``personaje``, ``dueño``)
#: reaches another's only for the GM.
#: /reto crear typed without options: its form (one page, the required fields first).
RETO_FORM = FormSpec(
    "Crear reto",
    (("nombre", "umbral", "exitos", "coste"),),
    frozenset({"nombre", "umbral", "exitos"}),
)
TIRADA_USES = (
    Variant("personaje", "dueño o máster", ("personaje",)),
    Variant("dueño", "dueño o máster", ("dueno",)),
    Variant("privada", "personaje", ("privada",), True),
)


@dataclass(frozen=True)
class TiradaDone:
    """What ``/tirada`` leaves for its log and its reply."""

    roller: tirada.Roller
    against: Contra | None
    result: TiradaResult
    gm_channel: int | None


class TiradasCog(FeatureCog):
    topic = Topic(
        "tiradas",
        "Tiradas y retos",
        "Fuera de combate: Atributo + Oficio contra un Umbral, y los retos del máster.",
    )

    reto = app_commands.Group(
        name="reto", description="Retos: conflictos sin combate, por éxitos", guild_only=True
    )

    @app_commands.command(
        name="tirada",
        description="Tira 1d12 + Atributo + Oficio contra un Umbral o contra alguien que empuja",
    )
    @app_commands.describe(
        atributo="El atributo que se usa",
        umbral="La dificultad, de 1 a 40: 9 Corriente, 12 Peliaguda…",
        oficio="Un Oficio de tu personaje que cubra lo que haces",
        oficio_cobertura="Cuánto cubre el Oficio: entero, mitad o nada (por defecto entero)",
        ventaja="Ventaja o desventaja en esta tirada",
        dado="Tu dado físico: «9», o «9 4» con ventaja o desventaja",
        ambito=AMBITO_HELP,
        personaje="Quién tira (por defecto, tu personaje en este encuentro o el activo; "
        "el máster, cualquiera)",
        motivo="Para qué es la tirada",
        privada="Solo la ves tú (y el máster)",
        dueno="Máster: de quién es el personaje que tira",
        contra="En vez de un Umbral, contra quién: resistes su 8 + Atributo + Oficio (un "
        "enemigo: su Ataque)",
        atributo_contra="El atributo con que empuja (por defecto, el mismo que el tuyo)",
        oficio_contra="El Oficio con que empuja, si cubre lo que hace",
        empujas="Empujas tú y resiste un enemigo: tiras tú contra su Ataque (el empate, suyo)",
    )
    @app_commands.choices(
        atributo=ATRIBUTO_CHOICES, ambito=AMBITO_CHOICES, atributo_contra=ATRIBUTO_CHOICES
    )
    @app_commands.rename(dueno="dueño", oficio_cobertura="cobertura")
    @app_commands.autocomplete(oficio=FeatureCog.sheet_oficio, personaje=FeatureCog.deletable)
    @app_commands.autocomplete(umbral=autocomplete_umbral)
    @command_context("personaje", variants=TIRADA_USES, rolls=True)
    async def tirada(
        self,
        ctx: Context,
        atributo: str,
        umbral: app_commands.Range[int, UMBRAL_RANGE[0], UMBRAL_RANGE[1]] | None = None,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
        ambito: str | None = None,
        personaje: str | None = None,
        motivo: app_commands.Range[str, 1, 200] | None = None,
        privada: bool = False,
        dueno: discord.User | None = None,
        contra: app_commands.Range[str, 1, NAME_MAX] | None = None,
        atributo_contra: str | None = None,
        oficio_contra: str | None = None,
        empujas: bool = False,
    ) -> None:
        if (umbral is None) == (contra is None):
            raise UmbralError(
                "Di contra qué tiras: un Umbral (umbral:12) o alguien (contra:Nombre), uno de "
                "los dos."
            )
        if contra is None and (atributo_contra or oficio_contra or empujas):
            raise UmbralError("«atributo_contra», «oficio_contra» y «empujas» van con «contra».")
        interaction = ctx.interaction
        ctx.ids()  # (refused in direct messages, before anything is deferred)
        await interaction.response.defer(ephemeral=privada, thinking=True)

        async def rules(turn: UmbralTurn) -> TiradaDone:
            uow, settings, enc = turn.uow, turn.settings, turn.doc
            roller = await tirada.roller(
                uow, interaction, enc, personaje, settings.gm_role_id, dueno
            )
            against: Contra | None = None
            target: int | Static = umbral or 0
            if contra is not None:
                options = ContraOptions(contra, atributo_contra, oficio_contra, empujas)
                against = await contra_of(uow, enc, roller.nombre, atributo, options, roller.genero)
                target = against.target
            dice = choose_dice(ctx.dice, dado, settings.physical_dice_allowed)
            turn.tracker = None  # a check shows in its reply, not in the tracker
            if enc is not None and roller.combatant is not None:
                # inside an encounter the rules apply the estados' desventaja
                events = enc.tirada(
                    dice, roller.combatant.id, atributo, target, oficio, oficio_cobertura, ventaja,
                    ambitos=ambitos_of(ambito),
                )  # fmt: skip
                result = next(e.result for e in events if isinstance(e, TiradaMade))
            else:
                turn.saves = False  # a sheet's check changes nothing
                result = tirada.sheet_tirada(
                    roller, settings.extra_estados, dice, atributo, target, oficio,
                    oficio_cobertura, ventaja, ambitos_of(ambito),
                )  # fmt: skip
            check_all_used(dice)
            return TiradaDone(roller, against, result, settings.gm_channel_id)

        async def log(turn: UmbralTurn, done: TiradaDone) -> None:
            roller, result, against = done.roller, done.result, done.against
            await log_roll(
                turn.uow, interaction.user.id, "tirada", result, umbral=result.target.value,
                personaje=roller.nombre, privada=privada, actor=roller.nombre,
                character_id=roller.character_id, motivo=motivo,
                target=against.nombre if against else None,
            )  # fmt: skip

        done = await run_step(ctx, UMBRAL, Step(None, rules, need="get", own_log=log))
        roller, against, result = done.roller, done.against, done.result
        what = tirada.what_text(atributo, umbral, against)
        if ambito:
            what += f" ({ambito})"
        note = shown(motivo) if motivo else None
        embed = tirada_embed(result, actor=shown(roller.nombre), what=what, note=note)
        await tirada.deliver(interaction, embed, privada, done.gm_channel)

    @reto.command(
        name="crear",
        description="Plantea un reto en este canal (máster)",
        extras={"form": RETO_FORM},
    )
    @app_commands.describe(
        nombre="Cómo se llama el reto (obligatorio; sin opciones, se abre un formulario)",
        umbral="Su Umbral (obligatorio)",
        exitos="Cuántos éxitos hacen falta (obligatorio)",
        coste="Qué cuesta cada fracaso («un aliado»)",
    )
    @app_commands.choices(umbral=UMBRAL_CHOICES)
    @command_context("máster", what="crear retos")
    async def reto_crear(
        self,
        ctx: Context,
        nombre: app_commands.Range[str, 1, NAME_MAX] | None = None,
        umbral: int | None = None,
        exitos: app_commands.Range[int, 1, 20] | None = None,
        coste: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        given = {"nombre": nombre, "umbral": umbral, "exitos": exitos}
        if await open_form(ctx, RETO_FORM, {**given, "coste": coste}):
            return
        nombre, umbral, exitos = required(ctx, RETO_FORM, given)
        await retos.crear(ctx, nombre, umbral, exitos, coste)

    @reto.command(name="tirar", description="Propón un enfoque y tira por el reto")
    @app_commands.describe(
        atributo="El atributo que usas",
        oficio="El Oficio del enfoque (cada uno, una vez por reto)",
        oficio_cobertura="Cuánto cubre el Oficio: entero, mitad o nada",
        ventaja="Ventaja o desventaja en esta tirada",
        dado="Tu dado físico: «9», o «9 4» con ventaja o desventaja",
        reto="Qué reto (si hay más de uno)",
        ambito=AMBITO_HELP,
    )
    @app_commands.choices(atributo=ATRIBUTO_CHOICES, ambito=AMBITO_CHOICES)
    @app_commands.rename(oficio_cobertura="cobertura")
    @app_commands.autocomplete(oficio=FeatureCog.sheet_oficio, reto=FeatureCog.open_reto)
    @command_context("personaje", rolls=True)
    async def reto_tirar(
        self,
        ctx: Context,
        atributo: str,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura = "entero",
        ventaja: VentajaOpt | None = None,
        dado: str | None = None,
        reto: str | None = None,
        ambito: str | None = None,
    ) -> None:
        await retos.tirar(
            ctx, atributo, oficio, oficio_cobertura, ventaja, dado, reto, ambitos_of(ambito)
        )

    @reto.command(name="ver", description="Cómo van los retos de este canal")
    @command_context("cualquiera")
    async def reto_ver(self, ctx: Context) -> None:
        await retos.ver(ctx)

    @reto.command(name="terminar", description="Da por terminado un reto (máster)")
    @app_commands.describe(reto="Qué reto (si hay más de uno)")
    @app_commands.autocomplete(reto=FeatureCog.open_reto)
    @command_context("máster", what="terminar retos")
    async def reto_terminar(self, ctx: Context, reto: str | None = None) -> None:
        await retos.terminar(ctx, reto)

"""``/encuentro empezar|unirse|enemigos|ver|quitar|terminar`` and ``/asalto``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot.edge.channel_access import require_channel_permissions
from bot.edge.context import Context, command_context
from bot.edge.path import Step, run_step
from bot.edge.permissions import Variant
from bot.edge.publisher import waiting_of
from bot.edge.services import Topic
from bot.features.ambito import guild_estados
from bot.features.cog import FeatureCog
from bot.features.common import SYSTEM_CHOICES, Modo, OficioCobertura, send
from bot.features.encuentro.joining import Moved, move_out
from bot.features.encuentro.lista import run_lista
from bot.features.encuentro.malherido import clock_asaltos, tell_gm
from bot.features.fichas.lookup import custody_character
from bot.features.recordatorios.service import configure as configure_reminders
from bot.features.system import UMBRAL, UmbralTurn
from bot.features.tiradas.retos import take_over_scene
from bot.render.encounter import events_embed
from bot.render.tracker import (
    AMBUSH_START,
    REPOSTED,
    ambush_text,
    pendientes_embed,
    summary_embed,
    tracker_embed,
)
from bot.render.turnos import phase_label, phase_line, turn_pings
from bot.storage import character_sheet, character_weapons, enemy_sheet
from umbral_rules.encounter import Encounter, MalheridoClock
from umbral_rules.encounter.events import AsaltoAdvanced, Event
from umbral_rules.systems import UMBRAL as UMBRAL_SYSTEM
from umbral_rules.systems import PlaysOther
from umbral_rules.text import name_not_found

if TYPE_CHECKING:
    pass


#: [D] Who may join: a player with their own character; the GM brings anyone's, and alone
#: takes a character out of the encounter of another channel.
UNIRSE_USES = (
    Variant(
        "mover",
        "máster",
        ("mover",),
        True,
        refusal="Solo el máster puede mover un personaje de otro encuentro.",
    ),
    Variant("dueño", "dueño o máster", ("dueno",)),
)

#: [D] /encuentro ver: anyone in the server sees it; publishing it again is the GM's.
VER_USES = (Variant("publico", "máster", ("publico",), True, what="publicar el encuentro"),)
AJUSTAR_USES = (Variant("esencia", "máster", ("esencia",), what="ajustar las barras"),)


class EncuentroCog(FeatureCog):
    topic = Topic(
        "encuentro",
        "Encuentros",
        "El combate del canal: abrirlo, sacar enemigos, unirse, pasar el asalto, terminarlo.",
    )

    encuentro = app_commands.Group(
        name="encuentro", description="El combate de este canal", guild_only=True
    )

    @encuentro.command(name="empezar", description="Empieza un encuentro en este canal (máster)")
    @app_commands.describe(
        modo="Mesa, Narrativo o Táctico (por defecto, el del servidor)",
        emboscada="Quién embosca: ese bando actúa primero en el primer asalto",
        sistema="A qué juego (por defecto, el del servidor: /config sistema)",
    )
    @app_commands.choices(sistema=SYSTEM_CHOICES)
    @command_context("máster", what="empezar un encuentro", shared=True)
    async def empezar(
        self,
        ctx: Context,
        modo: Modo | None = None,
        emboscada: Literal["jugadores", "enemigos"] | None = None,
        sistema: str | None = None,
    ) -> None:
        interaction = ctx.interaction
        ctx.ids()  # (refused in direct messages, before anything else)
        require_channel_permissions(interaction, "llevar un encuentro", tablero=False)
        await interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> Encounter:
            settings, uow = turn.settings, turn.uow
            system = sistema or settings.default_system or UMBRAL_SYSTEM
            if system != UMBRAL_SYSTEM:  # handed to that system's own command
                raise PlaysOther(system)
            enc_settings = {
                "defensa_inmediata": settings.defense_mode == "inmediata",
                "secuelas_tabla": dict(settings.secuelas or {}),
                "emboscada": {"jugadores": "pj", "enemigos": "enemigo"}.get(emboscada or ""),
                "estados_extra": guild_estados(settings.extra_estados),
            }
            enc = Encounter.start(modo or settings.default_mode, enc_settings)
            await take_over_scene(uow, enc)  # a reto's scene becomes the encounter
            await uow.encounter.create(enc, creator_id=interaction.user.id)
            turn.doc, turn.saves = enc, False  # stored as it starts: the tracker shows it
            return enc

        enc = await run_step(ctx, UMBRAL, Step(None, rules, need="none"))
        lines = [
            "Jugadores: /encuentro unirse. Máster: /encuentro enemigos.",
            "Se juega por asaltos: primero los jugadores, luego los enemigos (/asalto).",
        ]
        if emboscada:
            lines.append(AMBUSH_START[emboscada])
        embed = events_embed("Empieza el encuentro", lines)
        ambush = ambush_text(enc)
        if ambush:  # a reto's scene may bring its characters in
            embed.add_field(name="Emboscada", value=ambush, inline=False)
        await send(interaction, embed=embed)

    @encuentro.command(name="unirse", description="Entra en el encuentro con tu personaje")
    @app_commands.describe(
        personaje="Uno de tus personajes (por defecto, el activo; el máster, cualquiera)",
        oficio_defensa="El Oficio que cubre tus defensas en este combate, si lo hay",
        oficio_defensa_cobertura="Cuánto cubre ese Oficio: entero, mitad o nada",
        mover="Máster: sácalo del encuentro de otro canal en el que esté y tráelo aquí",
        dueno="Máster: de quién es el personaje (sigue siendo suyo en el combate)",
    )
    @app_commands.rename(dueno="dueño", oficio_defensa_cobertura="cobertura_defensa")
    @app_commands.autocomplete(
        personaje=FeatureCog.deletable, oficio_defensa=FeatureCog.sheet_oficio
    )
    @command_context("dueño o máster", variants=UNIRSE_USES, shared=True)
    async def unirse(
        self,
        ctx: Context,
        personaje: str | None = None,
        oficio_defensa: str | None = None,
        oficio_defensa_cobertura: OficioCobertura = "entero",
        mover: bool = False,
        dueno: discord.User | None = None,
    ) -> None:
        interaction = ctx.interaction
        _guild_id, channel_id = ctx.ids()
        await interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> tuple[Encounter, list[Event], Moved]:
            enc, settings, uow = turn.document, turn.settings, turn.uow
            gm = ctx.is_gm(settings.gm_role_id, turn.creator_id)  # mover: the GM's (declared)
            row = await custody_character(uow, interaction, personaje, dueno, gm=gm)
            moved = await move_out(uow, row, channel_id) if mover else Moved()
            events: list[Event] = []
            c = enc.add_character(
                character_sheet(row),
                character_weapons(row),
                aguante=row.aguante,
                aliento=row.aliento,
                aliento_max=row.aliento_max,
                esencia=row.esencia,
                esencia_max=row.esencia_max,
                character_id=row.id,
                owner_id=row.owner_id,
                oficio_defensa=oficio_defensa,
                oficio_defensa_cobertura=oficio_defensa_cobertura,
                genero=row.genero,
            )
            events.append(enc.announce(c))
            for estado in row.estados:  # what the character still suffers from before
                events.extend(enc.set_estado(c.id, str(estado), True))
            # a session's attendance counts the character's player (:mod:`bot.storage.sessions`)
            await uow.activity.note(int(row.owner_id), "encuentro", uow.clock())
            if moved.channel_id is not None:  # the encounter it left
                ctx.show_tracker_of(uow, moved.channel_id)
            return enc, events, moved

        enc, events, moved = await run_step(ctx, UMBRAL, Step(None, rules))
        ambush = ambush_text(enc)
        embed = events_embed("Se une al combate", [e.message for e in events])
        embed.description = "\n".join([*moved.lines(), embed.description or ""]).strip()
        if ambush:  # who may act before anyone, as the party stands now
            embed.add_field(name="Emboscada", value=ambush, inline=False)
        await send(interaction, embed=embed)

    @encuentro.command(name="enemigos", description="Saca enemigos del bestiario (máster)")
    @app_commands.describe(
        nombre="El enemigo del bestiario", cantidad="Cuántos (varios se numeran: «Guardia 1»…)"
    )
    @app_commands.autocomplete(nombre=FeatureCog.bestiary)
    @command_context("máster", what="sacar enemigos", shared=True)
    async def enemigos(
        self,
        ctx: Context,
        nombre: str,
        cantidad: app_commands.Range[int, 1, 50] = 1,
    ) -> None:
        interaction = ctx.interaction
        ctx.ids()  # (refused in direct messages, before anything else)
        await interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> list[Event]:
            enc = turn.document
            row = await turn.uow.bestiary.get(nombre)
            if row is None:
                raise name_not_found(
                    f"No hay ningún «{nombre}» en el bestiario: "
                    "el máster lo añade con /bestiario añadir.",
                    nombre,
                    (await turn.uow.bestiary.names()).values(),
                )
            sheet = enemy_sheet(row)
            added = [enc.add_enemy(sheet)] if cantidad == 1 else enc.add_enemies(sheet, cantidad)
            events: list[Event] = [enc.announce(c) for c in added]
            for c in added:  # the estados its entry says it enters with
                for estado in row.estados:
                    events.extend(enc.set_estado(c.id, str(estado), True))
            return events

        events = await run_step(ctx, UMBRAL, Step(None, rules))
        await send(interaction, embed=events_embed("Entran enemigos", [e.message for e in events]))

    @encuentro.command(name="ver", description="El estado del encuentro de este canal")
    @app_commands.describe(
        publico="Máster: publica de nuevo el mensaje del encuentro al final del canal, "
        "y ese es el que se mantiene al día"
    )
    @command_context("servidor", variants=VER_USES, shared=True)
    async def ver(self, ctx: Context, publico: bool = False) -> None:
        interaction = ctx.interaction
        guild_id, channel_id = ctx.ids()
        if publico:
            require_channel_permissions(interaction, "publicar el encuentro", tablero=False)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not publico:
            async with ctx.storage.channel(guild_id, channel_id) as uow:
                enc = await uow.encounter.require()
            await send(interaction, embed=tracker_embed(enc), ephemeral=True)
            return

        async def rules(turn: UmbralTurn) -> None:
            turn.saves, turn.tracker = False, "repost"  # nothing changes: posted again

        await run_step(ctx, UMBRAL, Step(None, rules))
        await send(interaction, content=REPOSTED, ephemeral=True)

    @encuentro.command(name="lista", description="Los encuentros abiertos del servidor (máster)")
    @command_context("máster", what="ver los encuentros del servidor")
    async def lista(self, ctx: Context) -> None:
        await run_lista(ctx)

    @encuentro.command(name="pendientes", description="Quién tiene que actuar o defenderse")
    @command_context("servidor", shared=True)
    async def pendientes(self, ctx: Context) -> None:
        guild_id, channel_id = ctx.ids()
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        async with ctx.storage.channel(guild_id, channel_id) as uow:
            enc = await uow.encounter.require()
            lines = waiting_of(enc, uow.encounter)
        await send(ctx.interaction, embed=pendientes_embed(enc, lines), ephemeral=True)

    @encuentro.command(
        name="recordatorios", description="Recuerda en el canal a quien deba actuar (máster)"
    )
    @app_commands.describe(
        horas="Cada cuántas horas sin respuesta se recuerda (0: nunca)",
        silencio="Horas sin recordatorios, p. ej. 23-9 (hora del servidor, /config zona_horaria)",
    )
    @command_context("máster", what="configurar los recordatorios", shared=True)
    async def recordatorios(
        self,
        ctx: Context,
        horas: app_commands.Range[int, 0, 168],
        silencio: str | None = None,
    ) -> None:
        await configure_reminders(ctx, horas, silencio)

    @encuentro.command(name="quitar", description="Saca a alguien del encuentro (máster)")
    @app_commands.describe(combatiente="A quién")
    @app_commands.autocomplete(combatiente=FeatureCog.combatant)
    @command_context("máster", what="quitar combatientes", shared=True)
    async def quitar(self, ctx: Context, combatiente: str) -> None:
        ctx.ids()  # (refused in direct messages, before anything else)
        await ctx.interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> list[Event]:
            enc = turn.document
            return enc.remove(enc.find(combatiente).id)

        events = await run_step(ctx, UMBRAL, Step(None, rules))
        embed = events_embed("Sale del combate", [e.message for e in events])
        await send(ctx.interaction, embed=embed)

    @encuentro.command(name="terminar", description="Termina el encuentro con un resumen (máster)")
    @command_context("máster", what="terminar el encuentro", shared=True)
    async def terminar(self, ctx: Context) -> None:
        ctx.ids()  # (refused in direct messages, before anything else)
        await ctx.interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> tuple[Encounter, int]:
            enc, uow = turn.document, turn.uow
            rolls = await uow.rolls.count_encounter(uow.encounter.current_info.id)  # its own
            ctx.show_tracker(uow, enc, ended=True)  # (its message, before the end forgets it)
            await uow.encounter.end()
            turn.saves, turn.tracker = False, None  # ended, not saved; its tracker asked for
            return enc, rolls

        enc, rolls = await run_step(ctx, UMBRAL, Step(None, rules))
        await send(ctx.interaction, embed=summary_embed(enc, rolls))

    @encuentro.command(name="ajustar", description="Corrige a mano las barras de alguien (máster)")
    @app_commands.describe(
        combatiente="A quién",
        aguante="Aguante actual (0 al máximo)",
        aliento="Aliento actual (0 al máximo)",
        esencia="Esencia actual (0 al máximo): en un personaje, también en su ficha",
    )
    @app_commands.autocomplete(combatiente=FeatureCog.combatant)
    @command_context("máster", what="ajustar las barras", variants=AJUSTAR_USES)
    async def ajustar(
        self,
        ctx: Context,
        combatiente: str,
        aguante: app_commands.Range[int, 0, 500] | None = None,
        aliento: app_commands.Range[int, 0, 50] | None = None,
        esencia: app_commands.Range[int, 0, 50] | None = None,
    ) -> None:
        ctx.ids()  # (refused in direct messages, before anything else)
        await ctx.interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> list[Event]:
            enc = turn.document
            return enc.adjust(
                enc.find(combatiente).id, aguante=aguante, aliento=aliento, esencia=esencia
            )

        events = await run_step(ctx, UMBRAL, Step(None, rules))
        embed = events_embed("Barras corregidas", [e.message for e in events])
        await send(ctx.interaction, embed=embed)

    @app_commands.command(
        name="asalto", description="Pasa de fase: jugadores → enemigos → siguiente asalto (máster)"
    )
    @app_commands.guild_only()
    @command_context("máster", what="pasar el asalto", shared=True)
    async def asalto(self, ctx: Context) -> None:
        interaction = ctx.interaction
        ctx.ids()  # (refused in direct messages, before anything else)
        await interaction.response.defer(thinking=True)

        async def rules(turn: UmbralTurn) -> tuple[Encounter, list[Event], int | None]:
            enc, settings = turn.document, turn.settings
            turn.events = enc.advance(
                ctx.dice, malherido_asaltos=clock_asaltos(settings.malherido_asaltos)
            )
            turn.memo = None  # (its rolls are Sangrando's secuelas: no attacker pending)
            return enc, turn.events, settings.gm_channel_id

        enc, events, gm_channel = await run_step(ctx, UMBRAL, Step("asalto", rules))
        clock = [e for e in events if isinstance(e, MalheridoClock)]
        told = await tell_gm(interaction, gm_channel, clock)
        lines = [
            phase_line(enc, e) if isinstance(e, AsaltoAdvanced) else e.message
            for e in events
            if not (told and isinstance(e, MalheridoClock))
        ]
        waiting = ", ".join(c.nombre for c in enc.not_acted())
        lines.append(f"Les toca: {waiting}." if waiting else "No queda nadie en pie en este bando.")
        pings = turn_pings(enc)
        await send(
            interaction,
            content=pings.content,
            embed=events_embed(f"Asalto {enc.asalto}: {phase_label(enc.phase)}", lines),
            pings=pings.users,
        )

"""``/encuentro empezar|unirse|enemigos|ver|quitar|terminar`` and ``/asalto``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.bestiario.cog import autocomplete_bestiary
from bot.features.combate.rolllog import log_events
from bot.features.common import Modo, OficioCobertura, dice_of, ids, send, storage_of
from bot.features.encuentro.joining import (
    Moved,
    move_out,
    refresh_other_tracker,
)
from bot.features.encuentro.lista import run_lista
from bot.features.encuentro.malherido import clock_asaltos, tell_gm
from bot.features.encuentro.tracker import (
    autocomplete_combatant,
    refresh_tracker,
    require_channel_permissions,
    waiting_of,
)
from bot.features.fichas.lookup import custody_character
from bot.features.fichas.shared import (
    autocomplete_deletable,
    autocomplete_oficio,
)
from bot.features.recordatorios.service import configure as configure_reminders
from bot.features.tiradas.ambito import guild_estados, sync_guild_tables
from bot.features.tiradas.retos import take_over_scene
from bot.permissions import is_gm, require_gm
from bot.render.encounter import events_embed
from bot.render.tracker import ambush_text, summary_embed, tracker_embed
from bot.render.turnos import turn_pings
from bot.render.waiting import pendientes_embed
from bot.storage import character_sheet, character_weapons, enemy_sheet
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter, MalheridoClock
from umbral_rules.encounter.events import Event

if TYPE_CHECKING:
    from bot.storage import EncounterInfo, UnitOfWork


class EncuentroCog(commands.Cog):
    encuentro = app_commands.Group(
        name="encuentro", description="El combate de este canal", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @encuentro.command(name="empezar", description="Empieza un encuentro en este canal (máster)")
    @app_commands.describe(
        modo="Mesa, Narrativo o Táctico (por defecto, el del servidor)",
        emboscada="Quién embosca: ese bando actúa primero en el primer asalto",
    )
    async def empezar(
        self,
        interaction: discord.Interaction,
        modo: Modo | None = None,
        emboscada: Literal["jugadores", "enemigos"] | None = None,
    ) -> None:
        guild_id, channel_id = ids(interaction)
        require_channel_permissions(interaction, "llevar un encuentro", board=False)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> Encounter:
            settings = await uow.guild.get()
            require_gm(interaction, settings.gm_role_id, what="empezar un encuentro")
            enc_settings = {
                "defensa_inmediata": settings.defense_mode == "inmediata",
                "secuelas_tabla": dict(settings.secuelas or {}),
                "emboscada": {"jugadores": "pj", "enemigos": "enemigo"}.get(emboscada or ""),
                "estados_extra": guild_estados(settings.extra_estados),
            }
            enc = Encounter.start(modo or settings.default_mode, enc_settings)
            await take_over_scene(uow, enc)  # a reto's scene becomes the encounter
            await uow.encounter.create(enc, creator_id=interaction.user.id)
            return enc

        enc = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
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
        await refresh_tracker(interaction, enc, None)

    @encuentro.command(name="unirse", description="Entra en el encuentro con tu personaje")
    @app_commands.describe(
        personaje="Uno de tus personajes (por defecto, el activo; el máster, cualquiera)",
        oficio_defensa="El Oficio que cubre tus defensas en este combate, si lo hay",
        oficio_defensa_cobertura="Cuánto cubre ese Oficio: entero, mitad o nada",
        mover="Máster: sácalo del encuentro de otro canal en el que esté y tráelo aquí",
        dueno="Máster: de quién es el personaje (sigue siendo suyo en el combate)",
    )
    @app_commands.rename(dueno="dueño", oficio_defensa_cobertura="cobertura_defensa")
    @app_commands.autocomplete(personaje=autocomplete_deletable, oficio_defensa=autocomplete_oficio)
    async def unirse(
        self,
        interaction: discord.Interaction,
        personaje: str | None = None,
        oficio_defensa: str | None = None,
        oficio_defensa_cobertura: OficioCobertura = "entero",
        mover: bool = False,
        dueno: discord.User | None = None,
    ) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> tuple[Encounter, list[Event], int | None, Moved]:
            enc = await uow.encounter.require()
            settings = await uow.guild.get()
            gm = is_gm(interaction, settings.gm_role_id, uow.encounter.current_info.creator_id)
            sync_guild_tables(enc, settings.secuelas, settings.extra_estados)
            if mover and not gm:
                raise UmbralError("Solo el máster puede mover un personaje de otro encuentro.")
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
            await uow.encounter.save(enc)
            return enc, events, uow.encounter.current_info.tracker_message_id, moved

        enc, events, tracker, moved = await storage_of(interaction).run_in_channel(
            guild_id, channel_id, work
        )
        ambush = ambush_text(enc)
        embed = events_embed("Se une al combate", [e.message for e in events])
        embed.description = "\n".join([*moved.lines(), embed.description or ""]).strip()
        if ambush:  # who may act before anyone, as the party stands now
            embed.add_field(name="Emboscada", value=ambush, inline=False)
        await send(interaction, embed=embed)
        await refresh_tracker(interaction, enc, tracker)
        refresh_other_tracker(interaction, moved)

    @encuentro.command(name="enemigos", description="Saca enemigos del bestiario (máster)")
    @app_commands.describe(
        nombre="El enemigo del bestiario", cantidad="Cuántos (varios se numeran: «Guardia 1»…)"
    )
    @app_commands.autocomplete(nombre=autocomplete_bestiary)
    async def enemigos(
        self,
        interaction: discord.Interaction,
        nombre: str,
        cantidad: app_commands.Range[int, 1, 50] = 1,
    ) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> tuple[Encounter, list[Event], EncounterInfo]:
            enc = await uow.encounter.require()
            info = uow.encounter.current_info
            require_gm(
                interaction, (await uow.guild.get()).gm_role_id, info.creator_id, "sacar enemigos"
            )
            row = await uow.bestiary.get(nombre)
            if row is None:
                raise UmbralError(f"No hay ningún «{nombre}» en el bestiario.")
            sheet = enemy_sheet(row)
            added = [enc.add_enemy(sheet)] if cantidad == 1 else enc.add_enemies(sheet, cantidad)
            events: list[Event] = [enc.announce(c) for c in added]
            for c in added:  # the estados its entry says it enters with
                for estado in row.estados:
                    events.extend(enc.set_estado(c.id, str(estado), True))
            await uow.encounter.save(enc)
            return enc, events, info

        enc, events, info = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
        await send(interaction, embed=events_embed("Entran enemigos", [e.message for e in events]))
        await refresh_tracker(interaction, enc, info.tracker_message_id)

    @encuentro.command(name="ver", description="El estado del encuentro de este canal")
    @app_commands.describe(
        publico="Máster: publica de nuevo el mensaje del encuentro al final del canal, "
        "y ese es el que se mantiene al día"
    )
    async def ver(self, interaction: discord.Interaction, publico: bool = False) -> None:
        guild_id, channel_id = ids(interaction)
        if publico:
            require_channel_permissions(interaction, "publicar el encuentro", board=False)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).channel(guild_id, channel_id) as uow:
            enc = await uow.encounter.require()
            info = uow.encounter.current_info
            if publico:
                gm_role = (await uow.guild.get()).gm_role_id
                require_gm(interaction, gm_role, info.creator_id, "publicar el encuentro")
        if not publico:
            await send(interaction, embed=tracker_embed(enc), ephemeral=True)
            return
        await send(interaction, content=REPOSTED, ephemeral=True)
        await refresh_tracker(interaction, enc, info.tracker_message_id, repost=True)

    @encuentro.command(name="lista", description="Los encuentros abiertos del servidor (máster)")
    async def lista(self, interaction: discord.Interaction) -> None:
        await run_lista(interaction)

    @encuentro.command(name="pendientes", description="Quién tiene que actuar o defenderse")
    async def pendientes(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with storage_of(interaction).channel(guild_id, channel_id) as uow:
            enc = await uow.encounter.require()
            lines = await waiting_of(uow, enc)
        await send(interaction, embed=pendientes_embed(enc, lines), ephemeral=True)

    @encuentro.command(
        name="recordatorios", description="Recuerda en el canal a quien deba actuar (máster)"
    )
    @app_commands.describe(
        horas="Cada cuántas horas sin respuesta se recuerda (0: nunca)",
        silencio="Horas sin recordatorios, p. ej. 23-9 (hora del servidor, /config zona_horaria)",
    )
    async def recordatorios(
        self,
        interaction: discord.Interaction,
        horas: app_commands.Range[int, 0, 168],
        silencio: str | None = None,
    ) -> None:
        await configure_reminders(interaction, horas, silencio)

    @encuentro.command(name="quitar", description="Saca a alguien del encuentro (máster)")
    @app_commands.describe(combatiente="A quién")
    @app_commands.autocomplete(combatiente=autocomplete_combatant)
    async def quitar(self, interaction: discord.Interaction, combatiente: str) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> tuple[Encounter, list[Event], EncounterInfo]:
            enc = await uow.encounter.require()
            info = uow.encounter.current_info
            require_gm(
                interaction,
                (await uow.guild.get()).gm_role_id,
                info.creator_id,
                "quitar combatientes",
            )
            events = enc.remove(enc.find(combatiente).id)
            await uow.encounter.save(enc)
            return enc, events, info

        enc, events, info = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
        await send(interaction, embed=events_embed("Sale del combate", [e.message for e in events]))
        await refresh_tracker(interaction, enc, info.tracker_message_id)

    @encuentro.command(name="terminar", description="Termina el encuentro con un resumen (máster)")
    async def terminar(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> tuple[Encounter, int, EncounterInfo]:
            enc = await uow.encounter.require()
            info = uow.encounter.current_info
            require_gm(
                interaction,
                (await uow.guild.get()).gm_role_id,
                info.creator_id,
                "terminar el encuentro",
            )
            rolls = await uow.rolls.count_encounter(info.id)  # this fight's own rolls
            await uow.encounter.end()
            return enc, rolls, info

        enc, rolls, info = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
        await send(interaction, embed=summary_embed(enc, rolls))
        await refresh_tracker(interaction, enc, info.tracker_message_id, ended=True)

    @encuentro.command(name="ajustar", description="Corrige a mano las barras de alguien (máster)")
    @app_commands.describe(
        combatiente="A quién",
        aguante="Aguante actual (0 al máximo)",
        aliento="Aliento actual (0 al máximo)",
        esencia="Esencia actual (0 al máximo): en un personaje, también en su ficha",
    )
    @app_commands.autocomplete(combatiente=autocomplete_combatant)
    async def ajustar(
        self,
        interaction: discord.Interaction,
        combatiente: str,
        aguante: app_commands.Range[int, 0, 500] | None = None,
        aliento: app_commands.Range[int, 0, 50] | None = None,
        esencia: app_commands.Range[int, 0, 50] | None = None,
    ) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(uow: UnitOfWork) -> tuple[Encounter, list[Event], EncounterInfo]:
            enc = await uow.encounter.require()
            info = uow.encounter.current_info
            settings = await uow.guild.get()
            require_gm(interaction, settings.gm_role_id, info.creator_id, "ajustar las barras")
            events = enc.adjust(
                enc.find(combatiente).id, aguante=aguante, aliento=aliento, esencia=esencia
            )
            await uow.encounter.save(enc)
            return enc, events, info

        enc, events, info = await storage_of(interaction).run_in_channel(guild_id, channel_id, work)
        await send(
            interaction, embed=events_embed("Barras corregidas", [e.message for e in events])
        )
        await refresh_tracker(interaction, enc, info.tracker_message_id)

    @app_commands.command(
        name="asalto", description="Pasa de fase: jugadores → enemigos → siguiente asalto (máster)"
    )
    @app_commands.guild_only()
    async def asalto(self, interaction: discord.Interaction) -> None:
        guild_id, channel_id = ids(interaction)
        await interaction.response.defer(thinking=True)

        async def work(
            uow: UnitOfWork,
        ) -> tuple[Encounter, list[Event], EncounterInfo, int | None]:
            enc = await uow.encounter.require()
            info = uow.encounter.current_info
            settings = await uow.guild.get()
            require_gm(interaction, settings.gm_role_id, info.creator_id, "pasar el asalto")
            sync_guild_tables(enc, settings.secuelas, settings.extra_estados)
            events = enc.advance(
                dice_of(interaction), malherido_asaltos=clock_asaltos(settings.malherido_asaltos)
            )
            await uow.encounter.save(enc)
            await log_events(uow, interaction, "asalto", enc, events)  # Sangrando's secuelas
            return enc, events, info, settings.gm_channel_id

        enc, events, info, gm_channel = await storage_of(interaction).run_in_channel(
            guild_id, channel_id, work
        )
        clock = [e for e in events if isinstance(e, MalheridoClock)]
        told = await tell_gm(interaction, gm_channel, clock)
        lines = [e.message for e in events if not (told and isinstance(e, MalheridoClock))]
        waiting = ", ".join(c.nombre for c in enc.not_acted())
        lines.append(f"Les toca: {waiting}." if waiting else "No queda nadie en pie en este bando.")
        pings = turn_pings(enc)
        await send(
            interaction,
            content=pings.content,
            embed=events_embed(f"Asalto {enc.asalto}: {phase_label(enc.phase)}", lines),
            pings=pings.users,
        )
        await refresh_tracker(interaction, enc, info.tracker_message_id)


#: [D] The ambush (Libro III §15): the players' names who may act first as they join.
AMBUSH_START = {
    "jugadores": (
        "Emboscan los jugadores: en el asalto 1, el personaje con más Percepción puede actuar "
        "antes que nadie (se nombra al unirse y en el mensaje del encuentro)."
    ),
    "enemigos": "Emboscan los enemigos: el asalto 1 empieza por su fase.",
}

REPOSTED = (
    "El mensaje del encuentro se publica de nuevo al final del canal: a partir de ahora se "
    "actualiza ese."
)


def phase_label(phase: str) -> str:
    return "actúan los jugadores" if phase == "jugadores" else "actúan los enemigos"

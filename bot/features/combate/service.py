"""The combat commands' four steps: load the encounter, check who acts, call
``umbral_rules.encounter``, save and render (and edit the tracker)."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from umbral_rules import UmbralError

NOT_YET = "Esta acción aún no está disponible en el bot."


@dataclass(frozen=True)
class AttackOptions:
    objetivo: str
    arma: str | None = None
    oficio: str | None = None
    cobertura: str = "entero"
    ventaja: str | None = None
    dado: str | None = None
    atacante: str | None = None


@dataclass(frozen=True)
class DefendOptions:
    oficio: str | None = None
    cobertura: str = "entero"
    ventaja: str | None = None
    dado: str | None = None
    personaje: str | None = None


async def attack(interaction: discord.Interaction, options: AttackOptions, *, shot: bool) -> None:
    raise UmbralError(NOT_YET)


async def defend(interaction: discord.Interaction, options: DefendOptions | None = None) -> None:
    raise UmbralError(NOT_YET)


async def maniobra(
    interaction: discord.Interaction,
    tipo: str,
    objetivo: str | None,
    condicion: str | None,
    personaje: str | None,
) -> None:
    raise UmbralError(NOT_YET)


async def respuesta(
    interaction: discord.Interaction, tipo: str, objetivo: str, personaje: str | None
) -> None:
    raise UmbralError(NOT_YET)


async def set_estado(
    interaction: discord.Interaction, objetivo: str, estado: str, *, on: bool
) -> None:
    raise UmbralError(NOT_YET)


async def aliento(interaction: discord.Interaction, uso: str, personaje: str | None) -> None:
    raise UmbralError(NOT_YET)

"""The ``/hielo`` command group and its subgroups, shared by the mixins the cog is made of
(:mod:`.sheets_cog`, :mod:`.fight_cog`): discord.py copies the whole tree into the cog."""

from __future__ import annotations

from discord import app_commands

HIELO_GROUP = app_commands.Group(
    name="hielo", description="Canción de hielo y fuego: fichas, pruebas y combate", guild_only=True
)
FICHA = app_commands.Group(
    name="ficha", description="Fichas de Canción de hielo y fuego", parent=HIELO_GROUP
)
BESTIARIO = app_commands.Group(
    name="bestiario",
    description="Enemigos de Canción de hielo y fuego (máster)",
    parent=HIELO_GROUP,
)
TABLA = app_commands.Group(
    name="tabla",
    description="Las tablas de vuestro grupo: críticos, pifias, maniobras, actitudes",
    parent=HIELO_GROUP,
)
INTRIGA = app_commands.Group(
    name="intriga", description="Intrigas de Canción de hielo y fuego", parent=HIELO_GROUP
)

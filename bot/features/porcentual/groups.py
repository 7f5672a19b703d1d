"""The ``/porcentual`` command group and its subgroups (one object each, shared by the
modules that add commands to them and by :class:`~.cog.PorcentualCog`, which holds them)."""

from __future__ import annotations

from discord import app_commands

porcentual = app_commands.Group(
    name="porcentual",
    description="El juego porcentual por web: fichas, bestiario, tablas y el asalto",
    guild_only=True,
)
ficha = app_commands.Group(
    name="ficha", description="Fichas de personaje del juego porcentual", parent=porcentual
)
bestiario = app_commands.Group(
    name="bestiario", description="El bestiario del juego porcentual (máster)", parent=porcentual
)
tabla = app_commands.Group(
    name="tabla",
    description="Las tablas que el libro nombra y no imprime (las carga el máster)",
    parent=porcentual,
)

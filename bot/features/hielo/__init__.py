"""Canción de hielo y fuego (seed ``002_…``, rules in :mod:`umbral_rules.hielo`): its
``/hielo`` commands and the shared commands as it plays them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from bot.edge.systems import SystemPlugin, Verb

    from . import encounter
    from .cog import HieloCog  # not at import: a sibling module must not load it
    from .doc import fighter_names
    from .system import HIELO_NAME

    attack = frozenset({"objetivo", "arma", "atacante", "accion", "modificador", "destino"})
    bot.services.systems.add(
        SystemPlugin(
            HIELO_NAME,
            {
                "encuentro empezar": Verb(frozenset(), run=encounter.start),
                "encuentro unirse": Verb(frozenset({"personaje"}), run=encounter.join),
                "encuentro enemigos": Verb(
                    frozenset({"nombre", "cantidad"}), run=encounter.enemies
                ),
                "encuentro quitar": Verb(frozenset({"combatiente"}), run=encounter.remove),
                "encuentro ver": Verb(frozenset({"publico"}), run=encounter.view),
                "encuentro pendientes": Verb(frozenset(), run=encounter.pending),
                "encuentro terminar": Verb(frozenset(), run=encounter.end),
                "asalto": Verb(frozenset(), run=encounter.asalto),
                "atacar": Verb(attack, run=encounter.attack),
                "disparar": Verb(frozenset({"objetivo", "arma", "atacante"}), run=encounter.attack),
            },
            names=fighter_names,
        )
    )
    await bot.add_cog(HieloCog(bot.services))

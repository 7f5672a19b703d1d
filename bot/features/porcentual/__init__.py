"""``/porcentual`` and the shared commands as the percentile game of seed 004 plays them
(issue 47): its sheets and bestiary, the GM's tables and the asalto's three phases, on the
one path of game systems (:mod:`bot.edge.systems`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import UmbralBot


async def setup(bot: UmbralBot) -> None:
    from bot.edge.systems import SystemPlugin, Verb

    from . import verbs
    from .cog import PorcentualCog  # not at import: a sibling module must not load it
    from .state import SYSTEM, combatant_names
    from .waiting import awaited

    attack = frozenset({"objetivo", "atacante", "defensa", "distancia", "situacion"})
    bot.services.systems.add(
        SystemPlugin(
            SYSTEM,
            {
                "encuentro empezar": Verb(frozenset({"emboscada"}), run=verbs.start),
                "encuentro unirse": Verb(frozenset({"personaje", "dueno"}), run=verbs.join),
                "encuentro enemigos": Verb(frozenset({"nombre", "cantidad"}), run=verbs.enemies),
                "encuentro quitar": Verb(frozenset({"combatiente"}), run=verbs.remove),
                "encuentro terminar": Verb(frozenset(), run=verbs.end),
                "encuentro ver": Verb(frozenset({"publico"}), run=verbs.look),
                "encuentro pendientes": Verb(frozenset(), run=verbs.pending),
                "encuentro recordatorios": Verb(
                    frozenset({"horas", "silencio"}), run=verbs.reminders
                ),
                "asalto": Verb(frozenset(), run=verbs.asalto),
                "atacar": Verb(attack, run=verbs.attack),
                "disparar": Verb(attack, run=verbs.attack),
            },
            names=combatant_names,
            waiting=awaited,
        )
    )
    await bot.add_cog(PorcentualCog(bot.services))

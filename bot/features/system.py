"""Umbral as a game system of the edge's one path (:mod:`bot.edge.path`): its document is the
channel's :class:`~umbral_rules.encounter.Encounter`, made current with the guild's secuelas
table and estados, its rolls logged by :func:`~bot.features.rolllog.log_events` and
its events shown by :func:`~bot.render.encounter.render_events`. A second system is a
second object like :data:`UMBRAL`, handed to :func:`~bot.edge.path.run_step` by its own
commands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.edge.path import Need, Turn
from bot.edge.systems import SystemPlugin, Verb
from bot.features.ambito import sync_guild_tables
from bot.features.rolllog import log_events
from bot.render.encounter import Rendered, render_events
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.events import Event
from umbral_rules.systems import UMBRAL as UMBRAL_NAME

if TYPE_CHECKING:
    from bot.storage import GuildSettings, UnitOfWork

#: /atacar's and /disparar's options in Umbral (parameter names).
ATTACK_OPTIONS = (
    "objetivo", "arma", "oficio", "oficio_cobertura", "ventaja", "dado", "atacante",
    "indefenso", "quieto",
)  # fmt: skip
#: What the log needs of the encounter before the rules: the attackers pending, by id.
PendingNames = Mapping[str, str]
#: What the rules of an Umbral step get.
UmbralTurn = Turn[Encounter, PendingNames, Event]


class Umbral:
    """The :class:`~bot.edge.path.GameSystem` of *Umbral*."""

    name = UMBRAL_NAME

    async def load(self, uow: UnitOfWork, need: Need) -> Encounter | None:
        if need == "look":  # (the cached encounter stays cached for the next command)
            return await uow.encounter.require_view()
        return await (uow.encounter.require() if need == "require" else uow.encounter.get())

    def prepare(self, doc: Encounter, settings: GuildSettings) -> PendingNames:
        sync_guild_tables(doc, settings.secuelas, settings.extra_estados)
        return {p.id: p.nombre for p in doc.pending}

    async def save(self, uow: UnitOfWork, doc: Encounter) -> None:
        await uow.encounter.save(doc)

    async def log(
        self,
        uow: UnitOfWork,
        user_id: int,
        command: str,
        doc: Encounter,
        events: Sequence[Event],
        memo: PendingNames | None,
    ) -> None:
        await log_events(uow, user_id, command, doc, events, memo)

    def tracked(self, doc: Encounter) -> Encounter | None:
        return doc

    def render(
        self, doc: Encounter, events: Sequence[Event], title: str, memo: PendingNames | None
    ) -> Rendered:
        """The reply to a step's events (rolls in embeds of their own)."""
        return render_events(doc, events, title, memo)


UMBRAL = Umbral()


#: The commands every game system may play (:mod:`bot.edge.systems`), with the options each
#: takes in Umbral (parameter names): an option another system added to one of them is
#: refused in an Umbral encounter, never ignored.
UMBRAL_VERBS: dict[str, Verb] = {
    "encuentro empezar": Verb(frozenset({"modo", "emboscada"})),
    "encuentro unirse": Verb(
        frozenset({"personaje", "oficio_defensa", "oficio_defensa_cobertura", "mover", "dueno"})
    ),
    "encuentro enemigos": Verb(frozenset({"nombre", "cantidad"})),
    "encuentro quitar": Verb(frozenset({"combatiente"})),
    "encuentro ver": Verb(frozenset({"publico"})),
    "encuentro pendientes": Verb(frozenset()),
    "encuentro terminar": Verb(frozenset()),
    "encuentro recordatorios": Verb(frozenset({"horas", "silencio"})),
    "asalto": Verb(frozenset()),
    "atacar": Verb(frozenset(ATTACK_OPTIONS)),
    "disparar": Verb(frozenset({*ATTACK_OPTIONS, "a_cubierto"})),
}
UMBRAL_PLUGIN = SystemPlugin(UMBRAL_NAME, UMBRAL_VERBS)

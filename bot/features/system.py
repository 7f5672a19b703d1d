"""Umbral as a game system of the edge's one path (:mod:`bot.edge.path`): its document is the
channel's :class:`~umbral_rules.encounter.Encounter`, made current with the guild's secuelas
table and estados (:meth:`Umbral.prepare`), its rolls logged with who rolled and against
whom (:meth:`Umbral.log`); its commands' replies show its events with
:func:`~bot.render.encounter.render_events`. A second system is a second object like
:data:`UMBRAL`, handed to :func:`~bot.edge.path.run_step` by its own commands.

And what the rules of Umbral's steps share: who acts — a player only with their own
characters, the GM with anyone (:func:`resolve_actor`) — and with which dice — the bot's, or
the faces a player typed in ``dado`` (:func:`choose_dice`), all of them used
(:func:`check_all_used`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.edge.path import Need, Turn
from bot.edge.systems import SystemPlugin, Verb
from bot.features.common import log_roll
from bot.jsontypes import JsonObject
from bot.records.rolls import SecuelasResult
from umbral_rules import DiceSource, ForcedDice, UmbralError, physical_dice
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.events import (
    AttackResolved,
    DefenseResolved,
    DespegarseResolved,
    Event,
    RetoRolled,
    SecuelasRolled,
    Stabilised,
    TiradaMade,
)
from umbral_rules.encounter.settings import EstadosExtra, validate_estados_extra
from umbral_rules.systems import UMBRAL as UMBRAL_NAME

if TYPE_CHECKING:
    from bot.edge.context import Context
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
        """The guild's secuelas table and estados as they are now, in the encounter (issue
        34: a guild's tables are live; nothing is touched when they did not change); the
        attackers pending, by id, for the log."""
        table = {str(k): str(v) for k, v in (settings.secuelas or {}).items()}
        estados = guild_estados_extra(settings.extra_estados)
        if doc.settings.secuelas_tabla != table or dict(doc.settings.estados_extra) != estados:
            doc.use_guild_tables(table, estados)
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
        """Every roll of the step's events goes to the roll log, in the same transaction,
        with who rolled (the combatant as shown, and its character for a player character)
        and against whom; ``memo``: the attackers pending before the step (by id)."""
        for event in events:
            actor_id, target = who_and_whom(doc, event, memo or {})
            if actor_id is None:
                continue
            actor = doc.state.lookup(actor_id)
            who: dict[str, Any] = {
                "actor": None if actor is None else actor.nombre,
                "character_id": None if actor is None else actor.character_id,
                "target": target,
                "motivo": None,
            }
            if isinstance(event, SecuelasRolled):
                await uow.rolls.append(
                    user_id=user_id,
                    command=command,
                    dice=[event.die],
                    result=SecuelasResult(
                        total=event.total,
                        bonus=event.bonus,
                        muerte=event.death,
                        resultado=event.resultado,
                    ),
                    physical=event.die.physical,
                    **who,
                )
            elif isinstance(event, DespegarseResolved):
                if event.result is not None:  # (Narrativo / Táctico: the engaged's die too)
                    await log_roll(
                        uow, user_id, command, event.result, contra=event.engaged_total,
                        beside=event.engaged_roll, **who,
                    )  # fmt: skip
            elif isinstance(
                event, AttackResolved | DefenseResolved | TiradaMade | RetoRolled | Stabilised
            ):
                await log_roll(uow, user_id, command, event.result, **who)

    def tracked(self, doc: Encounter) -> Encounter | None:
        return doc


UMBRAL = Umbral()


def _name(enc: Encounter, combatant_id: str) -> str | None:
    c = enc.state.lookup(combatant_id)
    return None if c is None else c.nombre


def _reto_name(enc: Encounter, reto_id: str) -> str | None:
    return next((r.nombre for r in enc.retos if r.id == reto_id), None)


def who_and_whom(
    enc: Encounter, event: Event, pending_names: Mapping[str, str]
) -> tuple[str | None, str | None]:
    """(the id of the combatant who rolled, against whom as shown) for a rolling event."""
    if isinstance(event, AttackResolved):
        return event.attacker_id, _name(enc, event.target_id)
    if isinstance(event, DefenseResolved):
        attackers = [pending_names.get(p, "") for p in event.pending_ids]
        return event.defender_id, ", ".join(dict.fromkeys(a for a in attackers if a)) or None
    if isinstance(event, Stabilised):
        return event.healer_id, _name(enc, event.target_id)
    if isinstance(event, RetoRolled):
        return event.combatant_id, _reto_name(enc, event.reto_id)
    if isinstance(event, DespegarseResolved):
        return event.combatant_id, _name(enc, event.engaged_id)
    if isinstance(event, TiradaMade | SecuelasRolled):
        return event.combatant_id, None
    return None, None


def guild_estados_extra(extra_estados: Iterable[object] | None) -> EstadosExtra:
    """The guild's estados (``GuildSettings.extra_estados``), checked: each entry of the
    stored list is a name (desventaja nowhere) or ``{"nombre": ..., "desventaja":
    [ámbito, ...], "cabeza": bool}`` (``cabeza`` since issue 34: false when missing)."""
    table: JsonObject = {}
    for entry in extra_estados or ():
        if isinstance(entry, dict):
            nombre = str(entry.get("nombre", ""))
            table[nombre] = {
                "nombre": nombre,
                "desventaja": list(entry.get("desventaja", [])),
                "cabeza": bool(entry.get("cabeza", False)),
            }
        else:
            table[str(entry)] = {"nombre": str(entry), "desventaja": []}
    return validate_estados_extra(table)


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


# --- who acts, and with which dice --------------------------------------------------------


def own_combatants(enc: Encounter, user_id: int) -> list[Combatant]:
    return [c for c in enc.combatants if c.owner_id == user_id]


def resolve_actor(
    ctx: Context,
    enc: Encounter,
    settings: GuildSettings,
    creator_id: int | None,
    name: str | None,
    role: str = "actuar",
) -> Combatant:
    """The combatant named (GM: anyone; player: their own) or the player's only one. Whether
    the user is the GM is asked only when it decides: a combatant of someone else's named,
    or none of their own."""
    if name:
        c = enc.find(name)
        if c.owner_id != ctx.user_id and not ctx.is_gm(settings.gm_role_id, creator_id):
            raise UmbralError(f"No puedes {role} con {c.nombre}: solo con tus propios personajes.")
        return c
    mine = own_combatants(enc, ctx.user_id)
    if not mine:
        option = "atacante" if role == "atacar" else "personaje"
        if ctx.is_gm(settings.gm_role_id, creator_id):
            raise UmbralError(f"Como máster, di con quién: usa la opción «{option}».")
        raise UmbralError("No tienes ningún personaje en este encuentro: usa /encuentro unirse.")
    active = [c for c in mine if c.active] or mine
    return active[0]


MAX_FACES = 2


def parse_dado(text: str) -> list[int]:
    """``"9"`` or ``"9 4"`` (ventaja / desventaja) into faces."""
    parts = text.replace(",", " ").split()
    if not parts or len(parts) > MAX_FACES:
        raise UmbralError("En «dado» escribe la cara del d12 («9») o las dos con ventaja («9 4»).")
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise UmbralError(f"«{text}» no es un dado: escribe números, como «9» o «9 4».") from None


def choose_dice(bot_dice: DiceSource, dado: str | None, physical_allowed: bool) -> DiceSource:
    """The bot's dice, or the player's physical faces when the guild allows them."""
    if dado is None or not dado.strip():
        return bot_dice
    if not physical_allowed:
        raise UmbralError(
            "En este servidor no se usan dados físicos: quien gestione el servidor "
            "puede activarlos con /config dados_fisicos:sí."
        )
    return physical_dice(parse_dado(dado))


def check_all_used(dice: DiceSource) -> None:
    """Physical faces left over mean the player typed more dice than the roll needed."""
    if isinstance(dice, ForcedDice) and dice.physical and dice.remaining:
        raise UmbralError(
            "Sobran dados: esta tirada usa un solo d12 (dos solo con ventaja o desventaja)."
        )

"""The encounter: the state machine of one fight (issue 3), one per channel, in one mode.

Pure: it changes state and returns events; it saves and sends nothing. Dice come injected
(``ForcedDice`` / ``RandomDice``). Every refusal is an :class:`~umbral_rules.UmbralError`
with a Spanish message, and leaves the state exactly as it was.

The state is typed (issue 32): :class:`EncounterState` holds frozen values and enums
(:mod:`.kinds`, :mod:`.plans`, :mod:`.pieces`, :mod:`.records`, :mod:`.settings`) and its
combatants (:class:`Combatant`, the one mutable piece). :class:`Encounter` derives from no
class of the project: it is a facade over modules of functions of that state, and runs
each of them inside its one all-or-nothing transaction. JSON exists only at the edges:
``to_dict`` / ``from_dict`` (the stored form, ``docs/encounter-json.md``) and the settings
a caller gives to ``start``. The names, from the slash command to the rules, are in
``docs/vocabulario.md`` (one name, one meaning: ``oficio_cobertura`` is how much an Oficio
covers, ``a_cubierto`` that the target is under cover, ``arma`` the weapon by name,
``indefenso`` a target that cannot defend).

Creating and persisting
-----------------------
``Encounter.start(mode, settings=None, *, escena=None) -> Encounter``
    ``mode``: "mesa", "narrativo" or "tactico". ``settings`` (all optional, JSON):
    ``defensa_inmediata`` (bool, default True), ``emboscada`` (None | "pj" | "enemigo"),
    ``estados_extra`` ({key: {"nombre": str, "desventaja": [ámbito]}}, ámbitos from
    ``tables.ESTADO_AMBITOS``), ``secuelas_tabla`` ({"2": "texto", ...}), ``secuelas_auto``
    (bool, default False); checked into a :class:`Settings`. ``escena``: the caller's mark
    of what the encounter is for it (the bot's reto scene: "reto"), kept as it is.
``enc.to_dict(*, combatants=True) -> dict`` / ``Encounter.from_dict(d) -> Encounter``
    Lossless and JSON; ``from_dict`` reads every form an earlier release stored.
``enc.state``: the :class:`EncounterState`; read-only views ``enc.mode``, ``asalto``,
``phase``, ``settings``, ``combatants``, ``pending`` (:class:`PendingDefense`, with a
:class:`MesaAttack` or an :class:`OpposedAttack`), ``retos`` (:class:`Reto`), ``tablero``,
``escena``.
``enc.add_character(sheet, weapons=(), *, aguante=None, aliento=0, aliento_max=None,
esencia=0, esencia_max=None, character_id=None, owner_id=None, oficio_defensa=None,
oficio_defensa_cobertura="entero", genero=None) -> Combatant``
``enc.add_enemy(enemy, nombre=None) -> Combatant``; ``enc.add_enemies(enemy, cantidad)``
    numbers them "Nombre 1", "Nombre 2"... (continuing). Ids are "c1", "c2"... in order.
``enc.remove(id) -> events``; ``enc.find(name_or_id) -> Combatant`` (id, name without case or
accents, unique prefix); ``enc.get(id)``; ``enc.not_acted()``; ``enc.first_actor()`` /
``enc.first_actors()`` (ambush by the players, asalto 1: the PC with most Percepción, all
who tie); ``enc.use_guild_tables(secuelas, estados)`` (a guild's tables are live: its
secuelas table and estados as they are now; carried estados stay); ``enc.pending_for(id)``;
``enc.owed()`` / ``enc.owed_text()`` (the defense rolls still owed); ``enc.hand_over(id,
owner_id)``; ``enc.take_retos(scene)`` (the open retos of a reto's scene it replaces).

Operations (each returns ``list[Event]``; see :mod:`.events`)
---------------------------------------------------------------
``advance(dice=None, *, malherido_asaltos=None)``
    jugadores → enemigos → next asalto. Reports who has not acted; when a side's turn opens
    again its unfired Sostener is lost and its Cargar ends; between asaltos Interponerse
    ends, Sangrando takes 1 Aguante, budgets and respuestas refresh. ``malherido_asaltos``:
    a ``MalheridoClock`` (once) for each PC Malherido that many asaltos, nobody
    stabilising ([D] ``tables.MALHERIDO_AVISO_ASALTOS``).
``move(actor_id)`` / ``end_turn(actor_id)``
    A movimiento (the second takes the acción, never the reverse) / done for this phase.
``attack(dice, attacker_id, target_id, arma=None, oficio=None, oficio_cobertura="entero",
ventaja=None, shot=False, defender_dice=None, *, indefenso=False, a_cubierto=False)``
    Spends the acción. Mesa: a PC on an enemy resolves at once (static Defensa, bands of 4);
    an attack on a PC (by an enemy or by another PC, whose static Ataque counts) becomes a
    pending defense. Narrativo/Táctico: opposed (bands of 6) with acoso from who already
    attacked the target this asalto; a PC's defense die waits as a pending defense when
    ``defensa_inmediata`` is off; shots (ranged weapons or ``shot=True``) and targets that
    cannot defend (Cegado or ``indefenso=True``) go against the static Defensa
    (``a_cubierto``: +3 against a shot; in Mesa a shot at a PC takes its size and cover
    off the shooter's Ataque, [D] ``combat.mesa_shot_ataque``). Attacks on a companion
    covered by Interponerse go to the protector. A Certera weapon rolls with ventaja at a
    target standing still (``quieto``, kw; None: it did not move in its side's last turn,
    the board's word in Táctico); a shot after a movimiento this asalto, with desventaja.
``defend(dice, defender_id, oficio=None, oficio_cobertura=None, ventaja=None, asaltos=None)``
    The PC's own rolls against what is pending on them, one asalto at a time, oldest first
    (``asaltos``: only that many): in Mesa one roll per asalto against that asalto's most
    dangerous Ataque plus its acoso (``combat.mesa_defense``), never pooled across asaltos;
    opposed pendings one die each. In Mesa the roll answering the current asalto is kept
    (``EncounterState.defensas``): an attack on that PC arriving after it gets no roll of
    its own but a ``DefenseReread`` (:mod:`.late`): the same roll read against the new most
    dangerous Ataque and acoso, taking only the difference in damage, never healing.

Phase order ([D], :mod:`.phases`): attacking, moving, maniobras, checks that cost the acción,
recovering and stabilising out of one's side's phase are refused in Narrativo/Táctico and a
warning in Mesa; respuestas and defending happen in any phase.
``maniobra(dice, actor_id, tipo, objetivo=None, condicion=None, *, arma=None, oficio=None,
oficio_cobertura="entero", ventaja=None, defender_dice=None)``
    "interponerse" (objetivo: the companion; on the board within the protector's melee
    reach), "sostener" (condicion, optional arma),
    "cargar" (objetivo; acción + movimiento; ventaja now, desventaja defending until the next
    turn), "despegarse" (objetivo: the engaged enemy; lose and it rolls with ventaja as its
    respuesta; win and it has no oportunidad against the leaver this asalto), "apuntar"
    (ventaja on the next shot).
``respuesta(dice, actor_id, tipo, objetivo=None, *, arma=None, ...)``
    "oportunidad", "larga", "sostener" — one per asalto.
``set_estado(target_id, estado, on=True)``; ``recover(dice, actor_id, estado)``
    The GM's estados (a guild's estado «de la cabeza» replaces the one carried, [D]
    ``tables.CABEZA_REPLACES``); shaking off Aturdido (an acción) or Quebrantado (acción +
    Voluntad 9).
``vendar(actor_id, target_id)``
    Sangrando goes: the acción, no roll, oneself too ([D] ``tables.VENDAR_SELF``).
``check(dice, actor_id, atributo, umbral, oficio=None, oficio_cobertura="entero",
ventaja=None, ambitos=(), accion=False)``
    ``umbral``: 1–40 ([D] ``tables.UMBRAL_RANGE``), or a ``Static`` to roll against (a check
    against a person, ``tiradas.pusher_static``). ``ambitos`` from ``tables.TIRADA_AMBITOS`` say
    what the check is (:mod:`.ambitos`); required while the actor suffers an estado that
    limits some ámbitos and not all.
``estabilizar(dice, healer_id, target_id, atributo="percepcion", oficio=None, ...)``
    Peliaguda (12) by someone else.
``secuelas(dice, combatant_id, aliento=False)``
    The fallen PC's roll (1d12, +4 with a point of Aliento; 1 is death).
``aliento(dice, actor_id, uso)``
    "repetir", "subir", "encajar", "secuelas".
``adjust(combatant_id, *, aguante=None, aliento=None, esencia=None)``;
``spend_esencia(combatant_id, puntos, motivo)``
``reto_crear(nombre, umbral, exitos, coste="")``; ``reto_tirar(dice, reto_id, actor_id,
atributo, oficio=None, oficio_cobertura="entero", ventaja=None, ambitos=())`` (the same
Oficio at most ``tables.RETO_OFICIO_USOS`` times per player); ``reto_terminar(reto_id)``

Táctico: the board (issue 7; :mod:`.tablero`, :mod:`.tactico`)
--------------------------------------------------------------
Only in modo ``tactico``. The board is ``EncounterState.tablero`` (a frozen ``tablero.Tablero``),
one figure per combatant id (size from the sheet, Larga from the default weapon, ``down``
once fallen, kept in line after every operation); this asalto's walks, Despegarse attempts
and offered respuestas are ``EncounterState.turn``. ``enc.tablero`` is the ``tablero.Tablero`` or
None. Squares are "C4" strings, ``tablero.Square`` values, or for several "A1:A6, C4".
``tablero_setup(width, height)``
    Create the board, or resize it (walls/cover outside dropped; figures must still fit).
``draw_walls(squares, present=True)`` / ``draw_cover(squares, present=True)``
``place(combatant_id, square)`` / ``unplace(combatant_id)``
    The GM's hand: put (or move) a figure anywhere free, no budget; take it off.
``move_to(actor_id, square)``
    A walk on the board: 6 squares keep the acción (the movimiento), up to 12 in all giving
    it up (spends the budget as ``move`` does); no walls or standing enemies in the way.
    Returns ``FigureMoved`` and one ``ReachOffered`` per respuesta the walk gives away
    (leaving an enemy's reach: "oportunidad", skipped for enemies Despegarse was tried on
    this asalto; entering a Larga's reach: "larga"). The offered enemy takes it with
    ``respuesta(dice, enemy, tipo, mover)``, which then needs no reach.
``squares_left(combatant_id)``
``sweep(dice, attacker_id, squares, *, arma=None, ventaja=None, defender_dice=None)``
    A Grande+ blow over 2/3/4 contiguous squares in reach: the acción, one attack die, each
    figure standing there defends once (allies too): ``SweepDeclared`` then each attack.
``area(size, center)``
    ``AreaListed``: the Ámbito (1, 3, 6) and who is inside. Changes nothing.
With both figures on the board, ``attack`` (and the attacks of maniobras and respuestas)
checks melee reach (adjacent; Larga 2, with desventaja while adjacent) or the shot (range,
line of fire, a bocajarro ventaja, "enemigo encima" desventaja, cover) and refuses what the
board makes impossible; acoso counts the attacker's companions with the target in reach.
Figures off the board, or no board: everything as in Narrativo.
"""

from .combatant import Combatant
from .encounter import Encounter
from .events import (
    AlientoSpent,
    AreaListed,
    AsaltoAdvanced,
    AttackResolved,
    BudgetSpent,
    CombatantAdded,
    CombatantRemoved,
    DefensePending,
    DefenseReread,
    DefenseResolved,
    DespegarseResolved,
    EsenciaSpent,
    EstadoChanged,
    Event,
    Expired,
    Fell,
    FigureMoved,
    HitEncajado,
    MalheridoClock,
    ManiobraDeclared,
    ReachOffered,
    RespuestaUsed,
    RetoCreated,
    RetoEnded,
    RetoRolled,
    SangradoTick,
    SecuelasRolled,
    Stabilised,
    SweepDeclared,
    TableroChanged,
    TiradaMade,
    WarningEvent,
)
from .kinds import (
    Accion,
    Mode,
    PendingKind,
    Phase,
    PlanKind,
    Respuesta,
    RetoEffect,
    Side,
    Status,
    TiradaPurpose,
)
from .pieces import Hit, Reto, RetoTirada, SecuelasRoll, Sostenido
from .plans import (
    NOTHING_CHOSEN,
    AttackChoice,
    AttackPlan,
    DefendArgs,
    MesaAttack,
    OpposedAttack,
    Pending,
    PendingDefense,
)
from .records import AttackRecord, DefendRecord, PendingAttackRecord, RollRecord, TiradaRecord
from .settings import EstadoExtra, Settings
from .state import EncounterState

__all__ = [
    "NOTHING_CHOSEN",
    "Accion",
    "AlientoSpent",
    "AreaListed",
    "AsaltoAdvanced",
    "AttackChoice",
    "AttackPlan",
    "AttackRecord",
    "AttackResolved",
    "BudgetSpent",
    "Combatant",
    "CombatantAdded",
    "CombatantRemoved",
    "DefendArgs",
    "DefendRecord",
    "DefensePending",
    "DefenseReread",
    "DefenseResolved",
    "DespegarseResolved",
    "Encounter",
    "EncounterState",
    "EsenciaSpent",
    "EstadoChanged",
    "EstadoExtra",
    "Event",
    "Expired",
    "Fell",
    "FigureMoved",
    "Hit",
    "HitEncajado",
    "MalheridoClock",
    "ManiobraDeclared",
    "MesaAttack",
    "Mode",
    "OpposedAttack",
    "Pending",
    "PendingAttackRecord",
    "PendingDefense",
    "PendingKind",
    "Phase",
    "PlanKind",
    "ReachOffered",
    "Respuesta",
    "RespuestaUsed",
    "Reto",
    "RetoCreated",
    "RetoEffect",
    "RetoEnded",
    "RetoRolled",
    "RetoTirada",
    "RollRecord",
    "SangradoTick",
    "SecuelasRoll",
    "SecuelasRolled",
    "Settings",
    "Side",
    "Sostenido",
    "Stabilised",
    "Status",
    "SweepDeclared",
    "TableroChanged",
    "TiradaMade",
    "TiradaPurpose",
    "TiradaRecord",
    "WarningEvent",
]

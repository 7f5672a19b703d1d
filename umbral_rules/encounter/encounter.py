"""The :class:`Encounter`: one fight's state and every operation on it, all or nothing.

It derives from no class of the project: it holds an :class:`~.state.EncounterState` and is
a facade over the modules of operations (:mod:`.roster`, :mod:`.asalto`, :mod:`.attacks`,
:mod:`.defense`, :mod:`.maniobras`, :mod:`.respuestas`, :mod:`.tiradas`, :mod:`.retos`,
:mod:`.aliento`, :mod:`.tactico`...), each a set of functions of that state.

An operation validates, then mutates, and returns the events that describe what happened.
If it refuses (an :class:`UmbralError`) the state is exactly what it was before: every
operation runs inside :meth:`Encounter._run`, the one transaction, which keeps a copy of the
state and puts it back when anything raises ``UmbralError`` half-way (for instance a
player's physical dice that run short).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from ..dice import DiceSource, Ventaja
from ..errors import UmbralError
from ..rolls import Static
from ..sheets import CharacterSheet, EnemySheet, Weapon
from ..tablero import Square, Tablero
from ..tiradas import OficioCobertura
from . import aliento as _aliento
from . import asalto as _asalto
from . import attacks as _attacks
from . import defense as _defense
from . import esencia as _esencia
from . import maniobras as _maniobras
from . import respuestas as _respuestas
from . import retos as _retos
from . import roster as _roster
from . import tablero as _tablero
from . import tactico as _tactico
from . import tiradas as _tiradas
from . import wounds as _wounds
from .codec import JsonDict
from .combatant import Combatant
from .events import CombatantAdded, Event
from .kinds import Mode, Phase
from .pieces import Reto
from .plans import NOTHING_CHOSEN, AttackChoice, Pending
from .settings import EstadosExtra, Settings
from .state import EncounterState

T = TypeVar("T")
Squares = str | Iterable[Square]
Cobertura = OficioCobertura | str
VentajaChoice = str | Ventaja | None


class Encounter:
    """One fight in one channel. See the package docstring for the whole API."""

    #: Whether a refused operation puts the state back as it was (a copy of the state before
    #: each operation). A caller that throws the object away on any refusal, as the bot's
    #: unit of work does (it rolls back and reads again), may set it to ``False`` on its
    #: instance; the state is then left half-changed by a refusal and must not be used.
    undo_on_refusal: bool = True

    def __init__(self, state: EncounterState) -> None:
        self.state = state

    def _run(
        self,
        op: Callable[[EncounterState], T],
        then: Callable[[EncounterState, T], None] | None = None,
    ) -> T:
        """The transaction: ``op`` on the state, and ``then`` on what it returned, all or
        nothing."""
        before = self.state.copy() if self.undo_on_refusal else None
        try:
            result = op(self.state)
            if then is not None:
                then(self.state, result)
            return result
        except UmbralError:
            if before is not None:
                self.state = before
            raise

    def _apply(self, op: Callable[[EncounterState], list[Event]]) -> list[Event]:
        """An operation that reports events; the board follows the combatants after it."""
        return self._run(op, _tablero.after_operation)

    # --- creating and persisting --------------------------------------------------------

    @classmethod
    def start(
        cls, mode: str, settings: Mapping[str, Any] | None = None, *, escena: str | None = None
    ) -> Encounter:
        return cls(_roster.start(mode, settings, escena))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Encounter:
        return cls(EncounterState.from_dict(data))

    def to_dict(self, *, combatants: bool = True) -> JsonDict:
        return self.state.to_dict(combatants=combatants)

    # --- what it holds (read; every change goes through an operation) --------------------

    @property
    def mode(self) -> Mode:
        return self.state.mode

    @property
    def asalto(self) -> int:
        return self.state.asalto

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def settings(self) -> Settings:
        return self.state.settings

    @property
    def combatants(self) -> Sequence[Combatant]:
        return self.state.combatants

    @property
    def pending(self) -> Sequence[Pending]:
        return self.state.pending

    @property
    def retos(self) -> Sequence[Reto]:
        return self.state.retos

    @property
    def escena(self) -> str | None:
        return self.state.escena

    @property
    def tablero(self) -> Tablero | None:
        """The board (Táctico only), or None."""
        return _tablero.tablero_of(self.state)

    def get(self, combatant_id: str) -> Combatant:
        return self.state.get(combatant_id)

    def find(self, name_or_id: str) -> Combatant:
        return self.state.find(name_or_id)

    def pending_for(self, defender_id: str) -> list[Pending]:
        return self.state.pending_for(defender_id)

    def owed(self) -> list[tuple[str, int, list[Pending]]]:
        """The defense rolls still owed: (defender id, asalto, its pending attacks)."""
        return _defense.owed(self.state)

    def owed_text(self) -> str:
        """«Quedan 2 defensas pendientes sin tirar: …» (see :func:`.asalto.owed_text`)."""
        return _asalto.owed_text(self.state)

    def not_acted(self) -> list[Combatant]:
        """Who of the side whose phase it is has not acted yet (and can)."""
        return _asalto.not_acted(self.state)

    def first_actor(self) -> Combatant | None:
        """In an ambush by the players, the PC with most Percepción may act before anyone."""
        return _asalto.first_actor(self.state)

    def first_actors(self) -> list[Combatant]:  # all of them when they tie
        return _asalto.first_actors(self.state)

    def squares_left(self, combatant_id: str) -> int:
        """Squares the combatant may still walk this asalto (giving up a free acción)."""
        return _tablero.squares_left(self.state, self.get(combatant_id))

    # --- who is in it -------------------------------------------------------------------

    def add_character(
        self, sheet: CharacterSheet, weapons: Iterable[Weapon] = (), *,
        aguante: int | None = None, aliento: int = 0, aliento_max: int | None = None,
        esencia: int = 0, esencia_max: int | None = None, character_id: int | None = None,
        owner_id: int | None = None, oficio_defensa: str | None = None,
        oficio_defensa_cobertura: Cobertura = OficioCobertura.ENTERO, genero: str | None = None,
    ) -> Combatant:  # fmt: skip
        """Add a player character (Aguante defaults to the sheet's maximum)."""
        return self._run(
            lambda s: _roster.add_character(
                s, sheet, weapons, aguante=aguante, aliento=aliento, aliento_max=aliento_max,
                esencia=esencia, esencia_max=esencia_max, character_id=character_id,
                owner_id=owner_id, oficio_defensa=oficio_defensa,
                oficio_defensa_cobertura=oficio_defensa_cobertura, genero=genero,
            )
        )  # fmt: skip

    def add_enemy(
        self, enemy: EnemySheet, nombre: str | None = None, genero: str | None = None
    ) -> Combatant:
        return self._run(lambda s: _roster.add_enemy(s, enemy, nombre, genero))

    def add_enemies(
        self, enemy: EnemySheet, cantidad: int, genero: str | None = None
    ) -> list[Combatant]:
        return self._run(lambda s: _roster.add_enemies(s, enemy, cantidad, genero))

    def remove(self, combatant_id: str) -> list[Event]:
        return self._apply(lambda s: _roster.remove(s, combatant_id))

    def announce(self, c: Combatant) -> CombatantAdded:
        return CombatantAdded(f"{c.nombre} entra en el combate.", c.id)

    def hand_over(self, combatant_id: str, owner_id: int) -> Combatant:
        return self._run(lambda s: _roster.hand_over(s, combatant_id, owner_id))

    def adjust(
        self, combatant_id: str, *, aguante: int | None = None, aliento: int | None = None,
        esencia: int | None = None,
    ) -> list[Event]:  # fmt: skip
        """The GM sets a bar by hand (within 0..max). It does not make anyone fall or rise."""
        return self._apply(lambda s: _wounds.adjust(s, combatant_id, aguante, aliento, esencia))

    def use_guild_tables(self, secuelas: Mapping[str, str], estados: EstadosExtra) -> None:
        """The guild's secuelas table and estados as they are now (carried estados stay)."""
        self._run(lambda s: _roster.use_guild_tables(s, secuelas, estados))

    def spend_esencia(self, combatant_id: str, puntos: int, motivo: str) -> list[Event]:
        """Esencia spent on something the texts give no rule for: only the count changes."""
        return self._apply(lambda s: [_esencia.spend(s.get(combatant_id), puntos, motivo)])

    # --- the asalto -----------------------------------------------------------------------

    def advance(
        self, dice: DiceSource | None = None, *, malherido_asaltos: int | None = None
    ) -> list[Event]:
        """jugadores → enemigos → next asalto (Sangrando, expiries, budgets refreshed);
        ``malherido_asaltos``: report who has lain Malherido that many asaltos."""
        return self._apply(lambda s: _asalto.advance(s, dice, malherido_asaltos))

    def move(self, actor_id: str) -> list[Event]:
        """Spend a movimiento (the second one takes the acción; never the reverse)."""
        return self._apply(lambda s: _asalto.move(s, actor_id))

    def end_turn(self, actor_id: str) -> list[Event]:
        """Mark someone as done for this phase without spending anything."""
        return self._apply(lambda s: _asalto.end_turn(s, actor_id))

    # --- fighting -------------------------------------------------------------------------

    def attack(
        self,
        dice: DiceSource,
        attacker_id: str,
        target_id: str,
        choice: AttackChoice = NOTHING_CHOSEN,
        defender_dice: DiceSource | None = None,
    ) -> list[Event]:
        """An attack with the acción, as ``choice`` says (the weapon, the Oficio, a ventaja, a
        shot…: the command's options, typed once at the edge). See the package docstring for
        how each mode resolves."""
        return self._apply(
            lambda s: _attacks.attack(s, dice, attacker_id, target_id, choice, defender_dice)
        )

    def defend(
        self, dice: DiceSource, defender_id: str, oficio: str | None = None,
        oficio_cobertura: Cobertura | None = None, ventaja: VentajaChoice = None,
        asaltos: int | None = None,
    ) -> list[Event]:  # fmt: skip
        """A PC's own defense rolls: one per asalto with attacks pending on them, oldest
        first (``asaltos``: only that many)."""
        return self._apply(
            lambda s: _defense.defend(
                s, dice, defender_id, oficio, oficio_cobertura, ventaja, asaltos
            )
        )

    def maniobra(
        self, dice: DiceSource, actor_id: str, tipo: str, objetivo: str | None = None,
        condicion: str | None = None, choice: AttackChoice = NOTHING_CHOSEN, *,
        defender_dice: DiceSource | None = None,
    ) -> list[Event]:  # fmt: skip
        """interponerse, sostener, cargar, despegarse, apuntar (``choice``: the weapon, Oficio
        and ventaja of its roll, as for an attack)."""
        return self._apply(
            lambda s: _maniobras.maniobra(
                s, dice, actor_id, tipo, objetivo, condicion, choice, defender_dice
            )
        )

    def respuesta(
        self, dice: DiceSource, actor_id: str, tipo: str, objetivo: str | None = None,
        choice: AttackChoice = NOTHING_CHOSEN, *, defender_dice: DiceSource | None = None,
    ) -> list[Event]:  # fmt: skip
        """oportunidad, larga, sostener: one per asalto (``choice``: as for an attack)."""
        return self._apply(
            lambda s: _respuestas.respuesta(
                s, dice, actor_id, tipo, objetivo, choice, defender_dice
            )
        )

    # --- estados, checks, wounds --------------------------------------------------------

    def set_estado(self, target_id: str, estado: str, on: bool = True) -> list[Event]:
        return self._apply(lambda s: _tiradas.set_estado(s, target_id, estado, on))

    def recover(self, dice: DiceSource, actor_id: str, estado: str) -> list[Event]:
        """Aturdido: spend the acción. Quebrantado: the acción and a Voluntad check (9)."""
        return self._apply(lambda s: _tiradas.recover(s, dice, actor_id, estado))

    def tirada(
        self, dice: DiceSource, actor_id: str, atributo: str, umbral: int | Static,
        oficio: str | None = None, oficio_cobertura: Cobertura = OficioCobertura.ENTERO,
        ventaja: VentajaChoice = None, ambitos: Iterable[str] = (), accion: bool = False,
    ) -> list[Event]:  # fmt: skip
        return self._apply(
            lambda s: _tiradas.do_tirada(
                s, dice, actor_id, atributo, umbral, oficio, oficio_cobertura, ventaja,
                tuple(ambitos), accion,
            )
        )  # fmt: skip

    def vendar(self, actor_id: str, target_id: str) -> list[Event]:
        """Bandage: Sangrando goes (the acción; no roll)."""
        return self._apply(lambda s: _tiradas.vendar(s, actor_id, target_id))

    def estabilizar(
        self, dice: DiceSource, healer_id: str, target_id: str, atributo: str = "percepcion",
        oficio: str | None = None, oficio_cobertura: Cobertura = OficioCobertura.ENTERO,
        ventaja: VentajaChoice = None,
    ) -> list[Event]:  # fmt: skip
        return self._apply(
            lambda s: _tiradas.estabilizar(
                s, dice, healer_id, target_id, atributo, oficio, oficio_cobertura, ventaja
            )
        )

    def secuelas(self, dice: DiceSource, combatant_id: str, aliento: bool = False) -> list[Event]:
        """The fallen PC's roll on the secuelas table (+4 spending a point of Aliento)."""
        return self._apply(lambda s: _wounds.roll_secuelas(s, dice, s.get(combatant_id), aliento))

    def aliento(self, dice: DiceSource | None, actor_id: str, uso: str) -> list[Event]:
        """repetir, subir, encajar, secuelas: one point each."""
        return self._apply(lambda s: _aliento.aliento(s, dice, actor_id, uso))

    # --- retos ------------------------------------------------------------------------------

    def reto_crear(self, nombre: str, umbral: int, exitos: int, coste: str = "") -> list[Event]:
        return self._apply(lambda s: _retos.crear(s, nombre, umbral, exitos, coste))

    def reto_tirar(
        self, dice: DiceSource, reto_id: str, actor_id: str, atributo: str,
        oficio: str | None = None, oficio_cobertura: Cobertura = OficioCobertura.ENTERO,
        ventaja: VentajaChoice = None, ambitos: Iterable[str] = (),
    ) -> list[Event]:  # fmt: skip
        return self._apply(
            lambda s: _retos.tirar(s, dice, reto_id, actor_id, atributo, oficio,
                                   oficio_cobertura, ventaja, tuple(ambitos))
        )  # fmt: skip

    def reto_terminar(self, reto_id: str) -> list[Event]:
        return self._apply(lambda s: _retos.terminar(s, reto_id))

    def take_retos(self, other: Encounter) -> None:
        """Take the open retos of ``other`` (a reto's scene this encounter replaces)."""
        self._run(lambda s: _retos.adopt(s, other.state))

    # --- Táctico: the board ---------------------------------------------------------------

    def tablero_setup(self, width: int, height: int) -> list[Event]:
        return self._apply(lambda s: _tactico.setup(s, width, height))

    def draw_walls(self, squares: Squares, present: bool = True) -> list[Event]:
        return self._apply(lambda s: _tactico.draw(s, "muro", squares, present))

    def draw_cover(self, squares: Squares, present: bool = True) -> list[Event]:
        return self._apply(lambda s: _tactico.draw(s, "cobertura", squares, present))

    def place(self, combatant_id: str, square: str | Square) -> list[Event]:
        return self._apply(lambda s: _tactico.place(s, combatant_id, square))

    def unplace(self, combatant_id: str) -> list[Event]:
        return self._apply(lambda s: _tactico.unplace(s, combatant_id))

    def move_to(self, actor_id: str, square: str | Square) -> list[Event]:
        return self._apply(lambda s: _tactico.move_to(s, actor_id, square))

    def sweep(
        self, dice: DiceSource, attacker_id: str, squares: Squares, *, arma: str | None = None,
        ventaja: VentajaChoice = None, defender_dice: DiceSource | None = None,
    ) -> list[Event]:  # fmt: skip
        return self._apply(
            lambda s: _tactico.sweep(
                s, dice, attacker_id, squares, arma=arma, ventaja=ventaja,
                defender_dice=defender_dice,
            )
        )  # fmt: skip

    def area(self, size: int, center: str | Square) -> list[Event]:
        return self._apply(lambda s: _tactico.area_of(s, size, center))

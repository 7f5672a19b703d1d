"""The :class:`Encounter`: the state plus every operation, each one all-or-nothing.

An operation validates, then mutates, and returns the events that describe what happened.
If it refuses (an :class:`UmbralError`) the state is exactly what it was before: besides
validating first, every operation runs inside a transaction that restores the state's plain
dict when anything raises ``UmbralError`` half-way (for instance a player's physical dice that
run short).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..dice import DiceSource
from ..errors import UmbralError
from . import aliento as _aliento
from . import asalto as _asalto
from . import attacks as _attacks
from . import defense as _defense
from . import esencia as _esencia
from . import maniobras as _maniobras
from . import pruebas as _pruebas
from . import respuestas as _respuestas
from . import retos as _retos
from . import wounds as _wounds
from .budget import check_movimiento, require_active, spend_movimiento
from .events import BudgetSpent, Event
from .phases import PHASE_SIDE, check_phase
from .state import Combatant, JsonDict
from .tactico import Tactico


class Encounter(Tactico):
    """One fight in one channel. See the package docstring for the whole API."""

    # --- queries ----------------------------------------------------------------------------

    def not_acted(self) -> list[Combatant]:
        """Who of the side whose phase it is has not acted yet (and can)."""
        side = PHASE_SIDE[self.phase]
        return [c for c in self.combatants if c.side == side and c.active and not c.acted]

    def first_actor(self) -> Combatant | None:
        """In an ambush by the players, the PC with most Percepción may act before anyone."""
        if self.settings.get("emboscada") != "pj" or (self.asalto, self.phase) != (1, "jugadores"):
            return None
        pcs = [c for c in self.side_of("pj") if c.active and c.sheet is not None]
        if not pcs:
            return None
        return max(pcs, key=lambda c: c.sheet.atributo("percepcion") if c.sheet else 0)

    def pending_for(self, defender_id: str) -> list[JsonDict]:
        return [p for p in self.pending if p["defender"] == defender_id]

    # --- the asalto -------------------------------------------------------------------------

    def advance(self, dice: DiceSource | None = None) -> list[Event]:
        """jugadores → enemigos → next asalto (Sangrando, expiries, budgets refreshed)."""
        return self._transaction(lambda: _asalto.advance(self, dice))

    def move(self, actor_id: str) -> list[Event]:
        """Spend a movimiento (the second one takes the acción; never the reverse)."""

        def op() -> list[Event]:
            c = self.get(actor_id)
            require_active(c)
            events = check_phase(self, c) + check_movimiento(self, c)
            return [*events, spend_movimiento(c)]

        return self._transaction(op)

    def end_turn(self, actor_id: str) -> list[Event]:
        """Mark someone as done for this phase without spending anything."""

        def op() -> list[Event]:
            c = self.get(actor_id)
            require_active(c)
            c.acted = True
            return [BudgetSpent(f"{c.nombre} termina su turno.", c.id, "turno")]

        return self._transaction(op)

    # --- fighting ---------------------------------------------------------------------------

    def attack(
        self,
        dice: DiceSource,
        attacker_id: str,
        target_id: str,
        weapon: str | None = None,
        oficio: str | None = None,
        cobertura: str = "entero",
        ventaja: str | None = None,
        shot: bool = False,
        defender_dice: DiceSource | None = None,
        *,
        helpless: bool = False,
        cover: bool = False,
    ) -> list[Event]:
        """An attack with the acción. See the package docstring for how each mode resolves."""
        return self._transaction(
            lambda: _attacks.attack(
                self, dice, attacker_id, target_id, defender_dice=defender_dice, weapon=weapon,
                oficio=oficio, cobertura=cobertura, ventaja=ventaja, shot=shot,
                helpless=helpless, cover=cover,
            )
        )  # fmt: skip

    def defend(
        self,
        dice: DiceSource,
        defender_id: str,
        oficio: str | None = None,
        cobertura: str | None = None,
        ventaja: str | None = None,
        asaltos: int | None = None,
    ) -> list[Event]:
        """A PC's own defense rolls: one per asalto with attacks pending on them, oldest
        first (``asaltos``: only that many)."""
        return self._transaction(
            lambda: _defense.defend(self, dice, defender_id, oficio, cobertura, ventaja, asaltos)
        )

    def maniobra(
        self,
        dice: DiceSource,
        actor_id: str,
        tipo: str,
        objetivo: str | None = None,
        condicion: str | None = None,
        **options: Any,
    ) -> list[Event]:
        """interponerse, sostener, cargar, despegarse, apuntar (options: weapon, oficio,
        cobertura, ventaja, defender_dice)."""
        return self._transaction(
            lambda: _maniobras.maniobra(self, dice, actor_id, tipo, objetivo, condicion, **options)
        )

    def respuesta(
        self,
        dice: DiceSource,
        actor_id: str,
        tipo: str,
        objetivo: str | None = None,
        **options: Any,
    ) -> list[Event]:
        """oportunidad, larga, sostener: one per asalto (options as for attack)."""
        return self._transaction(
            lambda: _respuestas.respuesta(self, dice, actor_id, tipo, objetivo, **options)
        )

    # --- estados, checks, wounds ------------------------------------------------------------

    def set_estado(self, target_id: str, estado: str, on: bool = True) -> list[Event]:
        return self._transaction(lambda: _pruebas.set_estado(self, target_id, estado, on))

    def recover(self, dice: DiceSource, actor_id: str, estado: str) -> list[Event]:
        """Aturdido: spend the acción. Quebrantado: the acción and a Voluntad check (9)."""
        return self._transaction(lambda: _pruebas.recover(self, dice, actor_id, estado))

    def check(
        self,
        dice: DiceSource,
        actor_id: str,
        atributo: str,
        umbral: int,
        oficio: str | None = None,
        cobertura: str = "entero",
        ventaja: str | None = None,
        ambitos: Iterable[str] = (),
        accion: bool = False,
    ) -> list[Event]:
        return self._transaction(
            lambda: _pruebas.do_check(
                self, dice, actor_id, atributo, umbral, oficio, cobertura, ventaja,
                tuple(ambitos), accion,
            )
        )  # fmt: skip

    def estabilizar(
        self,
        dice: DiceSource,
        healer_id: str,
        target_id: str,
        atributo: str = "percepcion",
        oficio: str | None = None,
        cobertura: str = "entero",
        ventaja: str | None = None,
    ) -> list[Event]:
        return self._transaction(
            lambda: _pruebas.estabilizar(
                self, dice, healer_id, target_id, atributo, oficio, cobertura, ventaja
            )
        )

    def secuelas(self, dice: DiceSource, combatant_id: str, aliento: bool = False) -> list[Event]:
        """The fallen PC's roll on the secuelas table (+4 spending a point of Aliento)."""

        def op() -> list[Event]:
            return _wounds.roll_secuelas(self, dice, self.get(combatant_id), aliento)

        return self._transaction(op)

    def aliento(self, dice: DiceSource | None, actor_id: str, uso: str) -> list[Event]:
        """repetir, subir, encajar, secuelas: one point each."""
        return self._transaction(lambda: _aliento.aliento(self, dice, actor_id, uso))

    def adjust(
        self,
        combatant_id: str,
        *,
        aguante: int | None = None,
        aliento: int | None = None,
        esencia: int | None = None,
    ) -> list[Event]:
        """The GM sets a bar by hand (within 0..max). It does not make anyone fall or rise."""

        def op() -> list[Event]:
            c = self.get(combatant_id)
            for name, value, top in (
                ("Aguante", aguante, c.aguante_max),
                ("Aliento", aliento, c.aliento_max),
                ("Esencia", esencia, c.esencia_max),
            ):
                if value is not None and not 0 <= value <= top:
                    raise UmbralError(f"{name} de {c.nombre} va de 0 a {top}.")
            c.aguante = c.aguante if aguante is None else aguante
            c.aliento = c.aliento if aliento is None else aliento
            c.esencia = c.esencia if esencia is None else esencia
            text = (
                f"{c.nombre}: Aguante {c.aguante}/{c.aguante_max}, Aliento {c.aliento}/"
                f"{c.aliento_max}, Esencia {c.esencia}/{c.esencia_max}."
            )
            return [BudgetSpent(text, c.id, "barras")]

        return self._transaction(op)

    def spend_esencia(self, combatant_id: str, puntos: int, motivo: str) -> list[Event]:
        """Esencia spent on something the texts give no rule for: only the count changes."""

        def op() -> list[Event]:
            c = self.get(combatant_id)
            return [_esencia.spend(c, puntos, motivo)]

        return self._transaction(op)

    # --- retos ------------------------------------------------------------------------------

    def reto_crear(self, nombre: str, umbral: int, exitos: int, coste: str = "") -> list[Event]:
        return self._transaction(lambda: _retos.crear(self, nombre, umbral, exitos, coste))

    def reto_tirar(
        self,
        dice: DiceSource,
        reto_id: str,
        actor_id: str,
        atributo: str,
        oficio: str | None = None,
        cobertura: str = "entero",
        ventaja: str | None = None,
        ambitos: Iterable[str] = (),
    ) -> list[Event]:
        return self._transaction(
            lambda: _retos.tirar(self, dice, reto_id, actor_id, atributo, oficio, cobertura,
                                 ventaja, tuple(ambitos))
        )  # fmt: skip

    def reto_terminar(self, reto_id: str) -> list[Event]:
        return self._transaction(lambda: _retos.terminar(self, reto_id))

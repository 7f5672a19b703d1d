"""The :class:`Combate`: one graded fight's state and every operation on it, all or nothing.

An operation validates, changes the state and returns typed events. If it refuses (an
:class:`UmbralError`, with its Spanish message) the state is exactly what it was before: each
operation runs on a copy that replaces the state only when it succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..dice import DiceSource
from . import round as _round
from .after import Experiencia, experiencia
from .ajuste import Ajuste, Valores, ajustar
from .chance import Grados
from .choices import Anuncio, Declaracion
from .damage import Intencion
from .events import Event
from .sheets import Bando, Ficha, Via
from .state import CombateState, Combatiente, Final, Mundo

T = TypeVar("T")


class Combate:
    def __init__(self, state: CombateState | None = None) -> None:
        self.state = state if state is not None else CombateState()

    @classmethod
    def start(cls, mundo: Mundo | None = None) -> Combate:
        return cls(CombateState(mundo=mundo or Mundo()))

    def _run(self, op: Callable[[CombateState], T]) -> T:
        """The transaction: ``op`` on a copy, kept only if it does not refuse."""
        work = self.state.copy()
        done = op(work)
        self.state = work
        return done

    # --- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Combate:
        return cls(CombateState.from_dict(data))

    # --- reading ---------------------------------------------------------------------------

    def find(self, name: str) -> Combatiente:
        return self.state.find(name)

    @property
    def ronda(self) -> int:
        return self.state.ronda

    @property
    def pendientes(self) -> list[str]:
        """Who has not declared yet (the round closes by itself when none is left)."""
        return [c.nombre for c in self.state.pendientes]

    @property
    def todos_declararon(self) -> bool:
        return not self.state.pendientes

    @property
    def amenazas(self) -> list[Anuncio]:
        """What is coming at whom: the blows that land when this round closes, then those
        announced this round (they land at the close of the next)."""
        return [*self.state.anunciados, *self.state.proximos]

    def impulso(self, bando: Bando) -> int:
        return self.state.impulso[bando]

    def experiencia(self) -> list[Experiencia]:
        return experiencia(self.state)

    # --- operations --------------------------------------------------------------------------

    def add_heroe(self, ficha: Ficha) -> list[Event]:
        return self._run(lambda s: _round.add(s, ficha, Bando.HEROES))

    def add_enemigo(self, ficha: Ficha) -> list[Event]:
        return self._run(lambda s: _round.add(s, ficha, Bando.ENEMIGOS))

    def quitar(self, nombre: str) -> list[Event]:
        """The GM takes ``nombre`` out of the fight (with what they declared or announced)."""
        return self._run(lambda s: _round.remove(s, nombre))

    def declarar(self, nombre: str, declaracion: Declaracion) -> list[Event]:
        return self._run(lambda s: _round.declare(s, nombre, declaracion))

    def anunciar(
        self,
        atacante: str,
        objetivo: str,
        grados: Grados | None = None,
        *,
        via: Via = Via.FUERZA,
        esfuerzo: int = 0,
        intencion: Intencion = Intencion.GOLPEAR,
        inbloqueable: bool = False,
    ) -> list[Event]:
        return self._run(
            lambda s: _round.announce(
                s,
                atacante,
                objetivo,
                grados,
                via=via,
                esfuerzo=esfuerzo,
                intencion=intencion,
                inbloqueable=inbloqueable,
            )
        )

    def cerrar_ronda(self, dice: DiceSource, *, por_ventana: bool = False) -> list[Event]:
        """Close the round: ``por_ventana`` when its window closed (the bot times it),
        otherwise only once every hero still fighting has declared."""
        return self._run(lambda s: _round.close_round(s, dice, por_ventana=por_ventana))

    def terminar(self, final: Final) -> list[Event]:
        """The GM ends the fight (leaving it: ``Final.HUIDA``)."""
        return self._run(lambda s: _round.finish(s, final))

    def ajustar(self, nombre: str, valores: Valores) -> Ajuste:
        """The GM sets by hand what is left of ``nombre``'s reserves and its states
        (:mod:`.ajuste`)."""
        return self._run(lambda s: ajustar(s, nombre, valores))

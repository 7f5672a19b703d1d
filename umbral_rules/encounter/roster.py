"""Creating an encounter and managing who is in it: the roster half of :class:`Encounter`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

from ..errors import UmbralError
from ..sheets import CharacterSheet, EnemySheet, Weapon
from ..tables import MODES
from ..text import clean_name, name_key, word_key
from . import estados as _estados
from .events import CombatantAdded, CombatantRemoved, Event
from .state import Combatant, EncounterState, JsonDict, default_settings, json_copy


def validate_settings(settings: Mapping[str, Any] | None) -> JsonDict:
    merged = default_settings()
    merged.update(dict(settings or {}))
    if not isinstance(merged["defensa_inmediata"], bool):
        raise UmbralError("«defensa_inmediata» es sí o no.")
    if not isinstance(merged["secuelas_auto"], bool):
        raise UmbralError("«secuelas_auto» es sí o no.")
    if merged["emboscada"] not in (None, "pj", "enemigo"):
        raise UmbralError("La emboscada es de los jugadores (pj), de los enemigos o de nadie.")
    merged["estados_extra"] = _estados.validate_estados_extra(merged["estados_extra"])
    table = merged["secuelas_tabla"] or {}
    if not isinstance(table, Mapping) or not all(str(k).isdigit() for k in table):
        raise UmbralError("La tabla de secuelas va de número a texto.")
    merged["secuelas_tabla"] = {str(k): str(v) for k, v in table.items()}
    return merged


_Snapshot = tuple[
    str, int, str, JsonDict, list[Combatant], list[JsonDict], list[JsonDict], JsonDict
]


class Roster(EncounterState):
    """Creation, persistence and the list of combatants; operations are in :class:`Encounter`."""

    #: Whether a refused operation puts the state back as it was (a copy of every combatant
    #: before each operation). A caller that throws the object away on any refusal, as the
    #: bot's unit of work does (it rolls back and reads again), may set it to ``False`` on
    #: its instance; the state is then left half-changed by a refusal and must not be used.
    undo_on_refusal: bool = True

    # --- creation and persistence -----------------------------------------------------------

    @classmethod
    def start(cls, mode: str, settings: Mapping[str, Any] | None = None) -> Self:
        key = word_key(mode)
        if key not in MODES:
            raise UmbralError(f"Modo desconocido «{mode}»: usa {', '.join(MODES)}.")
        merged = validate_settings(settings)
        phase = "enemigos" if merged["emboscada"] == "enemigo" else "jugadores"
        return cls(mode=key, phase=phase, settings=merged)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        enc = cls(mode="mesa")
        enc.load_dict(data)
        return enc

    def _transaction(self, op: Callable[[], list[Event]]) -> list[Event]:
        if not self.undo_on_refusal:
            return op()
        before = self._snapshot()
        try:
            return op()
        except UmbralError:
            self._restore(before)
            raise

    def _snapshot(self) -> _Snapshot:
        """What :meth:`_restore` needs to undo a failed operation: the same as a round trip
        through :meth:`to_dict` / :meth:`load_dict`, without building the dicts of the
        combatants (each is copied field by field; sheets and weapons are frozen)."""
        return (
            self.mode,
            self.asalto,
            self.phase,
            json_copy(self.settings),
            [c.copy() for c in self.combatants],
            json_copy(self.pending),
            json_copy(self.retos),
            json_copy(self.extra),
        )

    def _restore(self, snap: _Snapshot) -> None:
        self.mode, self.asalto, self.phase, self.settings = snap[0], snap[1], snap[2], snap[3]
        # fresh copies again: the snapshot's own objects are never handed out
        self.combatants = [c.copy() for c in snap[4]]
        self.pending, self.retos, self.extra = snap[5], snap[6], snap[7]

    # --- combatants -------------------------------------------------------------------------

    def _check_name_free(self, nombre: str) -> None:
        for c in self.combatants:
            if name_key(c.nombre) == name_key(nombre):
                raise UmbralError(f"Ya hay alguien llamado «{c.nombre}» en el combate.")

    def add_character(
        self,
        sheet: CharacterSheet,
        weapons: Iterable[Weapon] = (),
        *,
        aguante: int | None = None,
        aliento: int = 0,
        aliento_max: int | None = None,
        esencia: int = 0,
        esencia_max: int | None = None,
        character_id: int | None = None,
        owner_id: int | None = None,
        defensa_oficio: str | None = None,
        defensa_cobertura: str = "entero",
        genero: str | None = None,
    ) -> Combatant:
        """Add a player character (Aguante defaults to the sheet's maximum)."""
        self._check_name_free(sheet.nombre)
        for other in self.combatants:
            if character_id is not None and other.character_id == character_id:
                raise UmbralError(f"Ese personaje ya está en el combate: {other.nombre}.")
        maximum = sheet.aguante_max
        current = maximum if aguante is None else aguante
        a_max = aliento if aliento_max is None else aliento_max
        e_max = esencia if esencia_max is None else esencia_max
        if not 0 <= current <= maximum:
            raise UmbralError(f"El Aguante de {sheet.nombre} va de 0 a {maximum}.")
        if not 0 <= aliento <= a_max or not 0 <= esencia <= e_max:
            raise UmbralError("Aliento y Esencia van de 0 a su máximo.")
        if defensa_oficio:
            sheet.oficio(defensa_oficio)
        c = Combatant(
            id=f"c{self.counter('combatant')}",
            nombre=sheet.nombre,
            side="pj",
            aguante=current,
            aguante_max=maximum,
            character_id=character_id,
            owner_id=owner_id,
            sheet=sheet,
            weapons=list(weapons),
            aliento=aliento,
            aliento_max=a_max,
            esencia=esencia,
            esencia_max=e_max,
            defensa_oficio=defensa_oficio,
            defensa_cobertura=defensa_cobertura,
            status="activo" if current > 0 else "malherido",
            genero=genero,
        )
        self.combatants.append(c)
        return c

    def add_enemy(
        self, enemy: EnemySheet, nombre: str | None = None, genero: str | None = None
    ) -> Combatant:
        """Add one enemy from the bestiary (its name, or the one given)."""
        name = (nombre or enemy.nombre).strip()
        if not name:
            raise UmbralError("El enemigo necesita un nombre.")
        if nombre:
            name = clean_name(name)
        self._check_name_free(name)
        c = Combatant(
            id=f"c{self.counter('combatant')}",
            nombre=name,
            side="enemigo",
            aguante=enemy.aguante,
            aguante_max=enemy.aguante,
            enemy=enemy,
            genero=genero,
        )
        self.combatants.append(c)
        return c

    def add_enemies(
        self, enemy: EnemySheet, cantidad: int, genero: str | None = None
    ) -> list[Combatant]:
        """Add ``cantidad`` copies named "Nombre 1", "Nombre 2"... (numbering continues)."""
        if not 1 <= cantidad <= 50:
            raise UmbralError("Se añaden entre 1 y 50 enemigos de una vez.")
        pattern = re.compile(rf"^{re.escape(name_key(enemy.nombre))} (\d+)$")
        taken = [
            int(m.group(1)) for c in self.combatants if (m := pattern.match(name_key(c.nombre)))
        ]
        start = max(taken, default=0) + 1
        names = [f"{enemy.nombre} {n}" for n in range(start, start + cantidad)]
        for name in names:
            self._check_name_free(name)
        return [self.add_enemy(enemy, name, genero) for name in names]

    def remove(self, combatant_id: str) -> list[Event]:
        """Take someone out of the encounter (and every pending attack and cover involving them)."""
        return self._transaction(lambda: self._remove(combatant_id))

    def _remove(self, combatant_id: str) -> list[Event]:
        c = self.get(combatant_id)
        self.combatants.remove(c)
        self.pending = [
            p for p in self.pending if c.id not in (p["defender"], p["attacker"], p["aimed_at"])
        ]
        self.extra["interponerse"] = [
            i for i in self.extra.get("interponerse", []) if c.id not in i.values()
        ]
        attacked: dict[str, list[str]] = self.extra.get("attacked_by", {})
        attacked.pop(c.id, None)
        for ids in attacked.values():
            while c.id in ids:
                ids.remove(c.id)
        return [CombatantRemoved(f"{c.nombre} sale del combate.", c.id)]

    def announce(self, c: Combatant) -> CombatantAdded:
        return CombatantAdded(f"{c.nombre} entra en el combate.", c.id)

    def hand_over(self, combatant_id: str, owner_id: int) -> Combatant:
        """A player character changes hands (the GM's ``/ficha ceder``): ``owner_id``
        controls it from now on; nothing else about it changes."""
        c = self.get(combatant_id)
        if not c.is_pc:
            raise UmbralError(f"{c.nombre} no es un personaje de jugador.")
        c.owner_id = owner_id
        return c

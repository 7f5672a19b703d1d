"""The document of a Canción de hielo y fuego encounter: the rules' :class:`Combat` and what
only the bot needs of it — who plays each combatant (``duenos``, Discord user ids) and the
sheet row a player character came from (``fichas``). Stored as the combat's own JSON with
those two keys added, and ``phase`` (the asalto's phase and whose turn it is), which the
storage reads to restart the «waiting since» clock when the turn changes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.hielo.combat_state import Combat, Fase, Fighter
from umbral_rules.hielo.intrigue_state import Intrigante, Intrigue
from umbral_rules.text import name_key, name_not_found

#: The sides of a combat as the bot fills them: the players' characters and the bestiary's.
PJ_SIDE = "jugadores"
ENEMY_SIDE = "enemigos"


@dataclass(frozen=True)
class HieloDoc:
    """An encounter of Canción de hielo y fuego as the bot keeps it."""

    combat: Combat
    duenos: Mapping[str, int] = field(default_factory=dict)
    fichas: Mapping[str, int] = field(default_factory=dict)
    #: An intrigue played in the encounter (``None``: none started), the participants
    #: entered before it starts and the changes said for its next exchange (JSON as
    #: :mod:`.intrigues` writes them).
    intriga: Intrigue | None = None
    entradas: tuple[JsonObject, ...] = ()
    cambios: tuple[JsonObject, ...] = ()

    # --- lookups ------------------------------------------------------------------------
    def find(self, typed: str) -> Fighter:
        """The combatant called ``typed`` (its name's key; or the one name that starts so)."""
        wanted = name_key(typed)
        fighters = self.combat.fighters
        exact = [f for f in fighters if name_key(f.sheet.nombre) == wanted]
        if exact:
            return exact[0]
        starts = [f for f in fighters if wanted and name_key(f.sheet.nombre).startswith(wanted)]
        if len(starts) == 1:
            return starts[0]
        names = [f.sheet.nombre for f in fighters]
        if len(starts) > 1:
            shown = ", ".join(f.sheet.nombre for f in starts)
            raise UmbralError(f"«{typed}» puede ser varios combatientes: {shown}.")
        raise name_not_found(f"No hay nadie llamado «{typed}» en el combate.", typed, names)

    def owner(self, fighter_id: str) -> int | None:
        return self.duenos.get(fighter_id)

    def new_id(self, nombre: str) -> str:
        """An id for a new combatant called ``nombre`` (unique in the combat)."""
        base = name_key(nombre) or "combatiente"
        taken = {f.id for f in self.combat.fighters}
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base} {n}", n + 1
        return candidate

    def with_fighter(self, fighter: Fighter, owner: int | None, sheet_id: int | None) -> HieloDoc:
        """The document with ``fighter`` added (refused when its name is taken); ``owner``:
        the player who plays it (``None``: the GM's, as the bestiary's are)."""
        if any(name_key(f.sheet.nombre) == name_key(fighter.sheet.nombre)
               for f in self.combat.fighters):  # fmt: skip
            raise UmbralError(f"{fighter.sheet.nombre} ya está en el combate.")
        combat = replace(self.combat, fighters=(*self.combat.fighters, fighter))
        fichas = dict(self.fichas)
        if sheet_id is not None:
            fichas[fighter.id] = sheet_id
        duenos = dict(self.duenos)
        if owner is not None:
            duenos[fighter.id] = owner
        return HieloDoc(combat, duenos, fichas)

    def with_combat(self, combat: Combat) -> HieloDoc:
        return replace(self, combat=combat)

    def with_intrigue(self, intriga: Intrigue) -> HieloDoc:
        return replace(self, intriga=intriga)

    def require_intrigue(self) -> Intrigue:
        if self.intriga is None:
            raise UmbralError(
                "No ha empezado ninguna intriga en este encuentro: /hielo intriga unirse y "
                "luego /hielo intriga intercambio."
            )
        return self.intriga

    def find_participant(self, typed: str) -> Intrigante:
        """The intrigue's participant called ``typed``."""
        people = self.require_intrigue().participantes
        wanted = name_key(typed)
        found = [p for p in people if name_key(p.sheet.nombre) == wanted] or [
            p for p in people if wanted and name_key(p.sheet.nombre).startswith(wanted)
        ]
        if len(found) != 1:
            names = [p.sheet.nombre for p in people]
            raise name_not_found(f"No hay nadie llamado «{typed}» en la intriga.", typed, names)
        return found[0]

    # --- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> JsonObject:
        data: JsonObject = self.combat.to_dict()
        data["duenos"] = {k: v for k, v in self.duenos.items()}
        data["fichas"] = {k: v for k, v in self.fichas.items()}
        data["phase"] = phase_of(self.combat)
        data["intriga"] = None if self.intriga is None else self.intriga.to_dict()
        data["intriga_entradas"] = list(self.entradas)
        data["intriga_cambios"] = list(self.cambios)
        if self.intriga is not None:  # its exchange and turn restart the waiting clock
            i = self.intriga
            waiting = i.pendiente.objetivo if i.pendiente else i.current
            data["phase"] += f"|intriga:{i.intercambio}:{i.turno}:{waiting or ''}"
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HieloDoc:
        intriga = data.get("intriga")
        return cls(
            Combat.from_dict(data),
            {str(k): int(v) for k, v in dict(data.get("duenos") or {}).items()},
            {str(k): int(v) for k, v in dict(data.get("fichas") or {}).items()},
            None if intriga is None else Intrigue.from_dict(intriga),
            tuple(dict(e) for e in data.get("intriga_entradas") or ()),
            tuple(dict(c) for c in data.get("intriga_cambios") or ()),
        )


def phase_of(combat: Combat) -> str:
    """The phase the waiting clock counts from: the fase, whose turn, a pending hit."""
    if combat.fase is not Fase.ASALTO:
        return str(combat.fase.value)
    waiting = combat.pendiente.defensor if combat.pendiente else combat.current
    return f"{combat.fase.value}:{combat.turno}:{waiting or ''}"


def fighter_names(data: JsonObject) -> list[str]:
    """The combatants' names of a stored document (the shared autocompletes offer them)."""
    doc = HieloDoc.from_dict(data)
    names = [f.sheet.nombre for f in doc.combat.fighters]
    people = doc.intriga.participantes if doc.intriga else ()
    entered = [str(e["sheet"]["nombre"]) for e in doc.entradas]
    return (
        names
        + [p.sheet.nombre for p in people if p.sheet.nombre not in names]
        + [n for n in entered if n not in names]
    )

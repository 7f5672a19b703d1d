"""The stored document of a percentile fight (:mod:`umbral_rules.porcentual`): the rules'
:class:`~umbral_rules.porcentual.Combate` plus what only the bot knows — who plays each
combatant (``duenos``: a player character's owner) and which stored sheet it came from
(``hojas``: a ``system_sheets`` row, never Umbral's ``character_id``). The keys ``asalto``
and ``phase`` restart the encounter's «waiting since» clock when they change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.porcentual import Combate, Combatiente
from umbral_rules.text import name_key

SYSTEM = "porcentual"


@dataclass(frozen=True)
class Mesa:
    """A percentile fight as the bot keeps it."""

    combate: Combate
    duenos: Mapping[str, int] = field(default_factory=dict)
    hojas: Mapping[str, int] = field(default_factory=dict)
    #: Who ambushes (``pj`` / ``enemigo``): the other side starts surprised.
    embosca: str | None = None

    def find(self, nombre: str) -> Combatiente:
        """The combatant called ``nombre`` (matched by its name key), refused in Spanish."""
        key = name_key(nombre)
        for c in self.combate.combatientes:
            if name_key(c.id) == key:
                return c
        names = ", ".join(c.id for c in self.combate.combatientes) or "nadie"
        raise UmbralError(f"No hay ningún combatiente «{nombre.strip()}» en el combate ({names}).")

    def owner(self, cid: str) -> int | None:
        return self.duenos.get(cid)

    def with_combate(self, combate: Combate) -> Mesa:
        return replace(self, combate=combate)

    def acting(self, nombre: str | None, user_id: int, gm: bool) -> str:
        """The combatant a command acts as: ``nombre`` (the user's own, or anyone for the
        GM), else the user's only one; refused in Spanish."""
        if nombre:
            c = self.find(nombre)
            if not gm and self.duenos.get(c.id) != user_id:
                raise UmbralError(f"{c.id} no es tuyo: solo su dueño o el máster lo llevan.")
            return c.id
        mine = [cid for cid, owner in self.duenos.items() if owner == user_id]
        if len(mine) != 1:
            raise UmbralError("Di con qué combatiente actúas (opción `combatiente` o `atacante`).")
        return mine[0]

    def to_dict(self) -> JsonObject:
        asalto = self.combate.asalto
        return {
            "sistema": SYSTEM,
            "combate": self.combate.to_dict(),
            "duenos": dict(self.duenos),
            "hojas": dict(self.hojas),
            "embosca": self.embosca,
            "asalto": 0 if asalto is None else asalto.numero,
            "phase": None if asalto is None else asalto.fase.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Mesa:
        return cls(
            Combate.from_dict(data["combate"]),
            {str(k): int(v) for k, v in data.get("duenos", {}).items()},
            {str(k): int(v) for k, v in data.get("hojas", {}).items()},
            None if data.get("embosca") is None else str(data["embosca"]),
        )


def combatant_names(doc: JsonObject) -> list[str]:
    """The fighters of a stored percentile document (the shared commands' autocompletes)."""
    return [c.id for c in Mesa.from_dict(doc).combate.combatientes]

"""The stored document of a graded fight: the rules' :class:`~umbral_rules.graduado.Combate`
plus what only the bot keeps — which sheet and which player each hero comes from, and the
loot card once the fight is over.

Layout: the rules' JSON (``Combate.to_dict``) and ``asalto`` (the round, so the encounter's
«waiting since» clock restarts with each round), ``vinculos`` ({id: {"sheet_id", "owner_id"}})
and ``botin`` (the loot card, or null). No ``combatants`` key: that is Umbral's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.jsontypes import JsonObject
from umbral_rules import UmbralError
from umbral_rules.graduado import Bando, Combate, Combatiente


@dataclass(frozen=True)
class Vinculo:
    """Where a combatant comes from: its sheet (``sheet_id``, None for none) and who plays
    it (``owner_id``: the player of a hero, the GM who brought an enemy)."""

    sheet_id: int | None
    owner_id: int


@dataclass
class Botin:
    """The loot card: the named items, each player's choice per item (by user id as text),
    and, once shared out, the lines saying who got what."""

    objetos: list[str]
    jugadores: list[int]
    elecciones: dict[str, dict[str, str]] = field(default_factory=dict)
    reparto: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "objetos": list(self.objetos),
            "jugadores": list(self.jugadores),
            "elecciones": {k: dict(v) for k, v in self.elecciones.items()},
            "reparto": self.reparto,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Botin:
        reparto = data.get("reparto")
        return cls(
            [str(o) for o in data.get("objetos", ())],
            [int(j) for j in data.get("jugadores", ())],
            {str(k): {str(u): str(e) for u, e in v.items()} for k, v in data["elecciones"].items()},
            None if reparto is None else [str(r) for r in reparto],
        )


@dataclass
class GradDoc:
    """A graded fight as the bot stores it."""

    combate: Combate
    vinculos: dict[str, Vinculo] = field(default_factory=dict)
    botin: Botin | None = None

    @property
    def ronda(self) -> int:
        return self.combate.ronda

    def vinculo(self, c: Combatiente) -> Vinculo | None:
        return self.vinculos.get(c.id)

    def owned_by(self, user_id: int) -> list[Combatiente]:
        """The heroes ``user_id`` plays, in the order they joined."""
        return [
            c
            for c in self.combate.state.side(Bando.HEROES)
            if (v := self.vinculos.get(c.id)) is not None and v.owner_id == user_id
        ]

    def to_dict(self) -> JsonObject:
        doc: JsonObject = self.combate.to_dict()
        doc["asalto"] = self.combate.ronda
        doc["vinculos"] = {
            k: {"sheet_id": v.sheet_id, "owner_id": v.owner_id} for k, v in self.vinculos.items()
        }
        doc["botin"] = None if self.botin is None else self.botin.to_dict()
        return doc

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GradDoc:
        try:
            links = data.get("vinculos") or {}
            botin = data.get("botin")
            return cls(
                Combate.from_dict(data),
                {
                    str(k): Vinculo(
                        None if v.get("sheet_id") is None else int(v["sheet_id"]),
                        int(v["owner_id"]),
                    )
                    for k, v in links.items()
                },
                None if botin is None else Botin.from_dict(botin),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise UmbralError("El documento de este combate graduado está dañado.") from exc

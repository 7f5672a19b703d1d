"""The typed state of a percentile fight: combatants with their standing, and the asalto
with its phase, order and actions. JSON only through ``to_dict`` / ``from_dict``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..errors import UmbralError
from .acciones import AccionDeclarada, Tipo
from .fichas import Ficha
from .tiradas import InitiativeRoll

FORMAT_VERSION = 1


class Fase(Enum):
    DECLARACION = "declaracion"
    ACCION = "accion"
    CONCLUSION = "conclusion"


@dataclass(frozen=True)
class Condicion:
    """A combatant's standing, which lasts across asaltos."""

    pv: int
    armadura_resistencia: int | None = None
    escudo_resistencia: int | None = None
    en_suelo: bool = False
    montado: bool = False
    mele_con: tuple[str, ...] = ()
    inmovilizado_por: str | None = None
    guardia_completa: bool = False
    #: Full asaltos spent in Prepararse (each +10 %, at most +50 %), spent by the next attack.
    preparado: int = 0
    #: Recarga still owed, per weapon: «el número de acciones de combate que debemos invertir».
    recarga: tuple[tuple[str, int], ...] = ()
    #: A Huida prepared: «al llegar al siguiente asalto … podremos abandonar el combate».
    huida_lista: bool = False
    #: Leaving by movement this asalto: «podría hacernos un ataque normal con un +25%».
    huyendo: bool = False
    inconsciente_minutos: int = 0
    #: The weapon in hand (its Fuerza mínima counts against the Iniciativa).
    arma_lista: str | None = None
    armas_perdidas: tuple[str, ...] = ()
    sorprendido: bool = False

    def recarga_de(self, arma: str) -> int:
        return dict(self.recarga).get(arma, 0)

    def with_recarga(self, arma: str, owed: int) -> Condicion:
        rest = tuple((a, n) for a, n in self.recarga if a != arma)
        return replace(self, recarga=rest + (((arma, owed),) if owed > 0 else ()))

    def to_dict(self) -> dict[str, Any]:
        return {
            "pv": self.pv,
            "armadura_resistencia": self.armadura_resistencia,
            "escudo_resistencia": self.escudo_resistencia,
            "en_suelo": self.en_suelo,
            "montado": self.montado,
            "mele_con": list(self.mele_con),
            "inmovilizado_por": self.inmovilizado_por,
            "guardia_completa": self.guardia_completa,
            "preparado": self.preparado,
            "recarga": [[a, n] for a, n in self.recarga],
            "huida_lista": self.huida_lista,
            "huyendo": self.huyendo,
            "inconsciente_minutos": self.inconsciente_minutos,
            "arma_lista": self.arma_lista,
            "armas_perdidas": list(self.armas_perdidas),
            "sorprendido": self.sorprendido,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Condicion:
        def opt_int(key: str) -> int | None:
            value = data.get(key)
            return None if value is None else int(value)

        def opt_str(key: str) -> str | None:
            value = data.get(key)
            return None if value is None else str(value)

        return cls(
            pv=int(data["pv"]),
            armadura_resistencia=opt_int("armadura_resistencia"),
            escudo_resistencia=opt_int("escudo_resistencia"),
            en_suelo=bool(data.get("en_suelo", False)),
            montado=bool(data.get("montado", False)),
            mele_con=tuple(str(x) for x in data.get("mele_con", ())),
            inmovilizado_por=opt_str("inmovilizado_por"),
            guardia_completa=bool(data.get("guardia_completa", False)),
            preparado=int(data.get("preparado", 0)),
            recarga=tuple((str(a), int(n)) for a, n in data.get("recarga", ())),
            huida_lista=bool(data.get("huida_lista", False)),
            huyendo=bool(data.get("huyendo", False)),
            inconsciente_minutos=int(data.get("inconsciente_minutos", 0)),
            arma_lista=opt_str("arma_lista"),
            armas_perdidas=tuple(str(x) for x in data.get("armas_perdidas", ())),
            sorprendido=bool(data.get("sorprendido", False)),
        )


@dataclass(frozen=True)
class Combatiente:
    """``pj``: a player character (wins initiative ties against a PNJ)."""

    id: str
    ficha: Ficha
    pj: bool
    cond: Condicion

    @classmethod
    def nuevo(
        cls, id: str, ficha: Ficha, *, pj: bool, montado: bool = False, sorprendido: bool = False
    ) -> Combatiente:
        return cls(
            id,
            ficha,
            pj,
            Condicion(
                pv=ficha.pv,
                armadura_resistencia=None if ficha.armadura is None else ficha.armadura.resistencia,
                escudo_resistencia=None if ficha.escudo is None else ficha.escudo.resistencia,
                montado=montado,
                arma_lista=ficha.armas[0].nombre if ficha.armas else None,
                sorprendido=sorprendido,
            ),
        )

    @property
    def con_escudo(self) -> bool:
        return self.ficha.escudo is not None and (self.cond.escudo_resistencia or 0) > 0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "ficha": self.ficha.to_dict(), "pj": self.pj, **self.cond.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Combatiente:
        return cls(
            str(data["id"]),
            Ficha.from_dict(data["ficha"]),
            bool(data["pj"]),
            Condicion.from_dict(data),
        )


@dataclass(frozen=True)
class Iniciativa:
    """One combatant's initiative this asalto: the die, AGI, each modifier by name, and
    Ataque Rápido's +5 once declared."""

    id: str
    roll: InitiativeRoll
    mods: tuple[tuple[str, int], ...] = ()
    rapido: int = 0

    @property
    def total(self) -> int:
        return self.roll.total + self.rapido

    def to_dict(self) -> dict[str, Any]:
        r = self.roll
        return {
            "id": self.id,
            "face": r.face,
            "sides": r.sides,
            "agilidad": r.agilidad,
            "modifier": r.modifier,
            "mods": [[n, v] for n, v in self.mods],
            "rapido": self.rapido,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Iniciativa:
        roll = InitiativeRoll(
            int(data["face"]), int(data["agilidad"]), int(data["modifier"]), int(data["sides"])
        )
        mods = tuple((str(n), int(v)) for n, v in data.get("mods", ()))
        return cls(str(data["id"]), roll, mods, int(data.get("rapido", 0)))


@dataclass(frozen=True)
class Asalto:
    """One asalto. ``orden_declaracion`` / ``orden_accion``: slots of ids (a slot with two
    ids act at the same time); ``turno``: the slot of the Acción whose turn it is;
    ``hechas`` / ``perdidas``: (id, index of the declared action)."""

    numero: int
    fase: Fase
    iniciativas: tuple[Iniciativa, ...]
    orden_declaracion: tuple[tuple[str, ...], ...]
    declaraciones: tuple[tuple[str, tuple[AccionDeclarada, ...]], ...] = ()
    orden_accion: tuple[tuple[str, ...], ...] = ()
    turno: int = 0
    hechas: tuple[tuple[str, int], ...] = ()
    perdidas: tuple[tuple[str, int, str], ...] = ()
    pendientes: tuple[str, ...] = ()
    emboscada: bool = False
    #: Defences used: (defender, index of its action, attacker, d100 face). A Parada stops one
    #: attack of each enemy it names; an Esquivar's one roll covers one enemy's attacks.
    usos: tuple[tuple[str, int, str, int], ...] = ()

    def iniciativa(self, cid: str) -> Iniciativa:
        for ini in self.iniciativas:
            if ini.id == cid:
                return ini
        raise UmbralError(f"«{cid}» no está en este asalto.")

    def declarado(self, cid: str) -> tuple[AccionDeclarada, ...] | None:
        return dict(self.declaraciones).get(cid)

    @property
    def por_declarar(self) -> tuple[str, ...]:
        done = dict(self.declaraciones)
        return tuple(c for slot in self.orden_declaracion for c in slot if c not in done)

    def pendientes_de(self, cid: str, *, solo_no_defensivas: bool = False) -> tuple[int, ...]:
        """Indices of the declared actions of ``cid`` still to be done."""
        acts = self.declarado(cid) or ()
        closed = {i for c, i in self.hechas if c == cid} | {
            i for c, i, _ in self.perdidas if c == cid
        }
        return tuple(
            i
            for i, a in enumerate(acts)
            if i not in closed and not (solo_no_defensivas and a.tipo is Tipo.DEFENSA)
        )

    def slot_de(self, cid: str) -> int:
        for index, slot in enumerate(self.orden_accion):
            if cid in slot:
                return index
        raise UmbralError(f"«{cid}» no está en el orden de acción.")

    @property
    def por_actuar(self) -> tuple[str, ...]:
        """Who still has an action to make this asalto (defences aside)."""
        return tuple(
            c
            for slot in self.orden_accion
            for c in slot
            if self.pendientes_de(c, solo_no_defensivas=True)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "numero": self.numero,
            "fase": self.fase.value,
            "iniciativas": [i.to_dict() for i in self.iniciativas],
            "orden_declaracion": [list(s) for s in self.orden_declaracion],
            "declaraciones": [[c, [a.to_dict() for a in acts]] for c, acts in self.declaraciones],
            "orden_accion": [list(s) for s in self.orden_accion],
            "turno": self.turno,
            "hechas": [[c, i] for c, i in self.hechas],
            "perdidas": [[c, i, m] for c, i, m in self.perdidas],
            "pendientes": list(self.pendientes),
            "emboscada": self.emboscada,
            "usos": [list(u) for u in self.usos],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Asalto:
        return cls(
            numero=int(data["numero"]),
            fase=Fase(data["fase"]),
            iniciativas=tuple(Iniciativa.from_dict(i) for i in data["iniciativas"]),
            orden_declaracion=tuple(tuple(str(c) for c in s) for s in data["orden_declaracion"]),
            declaraciones=tuple(
                (str(c), tuple(AccionDeclarada.from_dict(a) for a in acts))
                for c, acts in data.get("declaraciones", ())
            ),
            orden_accion=tuple(tuple(str(c) for c in s) for s in data.get("orden_accion", ())),
            turno=int(data.get("turno", 0)),
            hechas=tuple((str(c), int(i)) for c, i in data.get("hechas", ())),
            perdidas=tuple((str(c), int(i), str(m)) for c, i, m in data.get("perdidas", ())),
            pendientes=tuple(str(p) for p in data.get("pendientes", ())),
            emboscada=bool(data.get("emboscada", False)),
            usos=tuple((str(d), int(i), str(a), int(f)) for d, i, a, f in data.get("usos", ())),
        )


@dataclass(frozen=True)
class Combate:
    """The whole fight: its combatants and the current asalto (``None`` before the first)."""

    combatientes: tuple[Combatiente, ...]
    asalto: Asalto | None = None
    #: An emboscada: its first asalto uses the ambush rules for the surprised.
    emboscada: bool = False

    def __post_init__(self) -> None:
        ids = [c.id for c in self.combatientes]
        if len(set(ids)) != len(ids):
            raise UmbralError("Dos combatientes no pueden compartir nombre en un combate.")

    def combatiente(self, cid: str) -> Combatiente:
        for c in self.combatientes:
            if c.id == cid:
                return c
        raise UmbralError(f"No hay ningún combatiente «{cid}» en este combate.")

    def with_cond(self, cid: str, cond: Condicion) -> Combate:
        return replace(
            self,
            combatientes=tuple(
                replace(c, cond=cond) if c.id == cid else c for c in self.combatientes
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "combatientes": [c.to_dict() for c in self.combatientes],
            "asalto": None if self.asalto is None else self.asalto.to_dict(),
            "emboscada": self.emboscada,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Combate:
        if int(data.get("version", FORMAT_VERSION)) > FORMAT_VERSION:
            raise UmbralError("Este combate lo guardó una versión más nueva del bot.")
        asalto = data.get("asalto")
        return cls(
            tuple(Combatiente.from_dict(c) for c in data["combatientes"]),
            None if asalto is None else Asalto.from_dict(asalto),
            bool(data.get("emboscada", False)),
        )

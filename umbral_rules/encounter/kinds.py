"""The closed vocabularies of an encounter's state, as enums.

Each is a :class:`~enum.StrEnum` whose values are the words the stored JSON has always
used, so a member compares equal to its word (``Status.MALHERIDO == "malherido"``) and the
JSON form (:mod:`.codec`) writes ``member.value``.
"""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """How the fight is played (``tables.MODES``)."""

    MESA = "mesa"
    NARRATIVO = "narrativo"
    TACTICO = "tactico"


class Phase(StrEnum):
    """The half of the asalto: the players act first, then the enemies."""

    JUGADORES = "jugadores"
    ENEMIGOS = "enemigos"


class Side(StrEnum):
    """A combatant's side: a player character or an enemy of the bestiary."""

    PJ = "pj"
    ENEMIGO = "enemigo"


class Status(StrEnum):
    """A combatant's standing. Only ``activo`` acts, attacks and is attacked normally."""

    ACTIVO = "activo"
    MALHERIDO = "malherido"
    ESTABILIZADO = "estabilizado"
    MUERTO = "muerto"
    FUERA = "fuera"


class Accion(StrEnum):
    """What the acción has become this asalto."""

    LIBRE = "libre"
    GASTADA = "gastada"
    MOVIMIENTO = "movimiento"


class Respuesta(StrEnum):
    """The three respuestas (``tables.RESPUESTAS``): one per asalto."""

    OPORTUNIDAD = "oportunidad"
    LARGA = "larga"
    SOSTENER = "sostener"


class PlanKind(StrEnum):
    """How a planned attack resolves.

    ``mesa_ataque``: a PC against a static Defensa (Mesa); ``pendiente_mesa``: it waits for
    the PC's Defensa roll (Mesa); ``disparo``: a shot, static Defensa; ``indefenso``: a target
    that cannot defend, static Defensa; ``enfrentado``: both roll now;
    ``pendiente_enfrentado``: the attack die is rolled now, the PC's defense die waits.
    """

    MESA_ATAQUE = "mesa_ataque"
    PENDIENTE_MESA = "pendiente_mesa"
    DISPARO = "disparo"
    INDEFENSO = "indefenso"
    ENFRENTADO = "enfrentado"
    PENDIENTE_ENFRENTADO = "pendiente_enfrentado"

    @property
    def waits(self) -> bool:
        """The attack becomes a pending defense."""
        return self in (PlanKind.PENDIENTE_MESA, PlanKind.PENDIENTE_ENFRENTADO)

    @property
    def opposed(self) -> bool:
        """Both roll (now or later): the attacker counts for the target's acoso."""
        return self in (PlanKind.ENFRENTADO, PlanKind.PENDIENTE_ENFRENTADO)


class PendingKind(StrEnum):
    """A pending defense: one Mesa roll per asalto, or one opposed die per attack."""

    MESA = "mesa"
    ENFRENTADO = "enfrentado"


class TiradaPurpose(StrEnum):
    """What a check recorded for Aliento is for (``quebrantado``: shaking off that estado)."""

    TIRADA = "tirada"
    RETO = "reto"
    ESTABILIZAR = "estabilizar"
    QUEBRANTADO = "quebrantado"


class RetoEffect(StrEnum):
    """What a roll does to a reto (``tables.RETO_GRADE_EFFECT``)."""

    EXITO = "exito"
    FRACASO = "fracaso"
    NADA = "nada"

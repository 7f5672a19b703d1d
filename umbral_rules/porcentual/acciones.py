"""The Acciones de Combate: what each costs, its kind, and which combinations the seed allows
in one asalto («dos acciones normales o una acción extendida»).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..errors import UmbralError


class Tipo(Enum):
    MOVIMIENTO = "movimiento"
    ATAQUE = "ataque"
    DEFENSA = "defensa"
    OTRA = "otra"


class Coste(Enum):
    NORMAL = 1  # «cuentan como una acción de las dos»
    EXTENDIDA = 2  # «necesitan las dos acciones»
    LIBRE = 0  # «No consumen acciones»


class Accion(Enum):
    # acciones de movimiento
    MOVIMIENTO_NORMAL = "movimiento_normal"
    CARRERA = "carrera"
    REPTAR = "reptar"
    MELE = "mele"
    LEVANTARSE = "levantarse"
    MONTAR = "montar"
    NADAR = "nadar"
    SALTAR = "saltar"
    TREPAR = "trepar"
    # acciones de ataque
    CUERPO_A_CUERPO = "cuerpo_a_cuerpo"
    A_DISTANCIA = "a_distancia"
    ALANCEAR = "alancear"
    ANAGAZA = "anagaza"
    ATAQUE_ESCUDO = "ataque_escudo"
    DOBLE = "doble"
    PRECISO = "preciso"
    RAPIDO = "rapido"
    RECIO = "recio"
    ATURDIR = "aturdir"
    BARRIDO = "barrido"
    CARGA = "carga"
    CARGA_CABALLO = "carga_caballo"
    CLAVA_ESCUDO = "clava_escudo"
    DESARMAR = "desarmar"
    DESCABALGAR = "descabalgar"
    EMPUJON = "empujon"
    INMOVILIZAR = "inmovilizar"
    DANIO_INMOVILIZADO = "danio_inmovilizado"
    TROPIEZO = "tropiezo"
    # acciones de defensa
    PARADA = "parada"
    PARADA_ESCUDO = "parada_escudo"
    ESQUIVAR = "esquivar"
    BUSCAR_COBERTURA = "buscar_cobertura"
    DEFENSA_COMPLETA = "defensa_completa"
    GUARDIA_COMPLETA = "guardia_completa"
    HUIDA = "huida"
    LIBERARSE = "liberarse"
    SERPENTEAR = "serpentear"
    ZAFARSE = "zafarse"
    # otras acciones
    DAR_OBJETO = "dar_objeto"
    DESENVAINAR = "desenvainar"
    COLOCAR_ESCUDO = "colocar_escudo"
    RECARGAR = "recargar"
    HECHIZO = "hechizo"
    PREPARARSE = "prepararse"
    TRETA = "treta"
    LIBRE = "libre"


@dataclass(frozen=True)
class AccionInfo:
    nombre: str
    tipo: Tipo
    coste: Coste
    varas: int = 0  # how far a movement takes one


_N, _E, _L = Coste.NORMAL, Coste.EXTENDIDA, Coste.LIBRE
_MOV, _ATQ, _DEF, _OTR = Tipo.MOVIMIENTO, Tipo.ATAQUE, Tipo.DEFENSA, Tipo.OTRA

#: Name, kind, cost (and varas) of every action, as the seed lists them.
ACCIONES: Mapping[Accion, AccionInfo] = {
    Accion.MOVIMIENTO_NORMAL: AccionInfo("Movimiento Normal", _MOV, _N, 6),
    Accion.CARRERA: AccionInfo("Movimiento de Carrera", _MOV, _N, 12),
    Accion.REPTAR: AccionInfo("Movimiento Reptante", _MOV, _N, 3),
    Accion.MELE: AccionInfo("Movimiento de Melé", _MOV, _N),
    Accion.LEVANTARSE: AccionInfo("Levantarse del Suelo", _MOV, _N),
    Accion.MONTAR: AccionInfo("Montar/Desmontar", _MOV, _N),
    Accion.NADAR: AccionInfo("Nadar", _MOV, _N, 3),  # «buceando … 2 varas»
    Accion.SALTAR: AccionInfo("Saltar", _MOV, _N),
    Accion.TREPAR: AccionInfo("Trepar", _MOV, _N, 2),
    Accion.CUERPO_A_CUERPO: AccionInfo("Ataque Cuerpo a Cuerpo", _ATQ, _N),
    Accion.A_DISTANCIA: AccionInfo("Ataque a Distancia", _ATQ, _N),
    Accion.ALANCEAR: AccionInfo("Alancear", _ATQ, _E),
    Accion.ANAGAZA: AccionInfo("Añagaza", _ATQ, _E),
    Accion.ATAQUE_ESCUDO: AccionInfo("Ataque de Escudo", _ATQ, _N),
    Accion.DOBLE: AccionInfo("Ataque Doble", _ATQ, _E),
    Accion.PRECISO: AccionInfo("Ataque Preciso", _ATQ, _N),
    Accion.RAPIDO: AccionInfo("Ataque Rápido", _ATQ, _N),
    Accion.RECIO: AccionInfo("Ataque Recio", _ATQ, _E),
    Accion.ATURDIR: AccionInfo("Aturdir", _ATQ, _N),
    Accion.BARRIDO: AccionInfo("Barrido", _ATQ, _E),
    Accion.CARGA: AccionInfo("Carga", _ATQ, _E, 12),
    Accion.CARGA_CABALLO: AccionInfo("Carga a Caballo", _ATQ, _E, 20),
    Accion.CLAVA_ESCUDO: AccionInfo("Clava de Escudo", _ATQ, _N),
    Accion.DESARMAR: AccionInfo("Desarmar", _ATQ, _N),
    Accion.DESCABALGAR: AccionInfo("Descabalgar", _ATQ, _N),
    Accion.EMPUJON: AccionInfo("Empujón", _ATQ, _N),
    Accion.INMOVILIZAR: AccionInfo("Inmovilizar", _ATQ, _E),
    Accion.DANIO_INMOVILIZADO: AccionInfo("Daño a un inmovilizado", _ATQ, _E),
    Accion.TROPIEZO: AccionInfo("Tropiezo", _ATQ, _N),
    Accion.PARADA: AccionInfo("Parada", _DEF, _N),
    Accion.PARADA_ESCUDO: AccionInfo("Parada con Escudo", _DEF, _N),
    Accion.ESQUIVAR: AccionInfo("Esquivar", _DEF, _N),
    Accion.BUSCAR_COBERTURA: AccionInfo("Buscar Cobertura", _DEF, _E),
    Accion.DEFENSA_COMPLETA: AccionInfo("Defensa Completa", _DEF, _E),
    Accion.GUARDIA_COMPLETA: AccionInfo("Guardia Completa", _DEF, _N),
    Accion.HUIDA: AccionInfo("Huida", _DEF, _E),
    Accion.LIBERARSE: AccionInfo("Liberarse", _DEF, _E),
    Accion.SERPENTEAR: AccionInfo("Serpentear", _DEF, _E, 6),
    Accion.ZAFARSE: AccionInfo("Zafarse", _DEF, _N),
    Accion.DAR_OBJETO: AccionInfo("Dar Objeto", _OTR, _N),
    Accion.DESENVAINAR: AccionInfo("Desenvainar", _OTR, _N),
    Accion.COLOCAR_ESCUDO: AccionInfo("Colocar el escudo", _OTR, _N),
    Accion.RECARGAR: AccionInfo("Recargar", _OTR, _N),
    Accion.HECHIZO: AccionInfo("Lanzar un Hechizo", _OTR, _E),
    # «Prepararse (Variable)»: [D] declared for a whole asalto («por cada asalto completo»).
    Accion.PREPARARSE: AccionInfo("Prepararse", _OTR, _E),
    Accion.TRETA: AccionInfo("Tretas", _OTR, _N),
    Accion.LIBRE: AccionInfo("Acción libre", _OTR, _L),
}

#: The defences a Movimiento de Melé admits: «que no sea una esquiva, una parada o una
#: parada con escudo».
MELE_DEFENSAS = frozenset({Accion.ESQUIVAR, Accion.PARADA, Accion.PARADA_ESCUDO})
#: Defensa Completa: «sólo puede ser una acción normal (Parada, Esquivar, Zafarse, etc.)».
#: Huida: «hasta dos acciones defensivas»; both are normal defences.
NORMAL_DEFENSES = frozenset(
    a for a, f in ACCIONES.items() if f.tipo is Tipo.DEFENSA and f.coste is Coste.NORMAL
)
ACCIONES_POR_ASALTO = 2


@dataclass(frozen=True)
class AccionDeclarada:
    """One declared action. ``objetivos``: who it is aimed at (a Parada lists the enemies it
    stops; a Barrido, everyone it sweeps, in order). ``arma``/``arma_secundaria``: weapons by
    name (Ataque Doble: ``arma_secundaria`` is the light one). ``aumentos``: Ataque Recio's
    steps. ``defensa``: the normal defence a Defensa Completa makes. ``mano_torpe``: with the
    off hand. ``detalle``: free words (a treta, a spell)."""

    accion: Accion
    objetivos: tuple[str, ...] = ()
    arma: str | None = None
    arma_secundaria: str | None = None
    aumentos: int = 0
    defensa: Accion | None = None
    mano_torpe: bool = False
    detalle: str = ""

    @property
    def ficha(self) -> AccionInfo:
        return ACCIONES[self.accion]

    @property
    def tipo(self) -> Tipo:
        return ACCIONES[self.accion].tipo

    @property
    def coste(self) -> int:
        return ACCIONES[self.accion].coste.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "accion": self.accion.value,
            "objetivos": list(self.objetivos),
            "arma": self.arma,
            "arma_secundaria": self.arma_secundaria,
            "aumentos": self.aumentos,
            "defensa": None if self.defensa is None else self.defensa.value,
            "mano_torpe": self.mano_torpe,
            "detalle": self.detalle,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AccionDeclarada:
        defensa = data.get("defensa")
        arma, arma2 = data.get("arma"), data.get("arma_secundaria")
        return cls(
            Accion(data["accion"]),
            tuple(str(o) for o in data.get("objetivos", ())),
            None if arma is None else str(arma),
            None if arma2 is None else str(arma2),
            int(data.get("aumentos", 0)),
            None if defensa is None else Accion(defensa),
            bool(data.get("mano_torpe", False)),
            str(data.get("detalle", "")),
        )


@dataclass(frozen=True)
class Situacion:
    """What of a combatant's standing limits what it may declare."""

    en_suelo: bool = False
    en_mele: bool = False
    inmovilizado: bool = False
    con_escudo: bool = False


def _name(a: AccionDeclarada) -> str:
    return a.ficha.nombre


def check_declaration(acciones: Sequence[AccionDeclarada], situacion: Situacion) -> None:
    """Refuse (in Spanish) a set of actions the seed does not allow in one asalto."""
    kinds = [a.tipo for a in acciones]
    huida = any(a.accion is Accion.HUIDA for a in acciones)
    cost = sum(a.coste for a in acciones if not (huida and a.accion in NORMAL_DEFENSES))
    if cost > ACCIONES_POR_ASALTO:
        raise UmbralError(
            "En un asalto caben dos acciones normales o una extendida: "
            + ", ".join(_name(a) for a in acciones)
            + " son demasiadas."
        )
    if huida and sum(1 for a in acciones if a.accion in NORMAL_DEFENSES) > 2:
        raise UmbralError("La Huida permite como mucho dos acciones defensivas.")
    if huida and any(a.accion is not Accion.HUIDA and a.tipo is not Tipo.DEFENSA for a in acciones):
        raise UmbralError("Con la Huida solo caben acciones defensivas.")
    seen_attack = False
    for a in acciones:
        if a.tipo is Tipo.ATAQUE:
            seen_attack = True
        elif a.tipo is Tipo.MOVIMIENTO and seen_attack:
            raise UmbralError(
                "Con un movimiento y un ataque, el movimiento va siempre primero: «nunca "
                "podremos llevar a cabo un ataque y luego un movimiento»."
            )
    accions = {a.accion for a in acciones}
    if Accion.LEVANTARSE in accions and Tipo.ATAQUE in kinds:
        raise UmbralError("El asalto en que te levantas no admite ataques, solo defensas.")
    if Accion.MELE in accions:
        others = [a for a in acciones if a.accion is not Accion.MELE]
        if any(
            a.tipo in (Tipo.ATAQUE, Tipo.MOVIMIENTO)
            or (a.tipo is Tipo.DEFENSA and a.accion not in MELE_DEFENSAS)
            for a in others
        ):
            raise UmbralError(
                "El Movimiento de Melé no admite en el asalto ataques, movimientos ni defensas "
                "que no sean una esquiva, una parada o una parada con escudo."
            )
    for a in acciones:
        _check_one(a, situacion, kinds)


def _check_one(a: AccionDeclarada, s: Situacion, kinds: list[Tipo]) -> None:
    if a.accion is Accion.DEFENSA_COMPLETA:
        if a.defensa not in NORMAL_DEFENSES:
            raise UmbralError(
                "La Defensa Completa es una única defensa normal (Parada, Esquivar, Zafarse…), "
                "nunca extendida."
            )
    elif a.defensa is not None:
        raise UmbralError("Solo la Defensa Completa lleva una defensa dentro.")
    if a.accion in (Accion.LEVANTARSE, Accion.REPTAR) and not s.en_suelo:
        raise UmbralError(f"{_name(a)}: solo si estás en el suelo.")
    if a.tipo is Tipo.MOVIMIENTO and s.inmovilizado:
        raise UmbralError("Un personaje inmovilizado no puede moverse.")
    if a.accion in (Accion.INMOVILIZAR, Accion.ZAFARSE) and not s.en_mele:
        raise UmbralError(f"{_name(a)}: solo en una situación de melé.")
    if a.accion is Accion.LIBERARSE and not s.inmovilizado:
        raise UmbralError("Liberarse: solo si te han inmovilizado.")
    if a.accion is Accion.GUARDIA_COMPLETA and not s.con_escudo:
        raise UmbralError("La Guardia Completa requiere el uso de un escudo.")
    if a.accion is Accion.PARADA_ESCUDO and not s.con_escudo:
        raise UmbralError("Para parar con escudo hay que llevar un escudo.")
    if a.accion is Accion.RECIO and a.aumentos < 1:
        raise UmbralError("El Ataque Recio pide al menos un aumento en la tabla de bonificador.")
    if a.accion is not Accion.RECIO and a.aumentos:
        raise UmbralError("Solo el Ataque Recio pide aumentos.")
    if a.accion is Accion.BARRIDO and len(set(a.objetivos)) < 2:
        raise UmbralError("El Barrido es para cuando te rodean dos o más enemigos.")
    if a.accion is Accion.PARADA and len(set(a.objetivos)) != len(a.objetivos):
        raise UmbralError(
            "No se puede llevar a cabo una parada múltiple para detener dos ataques "
            "procedentes de un mismo oponente."
        )
    if a.accion is Accion.DEFENSA_COMPLETA and Tipo.ATAQUE in kinds:
        raise UmbralError("La Defensa Completa es para el asalto en que no atacas.")

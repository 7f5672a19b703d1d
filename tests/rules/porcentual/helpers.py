"""Test tables and sheets of the percentile game. The tables are OURS, made up for the tests:
the seed names the Tabla de Bonificador de Daño, the localización de impactos and the Tabla
de Armas without printing them, so the rules take them as inputs."""

from __future__ import annotations

from collections.abc import Sequence

from umbral_rules.dice import ForcedDice
from umbral_rules.porcentual.acciones import Accion, AccionDeclarada
from umbral_rules.porcentual.asalto import declarar, empezar_asalto
from umbral_rules.porcentual.estado import Combate, Combatiente
from umbral_rules.porcentual.fichas import (
    AGILIDAD,
    FUERZA,
    PERCEPCION,
    RESISTENCIA,
    Alcance,
    Arma,
    Armadura,
    Escudo,
    Ficha,
    Rasgo,
    Tamano,
    TamanoEscudo,
    TipoArma,
)
from umbral_rules.porcentual.tablas import (
    BonusRow,
    DamageBonusTable,
    HitLocationTable,
    Lado,
    Localizacion,
    Tablas,
    Zona,
)
from umbral_rules.porcentual.tiradas import DiceExpr

D = DiceExpr.parse

BONUS = DamageBonusTable(
    pasos=(D("0"), D("1D4"), D("1D6"), D("2D6")),
    filas=(BonusRow(0, 12, 0), BonusRow(13, 16, 1), BonusRow(17, 20, 2), BonusRow(21, 50, 3)),
)
LOCATIONS = HitLocationTable(
    (
        Localizacion("cabeza", Zona.CABEZA),
        Localizacion("brazo izquierdo", Zona.EXTREMIDAD),
        Localizacion("brazo derecho", Zona.EXTREMIDAD),
        Localizacion("pecho", Zona.TRONCO),
        Localizacion("pecho", Zona.TRONCO),
        Localizacion("abdomen", Zona.TRONCO),
        Localizacion("abdomen", Zona.TRONCO),
        Localizacion("pierna izquierda", Zona.EXTREMIDAD, True, Lado.IZQUIERDO),
        Localizacion("pierna derecha", Zona.EXTREMIDAD, True, Lado.DERECHO),
        Localizacion("pierna derecha", Zona.EXTREMIDAD, True, Lado.DERECHO),
    )
)
TABLAS = Tablas(BONUS, LOCATIONS)

ESPADA = Arma(
    "espada", "Espadas", D("1D8+1"), FUERZA, 10, Tamano.MEDIO, rasgos=frozenset({Rasgo.CORTE})
)
DAGA = Arma(
    "daga", "Dagas", D("1D4"), AGILIDAD, 5, Tamano.LIGERO, rasgos=frozenset({Rasgo.PERFORANTE})
)
ESPADON = Arma(
    "espadon", "Espadas", D("2D6"), FUERZA, 14, Tamano.PESADO, rasgos=frozenset({Rasgo.CORTE})
)
MAZA = Arma(
    "maza", "Mazas", D("1D6+1"), FUERZA, 10, Tamano.MEDIO, rasgos=frozenset({Rasgo.CONTUNDENTE})
)
HACHA = Arma(
    "hacha",
    "Hachas",
    D("1D8"),
    FUERZA,
    11,
    Tamano.MEDIO,
    rasgos=frozenset({Rasgo.HACHA, Rasgo.CORTE}),
)
LANZA = Arma(
    "lanza",
    "Lanzas",
    D("1D8"),
    FUERZA,
    10,
    Tamano.MEDIO,
    rasgos=frozenset({Rasgo.LANZA, Rasgo.PERFORANTE, Rasgo.GANCHO}),
)
CUCHILLO = Arma(
    "cuchillo",
    "Lanzar",
    D("1D6"),
    FUERZA,
    0,
    Tamano.LIGERO,
    TipoArma.ARROJADIZA,
    alcance=Alcance(fue=True),
)
BALLESTA = Arma(
    "ballesta",
    "Ballestas",
    D("1D10"),
    PERCEPCION,
    8,
    Tamano.MEDIO,
    TipoArma.PROYECTIL,
    frozenset({Rasgo.BALLESTA}),
    Alcance(20, 50, 100),
    recarga=3,
)
ARCO = Arma(
    "arco",
    "Arcos",
    D("1D6"),
    PERCEPCION,
    8,
    Tamano.MEDIO,
    TipoArma.PROYECTIL,
    frozenset({Rasgo.ARCO}),
    Alcance(15, 40, 60),
    recarga=1,
)
MANOS = Arma("manos", "Pelea", D("1D3"), FUERZA, 0, Tamano.LIGERO)
COTA = Armadura("cota de mallas", proteccion=4, resistencia=20, iniciativa=-2)
ROPA = Armadura("ropa gruesa", proteccion=1, resistencia=5)
YELMO = Armadura("coraza con yelmo", proteccion=5, resistencia=30, iniciativa=-3, casco_metal=True)
ESCUDO = Escudo("escudo de madera", TamanoEscudo.MEDIO, 10, ("brazo izquierdo", "pecho"))

SKILLS = {
    "Espadas": 60,
    "Dagas": 50,
    "Mazas": 50,
    "Hachas": 55,
    "Lanzas": 50,
    "Lanzar": 40,
    "Ballestas": 50,
    "Arcos": 50,
    "Pelea": 40,
    "Escudos": 50,
    "Esquivar": 50,
    "Correr": 40,
    "Saltar": 40,
    "Cabalgar": 50,
}


def ficha(
    nombre: str,
    *,
    fuerza: int = 12,
    agilidad: int = 10,
    percepcion: int = 10,
    resistencia: int = 12,
    armas: Sequence[Arma] = (ESPADA, DAGA, MANOS),
    armadura: Armadura | None = None,
    escudo: Escudo | None = None,
    pv: int = 20,
    skills: dict[str, int] | None = None,
    hechizos: int = 0,
) -> Ficha:
    comps = dict(SKILLS)
    comps.update(skills or {})
    return Ficha(
        nombre,
        {FUERZA: fuerza, AGILIDAD: agilidad, PERCEPCION: percepcion, RESISTENCIA: resistencia},
        comps,
        tuple(armas),
        armadura,
        escudo,
        pv,
        hechizos,
    )


def pj(nombre: str, **kw: object) -> Combatiente:
    montado = bool(kw.pop("montado", False))
    sorprendido = bool(kw.pop("sorprendido", False))
    return Combatiente.nuevo(
        nombre, ficha(nombre, **kw), pj=True, montado=montado, sorprendido=sorprendido
    )  # type: ignore[arg-type]


def pnj(nombre: str, **kw: object) -> Combatiente:
    montado = bool(kw.pop("montado", False))
    sorprendido = bool(kw.pop("sorprendido", False))
    return Combatiente.nuevo(
        nombre, ficha(nombre, **kw), pj=False, montado=montado, sorprendido=sorprendido
    )  # type: ignore[arg-type]


def dice(*faces: int) -> ForcedDice:
    return ForcedDice(faces, strict=True)


def act(accion: Accion, *objetivos: str, **kw: object) -> AccionDeclarada:
    return AccionDeclarada(accion, tuple(objetivos), **kw)  # type: ignore[arg-type]


def started(combate: Combate, *faces: int) -> Combate:
    return empezar_asalto(combate, dice(*faces))[0]


def declared(combate: Combate, plan: dict[str, Sequence[AccionDeclarada]]) -> Combate:
    """Declare in the order the asalto asks (lowest initiative first)."""
    assert combate.asalto is not None
    for slot in combate.asalto.orden_declaracion:
        for cid in slot:
            combate = declarar(combate, cid, plan.get(cid, ()))[0]
    return combate

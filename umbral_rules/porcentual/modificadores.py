"""Every modifier the seed gives, in one place, with the seed's words.

Percentages are applied in the seed's order: «las competencias primero deben verse
modificadas por estas acciones y, a continuación, por los modificadores que aparecen en la
Tabla de Modificadores». [D] So: the competencia (capped by Cabalgar when mounted) → the
action's halvings («a la mitad», rounded up as the seed rounds Esquivar's half) → the
action's own ± → the situation's ± (the Tabla de Modificadores: mounted, emboscada,
distances, melé, a fleeing enemy, Prepararse, Fuerza mínima, and what the GM loads).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..errors import UmbralError


class Etapa(Enum):
    MITAD = "mitad"  # halves the percentage, rounding up
    ACCION = "accion"  # the action's own ±
    TABLA = "tabla"  # the situation: Tabla de Modificadores al Combate


class Mod(Enum):
    ANAGAZA = "anagaza"
    ANAGAZA_DEFENSA = "anagaza_defensa"
    ATAQUE_ESCUDO = "ataque_escudo"
    MANO_TORPE = "mano_torpe"
    PRECISO = "preciso"
    RAPIDO = "rapido"
    RECIO = "recio"
    ATURDIR = "aturdir"
    ATURDIR_ESPALDA = "aturdir_espalda"
    BARRIDO = "barrido"
    CLAVA_ESCUDO = "clava_escudo"
    DESARMAR = "desarmar"
    DESCABALGAR = "descabalgar"
    TROPIEZO = "tropiezo"
    PARADA_MULTIPLE_2 = "parada_multiple_2"
    PARADA_MULTIPLE_3 = "parada_multiple_3"
    PARADA_MULTIPLE_4 = "parada_multiple_4"
    ESQUIVAR_CRITICO = "esquivar_critico"
    SERPENTEAR = "serpentear"
    SERPENTEAR_TIRADOR = "serpentear_tirador"
    DEFENSA_COMPLETA = "defensa_completa"
    GUARDIA_COMPLETA = "guardia_completa"
    MELE = "mele"
    MONTADO_CONTRA_PIE = "montado_contra_pie"
    EMBOSCADA_ATAQUE = "emboscada_ataque"
    EMBOSCADA_DEFENSA = "emboscada_defensa"
    DISTANCIA_CORTA = "distancia_corta"
    DISTANCIA_MEDIA = "distancia_media"
    DISTANCIA_LARGA = "distancia_larga"
    HUIDA_POR_MOVIMIENTO = "huida_por_movimiento"
    PREPARARSE = "prepararse"
    FUERZA_MINIMA = "fuerza_minima"


@dataclass(frozen=True)
class Regla:
    nombre: str
    etapa: Etapa
    valor: int  # % per time it applies (0 for a halving)
    texto: str  # the seed's words
    maximo: int | None = None  # how many times at most (Prepararse: 5 asaltos, +50 %)


def _m(nombre: str, texto: str) -> Regla:
    return Regla(nombre, Etapa.MITAD, 0, texto)


def _a(nombre: str, valor: int, texto: str, maximo: int | None = None) -> Regla:
    return Regla(nombre, Etapa.ACCION, valor, texto, maximo)


def _t(nombre: str, valor: int, texto: str, maximo: int | None = None) -> Regla:
    return Regla(nombre, Etapa.TABLA, valor, texto, maximo)


MODIFICADORES: Mapping[Mod, Regla] = {
    Mod.ANAGAZA: _m("Añagaza", "una tirada de ataque a la mitad del porcentaje normal"),
    Mod.ANAGAZA_DEFENSA: _m(
        "Añagaza (defensa)", "una acción defensiva a la mitad de su porcentaje habitual"
    ),
    Mod.ATAQUE_ESCUDO: _m("Ataque de Escudo", "Escudos pero a la mitad del porcentaje"),
    Mod.MANO_TORPE: _a("Mano torpe", -25, "las armas manejadas con la mano torpe tienen un -25%"),
    Mod.PRECISO: _a("Ataque Preciso", 25, "su porcentaje de ataque aumenta en un +25%"),
    Mod.RAPIDO: _a("Ataque Rápido", -50, "recibiremos un penalizador de -50%"),
    Mod.RECIO: _a(
        "Ataque Recio",
        -25,
        "un penalizador de -25% por cada aumento que deseemos hacer en la Tabla de "
        "Bonificador de Daño",
    ),
    Mod.ATURDIR: _a("Aturdir", -25, "con un penalizador de -25%"),
    Mod.ATURDIR_ESPALDA: _a("Aturdir por la espalda", 50, "si atacamos por la espalda +50%"),
    Mod.BARRIDO: _a(
        "Barrido", -20, "un penalizador de -20% por cada enemigo por encima del primero"
    ),
    Mod.CLAVA_ESCUDO: _a("Clava de Escudo", -25, "una tirada de ataque con un penalizador de -25%"),
    Mod.DESARMAR: _m("Desarmar", "una tirada de ataque con la mitad de nuestro porcentaje"),
    Mod.DESCABALGAR: _m("Descabalgar", "una tirada de Lanzas a la mitad del porcentaje"),
    Mod.TROPIEZO: _m("Tropiezo", "a la mitad de nuestro porcentaje normal"),
    Mod.PARADA_MULTIPLE_2: _a(
        "Parada múltiple (2)", -25, "dos ataques procedentes de dos enemigos diferentes: -25%"
    ),
    Mod.PARADA_MULTIPLE_3: _a(
        "Parada múltiple (3)", -50, "tres ataques procedentes de tres enemigos diferentes: -50%"
    ),
    Mod.PARADA_MULTIPLE_4: _a(
        "Parada múltiple (4)",
        -75,
        "cuatro ataques procedentes de cuatro enemigos diferentes: -75%",
    ),
    Mod.ESQUIVAR_CRITICO: _m(
        "Esquivar un crítico",
        "como si el valor de la competencia se hubiera reducido a la mitad, redondeando "
        "hacia arriba",
    ),
    Mod.SERPENTEAR: _m("Serpentear", "una tirada de Correr a la mitad de su porcentaje"),
    Mod.SERPENTEAR_TIRADOR: _m(
        "Serpentear (tirador)", "el tirador deberá también hacer su tirada … a la mitad"
    ),
    Mod.DEFENSA_COMPLETA: _a("Defensa Completa", 50, "un modificador de +50% a la tirada"),
    Mod.GUARDIA_COMPLETA: _m(
        "Guardia Completa",
        "el porcentaje … para realizar cualquier tipo de ataque o para parar con el escudo "
        "se verá reducido a la mitad",
    ),
    Mod.MELE: _t("Melé", 50, "tendremos un modificador de +50% a nuestros ataques"),
    Mod.MONTADO_CONTRA_PIE: _t(
        "A caballo contra un soldado a pie",
        25,
        "ganamos un +25% por pelear a caballo contra un soldado a pie",
    ),
    Mod.EMBOSCADA_ATAQUE: _t(
        "Emboscada (atacante)", 25, "su contrincante modificará sus acciones de ataque en un +25%"
    ),
    Mod.EMBOSCADA_DEFENSA: _t(
        "Emboscada (sorprendido)",
        -25,
        "todas las tiradas de acciones defensivas … se verán penalizadas en un -25%",
    ),
    Mod.DISTANCIA_CORTA: _t("Distancia corta", 20, "tendremos un modificador de +20% al ataque"),
    Mod.DISTANCIA_MEDIA: _t("Distancia media", 0, "la tirada de ataque quedará sin modificar"),
    Mod.DISTANCIA_LARGA: _t("Distancia larga", -20, "el modificador al ataque será de -20%"),
    Mod.HUIDA_POR_MOVIMIENTO: _t(
        "Enemigo que huye", 25, "podría hacernos un ataque normal con un +25% a su porcentaje"
    ),
    Mod.PREPARARSE: _t(
        "Prepararse",
        10,
        "Por cada asalto completo … un bonificador de +10% … no podremos acumular más de un +50%",
        maximo=5,
    ),
    Mod.FUERZA_MINIMA: _t(
        "Bajo la Fuerza mínima",
        -5,
        "verá reducido en -5% su porcentaje de ataque … por cada punto por debajo",
    ),
}

# --- the other numbers of the seed: damage, initiative, enfrentamientos ------------------

#: «multiplicaremos el daño obtenido por 1,5, redondeando hacia arriba» (Carga).
CARGA_DANIO = Fraction(3, 2)
#: «la tirada de daño que realicemos con esa arma se multiplicará por dos» (Carga a Caballo).
CARGA_CABALLO_DANIO = 2
#: «multiplicaremos el resultado por dos … el total del PD que recibirá la montura» (Alancear).
ALANCEAR_DANIO = 2
#: «el daño que hagamos se dividirá entre dos, redondeando hacia abajo» (Ataque Preciso).
PRECISO_DIVISOR = 2
#: «todo daño sufrido en la cabeza se multiplicará por dos … en las extremidades se dividen
#: entre dos». [D] The limbs' half rounds down, as the Ataque Preciso's.
CABEZA_MULT = 2
EXTREMIDAD_DIVISOR = 2
#: Aturdir: «una tirada de daño normal que luego multiplicaremos por dos»; «10 veces la
#: cantidad por la que hayamos sobrepasado la Resistencia … (con un mínimo de 10 minutos)».
ATURDIR_DANIO = 2
ATURDIR_MINUTOS_POR_PUNTO = 10
ATURDIR_MINUTOS_MINIMO = 10
#: Clava de Escudo: «tantos puntos de Resistencia como el doble de los PD».
CLAVA_ESCUDO_MULT = 2
#: Fuerza mínima: «1 PD menos … -5% … -1 su tirada de Iniciativa … por cada punto».
FUERZA_MINIMA_PD = 1
FUERZA_MINIMA_INICIATIVA = 1
#: «nuestra Iniciativa se ve aumentada en +5» (Ataque Rápido).
RAPIDO_INICIATIVA = 5
#: Desarmar: «si es un arma pequeña, multiplicaremos la Fuerza x3; si es de tamaño medio,
#: x4; y si es pesada, multiplicaremos x5» (by Tamano.rank).
DESARMAR_FUERZA_MULT = (3, 4, 5)
#: Parada de un arma ligera contra una pesada: «nuestra FUEx3 contra la FUEx5 del atacante».
PARADA_LIGERA_MULT = 3
PARADA_PESADA_MULT = 5
#: «enfrentamiento de Fuerza x5» (Inmovilizar, Liberarse, Empujón, Descabalgar).
FUERZA_ENFRENTAMIENTO = 5
#: Empujón: «una tirada de Agilidad x2 para no caer»; Tropiezo: «Agilidad x3».
EMPUJON_AGILIDAD = 2
TROPIEZO_AGILIDAD = 3
#: Dar Objeto arrojado: «otra de Agilidad x5 para atraparlo».
ATRAPAR_AGILIDAD = 5
#: Descabalgar: «recibe 1D6 PD a consecuencia de la caída»; Inmovilizar «1D3 más su
#: bonificador al daño por Fuerza»; Ataque de Escudo «1D4 … o de 1D4+1»; Aturdir con el pomo
#: «1D4 más el bonificador de daño por la característica de Fuerza».
CAIDA_DANIO = "1D6"
INMOVILIZAR_DANIO = "1D3"
ESCUDO_PEQUENO_DANIO = "1D4"
ESCUDO_MEDIO_DANIO = "1D4+1"
POMO_DANIO = "1D4"
#: The most different enemies one Parada stops at once (the seed lists two to four).
PARADA_MULTIPLE = {2: Mod.PARADA_MULTIPLE_2, 3: Mod.PARADA_MULTIPLE_3, 4: Mod.PARADA_MULTIPLE_4}


def halve_up(value: int) -> int:
    """«reducido a la mitad, redondeando hacia arriba (… 50% … 25% o menos)»."""
    return math.ceil(value / 2)


@dataclass(frozen=True)
class Aplicado:
    """One step of a percentage: what applied, how many times, and the % it changed."""

    nombre: str
    cambio: int
    mod: Mod | None = None
    veces: int = 1


@dataclass(frozen=True)
class Porcentaje:
    """A percentage as it was built, every step visible."""

    competencia: str
    base: int
    pasos: tuple[Aplicado, ...]
    final: int


def porcentaje(
    competencia: str,
    base: int,
    mods: Iterable[tuple[Mod, int]] = (),
    *,
    cabalgar: int | None = None,
    tabla: Iterable[tuple[str, int]] = (),
) -> Porcentaje:
    """Build a percentage: ``mods`` are (modifier, times); ``cabalgar`` caps the competencia
    when mounted; ``tabla`` are the GM's loaded rows of the Tabla de Modificadores."""
    steps: list[Aplicado] = []
    value = base
    if cabalgar is not None and value > cabalgar:
        steps.append(Aplicado("Nunca por encima de Cabalgar", cabalgar - value))
        value = cabalgar
    pending = [(m, n) for m, n in mods if n > 0]
    for etapa in Etapa:
        for mod, times in pending:
            rule = MODIFICADORES[mod]
            if rule.etapa is not etapa:
                continue
            if etapa is Etapa.MITAD:
                for _ in range(times):
                    halved = halve_up(value)
                    steps.append(Aplicado(rule.nombre, halved - value, mod))
                    value = halved
                continue
            count = times if rule.maximo is None else min(times, rule.maximo)
            steps.append(Aplicado(rule.nombre, rule.valor * count, mod, count))
            value += rule.valor * count
        if etapa is Etapa.TABLA:
            for name, change in tabla:
                steps.append(Aplicado(name, change))
                value += change
    return Porcentaje(competencia, base, tuple(steps), value)


def parada_multiple(enemigos: int) -> Mod | None:
    """The Parada's modifier against ``enemigos`` different enemies."""
    if enemigos <= 1:
        return None
    if enemigos not in PARADA_MULTIPLE:
        raise UmbralError(
            "Una parada múltiple detiene como mucho cuatro ataques de cuatro enemigos distintos."
        )
    return PARADA_MULTIPLE[enemigos]

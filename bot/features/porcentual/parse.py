"""What the percentile game's commands read from what a user typed: lists of characteristics
and competencias («fuerza 12, agilidad 14»), declared actions («parada, a: Orco 1 + Orco 2;
esquivar»), the GM's tables and an attack's situation. Every refusal is Spanish and comes
before anything is changed."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from umbral_rules import UmbralError
from umbral_rules.porcentual import AccionDeclarada, Contexto
from umbral_rules.porcentual.acciones import ACCIONES, Accion
from umbral_rules.porcentual.fichas import (
    AGILIDAD,
    CABALGAR,
    CORRER,
    ESCUDOS,
    ESQUIVAR,
    FUERZA,
    LANZAR,
    LANZAS,
    PELEA,
    PERCEPCION,
    RESISTENCIA,
    SALTAR,
    TREPAR,
)
from umbral_rules.porcentual.tablas import Lado, Zona
from umbral_rules.porcentual.tiradas import DiceExpr
from umbral_rules.text import name_key, word_key

from .state import Mesa

_PAIR = re.compile(r"^(.+?)\s*[:=]?\s*([+-]?\d+)$")
#: The competencias the rules ask for by name, spelt as they spell them.
KNOWN_COMPETENCIAS = (PELEA, LANZAR, ESCUDOS, ESQUIVAR, CORRER, SALTAR, CABALGAR, TREPAR, LANZAS)
MAX_ITEMS = 40


def items(text: str, sep: str = ",") -> list[str]:
    """The non-empty pieces of ``text`` between ``sep``."""
    return [p.strip() for p in text.split(sep) if p.strip()]


def pairs(text: str, what: str) -> list[tuple[str, int]]:
    """«nombre número, nombre número…» (also «nombre: número»)."""
    found: list[tuple[str, int]] = []
    for piece in items(text):
        match = _PAIR.match(piece)
        if match is None:
            raise UmbralError(f"No entiendo «{piece}» en {what}: escribe «nombre número».")
        found.append((match.group(1).strip(), int(match.group(2))))
    if len(found) > MAX_ITEMS:
        raise UmbralError(f"Demasiadas entradas en {what} (como mucho {MAX_ITEMS}).")
    return found


def caracteristicas(text: str) -> dict[str, int]:
    """Characteristics by their code key («Percepción» → ``percepcion``)."""
    return {word_key(name): value for name, value in pairs(text, "las características")}


def competencia_name(name: str, known: Iterable[str] = ()) -> str:
    """A competencia as the sheet (``known``) or the rules spell it, else as typed."""
    key = name_key(name)
    for spelt in (*known, *KNOWN_COMPETENCIAS):
        if name_key(spelt) == key:
            return spelt
    return name.strip()


def competencias(text: str) -> dict[str, int]:
    return {competencia_name(n): v for n, v in pairs(text, "las competencias")}


CHARACTERISTIC_NAMES = (FUERZA, AGILIDAD, PERCEPCION, RESISTENCIA)


# --- declared actions ------------------------------------------------------------------------


def _action_keys() -> dict[str, Accion]:
    keys: dict[str, Accion] = {}
    for accion, info in ACCIONES.items():
        keys[word_key(accion.value.replace("_", " "))] = accion
        keys[word_key(info.nombre)] = accion
    extra = {
        "ataque": Accion.CUERPO_A_CUERPO,
        "disparo": Accion.A_DISTANCIA,
        "movimiento": Accion.MOVIMIENTO_NORMAL,
        "ataque de escudo": Accion.ATAQUE_ESCUDO,
        "ataque doble": Accion.DOBLE,
        "ataque preciso": Accion.PRECISO,
        "ataque rápido": Accion.RAPIDO,
        "ataque recio": Accion.RECIO,
        "añagaza": Accion.ANAGAZA,
        "escudo": Accion.PARADA_ESCUDO,
        "hechizo": Accion.HECHIZO,
        "daño": Accion.DANIO_INMOVILIZADO,
    }
    keys.update({word_key(k): v for k, v in extra.items()})
    return keys


ACTION_KEYS = _action_keys()


def accion(text: str) -> Accion:
    found = ACTION_KEYS.get(word_key(text))
    if found is None:
        raise UmbralError(
            f"No conozco la acción «{text.strip()}» (mira /ayuda tema:porcentual o "
            "docs/porcentual-guia.md)."
        )
    return found


def _weapon(mesa: Mesa, cid: str, name: str) -> str:
    ficha = mesa.combate.combatiente(cid).ficha
    for arma in ficha.armas:
        if name_key(arma.nombre) == name_key(name):
            return arma.nombre
    raise UmbralError(f"{cid} no lleva el arma «{name.strip()}».")


def one_action(text: str, mesa: Mesa, cid: str) -> AccionDeclarada:
    """«acción, clave: valor, …»: ``a`` (objetivos, con +), ``arma``, ``arma2``, ``aumentos``,
    ``defensa`` (la de una Defensa Completa), ``torpe`` (mano torpe), ``detalle``."""
    parts = items(text)
    if not parts:
        raise UmbralError("Falta la acción.")
    kind = accion(parts[0])
    fields: dict[str, object] = {}
    for part in parts[1:]:
        key, _, value = part.partition(":")
        key, value = word_key(key), value.strip()
        if key == "torpe" and not value:
            fields["mano_torpe"] = True
        elif key in ("a", "contra", "objetivo", "objetivos"):
            fields["objetivos"] = tuple(mesa.find(n).id for n in items(value, "+"))
        elif key == "arma":
            fields["arma"] = _weapon(mesa, cid, value)
        elif key in ("arma2", "segunda"):
            fields["arma_secundaria"] = _weapon(mesa, cid, value)
        elif key == "aumentos" and value.isdigit():
            fields["aumentos"] = int(value)
        elif key == "defensa" and value:
            fields["defensa"] = accion(value)
        elif key == "detalle" and value:
            fields["detalle"] = value[:200]
        else:
            raise UmbralError(
                f"No entiendo «{part}» en la acción {ACCIONES[kind].nombre}: usa «a:», "
                "«arma:», «arma2:», «aumentos:», «defensa:», «torpe» o «detalle:»."
            )
    return AccionDeclarada(kind, **fields)  # type: ignore[arg-type]


def acciones(text: str, mesa: Mesa, cid: str) -> list[AccionDeclarada]:
    """Actions separated by «;» (or «nada»: none)."""
    if word_key(text) in ("nada", "ninguna", "-"):
        return []
    found = [one_action(piece, mesa, cid) for piece in items(text, ";")]
    if len(found) > 4:
        raise UmbralError("Demasiadas acciones para un asalto.")
    return found


# --- the GM's tables -------------------------------------------------------------------------


def _range(text: str, what: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", text)
    if match is None:
        raise UmbralError(f"No entiendo «{text.strip()}» en {what}: escribe «3» o «3-5».")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if high < low:
        raise UmbralError(f"El intervalo «{text.strip()}» de {what} va al revés.")
    return low, high


def bonus_table(text: str) -> dict[str, object]:
    """«0-12: 0; 13-16: 1D4; 17-20: 1D6; 21-50: 2D6»: the scale is the bonuses in order."""
    pasos: list[str] = []
    filas: list[list[int]] = []
    for piece in items(text, ";"):
        span, sep, bonus = piece.partition(":")
        if not sep:
            raise UmbralError(f"No entiendo «{piece}»: escribe «desde-hasta: bonificador».")
        low, high = _range(span, "la tabla de bonificador")
        shown = str(DiceExpr.parse(bonus.strip() or "0"))
        if shown not in pasos:
            pasos.append(shown)
        filas.append([low, high, pasos.index(shown)])
    if not filas:
        raise UmbralError("La tabla de bonificador está vacía.")
    return {"pasos": pasos, "filas": filas}


ZONES = {
    "cabeza": (Zona.CABEZA, False, None),
    "tronco": (Zona.TRONCO, False, None),
    "extremidad": (Zona.EXTREMIDAD, False, None),
    "pierna izquierda": (Zona.EXTREMIDAD, True, Lado.IZQUIERDO),
    "pierna derecha": (Zona.EXTREMIDAD, True, Lado.DERECHO),
}


def location_table(text: str) -> dict[str, object]:
    """«1: Cabeza = cabeza; 2-3: Brazo = extremidad; …; 9-10: Pierna derecha = pierna
    derecha»: ten faces, each a location and its zone (cabeza, tronco, extremidad, pierna
    izquierda, pierna derecha)."""
    rows: dict[int, dict[str, object]] = {}
    for piece in items(text, ";"):
        span, sep, rest = piece.partition(":")
        nombre, eq, zone = rest.partition("=")
        if not sep or not eq or not nombre.strip():
            raise UmbralError(f"No entiendo «{piece}»: escribe «1-2: Nombre = zona».")
        found = ZONES.get(word_key(zone))
        if found is None:
            raise UmbralError(f"No conozco la zona «{zone.strip()}»: {', '.join(ZONES)}.")
        zona, pierna, lado = found
        low, high = _range(span, "la tabla de localización")
        for face in range(low, high + 1):
            if face in rows or not 1 <= face <= 10:
                raise UmbralError(f"La cara {face} de la tabla de localización sobra o se repite.")
            rows[face] = {
                "nombre": nombre.strip()[:40],
                "zona": zona.value,
                "pierna": pierna,
                "lado": None if lado is None else lado.value,
            }
    if sorted(rows) != list(range(1, 11)):
        raise UmbralError("La tabla de localización necesita las diez caras del 1D10.")
    return {"filas": [rows[f] for f in range(1, 11)]}


def modifier_table(text: str) -> dict[str, object]:
    """«Oscuridad -20; Blanco inmóvil +10»."""
    filas = [[name[:60], value] for name, value in pairs(text.replace(";", ","), "la tabla")]
    if not filas:
        raise UmbralError("La tabla de modificadores está vacía.")
    return {"filas": filas}


# --- an attack's situation -----------------------------------------------------------------

FLAGS = {"espalda": "por_la_espalda", "sorpresa": "sorpresa", "pomo": "pomo"}


def contexto(situacion: str | None, distancia: int | None, rows: Mapping[str, int]) -> Contexto:
    """«espalda, sorpresa, pomo, lado izquierdo, carga a caballo» and the names of the rows
    of the GM's Tabla de Modificadores (``rows``)."""
    flags: dict[str, object] = {}
    tabla: list[str] = []
    for piece in items(situacion or ""):
        key = word_key(piece)
        if key in FLAGS:
            flags[FLAGS[key]] = True
        elif key in ("lado izquierdo", "lado derecho"):
            flags["lado"] = Lado.IZQUIERDO if key.endswith("izquierdo") else Lado.DERECHO
        elif key == "carga a caballo":
            flags["carga_caballo"] = True
        else:
            row = next((n for n in rows if word_key(n) == key), None)
            if row is None:
                raise UmbralError(
                    f"No entiendo «{piece}» en la situación: espalda, sorpresa, pomo, lado "
                    "izquierdo, lado derecho, carga a caballo o una fila de la Tabla de "
                    "Modificadores que haya cargado el máster."
                )
            tabla.append(row)
    return Contexto(distancia=distancia, tabla=tuple(tabla), **flags)  # type: ignore[arg-type]

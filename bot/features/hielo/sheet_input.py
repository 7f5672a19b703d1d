"""A sheet of Canción de hielo y fuego as the slash options write it: the options of
``/hielo ficha crear|editar`` and ``/hielo bestiario añadir|editar`` merged into the stored
sheet, which the rules' :class:`~umbral_rules.hielo.sheet.Sheet` then checks (every refusal in
Spanish, nothing saved).

``habilidades``: «Agilidad 4, Brío 3, Combate cuerpo a cuerpo 5» (any name, ranks 1–8; the
seed's names are offered and spelled as the seed spells them). ``especialidades``:
«Agilidad: Rapidez 1, Brío: Trepar 2B» (the ability may be left out for a specialty the seed
names, or one the sheet already has; 0 takes it off)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from bot.features.field_options import OptionsValue
from bot.sheetfiles.fields import Option
from umbral_rules import UmbralError
from umbral_rules.hielo.common import key
from umbral_rules.hielo.constants import ESPECIALIDADES_SEMILLA, HABILIDADES_SEMILLA
from umbral_rules.hielo.sheet import Sheet, display
from umbral_rules.text import clean_name

_RANK = re.compile(r"^(?P<name>.*\S)\s+(?P<n>[+-]?\d+)$")
_SPECIALTY = re.compile(r"^(?:(?P<hab>[^:]+?)\s*:\s*)?(?P<name>.*\S)\s+(?P<n>\d+)\s*[bB]?$")
#: «ninguna»: the armour taken off.
NONE_WORDS = frozenset({"ninguna", "ninguno", "nada", "-"})
#: The seed's specialties by their key, with their ability.
SEED_SPECIALTIES = {key(esp): hab for hab, esp in ESPECIALIDADES_SEMILLA}


#: The weapon's skill choices (the seed's two ways to attack).
ArmaHabilidad = Literal["Combate cuerpo a cuerpo", "Puntería"]
#: A rank, a damage, a protection…: 0 to 99.
RANK_MAX = 99


class SheetOptions(OptionsValue):
    """What a command's options say of a sheet (``None``: left as it is): the one
    declaration of ``/hielo ficha crear|editar`` and ``/hielo bestiario añadir|editar``'s
    options (:mod:`bot.features.field_options`: their descriptions, names, forms' pages)."""

    habilidades: Annotated[
        str | None,
        Option("Habilidades y rangos 1–8: «Agilidad 3, Brío 4» (sin escribir: rango 2)"),
    ] = None
    especialidades: Annotated[
        str | None,
        Option("Especialidades y dados: «Agilidad: Rapidez 1, Brío: Trepar 2» (0 la quita)"),
    ] = None
    arma: Annotated[str | None, Option("Un arma que añadir o cambiar", page=2)] = None
    dano: Annotated[
        int | None, Option("El daño de esa arma", 0, RANK_MAX, page=2, display="daño")
    ] = None
    arma_habilidad: Annotated[
        ArmaHabilidad | None,
        Option("Con qué ataca esa arma (por defecto, Combate cuerpo a cuerpo)", page=2),
    ] = None
    arma_especialidad: Annotated[
        str | None,
        Option("La especialidad con que ataca esa arma («ninguna» la quita)", page=2),
    ] = None
    quitar_arma: Annotated[
        str | None, Option("Un arma que quitar de la ficha", page=None, verbs=("editar",))
    ] = None
    armadura: Annotated[str | None, Option("La armadura («ninguna» la quita)", page=3)] = None
    proteccion: Annotated[
        int | None,
        Option("La Protección de la armadura", 0, RANK_MAX, page=3, display="protección"),
    ] = None
    penalizacion: Annotated[
        int | None,
        Option(
            "La Penalización de la armadura (en positivo)",
            0,
            RANK_MAX,
            page=3,
            display="penalización",
        ),
    ] = None
    escudo: Annotated[
        int | None,
        Option("La bonificación del escudo a la Defensa en combate", 0, RANK_MAX, place=1),
    ] = None
    destino: Annotated[int | None, Option("Los puntos de destino (al crear, 1)", 0, RANK_MAX)] = (
        None
    )


def _items(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[,;\n]", text) if part.strip()]


def parse_ranks(text: str) -> dict[str, int]:
    """«Agilidad 4, Brío 3» → {"Agilidad": 4, "Brío": 3}."""
    ranks: dict[str, int] = {}
    for item in _items(text):
        found = _RANK.match(item)
        if found is None:
            raise UmbralError(
                f"No entiendo «{item}»: escribe cada habilidad con su rango, p. ej. "
                "«Agilidad 3, Brío 4»."
            )
        ranks[display(" ".join(found["name"].split()))] = int(found["n"])
    return ranks


def parse_specialties(text: str, current: dict[str, Any]) -> list[tuple[str, str, int]]:
    """«Agilidad: Rapidez 1, Trepar 2» → [(ability, specialty, bonus dice)]."""
    known = {key(str(s["nombre"])): str(s["habilidad"]) for s in current.get("especialidades", [])}
    found_all: list[tuple[str, str, int]] = []
    for item in _items(text):
        found = _SPECIALTY.match(item)
        if found is None:
            raise UmbralError(
                f"No entiendo «{item}»: escribe «Habilidad: Especialidad 2» (p. ej. «Brío: "
                "Trepar 2»)."
            )
        name = " ".join(found["name"].split())
        hab = found["hab"] or known.get(key(name)) or SEED_SPECIALTIES.get(key(name))
        if hab is None:
            raise UmbralError(
                f"¿De qué habilidad es la especialidad «{name}»? Escríbela así: "
                f"«Habilidad: {name} {found['n']}»."
            )
        found_all.append((display(" ".join(hab.split())), name, int(found["n"])))
    return found_all


def checked_names(sheet: Sheet) -> Sheet:
    """``sheet`` if every name it holds could be any other name of the bot (1–80
    characters, no mention, no control character…); refused in Spanish otherwise."""
    for name in sheet.habilidades:
        clean_name(name, "El nombre de una habilidad")
    for s in sheet.especialidades:
        clean_name(s.habilidad, "El nombre de una habilidad")
        clean_name(s.nombre, "El nombre de una especialidad")
    for w in sheet.armas:
        clean_name(w.nombre, "El nombre de un arma")
        if w.especialidad is not None:
            clean_name(w.especialidad, "El nombre de una especialidad")
    if sheet.armadura is not None:
        clean_name(sheet.armadura.nombre, "El nombre de la armadura")
    return sheet


def merged(current: dict[str, Any], nombre: str, o: SheetOptions) -> Sheet:
    """The sheet ``current`` (a stored sheet's JSON, or ``{}`` for a new one) with the
    options applied, checked by the rules."""
    data = dict(current)
    data["nombre"] = nombre
    if o.habilidades is not None:
        ranks = {str(k): int(v) for k, v in dict(data.get("habilidades", {})).items()}
        for name, rank in parse_ranks(o.habilidades).items():
            ranks = {k: v for k, v in ranks.items() if key(k) != key(name)}
            ranks[name] = rank
        data["habilidades"] = ranks
    if o.especialidades is not None:
        specialties = list(data.get("especialidades", []))
        for hab, name, n in parse_specialties(o.especialidades, data):
            specialties = [
                s for s in specialties
                if (key(str(s["habilidad"])), key(str(s["nombre"]))) != (key(hab), key(name))
            ]  # fmt: skip
            if n:
                specialties.append({"habilidad": hab, "nombre": name, "dados_bonificacion": n})
        data["especialidades"] = specialties
    data["armas"] = _weapons(list(data.get("armas", [])), o)
    data["armadura"] = _armour(data.get("armadura"), o)
    if o.escudo is not None:
        data["escudo"] = o.escudo
    if o.destino is not None:
        data["destino"] = o.destino
    return checked_names(Sheet.from_dict(data))


def _weapons(weapons: list[dict[str, Any]], o: SheetOptions) -> list[dict[str, Any]]:
    if o.quitar_arma is not None:
        kept = [w for w in weapons if key(str(w["nombre"])) != key(o.quitar_arma)]
        if len(kept) == len(weapons):
            raise UmbralError(f"La ficha no tiene el arma «{o.quitar_arma}».")
        weapons = kept
    details = (o.dano, o.arma_habilidad, o.arma_especialidad)
    if o.arma is None:
        if any(d is not None for d in details):
            raise UmbralError("Di de qué arma hablas (opción arma).")
        return weapons
    name = " ".join(o.arma.split())
    old = next((w for w in weapons if key(str(w["nombre"])) == key(name)), None)
    if old is None and o.dano is None:
        raise UmbralError(f"Un arma nueva necesita su daño: arma:{name} dano:…")
    weapon = dict(old or {"nombre": name, "habilidad": "Combate cuerpo a cuerpo"})
    if o.dano is not None:
        weapon["dano"] = o.dano
    if o.arma_habilidad is not None:
        weapon["habilidad"] = display(o.arma_habilidad)
    if o.arma_especialidad is not None:
        esp = o.arma_especialidad.strip()
        weapon["especialidad"] = None if esp.lower() in NONE_WORDS else esp
    return [weapon if w is old else w for w in weapons] + ([] if old else [weapon])


def _armour(armour: dict[str, Any] | None, o: SheetOptions) -> dict[str, Any] | None:
    if o.armadura is not None and o.armadura.strip().lower() in NONE_WORDS:
        if o.proteccion is not None or o.penalizacion is not None:
            raise UmbralError("Sin armadura no hay Protección ni Penalización que poner.")
        return None
    if o.armadura is None and armour is None:
        if o.proteccion is not None or o.penalizacion is not None:
            raise UmbralError("Di qué armadura es (opción armadura) con su Protección.")
        return None
    out = dict(armour or {"penalizacion": 0})
    if o.armadura is not None:
        out["nombre"] = " ".join(o.armadura.split())
    if o.proteccion is not None:
        out["proteccion"] = o.proteccion
    elif "proteccion" not in out:
        raise UmbralError("Una armadura nueva necesita su Protección (opción protección).")
    if o.penalizacion is not None:
        out["penalizacion"] = o.penalizacion
    return out


def offered(typed: str, names: tuple[str, ...] = HABILIDADES_SEMILLA) -> list[str]:
    """The autocomplete of a list option: what was typed, its last item completed with each
    of ``names`` that fits («Agilidad 3, Br» → «Agilidad 3, Brío»)."""
    head, _, last = typed.rpartition(",")
    prefix = f"{head}, " if head else ""
    fragment = key(last.strip())
    return [
        f"{prefix}{name}"
        for name in names
        if not fragment or key(name).startswith(fragment) or fragment in key(name)
    ]

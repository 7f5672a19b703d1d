"""The percentile game's sheets (``pj``) and bestiary entries (``enemigo``), kept in
``uow.system_sheets`` and checked on their way in by the rules' :class:`Ficha`: built or
edited from a command's options, weapons added or taken away. A player changes their own
sheets; the GM, any (the bestiary is the GM's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.jsontypes import JsonObject
from bot.render.safe import shown
from bot.storage.system_sheets import SheetKind, StoredSheet
from umbral_rules import UmbralError
from umbral_rules.porcentual import Arma, Ficha
from umbral_rules.porcentual.fichas import Rasgo
from umbral_rules.text import clean_name, name_key, word_key

from . import parse
from .options import BOUNDS, SheetOptions, WeaponOptions
from .state import SYSTEM

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.storage import UnitOfWork

RASGOS = tuple(r.value for r in Rasgo)
OWNER_ONLY = "Solo el dueño de la ficha o el máster pueden cambiarla."


def checked(data: Mapping[str, Any]) -> JsonObject:
    """``data`` as the rules read it (refused in Spanish when it is not a valid sheet or a
    number is outside the options' bounds)."""
    try:
        ficha = Ficha.from_dict(data)
    except (KeyError, ValueError, TypeError) as error:
        raise UmbralError(f"La ficha no es válida: {error}.") from None
    for key, value in _numbers(ficha):
        low, high = BOUNDS[key]
        if not low <= value <= high:
            raise UmbralError(f"«{key}» va de {low} a {high} (se dio {value}).")
    return ficha.to_dict()


def _numbers(ficha: Ficha) -> list[tuple[str, int]]:
    """The sheet's bounded numbers, by the option that gives each."""
    found = [("pv", ficha.pv), ("iniciativa_hechizos", ficha.iniciativa_hechizos)]
    if ficha.armadura is not None:
        armour = ficha.armadura
        found += [("proteccion", armour.proteccion), ("resistencia", armour.resistencia)]
        found.append(("iniciativa_armadura", armour.iniciativa))
    if ficha.escudo is not None:
        found.append(("resistencia_escudo", ficha.escudo.resistencia))
    for arma in ficha.armas:
        found += [("fuerza_minima", arma.fuerza_minima), ("recarga", arma.recarga)]
    return found


def apply(data: dict[str, Any], o: SheetOptions) -> JsonObject:
    """The sheet ``data`` with the options given (``o``, ``None``: not given) written over
    it."""
    if o.caracteristicas is not None:
        data["caracteristicas"] = {
            **data.get("caracteristicas", {}),
            **parse.caracteristicas(o.caracteristicas),
        }
    if o.competencias is not None:
        known = {
            parse.competencia_name(n, data.get("competencias", {})): v
            for n, v in parse.pairs(o.competencias, "las competencias")
        }
        data["competencias"] = {**data.get("competencias", {}), **known}
    for key in ("pv", "iniciativa_hechizos", "bipedo"):
        if getattr(o, key) is not None:
            data[key] = getattr(o, key)
    armour = (o.proteccion, o.resistencia, o.iniciativa_armadura, o.casco)
    if o.armadura is not None or any(value is not None for value in armour):
        old = data.get("armadura") or {}
        nombre = o.armadura or old.get("nombre")
        if not nombre:
            raise UmbralError("Falta el nombre de la armadura (opción `armadura`).")
        data["armadura"] = {
            "nombre": clean_name(str(nombre), "El nombre de la armadura"),
            "proteccion": _given(o.proteccion, old.get("proteccion", 0)),
            "resistencia": _given(o.resistencia, old.get("resistencia", 0)),
            "iniciativa": _given(o.iniciativa_armadura, old.get("iniciativa", 0)),
            "casco_metal": _given(o.casco, old.get("casco_metal", False)),
        }
    shield = (o.escudo, o.tamano_escudo, o.resistencia_escudo, o.protege)
    if any(value is not None for value in shield):
        old = data.get("escudo") or {}
        nombre = o.escudo or old.get("nombre")
        if not nombre or not (o.tamano_escudo or old.get("tamano")):
            raise UmbralError("Un escudo necesita nombre (`escudo`) y tamaño (`tamano_escudo`).")
        data["escudo"] = {
            "nombre": clean_name(str(nombre), "El nombre del escudo"),
            "tamano": o.tamano_escudo or old.get("tamano"),
            "resistencia": _given(o.resistencia_escudo, old.get("resistencia", 0)),
            "protege": parse.items(o.protege) if o.protege else old.get("protege", []),
        }
    return checked(data)


def _given(value: object, old: object) -> object:
    """An option's value, or ``old`` when it was not given."""
    return old if value is None else value


def weapon(nombre: str, o: WeaponOptions, competencias: Mapping[str, int]) -> JsonObject:
    """A weapon from ``/porcentual ficha arma``'s options."""
    rasgos = [word_key(r) for r in parse.items(o.rasgos or "")]
    unknown = [r for r in rasgos if r not in RASGOS]
    if unknown:
        raise UmbralError(f"No conozco el rasgo «{unknown[0]}»: {', '.join(RASGOS)}.")
    data = {
        "nombre": clean_name(nombre, "El nombre del arma"),
        "competencia": parse.competencia_name(str(o.competencia), competencias),
        "danio": str(o.danio),
        "caracteristica_base": word_key(o.caracteristica or "fuerza"),
        "fuerza_minima": o.fuerza_minima,
        "tamano": o.tamano,
        "tipo": o.tipo,
        "rasgos": rasgos,
        "alcance": o.alcance,
        "recarga": o.recarga,
    }
    try:
        return Arma.from_dict(data).to_dict()
    except (KeyError, TypeError) as error:
        raise UmbralError(f"El arma no es válida: {error}.") from None
    except ValueError as error:
        raise UmbralError(f"El arma no es válida: {error}.") from None


def with_weapon(data: JsonObject, arma: JsonObject | None, nombre: str) -> JsonObject:
    """``data`` with the weapon ``nombre`` replaced by ``arma`` (``None``: taken away)."""
    old = list(data.get("armas") or [])
    kept = [a for a in old if name_key(str(a["nombre"])) != name_key(nombre)]
    if arma is None and len(kept) == len(old):
        raise UmbralError(f"La ficha no lleva el arma «{nombre.strip()}».")
    found = kept if arma is None else [*kept, arma]
    return checked({**data, "armas": found})


async def may_change(ctx: Context, uow: UnitOfWork, sheet: StoredSheet) -> None:
    """Refuse unless the user owns ``sheet`` or is the GM."""
    settings = await uow.guild.get()
    if sheet.kind == "pj" and sheet.owner_id == ctx.user_id:
        return
    if not ctx.is_gm(settings.gm_role_id):
        raise UmbralError(OWNER_ONLY)


async def create(
    ctx: Context, uow: UnitOfWork, kind: SheetKind, nombre: str, o: SheetOptions
) -> StoredSheet:
    nombre = clean_name(nombre)
    data = apply({"nombre": nombre}, o)
    return await uow.system_sheets.add(SYSTEM, kind, ctx.user_id, nombre, data)


async def edit(
    ctx: Context, uow: UnitOfWork, kind: SheetKind, nombre: str, o: SheetOptions
) -> StoredSheet:
    sheet = await uow.system_sheets.require(SYSTEM, kind, nombre)
    await may_change(ctx, uow, sheet)
    if o == SheetOptions():
        raise UmbralError("No has dicho qué cambiar: no se ha hecho nada.")
    return await uow.system_sheets.save(sheet, apply(dict(sheet.data), o))


async def set_weapon(
    ctx: Context, uow: UnitOfWork, kind: SheetKind, ficha: str, nombre: str, o: WeaponOptions
) -> StoredSheet:
    sheet = await uow.system_sheets.require(SYSTEM, kind, ficha)
    await may_change(ctx, uow, sheet)
    if o.quitar:
        return await uow.system_sheets.save(sheet, with_weapon(sheet.data, None, nombre))
    missing = [k for k in ("danio", "competencia") if not getattr(o, k)]
    if missing:
        raise UmbralError(f"Para añadir un arma faltan: {', '.join(missing)}.")
    comps = Ficha.from_dict(sheet.data).competencias
    return await uow.system_sheets.save(
        sheet, with_weapon(sheet.data, weapon(nombre, o, comps), nombre)
    )


async def put(ctx: Context, uow: UnitOfWork, kind: SheetKind, data: JsonObject) -> str:
    """A sheet from a file: new, or written over one the user may change. Its line."""
    nombre = clean_name(str(data["nombre"]))
    old = await uow.system_sheets.get(SYSTEM, kind, nombre)
    if old is None:
        await uow.system_sheets.add(SYSTEM, kind, ctx.user_id, nombre, data)
        return f"• {shown(nombre)}: nueva"
    await may_change(ctx, uow, old)
    await uow.system_sheets.save(old, data)
    return f"• {shown(nombre)}: reemplazada"


async def remove(ctx: Context, uow: UnitOfWork, kind: SheetKind, nombre: str) -> StoredSheet:
    sheet = await uow.system_sheets.require(SYSTEM, kind, nombre)
    await may_change(ctx, uow, sheet)
    await uow.system_sheets.remove(SYSTEM, kind, nombre)
    return sheet

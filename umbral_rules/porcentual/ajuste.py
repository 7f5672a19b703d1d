"""The GM's hand correction of one combatant's standing (``/porcentual ajustar``): PV, the
Resistencia left to its armour and shield, on the ground, unconscious, on horseback.

Each value is checked against the combatant's own sheet; what follows from it is what the
rest of the package makes of it: a shield at 0 is broken and its Guardia Completa ends
(:func:`~.danio.con_escudo`, as a blow to the shield does), and who is at 0 PV or less, or
unconscious, is out of the fight (:func:`~.asalto.en_combate`). A refusal raises
:class:`UmbralError` and changes nothing (the state is immutable).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import UmbralError
from .asalto import en_combate
from .danio import con_escudo
from .estado import Combate, Condicion

#: [D] The seed sets no floor to the PV (the PD «se restarán a sus PV», no more): damage
#: may leave them below 0, so the GM may too, down to minus the largest sheet's PV.
PV_MINIMO = -500
#: [D] The longest unconsciousness the GM may set: a day. The seed gives no ceiling
#: («10 veces la cantidad por la que hayamos sobrepasado la Resistencia … en minutos»).
INCONSCIENTE_MAXIMO = 24 * 60

#: What each value is called where players read it, in the order the reply shows them.
ETIQUETAS = {
    "pv": "PV",
    "armadura_resistencia": "Resistencia de la armadura",
    "escudo_resistencia": "Resistencia del escudo",
    "en_suelo": "En el suelo",
    "inconsciente_minutos": "Inconsciente (minutos)",
    "montado": "A caballo",
}
#: The values that follow from those the GM sets.
GUARDIA = "Guardia completa"
FUERA = "Fuera del combate"
#: The options that set each value, as the refusal of an empty call names them.
OPCIONES = "pv, armadura, escudo, en_suelo, inconsciente o a_caballo"


@dataclass(frozen=True)
class Ajuste:
    """The values the GM gives (``None``: left as it is)."""

    pv: int | None = None
    armadura_resistencia: int | None = None
    escudo_resistencia: int | None = None
    en_suelo: bool | None = None
    inconsciente_minutos: int | None = None
    montado: bool | None = None

    @property
    def vacio(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self))


@dataclass(frozen=True)
class Cambio:
    """One value changed: its Spanish label, before and after."""

    campo: str
    antes: int | bool
    despues: int | bool


@dataclass(frozen=True)
class Ajustado:
    """What a correction changed, the values the GM set first and then what followed."""

    combatiente: str
    cambios: tuple[Cambio, ...]


def _check(low: int, high: int, value: int | None, what: str) -> None:
    """``what`` says whose value and its verb («Los PV de Ana van»)."""
    if value is not None and not low <= value <= high:
        raise UmbralError(f"{what} de {low} a {high} (se dio {value}).")


def _validate(combate: Combate, cid: str, ajuste: Ajuste) -> None:
    c = combate.combatiente(cid)
    _check(PV_MINIMO, c.ficha.pv, ajuste.pv, f"Los PV de {cid} van")
    armour, shield = c.ficha.armadura, c.ficha.escudo
    if ajuste.armadura_resistencia is not None:
        if armour is None:
            raise UmbralError(f"{cid} no lleva armadura.")
        what = f"La Resistencia de {armour.nombre} de {cid} va"
        _check(0, armour.resistencia, ajuste.armadura_resistencia, what)
    if ajuste.escudo_resistencia is not None:
        if shield is None:
            raise UmbralError(f"{cid} no lleva escudo.")
        what = f"La Resistencia de {shield.nombre} de {cid} va"
        _check(0, shield.resistencia, ajuste.escudo_resistencia, what)
    what = f"La inconsciencia de {cid} va (en minutos)"
    _check(0, INCONSCIENTE_MAXIMO, ajuste.inconsciente_minutos, what)


def ajustar(combate: Combate, cid: str, ajuste: Ajuste) -> tuple[Combate, Ajustado]:
    """Set the values of ``ajuste`` on the combatant ``cid``: the new fight and what
    changed. Refused: no value given, an unknown combatant, a value out of its bounds (PV
    up to its sheet's; a Resistencia from 0 to its item's), or nothing that changes."""
    if ajuste.vacio:
        raise UmbralError(f"Di qué ajustar: {OPCIONES}.")
    _validate(combate, cid, ajuste)
    c = combate.combatiente(cid)
    cond: Condicion = c.cond
    cambios: list[Cambio] = []
    for key, label in ETIQUETAS.items():
        value = getattr(ajuste, key)
        before = getattr(c.cond, key)
        if value is None or value == before:
            continue
        cambios.append(Cambio(label, before, value))
        if key == "escudo_resistencia":
            cond = con_escudo(cond, value)
        else:
            cond = replace(cond, **{key: value})
    if not cambios:
        raise UmbralError(f"{cid} ya está así: no hay nada que corregir.")
    if c.cond.guardia_completa and not cond.guardia_completa:
        cambios.append(Cambio(GUARDIA, True, False))
    after = replace(c, cond=cond)
    if en_combate(c) != en_combate(after):
        cambios.append(Cambio(FUERA, not en_combate(c), not en_combate(after)))
    return combate.with_cond(cid, cond), Ajustado(cid, tuple(cambios))

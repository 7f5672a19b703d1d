"""The GM's hand correction of one fighter (``/graduado ajustar``): what is left of each
reserve, and the states the GM may decide, set by hand.

The derived states follow the package's own rules, reused: aguante lowered to 0 is what
damage does at 0 (:func:`.resolve.take_damage`: a hero is down, an enemy dead, and the fall
moves Impulso); aguante raised is what healing does (:func:`.care.restore`: a fallen hero
rises if the world lets healing raise the fallen, and the bleeding stops). A state the GM
gives wins over the derived one. **[D]** (docs/graduado-guia.md): a fighter who ends the
correction out of the fight, having been in it, falls like any other — «que caiga un aliado
cuesta 3», «una muerte suma 2»; one who comes back gets no Impulso back; only a hero on the
ground bleeds («te deja en el suelo, desangrándote»); nothing brings the dead back but the
GM's ``muerto:no``.

Runs inside the facade's transaction (:meth:`.combate.Combate.ajustar`): a refusal leaves
the fight as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import UmbralError
from .care import restore
from .events import Cae, Event
from .resolve import fall, take_damage
from .round import require_open
from .sheets import Bando, Via
from .state import CombateState, Combatiente

#: What the GM may set, as the refusal of an empty correction names it.
OPCIONES = "aguante, maná, caído, desangrándose, inutilizado o muerto"

#: Each value a correction may change: its key and its Spanish label.
LABELS = (
    ("aguante", "Aguante"),
    ("mana", "Maná"),
    ("caido", "Caído"),
    ("desangrandose", "Desangrándose"),
    ("inutilizado", "Inutilizado"),
    ("muerto", "Muerto"),
    ("impulso_heroes", "Impulso de los héroes"),
    ("impulso_enemigos", "Impulso de los enemigos"),
)


@dataclass(frozen=True)
class Valores:
    """What the GM sets (``None``: left as it is): ``aguante`` and ``mana`` what is left of
    each reserve, the states yes or no."""

    aguante: int | None = None
    mana: int | None = None
    caido: bool | None = None
    desangrandose: bool | None = None
    inutilizado: bool | None = None
    muerto: bool | None = None

    @property
    def vacio(self) -> bool:
        return all(getattr(self, f.name) is None for f in fields(self))


@dataclass(frozen=True)
class Cambio:
    """One value the correction changed: its Spanish label, before and after (a number or
    a yes/no)."""

    campo: str
    antes: int | bool
    despues: int | bool


@dataclass(frozen=True)
class Ajuste:
    """What a correction did to ``nombre``: every value that changed (Impulso too, when a
    fall moved it) and the events of the rules it ran (a fall, Impulso)."""

    nombre: str
    cambios: tuple[Cambio, ...]
    eventos: tuple[Event, ...] = ()


def _values(state: CombateState, c: Combatiente) -> dict[str, int | bool | None]:
    return {
        "aguante": c.ficha.fuerza.restante,
        "mana": None if c.ficha.magia is None else c.ficha.magia.restante,
        "caido": c.caido,
        "desangrandose": c.desangrandose,
        "inutilizado": c.inutilizado,
        "muerto": c.muerto,
        "impulso_heroes": state.impulso[Bando.HEROES],
        "impulso_enemigos": state.impulso[Bando.ENEMIGOS],
    }


def _in_range(what: str, c: Combatiente, value: int, maximo: int) -> None:
    if not 0 <= value <= maximo:
        raise UmbralError(f"{what} de {c.nombre} va de 0 a {maximo} (se dio {value}).")


def _check(c: Combatiente, v: Valores) -> None:
    """Each value against the fighter's own bounds, each state against its side."""
    if v.aguante is not None:
        _in_range("El aguante", c, v.aguante, c.ficha.fuerza.maximo)
    if v.mana is not None:
        if c.ficha.magia is None:
            raise UmbralError(f"{c.nombre} no tiene magia: no tiene maná que ajustar.")
        _in_range("El maná", c, v.mana, c.ficha.magia.maximo)
    if c.bando is Bando.HEROES and v.muerto is not None:
        raise UmbralError(
            f"{c.nombre} es un héroe: «Caída en un combate te deja derribado, no muerto» "
            "(di caído)."
        )
    if c.bando is Bando.ENEMIGOS and (v.caido is not None or v.desangrandose is not None):
        raise UmbralError(
            f"{c.nombre} es un enemigo: sin aguante muere, no queda caído ni se desangra "
            "(di muerto)."
        )


def _set_aguante(state: CombateState, c: Combatiente, aguante: int, decided: bool) -> list[Event]:
    """What is left of aguante becomes ``aguante``: lowered as damage (unless the GM
    ``decided`` the fighter's fall), raised as healing."""
    lost = c.ficha.fuerza.restante - aguante
    if lost > 0 and not decided:
        return take_damage(state, c, lost)[2]
    if lost < 0:
        restore(state, c, -lost)
        return []
    c.ficha = c.ficha.with_reserva(Via.FUERZA, c.ficha.fuerza.spend(lost))
    return []


def _how(c: Combatiente) -> str:
    """How a fighter the GM put out of the fight goes, in the words of the blows."""
    if c.muerto:
        return "muere"
    return "queda inutilizado" if c.inutilizado else "cae derribado"


def ajustar(state: CombateState, nombre: str, v: Valores) -> Ajuste:
    """Set on ``nombre`` what ``v`` gives; the rest follows the rules."""
    require_open(state)
    c = state.find(nombre)
    if v.vacio:
        raise UmbralError(f"Di qué ajustar: {OPCIONES}.")
    _check(c, v)
    before, was_out = _values(state, c), c.fuera
    events: list[Event] = []
    if v.mana is not None and c.ficha.magia is not None:
        magia = c.ficha.magia
        c.ficha = c.ficha.with_reserva(Via.MAGIA, replace(magia, gastado=magia.maximo - v.mana))
    if v.aguante is not None:
        decided = v.caido if c.bando is Bando.HEROES else v.muerto
        events += _set_aguante(state, c, v.aguante, decided is not None)
    for flag in ("caido", "inutilizado", "muerto", "desangrandose"):
        if (value := getattr(v, flag)) is not None:
            setattr(c, flag, value)
    if c.desangrandose and not c.caido:
        if v.desangrandose:
            raise UmbralError(
                f"Solo se desangra quien está en el suelo («te deja en el suelo, "
                f"desangrándote»): {c.nombre} está en pie (di también caído)."
            )
        c.desangrandose = False  # up again: the bleeding ends with the fall
    if c.fuera and not was_out and not any(isinstance(e, Cae) for e in events):
        events += fall(state, c, _how(c))
    after = _values(state, c)
    cambios = tuple(
        Cambio(label, old, new)
        for key, label in LABELS
        if (old := before[key]) is not None and (new := after[key]) is not None and old != new
    )
    return Ajuste(c.nombre, cambios, tuple(events))

"""Canción de hielo y fuego (seed ``002_…``): its sheets, tests, combats and intrigues,
pure like the rest of ``umbral_rules``. ``docs/hielo.md`` is the rules digest, with every
[D]. Dice come from an injected :class:`~umbral_rules.dice.DiceSource`.

Modules: ``constants`` (every number and [D]), ``sheet``, ``checks`` (tests), ``tables``
(the GM's loaded tables), ``combat_state`` / ``combat`` / ``attacks`` (combat),
``intrigue_state`` / ``intrigue`` / ``influence`` (intrigues), ``destiny``, ``events``."""

from .checks import DestinoTirada, Prueba, Tirada, roll
from .sheet import Armour, Sheet, Specialty, Weapon

__all__ = [
    "Armour",
    "DestinoTirada",
    "Prueba",
    "Sheet",
    "Specialty",
    "Tirada",
    "Weapon",
    "roll",
]

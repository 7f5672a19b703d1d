"""The graded d100 combat of seed 003 («Juzgado por el narrador, decidido por los dados»).

«el narrador … lee lo que escribiste y lo califica … Todo lo que viene después es código»:
this package is that code, pure like the rest of :mod:`umbral_rules` — dice injected,
typed state, JSON only at the edges, refusals as :class:`~umbral_rules.errors.UmbralError`.

Modules: :mod:`.tables` (every number), :mod:`.bands` (how a d100 falls), :mod:`.ranks`
(rank over power), :mod:`.sheets` (reserves and gear), :mod:`.chance` (the chance to hit),
:mod:`.damage`, :mod:`.effort` (pricing and Sobregiro), :mod:`.defense`, :mod:`.impulso`,
:mod:`.choices`, :mod:`.state`, :mod:`.resolve`, :mod:`.care` and :mod:`.round` (the round),
:mod:`.after` (experience, coin, loot), :mod:`.ajuste` (the GM's hand correction),
:mod:`.combate` (the facade). Rules: docs/graduado.md.
"""

from .after import (
    Eleccion,
    Experiencia,
    Reparto,
    experiencia,
    repartir_botin,
    repartir_monedas,
    tomar_objetos,
)
from .ajuste import Ajuste, Cambio, Valores
from .bands import D100_GRADES, Calificacion, calificacion
from .chance import Chance, Grados, Objetivo, Riesgo, Tacticas, Termino, agotamiento, build_chance
from .choices import Anuncio, Ataque, Curar, Declaracion, Hazana, Interponerse, Medio
from .combate import Combate
from .damage import Dano, Intencion, damage
from .defense import Comparacion, Defensa, DefensaTipo, compare
from .effort import Efecto, Pago, Sobregiro, alcance, esfuerzo, pay, precio
from .ranks import Diferencia, RankNames, diferencia
from .roll import D100, roll_d100
from .round import Escala, escalar_enemigos
from .sheets import Bando, Ficha, Reserva, Via
from .state import CombateState, Combatiente, Final, Mundo, Ventana

__all__ = [
    "D100",
    "D100_GRADES",
    "Ajuste",
    "Anuncio",
    "Ataque",
    "Bando",
    "Calificacion",
    "Cambio",
    "Chance",
    "Combate",
    "CombateState",
    "Combatiente",
    "Comparacion",
    "Curar",
    "Dano",
    "Declaracion",
    "Defensa",
    "DefensaTipo",
    "Diferencia",
    "Efecto",
    "Eleccion",
    "Escala",
    "Experiencia",
    "Ficha",
    "Final",
    "Grados",
    "Hazana",
    "Intencion",
    "Interponerse",
    "Medio",
    "Mundo",
    "Objetivo",
    "Pago",
    "RankNames",
    "Reparto",
    "Reserva",
    "Riesgo",
    "Sobregiro",
    "Tacticas",
    "Termino",
    "Valores",
    "Ventana",
    "Via",
    "agotamiento",
    "alcance",
    "build_chance",
    "calificacion",
    "compare",
    "damage",
    "diferencia",
    "escalar_enemigos",
    "esfuerzo",
    "experiencia",
    "pay",
    "precio",
    "repartir_botin",
    "repartir_monedas",
    "roll_d100",
    "tomar_objetos",
]

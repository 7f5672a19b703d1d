"""Every number of the graded d100 combat (seed 003) in one place.

The seed's own tables are copied as it gives them; what it leaves open is marked ``[D]``
here and in ``docs/graduado.md`` with the words of the seed it rests on.
"""

from __future__ import annotations

# --- the chance to hit ---------------------------------------------------------------------
#: «Los héroes parten de una probabilidad base del 80% (una regla del mundo; los enemigos
#: parten del 65%)».
BASE_HEROES = 80
BASE_ENEMIGOS = 65
#: «Agotamiento: −5, −10 o −15 una vez has gastado más del 40%, del 60% o del 80% de tus
#: reservas», as (percent spent that must be exceeded, grade), strongest first.
#: [D] «tus reservas» is all of them: what is spent of every reserve over their maxima.
AGOTAMIENTO = ((80, -15), (60, -10), (40, -5))

# --- rank and power ----------------------------------------------------------------------
#: The default names, weakest first; the last two only for things of the world.
RANGOS = ("D", "C", "B", "A", "S", "SS", "SSS", "X", "XX")
#: How many of them a character may have (D … SSS).
RANGOS_DE_PERSONAJE = 7
#: [D] «diez puntos de diferencia … diez veces más poderoso»: a rank spans ten points of
#: power (D 0–9, C 10–19 … SSS 60–69, X 70–79, XX 80–89), so one rank is ten times the one
#: below and «cien veces» is twenty points.
PUNTOS_POR_RANGO = 10
PODER_MAXIMO = PUNTOS_POR_RANGO * len(RANGOS) - 1
#: [D] «Cien veces más débil — no puede dañar de forma significativa»: twenty points below.
CIEN_VECES = 2 * PUNTOS_POR_RANGO

# --- how it falls: (minimum margen, damage multiplier), best first ------------------------
#: margen = chance − d100 (roll-under: the chance of SÓLIDO or better equals the chance).
#: [D] «Aproximadamente»: CRÍTICO from +25, LIMPIO from +12, SÓLIDO from 0 («justo por
#: encima»: a roll equal to the chance is SÓLIDO), ROZADURA −1 … −9, DESVIADO from −10,
#: FALLO from −20, CONTRAGOLPE from −30.
BANDAS = ((25, 1.4), (12, 1.15), (0, 1.0), (-9, 0.5), (-19, 0.2), (-29, 0.0), (None, 0.0))

# --- damage ------------------------------------------------------------------------------
#: [D] The damage of a SÓLIDO blow between equals, standard tactics, no effort, equal gear.
DANO_BASE = 10
#: [D] Tácticas' grade read as damage: ×(1 + grade / 40) (pobre ×0.875 … brillante ×1.3).
TACTICAS_DIVISOR = 40
#: [D] «hasta un tercio más» against a target that fought carelessly the turn before:
#: agresivo +1/6, temerario +1/3.
DESCUIDO_AGRESIVO = 1 / 6
DESCUIDO_TEMERARIO = 1 / 3
#: [D] «un arma mejor contra una armadura peor añade todavía más»: +10 % per step of
#: quality the weapon is above the armour (qualities 0 … 5).
CALIDAD_MAXIMA = 5
CALIDAD_PASO = 0.1
#: [D] «con contención»: half the damage.
CONTENCION = 0.5

# --- effort ------------------------------------------------------------------------------
#: [D] «Un poco / Bastante más / Muy por encima»: what is asked beyond what remains, as a
#: share of the reserve's maximum: up to a quarter is «un poco», up to a whole reserve
#: «bastante más», beyond a whole reserve (acting above your own rank) «muy por encima».
SOBREGIRO_POCO = 0.25
SOBREGIRO_BASTANTE = 1.0
#: «el máximo de tu reserva baja alrededor de una quinta parte».
ROTURA = 0.2

# --- defence -----------------------------------------------------------------------------
#: [D] «Cubrir varios ataques con una sola defensa es más difícil por cada ataque extra»:
#: −10 to the defence's mark for each attack after the first.
DEFENSA_EXTRA = -10

# --- the round -----------------------------------------------------------------------------
#: «una ventana de 90 segundos» (live play).
VENTANA_VIVO = 90
#: [D] «Flanqueo y fuego concentrado ambos premian trabajar juntos»: +5 each.
FLANQUEO = 5
FUEGO_CONCENTRADO = 5

# --- impulso ---------------------------------------------------------------------------
#: «un CRÍTICO, 3», «una muerte suma 2», «que caiga un aliado cuesta 3», «se reduce en uno».
IMPULSO_MUERTE = 2
IMPULSO_ALIADO_CAIDO = -3
IMPULSO_TURNO = 1
#: [D] «el juego creativo o coordinado aporta un poco»: +1 each.
IMPULSO_CREATIVO = 1
IMPULSO_COORDINADO = 1
#: [D] a bound, so that a streak cannot grow for ever.
IMPULSO_MAXIMO = 15

# --- after the fight ---------------------------------------------------------------------
#: [D] Experience of an enemy of your own power; ×10 per rank above, ÷10 per rank below.
XP_BASE = 10
#: «hasta tres objetos».
OBJETOS_MAXIMO = 3

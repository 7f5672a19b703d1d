"""The numbers of Canción de hielo y fuego as the seed (``002_…``) gives them, and the bot's
[D] where the seed uses a rule without its number. ``docs/hielo.md`` says where each comes
from. Every number of the package lives here, so a [D] can change in one place."""

from __future__ import annotations

#: «rangos que van desde 1 (deficiente) hasta 8 (mítico)».
RANGO_MIN = 1
RANGO_MAX = 8
#: [D] an ability not written on the sheet: «normalmente oscila entre 2 (normal) y 5».
RANGO_NORMAL = 2
#: The die of every test: «el número de d6 que debe tirarse».
DADO = 6
#: «La dificultad base es 9 (moderada) … en rangos de tres en tres».
DIFICULTAD_MODERADA = 9
PASO_DIFICULTAD = 3
#: «el rango de Percepción multiplicado por cuatro más los dados de bonificación».
FACTOR_PASIVO = 4
#: [D] the bot's degrees of success (the seed names them without their table): one degree
#: per full five points over the difficulty, up to four. ``/tirar``'s pool reads them too.
GRADO_PASO = 5
GRADOS_MAX = 4
#: «Salud = Constitución x3», «Compostura = Voluntad x3».
FACTOR_SALUD = 3
FACTOR_COMPOSTURA = 3
#: A critical: «duplique la defensa del rival y tenga al menos un 6».
FACTOR_CRITICO = 2
#: A fumble: «que se falle por una diferencia de cinco o más»; «2d6+2-Combate cc. o Puntería».
PIFIA_FALLO = 5
PIFIA_DADOS = 2
PIFIA_SUMA = 2
#: «Todos los personajes en esta partida comenzarán con un punto de destino».
DESTINO_INICIAL = 1
#: «una acción mayor o bien dos acciones menores»: a turn is two minor actions' worth.
MENORES_POR_TURNO = 2
COSTE_MAYOR = 2
COSTE_MENOR = 1
#: «Existen siete tipos de actitud … Tres son positivas, una neutra y tres negativas»:
#: categories 1 (best) to 7 (worst), 4 the neutral one («suele ser indiferencia»).
ACTITUDES = 7
ACTITUD_NEUTRA = 4

#: The abilities the seed names (it announces 19 but does not print the list); a sheet takes
#: any name, these are offered.
HABILIDADES_SEMILLA: tuple[str, ...] = (
    "Agilidad",
    "Brío",
    "Combate cuerpo a cuerpo",
    "Constitución",
    "Discreción",
    "Engaño",
    "Estatus",
    "Ingenio",
    "Percepción",
    "Persuasión",
    "Picaresca",
    "Puntería",
    "Voluntad",
)
#: The specialties the seed names, with their ability.
ESPECIALIDADES_SEMILLA: tuple[tuple[str, str], ...] = (
    ("Agilidad", "Rapidez"),
    ("Brío", "Trepar"),
    ("Discreción", "Sigilo"),
    ("Estatus", "Reputación"),
    ("Percepción", "Observación"),
    ("Picaresca", "Juegos de manos"),
)

# The abilities and specialties the rules read, as their keys (``text.word_key``).
AGILIDAD = "agilidad"
BRIO = "brio"
PERCEPCION = "percepcion"
CONSTITUCION = "constitucion"
VOLUNTAD = "voluntad"
ESTATUS = "estatus"
INGENIO = "ingenio"
DISCRECION = "discrecion"
ENGANO = "engano"
PERSUASION = "persuasion"
COMBATE_CC = "combate cuerpo a cuerpo"
PUNTERIA = "punteria"
RAPIDEZ = "rapidez"
REPUTACION = "reputacion"
SIGILO = "sigilo"
OBSERVACION = "observacion"
#: The attacks: «un ataque (Combate cuerpo a cuerpo o Puntería)».
HABILIDADES_ATAQUE = (COMBATE_CC, PUNTERIA)

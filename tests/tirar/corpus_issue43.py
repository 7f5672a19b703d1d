"""Issue 43: expressions from tools the roller was not built from, and what Spanish tables
type, each with forced dice and the total the tool that writes it means. A case whose
``reading`` is empty is read as its writer means it; one with a reading is read one way
and the reply says how, right after the expression; ``REFUSED`` are refused, with the only
suggestion a refusal may make (one that means what was typed) or none. Together with
``corpus.py``: no expression of the suite's corpus is read otherwise without saying so.

Sources: the issue's own expressions (Rolisteam DiceParser, rpg-dice-roller, Sidekick,
Rollem, Dicecord, pip ``dice``, py-rolldice); Dice Maiden's README «Alias Rolls» and
``src/dice_maiden_logic.rb`` (https://github.com/Humblemonk/DiceMaiden); Rápido y Fácil's
«Tiradas» (wiki.naufragio.net/ryf/system/rolls, Comunidad Umbría's RyF pages: «Sacamos un
10 (3,10,10), tiramos de nuevo y sacamos un cuatro (3,4,7). El resultado final sería 14»);
son-link/RolePlayDiceBot's README for ``ryf+``, ``ryf-``, ``ryf6``.
"""

from __future__ import annotations

from tests.tirar.corpus import FOUNDRY, ROLL20, Case, c

ISSUE = "issue 43 (Rolisteam, rpg-dice-roller, Sidekick, Rollem, Dicecord, dice)"
DOCS = "docs/dados.md (the note it promises)"
COMMENTS = "Roll20, RPG Sage, avrae/d20 comments"
SPANISH = "mesas en español (ventaja en d20 y d12)"
D6_SYSTEM = "Sistema D6 (West End Games)"
RYF = "Rápido y Fácil («Tiradas»; RolePlayDiceBot)"
DM_ALIAS = "Dice Maiden README «Alias Rolls», src/dice_maiden_logic.rb"
DM_PREFIX = "Dice Maiden README «How to use» (p, s, nr, ul)"

MEANT: list[Case] = [
    c("(6-4)D10", [3, 7], 10, "6 - 4 → 2d10: 3, 7", ISSUE),
    c("(4-2)d10", [10, 1], 11, "4 - 2 → 2d10: 10, 1", ISSUE),
    c("(1+1)d6", [2, 5], 7, "1 + 1 → 2d6: 2, 5", ISSUE),
    c("(3+2D6)D10", [1, 2, 1, 1, 1, 1, 1, 1], 6, "3 + (1, 2) → 6d10: 1, 1, 1, 1, 1, 1", ISSUE),
    c(
        "(10d6)d2",
        [1, 2, 3, 4, 5, 6, 6, 6, 6, 6],
        42,
        "{~~1~~, ~~2~~, 3, 4, 5, 6, 6, 6, 6, 6}",
        ISSUE,
    ),
    c("4d6k", [3, 5, 6, 1], 6, "~~3~~, ~~5~~, 6, ~~1~~", DOCS, "el mayor"),
    c("1d6e", [6, 2], 8, "6!, 2", DOCS, "explota una vez con 6"),
    c(
        "1d20x2",
        [2, 2, 7],
        11,
        "2!, 2!, 7",
        FOUNDRY,
        "explota sin fin con 2, la x de Foundry; multiplicar es `*`",
    ),
    c(
        "4d6x",
        [6, 1, 2, 3, 4],
        16,
        "6!, 1, 2, 3, 4",
        FOUNDRY,
        "explota sin fin con 6, la x de Foundry; multiplicar es `*`",
    ),
    c("round(-1.5)", [], -1, "round(−1,5)", ROLL20, "el medio sube, como en Roll20: −1,5 → −1"),
    c(
        "round(-2.5) + 3",
        [],
        1,
        "round(−2,5) + 3",
        ROLL20,
        "el medio sube, como en Roll20: −2,5 → −2",
    ),
    c("1d20 # ataque", [12], 12, "12", COMMENTS, "lo que sigue a «#» es el motivo", "ataque"),
    c(
        "2d6+3 // daño de fuego",
        [4, 5],
        12,
        "(4, 5) + 3",
        COMMENTS,
        "lo que sigue a «//» es el motivo",
        "daño de fuego",
    ),
    c(
        "1d20+5 Iniciativa",
        [9],
        14,
        "9 + 5",
        ROLL20,
        "el texto del final es el motivo",
        "Iniciativa",
    ),
    c(
        "4d6 Daño",
        [1, 2, 3, 4],
        10,
        "1, 2, 3, 4",
        ROLL20,
        "el texto del final es el motivo",
        "Daño",
    ),
    c("1d20 ventaja", [3, 17], 17, "~~3~~, 17", SPANISH, "ventaja: el mayor de 2d20"),
    c("1d20+5 desventaja", [3, 17], 8, "(3, ~~17~~) + 5", SPANISH, "desventaja: el menor de 2d20"),
    c("1d12 ventaja", [4, 9], 9, "~~4~~, 9", SPANISH, "ventaja: el mayor de 2d12"),
    c(
        "1d12+2 desventaja ! Defensa",
        [4, 9],
        6,
        "(4, ~~9~~) + 2",
        SPANISH,
        "desventaja: el menor de 2d12",
        "Defensa",
    ),
    c("3D+2", [4, 5, 6], 17, "(4, 5, 6) + 2", D6_SYSTEM, "3d6, el Sistema D6 (sin dado salvaje)"),
    c("3D", [1, 2, 3], 6, "1, 2, 3", D6_SYSTEM, "3d6, el Sistema D6 (sin dado salvaje)"),
    c("5+3+1o3d10", [4, 8, 3], 12, "5 + 3 + (4, 8, 3 → 4)", RYF),  # 'el dado central',
    c(
        "1o3d10", [3, 10, 10, 3, 4, 7], 14, "3, 10, 10 → 10 + 3, 4, 7 → 4", RYF
    ),  # 'el dado central', 'tirada abierta'
    c("ryf", [4, 8, 3], 4, "4, 8, 3 → 4", RYF),  # 'el dado central',
    c("ryf+", [4, 8, 3], 8, "4, 8, 3 → 8", RYF),  # 'el dado mayor',
    c("ryf-", [4, 8, 3], 3, "4, 8, 3 → 3", RYF),  # 'el dado menor',
    c("ryf6", [2, 6, 5], 5, "2, 6, 5 → 5", RYF),  # 'el dado central',
    c(
        "ryf6+", [2, 6, 5, 1, 2, 3], 9, "2, 6, 5 → 6 + 1, 2, 3 → 3", RYF
    ),  # 'el dado mayor', 'tirada abierta'
    c("ryf+5", [4, 8, 3], 9, "(4, 8, 3 → 4) + 5", RYF),  # 'el dado central',
    c(
        "4cod",
        [8, 10, 3, 1, 9],
        3,
        "**8**, **10!**, 3, 1, **9**",
        DM_ALIAS,
        "4d10 ie10 t8, de Dice Maiden",
    ),
    c("4cod8", [8, 2, 3, 1, 5], 1, "**8!**, 2, 3, 1, 5", DM_ALIAS, "4d10 ie8 t8, de Dice Maiden"),
    c(
        "4codr",
        [8, 2, 9, 9, 1],
        3,
        "**8**, ~~2~~, 1, **9**, **9**",
        DM_ALIAS,
        "4d10 r7 t8, de Dice Maiden",
    ),
    c("sr6", [5, 6, 1, 2, 3, 4], 2, "**5**, **6**, 1, 2, 3, 4", DM_ALIAS, "6d6 t5, de Dice Maiden"),
    c("age", [2, 3, 6], 11, "(2, 3) + 6", DM_ALIAS, "2d6 + 1d6, de Dice Maiden"),
    c(
        "dndstats",
        [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4],
        (9, 9, 9, 9, 9, 9),
        "~~1~~, 2, 3, 4",
        DM_ALIAS,
        "4d6 k3, de Dice Maiden",
    ),
    c("6yz", [6, 6, 1, 2, 3, 4], 2, "**6**, **6**, 1, 2, 3, 4", DM_ALIAS, "6d6 t6, de Dice Maiden"),
    c(
        "ex5",
        [10, 7, 3, 1, 6],
        3,
        "**10**, **7**, 3, 1, 6",
        DM_ALIAS,
        "5d10 t7 t10, de Dice Maiden",
    ),
    c(
        "ex5t8",
        [10, 8, 7, 1, 2],
        3,
        "**10**, **8**, 7, 1, 2",
        DM_ALIAS,
        "5d10 t8 t10, de Dice Maiden",
    ),
    c("ed5", [8, 3], 11, "8!, 3", DM_ALIAS, "1d8 ie, de Dice Maiden"),
    c("ed1", [4, 2], 4, "(4!, 2) - 2", DM_ALIAS, "1d4 ie - 2, de Dice Maiden"),
    c("ed9", [8, 6, 5], 19, "(8!, 6) + 5", DM_ALIAS, "1d8 ie + 1d6 ie, de Dice Maiden"),
    c("snm3", [6, 2, 4, 5], 3, "**6!**, 2, **4**, **5**", DM_ALIAS, "3d6 ie6 t4, de Dice Maiden"),
    c("3wh4+", [4, 3, 6], 2, "**4**, 3, **6**", DM_ALIAS, "3d6 t4, de Dice Maiden"),
    c("dd34", [2, 3], 23, "2 × 10 + 3", DM_ALIAS, "(1d3 * 10) + 1d4, de Dice Maiden"),
    c("2hsn", [6, 1], 7, "6, 1", DM_ALIAS),  # 'STUN 7', 'BODY 2'
    c("2hsk1", [3, 4, 5], 7, "3, 4 | multiplicador 5", DM_ALIAS),  # 'BODY 7', 'STUN 35 (×5)'
    c("2hsh", [3, 4, 5], 1, "11 + 2 - (3, 4, 5)", DM_ALIAS, "11 + 2 - 3d6, de Dice Maiden"),
    c(
        "d6s4",
        [1, 2, 3, 4, 6, 2],
        18,
        "(1, 2, 3, 4) + (6!, 2)",
        DM_ALIAS,
        "4d6 + 1d6 ie, de Dice Maiden",
    ),
    c(
        "d6s4 +2",
        [1, 2, 3, 4, 5],
        17,
        "(1, 2, 3, 4) + 5 + 2",
        DM_ALIAS,
        "4d6 + 1d6 ie, de Dice Maiden",
    ),
    c("attack+5", [11], 16, "11 + 5", DM_ALIAS, "1d20, de Dice Maiden"),
    c(
        "wng 4d6", [4, 6, 1, 6], 5, "**4**, **6**, 1 | Ira: **6**", DM_ALIAS
    ),  # '1 iconos y 2 exaltados', 'Ira 6', 'CRÍTICO y un punto de Gloria'
    c(
        "wng dn3 3d6", [4, 5, 1], 2, "**4**, **5** | Ira: 1", DM_ALIAS
    ),  # '2 iconos y 0 exaltados', 'Ira 1', 'dificultad 3: fallo', 'Complicación'
    c("p 1d20", [7], 7, "7", DM_PREFIX, "privada, como `privada:sí`"),
    c(
        "s 2d6",
        [1, 2],
        3,
        "1, 2",
        DM_PREFIX,
        "Dice Maiden no enseña los dados; aquí se ven siempre",
    ),
    c("nr 2d6", [1, 2], 3, "1, 2", DM_PREFIX, "Dice Maiden no enseña el total; aquí se ve siempre"),
    c(
        "ul 4d6",
        [1, 2, 3, 4],
        10,
        "1, 2, 3, 4",
        DM_PREFIX,
        "los dados salen en el orden en que caen, como aquí siempre",
    ),
]

#: The verdicts a system's reply carries (besides its total).
LABELS = {
    "5+3+1o3d10": ("el dado central",),
    "1o3d10": ("el dado central", "tirada abierta"),
    "ryf": ("el dado central",),
    "ryf+": ("el dado mayor",),
    "ryf-": ("el dado menor",),
    "ryf6": ("el dado central",),
    "ryf+5": ("el dado central",),
    "ryf6+": ("el dado mayor", "tirada abierta"),
    "2hsn": ("STUN 7", "BODY 2"),
    "2hsk1": ("BODY 7", "STUN 35 (×5)"),
    "wng 4d6": ("1 iconos y 2 exaltados", "Ira 6", "CRÍTICO y un punto de Gloria"),
    "wng dn3 3d6": ("2 iconos y 0 exaltados", "Ira 1", "dificultad 3: fallo", "Complicación"),
}

#: Refused: the text, the suggestion (None: the refusal points at the place and the help)
#: and what the reason must name.
REFUSED: list[tuple[str, str | None, str]] = [
    ("5d10>=8", None, "`5d10 t8` cuenta los dados de 8 o más, `5wod8`"),
    ("5d10 >= 8", None, "`(5d10) >= 8` compara el total"),
    ("4d6<=2", None, "`4d6<2` cuenta los dados de 2 o menos"),
    ("4d6!=3", None, "`4d6=3` cuenta los dados que sacan 3"),
    ("4d6++2", None, "unos bots lo suman a cada dado"),
    ("4d6--2", None, "unos bots lo restan de cada dado"),
    ("4d6x10+3", "4d6*10+3", "un d6 no saca 10"),
    ("5d10X3", None, "«X» no es igual en todos los bots"),
    ("3D10e[>8]", "3D10e>8", "la condición va sin corchetes"),
    ("4d6r[<3]", "4d6r<3", "la condición va sin corchetes"),
    ("4d6k[3]", None, "la condición va sin corchetes"),
    ("dF.2", None, "esperaba el final"),
    ("6d6v3", None, "esperaba el final"),
    ("3d+2", None, "esperaba las caras del dado"),
    ("1d6 | 3", None, "esperaba el final"),
    ("2d20 ventaja", None, "va tras una tirada con un solo d20 o d12"),
    ("(1-3)d6", None, "el número de dados sale −2"),
    ("(7/2)d6", None, "el número de dados sale con decimales"),
    ("(300)d6", None, "Demasiados dados"),
    ("2hsn+1", None, "va sola en su expresión"),
    ("ed51", None, "esperaba un dado"),
    # a word with digits may be another tool's modifier (Dice Maiden in Rust): not a motivo
    ("4d6 km2", None, "esperaba el final y encontré «km2»"),
    ("1d20 adv1", None, "esperaba el final y encontré «adv1»"),
    ("4d6 rg2", None, "esperaba el final y encontré «rg2»"),
]

#: Every form issue 43 names, so that none is left out of the cases above.
NAMED = (
    "(6-4)D10",
    "(4-2)d10",
    "(1+1)d6",
    "(3+2D6)D10",
    "4d6k",
    "1d6e",
    "1d20x2",
    "4d6x10+3",
    "4d6x",
    "5d10X3",
    "3D10e[>8]",
    "4d6r[<3]",
    "5d10>=8",
    "4d6++2",
    "4d6--2",
    "round(-1.5)",
    "dF.2",
    "6d6v3",
    "1o3d10",
    "3D+2",
    "1d6 | 3",
    "1d20 ventaja",
    "1d20 # ataque",
    "2d6+3 // daño de fuego",
    "1d20+5 Iniciativa",
    "ryf",
    "ryf+",
    "ryf-",
    "ryf6",
    "4cod",
    "sr6",
    "age",
    "dndstats",
    "6yz",
    "ex5",
    "ed5",
    "wng 4d6",
    "3wh4+",
    "dd34",
    "2hsn",
    "d6s4",
    "attack+5",
    "p 1d20",
    "s 2d6",
    "nr 2d6",
    "ul 4d6",
)

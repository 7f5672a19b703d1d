"""Every number of the rulebook and every **[D]** decision of the project, in one place.

Where the texts are silent the project decided; each decision is marked ``[D]`` here (and in
the project's rules digest) so that it can change without touching the rest of the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

# --- §1 The roll --------------------------------------------------------------------------
# --- Names ---------------------------------------------------------------------------------
#: [D] One key for every name (characters, enemies, combatants, Oficios, weapons, retos, a
#: guild's estados), computed in Python by ``umbral_rules.text.name_key``: Unicode NFKC, then
#: case-folded, then the diacritics of Latin letters folded (á→a, ü→u, ç→c, ø→o) while ñ stays
#: its own letter (año ≠ ano) and the marks of other scripts are kept (й, ά). Every lookup,
#: uniqueness rule and autocomplete match uses it; the database stores it in ``name_key``
#: columns (never ``lower()`` in SQL, whose result depends on the engine and the locale).
#: The rulebook's own words (sizes, built-in estados, modes) keep ASCII identifiers in code
#: (``pequeno``, ``enmaranado``) and are matched by ``word_key`` (the name key with ñ as n).
NAME_KEY: Final = "NFKC + casefold + Latin diacritics folded, ñ kept"
#: [D] A name: 1–80 characters as typed (``umbral_rules.text.name_problem`` says what may be
#: in it); lists of names sort the Spanish way (Á with A, ñ after n), in Python.
NAME_MAX: Final = 80

DIE_SIDES: Final = 12
UMBRALES: Final = (6, 9, 12, 15, 18, 21)
#: [D] Umbral 9 is "Corriente"; 12 is "Peliaguda" in the texts.
UMBRAL_NAMES: Final = MappingProxyType({9: "Corriente", 12: "Peliaguda"})
CORRIENTE: Final = 9
PELIAGUDA: Final = 12
#: [D] A check's Umbral (``/tirada``) is any whole number in this range; the six named ones
#: (``UMBRALES``) are the ones offered. A reto keeps the six (``/reto crear``).
UMBRAL_RANGE: Final = (1, 40)
#: [D] A check against a person (Libro III §15: «tira el que resiste, contra 8 + Atributo +
#: Oficio del que empuja»): when the one who resists is an enemy, the player who pushes rolls
#: (the GM never rolls; ``/tirada`` is a player's roll), against the enemy's Ataque, and the
#: tie still goes to who resists: the Ataque counts this much more («el empate es de quien
#: aguanta»).
CONTRA_ENEMY_TIE: Final = 1

#: [D] The four attributes named by the texts; the list lives here so more can be added.
ATRIBUTOS: Final = ("vigor", "destreza", "percepcion", "voluntad")
ATRIBUTO_LABELS: Final = MappingProxyType(
    {"vigor": "Vigor", "destreza": "Destreza", "percepcion": "Percepción", "voluntad": "Voluntad"}
)
#: [D] The texts give no ranges; a sheet's attribute and Oficio values live in these bounds.
ATRIBUTO_RANGE: Final = (0, 5)
OFICIO_RANGE: Final = (0, 5)

# --- §2 Grades and bands ------------------------------------------------------------------
BAND_FIXED: Final = 4  # one die against a fixed number
BAND_OPPOSED: Final = 6  # two dice, opposed

# --- §3 Damage ----------------------------------------------------------------------------
PLENO_BONUS: Final = 3
A_MEDIAS_DAMAGE: Final = 1
PERFORANTE_IGNORES: Final = 2

#: Potencia by weapon class (Libro III §15).
WEAPON_CLASSES: Final = MappingProxyType(
    {"daga": 2, "mano": 4, "dos_manos": 6, "arco": 4, "ballesta": 5, "polvora": 7}
)
WEAPON_CLASS_LABELS: Final = MappingProxyType(
    {
        "daga": "Daga",
        "mano": "Arma de mano",
        "dos_manos": "Arma de dos manos",
        "arco": "Arco",
        "ballesta": "Ballesta",
        "polvora": "Pólvora",
    }
)
#: The attribute each class uses by default (V, D or V/D = the higher of the two).
WEAPON_CLASS_ATTRIBUTE: Final = MappingProxyType(
    {"daga": "V/D", "mano": "V", "dos_manos": "V", "arco": "D", "ballesta": "D", "polvora": "D"}
)
RANGED_CLASSES: Final = frozenset({"arco", "ballesta", "polvora"})
WEAPON_ATTRIBUTES: Final = ("V", "D", "V/D")
CUALIDADES: Final = ("perforante", "certera", "larga", "arrojadiza")
#: [D] Certera: «tiras con ventaja contra objetivos que no se mueven» (Libro III §15). A target
#: is moving when it moved in its side's last turn (a movimiento spent: ``/mover``, a walk on
#: the board, Cargar; ``encounter.attacks.moving``); in Mesa and Narrativo the ``quieto``
#: option of the attack says it instead (the board decides in Táctico).
CERTERA_SOURCE: Final = "Certera (blanco quieto)"
#: Shooting after moving: «haberte movido … sigue moviendo el dado» (Libro VI §41, the §15's
#: list): desventaja on a shot when the shooter has moved earlier in this asalto.
MOVED_SHOT_SOURCE: Final = "Se ha movido en este asalto"

# --- §4 Derived numbers -------------------------------------------------------------------
ATAQUE_BASE: Final = 8  # "the die that is not rolled"
DEFENSA_BASE: Final = 9
AGUANTE_BASE: Final = 10
AGUANTE_PER_VIGOR: Final = 2
PROTECCION: Final = MappingProxyType(
    {0: "Nada", 1: "Ligera", 2: "Media", 3: "Pesada", 4: "Completa"}
)

# --- §5 Mesa ------------------------------------------------------------------------------
ACOSO_MAX: Final = 3

# --- §6 Enemies from Mesa -----------------------------------------------------------------
ENEMY_ATTACK_OFFSET: Final = 12  # attacks with 1d12 + (Ataque - 12)
ENEMY_DEFENSE_OFFSET: Final = 7  # defends with 1d12 + (Defensa - 7)

# --- §6/§12 Sizes -------------------------------------------------------------------------
#: Size steps: each +1 of opposed acoso costs this many attackers.
TAMANO_STEPS: Final = MappingProxyType(
    {"diminuto": 1, "pequeno": 1, "normal": 1, "grande": 2, "descomunal": 3, "inabarcable": 4}
)
#: Static Defensa modifier against shots by size.
#: Inabarcable takes −6 like Descomunal: the seed says "nueve o más" squares, −6.
TAMANO_DEFENSA_MOD: Final = MappingProxyType(
    {"diminuto": 6, "pequeno": 3, "normal": 0, "grande": -3, "descomunal": -6, "inabarcable": -6}
)
TAMANO_LABELS: Final = MappingProxyType(
    {
        "diminuto": "Diminuto",
        "pequeno": "Pequeño",
        "normal": "Normal",
        "grande": "Grande",
        "descomunal": "Descomunal",
        "inabarcable": "Inabarcable",
    }
)
COVER_BONUS: Final = 3

# --- §8 Wounds ----------------------------------------------------------------------------
SECUELAS_ALIENTO_BONUS: Final = 4
#: [D] A secuelas result of 1 (after the +4) is death.
SECUELAS_DEATH: Final = 1

# --- Encounter modes ----------------------------------------------------------------------
MODES: Final = ("mesa", "narrativo", "tactico")

# --- The encounter (issue 3) --------------------------------------------------------------
ENCOUNTER_SCHEMA: Final = 1
PHASE_LABELS: Final = MappingProxyType({"jugadores": "los jugadores", "enemigos": "los enemigos"})
#: [D] Defaults of an encounter's settings:
#: - ``defensa_inmediata``: in Narrativo/Táctico a PC's defense die is rolled with the attack
#:   (True) or waits for the player's own roll as a pending defense (False).
#: - ``emboscada``: None, "pj" or "enemigo". [D] "pj": the PC with most Percepción is named to
#:   act first; "enemigo": asalto 1 opens in the enemies' phase (a surprise asalto).
#: - ``estados_extra``: the guild's estados, ``{key: {"nombre": str, "desventaja": [ambito]}}``.
#: - ``secuelas_tabla``: the guild's secuelas table, ``{"2": "text", ...}`` (1 is death).
#: - ``secuelas_auto``: roll the secuelas at the fall with the operation's dice (True) or
#:   leave it pending for the player's own roll (False).
ENCOUNTER_DEFAULT_SETTINGS: Final[Mapping[str, object]] = MappingProxyType(
    {
        "defensa_inmediata": True,
        "emboscada": None,
        "estados_extra": {},
        "secuelas_tabla": {},
        "secuelas_auto": False,
    }
)

# --- §9 Estados ---------------------------------------------------------------------------
#: Where an estado can give desventaja. "todo" is everything.
ESTADO_AMBITOS: Final = ("todo", "ofensiva", "social", "defensa", "movimiento", "vista")
AMBITO_LABELS: Final = MappingProxyType(
    {
        "todo": "todo",
        "ofensiva": "acciones ofensivas",
        "social": "acciones sociales",
        "defensa": "defensa",
        "movimiento": "movimiento",
        "vista": "lo que depende de la vista",
        "otra": "otras acciones",
    }
)
#: [D] What a roll is (digest §9): the ámbitos a check (``/tirada``, ``/reto tirar``) may name.
#: An attack or a shot is ofensiva and vista, a defense defensa and vista (``ROLL_AMBITOS``);
#: "otra" is a check none of the others covers (only an estado "en todo" reaches it). A check
#: must name its ámbito when the roller suffers an estado that limits some ámbitos and not all.
TIRADA_AMBITOS: Final = ("ofensiva", "defensa", "movimiento", "social", "vista", "otra")
#: The five estados of Libro III §17 and where each gives desventaja.
ESTADOS: Final = MappingProxyType(
    {
        "aturdido": ("todo",),
        "sangrando": (),
        "quebrantado": ("ofensiva", "social"),
        "enmaranado": ("movimiento", "defensa"),
        "cegado": ("vista",),
    }
)
ESTADO_LABELS: Final = MappingProxyType(
    {
        "aturdido": "Aturdido",
        "sangrando": "Sangrando",
        "quebrantado": "Quebrantado",
        "enmaranado": "Enmarañado",
        "cegado": "Cegado",
    }
)
#: [D] Which ámbitos each kind of roll touches (an estado applies when they meet, or "todo").
#: Attacking and shooting are offensive and depend on sight; a Mesa defense depends on sight
#: too (a Cegado PC in Mesa still rolls, with desventaja, because the GM never rolls);
#: Despegarse is movement.
ROLL_AMBITOS: Final = MappingProxyType(
    {
        "ataque": ("ofensiva", "vista"),
        "defensa": ("defensa", "vista"),
        "despegarse": ("movimiento",),
    }
)
#: A Cegado target cannot defend (Libro VI §39): opposed attacks on it are static.
ESTADOS_INDEFENSO: Final = frozenset({"cegado"})
#: Sangrando: Aguante lost per asalto, [D] applied when the asalto advances.
SANGRANDO_PER_ASALTO: Final = 1
#: Aturdido is removed by spending an acción.
ESTADO_QUITAR_ACCION: Final = frozenset({"aturdido"})
#: Quebrantado is removed by a Voluntad check against Corriente; [D] trying costs the acción.
ESTADO_QUITAR_TIRADA: Final = MappingProxyType({"quebrantado": ("voluntad", CORRIENTE)})
#: Sangrando goes when someone bandages you (``/vendar``).
ESTADO_VENDAR: Final = "sangrando"
#: [D] A guild defines at most this many estados of its own: «los quince de Umbral» (Libro VI
#: §42) are the five of Libro III §17 and ten more.
ESTADOS_PROPIOS_MAX: Final = 10
#: [D] Estados «de la cabeza» (Libro VI §42: «De la cabeza solo se lleva uno a la vez»): a
#: guild's estado may be one; putting a second on someone replaces the first (True) instead
#: of being refused.
CABEZA_REPLACES: Final = True

# --- §7 Maniobras -------------------------------------------------------------------------
MANIOBRAS: Final = ("interponerse", "sostener", "cargar", "despegarse", "apuntar")
#: [D] Cargar: ventaja on that attack; desventaja on the charger's defenses until their next
#: turn (the next time their side's phase opens).
CARGAR_ATTACK: Final = "ventaja"
CARGAR_DEFENSE: Final = "desventaja"
#: [D] Apuntar: the acción for ventaja on the next shot; it lasts until that shot or until the
#: holder spends an acción on something else.
#: [D] Sostener: the held action is an attack (or, with no target, whatever the GM narrates);
#: it is lost when the holder's side's phase opens again without it firing.
#: [D] Despegarse costs the acción only; the opposed roll is Destreza + Oficio (an enemy uses
#: its defense bonus) against the engaged's attack roll; a tie goes to the one leaving.
#: [D] In Mesa only a PC rolls to despegarse (against the engaged's static Ataque, bands of 4).
RESPUESTAS: Final = ("oportunidad", "larga", "sostener")
RESPUESTA_LABELS: Final = MappingProxyType(
    {
        "oportunidad": "tirada de oportunidad",
        "larga": "tirada gratis del arma Larga",
        "sostener": "acción sostenida",
    }
)
#: [D] The opportunity roll (trabar) goes with ventaja in Narrativo/Táctico (Libro VI §39:
#: "tira gratis y con ventaja contra ti") and without it in Mesa (Libro III §15 says nothing of
#: ventaja); the free roll after a lost Despegarse goes with ventaja in every mode.
OPORTUNIDAD_VENTAJA: Final = MappingProxyType({"mesa": False, "narrativo": True, "tactico": True})
#: [D] Phase order (digest §7): an enemy acting in the players' phase, or a PC in the
#: enemies', is refused in Narrativo and Táctico and only a warning in Mesa (by post, the GM
#: arbitrates). Respuestas and defending happen in any phase.
PHASE_ORDER_REFUSED: Final = MappingProxyType({"mesa": False, "narrativo": True, "tactico": True})

# --- §8 Wounds ----------------------------------------------------------------------------
SECUELAS_DIE: Final = 12
#: The highest secuelas result: the die's 12 + the Aliento's 4. A guild's table covers the
#: results from 2 up to its own highest; [D] a result above it reads its highest entry.
SECUELAS_MAX: Final = SECUELAS_DIE + SECUELAS_ALIENTO_BONUS
#: [D] The Malherido clock («muerto en pocos minutos si nadie hace nada», Libro III §16): the
#: GM is told when a PC has lain Malherido this many asaltos with nobody stabilising them
#: (a guild changes it with ``/config``; the bot tells, the GM decides).
MALHERIDO_AVISO_ASALTOS: Final = 3
MALHERIDO_AVISO_RANGE: Final = (1, 50)
#: [D] Bandaging («hasta que alguien te vende», Libro III §17) takes no roll (the texts give
#: none, unlike stabilising), costs the acción in combat, and one may bandage oneself.
VENDAR_SELF: Final = True
#: [D] A healing check to stabilise: Peliaguda, by someone else; [D] default attribute.
ESTABILIZAR_UMBRAL: Final = PELIAGUDA
ESTABILIZAR_ATRIBUTO: Final = "percepcion"

# --- §10 Aliento --------------------------------------------------------------------------
#: [D] The uses of one point of Aliento.
ALIENTO_USOS: Final = ("repetir", "subir", "encajar", "secuelas")
ALIENTO_COST: Final = 1

# --- §11 Retos ----------------------------------------------------------------------------
#: [D] «cada uno solo puede repetir un mismo Oficio una vez», read literally (digest §11): a
#: player may use the same Oficio this many times in one reto (one repetition); one more is
#: refused.
RETO_OFICIO_USOS: Final = 2
#: [D] What each grade does in a reto: Éxito and Éxito pleno add one success, Fracaso costs,
#: A medias neither advances nor costs.
RETO_GRADE_EFFECT: Final = MappingProxyType(
    {"fracaso": "fracaso", "a_medias": "nada", "exito": "exito", "exito_pleno": "exito"}
)

# === end of the encounter (issue 3) ===

# --- §12 Solo Táctico: the grid (Libro VI §41–43) ------------------------------------------
SQUARE_METRES: Final = 1.5
#: Squares of side each size takes on the board; Pequeño and Diminuto are 1 for distances,
#: but Pequeño shares its square with another Pequeño and Diminuto takes none.
TAMANO_SIDE: Final = MappingProxyType(
    {"diminuto": 1, "pequeno": 1, "normal": 1, "grande": 2, "descomunal": 3, "inabarcable": 4}
)
#: Pequeño figures that fit in one square.
PEQUENO_PER_SQUARE: Final = 2
#: Squares swept by one attack of a big creature (what it measures of a side).
SWEEP_SQUARES: Final = MappingProxyType({"grande": 2, "descomunal": 3, "inabarcable": 4})
MOVE_SQUARES: Final = 6  # a movimiento, keeping the acción
MOVE_SQUARES_NO_ACCION: Final = 12  # giving up the acción for a second movimiento
MELEE_REACH: Final = 1  # the adjacent square, orthogonal or diagonal
LARGA_REACH: Final = 2
#: [D] Interponerse on the board (digest §7): the ward must be within the protector's melee
#: reach — keyed by whether the protector's figure carries a Larga weapon. Off the board the
#: GM's word stands.
INTERPONERSE_REACH: Final = MappingProxyType({False: MELEE_REACH, True: LARGA_REACH})
POINT_BLANK_SQUARES: Final = 2  # a bocajarro: ventaja
#: Ámbito of magic on the grid, in squares of side: 1, 3×3, 6×6 (or drawn by hand).
AMBITOS: Final = (1, 3, 6)

#: [D] Range in squares by weapon class (Libro VI §41). The seed's own table did not survive
#: in the text we have, so these numbers are the project's. A shot reaches any target at a
#: distance ≤ the range (distance 1 = adjacent); the first two squares are a bocajarro.
#:   arco      40 squares (60 m) — "un tablero corriente cabe entero dentro del rango de un arco"
#:   ballesta  30 squares (45 m)
#:   pólvora   20 squares (30 m)
#:   arrojadiza (any class with the cualidad, thrown): (4 + Vigor) × 2
#: A weapon that carries its own range passes it instead of the class default.
WEAPON_RANGE_SQUARES: Final = MappingProxyType({"arco": 40, "ballesta": 30, "polvora": 20})
#: [D] Thrown weapons: a base of 4 squares, +1 per point of Vigor "antes de doblar", then
#: doubled: Vigor 0 → 8, Vigor 2 → 12, Vigor 5 → 18 squares.
THROWN_BASE_SQUARES: Final = 4
THROWN_FACTOR: Final = 2
#: [D] Tablero limits (1..60 squares a side) and the corner: A1 is the top-left square,
#: columns are letters (A…Z, AA…), rows numbers growing downwards.
TABLERO_MAX_SIDE: Final = 60
#: [D] Sides a figure can be on; "pj" and "aliado" fight together, "enemigo" against them.
SIDES: Final = MappingProxyType({"pj": 0, "aliado": 0, "enemigo": 1})
#: [D] Grid decisions that are behaviour, not numbers (they live in ``umbral_rules.tablero``):
#:   - distances are Chebyshev, edge to edge between footprints (1 = adjacent, diagonals too);
#:   - a path may not pass walls nor standing enemies, nor slip diagonally between two blocked
#:     corners; allies are passed but not ended on; a Diminuto passes figures; cover squares
#:     are passed and stood on (the move reports them so the GM can ask for a check);
#:   - two Pequeño figures share a square only when they fight on the same side;
#:   - a Larga holder rolls with desventaja when its target is adjacent; leaving its 2-square
#:     reach is an opportunity like leaving anyone's reach;
#:   - line of fire: Bresenham between square centres, the best of the lines between any
#:     square of the shooter and any square of the target; a wall on it blocks that line, a
#:     cover square or a standing figure on it is cover (+3); fallen figures are not cover;
#:   - "tener a alguien encima": a standing enemy adjacent to the shooter (desventaja);
#:   - acoso on the grid counts the attacker's standing companions with the target in reach;
#:   - a sweep's squares must be contiguous through shared sides; fallen figures in it are
#:     not listed; an even Ámbito (6×6) spans centre−2 … centre+3.

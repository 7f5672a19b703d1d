"""Every number of the rulebook and every **[D]** decision of the project, in one place.

Where the texts are silent the project decided; each decision is marked ``[D]`` here and in
``shared/rules/UMBRAL.md`` so that it can change without touching the rest of the code.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

# --- §1 The roll --------------------------------------------------------------------------
DIE_SIDES: Final = 12
UMBRALES: Final = (6, 9, 12, 15, 18, 21)
#: [D] Umbral 9 is "Corriente"; 12 is "Peliaguda" in the texts.
UMBRAL_NAMES: Final = MappingProxyType({9: "Corriente", 12: "Peliaguda"})
CORRIENTE: Final = 9
PELIAGUDA: Final = 12

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
SIZE_STEPS: Final = MappingProxyType(
    {"diminuto": 1, "pequeno": 1, "normal": 1, "grande": 2, "descomunal": 3, "inabarcable": 4}
)
#: Static Defensa modifier against shots by size.
#: [D] Inabarcable counts as Descomunal (the texts stop at "nueve o más: −6").
SIZE_DEFENSA_MOD: Final = MappingProxyType(
    {"diminuto": 6, "pequeno": 3, "normal": 0, "grande": -3, "descomunal": -6, "inabarcable": -6}
)
SIZE_LABELS: Final = MappingProxyType(
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

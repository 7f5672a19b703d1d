"""Derived numbers (§4) and the two kinds of sheet: a character's and an enemy's Mesa numbers.

Each sheet knows how to turn itself into the named modifiers a roll or a static value needs,
so the combat functions only see numbers with names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .errors import UmbralError
from .rolls import Modifier, Static
from .tables import (
    AGUANTE_BASE,
    AGUANTE_PER_VIGOR,
    ATAQUE_BASE,
    ATRIBUTO_LABELS,
    ATRIBUTO_RANGE,
    ATRIBUTOS,
    CUALIDADES,
    DEFENSA_BASE,
    ENEMY_ATTACK_OFFSET,
    ENEMY_DEFENSE_OFFSET,
    OFICIO_RANGE,
    PERFORANTE_IGNORES,
    PROTECCION,
    RANGED_CLASSES,
    TAMANO_STEPS,
    WEAPON_ATTRIBUTES,
    WEAPON_CLASS_ATTRIBUTE,
    WEAPON_CLASSES,
)
from .text import name_key, word_key
from .tiradas import OficioCobertura, oficio_modifier

# --- validation ---------------------------------------------------------------------------


def validate_proteccion(proteccion: int) -> int:
    if proteccion not in PROTECCION:
        raise UmbralError(
            f"La protección va de 0 (nada) a 4 (completa); {proteccion} no es un peldaño."
        )
    return proteccion


def validate_atributo(nombre: str, valor: int) -> int:
    low, high = ATRIBUTO_RANGE
    if not low <= valor <= high:
        label = ATRIBUTO_LABELS.get(nombre, nombre)
        raise UmbralError(f"{label} debe estar entre {low} y {high} (se dio {valor}).")
    return valor


def validate_oficio(nombre: str, valor: int) -> int:
    low, high = OFICIO_RANGE
    if not nombre.strip():
        raise UmbralError("El Oficio necesita un nombre.")
    if not low <= valor <= high:
        raise UmbralError(f"El Oficio {nombre} debe estar entre {low} y {high} (se dio {valor}).")
    return valor


def validate_potencia(potencia: int) -> int:
    if potencia < 0:
        raise UmbralError(f"La Potencia no puede ser negativa ({potencia}).")
    return potencia


def validate_tamano(tamano: str) -> str:
    if tamano not in TAMANO_STEPS:
        raise UmbralError(f"Tamaño desconocido «{tamano}»: usa {', '.join(TAMANO_STEPS)}.")
    return tamano


def normalize_atributo(nombre: str) -> str:
    key = word_key(nombre)
    if key not in ATRIBUTOS:
        raise UmbralError(
            f"Atributo desconocido «{nombre}»: usa {', '.join(ATRIBUTO_LABELS.values())}."
        )
    return key


# --- derived numbers (§4) -----------------------------------------------------------------


def ataque(atributo: int, oficio: int = 0) -> int:
    """Ataque = 8 + Atributo + Oficio (the 8 is the die that is not rolled)."""
    return ATAQUE_BASE + atributo + oficio


def defensa(destreza: int, proteccion: int) -> int:
    """Defensa = 9 + Destreza + protección."""
    return DEFENSA_BASE + destreza + validate_proteccion(proteccion)


def aguante(vigor: int, extra: int = 0) -> int:
    """Aguante = 10 + Vigor × 2, plus what race and dotes add."""
    return AGUANTE_BASE + vigor * AGUANTE_PER_VIGOR + extra


def protection_counted(proteccion: int, perforante: bool) -> int:
    """Perforante ignores two points of protection (never below zero)."""
    return max(0, proteccion - PERFORANTE_IGNORES) if perforante else proteccion


# --- weapons ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    nombre: str
    clase: str
    potencia: int
    atributo: str
    cualidades: frozenset[str] = frozenset()

    @classmethod
    def make(
        cls,
        nombre: str,
        clase: str,
        atributo: str | None = None,
        potencia: int | None = None,
        cualidades: Iterable[str] = (),
    ) -> Weapon:
        """A weapon of one of the six classes; Potencia and attribute default to the class's."""
        clase_key = clase.strip().lower().replace(" ", "_").replace("ó", "o")
        if clase_key not in WEAPON_CLASSES:
            raise UmbralError(
                f"Clase de arma desconocida «{clase}»: usa {', '.join(WEAPON_CLASSES)}."
            )
        attr = (atributo or WEAPON_CLASS_ATTRIBUTE[clase_key]).strip().upper()
        if attr not in WEAPON_ATTRIBUTES:
            raise UmbralError(f"El atributo del arma es V, D o V/D (se dio «{atributo}»).")
        pot = WEAPON_CLASSES[clase_key] if potencia is None else validate_potencia(potencia)
        quals = frozenset(q.strip().lower() for q in cualidades if q.strip())
        unknown = sorted(quals - set(CUALIDADES))
        if unknown:
            raise UmbralError(f"Cualidad desconocida «{unknown[0]}»: usa {', '.join(CUALIDADES)}.")
        if not nombre.strip():
            raise UmbralError("El arma necesita un nombre.")
        return cls(nombre.strip(), clase_key, pot, attr, quals)

    @property
    def is_ranged(self) -> bool:
        return self.clase in RANGED_CLASSES

    @property
    def perforante(self) -> bool:
        return "perforante" in self.cualidades

    def has(self, cualidad: str) -> bool:
        return cualidad in self.cualidades

    def to_dict(self) -> dict[str, object]:
        return {
            "nombre": self.nombre,
            "clase": self.clase,
            "potencia": self.potencia,
            "atributo": self.atributo,
            "cualidades": sorted(self.cualidades),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Weapon:
        cualidades = data.get("cualidades", ())
        return cls.make(
            str(data["nombre"]),
            str(data["clase"]),
            str(data["atributo"]),
            int(str(data["potencia"])),
            [str(c) for c in cualidades] if isinstance(cualidades, list | tuple) else (),
        )


# --- sheets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CharacterSheet:
    """A player character's numbers."""

    nombre: str
    atributos: Mapping[str, int]
    proteccion: int
    oficios: Mapping[str, int] = field(default_factory=dict)
    aguante_extra: int = 0
    tamano: str = "normal"

    def __post_init__(self) -> None:
        if not self.nombre.strip():
            raise UmbralError("El personaje necesita un nombre.")
        missing = [a for a in ATRIBUTOS if a not in self.atributos]
        if missing:
            raise UmbralError(f"Falta el atributo {ATRIBUTO_LABELS[missing[0]]}.")
        for key, value in self.atributos.items():
            validate_atributo(normalize_atributo(key), value)
        for name, value in self.oficios.items():
            validate_oficio(name, value)
        validate_proteccion(self.proteccion)
        validate_tamano(self.tamano)

    def atributo(self, nombre: str) -> int:
        return self.atributos[normalize_atributo(nombre)]

    @property
    def aguante_max(self) -> int:
        return aguante(self.atributo("vigor"), self.aguante_extra)

    @property
    def defensa(self) -> int:
        return defensa(self.atributo("destreza"), self.proteccion)

    def oficio(self, nombre: str) -> tuple[str, int]:
        """The Oficio by name (case-insensitive)."""
        for key, value in self.oficios.items():
            if name_key(key) == name_key(nombre):
                return key, value
        raise UmbralError(f"{self.nombre} no tiene el Oficio «{nombre}».")

    def weapon_attribute(self, weapon: Weapon) -> Modifier:
        """V → Vigor, D → Destreza, V/D → the higher of the two."""
        vigor, destreza = self.atributo("vigor"), self.atributo("destreza")
        if weapon.atributo == "V" or (weapon.atributo == "V/D" and vigor >= destreza):
            return Modifier("Vigor", vigor)
        return Modifier("Destreza", destreza)

    def _oficio_mods(
        self, oficio: str | None, oficio_cobertura: OficioCobertura | str
    ) -> tuple[Modifier, ...]:
        if not oficio:
            return ()
        nombre, valor = self.oficio(oficio)
        mod = oficio_modifier(nombre, valor, oficio_cobertura)
        return (mod,) if mod else ()

    def attack_modifiers(
        self,
        weapon: Weapon,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura | str = "entero",
    ) -> tuple[Modifier, ...]:
        """What adds to the d12 when attacking: Atributo of the weapon + Oficio."""
        return (self.weapon_attribute(weapon), *self._oficio_mods(oficio, oficio_cobertura))

    def static_ataque(
        self,
        weapon: Weapon,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura | str = "entero",
    ) -> Static:
        """Ataque = 8 + Atributo + Oficio, the number another character rolls against."""
        return Static(
            "Ataque",
            (
                Modifier("Base", ATAQUE_BASE),
                *self.attack_modifiers(weapon, oficio, oficio_cobertura),
            ),
        )

    def defense_modifiers(
        self,
        oficio: str | None = None,
        oficio_cobertura: OficioCobertura | str = "entero",
        perforante: bool = False,
    ) -> tuple[Modifier, ...]:
        """What adds to the d12 when defending: Destreza + protección (+ defending Oficio)."""
        prot = protection_counted(self.proteccion, perforante)
        mods = [Modifier("Destreza", self.atributo("destreza")), _protection_mod(prot, perforante)]
        mods.extend(self._oficio_mods(oficio, oficio_cobertura))
        return tuple(mods)

    def static_defensa(self, perforante: bool = False) -> Static:
        """Defensa = 9 + Destreza + protección (Perforante ignores two points)."""
        prot = protection_counted(self.proteccion, perforante)
        return Static(
            "Defensa",
            (
                Modifier("Base", DEFENSA_BASE),
                Modifier("Destreza", self.atributo("destreza")),
                _protection_mod(prot, perforante),
            ),
        )


def _protection_mod(value: int, perforante: bool) -> Modifier:
    return Modifier("Protección (perforante −2)" if perforante else "Protección", value)


#: Most extra acciones or respuestas per asalto an enemy's sheet may give.
EXTRA_MAX = 10


@dataclass(frozen=True)
class EnemySheet:
    """An enemy as the bestiary publishes it: Mesa numbers and a weapon's Potencia.

    ``bono_ataque`` / ``bono_defensa`` are the direct Narrativo/Táctico bonuses when the
    author wrote them; otherwise they come from the conversion of §40.
    ``proteccion`` is only known when the entry gives it; Perforante ignores up to two points
    of it ([D] an entry with no protection loses nothing to Perforante).
    """

    nombre: str
    ataque: int
    defensa: int
    aguante: int
    potencia: int
    arma: str = "arma"
    tamano: str = "normal"
    proteccion: int = 0
    bono_ataque: int | None = None
    bono_defensa: int | None = None
    cualidades: frozenset[str] = frozenset()
    #: Acciones and respuestas per asalto beyond the one everybody has (its sheet says so).
    acciones_extra: int = 0
    respuestas_extra: int = 0

    def __post_init__(self) -> None:
        if not self.nombre.strip():
            raise UmbralError("El enemigo necesita un nombre.")
        if not (0 <= self.acciones_extra <= EXTRA_MAX and 0 <= self.respuestas_extra <= EXTRA_MAX):
            raise UmbralError(
                f"Las acciones y respuestas extra de {self.nombre} van de 0 a {EXTRA_MAX}."
            )
        if self.aguante < 1:
            raise UmbralError(f"El Aguante de {self.nombre} debe ser al menos 1.")
        if self.ataque < 0 or self.defensa < 0:
            raise UmbralError(f"Ataque y Defensa de {self.nombre} no pueden ser negativos.")
        validate_potencia(self.potencia)
        validate_proteccion(self.proteccion)
        validate_tamano(self.tamano)

    @property
    def weapon(self) -> Weapon:
        return Weapon(self.arma, "mano", self.potencia, "V", self.cualidades)

    @property
    def acciones_por_asalto(self) -> int:
        """The one acción everybody has, and its sheet's extra ones."""
        return 1 + self.acciones_extra

    @property
    def respuestas_por_asalto(self) -> int:
        """The one respuesta everybody has, and its sheet's extra ones."""
        return 1 + self.respuestas_extra

    @property
    def opposed_attack_bonus(self) -> int:
        """Attacks with 1d12 + (Ataque − 12)."""
        if self.bono_ataque is not None:
            return self.bono_ataque
        return self.ataque - ENEMY_ATTACK_OFFSET

    @property
    def opposed_defense_bonus(self) -> int:
        """Defends with 1d12 + (Defensa − 7)."""
        if self.bono_defensa is not None:
            return self.bono_defensa
        return self.defensa - ENEMY_DEFENSE_OFFSET

    def attack_modifiers(self) -> tuple[Modifier, ...]:
        label = (
            "Bono de ataque"
            if self.bono_ataque is not None
            else f"Ataque {self.ataque} − {ENEMY_ATTACK_OFFSET}"
        )
        return (Modifier(label, self.opposed_attack_bonus),)

    def static_ataque(self) -> Static:
        return Static("Ataque", (Modifier("Ataque", self.ataque),))

    def _perforante_loss(self, perforante: bool) -> int:
        return self.proteccion - protection_counted(self.proteccion, perforante)

    def defense_modifiers(self, perforante: bool = False) -> tuple[Modifier, ...]:
        label = (
            "Bono de defensa"
            if self.bono_defensa is not None
            else f"Defensa {self.defensa} − {ENEMY_DEFENSE_OFFSET}"
        )
        mods = [Modifier(label, self.opposed_defense_bonus)]
        loss = self._perforante_loss(perforante)
        if loss:
            mods.append(Modifier("Perforante", -loss))
        return tuple(mods)

    def static_defensa(self, perforante: bool = False) -> Static:
        parts = [Modifier("Defensa", self.defensa)]
        loss = self._perforante_loss(perforante)
        if loss:
            parts.append(Modifier("Perforante", -loss))
        return Static("Defensa", tuple(parts))

"""Grammatical gender of the messages about a combatant or character (issue 18 item 4).

A character's ``genero`` is ``"masculino"`` (the default, also when not said) or
``"femenino"``; the rules only carry it as data and pick the word that agrees with it:
«Kaeda cae Malherida», «Bran queda Aturdido».
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

GENEROS: Final = ("masculino", "femenino")

#: The feminine form of the built-in estados' labels (Sangrando does not change).
ESTADO_LABELS_FEMENINO: Final = MappingProxyType(
    {
        "Aturdido": "Aturdida",
        "Quebrantado": "Quebrantada",
        "Enmarañado": "Enmarañada",
        "Cegado": "Cegada",
    }
)


def agree(genero: str | None, masculino: str, femenino: str) -> str:
    """The word that agrees with ``genero`` (masculine when not said)."""
    return femenino if genero == "femenino" else masculino


def agree_label(genero: str | None, label: str) -> str:
    """A built-in estado's label agreeing with ``genero``; a guild's own label as it is."""
    return agree(genero, label, ESTADO_LABELS_FEMENINO.get(label, label))

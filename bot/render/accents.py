"""Spanish words that code spells without their accent and a reader must see with it.

Command and option names keep the project's rule — no accents, ñ kept (``proteccion``,
``tamaño``) — because Discord's names are identifiers. What a user reads carries the accents:
:func:`spoken` turns an option name into the words a reply uses («Protección»), and the
accent scan (``tests/test_accents.py``) looks for these words, unaccented, in every
user-facing string of ``bot/``.
"""

from __future__ import annotations

import re

#: Common words that are only ever right with their accent (none of them is another word
#: without it: «mas», «esta», «publico»… are left out, they are words too).
ACCENTED: dict[str, str] = {
    "accion": "acción",
    "acciones": "acciones",
    "ambito": "ámbito",
    "ambitos": "ámbitos",
    "area": "área",
    "categoria": "categoría",
    "codigo": "código",
    "configuracion": "configuración",
    "descripcion": "descripción",
    "despues": "después",
    "dano": "daño",
    "dia": "día",
    "dias": "días",
    "direccion": "dirección",
    "dueno": "dueño",
    "exito": "éxito",
    "exitos": "éxitos",
    "expresion": "expresión",
    "fisico": "físico",
    "fisicos": "físicos",
    "estadisticas": "estadísticas",
    "informacion": "información",
    "mencion": "mención",
    "menu": "menú",
    "maximo": "máximo",
    "minimo": "mínimo",
    "modificacion": "modificación",
    "numero": "número",
    "opcion": "opción",
    "opciones": "opciones",
    "pagina": "página",
    "paginas": "páginas",
    "percepcion": "percepción",
    "posicion": "posición",
    "proteccion": "protección",
    "rapido": "rápido",
    "razon": "razón",
    "sesion": "sesión",
    "tamano": "tamaño",
    "tactico": "táctico",
    "tambien": "también",
    "ultimo": "último",
    "ultima": "última",
    "version": "versión",
}
#: The words above whose spelling without the accent is a mistake (some plurals need none).
UNACCENTED = frozenset(word for word, right in ACCENTED.items() if word != right)

_WORD = re.compile(r"[a-zñ]+", re.IGNORECASE)


def accented(word: str) -> str:
    """``word`` with its accent if it is one of :data:`ACCENTED` (its capital kept)."""
    right = ACCENTED.get(word.lower())
    if right is None:
        return word
    return right[:1].upper() + right[1:] if word[:1].isupper() else right


def spoken(name: str) -> str:
    """An option name as a reply says it: ``proteccion`` → «Protección», ``aguante_extra``
    → «Aguante extra»."""
    text = _WORD.sub(lambda m: accented(m.group(0)), name.replace("_", " "))
    return text[:1].upper() + text[1:]

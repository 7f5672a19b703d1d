"""Level-ups by command: ``/ficha editar``, and removing Oficios and weapons.

[D] An edit never heals: when a maximum (Aguante from the sheet, Aliento, Esencia) grows, the
current value grows by the same amount, and when it shrinks the current value keeps its wounds
as far as the new maximum allows. The change reaches the character's running encounter at its
next read (its combatant follows the sheet's version, :mod:`bot.storage.sheet_link`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from bot.features.fichas.vida import require_editable
from bot.features.forms import FormSpec
from bot.jsontypes import JsonObject
from bot.storage.models import Character
from bot.storage.repositories import character_sheet
from umbral_rules import CharacterSheet, UmbralError, Weapon
from umbral_rules.tables import ATRIBUTO_LABELS, TAMANO_LABELS
from umbral_rules.text import name_key


@dataclass(frozen=True)
class Edit:
    """What ``/ficha editar`` was given (None: unchanged)."""

    atributos: dict[str, int]
    proteccion: int | None = None
    tamano: str | None = None
    aguante_extra: int | None = None
    aliento_max: int | None = None
    esencia_max: int | None = None
    notas: str | None = None
    genero: str | None = None
    notas_privadas: str | None = None
    avatar_url: str | None = None  # "": back to the default picture

    def empty(self) -> bool:
        return not self.atributos and all(
            v is None
            for v in (
                self.proteccion,
                self.tamano,
                self.aguante_extra,
                self.aliento_max,
                self.esencia_max,
                self.notas,
                self.genero,
                self.notas_privadas,
                self.avatar_url,
            )
        )


#: /ficha editar typed without options: its form (``dueño:``, a user, is only a slash option).
EDITAR_FORM = FormSpec(
    "Editar ficha",
    (
        ("vigor", "destreza", "percepcion", "voluntad", "proteccion"),
        ("tamano", "aguante_extra", "aliento_max", "esencia_max", "genero"),
        ("notas", "notas_privadas", "avatar_url", "personaje"),
    ),
    labels={
        "tamano": "Tamaño",
        "genero": "Género",
        "aliento_max": "Aliento máximo",
        "esencia_max": "Esencia máxima",
        "avatar_url": "Imagen (enlace https)",
    },
)


def _tamano(key: str) -> str:
    """A size as players read it: «pequeño» (its key is ``pequeno``)."""
    return TAMANO_LABELS.get(key, key).lower()


#: The longest picture link kept (``characters.avatar_url``).
AVATAR_MAX = 500
#: Where Discord keeps attachments: their links expire within a day.
_ATTACHMENT_HOSTS = ("cdn.discordapp.com", "media.discordapp.net")


def avatar(url: str) -> str | None:
    """A character's picture as given (``""``: the default picture, None); refused unless a
    lasting https link."""
    url = url.strip()
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname or any(c.isspace() for c in url):
        raise UmbralError(
            "avatar_url debe ser un enlace https a una imagen (https://…), sin espacios."
        )
    if parts.hostname in _ATTACHMENT_HOSTS and parts.path.startswith("/attachments/"):
        raise UmbralError(
            "avatar_url: los enlaces de archivos subidos a Discord caducan; sube la imagen "
            "a otro sitio y da su enlace https."
        )
    return url


def keep_wounds(current: int, old_max: int, new_max: int) -> int:
    """[D] The current value after its maximum changed: the same wounds (never a heal)."""
    return max(0, min(new_max, current + (new_max - old_max)))


def apply_edit(row: Character, edit: Edit) -> list[str]:
    """Change ``row`` as ``edit`` says; the lines that tell what changed."""
    require_editable(row)
    if edit.empty():
        raise UmbralError(
            "Di qué cambiar: un atributo, `proteccion:`, `tamaño:`, `aguante_extra:`…"
        )
    lines: list[str] = []
    picture = None if edit.avatar_url is None else avatar(edit.avatar_url)
    atributos = {**row.atributos, **edit.atributos}
    sheet = CharacterSheet(
        row.nombre,
        atributos,
        row.proteccion if edit.proteccion is None else edit.proteccion,
        oficios=dict(row.oficios),
        aguante_extra=row.aguante_extra if edit.aguante_extra is None else edit.aguante_extra,
        tamano=row.tamano if edit.tamano is None else edit.tamano,
    )  # the rules check the numbers before anything changes
    for key, value in edit.atributos.items():
        if row.atributos.get(key) != value:
            lines.append(f"{ATRIBUTO_LABELS[key]}: {row.atributos.get(key)} → {value}")
    for label, old, new in (
        ("Protección", row.proteccion, sheet.proteccion),
        ("Tamaño", _tamano(row.tamano), _tamano(sheet.tamano)),
        ("Aguante extra", row.aguante_extra, sheet.aguante_extra),
    ):
        if old != new:
            lines.append(f"{label}: {old} → {new}")
    row.atributos = dict(atributos)
    row.proteccion, row.tamano, row.aguante_extra = (
        sheet.proteccion,
        sheet.tamano,
        sheet.aguante_extra,
    )
    pools = (
        ("Aguante", "aguante", sheet.aguante_max),
        ("Aliento", "aliento", edit.aliento_max),
        ("Esencia", "esencia", edit.esencia_max),
    )
    for label, name, new_max in pools:
        old_max: int = getattr(row, f"{name}_max")
        if new_max is None or new_max == old_max:
            continue
        current: int = getattr(row, name)
        setattr(row, f"{name}_max", new_max)
        setattr(row, name, keep_wounds(current, old_max, new_max))
        lines.append(f"{label}: {current}/{old_max} → {getattr(row, name)}/{new_max}")
    if edit.notas is not None and edit.notas != row.notas:
        row.notas = edit.notas
        lines.append("Notas cambiadas.")
    if edit.notas_privadas is not None and edit.notas_privadas != row.notas_privadas:
        row.notas_privadas = edit.notas_privadas
        lines.append("Notas privadas cambiadas (solo las ven su dueño y el máster).")
    if edit.avatar_url is not None and picture != row.avatar_url:
        row.avatar_url = picture
        lines.append("Imagen cambiada." if row.avatar_url else "Imagen: la de por defecto.")
    if edit.genero is not None and edit.genero != row.genero:
        row.genero = edit.genero
        lines.append(f"Género: {edit.genero}.")
    return lines or ["Nada cambia: la ficha ya era así."]


def remove_oficio(row: Character, nombre: str) -> str:
    require_editable(row)
    for existing in list(row.oficios):
        if name_key(existing) == name_key(nombre):
            del row.oficios[existing]
            return existing
    raise UmbralError(f"{row.nombre} no tiene el Oficio «{nombre}»: se añade con /ficha oficio.")


def set_oficio(row: Character, nombre: str, valor: int | None, quitar: bool) -> str:
    """``/ficha oficio``: set (or, with ``quitar``, remove) an Oficio; the notice's title."""
    require_editable(row)
    if quitar:
        return f"Oficio {remove_oficio(row, nombre)} quitado"
    assert valor is not None
    for existing in list(row.oficios):
        if name_key(existing) == name_key(nombre):
            del row.oficios[existing]
    row.oficios[nombre] = valor
    character_sheet(row)  # validates the sheet
    return f"Oficio {nombre} {valor}"


def put_weapon(row: Character, weapon: Weapon) -> bool:
    """Add ``weapon``, or update the one so named in its place (the first is the default);
    whether it was an update."""
    require_editable(row)
    weapons: list[JsonObject] = list(row.weapons)
    for i, w in enumerate(weapons):
        if name_key(str(w.get("nombre", ""))) == name_key(weapon.nombre):
            weapons[i] = weapon.to_dict()
            row.weapons = weapons
            return True
    row.weapons = [*weapons, weapon.to_dict()]
    return False


def remove_weapon(row: Character, nombre: str) -> str:
    require_editable(row)
    kept = [w for w in row.weapons if name_key(str(w.get("nombre", ""))) != name_key(nombre)]
    gone = [str(w.get("nombre", "")) for w in row.weapons if w not in kept]
    if not gone:
        raise UmbralError(f"{row.nombre} no tiene ningún arma llamada «{nombre}».")
    row.weapons = kept
    return gone[0]

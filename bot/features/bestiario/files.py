"""The bestiary's files: rows ↔ entries, the import with its name clashes, the example file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from bot.sheetfiles import EnemyEntry, FileRefused, too_big
from bot.sheetfiles import limits as L
from umbral_rules.text import fold

Conflictos = Literal["reemplazar", "saltar"]
#: The example bestiary, shipped inside the package; ``bestiario/ejemplo.yaml`` at the
#: repository's root is a link to this same file.
EXAMPLE_PATH = Path(__file__).resolve().parents[2] / "data" / "ejemplo.yaml"
SHOWN_NAMES = 15


@dataclass
class ImportResult:
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    #: what a replacement changed, one line per replaced entry that changed
    changes: list[str] = field(default_factory=list)

    def lines(self, what: str) -> list[str]:
        out = [f"{what.capitalize()} nuevos: {len(self.added)}."]
        if self.replaced:
            out.append(f"Reemplazados: {len(self.replaced)} ({names_text(self.replaced)}).")
        if self.skipped:
            out.append(f"Saltados, ya estaban: {len(self.skipped)} ({names_text(self.skipped)}).")
        out.extend(self.changes[:SHOWN_NAMES])
        return out


def names_text(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN_NAMES])
    rest = len(names) - SHOWN_NAMES
    return f"{shown} y {rest} más" if rest > 0 else shown


def refuse_clashes(clashes: list[str], where: str, what: str) -> FileRefused:
    return FileRefused(
        f"{where} ya hay {what} con esos nombres ({names_text(clashes)}); "
        "elige conflictos:reemplazar o conflictos:saltar"
    )


def check_total(existing: int, adding: int, where: str) -> None:
    if existing + adding > L.MAX_ENTRIES:
        raise FileRefused(
            f"{where} quedarían {existing + adding} entradas y el máximo es {L.MAX_ENTRIES}"
        )


def row_fields(entry: EnemyEntry) -> dict[str, Any]:
    """The columns of a bestiary row for an entry."""
    return {
        "nombre": entry.nombre,
        "ataque": entry.ataque,
        "defensa": entry.defensa,
        "aguante": entry.aguante,
        "potencia": entry.potencia,
        "arma": entry.arma,
        "size": entry.tamano,
        "proteccion": entry.proteccion,
        "cualidades": list(entry.cualidades),
        "bono_ataque": entry.bono_ataque,
        "bono_defensa": entry.bono_defensa,
        "acciones_extra": entry.acciones_extra,
        "respuestas_extra": entry.respuestas_extra,
        "estados": list(entry.estados),
        "notas": entry.notas,
    }


def entry_of(row: Any) -> EnemyEntry:
    """A stored row as an entry (it was validated when it was stored)."""
    return EnemyEntry.model_construct(
        nombre=row.nombre,
        ataque=row.ataque,
        defensa=row.defensa,
        aguante=row.aguante,
        potencia=row.potencia,
        arma=row.arma,
        tamano=row.size,
        proteccion=row.proteccion,
        cualidades=list(row.cualidades),
        bono_ataque=row.bono_ataque,
        bono_defensa=row.bono_defensa,
        acciones_extra=row.acciones_extra,
        respuestas_extra=row.respuestas_extra,
        estados=list(row.estados),
        notas=row.notas,
    )


async def import_bestiary(
    uow: Any, entries: list[EnemyEntry], conflictos: Conflictos | None
) -> ImportResult:
    """Add the entries to the guild's bestiary; a clash is refused unless told what to do."""
    existing = {fold(row.nombre): row for row in await uow.bestiary.list_all()}
    clashes = [e for e in entries if fold(e.nombre) in existing]
    if clashes and conflictos is None:
        raise refuse_clashes([e.nombre for e in clashes], "en el bestiario", "enemigos")
    new = [e for e in entries if fold(e.nombre) not in existing]
    check_total(len(existing), len(new), "en el bestiario")
    result = ImportResult(added=[e.nombre for e in new])
    for entry in clashes:
        if conflictos == "saltar":
            result.skipped.append(entry.nombre)
            continue
        row = existing[fold(entry.nombre)]
        for name, value in row_fields(entry).items():
            setattr(row, name, value)
        result.replaced.append(entry.nombre)
    await uow.bestiary.add_many([row_fields(e) for e in new])
    return result


async def read_attachment(archivo: Any) -> bytes:
    """The attachment's bytes; one over the size limit is refused before it is downloaded."""
    if archivo.size > L.MAX_BYTES:
        raise FileRefused(too_big(archivo.size))
    data: bytes = await archivo.read()
    return data

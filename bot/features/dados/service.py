"""``/dados``: a player's saved rolls (and the server's, the GM's), kept by name.

[D] Limits: :data:`MAX_OWN` saved rolls per player and :data:`MAX_SERVER` for the server;
a name is one word of at most 32 characters (``umbral_rules.roller.saved``), an expression
at most 200 characters, as ``/tirar``'s. Saving a name again replaces its expression.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.features.bestiario.files import Conflictos, names_text, refuse_clashes
from bot.features.tirar.expression import refusal
from bot.offloop import off_loop
from bot.sheetfiles import FileRefused, SavedRollEntry
from bot.storage import UnitOfWork
from bot.storage.saved_rolls import SERVER, Saved, SavedRoll
from umbral_rules import UmbralError
from umbral_rules.roller import RollError
from umbral_rules.roller.saved import check_saved
from umbral_rules.text import name_key

#: [D] How many saved rolls a player may keep, and the server.
MAX_OWN = 50
MAX_SERVER = 100


def limit_of(owner_id: int) -> int:
    return MAX_SERVER if owner_id == SERVER else MAX_OWN


def full(owner_id: int) -> str:
    if owner_id == SERVER:
        return (
            f"El servidor ya tiene {MAX_SERVER} tiradas guardadas, el máximo: borra alguna con "
            "/dados borrar servidor:sí."
        )
    return f"Ya tienes {MAX_OWN} tiradas guardadas, el máximo: borra alguna con /dados borrar."


async def save(uow: UnitOfWork, user_id: int, owner_id: int, nombre: str, expresion: str) -> Saved:
    """Save ``nombre`` → ``expresion`` for ``owner_id`` (``user_id`` is who saves it: the
    names the expression uses read their saved rolls over the server's; a server roll reads
    only the server's)."""
    own, server = await uow.saved_rolls.visible(user_id)
    mine = [] if owner_id == SERVER else [s.pair for s in own]
    try:  # off the loop: measuring is quick, but reading every saved text it names is not free
        await off_loop(check_saved, nombre, expresion, mine, [s.pair for s in server])
    except RollError as error:
        raise UmbralError(refusal(error)) from None
    existing = await uow.saved_rolls.get(owner_id, nombre)
    if existing is None and await uow.saved_rolls.count(owner_id) >= limit_of(owner_id):
        raise UmbralError(full(owner_id))
    replaced = await uow.saved_rolls.put(owner_id, nombre, expresion)
    shadows = owner_id != SERVER and any(name_key(s.nombre) == name_key(nombre) for s in server)
    return Saved(SavedRoll(nombre, expresion, owner_id), replaced, shadows)


@dataclass
class Imported:
    """What a file's saved rolls did: new, replaced, and those skipped (already there)."""

    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        if not (self.added or self.replaced or self.skipped):
            return []
        out = [f"Tiradas guardadas nuevas: {len(self.added)}."]
        if self.replaced:
            out.append(f"Reemplazadas: {len(self.replaced)} ({names_text(self.replaced)}).")
        if self.skipped:
            out.append(f"Saltadas, ya estaban: {len(self.skipped)} ({names_text(self.skipped)}).")
        return out


async def import_saved(
    uow: UnitOfWork,
    owner_id: int,
    entries: Sequence[SavedRollEntry],
    conflictos: Conflictos | None,
    whose: str = "Entre tus tiradas guardadas",
) -> Imported:
    """A file's saved rolls become ``owner_id``'s own: all of them or none (a clash with a
    different expression is refused unless ``conflictos`` says what to do; the limit and
    every expression, with the names it uses, are checked before anything is written)."""
    own, server = await uow.saved_rolls.visible(owner_id)
    kept = {name_key(s.nombre): s.pair for s in own}
    result = Imported()
    clashes = [
        e
        for e in entries
        if name_key(e.nombre) in kept and kept[name_key(e.nombre)][1] != e.expresion
    ]
    if clashes and conflictos is None:
        raise refuse_clashes([e.nombre for e in clashes], whose, "tiradas guardadas")
    writes: list[SavedRollEntry] = []
    for entry in entries:
        key = name_key(entry.nombre)
        if key in kept and (kept[key][1] == entry.expresion or conflictos == "saltar"):
            result.skipped.append(entry.nombre)
            continue
        (result.replaced if key in kept else result.added).append(entry.nombre)
        kept[key] = (entry.nombre, entry.expresion)
        writes.append(entry)
    if len(kept) > MAX_OWN:
        raise FileRefused(f"{whose} quedarían {len(kept)} y el máximo es {MAX_OWN}")
    await off_loop(check_entries, writes, list(kept.values()), [s.pair for s in server])
    for entry in writes:
        await uow.saved_rolls.put(owner_id, entry.nombre, entry.expresion)
    return result


def check_entries(
    entries: Sequence[SavedRollEntry],
    own: Sequence[tuple[str, str]],
    server: Sequence[tuple[str, str]],
) -> None:
    """Each of a file's saved rolls as saving it checks it (with ``own``, the player's
    saved rolls as the file leaves them), or :class:`FileRefused` naming the first refused:
    a chain that would expand past the roller's bounds is refused without being built."""
    for entry in entries:
        try:
            check_saved(entry.nombre, entry.expresion, own, server)
        except RollError as error:
            raise FileRefused(f"la tirada guardada «{entry.nombre}»: {error.plain()}") from None
        except UmbralError as error:
            raise FileRefused(f"la tirada guardada «{entry.nombre}»: {error}") from None


def saved_entry(roll: SavedRoll) -> SavedRollEntry:
    """A stored saved roll as a file's entry (it was checked when it was saved)."""
    return SavedRollEntry.model_construct(nombre=roll.nombre, expresion=roll.expresion)


def saved_note(count: int, fmt: str, mine: bool) -> str:
    """What ``/ficha exportar`` says of the saved rolls: they travel beside the characters
    in YAML and JSON; a CSV is a table of characters only."""
    if not count:
        return ""
    whose = "tu" if mine else "su"
    if count == 1:
        rolls, verb, them = f"{whose} tirada guardada", "va", "llevarla"
    else:
        rolls, verb, them = f"{whose}s {count} tiradas guardadas", "van", "llevarlas"
    if fmt == "csv":
        return (
            f" {rolls[0].upper()}{rolls[1:]} no {verb} en CSV (una tabla de personajes): "
            f"exporta en yaml o json para {them}."
        )
    return f" Con {rolls} (en `tiradas:`)."

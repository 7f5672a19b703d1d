"""``/hielo prueba``: a test of Canción de hielo y fuego — rank d6 plus bonus dice, keep as
many of the highest as the rank — against a difficulty or another's passive value, with the
penalties the character carries. In the channel's encounter of this system, a combatant's
test is the rules' ``free_test`` (its wounds, fatigue and −1D applied, the encounter saved);
otherwise it is rolled from the stored sheet (player sheet, or a bestiary entry)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.features.documents import defer_once
from bot.records.rolls import SystemRoll
from bot.render.hielo import reply_embed
from bot.storage.system_sheets import SheetKind
from umbral_rules import UmbralError
from umbral_rules.hielo import checks, fighting
from umbral_rules.hielo.checks import DestinoTirada, Prueba
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.constants import OBSERVACION, PERCEPCION
from umbral_rules.hielo.events import CheckRolled, Event
from umbral_rules.hielo.sheet import Sheet
from umbral_rules.text import clean_name

from .doc import HieloDoc
from .sheets import stored_sheet
from .system import HIELO, HIELO_NAME, HieloTurn, verdict

if TYPE_CHECKING:
    from bot.storage import UnitOfWork


@dataclass(frozen=True)
class PruebaOptions:
    habilidad: str
    especialidad: str | None = None
    dificultad: int | None = None
    contra: str | None = None
    contra_habilidad: str | None = None
    contra_especialidad: str | None = None
    personaje: str | None = None
    modificador: int = 0
    armadura: bool = False
    destino: str | None = None


def passive_of(o: PruebaOptions) -> tuple[str, str | None]:
    """[D] against another character with no ability said: the passive Percepción with
    Observación, as the seed's tendera."""
    if o.contra_habilidad is None:
        return PERCEPCION, OBSERVACION if o.contra_especialidad is None else o.contra_especialidad
    return o.contra_habilidad, o.contra_especialidad


async def _sheet(uow: UnitOfWork, ctx: Context, gm: bool, named: str | None) -> Sheet:
    """The sheet that rolls: the one named (a player's, or for the GM a bestiary entry),
    else the user's only sheet."""
    store = uow.system_sheets
    if named is None:
        own = await store.list(HIELO_NAME, "pj", ctx.user_id)
        if len(own) != 1:
            raise UmbralError(
                "Di quién tira (personaje): "
                + ("no tienes ninguna ficha (/hielo ficha crear)." if not own else "tienes varias.")
            )
        return stored_sheet(own[0])
    row = await store.get(HIELO_NAME, "pj", named)
    if row is None and gm:
        row = await store.get(HIELO_NAME, "enemigo", named)
    if row is None:
        raise UmbralError(f"No hay ninguna ficha llamada «{named}».")
    if row.owner_id != ctx.user_id and not gm:
        raise UmbralError(f"La ficha «{row.nombre}» no es tuya: tira su jugador o el máster.")
    return stored_sheet(row)


async def _against(uow: UnitOfWork, doc: HieloDoc | None, o: PruebaOptions) -> int | None:
    if o.contra is None:
        if o.contra_habilidad or o.contra_especialidad:
            raise UmbralError("Di contra quién (contra) para usar su valor pasivo.")
        return o.dificultad
    if o.dificultad is not None:
        raise UmbralError("O una dificultad o contra otro personaje, no las dos.")
    habilidad, especialidad = passive_of(o)
    if doc is not None:
        try:
            return doc.find(o.contra).sheet.pasivo(habilidad, especialidad)
        except UmbralError:
            pass  # not in the combat: a stored sheet
    kinds: tuple[SheetKind, ...] = ("pj", "enemigo")
    for kind in kinds:
        row = await uow.system_sheets.get(HIELO_NAME, kind, o.contra)
        if row is not None:
            return stored_sheet(row).pasivo(habilidad, especialidad)
    raise UmbralError(f"No hay nadie llamado «{o.contra}» en el combate ni en las fichas.")


async def prueba(ctx: Context, o: PruebaOptions) -> None:
    """In a channel whose encounter plays this system (or that has none), a step of the one
    path (a combatant's test changes the encounter); in another system's, a sheet's test in
    a unit of the guild."""
    await defer_once(ctx)
    clean_name(o.habilidad, "El nombre de la habilidad")
    for name in (o.especialidad, o.contra_habilidad, o.contra_especialidad):
        if name is not None:
            clean_name(name, "El nombre de una habilidad o especialidad")
    guild_id, channel_id = ctx.ids()
    async with ctx.storage.reading(guild_id, channel_id) as uow:
        system = await uow.encounter.system()
    if system not in (None, HIELO_NAME):
        nombre, events = await ctx.storage.run_in_guild(
            guild_id, lambda uow: _sheet_test(uow, ctx, o, None, None, channel_id)
        )
    else:

        async def rules(turn: HieloTurn) -> tuple[str, list[Event]]:
            turn.saves, turn.tracker = False, None  # unless a combatant rolled
            return await _sheet_test(turn.uow, ctx, o, turn, turn.doc, channel_id)

        nombre, events = await run_step(ctx, HIELO, Step("hielo prueba", rules, need="get"))
    lines = [e.message for e in events]
    await send(ctx.interaction, embed=reply_embed(f"Prueba de {nombre}", lines))


async def _sheet_test(
    uow: UnitOfWork,
    ctx: Context,
    o: PruebaOptions,
    turn: HieloTurn | None,
    doc: HieloDoc | None,
    channel_id: int,
) -> tuple[str, list[Event]]:
    """A combatant's test when the one rolling is in the encounter ``doc`` (the step then
    saves and logs it), else the stored sheet's, logged here."""
    settings = await uow.guild.get()
    ctx.require(settings.gm_role_id)
    gm = ctx.is_gm(settings.gm_role_id, turn.creator_id if turn else None)
    destino = (DestinoTirada(o.destino),) if o.destino else ()
    puntos = (Termino("Modificador", o.modificador),) if o.modificador else ()
    dificultad = await _against(uow, doc, o)
    fighter = None if doc is None else _fighter_of(doc, ctx, gm, o.personaje)
    if doc is not None and fighter is not None and turn is not None:
        contra = doc.find(o.contra).id if o.contra and _in(doc, o.contra) else None
        choice = fighting.PruebaLibre(
            fighter, o.habilidad, o.especialidad,
            dificultad=None if contra else dificultad, contra=contra,
            pasiva=passive_of(o) if contra else None, modificadores=puntos,
            armadura=o.armadura, destino=destino,
        )  # fmt: skip
        state, turn.events = fighting.free_test(doc.combat, choice, ctx.dice)
        turn.doc, turn.saves, turn.tracker = doc.with_combat(state), True, "show"
        return doc.combat.fighter(fighter).sheet.nombre, list(turn.events)
    sheet = await _sheet(uow, ctx, gm, o.personaje)
    b = sheet.dados_bonificacion(o.habilidad, o.especialidad)
    armour = sheet.penalizacion_armadura if o.armadura else 0
    test = Prueba(
        o.habilidad, sheet.rango(o.habilidad), o.especialidad,
        bonificacion=(Termino(o.especialidad or "", b),) if b else (),
        modificadores=puntos + ((Termino("Penalización de armadura", -armour),)
                                if armour else ()),
        destino=destino, dificultad=dificultad,
    )  # fmt: skip
    tirada = checks.roll(ctx.dice, test)
    event = CheckRolled(f"{sheet.nombre} — {tirada.resumen()}", sheet.nombre, "prueba", tirada)
    await uow.rolls.append(
        user_id=ctx.user_id,
        command="hielo prueba",
        dice=list(tirada.caras),
        result=SystemRoll(
            sistema=HIELO_NAME, tipo="prueba", totales=[tirada.total], veredicto=verdict(event)
        ),
        actor=sheet.nombre,
        target=o.contra,
        channel_id=channel_id,
    )
    return sheet.nombre, [event]


def _in(doc: HieloDoc, typed: str) -> bool:
    try:
        doc.find(typed)
    except UmbralError:
        return False
    return True


def _fighter_of(doc: HieloDoc, ctx: Context, gm: bool, named: str | None) -> str | None:
    """The combatant that rolls, if the test is a combatant's: the one named, else the
    user's only combatant; ``None``: a sheet's test outside the combat."""
    if named is not None:
        if not _in(doc, named):
            return None
        f = doc.find(named)
        if not gm and doc.owner(f.id) != ctx.user_id:
            raise UmbralError(f"{f.sheet.nombre} no es tuyo: tira su jugador o el máster.")
        return f.id
    mine = [f for f in doc.combat.fighters if doc.owner(f.id) == ctx.user_id and f.active]
    return mine[0].id if len(mine) == 1 else None

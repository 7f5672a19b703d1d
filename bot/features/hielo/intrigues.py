"""Intrigues of Canción de hielo y fuego (``/hielo intriga …``), kept in the channel's
encounter document of this system (:class:`~bot.features.hielo.doc.HieloDoc.intriga`), so
the tracker, ``/deshacer``, the roll log and the waiting clock work as for a combat.

Participants enter (``unirse``) with their side, objective and attitude; each says its
changes for the next exchange (``preparar``: technique and its Influencia per degree,
setting, attitude ±1, FA without a table, objective); the GM starts each exchange
(``intercambio``: the first one starts the intrigue, then Estatus (Reputación) initiative);
on its turn a participant influences (``influir``), acts otherwise (``accion``) or waits
(``esperar``); the one influenced takes it or suffers Frustración (``frustración``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.documents import defer_once
from bot.jsontypes import JsonObject
from bot.records.rolls import SystemRoll
from umbral_rules import UmbralError
from umbral_rules.hielo import influence, intrigue
from umbral_rules.hielo.checks import DestinoTirada
from umbral_rules.hielo.combat_state import Combat
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.events import CheckRolled, Event
from umbral_rules.hielo.intrigue_state import Escenario, Intrigante, Tecnica
from umbral_rules.hielo.sheet import Sheet
from umbral_rules.hielo.tables import FactorActitud, TablaActitudes, TablaNumerada
from umbral_rules.text import clean_name, name_key

from .common import is_gm, reply
from .doc import HieloDoc
from .sheets import stored_sheet
from .system import HIELO, HIELO_NAME, HieloTurn, verdict

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

ATTITUDE_MOVES = {"mejora": 1, "empeora": -1}


def factor_of(actitud: int, fa: int | None, engano: int, persuasion: int) -> FactorActitud | None:
    """[D] without the attitude table, the GM gives the FA (and modifiers) of the attitude."""
    if fa is None:
        return None
    return FactorActitud(f"categoría {actitud}", fa, engano, persuasion)


async def find_sheet(
    turn: HieloTurn, ctx: Context, typed: str
) -> tuple[Sheet, int | None, int | None]:
    """A player's sheet (theirs, or any for the GM) or, for the GM, a bestiary entry; who
    plays it and the player's sheet's row (``None`` both: the GM's bestiary entry)."""
    store = turn.uow.system_sheets
    row = await store.get(HIELO_NAME, "pj", typed)
    gm = is_gm(ctx, turn)
    if row is not None:
        if row.owner_id != ctx.user_id and not gm:
            raise UmbralError(f"La ficha «{row.nombre}» no es tuya.")
        return stored_sheet(row), row.owner_id, row.id
    enemy = await store.get(HIELO_NAME, "enemigo", typed) if gm else None
    if enemy is None:
        raise UmbralError(f"No hay ninguna ficha llamada «{typed}».")
    return stored_sheet(enemy), None, None


def _owned(ctx: Context, turn: HieloTurn, doc: HieloDoc, pid: str, name: str) -> None:
    if not is_gm(ctx, turn) and doc.owner(pid) != ctx.user_id:
        raise UmbralError(f"{name} no es tuyo: actúa su jugador o el máster.")


def acting(ctx: Context, turn: HieloTurn, doc: HieloDoc, named: str | None) -> Intrigante:
    """Who acts in the intrigue: the one named, else the one whose turn it is (if the user
    plays it, or is the GM), else the user's only participant."""
    state = doc.require_intrigue()
    if named:
        p = doc.find_participant(named)
        _owned(ctx, turn, doc, p.id, p.sheet.nombre)
        return p
    current = state.current
    if current is not None and (is_gm(ctx, turn) or doc.owner(current) == ctx.user_id):
        return state.participante(current)
    mine = [p for p in state.participantes if doc.owner(p.id) == ctx.user_id and not p.vencido]
    if len(mine) == 1:
        return mine[0]
    raise UmbralError("Di quién actúa (personaje): no es tu turno ni tienes un solo participante.")


Played = tuple[HieloDoc, list[Event]]


async def _play(
    ctx: Context, logs: str, title: str, rules: Callable[[HieloTurn], Awaitable[Played]]
) -> None:
    await defer_once(ctx)
    doc, events = await run_step(ctx, HIELO, Step(logs, rules))
    await reply(ctx, title, doc, events)


async def enter(
    ctx: Context, personaje: str, bando: str, objetivo: str, actitud: int,
    fa: int | None, engano: int, persuasion: int, escenario: str,
) -> None:  # fmt: skip
    bando = clean_name(bando, "El nombre del bando")
    objetivo = clean_name(objetivo, "El objetivo")

    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        if doc.intriga is not None:
            raise UmbralError("La intriga ya ha empezado: nadie más entra en ella.")
        sheet, owner, sheet_id = await find_sheet(turn, ctx, personaje)
        if any(name_key(str(e["sheet"]["nombre"])) == name_key(sheet.nombre) for e in doc.entradas):
            raise UmbralError(f"{sheet.nombre} ya está en la intriga.")
        factor = factor_of(actitud, fa, engano, persuasion)
        pid = name_key(sheet.nombre)
        entry: JsonObject = {
            "id": pid, "sheet": sheet.to_dict(), "bando": bando, "objetivo": objetivo,
            "actitud": actitud, "factor": None if factor is None else factor.to_dict(),
            "escenario": escenario,
        }  # fmt: skip
        intrigue.EntradaIntriga(pid, sheet, bando, objetivo, actitud, factor, Escenario(escenario))
        duenos, fichas = dict(doc.duenos), dict(doc.fichas)
        if owner is not None and sheet_id is not None:
            duenos[pid], fichas[pid] = owner, sheet_id
        turn.doc = replace(doc, entradas=(*doc.entradas, entry), duenos=duenos, fichas=fichas)
        defensa = sheet.defensa_intrigas(Escenario(escenario).bonus)
        said = (
            f"{sheet.nombre} entra en la intriga (bando {bando}, objetivo {objetivo}, actitud "
            f"{actitud}; Defensa en intrigas {defensa}, Compostura {sheet.compostura_max})."
        )
        return turn.doc, [Event(said)]

    await _play(ctx, "hielo intriga", "Entra en la intriga", rules)


async def prepare(
    ctx: Context, personaje: str | None, tecnica: str | None, influencia: int | None,
    escenario: str | None, actitud: str | None, fa: int | None, engano: int,
    persuasion: int, objetivo: str | None,
) -> None:  # fmt: skip
    """What a participant says for the next exchange (steps 2–6)."""
    if (tecnica is None) != (influencia is None):
        raise UmbralError("Una técnica va con su Influencia por grado (técnica e influencia).")
    for name, what in ((tecnica, "El nombre de la técnica"), (objetivo, "El objetivo")):
        if name is not None:
            clean_name(name, what)

    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        if doc.intriga is None:
            entry = _entry(ctx, turn, doc, personaje)
            pid, name = str(entry["id"]), str(entry["sheet"]["nombre"])
            actual = int(entry["actitud"])
        else:
            p = acting(ctx, turn, doc, personaje)
            pid, name, actual = p.id, p.sheet.nombre, p.actitud
        move = ATTITUDE_MOVES.get(actitud or "", 0)
        cambio: JsonObject = {
            "quien": pid,
            "tecnica": None if tecnica is None else Tecnica(tecnica, influencia or 0).to_dict(),
            "escenario": escenario,
            "actitud": move,
            "factor": _factor_json(actual - move, fa, engano, persuasion),
            "objetivo": objetivo,
        }
        kept = tuple(c for c in doc.cambios if c["quien"] != pid)
        turn.doc = replace(doc, cambios=(*kept, cambio))
        said = f"{name} prepara el próximo intercambio"
        if tecnica:
            said += f": técnica {tecnica} ({influencia} de Influencia por grado)"
        return turn.doc, [Event(said + ".")]

    await _play(ctx, "hielo intriga", "Intercambio preparado", rules)


def _entry(ctx: Context, turn: HieloTurn, doc: HieloDoc, named: str | None) -> JsonObject:
    """A participant entered before the intrigue starts: the one named, else the user's
    only one."""
    if named:
        found = [e for e in doc.entradas if name_key(str(e["sheet"]["nombre"])) == name_key(named)]
        if not found:
            raise UmbralError(f"No hay nadie llamado «{named}» en la intriga.")
        _owned(ctx, turn, doc, str(found[0]["id"]), str(found[0]["sheet"]["nombre"]))
        return found[0]
    mine = [e for e in doc.entradas if doc.owner(str(e["id"])) == ctx.user_id]
    if len(mine) != 1:
        raise UmbralError("Di quién (personaje): no tienes un solo participante en la intriga.")
    return mine[0]


def _factor_json(actitud: int, fa: int | None, engano: int, persuasion: int) -> JsonObject | None:
    factor = factor_of(actitud, fa, engano, persuasion)
    return None if factor is None else factor.to_dict()


def _cambio(data: JsonObject) -> intrigue.Cambio:
    tec, factor, esc = data.get("tecnica"), data.get("factor"), data.get("escenario")
    return intrigue.Cambio(
        str(data["quien"]),
        None if tec is None else Tecnica.from_dict(tec),
        None if esc is None else Escenario(esc),
        int(data.get("actitud") or 0),
        None if factor is None else FactorActitud.from_dict(factor),
        data.get("objetivo"),
    )


def _entrada(data: JsonObject) -> intrigue.EntradaIntriga:
    factor = data.get("factor")
    return intrigue.EntradaIntriga(
        str(data["id"]), Sheet.from_dict(data["sheet"]), str(data["bando"]),
        str(data["objetivo"]), int(data["actitud"]),
        None if factor is None else FactorActitud.from_dict(factor),
        Escenario(data.get("escenario") or "neutro"),
    )  # fmt: skip


async def exchange(ctx: Context) -> None:
    """The GM starts the next exchange (the first one starts the intrigue)."""

    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        state = doc.intriga
        if state is None:
            row = await turn.uow.system_sheets.get(HIELO_NAME, "tabla", "actitudes")
            tabla = None if row is None else TablaActitudes.from_dict(row.data)
            state = intrigue.start([_entrada(e) for e in doc.entradas], tabla)
        state, turn.events = intrigue.begin_exchange(
            state, [_cambio(c) for c in doc.cambios], ctx.dice
        )
        turn.doc = replace(doc, intriga=state, cambios=())
        return turn.doc, turn.events

    await _play(ctx, "hielo intriga", "Intercambio", rules)


async def influir(
    ctx: Context, objetivo: str, personaje: str | None, engano: bool | None,
    especialidad_engano: str | None, modificador: int, destino: str | None,
) -> None:  # fmt: skip
    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        p = acting(ctx, turn, doc, personaje)
        choice = influence.Influir(
            p.id, doc.find_participant(objetivo).id, engano, especialidad_engano,
            (Termino("Modificador", modificador),) if modificador else (),
            (DestinoTirada(destino),) if destino else (),
        )  # fmt: skip
        state, turn.events = influence.influence(doc.require_intrigue(), choice, ctx.dice)
        turn.doc = doc.with_intrigue(state)
        return turn.doc, turn.events

    await _play(ctx, "hielo intriga influir", "Influencia", rules)


async def frustration(ctx: Context, usar: bool) -> None:
    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        state = doc.require_intrigue()
        if state.pendiente is None:
            raise UmbralError("No hay ninguna Influencia pendiente.")
        target = state.participante(state.pendiente.objetivo)
        _owned(ctx, turn, doc, target.id, target.sheet.nombre)
        row = await turn.uow.system_sheets.get(HIELO_NAME, "tabla", "maniobras")
        maniobras = None if row is None else TablaNumerada.from_dict(row.data)
        choice = influence.RecibirInfluencia(target.id, usar)
        state, turn.events = influence.take_influence(state, choice, ctx.dice, maniobras)
        turn.doc = doc.with_intrigue(state)
        return turn.doc, turn.events

    await _play(ctx, "hielo intriga frustración", "Influencia recibida", rules)


async def other(
    ctx: Context, descripcion: str, habilidad: str, especialidad: str | None,
    dificultad: int | None, contra: str | None, personaje: str | None,
) -> None:  # fmt: skip
    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        p = acting(ctx, turn, doc, personaje)
        against = doc.find_participant(contra).id if contra else None
        choice = influence.OtraAccion(
            p.id, descripcion, habilidad, especialidad, dificultad, against
        )
        state, turn.events = influence.other_action(doc.require_intrigue(), choice, ctx.dice)
        turn.doc = doc.with_intrigue(state)
        return turn.doc, turn.events

    await _play(ctx, "hielo intriga acción", "Acción de intriga", rules)


async def wait(ctx: Context, personaje: str | None) -> None:
    async def rules(turn: HieloTurn) -> tuple[HieloDoc, list[Event]]:
        doc = turn.document
        p = acting(ctx, turn, doc, personaje)
        state, events = influence.wait(doc.require_intrigue(), p.id)
        turn.doc = doc.with_intrigue(state)
        return turn.doc, events

    await _play(ctx, "hielo intriga", "Espera", rules)


async def simple(
    ctx: Context, personaje: str, contra: str, tecnica: str, engano: bool,
    especialidad_engano: str | None, escenario: str, fa: int | None, mod_engano: int,
    mod_persuasion: int, modificador: int, destino: str | None,
) -> None:  # fmt: skip
    """«Dos participantes. Un único intercambio. Una sola tirada.» [D] influir's roll
    against the other's Defensa en intrigas; a destiny point it spends leaves the sheet."""
    await defer_once(ctx)
    guild_id, channel_id = ctx.ids()
    clean_name(tecnica, "El nombre de la técnica")

    async def work(uow: UnitOfWork) -> list[Event]:
        settings = await uow.guild.get()
        ctx.require(settings.gm_role_id)
        gm = ctx.is_gm(settings.gm_role_id)
        sheets = uow.system_sheets
        row = await sheets.get(HIELO_NAME, "pj", personaje) or (
            await sheets.get(HIELO_NAME, "enemigo", personaje) if gm else None
        )
        if row is None:
            raise UmbralError(f"No hay ninguna ficha llamada «{personaje}».")
        if row.kind == "pj" and row.owner_id != ctx.user_id and not gm:
            raise UmbralError(f"La ficha «{row.nombre}» no es tuya.")
        other = await sheets.get(HIELO_NAME, "pj", contra) or await sheets.get(
            HIELO_NAME, "enemigo", contra
        )
        if other is None:
            raise UmbralError(f"No hay ninguna ficha llamada «{contra}».")
        actor = stored_sheet(row)
        choice = influence.IntrigaSimple(
            actor, stored_sheet(other), tecnica, engano, especialidad_engano,
            Escenario(escenario), factor_of(0, fa, mod_engano, mod_persuasion),
            (Termino("Modificador", modificador),) if modificador else (),
            (DestinoTirada(destino),) if destino else (),
        )  # fmt: skip
        tirada, events = influence.simple(choice, ctx.dice)
        if destino:
            await sheets.save(row, {**row.data, "destino": actor.destino - 1})
        await uow.rolls.append(
            user_id=ctx.user_id,
            command="hielo intriga simple",
            dice=list(tirada.caras),
            result=SystemRoll(
                sistema=HIELO_NAME,
                tipo="intriga simple",
                totales=[tirada.total],
                veredicto=verdict(CheckRolled("", actor.nombre, "intriga", tirada)),
            ),
            actor=actor.nombre,
            target=other.nombre,
            channel_id=channel_id,
        )
        return events

    events = await ctx.storage.run_in_guild(guild_id, work)
    await reply(ctx, "Intriga simple", HieloDoc(Combat(fighters=())), events)

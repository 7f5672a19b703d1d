"""The shared commands as the percentile game plays them (:mod:`bot.edge.systems`):
``/encuentro empezar|unirse|enemigos|quitar|terminar``, ``/asalto``, ``/atacar`` and
``/disparar``. Each runs on the one path (:func:`bot.edge.path.run_step`) after Umbral's
body has answered Discord (a defer), and answers with followups."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.features.documents import defer_once, view_document
from bot.features.recordatorios.service import store as store_reminders
from bot.features.timing import check_hours, parse_quiet
from bot.render.encounter import events_embed
from bot.render.porcentual import pending_embed
from bot.storage.system_sheets import StoredSheet
from umbral_rules import UmbralError
from umbral_rules.porcentual import (
    AccionDeclarada,
    Combate,
    Combatiente,
    DefensaElegida,
    Fase,
    Ficha,
    atacar,
    barrer,
    empezar_asalto,
    pasar_turno,
)
from umbral_rules.porcentual.acciones import Accion, Tipo
from umbral_rules.porcentual.eventos import Evento
from umbral_rules.text import name_key

from . import parse
from .state import SYSTEM, Mesa
from .system import PORCENTUAL, PorcentualTurn, tablas

if TYPE_CHECKING:
    from bot.edge.context import Context

AMBUSHERS = {"jugadores": "pj", "enemigos": "enemigo"}


def text_option(ctx: Context, name: str) -> str | None:
    """A shared command's text option, as given (``None``: left out)."""
    value = ctx.options.get(name)
    return None if value is None else str(value)


def int_option(ctx: Context, name: str) -> int | None:
    value = ctx.options.get(name)
    return value if isinstance(value, int) else None


def gm_of(turn: PorcentualTurn) -> bool:
    return turn.ctx.is_gm(turn.settings.gm_role_id, turn.creator_id)


async def start(ctx: Context) -> None:
    await defer_once(ctx)
    embosca = AMBUSHERS.get(str(ctx.options.get("emboscada") or ""))

    async def rules(turn: PorcentualTurn) -> Mesa:
        mesa = Mesa(Combate((), emboscada=embosca is not None), embosca=embosca)
        await turn.uow.encounter.create(mesa.to_dict(), creator_id=ctx.user_id, system=SYSTEM)
        turn.doc, turn.saves = mesa, False
        return mesa

    await run_step(ctx, PORCENTUAL, Step(None, rules, need="none"))
    lines = [
        "Jugadores: /encuentro unirse personaje:… (fichas de /porcentual ficha).",
        "Máster: /encuentro enemigos (del /porcentual bestiario) y /asalto para tirar Iniciativa.",
    ]
    if embosca is not None:
        side = "los jugadores" if embosca == "pj" else "los enemigos"
        lines.append(f"Emboscada de {side}: el otro bando está sorprendido el primer asalto.")
    await send(ctx.interaction, embed=events_embed("Empieza un combate porcentual", lines))


def _newcomer(mesa: Mesa, cid: str, data: dict[str, object], pj: bool) -> Combatiente:
    if any(name_key(c.id) == name_key(cid) for c in mesa.combate.combatientes):
        raise UmbralError(f"«{cid}» ya está en el combate.")
    side = "pj" if pj else "enemigo"
    surprised = mesa.embosca is not None and mesa.embosca != side and mesa.combate.asalto is None
    return Combatiente.nuevo(cid, Ficha.from_dict(data), pj=pj, sorprendido=surprised)


async def join(ctx: Context) -> None:
    await defer_once(ctx)
    personaje = ctx.options.get("personaje")
    dueno = ctx.options.get("dueno")

    async def rules(turn: PorcentualTurn) -> str:
        mesa, uow = turn.document, turn.uow
        gm = gm_of(turn)
        if dueno is not None and not gm:
            raise UmbralError("Solo el máster puede decir de quién es el personaje.")
        sheet: StoredSheet | None
        if personaje:
            sheet = await uow.system_sheets.require(SYSTEM, "pj", str(personaje))
        else:
            mine = await uow.system_sheets.list(SYSTEM, "pj", ctx.user_id)
            if len(mine) != 1:
                raise UmbralError("Di qué personaje entra (opción `personaje`).")
            sheet = mine[0]
        if sheet.owner_id != ctx.user_id and not gm:
            raise UmbralError(f"«{sheet.nombre}» no es tuyo: solo su dueño o el máster lo unen.")
        c = _newcomer(mesa, sheet.nombre, dict(sheet.data), pj=True)
        owner = dueno.id if isinstance(dueno, discord.abc.User) else sheet.owner_id
        turn.doc = replace(
            mesa.with_combate(replace(mesa.combate, combatientes=(*mesa.combate.combatientes, c))),
            duenos={**mesa.duenos, c.id: owner},
            hojas={**mesa.hojas, c.id: sheet.id},
        )
        return c.id + (" (sorprendido)" if c.cond.sorprendido else "")

    cid = await run_step(ctx, PORCENTUAL, Step(None, rules))
    await send(ctx.interaction, embed=events_embed("Se une al combate", [f"{cid} entra."]))


async def enemies(ctx: Context) -> None:
    await defer_once(ctx)
    nombre = str(ctx.options.get("nombre") or "")
    cantidad = int_option(ctx, "cantidad") or 1

    async def rules(turn: PorcentualTurn) -> list[str]:
        mesa = turn.document
        row = await turn.uow.system_sheets.require(SYSTEM, "enemigo", nombre)
        taken = {name_key(c.id) for c in mesa.combate.combatientes}
        names: list[str] = []
        n = 0
        while len(names) < cantidad:
            n += 1
            cid = row.nombre if cantidad == 1 else f"{row.nombre} {n}"
            if name_key(cid) not in taken:
                names.append(cid)
        new = tuple(_newcomer(mesa, cid, dict(row.data), pj=False) for cid in names)
        combate = replace(mesa.combate, combatientes=(*mesa.combate.combatientes, *new))
        turn.doc = mesa.with_combate(combate)
        return [f"{c.id} entra{' (sorprendido)' if c.cond.sorprendido else ''}." for c in new]

    lines = await run_step(ctx, PORCENTUAL, Step(None, rules))
    await send(ctx.interaction, embed=events_embed("Enemigos al combate", lines))


async def remove(ctx: Context) -> None:
    await defer_once(ctx)
    nombre = str(ctx.options.get("combatiente") or "")

    async def rules(turn: PorcentualTurn) -> str:
        mesa = turn.document
        cid = mesa.find(nombre).id
        asalto = mesa.combate.asalto
        if asalto is not None and asalto.fase is not Fase.CONCLUSION:
            raise UmbralError(
                "En plena declaración o acción no se saca a nadie: hazlo en la conclusión del "
                "asalto (o antes del primero)."
            )
        rest = []
        for c in mesa.combate.combatientes:
            if c.id == cid:
                continue
            cond = replace(
                c.cond,
                mele_con=tuple(o for o in c.cond.mele_con if o != cid),
                inmovilizado_por=None
                if c.cond.inmovilizado_por == cid
                else c.cond.inmovilizado_por,
            )
            rest.append(replace(c, cond=cond))
        turn.doc = replace(
            mesa.with_combate(replace(mesa.combate, combatientes=tuple(rest))),
            duenos={k: v for k, v in mesa.duenos.items() if k != cid},
            hojas={k: v for k, v in mesa.hojas.items() if k != cid},
        )
        return cid

    cid = await run_step(ctx, PORCENTUAL, Step(None, rules))
    await send(ctx.interaction, embed=events_embed("Sale del combate", [f"{cid} sale."]))


async def end(ctx: Context) -> None:
    await defer_once(ctx)

    async def rules(turn: PorcentualTurn) -> int:
        uow = turn.uow
        rolls = await uow.rolls.count_encounter(uow.encounter.current_info.id)
        ctx.show_tracker(uow, turn.document.to_dict(), ended=True)
        await uow.encounter.end()
        turn.saves, turn.tracker = False, None
        return rolls

    rolls = await run_step(ctx, PORCENTUAL, Step(None, rules))
    lines = [f"Termina el combate porcentual: {rolls} tiradas en el registro (/historial)."]
    await send(ctx.interaction, embed=events_embed("Fin del combate", lines))


async def look(ctx: Context) -> None:
    """``/encuentro ver``: the fight's tracker (its own words for a tracker posted again)."""
    await view_document(ctx, PORCENTUAL, reposted="Publicado de nuevo al final del canal.")


async def pending(ctx: Context) -> None:
    """``/encuentro pendientes``: who the asalto waits for, privately."""
    await defer_once(ctx, ephemeral=True)
    mesa = await run_step(ctx, PORCENTUAL, Step(None, _looked, need="look"))
    await send(ctx.interaction, embed=pending_embed(mesa.to_dict()), ephemeral=True)


async def _looked(turn: PorcentualTurn) -> Mesa:
    turn.tracker = None  # only looked at
    return turn.document


async def reminders(ctx: Context) -> None:
    """``/encuentro recordatorios`` in a percentile fight: stored as Umbral's are; who is
    reminded is :func:`~.waiting.awaited`."""
    hours = check_hours(int_option(ctx, "horas") or 0)
    quiet = parse_quiet(text_option(ctx, "silencio")) if hours else None
    await defer_once(ctx)

    async def rules(turn: PorcentualTurn) -> str:
        turn.saves, turn.tracker = False, None  # the fight itself does not change
        return await store_reminders(turn.uow, turn.settings, hours, quiet)

    text = await run_step(ctx, PORCENTUAL, Step(None, rules))
    await send(ctx.interaction, content=text)


async def asalto(ctx: Context) -> None:
    """No asalto or its conclusión: a new one (everyone rolls Iniciativa). In the Acción:
    the turn passes to the next Iniciativa down (after the last, the Conclusión)."""
    await defer_once(ctx)

    async def rules(turn: PorcentualTurn) -> list[Evento]:
        mesa = turn.document
        current = mesa.combate.asalto
        if current is not None and current.fase is Fase.DECLARACION:
            raise UmbralError(
                "Aún faltan declaraciones (/porcentual declarar): "
                + ", ".join(current.por_declarar)
                + "."
            )
        if current is None or current.fase is Fase.CONCLUSION:
            combate, events = empezar_asalto(mesa.combate, ctx.dice)
        else:
            combate, events = pasar_turno(mesa.combate)
        turn.doc, turn.events = mesa.with_combate(combate), events
        return events

    events = await run_step(ctx, PORCENTUAL, Step("asalto", rules))
    await send(ctx.interaction, embed=events_embed("Asalto", [e.message for e in events]))


_DEFENCE = re.compile(r"^(\d+)(?:\s+con\s+(.+?))?(\s+segunda)?(?:\s+cubre\s+(.+))?$", re.IGNORECASE)


def defences(text: str | None, mesa: Mesa, defender: str) -> list[DefensaElegida]:
    """«2», «1 con daga», «1, 2 segunda», «1 cubre cabeza + pecho»: the numbers of the
    defender's declared actions (from 1) that meet this attack."""
    found: list[DefensaElegida] = []
    for piece in parse.items(text or ""):
        match = _DEFENCE.match(piece)
        if match is None:
            raise UmbralError(
                f"No entiendo la defensa «{piece}»: el número de la acción declarada de "
                f"{defender} (p. ej. «1» o «1 con daga»)."
            )
        arma = match.group(2)
        if arma:
            arma = parse._weapon(mesa, defender, arma)
        cubre = tuple(parse.items(match.group(4) or "", "+"))
        found.append(DefensaElegida(int(match.group(1)) - 1, arma, cubre, bool(match.group(3))))
    return found


def _attack_index(mesa: Mesa, cid: str, objetivo: str | None) -> tuple[int, AccionDeclarada]:
    """The first pending attack of ``cid`` aimed at ``objetivo`` (or at no one named)."""
    asalto = mesa.combate.asalto
    if asalto is None or asalto.fase is not Fase.ACCION:
        raise UmbralError("Se ataca en la fase de acción de un asalto (/asalto).")
    acts = asalto.declarado(cid) or ()
    for i in asalto.pendientes_de(cid):
        act = acts[i]
        if act.tipo is Tipo.ATAQUE and (
            objetivo is None or not act.objetivos or objetivo in act.objetivos
        ):
            return i, act
    raise UmbralError(f"{cid} no tiene ningún ataque declarado pendiente contra ese objetivo.")


async def attack(ctx: Context) -> None:
    await defer_once(ctx)
    defensa = text_option(ctx, "defensa")

    async def rules(turn: PorcentualTurn) -> list[Evento]:
        mesa = turn.document
        cid = mesa.acting(text_option(ctx, "atacante"), ctx.user_id, gm_of(turn))
        target = mesa.find(text_option(ctx, "objetivo") or "").id
        index, act = _attack_index(mesa, cid, target)
        tables = await tablas(turn.uow)
        rows = {} if tables.modificadores is None else dict(tables.modificadores.filas)
        situacion = parse.contexto(
            text_option(ctx, "situacion"), int_option(ctx, "distancia"), rows
        )
        if act.accion is Accion.BARRIDO:
            chosen = {}
            for name, number in parse.pairs(defensa or "", "las defensas"):
                chosen[mesa.find(name).id] = DefensaElegida(number - 1)
            combate, events = barrer(mesa.combate, tables, ctx.dice, cid, index, chosen, situacion)
        else:
            chosen_list = defences(defensa, mesa, target)
            combate, events = atacar(
                mesa.combate, tables, ctx.dice, cid, index, target, situacion, chosen_list
            )
        turn.doc, turn.events = mesa.with_combate(combate), events
        return events

    command = ctx.shared or "atacar"
    events = await run_step(ctx, PORCENTUAL, Step(command, rules))
    title = "Disparo" if command == "disparar" else "Ataque"
    await send(ctx.interaction, embed=events_embed(title, [e.message for e in events]))

"""The shared commands as Canción de hielo y fuego plays them (:mod:`bot.edge.systems`):
``/encuentro empezar|unirse|enemigos|quitar|terminar``, ``/asalto`` and ``/atacar``, each one
step of the one path (:func:`bot.edge.path.run_step`) on a :class:`HieloDoc`."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.features.documents import defer_once, view_document
from bot.render.hielo import reply_embed, waiting_embed
from umbral_rules import UmbralError
from umbral_rules.hielo import attacks, combat
from umbral_rules.hielo.checks import DestinoTirada
from umbral_rules.hielo.combat_state import Combat, Fase, Fighter, TipoAccion
from umbral_rules.hielo.common import Termino
from umbral_rules.hielo.events import Event
from umbral_rules.hielo.sheet import Sheet
from umbral_rules.text import name_key

from .common import acting, int_option, is_gm, reply, text_option
from .doc import ENEMY_SIDE, PJ_SIDE, HieloDoc
from .sheets import stored_sheet
from .system import HIELO, HIELO_NAME, HieloTurn
from .tables import combat_tables

#: What a step returns for its reply: the document after it and its events.
Played = tuple[HieloDoc, list[Event]]

START_LINES = [
    "Canción de hielo y fuego: jugadores, /encuentro unirse con vuestra ficha (/hielo ficha "
    "crear); máster, /encuentro enemigos del bestiario (/hielo bestiario añadir).",
    "Antes del primer asalto, /hielo sorpresa si alguien acecha. Cada asalto empieza con "
    "/asalto, que tira la iniciativa.",
]


async def start(ctx: Context) -> None:
    await defer_once(ctx)

    async def rules(turn: HieloTurn) -> None:
        doc = HieloDoc(Combat(fighters=()))
        await turn.uow.encounter.create(doc.to_dict(), creator_id=ctx.user_id, system=HIELO_NAME)
        turn.doc, turn.saves = doc, False

    await run_step(ctx, HIELO, Step(None, rules, need="none"))
    await send(ctx.interaction, embed=reply_embed("Empieza el encuentro", START_LINES))


async def join(ctx: Context) -> None:
    await defer_once(ctx)
    personaje = text_option(ctx, "personaje")

    async def rules(turn: HieloTurn) -> Played:
        doc = turn.document
        sheets = turn.uow.system_sheets
        if personaje:
            row = await sheets.require(HIELO_NAME, "pj", str(personaje))
            if row.owner_id != ctx.user_id and not is_gm(ctx, turn):
                raise UmbralError(f"La ficha «{row.nombre}» no es tuya.")
        else:
            own = await sheets.list(HIELO_NAME, "pj", ctx.user_id)
            if len(own) != 1:
                raise UmbralError(
                    "Di con qué ficha entras (personaje): "
                    + ("no tienes ninguna (/hielo ficha crear)." if not own else "tienes varias.")
                )
            row = own[0]
        sheet = stored_sheet(row)
        fighter = Fighter(doc.new_id(sheet.nombre), sheet, PJ_SIDE, sheet.salud_max, sheet.destino)
        turn.doc = doc.with_fighter(fighter, row.owner_id, row.id)
        said = (
            f"{sheet.nombre} entra en el combate (Salud {sheet.salud_max}, Defensa en combate "
            f"{sheet.defensa_combate()})."
        )
        return turn.doc, [Event(said)]

    await reply(ctx, "Se une al combate", *await run_step(ctx, HIELO, Step(None, rules)))


async def enemies(ctx: Context) -> None:
    await defer_once(ctx)
    nombre = text_option(ctx, "nombre") or ""
    cantidad = int_option(ctx, "cantidad", 1)

    async def rules(turn: HieloTurn) -> Played:
        doc = turn.document
        row = await turn.uow.system_sheets.require(HIELO_NAME, "enemigo", nombre)
        base = stored_sheet(row)
        events: list[Event] = []
        taken = {name_key(f.sheet.nombre) for f in doc.combat.fighters}
        n = 0
        for _ in range(cantidad):
            name = base.nombre
            if cantidad > 1 or name_key(name) in taken:
                n += 1
                while name_key(f"{base.nombre} {n}") in taken:
                    n += 1
                name = f"{base.nombre} {n}"
            sheet = replace(base, nombre=name)
            taken.add(name_key(name))
            f = Fighter(doc.new_id(name), sheet, ENEMY_SIDE, sheet.salud_max, sheet.destino)
            doc = doc.with_fighter(f, None, None)
            events.append(Event(f"{name} entra en el combate (Salud {sheet.salud_max})."))
        turn.doc = doc
        return doc, events

    await reply(ctx, "Entran enemigos", *await run_step(ctx, HIELO, Step(None, rules)))


async def remove(ctx: Context) -> None:
    await defer_once(ctx)
    typed = text_option(ctx, "combatiente") or ""

    async def rules(turn: HieloTurn) -> Played:
        doc = turn.document
        state = doc.combat
        f = doc.find(typed)
        if state.current == f.id:
            raise UmbralError(f"Es el turno de {f.sheet.nombre}: pásalo antes de quitarlo.")
        p = state.pendiente
        if p is not None and f.id in (p.atacante, p.defensor):
            raise UmbralError(f"{f.sheet.nombre} tiene un daño pendiente de recibir o de dar.")
        index = state.orden.index(f.id) if f.id in state.orden else None
        turno = state.turno - 1 if index is not None and index < state.turno else state.turno
        state = replace(
            state,
            fighters=tuple(x for x in state.fighters if x.id != f.id),
            orden=tuple(i for i in state.orden if i != f.id),
            reservados=tuple(i for i in state.reservados if i != f.id),
            turno=turno,
        )
        events: list[Event] = [Event(f"{f.sheet.nombre} sale del combate.")]
        if state.fase is Fase.ASALTO:
            state, events = combat.settle(state, events)
        turn.doc = replace(doc, combat=state,
                           duenos={k: v for k, v in doc.duenos.items() if k != f.id},
                           fichas={k: v for k, v in doc.fichas.items() if k != f.id})  # fmt: skip
        return turn.doc, events

    await reply(ctx, "Sale del combate", *await run_step(ctx, HIELO, Step(None, rules)))


async def end(ctx: Context) -> None:
    await defer_once(ctx)

    async def rules(turn: HieloTurn) -> list[str]:
        doc, uow = turn.document, turn.uow
        lines: list[str] = []
        # the destiny points spent in its combat and its intrigue leave the sheet
        people = doc.intriga.participantes if doc.intriga else ()
        held = [(f.id, f.sheet, f.destino) for f in doc.combat.fighters]
        held += [(p.id, p.sheet, p.destino) for p in people]
        spent: dict[str, int] = {}
        for pid, sheet, left in held:
            if doc.fichas.get(pid) is not None:
                spent[sheet.nombre] = spent.get(sheet.nombre, 0) + sheet.destino - left
        for nombre, gone in spent.items():
            row = await uow.system_sheets.get(HIELO_NAME, "pj", nombre)
            if row is None or row.id not in doc.fichas.values() or gone <= 0:
                continue
            left = max(0, int(row.data.get("destino", 0)) - gone)
            await uow.system_sheets.save(row, {**row.data, "destino": left})
            lines.append(f"{row.nombre} vuelve con {left} punto(s) de destino.")
        ctx.show_tracker(uow, doc.to_dict(), ended=True)
        await uow.encounter.end()
        turn.saves, turn.tracker = False, None
        winner = doc.combat.vencedor
        lines.insert(0, f"Vence el bando {winner}." if winner else "Termina sin vencedor.")
        return lines

    lines = await run_step(ctx, HIELO, Step(None, rules))
    await send(ctx.interaction, embed=reply_embed("Termina el encuentro", lines))


async def asalto(ctx: Context) -> None:
    await defer_once(ctx)

    async def rules(turn: HieloTurn) -> Played:
        doc = turn.document
        state = doc.combat
        if state.fase is Fase.PREPARACION and len({f.bando for f in state.fighters}) < 2:
            raise UmbralError("Un combate necesita al menos dos bandos: faltan combatientes.")
        state, turn.events = combat.new_asalto(state, ctx.dice)
        turn.doc = doc.with_combat(state)
        return turn.doc, turn.events

    doc, events = await run_step(ctx, HIELO, Step("asalto", rules))
    await reply(ctx, f"Asalto {doc.combat.asalto}: iniciativa", doc, events)


ACCIONES = {"mayor": TipoAccion.MAYOR, "menor": TipoAccion.MENOR}
DESTINO = {d.value: d for d in DestinoTirada}


def default_weapon(sheet: Sheet, shot: bool) -> str:
    """The sheet's first weapon (``shot``: its first Puntería one), or a Spanish refusal."""
    found = [w for w in sheet.armas if not (shot and w.melee)]
    if not found:
        what = "ningún arma de Puntería" if shot else "ningún arma"
        raise UmbralError(f"{sheet.nombre} no lleva {what} en su ficha.")
    return found[0].nombre


async def attack(ctx: Context) -> None:
    """``/atacar`` (and ``/disparar``, which only takes a Puntería weapon)."""
    await defer_once(ctx)
    shot = ctx.shared == "disparar"

    async def rules(turn: HieloTurn) -> Played:
        doc = turn.document
        attacker = acting(ctx, turn, doc, text_option(ctx, "atacante"))
        target = doc.find(text_option(ctx, "objetivo") or "")
        arma = text_option(ctx, "arma") or default_weapon(attacker.sheet, shot)
        if shot and attacker.sheet.arma(str(arma)).melee:  # /disparar: Puntería only
            raise UmbralError(
                f"Con {attacker.sheet.arma(str(arma)).nombre} no se dispara (ataca con Combate "
                "cuerpo a cuerpo): usa /atacar."
            )
        modificador = int_option(ctx, "modificador", 0)
        destino = text_option(ctx, "destino")
        choice = attacks.Ataque(
            attacker.id,
            target.id,
            str(arma),
            ACCIONES[text_option(ctx, "accion") or "mayor"],
            modificadores=(Termino("Modificador", modificador),) if modificador else (),
            destino=(DESTINO[destino],) if destino else (),
        )
        tablas = await combat_tables(turn.uow)
        state, turn.events = attacks.attack(doc.combat, choice, ctx.dice, tablas)
        turn.doc = doc.with_combat(state)
        return turn.doc, turn.events

    await reply(ctx, "Ataque", *await run_step(ctx, HIELO, Step("atacar", rules)))


async def view(ctx: Context) -> None:
    """``/encuentro ver``: hielo's tracker."""
    await view_document(ctx, HIELO)


async def pending(ctx: Context) -> None:
    """``/encuentro pendientes``: whom the encounter waits for, since its phase began."""
    await defer_once(ctx, ephemeral=True)

    async def look(turn: HieloTurn) -> tuple[HieloDoc, datetime | None]:
        turn.tracker = None
        info = turn.uow.encounter.info
        return turn.document, None if info is None else info.phase_since

    doc, since = await run_step(ctx, HIELO, Step(None, look, need="look"))
    await send(ctx.interaction, embed=waiting_embed(doc.to_dict(), since), ephemeral=True)

"""The shared commands (``/encuentro empezar``, ``/encuentro unirse``, ``/encuentro
enemigos``, ``/encuentro quitar``, ``/encuentro terminar``, ``/asalto``, ``/atacar``) as the
graded combat plays them. Each is called after Umbral's body answered Discord (a defer) or
not, and answers with followups (:func:`bot.features.common.send`)."""

from __future__ import annotations

from dataclasses import replace

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.edge.systems import Awaited, SystemPlugin, Verb
from bot.features.common import send
from bot.features.documents import defer_once, view_document
from bot.features.recordatorios.service import configure_for
from bot.jsontypes import JsonObject
from bot.render.graduado import reply_messages
from umbral_rules import UmbralError
from umbral_rules.graduado import (
    Bando,
    Combate,
    Final,
    Grados,
    Objetivo,
    Riesgo,
    Tacticas,
    escalar_enemigos,
)
from umbral_rules.graduado.events import Event

from .acting import declare_attack
from .closing import CLOSED, close_by_itself, deadline
from .doc import GradDoc, Vinculo
from .mundo import server_world, window_text
from .sheets import GradSheet
from .system import GRADUADO, NAME, GradTurn


async def answer(ctx: Context, title: str, lines: list[str]) -> None:
    """The reply, in as many messages as it takes (the first answers the command)."""
    for embeds in reply_messages(title, lines):
        await send(ctx.interaction, embeds=embeds)


async def start(ctx: Context) -> None:
    await defer_once(ctx)

    async def rules(turn: GradTurn) -> GradDoc:
        doc = GradDoc(Combate.start(server_world(turn.settings)))
        await turn.uow.encounter.create(doc.to_dict(), creator_id=ctx.user_id, system=NAME)
        turn.doc, turn.saves = doc, False
        return doc

    doc = await run_step(ctx, GRADUADO, Step(None, rules, need="none"))
    mundo = doc.combate.state.mundo
    await answer(
        ctx,
        "Empieza un combate graduado (d100)",
        [
            f"Base de los héroes {mundo.base_heroes} %, de los enemigos {mundo.base_enemigos} %.",
            "Jugadores: /encuentro unirse personaje:… (una ficha de /graduado ficha crear).",
            "Máster: /encuentro enemigos (del /graduado bestiario) y /graduado anunciar.",
            "Cada ronda: /atacar o /graduado atacar y /graduado defender; se cierra sola al "
            f"vencer su ventana ({window_text(mundo.ventana)}), o antes el máster con /asalto.",
        ],
    )


async def join(ctx: Context) -> None:
    await defer_once(ctx)
    personaje = ctx.options.get("personaje")

    async def rules(turn: GradTurn) -> list[Event]:
        doc, uow = turn.document, turn.uow
        if personaje:
            stored = await uow.system_sheets.require(NAME, "pj", str(personaje))
        else:
            mine = await uow.system_sheets.list(NAME, "pj", owner_id=ctx.user_id)
            if len(mine) != 1:
                raise UmbralError(
                    f"Di con qué ficha graduada entras: `personaje:` (tienes {len(mine)})."
                    if mine
                    else "No tienes ninguna ficha graduada: /graduado ficha crear."
                )
            stored = mine[0]
        if stored.owner_id != ctx.user_id and not ctx.is_gm(
            turn.settings.gm_role_id, turn.creator_id
        ):
            raise UmbralError(
                "Esa ficha no es tuya: solo su dueño o el máster la meten en combate."
            )
        sheet = GradSheet.from_dict(stored.data)
        events = doc.combate.add_heroe(sheet.ficha)
        hero = doc.combate.find(sheet.ficha.nombre)
        hero.heridas = sheet.heridas
        doc.vinculos[hero.id] = Vinculo(stored.id, stored.owner_id)
        turn.events = events
        return events

    events = await run_step(ctx, GRADUADO, Step(None, rules))
    await answer(ctx, "Se une al combate", [e.message for e in events])


async def enemies(ctx: Context) -> None:
    await defer_once(ctx)
    nombre = str(ctx.options.get("nombre") or "")
    cantidad = int(str(ctx.options.get("cantidad") or 1))

    async def rules(turn: GradTurn) -> list[Event]:
        doc, uow = turn.document, turn.uow
        stored = await uow.system_sheets.require(NAME, "enemigo", nombre)
        ficha = GradSheet.from_dict(stored.data).ficha
        events: list[Event] = []
        taken = {c.nombre for c in doc.combate.state.combatientes}
        n = 0
        for _ in range(cantidad):
            name = ficha.nombre
            if cantidad > 1:
                n += 1
                while f"{ficha.nombre} {n}" in taken:
                    n += 1
                name = f"{ficha.nombre} {n}"
            taken.add(name)
            events += doc.combate.add_enemigo(replace(ficha, nombre=name))
            doc.vinculos[doc.combate.find(name).id] = Vinculo(stored.id, ctx.user_id)
        return events

    events = await run_step(ctx, GRADUADO, Step(None, rules))
    await answer(ctx, "Entran enemigos", [e.message for e in events])


async def remove(ctx: Context) -> None:
    await defer_once(ctx)
    nombre = str(ctx.options.get("combatiente") or "")

    async def rules(turn: GradTurn) -> list[Event]:
        doc = turn.document
        gone = doc.combate.find(nombre)
        events = doc.combate.quitar(nombre)
        doc.vinculos.pop(gone.id, None)
        return events

    events = await run_step(ctx, GRADUADO, Step(None, rules))
    await answer(ctx, "Sale del combate", [e.message for e in events])


async def end(ctx: Context) -> None:
    """The GM ends the fight: leaving it if it had not ended (no experience); the heroes'
    sheets keep what the fight left (reserves spent, a Sobregiro's maximum and wounds)."""
    await defer_once(ctx)

    async def rules(turn: GradTurn) -> list[str]:
        doc, uow = turn.document, turn.uow
        lines: list[str] = []
        if doc.combate.state.final is None:
            lines += [e.message for e in doc.combate.terminar(Final.HUIDA)]
        lines += [x.line() for x in doc.combate.experiencia()]
        for hero in doc.combate.state.side(Bando.HEROES):
            link = doc.vinculo(hero)
            stored = await uow.system_sheets.get(NAME, "pj", hero.nombre)
            if link is None or stored is None or stored.id != link.sheet_id:
                continue
            kept = GradSheet(hero.ficha, hero.heridas)
            await uow.system_sheets.save(stored, kept.to_dict())
            lines.append(f"La ficha de {hero.nombre} guarda lo que dejó el combate.")
        ctx.show_tracker(uow, doc.to_dict(), ended=True)
        await uow.encounter.end()
        turn.saves, turn.tracker = False, None
        return lines

    lines = await run_step(ctx, GRADUADO, Step(None, rules))
    await answer(ctx, "Termina el combate graduado", lines)


async def view(ctx: Context) -> None:
    """``/encuentro ver``: the graded fight's tracker."""
    await view_document(ctx, GRADUADO)


async def close_round(ctx: Context) -> None:
    """``/asalto``: the GM closes the round — once everyone standing has declared, or once
    its window has passed (:func:`.closing.deadline`)."""
    await defer_once(ctx)

    async def rules(turn: GradTurn) -> list[Event]:
        doc, uow = turn.document, turn.uow
        missing = doc.combate.pendientes
        if missing:
            closes, now = deadline(doc, uow.encounter.info), uow.clock()
            if closes is not None and closes > now:
                seconds = int((closes - now).total_seconds()) + 1
                raise UmbralError(
                    "La ronda no puede cerrarse aún: faltan por declarar "
                    f"{', '.join(missing)} y su ventana sigue abierta {seconds} s más."
                )
        turn.events = doc.combate.cerrar_ronda(ctx.dice, por_ventana=bool(missing))
        return turn.events

    events = await run_step(ctx, GRADUADO, Step("asalto", rules))
    await answer(ctx, CLOSED, [e.message for e in events])


async def attack(ctx: Context) -> None:
    """``/atacar`` in a graded fight: declare the attack of this round with its grades."""
    await defer_once(ctx)
    o = ctx.options
    grados = Grados(
        Tacticas(o.get("tacticas") or "estandar"),
        Riesgo(o.get("riesgo") or "seguro"),
        Objetivo(o.get("dificultad") or "estandar"),
    )
    await declare_attack(ctx, str(o["objetivo"]), o.get("atacante"), grados)


async def scale(ctx: Context, base: int, por_heroe: float, grupo: int | None) -> None:
    """«los números de los enemigos crecen con el tamaño del grupo»: the GM's numbers for
    this group (by default, the heroes of this fight), the count shown."""
    await defer_once(ctx)

    async def rules(turn: GradTurn) -> str:
        turn.tracker = None  # only a count: the fight does not change
        heroes = len(turn.document.combate.state.side(Bando.HEROES))
        return escalar_enemigos(base, grupo or heroes, por_heroe).line()

    line = await run_step(ctx, GRADUADO, Step(None, rules, need="look"))
    await answer(ctx, "Enemigos para el grupo", [line + "."])


async def reminders(ctx: Context) -> None:
    """``/encuentro recordatorios``: the players who have not declared are reminded."""
    horas = int(str(ctx.options.get("horas") or 0))
    silencio = ctx.options.get("silencio")
    await configure_for(ctx, horas, None if silencio is None else str(silencio), GRADUADO)


def awaited(data: JsonObject) -> list[Awaited]:
    """Whom a stored graded fight waits for: each hero standing who has not declared this
    round, by its player."""
    doc = GradDoc.from_dict(data)
    if doc.combate.state.final is not None:
        return []
    out: list[Awaited] = []
    for hero in doc.combate.state.pendientes:
        link = doc.vinculo(hero)
        if link is not None:
            line = f"te falta declarar con {hero.nombre}"
            out.append(Awaited(link.owner_id, f"{doc.ronda}:{hero.id}", line))
    return out


def fighters(data: JsonObject) -> list[str]:
    """The names a stored graded fight offers to the shared commands' autocompletes."""
    return [c.nombre for c in GradDoc.from_dict(data).combate.state.combatientes]


GRADUADO_PLUGIN = SystemPlugin(
    NAME,
    {
        "encuentro empezar": Verb(frozenset(), run=start),
        "encuentro unirse": Verb(frozenset({"personaje"}), run=join),
        "encuentro enemigos": Verb(frozenset({"nombre", "cantidad"}), run=enemies),
        "encuentro quitar": Verb(frozenset({"combatiente"}), run=remove),
        "encuentro terminar": Verb(frozenset(), run=end),
        "encuentro ver": Verb(frozenset({"publico"}), run=view),
        "asalto": Verb(frozenset(), run=close_round),
        "atacar": Verb(
            frozenset({"objetivo", "atacante", "tacticas", "riesgo", "dificultad"}), run=attack
        ),
        "encuentro recordatorios": Verb(frozenset({"horas", "silencio"}), run=reminders),
    },
    waiting=awaited,
    names=fighters,
    closes=close_by_itself,
    window=lambda data: GRADUADO.window(GradDoc.from_dict(data)),
)

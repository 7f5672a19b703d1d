"""What a hero declares in a round (an attack with its grades, a defence) and what the GM
announces for an enemy, through the one path: whoever acts is the player of that hero or the
GM. A declaration replaces only its own part: an attack keeps the defence declared before,
and a defence keeps the attack."""

from __future__ import annotations

from dataclasses import replace

from bot.edge.context import Context
from bot.edge.path import Step, run_step
from bot.features.common import send
from bot.render.graduado import reply_embeds
from umbral_rules import UmbralError
from umbral_rules.graduado import (
    Ataque,
    Bando,
    Combatiente,
    Declaracion,
    Defensa,
    Grados,
    Intencion,
    Via,
    build_chance,
)
from umbral_rules.graduado.choices import Accion
from umbral_rules.graduado.events import Event
from umbral_rules.graduado.tables import FLANQUEO

from .doc import GradDoc
from .system import GRADUADO, GradTurn


def acting_hero(turn: GradTurn, named: object) -> Combatiente:
    """The hero the command acts as: ``named`` (its player or the GM), or the user's own
    (when they play exactly one in this fight)."""
    doc: GradDoc = turn.document
    ctx = turn.ctx
    gm = ctx.is_gm(turn.settings.gm_role_id, turn.creator_id)
    if named:
        hero = doc.combate.find(str(named))
        link = doc.vinculo(hero)
        if hero.bando is not Bando.HEROES:
            raise UmbralError(f"{hero.nombre} no es un héroe: sus golpes los anuncia el máster.")
        if not gm and (link is None or link.owner_id != ctx.user_id):
            raise UmbralError(
                f"{hero.nombre} no es tuyo: solo su jugador o el máster declaran por él."
            )
        return hero
    mine = doc.owned_by(ctx.user_id)
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise UmbralError("No tienes ningún héroe en este combate: /encuentro unirse.")
    names = ", ".join(c.nombre for c in mine)
    raise UmbralError(f"Llevas a varios ({names}): di cuál con `atacante:`.")


def preview(doc: GradDoc, hero: Combatiente, ataque: Ataque) -> str:
    """The chance as it stands now, every term (the close of the round may add flanking or
    focused fire, and Impulso may move before it)."""
    state = doc.combate.state
    target = state.find(ataque.objetivo)
    chance = build_chance(
        state.base(hero),
        ataque.grados,
        hero.ficha.reserva(ataque.via).poder,
        target.ficha.poder,
        state.impulso[Bando.HEROES],
        hero.ficha.gastado_pct,
    )
    flank = (
        f" (+{FLANQUEO} Flanqueo si otro héroe ataca también a {target.nombre})"
        if ataque.flanqueo
        else ""
    )
    return f"Probabilidad si la ronda se cerrara ahora: {chance.line()}{flank}."


async def declare_attack(
    ctx: Context,
    objetivo: str,
    atacante: object,
    grados: Grados,
    *,
    via: Via = Via.FUERZA,
    esfuerzo: int = 0,
    sobregiro: bool = False,
    intencion: Intencion = Intencion.GOLPEAR,
    flanqueo: bool = False,
    creativo: bool | None = None,
) -> None:
    ataque = Ataque(objetivo, grados, via, esfuerzo, sobregiro, intencion, flanqueo)
    await declare_action(ctx, atacante, ataque, "Ataque declarado", creativo)


async def declare_action(
    ctx: Context, who: object, accion: Accion, title: str, creativo: bool | None = None
) -> None:
    """``who`` (or the user's own hero) declares ``accion`` for this round, keeping the
    defence declared before; an attack's reply shows its chance as it stands."""

    async def rules(turn: GradTurn) -> list[str]:
        doc = turn.document
        hero = acting_hero(turn, who)
        before = doc.combate.state.declaraciones.get(hero.id) or Declaracion()
        keep = before.creativo if creativo is None else creativo
        events = doc.combate.declarar(hero.nombre, Declaracion(accion, before.defensa, keep))
        lines = [e.message for e in events]
        if isinstance(accion, Ataque):
            lines.append(preview(doc, hero, accion))
        return lines

    lines = await run_step(ctx, GRADUADO, Step(None, rules))
    await send(ctx.interaction, embeds=reply_embeds(title, lines))


async def declare_defence(ctx: Context, personaje: object, defensa: Defensa) -> None:
    async def rules(turn: GradTurn) -> list[str]:
        doc = turn.document
        hero = acting_hero(turn, personaje)
        before = doc.combate.state.declaraciones.get(hero.id) or Declaracion()
        events = doc.combate.declarar(hero.nombre, replace(before, defensa=defensa))
        what = (
            f"{hero.nombre} se defenderá ({defensa.tipo.value}; tácticas "
            f"{defensa.grados.tacticas.label}, riesgo {defensa.grados.riesgo.label}): una "
            "tirada al cerrar la ronda, comparada con cada golpe que le llegue."
        )
        return [*(e.message for e in events), what]

    lines = await run_step(ctx, GRADUADO, Step(None, rules))
    await send(ctx.interaction, embeds=reply_embeds("Defensa declarada", lines))


async def announce(
    ctx: Context,
    enemigo: str,
    objetivo: str,
    grados: Grados,
    *,
    via: Via,
    esfuerzo: int,
    intencion: Intencion,
    inbloqueable: bool,
) -> None:
    async def rules(turn: GradTurn) -> list[Event]:
        return turn.document.combate.anunciar(
            enemigo,
            objetivo,
            grados,
            via=via,
            esfuerzo=esfuerzo,
            intencion=intencion,
            inbloqueable=inbloqueable,
        )

    events = await run_step(ctx, GRADUADO, Step(None, rules))
    await send(ctx.interaction, embeds=reply_embeds("Golpe anunciado", [e.message for e in events]))

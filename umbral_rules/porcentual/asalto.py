"""The asalto's three phases: Declaración, Acción, Conclusión.

Each operation takes the :class:`Combate`, a typed choice and (when it rolls) the dice, and
returns the new state and its events; a refusal raises :class:`UmbralError` and changes
nothing (the state is immutable).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby

from ..dice import DiceSource
from ..errors import UmbralError
from .acciones import Accion, AccionDeclarada, Situacion, Tipo, check_declaration
from .estado import Asalto, Combate, Combatiente, Fase, Iniciativa
from .eventos import (
    AccionHecha,
    AccionPerdida,
    Declarado,
    Estado,
    Evento,
    FaseCambiada,
    IniciativaTirada,
    TurnoPasado,
)
from .modificadores import FUERZA_MINIMA_INICIATIVA, RAPIDO_INICIATIVA
from .tiradas import roll_initiative

#: A movement action with this ``detalle`` leaves the fight («usando acciones de movimiento»).
HUIR = "huida"
LOST_AT_END = "terminó el asalto sin hacerla: no se puede guardar para asaltos posteriores"

Result = tuple[Combate, list[Evento]]


def en_combate(c: Combatiente) -> bool:
    """[D] Who is out (PV 0 or less, or unconscious) rolls no initiative."""
    return c.cond.pv > 0 and c.cond.inconsciente_minutos == 0


def below_minimum(c: Combatiente, arma: str | None) -> int:
    """Points of Fuerza below the weapon's Fuerza mínima."""
    if arma is None:
        return 0
    return max(0, c.ficha.arma(arma).fuerza_minima - c.ficha.fuerza)


def roll_iniciativa(c: Combatiente, dice: DiceSource, *, emboscada: bool) -> Iniciativa:
    """Iniciativa = 1D10 + AGI +/- Mod. por Armadura o Hechizos; −1 per point of Fuerza
    below the minimum of the weapon in hand; 1D5 for the surprised in an emboscada."""
    mods: list[tuple[str, int]] = []
    armour = c.ficha.armadura
    if armour is not None and armour.iniciativa:
        mods.append((f"Armadura ({armour.nombre})", armour.iniciativa))
    if c.ficha.iniciativa_hechizos:
        mods.append(("Hechizos", c.ficha.iniciativa_hechizos))
    below = below_minimum(c, c.cond.arma_lista)
    if below:
        mods.append((f"Fuerza mínima ({c.cond.arma_lista})", -below * FUERZA_MINIMA_INICIATIVA))
    roll = roll_initiative(
        dice,
        c.ficha.agilidad,
        sum(v for _, v in mods),
        sorprendido=emboscada and c.cond.sorprendido,
    )
    return Iniciativa(c.id, roll, tuple(mods))


def order(
    combate: Combate, iniciativas: Sequence[Iniciativa], *, ascending: bool
) -> tuple[tuple[str, ...], ...]:
    """Slots by initiative. A tie: «habrá conseguido un mayor resultado el PJ»; two PJs or
    two PNJs: «el que … tenga una mayor puntuación en Percepción»; same Percepción: «actúan
    al mismo tiempo» (one slot)."""

    def key(ini: Iniciativa) -> tuple[int, int, int]:
        c = combate.combatiente(ini.id)
        return (ini.total, 1 if c.pj else 0, c.ficha.percepcion)

    ranked = sorted(iniciativas, key=lambda i: (key(i), i.id), reverse=not ascending)
    return tuple(tuple(sorted(i.id for i in group)) for _, group in groupby(ranked, key=key))


def empezar_asalto(combate: Combate, dice: DiceSource) -> Result:
    """Fase 1: everyone rolls initiative; declarations are asked from the lowest up."""
    previous = combate.asalto
    if previous is not None and previous.fase is not Fase.CONCLUSION:
        raise UmbralError("El asalto en curso no ha terminado: llega antes a su conclusión.")
    numero = 1 if previous is None else previous.numero + 1
    emboscada = combate.emboscada and numero == 1
    fighters = [c for c in combate.combatientes if en_combate(c)]
    if len(fighters) < 2:
        raise UmbralError("Un asalto necesita al menos dos combatientes en pie.")
    inis = tuple(roll_iniciativa(c, dice, emboscada=emboscada) for c in fighters)
    asalto = Asalto(
        numero=numero,
        fase=Fase.DECLARACION,
        iniciativas=inis,
        orden_declaracion=order(combate, inis, ascending=True),
        emboscada=emboscada,
    )
    events: list[Evento] = [
        FaseCambiada(f"Asalto {numero}: fase de declaración.", numero, Fase.DECLARACION)
    ]
    for ini in inis:
        r = ini.roll
        events.append(
            IniciativaTirada(
                f"{ini.id}: Iniciativa {ini.total} (1D{r.sides} {r.face} + AGI {r.agilidad}"
                + "".join(f" {v:+d} {n}" for n, v in ini.mods)
                + ").",
                ini,
            )
        )
    return replace(combate, asalto=asalto), events


def _asalto(combate: Combate, fase: Fase) -> Asalto:
    asalto = combate.asalto
    if asalto is None or asalto.fase is not fase:
        raise UmbralError(f"Eso se hace en la fase de {_FASE[fase]} de un asalto.")
    return asalto


_FASE = {Fase.DECLARACION: "declaración", Fase.ACCION: "acción", Fase.CONCLUSION: "conclusión"}


def situacion(c: Combatiente) -> Situacion:
    return Situacion(
        en_suelo=c.cond.en_suelo,
        en_mele=bool(c.cond.mele_con),
        inmovilizado=c.cond.inmovilizado_por is not None,
        con_escudo=c.con_escudo,
    )


def declarar(combate: Combate, cid: str, acciones: Sequence[AccionDeclarada]) -> Result:
    """Declare one's actions, in turn: «comenzando siempre por el personaje que haya obtenido
    la Iniciativa más baja». [D] Actions may be left unspent, for defences declared later."""
    asalto = _asalto(combate, Fase.DECLARACION)
    waiting = asalto.por_declarar
    if cid not in waiting:
        raise UmbralError(f"«{cid}» no tiene nada que declarar en este asalto.")
    slot = next(s for s in asalto.orden_declaracion if any(c in waiting for c in s))
    if cid not in slot:
        first = ", ".join(c for c in slot if c in waiting)
        raise UmbralError(f"Declara antes quien tiene menos Iniciativa: le toca a {first}.")
    c = combate.combatiente(cid)
    acts = tuple(acciones)
    check_declaration(acts, situacion(c))
    rapido = RAPIDO_INICIATIVA if any(a.accion is Accion.RAPIDO for a in acts) else 0
    inis = tuple(replace(i, rapido=rapido) if i.id == cid else i for i in asalto.iniciativas)
    asalto = replace(asalto, iniciativas=inis, declaraciones=(*asalto.declaraciones, (cid, acts)))
    names = ", ".join(a.ficha.nombre for a in acts) or "nada"
    events: list[Evento] = [Declarado(f"{cid} declara: {names}.", cid, acts)]
    if rapido:
        events.append(Estado(f"{cid}: Ataque Rápido, Iniciativa +{rapido}.", cid, "rapido"))
    if not asalto.por_declarar:
        asalto = replace(
            asalto, fase=Fase.ACCION, orden_accion=order(combate, inis, ascending=False), turno=0
        )
        events.append(
            FaseCambiada(f"Asalto {asalto.numero}: fase de acción.", asalto.numero, Fase.ACCION)
        )
    return replace(combate, asalto=asalto), events


def declarar_defensa(combate: Combate, cid: str, defensa: AccionDeclarada) -> Result:
    """A defence declared during the Acción with an action left unspent: «deberemos declarar
    nuestra intención de protegernos … antes de que se tiren los dados»."""
    asalto = _asalto(combate, Fase.ACCION)
    if defensa.tipo is not Tipo.DEFENSA:
        raise UmbralError("En plena acción solo se pueden añadir acciones defensivas.")
    acts = asalto.declarado(cid)
    if acts is None:
        raise UmbralError(f"«{cid}» no está en este asalto.")
    new = (*acts, defensa)
    check_declaration(new, situacion(combate.combatiente(cid)))
    decl = tuple((c, new if c == cid else a) for c, a in asalto.declaraciones)
    events: list[Evento] = [Declarado(f"{cid} declara además: {defensa.ficha.nombre}.", cid, new)]
    return replace(combate, asalto=replace(asalto, declaraciones=decl)), events


def puede_actuar(asalto: Asalto, cid: str, indice: int) -> AccionDeclarada:
    acts = asalto.declarado(cid) or ()
    if not 0 <= indice < len(acts):
        raise UmbralError(f"«{cid}» no declaró esa acción.")
    if indice not in asalto.pendientes_de(cid):
        raise UmbralError(f"«{cid}» ya hizo o perdió esa acción.")
    act = acts[indice]
    if act.tipo is not Tipo.DEFENSA and asalto.slot_de(cid) > asalto.turno:
        raise UmbralError(
            f"Aún no le toca a {cid}: se actúa de mayor a menor Iniciativa (las defensas, en "
            "cualquier momento)."
        )
    return act


def actuar(combate: Combate, cid: str, indice: int) -> Result:
    """Mark a declared action done (its rolls, if any, are resolved by the modules of
    attacks, defences and manoeuvres). Simple effects are applied here."""
    asalto = _asalto(combate, Fase.ACCION)
    act = puede_actuar(asalto, cid, indice)
    c = combate.combatiente(cid)
    cond = c.cond
    events: list[Evento] = []
    if act.accion is Accion.MELE:
        for other in act.objetivos:
            if asalto.pendientes_de(other, solo_no_defensivas=True):
                raise UmbralError(
                    "El Movimiento de Melé se hace después de las acciones del contrincante, "
                    "tenga la Iniciativa que tenga."
                )
        for other in act.objetivos:
            o = combate.combatiente(other)
            combate = combate.with_cond(other, replace(o.cond, mele_con=(*o.cond.mele_con, cid)))
        cond = replace(cond, mele_con=(*cond.mele_con, *act.objetivos))
        events.append(Estado(f"{cid} entra en melé: +50% a los ataques de ambos.", cid, "mele"))
    elif act.accion is Accion.MONTAR:
        cond = replace(cond, montado=not cond.montado)
    elif act.accion is Accion.DESENVAINAR and act.arma is not None:
        c.ficha.arma(act.arma)
        cond = replace(
            cond,
            arma_lista=act.arma,
            armas_perdidas=tuple(a for a in cond.armas_perdidas if a != act.arma),
        )
    elif act.accion is Accion.RECARGAR:
        if act.arma is None or not cond.recarga_de(act.arma):
            raise UmbralError("No hay ningún arma que recargar.")
        cond = cond.with_recarga(act.arma, cond.recarga_de(act.arma) - 1)
        left = cond.recarga_de(act.arma)
        events.append(Estado(f"{cid} recarga {act.arma}: faltan {left} acciones.", cid, "recarga"))
    elif act.accion is Accion.GUARDIA_COMPLETA:
        cond = replace(cond, guardia_completa=True)
        events.append(Estado(f"{cid} se pone en guardia completa.", cid, "guardia_completa"))
    elif act.tipo is Tipo.MOVIMIENTO and act.detalle == HUIR:
        cond = replace(cond, huyendo=True, mele_con=())
    combate = combate.with_cond(cid, cond)
    asalto = replace(combate.asalto or asalto, hechas=(*asalto.hechas, (cid, indice)))
    events.insert(0, AccionHecha(f"{cid}: {act.ficha.nombre}.", cid, indice, act))
    return replace(combate, asalto=asalto), events


def salir_de_guardia(combate: Combate, cid: str) -> Result:
    """«algo que puede llevar a cabo como una acción libre»."""
    c = combate.combatiente(cid)
    if not c.cond.guardia_completa:
        raise UmbralError(f"{cid} no está en guardia completa.")
    combate = combate.with_cond(cid, replace(c.cond, guardia_completa=False))
    return combate, [Estado(f"{cid} sale de la guardia completa.", cid, "guardia_completa")]


def perder_accion(combate: Combate, cid: str, indice: int, motivo: str) -> Result:
    """«En el caso de que una acción previa invalide totalmente la realización de una acción
    posterior … perderemos esa acción»."""
    asalto = _asalto(combate, Fase.ACCION)
    acts = asalto.declarado(cid) or ()
    if indice not in asalto.pendientes_de(cid) or indice >= len(acts):
        raise UmbralError(f"«{cid}» no tiene esa acción pendiente.")
    asalto = replace(asalto, perdidas=(*asalto.perdidas, (cid, indice, motivo)))
    return replace(combate, asalto=asalto), [
        AccionPerdida(f"{cid} pierde {acts[indice].ficha.nombre}: {motivo}.", cid, indice, motivo)
    ]


def pasar_turno(combate: Combate) -> Result:
    """The turn goes to the next slot down; past the last, the Conclusión."""
    asalto = _asalto(combate, Fase.ACCION)
    turno = asalto.turno + 1
    if turno < len(asalto.orden_accion):
        ids = asalto.orden_accion[turno]
        return replace(combate, asalto=replace(asalto, turno=turno)), [
            TurnoPasado(f"Le toca a {', '.join(ids)}.", turno, ids)
        ]
    return concluir(combate)


def concluir(combate: Combate) -> Result:
    """Fase 3: what was not done is lost; the standing that ends with the asalto ends."""
    asalto = _asalto(combate, Fase.ACCION)
    events: list[Evento] = []
    lost = list(asalto.perdidas)
    for slot in asalto.orden_accion:
        for cid in slot:
            acts = asalto.declarado(cid) or ()
            for i in asalto.pendientes_de(cid):
                lost.append((cid, i, LOST_AT_END))
                events.append(
                    AccionPerdida(
                        f"{cid} pierde {acts[i].ficha.nombre}: {LOST_AT_END}.", cid, i, LOST_AT_END
                    )
                )
    done = {(c, i) for c, i in asalto.hechas}
    for c in combate.combatientes:
        acts = asalto.declarado(c.id) or ()
        made = [a.accion for i, a in enumerate(acts) if (c.id, i) in done]
        cond = replace(c.cond, huyendo=False, sorprendido=False)
        if Accion.LEVANTARSE in made:
            cond = replace(cond, en_suelo=False)
        if Accion.PREPARARSE in made:
            cond = replace(cond, preparado=cond.preparado + 1)
        cond = replace(cond, huida_lista=Accion.HUIDA in made)
        combate = combate.with_cond(c.id, cond)
    pending = list(asalto.pendientes)
    for c in combate.combatientes:
        if c.cond.inconsciente_minutos:
            pending.append(f"{c.id}: inconsciente {c.cond.inconsciente_minutos} minutos.")
    asalto = replace(asalto, fase=Fase.CONCLUSION, perdidas=tuple(lost), pendientes=tuple(pending))
    events.insert(
        0,
        FaseCambiada(f"Asalto {asalto.numero}: conclusión.", asalto.numero, Fase.CONCLUSION),
    )
    return replace(combate, asalto=asalto), events


def anotar_pendiente(combate: Combate, texto: str) -> Result:
    """A roll or calculation left for the Conclusión («tiradas para recuperar el
    conocimiento, efectos de hechizos, etc.»)."""
    asalto = combate.asalto
    if asalto is None or asalto.fase is Fase.DECLARACION:
        raise UmbralError("Las tiradas pendientes se anotan en la acción o en la conclusión.")
    if not texto.strip():
        raise UmbralError("Escribe qué tirada queda pendiente.")
    asalto = replace(asalto, pendientes=(*asalto.pendientes, texto.strip()))
    return replace(combate, asalto=asalto), [Estado(f"Pendiente: {texto.strip()}", "", "pendiente")]


def abandonar(combate: Combate, cid: str) -> Result:
    """A prepared Huida: «al llegar al siguiente asalto, sea cual sea la Iniciativa obtenida,
    podremos abandonar el combate sin que nuestro enemigo pueda atacarnos». [D] It is taken
    at the Conclusión of the asalto of the Huida, before the next one rolls initiative."""
    c = combate.combatiente(cid)
    asalto = combate.asalto
    if not c.cond.huida_lista or asalto is None or asalto.fase is not Fase.CONCLUSION:
        raise UmbralError(f"{cid} no ha preparado una Huida en el asalto que acaba de concluir.")
    for other in combate.combatientes:
        if cid in other.cond.mele_con:
            combate = combate.with_cond(
                other.id,
                replace(other.cond, mele_con=tuple(o for o in other.cond.mele_con if o != cid)),
            )
    rest = tuple(x for x in combate.combatientes if x.id != cid)
    return replace(combate, combatientes=rest), [
        Estado(f"{cid} abandona el combate.", cid, "huida")
    ]

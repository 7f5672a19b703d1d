"""The acciones de ataque: which weapon and competencia each uses, what it demands, and how
its percentage is built (every modifier from :mod:`.modificadores`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UmbralError
from .acciones import Accion, AccionDeclarada
from .estado import Asalto, Combatiente
from .fichas import (
    CABALGAR,
    ESCUDOS,
    LANZAR,
    PELEA,
    Arma,
    Rasgo,
    Tamano,
    TamanoEscudo,
    TipoArma,
)
from .modificadores import Mod, Porcentaje, porcentaje
from .tablas import Lado, Tablas


@dataclass(frozen=True)
class Contexto:
    """What the table knows about one attack that the state does not hold.

    ``distancia``: varas to the target (shots; a Carga's start, ≤ 12; a Carga a Caballo's, ≤
    20). ``sorpresa``: the target does not see it coming (Aturdir). ``por_la_espalda``:
    Aturdir's +50 %. ``pomo``: Aturdir with the pommel of an edged weapon (Pelea, 1D4 +
    bonus). ``lado``: an attacker on foot against a rider: the side of the rider's far leg.
    ``tabla``: rows of the GM's Tabla de Modificadores to apply, by name. ``carga_caballo``:
    the target is charging on horseback (Alancear)."""

    distancia: int | None = None
    sorpresa: bool = False
    por_la_espalda: bool = False
    pomo: bool = False
    lado: Lado | None = None
    tabla: tuple[str, ...] = ()
    carga_caballo: bool = False


RANGED = {Accion.A_DISTANCIA}
#: Attacks that roll against a weapon («la competencia de Arma adecuada»).
SIMPLE_MOD = {
    Accion.ANAGAZA: Mod.ANAGAZA,
    Accion.ATAQUE_ESCUDO: Mod.ATAQUE_ESCUDO,
    Accion.PRECISO: Mod.PRECISO,
    Accion.RAPIDO: Mod.RAPIDO,
    Accion.ATURDIR: Mod.ATURDIR,
    Accion.CLAVA_ESCUDO: Mod.CLAVA_ESCUDO,
    Accion.DESARMAR: Mod.DESARMAR,
    Accion.DESCABALGAR: Mod.DESCABALGAR,
    Accion.TROPIEZO: Mod.TROPIEZO,
}


def weapon_of(c: Combatiente, act: AccionDeclarada) -> Arma | None:
    """The weapon an attack uses: the declared one, else the one in hand; ``None`` bare
    hands (Pelea) or a shield."""
    name = act.arma if act.arma is not None else c.cond.arma_lista
    if act.accion in (Accion.ATAQUE_ESCUDO, Accion.EMPUJON, Accion.INMOVILIZAR):
        return None
    if name is None:
        return None
    if name in c.cond.armas_perdidas:
        raise UmbralError(f"{c.id} ya no tiene «{name}» en la mano.")
    return c.ficha.arma(name)


def competencia_of(act: AccionDeclarada, arma: Arma | None, ctx: Contexto) -> str:
    if act.accion is Accion.ATAQUE_ESCUDO:
        return ESCUDOS
    if arma is None or (act.accion is Accion.ATURDIR and ctx.pomo):
        return PELEA
    if act.accion in (Accion.EMPUJON, Accion.INMOVILIZAR):
        return PELEA
    if act.accion is Accion.A_DISTANCIA and arma.tipo is TipoArma.ARROJADIZA:
        return LANZAR
    return arma.competencia


def distance_band(arma: Arma, fuerza: int, distancia: int | None) -> Mod:
    """«distancia corta … +20% … media … sin modificar … larga … -20%»; beyond the long
    range «será imposible atacarle con esa arma»."""
    if arma.alcance is None:
        raise UmbralError(f"«{arma.nombre}» no se dispara ni se arroja.")
    if distancia is None or distancia < 0:
        raise UmbralError("Un ataque a distancia necesita la distancia en varas.")
    corta, media, larga = arma.alcance.para(fuerza)
    if distancia <= corta:
        return Mod.DISTANCIA_CORTA
    if distancia <= media:
        return Mod.DISTANCIA_MEDIA
    if distancia <= larga:
        return Mod.DISTANCIA_LARGA
    raise UmbralError(
        f"A {distancia} varas el objetivo está más allá del alcance largo de «{arma.nombre}» "
        f"({corta}/{media}/{larga}): es imposible atacarle con esa arma."
    )


def check_weapon(
    act: AccionDeclarada, c: Combatiente, arma: Arma | None, target: Combatiente, ctx: Contexto
) -> None:
    """Refuse an attack its weapon or situation does not allow (the seed's words)."""
    a = act.accion
    ranged = arma is not None and arma.a_distancia
    if a is Accion.A_DISTANCIA and not ranged:
        raise UmbralError("Un ataque a distancia necesita un arma de proyectil o arrojadiza.")
    if arma is not None and arma.tipo is TipoArma.PROYECTIL and a is not Accion.A_DISTANCIA:
        raise UmbralError(f"«{arma.nombre}» solo sirve para disparar.")
    if arma is not None and c.cond.recarga_de(arma.nombre):
        raise UmbralError(
            f"«{arma.nombre}» está sin cargar: faltan {c.cond.recarga_de(arma.nombre)} acciones "
            "de Recarga."
        )
    if target.id in c.cond.mele_con and arma is not None and arma.tamano is not Tamano.LIGERO:
        raise UmbralError("En melé solo sirven las armas de tamaño ligero o los ataques de Pelea.")
    size = None if arma is None else arma.tamano
    rasgos = frozenset() if arma is None else arma.rasgos
    if a is Accion.RECIO and ranged:
        raise UmbralError(
            "El Ataque Recio no puede efectuarse con armas arrojadizas o a distancia."
        )
    if a is Accion.CARGA:
        if size not in (Tamano.MEDIO, Tamano.PESADO):
            raise UmbralError("La Carga solo puede llevarse a cabo con armas pesadas o medias.")
        if ctx.distancia is None or ctx.distancia > 12:
            raise UmbralError("Para cargar hay que comenzar el asalto a 12 varas o menos.")
    if a is Accion.CARGA_CABALLO:
        if not c.cond.montado:
            raise UmbralError("Para la Carga a Caballo debemos montar sobre un caballo.")
        if ctx.distancia is None or ctx.distancia > 20:
            raise UmbralError("La Carga a Caballo empieza como máximo a 20 varas del enemigo.")
        if size is not Tamano.MEDIO and Rasgo.LANZA not in rasgos:
            raise UmbralError("La Carga a Caballo pide un arma de tamaño medio o una lanza.")
    if a is Accion.BARRIDO and (
        Rasgo.PERFORANTE in rasgos
        or not rasgos & {Rasgo.CONTUNDENTE, Rasgo.CORTE}
        or size not in (Tamano.MEDIO, Tamano.PESADO)
    ):
        raise UmbralError(
            "El Barrido solo con armas contundentes o de corte, de tamaño medio o pesado."
        )
    if a is Accion.CLAVA_ESCUDO:
        if Rasgo.HACHA not in rasgos:
            raise UmbralError("La Clava de Escudo sólo puede llevarse a cabo con hachas.")
        if not target.con_escudo:
            raise UmbralError(f"{target.id} no lleva escudo.")
    if a is Accion.DESARMAR:
        theirs = target.cond.arma_lista
        if theirs is None:
            raise UmbralError(f"{target.id} no tiene arma que quitarle.")
        their_size = target.ficha.arma(theirs).tamano
        mine = Tamano.LIGERO if size is None else size
        if mine.rank < their_size.rank:
            raise UmbralError("Para desarmar hace falta un arma del mismo tamaño o superior.")
    if a is Accion.DESCABALGAR:
        if not {Rasgo.LANZA, Rasgo.GANCHO} <= rasgos:
            raise UmbralError("Descabalgar pide una lanza larga con punta para enganchar.")
        if not target.cond.montado:
            raise UmbralError(f"{target.id} no va a caballo.")
    if a is Accion.TROPIEZO:
        if arma is not None and not rasgos & {Rasgo.LANZA, Rasgo.PALO}:
            raise UmbralError("El Tropiezo solo con una lanza, un palo o desarmado.")
        if not target.ficha.bipedo:
            raise UmbralError("El Tropiezo solo sirve contra humanos o criaturas bípedas.")
    if a is Accion.ATURDIR:
        if not ctx.sorpresa:
            raise UmbralError("Para aturdir hay que atacar por sorpresa.")
        if not ctx.pomo and arma is not None and Rasgo.CONTUNDENTE not in rasgos:
            raise UmbralError(
                "Aturdir pide un arma contundente o las manos (o el pomo de un arma con filo)."
            )
        armour = target.ficha.armadura
        if armour is not None and armour.casco_metal:
            raise UmbralError(f"{target.id} lleva casco de metal o yelmo: no se le puede aturdir.")
    if a is Accion.ATAQUE_ESCUDO:
        shield = c.ficha.escudo
        if shield is None or shield.tamano not in (TamanoEscudo.PEQUENO, TamanoEscudo.MEDIO):
            raise UmbralError("El Ataque de Escudo pide un escudo pequeño o mediano.")
    if a is Accion.ALANCEAR and (Rasgo.LANZA not in rasgos or not ctx.carga_caballo):
        raise UmbralError("Alancear: con una lanza, contra quien nos carga a caballo.")


def porcentaje_ataque(
    c: Combatiente,
    act: AccionDeclarada,
    target: Combatiente,
    asalto: Asalto,
    tablas: Tablas,
    ctx: Contexto,
    *,
    arma: Arma | None = None,
    mano_torpe: bool | None = None,
    extra: tuple[tuple[Mod, int], ...] = (),
) -> Porcentaje:
    """The attack's percentage: competencia → action → situation (see :mod:`.modificadores`).
    ``extra``: what the defence did first (Serpentear's half)."""
    weapon = weapon_of(c, act) if arma is None else arma
    comp = competencia_of(act, weapon, ctx)
    mods: list[tuple[Mod, int]] = list(extra)
    if act.accion in SIMPLE_MOD:
        mods.append((SIMPLE_MOD[act.accion], 1))
    if act.accion is Accion.ATURDIR and ctx.por_la_espalda:
        mods.append((Mod.ATURDIR_ESPALDA, 1))
    if act.accion is Accion.RECIO:
        mods.append((Mod.RECIO, act.aumentos))
    if act.accion is Accion.BARRIDO:
        mods.append((Mod.BARRIDO, len(act.objetivos) - 1))
    if act.mano_torpe if mano_torpe is None else mano_torpe:
        mods.append((Mod.MANO_TORPE, 1))
    if c.cond.guardia_completa:
        mods.append((Mod.GUARDIA_COMPLETA, 1))
    if target.id in c.cond.mele_con:
        mods.append((Mod.MELE, 1))
    if c.cond.montado and not target.cond.montado:
        mods.append((Mod.MONTADO_CONTRA_PIE, 1))
    if asalto.emboscada and target.cond.sorprendido and not c.cond.sorprendido:
        mods.append((Mod.EMBOSCADA_ATAQUE, 1))
    if target.cond.huyendo:
        mods.append((Mod.HUIDA_POR_MOVIMIENTO, 1))
    if c.cond.preparado:
        mods.append((Mod.PREPARARSE, c.cond.preparado))
    if weapon is not None and comp not in (PELEA, ESCUDOS):
        mods.append((Mod.FUERZA_MINIMA, max(0, weapon.fuerza_minima - c.ficha.fuerza)))
    if act.accion is Accion.A_DISTANCIA and weapon is not None:
        mods.append((distance_band(weapon, c.ficha.fuerza, ctx.distancia), 1))
    cap = c.ficha.competencia(CABALGAR) if c.cond.montado else None
    rows = tuple((name, tablas.modifier(name)) for name in ctx.tabla)
    return porcentaje(comp, c.ficha.competencia(comp), mods, cabalgar=cap, tabla=rows)


def porcentaje_doble(
    c: Combatiente,
    act: AccionDeclarada,
    target: Combatiente,
    asalto: Asalto,
    tablas: Tablas,
    ctx: Contexto,
    extra: tuple[tuple[Mod, int], ...] = (),
) -> Porcentaje:
    """Ataque Doble: «una única tirada de ataque usando el porcentaje más pequeño de ambas
    armas»; [D] the light weapon (``arma_secundaria``) is in the off hand, −25 %."""
    if act.arma is None or act.arma_secundaria is None:
        raise UmbralError("El Ataque Doble pide las dos armas: la media y la ligera.")
    main, off = c.ficha.arma(act.arma), c.ficha.arma(act.arma_secundaria)
    if main.tamano is not Tamano.MEDIO or off.tamano is not Tamano.LIGERO:
        raise UmbralError(
            "El Ataque Doble pide un arma de tamaño medio en una mano y otra ligera en la otra."
        )
    first = porcentaje_ataque(
        c, act, target, asalto, tablas, ctx, arma=main, mano_torpe=False, extra=extra
    )
    second = porcentaje_ataque(
        c, act, target, asalto, tablas, ctx, arma=off, mano_torpe=True, extra=extra
    )
    return first if first.final <= second.final else second

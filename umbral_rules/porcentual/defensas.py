"""The acciones de defensa against one attack: which may be used, their percentage, and what
a successful Parada costs (a weapon that escapes or breaks, a shield's Resistencia)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UmbralError
from .acciones import Accion, AccionDeclarada
from .estado import Asalto, Combatiente
from .fichas import CABALGAR, ESCUDOS, ESQUIVAR, PELEA, SALTAR, Arma, Rasgo, Tamano
from .modificadores import Mod, Porcentaje, parada_multiple, porcentaje
from .tablas import Tablas

#: The defences rolled against an attack's dice (Serpentear and Buscar Cobertura are rolled
#: before them, against a shot).
AGAINST_THE_BLOW = frozenset({Accion.PARADA, Accion.PARADA_ESCUDO, Accion.ESQUIVAR})
BEFORE_THE_SHOT = frozenset({Accion.SERPENTEAR, Accion.BUSCAR_COBERTURA})


@dataclass(frozen=True)
class DefensaElegida:
    """Which of the defender's declared actions meets this attack (by index), and with
    which weapon a Parada is made (default: the declared one, else the one in hand).
    ``cubre``: the locations a Buscar Cobertura's cover protects (empty: a total cover).
    ``contra_segunda``: against an Ataque Doble, it meets the light weapon's blow."""

    indice: int
    arma: str | None = None
    cubre: tuple[str, ...] = ()
    contra_segunda: bool = False


def kind_of(act: AccionDeclarada) -> Accion:
    """A Defensa Completa is the normal defence inside it."""
    if act.accion is Accion.DEFENSA_COMPLETA and act.defensa is not None:
        return act.defensa
    return act.accion


def defence_action(
    asalto: Asalto, defender: Combatiente, attacker: Combatiente, choice: DefensaElegida
) -> AccionDeclarada:
    """The declared defence ``choice`` names, refused if it cannot meet this attack."""
    acts = asalto.declarado(defender.id) or ()
    if not 0 <= choice.indice < len(acts):
        raise UmbralError(f"{defender.id} no declaró esa defensa.")
    act = acts[choice.indice]
    kind = kind_of(act)
    if kind not in AGAINST_THE_BLOW | BEFORE_THE_SHOT:
        raise UmbralError(f"{act.ficha.nombre} no detiene un ataque.")
    lost = {i for c, i, _ in asalto.perdidas if c == defender.id}
    if choice.indice in lost:
        raise UmbralError(f"{defender.id} perdió esa acción.")
    if asalto.emboscada and defender.cond.sorprendido:
        mine = asalto.iniciativa(defender.id).total
        theirs = asalto.iniciativa(attacker.id).total
        if theirs > mine:
            raise UmbralError(
                f"{defender.id} está sorprendido: no podrá defenderse de ningún ataque que "
                f"tenga lugar antes de su Iniciativa ({theirs} > {mine})."
            )
    if kind is Accion.PARADA_ESCUDO and not defender.con_escudo:
        raise UmbralError(f"{defender.id} ya no tiene escudo con que parar.")
    uses = [u for u in asalto.usos if u[0] == defender.id and u[1] == choice.indice]
    if kind is Accion.PARADA or kind is Accion.PARADA_ESCUDO:
        if any(u[2] == attacker.id for u in uses):
            raise UmbralError(
                "No se puede llevar a cabo una parada múltiple para detener dos ataques "
                "procedentes de un mismo oponente."
            )
        if act.objetivos and attacker.id not in act.objetivos:
            raise UmbralError(f"Esa parada se declaró contra {', '.join(act.objetivos)}.")
        if not act.objetivos and uses:
            raise UmbralError("Esa parada ya se usó; una parada múltiple nombra a sus enemigos.")
    elif kind is Accion.ESQUIVAR and uses and uses[0][2] != attacker.id:
        raise UmbralError(
            "Una tirada de Esquivar vale contra un mismo enemigo: hace falta otra acción de "
            "Esquivar por cada uno."
        )
    elif kind in BEFORE_THE_SHOT and uses:
        raise UmbralError(f"{act.ficha.nombre} ya se usó en este asalto.")
    return act


def check_against(kind: Accion, attack: AccionDeclarada, arma: Arma | None) -> None:
    """What each defence cannot stop, in the seed's words."""
    ranged = attack.accion is Accion.A_DISTANCIA
    if kind in (Accion.PARADA, Accion.PARADA_ESCUDO):
        if ranged and kind is Accion.PARADA:
            raise UmbralError("Es imposible defenderse de un ataque a distancia usando una parada.")
        if attack.accion is Accion.CARGA_CABALLO:
            raise UmbralError("Nunca se puede parar una carga a caballo; sí esquivarla.")
        if attack.accion is Accion.EMPUJON:
            raise UmbralError("El Empujón no puede pararse, sólo esquivarse.")
        if attack.accion is Accion.CLAVA_ESCUDO and kind is Accion.PARADA_ESCUDO:
            raise UmbralError(
                "La Clava de Escudo solo se evita con una esquiva o parando con el arma de la "
                "otra mano: parando con el escudo no se evita nada."
            )
    if kind is Accion.ESQUIVAR and ranged:
        raise UmbralError(
            "Es imposible usar una acción de Esquivar para evitar un ataque a distancia."
        )
    if kind in BEFORE_THE_SHOT and not ranged:
        raise UmbralError(
            f"{kind.value.replace('_', ' ').capitalize()}: solo contra un ataque a distancia."
        )
    if kind is Accion.SERPENTEAR and (
        arma is None or not arma.rasgos & {Rasgo.ARCO, Rasgo.BALLESTA, Rasgo.HONDA}
    ):
        raise UmbralError("Serpentear es contra proyectiles de arcos, ballestas u hondas.")


def parry_weapon(
    defender: Combatiente, act: AccionDeclarada, choice: DefensaElegida
) -> Arma | None:
    name = choice.arma or act.arma or defender.cond.arma_lista
    if name is None:
        return None
    if name in defender.cond.armas_perdidas:
        raise UmbralError(f"{defender.id} ya no tiene «{name}» para parar.")
    arma = defender.ficha.arma(name)
    if Rasgo.HONDA in arma.rasgos:
        raise UmbralError("Se puede parar con un arco o una ballesta, nunca con una honda.")
    return arma


def parry_competencia(arma: Arma | None) -> str:
    """A bow or crossbow parries with Pelea; bare hands too."""
    if arma is None or arma.rasgos & {Rasgo.ARCO, Rasgo.BALLESTA}:
        return PELEA
    return arma.competencia


def porcentaje_defensa(
    defender: Combatiente,
    act: AccionDeclarada,
    attack: AccionDeclarada,
    asalto: Asalto,
    tablas: Tablas,
    *,
    arma: Arma | None,
    ataque_critico: bool,
    tabla: tuple[str, ...] = (),
) -> Porcentaje:
    kind = kind_of(act)
    mods: list[tuple[Mod, int]] = []
    if kind is Accion.PARADA:
        comp = parry_competencia(arma)
        multiple = parada_multiple(len(act.objetivos))
        if multiple is not None:
            mods.append((multiple, 1))
    elif kind is Accion.PARADA_ESCUDO:
        comp = ESCUDOS
        multiple = parada_multiple(len(act.objetivos))
        if multiple is not None:
            mods.append((multiple, 1))
        if defender.cond.guardia_completa:
            mods.append((Mod.GUARDIA_COMPLETA, 1))
    elif kind is Accion.ESQUIVAR:
        comp = ESQUIVAR
        if ataque_critico:
            mods.append((Mod.ESQUIVAR_CRITICO, 1))
    elif kind is Accion.SERPENTEAR:
        comp = "Correr"
        mods.append((Mod.SERPENTEAR, 1))
    else:
        comp = SALTAR
    if attack.accion is Accion.ANAGAZA:
        mods.append((Mod.ANAGAZA_DEFENSA, 1))
    if act.accion is Accion.DEFENSA_COMPLETA:
        mods.append((Mod.DEFENSA_COMPLETA, 1))
    if asalto.emboscada and defender.cond.sorprendido:
        mods.append((Mod.EMBOSCADA_DEFENSA, 1))
    cap = defender.ficha.competencia(CABALGAR) if defender.cond.montado else None
    rows = tuple((name, tablas.modifier(name)) for name in tabla)
    return porcentaje(comp, defender.ficha.competencia(comp), mods, cabalgar=cap, tabla=rows)


@dataclass(frozen=True)
class CosteParada:
    """What a successful Parada costs. ``contest``: a light weapon against a heavy one
    («nuestra FUEx3 contra la FUEx5 del atacante»); ``escapa`` / ``rompe``: the weapon is
    lost; ``escudo_pierde``: a shield's Resistencia lost to a critical; ``brazo``: bare hands
    that stop nothing but take the blow on an arm; ``inservible``: a bow or crossbow."""

    contest: bool = False
    escapa: bool = False
    rompe: bool = False
    escudo_critico: bool = False
    brazo: bool = False
    inservible: bool = False


def parry_cost(
    kind: Accion,
    arma: Arma | None,
    attack_weapon: Arma | None,
    attack: AccionDeclarada,
    *,
    ataque_critico: bool,
    parada_critica: bool,
) -> CosteParada:
    if kind is Accion.PARADA_ESCUDO:
        # «un escudo nunca se escapa de las manos y sólo se romperá cuando su Resistencia se
        # vea reducida a 0». [D] A critical it stops without a critical takes its PD off the
        # shield's Resistencia, as a critical does to armour.
        return CosteParada(escudo_critico=ataque_critico and not parada_critica)
    if arma is None or arma.competencia == PELEA:
        # «a no ser que estemos deteniendo otro ataque realizado con Pelea u obtengamos un
        # éxito crítico … recibiremos el daño normal del arma … en uno de los brazos»
        pelea = (
            attack_weapon is None or attack_weapon.competencia == PELEA
        ) and attack.accion is not Accion.ATAQUE_ESCUDO
        return CosteParada(brazo=not (pelea or parada_critica))
    if arma.rasgos & {Rasgo.ARCO, Rasgo.BALLESTA}:
        return CosteParada(inservible=True)
    heavy = attack_weapon is not None and attack_weapon.tamano is Tamano.PESADO
    light_vs_heavy = arma.tamano is Tamano.LIGERO and heavy
    if ataque_critico and not parada_critica:
        return CosteParada(escapa=not light_vs_heavy, rompe=light_vs_heavy)
    return CosteParada(contest=light_vs_heavy)

"""Maniobras (§7): Interponerse, Sostener, Cargar, Despegarse, Apuntar."""

from __future__ import annotations

from ..dice import DiceSource
from ..errors import UmbralError
from ..grades import grade_single
from ..rolls import Modifier, Roll, Static, make_roll
from ..tables import MANIOBRAS
from ..tiradas import OficioCobertura, TiradaResult
from .attacks import execute, plan_attack
from .budget import (
    check_accion,
    check_both,
    check_respuesta,
    require_active,
    spend_accion,
    spend_movimiento,
    spend_respuesta,
)
from .combatant import Combatant
from .common import indicated, oficio_mods
from .estados import desventajas, mirrored_ventajas
from .events import DespegarseResolved, Event, ManiobraDeclared, RespuestaUsed, WarningEvent
from .fighters import attack_mods, static_ataque, weapon_of
from .kinds import Mode, Respuesta
from .phases import check_phase
from .pieces import Sostenido
from .plans import NOTHING_CHOSEN, AttackChoice
from .state import EncounterState, Guard
from .tablero import charge_moved, require_ward_in_reach

#: The free roll against someone who fails to disengage goes with ventaja (Libro VI §39).
FREE_ROLL_LABEL = "Se despega: tirada gratis con ventaja"


def maniobra(
    state: EncounterState,
    dice: DiceSource,
    actor_id: str,
    tipo: str,
    objetivo: str | None = None,
    condicion: str | None = None,
    choice: AttackChoice = NOTHING_CHOSEN,
    defender_dice: DiceSource | None = None,
) -> list[Event]:
    """``tipo``: interponerse, sostener, cargar, despegarse or apuntar; the roll's
    ``choice`` (arma, Oficio, ventaja) counts where the maniobra rolls."""
    key = tipo.strip().lower()
    if key not in MANIOBRAS:
        raise UmbralError(f"Maniobra desconocida «{tipo}»: usa {', '.join(MANIOBRAS)}.")
    actor = state.get(actor_id)
    require_active(actor)
    target = state.get(objetivo) if objetivo else None
    if key in ("interponerse", "cargar", "despegarse") and target is None:
        raise UmbralError(f"{key.capitalize()} necesita un objetivo.")
    events = check_phase(state, actor)
    if key == "interponerse":
        assert target is not None
        return events + interponerse(state, actor, target)
    if key == "sostener":
        return events + sostener(state, actor, condicion, choice.arma)
    if key == "cargar":
        assert target is not None
        return events + cargar(state, dice, actor, target, choice, defender_dice)
    if key == "despegarse":
        assert target is not None
        return events + despegarse(state, dice, actor, target, choice, defender_dice)
    return events + apuntar(state, actor)


def interponerse(state: EncounterState, actor: Combatant, protegido: Combatant) -> list[Event]:
    """For this asalto the attacks aimed at the companion are rolled against the protector."""
    if protegido.id == actor.id:
        raise UmbralError(f"{actor.nombre} no puede interponerse delante de sí mismo.")
    if protegido.side != actor.side:
        raise UmbralError(f"{protegido.nombre} no es un compañero de {actor.nombre}.")
    if not protegido.active:
        raise UmbralError(f"{protegido.nombre} ya ha caído.")
    require_ward_in_reach(state, actor, protegido)
    for guard in state.interponerse:
        if guard.protegido == protegido.id:
            other = state.get(guard.protector).nombre
            raise UmbralError(f"{other} ya se interpone delante de {protegido.nombre}.")
    events = check_accion(state, actor)
    events.append(spend_accion(actor))
    state.interponerse.append(Guard(actor.id, protegido.id, state.asalto))
    events.append(
        ManiobraDeclared(
            f"{actor.nombre} se interpone delante de {protegido.nombre} este asalto.",
            actor.id,
            "interponerse",
            protegido.id,
        )
    )
    return events


def sostener(
    state: EncounterState, actor: Combatant, condicion: str | None, arma: str | None
) -> list[Event]:
    """Hold the acción until a condition; it fires as the respuesta or is lost."""
    if not condicion or not condicion.strip():
        raise UmbralError("Sostener necesita una condición: «si asoma por la puerta, disparo».")
    if actor.sosteniendo is not None:
        raise UmbralError(f"{actor.nombre} ya tiene una acción sostenida.")
    if arma is not None:
        weapon_of(actor, arma)
    events = check_accion(state, actor)
    events.append(spend_accion(actor))
    actor.sosteniendo = Sostenido(condicion.strip(), state.asalto, arma)
    events.append(
        ManiobraDeclared(
            f"{actor.nombre} sostiene su acción: «{condicion.strip()}».",
            actor.id,
            "sostener",
            None,
            condicion.strip(),
        )
    )
    return events


def cargar(
    state: EncounterState,
    dice: DiceSource,
    actor: Combatant,
    target: Combatant,
    choice: AttackChoice,
    defender_dice: DiceSource | None,
) -> list[Event]:
    """[D] Ventaja on this attack, desventaja on defenses until the next turn; acción + mov."""
    if weapon_of(actor, choice.arma).is_ranged or choice.shot:
        raise UmbralError("Cargar es cuerpo a cuerpo: no se carga disparando.")
    plan = plan_attack(state, actor, target, choice, extra_ventajas=("Cargar",))
    walked = charge_moved(state, actor)  # Táctico: the walk on the board was its movimiento
    events = check_accion(state, actor) if walked else check_both(state, actor, "cargar")
    events.append(spend_accion(actor))
    if not walked:
        events.append(spend_movimiento(actor, state.asalto))
    actor.cargando = state.asalto
    events.append(
        ManiobraDeclared(
            f"{actor.nombre} carga contra {target.nombre}: pega mejor y se defiende peor.",
            actor.id,
            "cargar",
            target.id,
        )
    )
    return events + execute(state, dice, plan, defender_dice)


def apuntar(state: EncounterState, actor: Combatant) -> list[Event]:
    """The whole acción for ventaja on the next shot."""
    if actor.is_pc and not any(w.is_ranged or w.has("arrojadiza") for w in actor.weapons):
        raise UmbralError(f"{actor.nombre} no lleva nada con que disparar.")
    events = check_accion(state, actor)
    events.append(spend_accion(actor))
    actor.apuntando = True
    events.append(
        ManiobraDeclared(
            f"{actor.nombre} apunta: su próximo disparo va con ventaja.", actor.id, "apuntar"
        )
    )
    return events


def despegarse(
    state: EncounterState,
    dice: DiceSource,
    actor: Combatant,
    engaged: Combatant,
    choice: AttackChoice,
    defender_dice: DiceSource | None,
) -> list[Event]:
    """Leave cleanly: Destreza + Oficio against the engaged's attack. Costs the acción.

    Lose, and the engaged rolls anyway, with ventaja, as their respuesta (if they still have
    it). [D] In Mesa only a PC rolls, against the engaged's static Ataque (bands of four).
    """
    if engaged.id == actor.id:
        raise UmbralError(f"{actor.nombre} no puede despegarse de sí mismo.")
    if not engaged.active:
        raise UmbralError(f"{engaged.nombre} ya ha caído: no retiene a nadie.")
    if state.mode is Mode.MESA and not actor.is_pc:
        raise UmbralError(
            "En Mesa el máster no tira: un enemigo no se despega con una tirada; si se va, "
            "quien lo traba tira gratis (respuesta «oportunidad»)."
        )
    vent, desv = indicated(choice.ventaja)
    desv += desventajas(state, actor, "despegarse")
    if state.mode is Mode.MESA and not engaged.is_pc:  # [D] its estados, mirrored
        vent += mirrored_ventajas(state, engaged, "ataque")
    if actor.sheet is not None:
        leave = [Modifier("Destreza", actor.sheet.atributo("destreza"))]
        leave += oficio_mods(actor, choice.oficio, choice.oficio_cobertura)
    else:
        assert actor.enemy is not None
        leave = list(actor.enemy.defense_modifiers())
    ew = weapon_of(engaged, None) if (engaged.enemy or engaged.weapons) else None
    if ew is None:
        raise UmbralError(f"{engaged.nombre} no lleva arma con que retener a nadie.")
    can_strike = engaged.respuesta is None
    free_plan = None
    if can_strike:
        free_plan = plan_attack(
            state, engaged, actor, respuesta=Respuesta.OPORTUNIDAD,
            extra_ventajas=(FREE_ROLL_LABEL,),
        )  # fmt: skip
    events = check_accion(state, actor)
    events.append(spend_accion(actor))
    roll = make_roll(dice, leave, vent, desv)
    e_roll: Roll | None = None  # the engaged's own roll: Narrativo and Táctico
    if state.mode is Mode.MESA:
        target = static_ataque(engaged, ew, None, OficioCobertura.ENTERO)
        grading = grade_single(roll.total - target.value, roll.die)
        result: TiradaResult | None = TiradaResult(roll, target, grading)
        won, engaged_total = grading.final.is_success, target.value
    else:
        e_roll = make_roll(
            dice,
            attack_mods(engaged, ew, None, OficioCobertura.ENTERO),
            (),
            desventajas(state, engaged, "ataque"),
        )
        engaged_total = e_roll.total
        target = Static("Ataque", (Modifier(f"Tirada de {engaged.nombre}", e_roll.total),))
        result = TiradaResult(roll, target, grade_single(roll.total - e_roll.total, roll.die))
        won = roll.total >= e_roll.total
    margen = roll.total - engaged_total
    verb = "se despega limpio de" if won else "no consigue despegarse de"
    events.append(
        DespegarseResolved(
            f"{actor.nombre} {verb} {engaged.nombre} ({roll.total} contra {engaged_total}).",
            actor.id,
            engaged.id,
            won,
            margen,
            roll.total,
            engaged_total,
            result,
            engaged_roll=e_roll,
        )
    )
    if won:  # «si ganas, te despegas y él no tira» (Libro VI §39): no oportunidad this asalto
        left = state.despegues.get(actor.id, ())
        state.despegues[actor.id] = (*left, engaged.id)
        return events
    if free_plan is None:
        events.append(
            WarningEvent(
                f"{engaged.nombre} ya gastó su respuesta de este asalto: no puede tirar.",
                engaged.id,
            )
        )
        return events
    check_respuesta(engaged)
    spend_respuesta(engaged, Respuesta.OPORTUNIDAD)
    events.append(
        RespuestaUsed(
            f"{engaged.nombre} tira gratis y con ventaja contra {actor.nombre} (su respuesta).",
            engaged.id,
            Respuesta.OPORTUNIDAD,
            actor.id,
        )
    )
    return events + execute(state, dice, free_plan, defender_dice)

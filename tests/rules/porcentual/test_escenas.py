"""Whole attacks through ``atacar``, with forced dice: the seed's numbers and our own.

Dice order: the attack's d100, the defence's d100, the location die, the damage dice (the
weapon's, then the bonus's). Our test tables: Fuerza 12 gives no bonus, 13–16 gives +1D4;
location 1 cabeza, 2–3 brazos, 4–5 pecho, 6–7 abdomen, 8 pierna izquierda, 9–10 derecha."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.rules.porcentual.helpers import (
    BALLESTA,
    COTA,
    DAGA,
    ESCUDO,
    ESPADA,
    ESPADON,
    HACHA,
    LANZA,
    MANOS,
    MAZA,
    ROPA,
    TABLAS,
    YELMO,
    act,
    declared,
    dice,
    pj,
    pnj,
    started,
)
from umbral_rules.errors import UmbralError
from umbral_rules.porcentual.acciones import Accion, AccionDeclarada
from umbral_rules.porcentual.asalto import actuar, pasar_turno
from umbral_rules.porcentual.ataques import Contexto
from umbral_rules.porcentual.defensas import DefensaElegida
from umbral_rules.porcentual.estado import Combate, Combatiente, Fase
from umbral_rules.porcentual.eventos import DanioHecho, ResistenciaPerdida, TiradaHecha
from umbral_rules.porcentual.resolver import atacar, barrer
from umbral_rules.porcentual.tablas import Lado


def duel(
    ana: Combatiente,
    orco: Combatiente,
    ana_acts: list[AccionDeclarada],
    orco_acts: list[AccionDeclarada],
    *,
    emboscada: bool = False,
    faces: tuple[int, int] = (8, 2),
) -> Combate:
    combate = started(Combate((ana, orco), emboscada=emboscada), *faces)
    return declared(combate, {"Ana": ana_acts, "Orco": orco_acts})


def damage(events: list[object]) -> DanioHecho:
    found = [e for e in events if isinstance(e, DanioHecho)]
    assert len(found) == 1, events
    return found[0]


def test_the_seeds_critical_1d8_1_1d4_is_13_pd_through_any_armour() -> None:
    """«si fuéramos capaces de hacer con una espada un daño de 1D8+1+1D4 … infligiríamos 13
    PD de forma automática … e incluso le restaríamos 13 puntos a su Resistencia»."""
    ana = pj("Ana", fuerza=14)  # our table: Fuerza 14 → +1D4
    orco = pnj("Orco", armadura=COTA)
    combate = duel(ana, orco, [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    combate, events = atacar(combate, TABLAS, dice(3, 4), "Ana", 0, "Orco")  # 03: critical
    hit = damage(events)
    assert hit.pd == 13 and hit.tirada.maximum and hit.tirada.faces == ()
    assert combate.combatiente("Orco").cond.pv == 20 - 13
    assert combate.combatiente("Orco").cond.armadura_resistencia == 20 - 13


def test_a_head_hit_through_armour_after_protection_times_two() -> None:
    combate = duel(pj("Ana"), pnj("Orco", armadura=COTA), [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    combate, events = atacar(combate, TABLAS, dice(30, 1, 7), "Ana", 0, "Orco")
    hit = damage(events)
    assert hit.localizacion is not None and hit.localizacion.nombre == "cabeza"
    assert hit.pd == (8 - 4) * 2
    assert combate.combatiente("Orco").cond.pv == 12


def test_a_limb_halves_after_protection_rounding_down() -> None:
    combate = duel(pj("Ana"), pnj("Orco", armadura=COTA), [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    combate, events = atacar(combate, TABLAS, dice(30, 2, 8), "Ana", 0, "Orco")
    assert damage(events).pd == (9 - 4) // 2


def test_below_minimum_fuerza_one_pd_less_per_point() -> None:
    weak = pj("Flaco", fuerza=8)
    combate = started(Combate((weak, pnj("Orco"))), 8, 2)
    combate = declared(combate, {"Flaco": [act(Accion.CUERPO_A_CUERPO, "Orco")]})
    combate, events = atacar(combate, TABLAS, dice(30, 4, 7), "Flaco", 0, "Orco")
    assert damage(events).pd == 8 - 2


def test_three_enemy_melee_with_a_multiple_parry() -> None:
    ana = pj("Ana")
    fighters = (ana, pnj("Orco"), pnj("Lobo"), pnj("Rata"))
    combate = started(Combate(fighters), 9, 5, 4, 3)
    combate = declared(
        combate,
        {
            "Ana": [
                act(Accion.CUERPO_A_CUERPO, "Orco"),
                act(Accion.PARADA, "Orco", "Lobo", "Rata"),
            ],
            "Orco": [act(Accion.CUERPO_A_CUERPO, "Ana"), act(Accion.CUERPO_A_CUERPO, "Ana")],
            "Lobo": [act(Accion.CUERPO_A_CUERPO, "Ana")],
            "Rata": [act(Accion.CUERPO_A_CUERPO, "Ana")],
        },
    )
    combate = atacar(combate, TABLAS, dice(70), "Ana", 0, "Orco")[0]  # misses
    combate = pasar_turno(combate)[0]
    parry = [DefensaElegida(1)]
    combate, events = atacar(combate, TABLAS, dice(20, 8), "Orco", 0, "Ana", defensas=parry)
    rolls = [e for e in events if isinstance(e, TiradaHecha)]
    assert rolls[1].porcentaje.final == 60 - 50  # three enemies: -50%
    assert rolls[1].tirada.hits and combate.combatiente("Ana").cond.pv == 20
    before = combate
    with pytest.raises(UmbralError, match="mismo oponente"):
        atacar(combate, TABLAS, dice(20, 8), "Orco", 1, "Ana", defensas=parry)
    assert combate == before
    combate = atacar(combate, TABLAS, dice(90), "Orco", 1, "Ana")[0]
    combate = pasar_turno(combate)[0]
    combate, events = atacar(combate, TABLAS, dice(30, 50, 4, 5), "Lobo", 0, "Ana", defensas=parry)
    assert damage(events).pd == 6 and combate.combatiente("Ana").cond.pv == 14
    combate = pasar_turno(combate)[0]
    combate, events = atacar(combate, TABLAS, dice(30, 5), "Rata", 0, "Ana", defensas=parry)
    assert combate.combatiente("Ana").cond.pv == 14
    assert combate.asalto is not None and len(combate.asalto.usos) == 3


def test_esquivar_against_a_critical_at_half() -> None:
    ana = pj("Ana")  # Esquivar 50
    combate = duel(
        ana,
        pnj("Orco"),
        [act(Accion.ESQUIVAR)],
        [act(Accion.CUERPO_A_CUERPO, "Ana"), act(Accion.CUERPO_A_CUERPO, "Ana")],
    )
    combate = pasar_turno(combate)[0]
    dodge = [DefensaElegida(0)]
    # 04 against Espadas 60 is a critical: Esquivar 50 → 25, and 30 fails
    combate, events = atacar(combate, TABLAS, dice(4, 30, 4), "Orco", 0, "Ana", defensas=dodge)
    rolls = [e for e in events if isinstance(e, TiradaHecha)]
    assert rolls[1].porcentaje.final == 25 and not rolls[1].tirada.hits
    assert damage(events).pd == 9  # the espada's maximum, 1D8+1
    # the same one roll (30) covers the same enemy's next attack, not critical: 30 ≤ 50
    combate, events = atacar(combate, TABLAS, dice(20), "Orco", 1, "Ana", defensas=dodge)
    rolls = [e for e in events if isinstance(e, TiradaHecha)]
    assert rolls[1].tirada.roll == 30 and rolls[1].tirada.hits
    assert combate.combatiente("Ana").cond.pv == 11


def test_a_charge_multiplies_by_one_and_a_half_rounding_up() -> None:
    combate = duel(pj("Ana"), pnj("Orco", armadura=ROPA), [act(Accion.CARGA, "Orco")], [])
    ctx = Contexto(distancia=10)
    combate, events = atacar(combate, TABLAS, dice(30, 4, 6), "Ana", 0, "Orco", ctx)
    assert damage(events).pd == 11 - 1  # 7 ×1,5 = 10,5 → 11, ropa gruesa -1
    with pytest.raises(UmbralError, match="12 varas o menos"):
        atacar(
            duel(pj("Ana"), pnj("Orco"), [act(Accion.CARGA, "Orco")], []),
            TABLAS,
            dice(30),
            "Ana",
            0,
            "Orco",
            Contexto(distancia=13),
        )
    light = [act(Accion.CARGA, "Orco", arma="daga")]
    with pytest.raises(UmbralError, match="armas pesadas o medias"):
        atacar(duel(pj("Ana"), pnj("Orco"), light, []), TABLAS, dice(30), "Ana", 0, "Orco", ctx)


def test_a_mounted_charge_doubles_before_armour_and_cannot_be_parried() -> None:
    rider = pj("Ana", montado=True, armas=(LANZA,), skills={"Lanzas": 70, "Cabalgar": 60})
    combate = duel(
        rider, pnj("Orco", armadura=COTA), [act(Accion.CARGA_CABALLO, "Orco")], [act(Accion.PARADA)]
    )
    ctx = Contexto(distancia=20)
    with pytest.raises(UmbralError, match="Nunca se puede parar una carga a caballo"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Orco", ctx, [DefensaElegida(0)])
    # Cabalgar 60 caps Lanzas 70, +25 against a man on foot: 85; from the horse 1D5
    combate, events = atacar(combate, TABLAS, dice(80, 5, 7), "Ana", 0, "Orco", ctx)
    assert damage(events).pd == 7 * 2 - 4


def test_from_the_saddle_location_is_1d5_and_the_far_leg_hits_the_horse() -> None:
    rider = pj("Ana", montado=True)
    combate = duel(rider, pnj("Orco"), [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    with pytest.raises(UmbralError, match="Un d5 no puede sacar 6"):
        atacar(combate, TABLAS, dice(30, 6), "Ana", 0, "Orco")
    footman = duel(pj("Ana"), pnj("Orco", montado=True), [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    footman, events = atacar(
        footman, TABLAS, dice(30, 9, 7), "Ana", 0, "Orco", Contexto(lado=Lado.DERECHO)
    )
    hit = damage(events)
    assert hit.al_caballo and footman.combatiente("Orco").cond.pv == 20
    assert "caballo" in hit.message


def test_an_ambush_asalto() -> None:
    ana, orco = pj("Ana"), pnj("Orco", sorprendido=True)
    combate = started(Combate((ana, orco), emboscada=True), 8, 5)  # the surprised roll 1D5
    assert combate.asalto is not None and combate.asalto.emboscada
    assert combate.asalto.iniciativa("Orco").roll.sides == 5
    combate = declared(
        combate,
        {
            "Orco": [act(Accion.ESQUIVAR), act(Accion.CUERPO_A_CUERPO, "Ana")],
            "Ana": [act(Accion.CUERPO_A_CUERPO, "Orco")],
        },
    )
    with pytest.raises(
        UmbralError,
        match="no podrá defenderse de ningún ataque que tenga lugar antes de su Iniciativa",
    ):
        atacar(combate, TABLAS, dice(80), "Ana", 0, "Orco", defensas=[DefensaElegida(0)])
    combate, events = atacar(combate, TABLAS, dice(80, 4, 7), "Ana", 0, "Orco")  # 60 + 25
    assert next(e for e in events if isinstance(e, TiradaHecha)).porcentaje.final == 85
    assert damage(events).pd == 8
    combate = pasar_turno(pasar_turno(combate)[0])[0]
    assert combate.asalto is not None and combate.asalto.fase is Fase.CONCLUSION
    combate = started(combate, 8, 6)  # after the first asalto: 1D10 again
    assert combate.asalto is not None and not combate.asalto.emboscada
    assert combate.asalto.iniciativa("Orco").roll.sides == 10
    assert not combate.combatiente("Orco").cond.sorprendido


def test_a_crossbow_reloaded_over_two_asaltos() -> None:
    ana = pj("Ana", percepcion=12, armas=(BALLESTA,))
    ctx = Contexto(distancia=30)
    shoot, reload = act(Accion.A_DISTANCIA, "Orco"), act(Accion.RECARGAR, arma="ballesta")
    combate = duel(ana, pnj("Orco"), [shoot, reload], [])
    combate = atacar(combate, TABLAS, dice(90), "Ana", 0, "Orco", ctx)[0]
    assert combate.combatiente("Ana").cond.recarga_de("ballesta") == 3
    combate = actuar(combate, "Ana", 1)[0]
    assert combate.combatiente("Ana").cond.recarga_de("ballesta") == 2
    combate = pasar_turno(pasar_turno(combate)[0])[0]
    combate = started(combate, 8, 2)
    combate = declared(combate, {"Ana": [reload, shoot]})
    combate = actuar(combate, "Ana", 0)[0]
    before = combate
    with pytest.raises(UmbralError, match="sin cargar: faltan 1 acciones de Recarga"):
        atacar(combate, TABLAS, dice(30), "Ana", 1, "Orco", ctx)
    assert combate == before
    combate = pasar_turno(pasar_turno(combate)[0])[0]
    combate = started(combate, 8, 2)
    combate = declared(combate, {"Ana": [reload, act(Accion.ESQUIVAR)]})
    combate = actuar(combate, "Ana", 0)[0]
    assert combate.combatiente("Ana").cond.recarga_de("ballesta") == 0
    combate = pasar_turno(pasar_turno(combate)[0])[0]
    combate = started(combate, 8, 2)
    combate = declared(combate, {"Ana": [shoot]})
    combate, events = atacar(combate, TABLAS, dice(30, 4, 6), "Ana", 0, "Orco", ctx)
    assert damage(events).pd == 6  # Percepción 12: no bonus in our table


def test_a_shield_broken_by_a_clava_de_escudo() -> None:
    ana = pj("Ana", armas=(HACHA,))  # Hachas 55, -25% → 30
    orco = pnj("Orco", escudo=ESCUDO)  # Resistencia 10
    combate = duel(
        ana,
        orco,
        [act(Accion.CLAVA_ESCUDO, "Orco")],
        [act(Accion.PARADA_ESCUDO), act(Accion.PARADA_ESCUDO)],
    )
    with pytest.raises(UmbralError, match="parando con el escudo no se evita nada"):
        atacar(combate, TABLAS, dice(20), "Ana", 0, "Orco", defensas=[DefensaElegida(0)])
    combate, events = atacar(combate, TABLAS, dice(20, 5), "Ana", 0, "Orco")
    lost = [e for e in events if isinstance(e, ResistenciaPerdida)]
    assert [(e.antes, e.despues, e.roto) for e in lost] == [(10, 0, True)]
    assert not combate.combatiente("Orco").con_escudo
    assert combate.combatiente("Orco").cond.pv == 20


def test_a_shield_only_breaks_at_zero_and_a_critical_clava_destroys_it() -> None:
    ana = pj("Ana", armas=(HACHA,))
    combate = duel(ana, pnj("Orco", escudo=ESCUDO), [act(Accion.CLAVA_ESCUDO, "Orco")], [])
    combate = atacar(combate, TABLAS, dice(20, 2), "Ana", 0, "Orco")[0]
    assert combate.combatiente("Orco").cond.escudo_resistencia == 6
    combate = duel(ana, pnj("Orco", escudo=ESCUDO), [act(Accion.CLAVA_ESCUDO, "Orco")], [])
    combate, _events = atacar(combate, TABLAS, dice(2), "Ana", 0, "Orco")
    assert combate.combatiente("Orco").cond.escudo_resistencia == 0


def test_a_parried_critical_needs_a_critical_or_the_weapon_escapes() -> None:
    combate = duel(
        pj("Ana"), pnj("Orco"), [act(Accion.PARADA)], [act(Accion.CUERPO_A_CUERPO, "Ana")]
    )
    combate = pasar_turno(combate)[0]
    combate, _events = atacar(
        combate, TABLAS, dice(2, 30), "Orco", 0, "Ana", defensas=[DefensaElegida(0)]
    )
    ana = combate.combatiente("Ana")
    assert ana.cond.pv == 20 and "espada" in ana.cond.armas_perdidas and ana.cond.arma_lista is None


def test_a_light_weapon_parrying_a_heavy_one_goes_to_fue_x3_against_fue_x5() -> None:
    ana = pj("Ana", armas=(DAGA,))
    orco = pnj("Orco", armas=(ESPADON,), fuerza=14, skills={"Espadas": 60})
    combate = duel(ana, orco, [act(Accion.PARADA)], [act(Accion.CUERPO_A_CUERPO, "Ana")])
    combate = pasar_turno(combate)[0]
    # attack 30, parry 20 (Dagas 50), contest: Ana 36% rolls 50 (fails), Orco 70% rolls 40
    combate, _events = atacar(
        combate, TABLAS, dice(30, 20, 50, 40), "Orco", 0, "Ana", defensas=[DefensaElegida(0)]
    )
    ana = combate.combatiente("Ana")
    assert ana.cond.pv == 20 and "daga" in ana.cond.armas_perdidas


def test_bare_hands_parry_takes_the_blow_on_an_arm() -> None:
    ana = pj("Ana", armas=(MANOS,))
    combate = duel(ana, pnj("Orco"), [act(Accion.PARADA)], [act(Accion.CUERPO_A_CUERPO, "Ana")])
    combate = pasar_turno(combate)[0]
    combate, events = atacar(
        combate, TABLAS, dice(30, 20, 7), "Orco", 0, "Ana", defensas=[DefensaElegida(0)]
    )
    hit = damage(events)
    assert hit.localizacion is not None and hit.localizacion.nombre == "brazo" and hit.pd == 4


@pytest.mark.parametrize(("face", "minutes"), [(6, 20), (5, 10)])
def test_aturdir_ten_minutes_per_point_over_resistencia_at_least_ten(
    face: int, minutes: int
) -> None:
    ana = pj("Ana", armas=(MAZA,))  # 1D6+1, ×2, against Resistencia 12
    combate = duel(ana, pnj("Orco"), [act(Accion.ATURDIR, "Orco")], [])
    ctx = Contexto(sorpresa=True, por_la_espalda=True)
    combate, _events = atacar(combate, TABLAS, dice(30, face), "Ana", 0, "Orco", ctx)
    orco = combate.combatiente("Orco")
    assert orco.cond.inconsciente_minutos == minutes and orco.cond.pv == 20


def test_aturdir_refused_against_a_metal_helmet_or_without_surprise() -> None:
    ana = pj("Ana", armas=(MAZA,))
    combate = duel(ana, pnj("Orco", armadura=YELMO), [act(Accion.ATURDIR, "Orco")], [])
    with pytest.raises(UmbralError, match="casco de metal o yelmo"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Orco", Contexto(sorpresa=True))
    with pytest.raises(UmbralError, match="por sorpresa"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Orco")


def test_preciso_halves_the_damage_rounding_down() -> None:
    combate = duel(pj("Ana"), pnj("Orco"), [act(Accion.PRECISO, "Orco")], [])
    combate, events = atacar(combate, TABLAS, dice(80, 4, 6), "Ana", 0, "Orco")  # 85%
    assert damage(events).pd == 7 // 2


def test_recio_climbs_the_bonus_table() -> None:
    ana = pj("Ana", fuerza=14)  # +1D4; one step: +1D6
    combate = duel(ana, pnj("Orco"), [act(Accion.RECIO, "Orco", aumentos=1)], [])
    combate, events = atacar(combate, TABLAS, dice(30, 4, 6, 5), "Ana", 0, "Orco")
    hit = damage(events)
    assert hit.bonus is not None and str(hit.bonus.expr) == "1D6" and hit.pd == 7 + 5


def test_a_barrido_stopped_by_a_parry_spares_the_rest_and_shares_the_location() -> None:
    ana = pj("Ana", armas=(MAZA,))
    fighters = (ana, pnj("Orco"), pnj("Lobo"), pnj("Rata"))
    combate = started(Combate(fighters), 9, 5, 4, 3)
    combate = declared(
        combate,
        {
            "Ana": [act(Accion.BARRIDO, "Lobo", "Orco", "Rata")],
            "Orco": [act(Accion.PARADA)],
            "Lobo": [act(Accion.ESQUIVAR)],
        },
    )
    defs = {"Orco": DefensaElegida(0), "Lobo": DefensaElegida(0)}
    # 10% (50 - 40); roll 5; Lobo dodges and fails (90); location 6; 1D6+1 → 3; Orco parries (10)
    combate, _events = barrer(combate, TABLAS, dice(5, 90, 6, 3, 10), "Ana", 0, defs)
    assert combate.combatiente("Lobo").cond.pv == 16
    assert combate.combatiente("Orco").cond.pv == 20 and combate.combatiente("Rata").cond.pv == 20


def test_a_ranged_attack_cannot_be_parried_or_dodged() -> None:
    ana = pj("Ana", percepcion=12, armas=(BALLESTA,))
    combate = duel(
        ana,
        pnj("Orco"),
        [act(Accion.A_DISTANCIA, "Orco")],
        [act(Accion.PARADA), act(Accion.ESQUIVAR)],
    )
    ctx = Contexto(distancia=30)
    with pytest.raises(UmbralError, match="usando una parada"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Orco", ctx, [DefensaElegida(0)])
    with pytest.raises(UmbralError, match="Esquivar para evitar un ataque a distancia"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Orco", ctx, [DefensaElegida(1)])


def test_serpentear_halves_the_shooter() -> None:
    ana = pj("Ana", percepcion=12, armas=(BALLESTA,))
    combate = duel(
        ana, pnj("Orco"), [act(Accion.A_DISTANCIA, "Orco")], [act(Accion.SERPENTEAR)], faces=(8, 2)
    )
    ctx = Contexto(distancia=30)
    # Correr 40 → 20: roll 15 succeeds; the shot: 50 → 25, roll 30 misses
    combate, events = atacar(
        combate, TABLAS, dice(15, 30), "Ana", 0, "Orco", ctx, [DefensaElegida(0)]
    )
    rolls = [e for e in events if isinstance(e, TiradaHecha)]
    assert [r.porcentaje.final for r in rolls] == [20, 25] and not rolls[1].tirada.hits


def test_buscar_cobertura_needs_more_initiative_and_a_total_cover_takes_the_hit() -> None:
    ana = pj("Ana", percepcion=12, armas=(BALLESTA,))
    late = duel(ana, pnj("Orco"), [act(Accion.A_DISTANCIA, "Orco")], [act(Accion.BUSCAR_COBERTURA)])
    with pytest.raises(UmbralError, match="más Iniciativa que el enemigo"):
        atacar(
            late, TABLAS, dice(10), "Ana", 0, "Orco", Contexto(distancia=30), [DefensaElegida(0)]
        )
    combate = duel(
        ana,
        pnj("Orco"),
        [act(Accion.A_DISTANCIA, "Orco")],
        [act(Accion.BUSCAR_COBERTURA)],
        faces=(2, 9),
    )
    combate = pasar_turno(combate)[0]
    combate, _events = atacar(
        combate,
        TABLAS,
        dice(10, 30, 4, 6),
        "Ana",
        0,
        "Orco",
        Contexto(distancia=30),
        [DefensaElegida(0)],
    )
    assert combate.combatiente("Orco").cond.pv == 20


def test_empujon_cannot_be_parried_and_the_winner_pushes() -> None:
    combate = duel(
        pj("Ana", fuerza=14), pnj("Orco"), [act(Accion.EMPUJON, "Orco")], [act(Accion.PARADA)]
    )
    with pytest.raises(UmbralError, match="no puede pararse"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Orco", defensas=[DefensaElegida(0)])
    # Pelea 40: 30 hits; Fuerza x5: Ana 70 rolls 60, Orco 60 rolls 70 (fails);
    # Agilidad x2 = 20: 50 fails
    combate, _events = atacar(combate, TABLAS, dice(30, 60, 70, 50), "Ana", 0, "Orco")
    assert combate.combatiente("Orco").cond.en_suelo


def test_desarmar_fuerza_x4_against_x3_for_a_knife() -> None:
    ana = pj("Ana")
    orco = pnj("Orco", armas=(DAGA,))
    combate = duel(ana, orco, [act(Accion.DESARMAR, "Orco")], [])
    # 30% (half of 60): 20 hits; contest Fuerza 12 x4 = 48 rolls 40, x3 = 36 rolls 50
    combate, _events = atacar(combate, TABLAS, dice(20, 40, 50), "Ana", 0, "Orco")
    assert combate.combatiente("Orco").cond.arma_lista is None
    assert "daga" in combate.combatiente("Orco").cond.armas_perdidas


def test_desarmar_needs_a_weapon_as_big() -> None:
    combate = duel(pj("Ana", armas=(DAGA,)), pnj("Orco"), [act(Accion.DESARMAR, "Orco")], [])
    with pytest.raises(UmbralError, match="mismo tamaño o superior"):
        atacar(combate, TABLAS, dice(20), "Ana", 0, "Orco")


def test_tropiezo_makes_the_fallen_lose_what_was_left() -> None:
    ana = pj("Ana", armas=(LANZA,))
    combate = duel(
        ana, pnj("Orco"), [act(Accion.TROPIEZO, "Orco")], [act(Accion.CUERPO_A_CUERPO, "Ana")]
    )
    # Lanzas 50 → 25: 20 hits; Agilidad x3 = 30: 40 fails
    combate, _events = atacar(combate, TABLAS, dice(20, 40), "Ana", 0, "Orco")
    assert combate.combatiente("Orco").cond.en_suelo
    assert combate.asalto is not None and combate.asalto.pendientes_de("Orco") == ()


def test_alancear_doubles_the_damage_to_the_mount() -> None:
    ana = pj("Ana", armas=(LANZA,))
    combate = duel(ana, pnj("Orco", montado=True), [act(Accion.ALANCEAR, "Orco")], [])
    combate, events = atacar(
        combate, TABLAS, dice(30, 6), "Ana", 0, "Orco", Contexto(carga_caballo=True)
    )
    hit = damage(events)
    assert hit.al_caballo and hit.pd == 12 and combate.combatiente("Orco").cond.pv == 20


def test_ataque_de_escudo_1d4_plus_1_for_a_medium_shield_plus_fuerza_bonus() -> None:
    ana = pj("Ana", fuerza=14, escudo=ESCUDO)
    combate = duel(ana, pnj("Orco"), [act(Accion.ATAQUE_ESCUDO, "Orco")], [])
    combate, events = atacar(combate, TABLAS, dice(20, 4, 3, 2), "Ana", 0, "Orco")
    assert damage(events).pd == 3 + 1 + 2


def test_the_shields_locations_in_guardia_completa_stop_the_blow() -> None:
    orco = pnj("Orco", escudo=ESCUDO)
    orco = replace(orco, cond=replace(orco.cond, guardia_completa=True))
    combate = duel(pj("Ana"), orco, [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    combate = atacar(combate, TABLAS, dice(30, 4, 7), "Ana", 0, "Orco")[0]  # pecho
    assert combate.combatiente("Orco").cond.pv == 20
    combate = duel(pj("Ana"), orco, [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    combate, _events = atacar(combate, TABLAS, dice(30, 6, 7), "Ana", 0, "Orco")  # abdomen
    assert combate.combatiente("Orco").cond.pv == 12


def test_an_attack_refused_changes_nothing() -> None:
    combate = duel(
        pj("Ana"),
        pnj("Orco"),
        [act(Accion.CUERPO_A_CUERPO, "Orco")],
        [act(Accion.CUERPO_A_CUERPO, "Ana")],
    )
    before = combate
    with pytest.raises(UmbralError, match="Aún no le toca a Orco"):
        atacar(combate, TABLAS, dice(30), "Orco", 0, "Ana")
    with pytest.raises(UmbralError, match="no declaró ese ataque contra Rata"):
        atacar(combate, TABLAS, dice(30), "Ana", 0, "Rata")
    assert combate == before
    assert ESPADA.danio.maximum == 9


def test_a_critical_on_a_shielded_location_wears_the_shield() -> None:
    orco = pnj("Orco", escudo=ESCUDO, armadura=COTA)
    orco = replace(orco, cond=replace(orco.cond, guardia_completa=True))
    combate = duel(pj("Ana"), orco, [act(Accion.CUERPO_A_CUERPO, "Orco")], [])
    combate = atacar(combate, TABLAS, dice(3, 4), "Ana", 0, "Orco")[0]  # critical, pecho
    orco = combate.combatiente("Orco")
    assert orco.cond.pv == 20 and orco.cond.escudo_resistencia == 10 - 9
    assert orco.cond.armadura_resistencia == 20


def test_a_shield_placed_against_shots_covers_its_locations() -> None:
    ana = pj("Ana", percepcion=12, armas=(BALLESTA,))
    orco = pnj("Orco", escudo=ESCUDO)
    combate = duel(
        ana, orco, [act(Accion.A_DISTANCIA, "Orco")], [act(Accion.COLOCAR_ESCUDO)], faces=(2, 9)
    )
    combate = actuar(combate, "Orco", 0)[0]
    combate = pasar_turno(combate)[0]
    ctx = Contexto(distancia=30)
    combate = atacar(combate, TABLAS, dice(30, 2, 6), "Ana", 0, "Orco", ctx)[0]  # brazo izquierdo
    assert combate.combatiente("Orco").cond.pv == 20


def test_a_clava_ignores_the_body_armour() -> None:
    ana = pj("Ana", armas=(HACHA,))
    combate = duel(
        ana, pnj("Orco", escudo=ESCUDO, armadura=COTA), [act(Accion.CLAVA_ESCUDO, "Orco")], []
    )
    combate = atacar(combate, TABLAS, dice(20, 3), "Ana", 0, "Orco")[0]
    assert combate.combatiente("Orco").cond.escudo_resistencia == 4


def test_an_ataque_doble_lands_twice_and_one_defence_meets_one_blow() -> None:
    doble = act(Accion.DOBLE, "Orco", arma="espada", arma_secundaria="daga")
    combate = duel(pj("Ana"), pnj("Orco"), [doble], [act(Accion.PARADA), act(Accion.ESQUIVAR)])
    two_alike = [DefensaElegida(0), DefensaElegida(0, contra_segunda=True)]
    with pytest.raises(UmbralError, match="de diferente tipo o con armas diferentes"):
        atacar(combate, TABLAS, dice(20), "Ana", 0, "Orco", defensas=two_alike)
    # one roll at the smaller percentage (Dagas 50 - 25 = 25): 20 hits both; the parry (30)
    # stops the espada; the daga lands on the pecho for 3
    combate, events = atacar(
        combate, TABLAS, dice(20, 30, 4, 3), "Ana", 0, "Orco", defensas=[DefensaElegida(0)]
    )
    assert damage(events).pd == 3 and combate.combatiente("Orco").cond.pv == 17


def test_a_disarmed_fighter_draws_again_with_desenvainar() -> None:
    orco = pnj("Orco")
    orco = replace(orco, cond=replace(orco.cond, arma_lista=None, armas_perdidas=("espada",)))
    combate = duel(pj("Ana"), orco, [], [act(Accion.CUERPO_A_CUERPO, "Ana", arma="espada")])
    combate = pasar_turno(combate)[0]
    with pytest.raises(UmbralError, match="ya no tiene «espada» en la mano"):
        atacar(combate, TABLAS, dice(30), "Orco", 0, "Ana")
    # with nothing in hand, an attack is Pelea with the sheet's «manos» (1D3)
    combate = duel(pj("Ana"), orco, [], [act(Accion.CUERPO_A_CUERPO, "Ana")])
    combate = pasar_turno(combate)[0]
    combate, events = atacar(combate, TABLAS, dice(30, 4, 2), "Orco", 0, "Ana")
    assert next(e for e in events if isinstance(e, TiradaHecha)).porcentaje.competencia == "Pelea"
    assert damage(events).pd == 2
    combate = duel(
        pj("Ana"),
        orco,
        [],
        [act(Accion.DESENVAINAR, arma="espada"), act(Accion.CUERPO_A_CUERPO, "Ana")],
    )
    combate = pasar_turno(combate)[0]
    combate = actuar(combate, "Orco", 0)[0]
    combate, events = atacar(combate, TABLAS, dice(30, 4, 5), "Orco", 1, "Ana")
    assert damage(events).pd == 6


def test_the_seeds_desarmar_espadon_against_a_knife_is_fuerza_x5_against_x3() -> None:
    """«si utilizamos un espadón para desarmar a un contrincante con un cuchillo … nosotros
    tiraremos Fuerza x5 en el enfrentamiento y el enemigo sólo x3»."""
    from umbral_rules.porcentual.eventos import EnfrentamientoHecho

    ana = pj("Ana", fuerza=14, armas=(ESPADON,))
    combate = duel(ana, pnj("Orco", armas=(DAGA,)), [act(Accion.DESARMAR, "Orco")], [])
    combate, events = atacar(combate, TABLAS, dice(20, 60, 30), "Ana", 0, "Orco")
    contest = next(e for e in events if isinstance(e, EnfrentamientoHecho)).enfrentamiento
    assert (contest.activo.target, contest.pasivo.target) == (14 * 5, 12 * 3)
    assert contest.gana_activo and combate.combatiente("Orco").cond.arma_lista is None


def test_an_aturdir_fumble_is_a_full_blow_on_the_head() -> None:
    """«se considera que habrá hecho un ataque en toda regla sobre la cabeza del enemigo … le
    hará los PD habituales, que se restarán a sus PV»."""
    ana = pj("Ana", armas=(MAZA,))
    combate = duel(ana, pnj("Orco", armadura=ROPA), [act(Accion.ATURDIR, "Orco")], [])
    combate, events = atacar(
        combate, TABLAS, dice(97, 5), "Ana", 0, "Orco", Contexto(sorpresa=True)
    )
    hit = damage(events)
    assert hit.localizacion is not None and hit.localizacion.nombre == "cabeza"
    assert hit.pd == (6 - 1) * 2 and combate.combatiente("Orco").cond.inconsciente_minutos == 0

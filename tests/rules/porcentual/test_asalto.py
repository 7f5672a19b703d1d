"""Fase 1–3 of the asalto: the initiative, its ties, the orders, and who may act when."""

from __future__ import annotations

import pytest

from tests.rules.porcentual.helpers import (
    COTA,
    ESPADON,
    MANOS,
    act,
    declared,
    dice,
    pj,
    pnj,
    started,
)
from umbral_rules.errors import UmbralError
from umbral_rules.porcentual.acciones import Accion
from umbral_rules.porcentual.asalto import (
    actuar,
    anotar_pendiente,
    declarar,
    declarar_defensa,
    empezar_asalto,
    pasar_turno,
    perder_accion,
)
from umbral_rules.porcentual.estado import Combate, Fase
from umbral_rules.porcentual.eventos import AccionPerdida, IniciativaTirada


def test_initiative_is_1d10_plus_agi_plus_armour_and_spells() -> None:
    """Iniciativa = 1D10 + AGI +/- Mod. por Armadura o Hechizos."""
    a = pj("Ana", agilidad=12, armadura=COTA, hechizos=3)
    b = pnj("Bruto", agilidad=8)
    combate, events = empezar_asalto(Combate((a, b)), dice(7, 4))
    assert combate.asalto is not None
    ini = combate.asalto.iniciativa("Ana")
    assert (ini.roll.face, ini.roll.sides, ini.total) == (7, 10, 7 + 12 - 2 + 3)
    assert combate.asalto.iniciativa("Bruto").total == 12
    assert [e.iniciativa.id for e in events if isinstance(e, IniciativaTirada)] == ["Ana", "Bruto"]
    assert combate.asalto.fase is Fase.DECLARACION


def test_every_point_below_the_minimum_fuerza_is_minus_one_initiative() -> None:
    weak = pj("Flaco", fuerza=11, armas=(ESPADON, MANOS))  # espadón: Fuerza mínima 14
    combate = started(Combate((weak, pnj("Otro"))), 5, 5)
    assert combate.asalto is not None
    assert combate.asalto.iniciativa("Flaco").total == 5 + 10 - 3


def test_a_pj_beats_a_pnj_on_a_tie() -> None:
    combate = started(Combate((pnj("Orco", percepcion=20), pj("Ana", percepcion=5))), 6, 6)
    assert combate.asalto is not None
    assert combate.asalto.orden_declaracion == (("Orco",), ("Ana",))
    combate = declared(combate, {})
    assert combate.asalto is not None and combate.asalto.orden_accion == (("Ana",), ("Orco",))


def test_two_pjs_tied_go_by_percepcion_then_act_at_the_same_time() -> None:
    combate = started(
        Combate(
            (
                pj("Ana", percepcion=9),
                pj("Bea", percepcion=14),
                pj("Cid", percepcion=9),
                pnj("Orco"),
            )
        ),
        6,
        6,
        6,
        1,
    )
    assert combate.asalto is not None
    assert combate.asalto.orden_declaracion == (("Orco",), ("Ana", "Cid"), ("Bea",))
    combate = declared(combate, {})
    assert combate.asalto is not None
    assert combate.asalto.orden_accion == (("Bea",), ("Ana", "Cid"), ("Orco",))


def test_declarations_go_from_the_lowest_initiative_up() -> None:
    combate = started(Combate((pj("Ana"), pnj("Orco"), pnj("Lobo"))), 9, 2, 5)
    assert combate.asalto is not None
    assert combate.asalto.por_declarar == ("Orco", "Lobo", "Ana")
    before = combate
    with pytest.raises(
        UmbralError, match="Declara antes quien tiene menos Iniciativa: le toca a Orco"
    ):
        declarar(combate, "Ana", [act(Accion.CUERPO_A_CUERPO, "Orco")])
    assert combate == before
    combate = declarar(combate, "Orco", [act(Accion.ESQUIVAR)])[0]
    assert combate.asalto is not None and combate.asalto.por_declarar == ("Lobo", "Ana")


def test_ataque_rapido_adds_5_and_reorders_the_action() -> None:
    combate = started(Combate((pj("Ana"), pnj("Orco"))), 3, 6)  # Ana 13, Orco 16
    combate = declared(
        combate,
        {
            "Ana": [act(Accion.RAPIDO, "Orco"), act(Accion.ESQUIVAR)],
            "Orco": [act(Accion.CUERPO_A_CUERPO, "Ana")],
        },
    )
    assert combate.asalto is not None
    assert combate.asalto.iniciativa("Ana").total == 18
    assert combate.asalto.orden_accion == (("Ana",), ("Orco",))
    assert combate.asalto.fase is Fase.ACCION


def _two_in_action() -> Combate:
    combate = started(Combate((pj("Ana"), pnj("Orco"))), 8, 2)  # Ana 18, Orco 12
    return declared(
        combate,
        {
            "Orco": [act(Accion.CUERPO_A_CUERPO, "Ana"), act(Accion.PARADA)],
            "Ana": [act(Accion.MOVIMIENTO_NORMAL), act(Accion.CUERPO_A_CUERPO, "Orco")],
        },
    )


def test_actions_go_from_the_highest_down_and_defences_at_any_moment() -> None:
    combate = _two_in_action()
    with pytest.raises(UmbralError, match="Aún no le toca a Orco"):
        actuar(combate, "Orco", 0)
    combate = actuar(combate, "Orco", 1)[0]  # a defence, before its turn
    combate = actuar(combate, "Ana", 0)[0]
    combate = actuar(combate, "Ana", 1)[0]
    combate = pasar_turno(combate)[0]
    combate = actuar(combate, "Orco", 0)[0]
    combate, _events = pasar_turno(combate)
    assert combate.asalto is not None and combate.asalto.fase is Fase.CONCLUSION
    assert combate.asalto.perdidas == ()


def test_a_delayed_action_is_done_later_or_lost_at_the_end() -> None:
    combate = _two_in_action()
    combate = actuar(combate, "Ana", 0)[0]
    combate = pasar_turno(combate)[0]  # Ana keeps her attack for later
    combate = actuar(combate, "Orco", 0)[0]
    assert combate.asalto is not None and combate.asalto.por_actuar == ("Ana",)
    combate, events = pasar_turno(combate)
    lost = [e for e in events if isinstance(e, AccionPerdida)]
    assert [(e.combatiente_id, e.indice) for e in lost] == [("Ana", 1), ("Orco", 1)]
    assert "no se puede guardar para asaltos posteriores" in lost[0].message


def test_an_action_made_impossible_is_lost() -> None:
    combate = _two_in_action()
    combate, _events = perder_accion(combate, "Orco", 0, "Ana lo ha desarmado")
    assert (
        combate.asalto is not None and ("Orco", 0, "Ana lo ha desarmado") in combate.asalto.perdidas
    )
    with pytest.raises(UmbralError, match="ya hizo o perdió"):
        actuar(combate, "Orco", 0)


def test_conclusion_lists_pending_rolls_and_a_new_asalto_rolls_again() -> None:
    combate = _two_in_action()
    combate = anotar_pendiente(combate, "Orco: tirada para recuperar el conocimiento")[0]
    combate = pasar_turno(pasar_turno(combate)[0])[0]
    assert combate.asalto is not None
    assert combate.asalto.pendientes == ("Orco: tirada para recuperar el conocimiento",)
    combate = started(combate, 1, 10)
    assert combate.asalto is not None and combate.asalto.numero == 2
    assert combate.asalto.orden_declaracion == (("Ana",), ("Orco",))


def test_a_new_asalto_waits_for_the_conclusion() -> None:
    combate = _two_in_action()
    with pytest.raises(UmbralError, match="no ha terminado"):
        empezar_asalto(combate, dice(1, 1))


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (
            [Accion.CUERPO_A_CUERPO, Accion.PRECISO, Accion.ESQUIVAR],
            "dos acciones normales o una extendida",
        ),
        ([Accion.RECIO, Accion.ESQUIVAR], "dos acciones normales o una extendida"),
        ([Accion.CUERPO_A_CUERPO, Accion.MOVIMIENTO_NORMAL], "el movimiento va siempre primero"),
        ([Accion.MELE, Accion.CUERPO_A_CUERPO], "Movimiento de Melé no admite"),
        ([Accion.MELE, Accion.ZAFARSE], "Movimiento de Melé no admite"),
        ([Accion.GUARDIA_COMPLETA], "requiere el uso de un escudo"),
        ([Accion.LEVANTARSE], "solo si estás en el suelo"),
        ([Accion.INMOVILIZAR], "solo en una situación de melé"),
        ([Accion.LIBERARSE], "solo si te han inmovilizado"),
        ([Accion.HUIDA, Accion.PARADA, Accion.ESQUIVAR, Accion.PARADA], "como mucho dos"),
    ],
)
def test_combinations_the_seed_refuses(plan: list[Accion], message: str) -> None:
    combate = started(Combate((pj("Ana"), pnj("Orco"))), 8, 2)
    combate = declarar(combate, "Orco", [])[0]
    before = combate
    with pytest.raises(UmbralError, match=message):
        declarar(combate, "Ana", [act(a) for a in plan])
    assert combate == before


def test_combinations_the_seed_allows() -> None:
    combate = started(Combate((pj("Ana"), pnj("Orco"))), 8, 2)
    combate = declarar(combate, "Orco", [act(Accion.MOVIMIENTO_NORMAL), act(Accion.CARRERA)])[0]
    # la Huida, y hasta dos acciones defensivas
    combate = declarar(
        combate, "Ana", [act(Accion.HUIDA), act(Accion.PARADA), act(Accion.ESQUIVAR)]
    )[0]
    assert combate.asalto is not None and combate.asalto.fase is Fase.ACCION


def test_a_defence_may_be_declared_later_with_an_action_left() -> None:
    combate = started(Combate((pj("Ana"), pnj("Orco"))), 8, 2)
    combate = declared(
        combate,
        {
            "Orco": [act(Accion.CUERPO_A_CUERPO, "Ana")],
            "Ana": [act(Accion.CUERPO_A_CUERPO, "Orco")],
        },
    )
    combate = declarar_defensa(combate, "Ana", act(Accion.ESQUIVAR))[0]
    with pytest.raises(UmbralError, match="dos acciones normales"):
        declarar_defensa(combate, "Ana", act(Accion.PARADA))
    with pytest.raises(UmbralError, match="solo se pueden añadir acciones defensivas"):
        declarar_defensa(combate, "Orco", act(Accion.CUERPO_A_CUERPO, "Ana"))


def test_levantarse_prepararse_huida_and_guardia_last_as_the_seed_says() -> None:
    from dataclasses import replace

    from tests.rules.porcentual.helpers import ESCUDO

    ana = pj("Ana", escudo=ESCUDO)
    orco = pnj("Orco")
    orco = replace(orco, cond=replace(orco.cond, en_suelo=True))
    combate = started(Combate((ana, orco)), 8, 2)
    combate = declared(
        combate,
        {
            "Orco": [act(Accion.LEVANTARSE), act(Accion.ESQUIVAR)],
            "Ana": [act(Accion.GUARDIA_COMPLETA), act(Accion.MOVIMIENTO_NORMAL)],
        },
    )
    with pytest.raises(UmbralError):
        declarar(combate, "Ana", [])
    combate = actuar(combate, "Ana", 0)[0]
    combate = pasar_turno(combate)[0]
    combate = actuar(combate, "Orco", 0)[0]
    combate = pasar_turno(combate)[0]
    assert not combate.combatiente(
        "Orco"
    ).cond.en_suelo  # «comenzaremos el siguiente asalto de pie»
    assert combate.combatiente("Ana").cond.guardia_completa  # lasts across asaltos
    combate = started(combate, 8, 2)
    combate = declared(combate, {"Orco": [act(Accion.HUIDA)], "Ana": [act(Accion.PREPARARSE)]})
    combate = actuar(combate, "Ana", 0)[0]
    combate = pasar_turno(combate)[0]
    combate = actuar(combate, "Orco", 0)[0]
    combate = pasar_turno(combate)[0]
    assert combate.combatiente("Ana").cond.preparado == 1
    assert combate.combatiente("Orco").cond.huida_lista
    assert combate.combatiente("Ana").cond.guardia_completa
    from umbral_rules.porcentual.asalto import salir_de_guardia

    combate = salir_de_guardia(combate, "Ana")[0]  # «como una acción libre»
    assert not combate.combatiente("Ana").cond.guardia_completa
    with pytest.raises(UmbralError, match="no está en guardia completa"):
        salir_de_guardia(combate, "Ana")


def test_the_actions_costs_and_distances_as_the_seed_gives_them() -> None:
    from umbral_rules.porcentual.acciones import ACCIONES, Coste

    varas = {
        a: ACCIONES[a].varas
        for a in (
            Accion.MOVIMIENTO_NORMAL,
            Accion.CARRERA,
            Accion.REPTAR,
            Accion.NADAR,
            Accion.TREPAR,
        )
    }
    assert list(varas.values()) == [6, 12, 3, 3, 2]
    extended = {a for a, info in ACCIONES.items() if info.coste is Coste.EXTENDIDA}
    assert extended == {
        Accion.ALANCEAR,
        Accion.ANAGAZA,
        Accion.DOBLE,
        Accion.RECIO,
        Accion.BARRIDO,
        Accion.CARGA,
        Accion.CARGA_CABALLO,
        Accion.INMOVILIZAR,
        Accion.DANIO_INMOVILIZADO,
        Accion.BUSCAR_COBERTURA,
        Accion.DEFENSA_COMPLETA,
        Accion.HUIDA,
        Accion.LIBERARSE,
        Accion.SERPENTEAR,
        Accion.HECHIZO,
        Accion.PREPARARSE,
    }
    assert ACCIONES[Accion.LIBRE].coste is Coste.LIBRE


def test_a_running_jump_free_actions_and_a_spell() -> None:
    combate = started(Combate((pj("Ana"), pnj("Orco"))), 8, 2)
    # «Si el salto se realiza con carrerilla … dos acciones de movimiento»
    combate = declarar(
        combate, "Orco", [act(Accion.CARRERA), act(Accion.SALTAR), act(Accion.LIBRE)]
    )[0]
    with pytest.raises(UmbralError, match="dos acciones normales o una extendida"):
        declarar(combate, "Ana", [act(Accion.HECHIZO), act(Accion.ESQUIVAR)])
    combate = declarar(combate, "Ana", [act(Accion.HECHIZO), act(Accion.LIBRE)])[0]
    assert combate.asalto is not None and combate.asalto.fase is Fase.ACCION

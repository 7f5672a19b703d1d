"""The state's JSON form: what ``to_dict`` writes, ``from_dict`` reads back the same."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.porcentual.helpers import (
    COTA,
    ESCUDO,
    TABLAS,
    act,
    declared,
    dice,
    pj,
    pnj,
    started,
)
from umbral_rules.porcentual.acciones import Accion
from umbral_rules.porcentual.defensas import DefensaElegida
from umbral_rules.porcentual.estado import Combate, Condicion
from umbral_rules.porcentual.fichas import Ficha
from umbral_rules.porcentual.resolver import atacar
from umbral_rules.porcentual.tablas import Tablas


def _trip(combate: Combate) -> Combate:
    return Combate.from_dict(json.loads(json.dumps(combate.to_dict())))


def test_a_fight_mid_asalto_goes_through_json_unchanged() -> None:
    combate = started(
        Combate((pj("Ana", armadura=COTA), pnj("Orco", escudo=ESCUDO)), emboscada=True), 8, 2
    )
    assert _trip(combate) == combate
    combate = declared(
        combate,
        {
            "Orco": [act(Accion.PARADA_ESCUDO, "Ana")],
            "Ana": [act(Accion.RAPIDO, "Orco"), act(Accion.ESQUIVAR)],
        },
    )
    combate = atacar(combate, TABLAS, dice(5, 20), "Ana", 0, "Orco", defensas=[DefensaElegida(0)])[
        0
    ]
    assert _trip(combate) == combate
    assert Tablas.from_dict(json.loads(json.dumps(TABLAS.to_dict()))) == TABLAS


names = st.text("abcdefghijklmnñopqrstuvwxyz ", min_size=1, max_size=12)


@settings(deadline=None, max_examples=60)
@given(
    pv=st.integers(-20, 40),
    res=st.one_of(st.none(), st.integers(0, 30)),
    flags=st.lists(st.booleans(), min_size=6, max_size=6),
    mele=st.lists(names, max_size=3),
    recarga=st.lists(st.tuples(names, st.integers(1, 3)), max_size=2),
    minutos=st.integers(0, 200),
)
def test_any_condicion_round_trips(
    pv: int,
    res: int | None,
    flags: list[bool],
    mele: list[str],
    recarga: list[tuple[str, int]],
    minutos: int,
) -> None:
    cond = Condicion(
        pv=pv,
        armadura_resistencia=res,
        escudo_resistencia=res,
        en_suelo=flags[0],
        montado=flags[1],
        mele_con=tuple(mele),
        guardia_completa=flags[2],
        preparado=minutos % 7,
        recarga=tuple(recarga),
        huida_lista=flags[3],
        huyendo=flags[4],
        inconsciente_minutos=minutos,
        sorprendido=flags[5],
    )
    assert Condicion.from_dict(json.loads(json.dumps(cond.to_dict()))) == cond


@settings(deadline=None, max_examples=40)
@given(
    fuerza=st.integers(0, 50),
    agilidad=st.integers(0, 50),
    skills=st.dictionaries(names, st.integers(0, 200), max_size=4),
    pv=st.integers(1, 60),
)
def test_any_sheet_round_trips(fuerza: int, agilidad: int, skills: dict[str, int], pv: int) -> None:
    sheet = pj(
        "Ana", fuerza=fuerza, agilidad=agilidad, skills=skills, armadura=COTA, escudo=ESCUDO, pv=pv
    ).ficha
    assert Ficha.from_dict(json.loads(json.dumps(sheet.to_dict()))) == sheet

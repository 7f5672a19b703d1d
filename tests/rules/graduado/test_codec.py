"""The JSON form of a graded fight: whatever the fight went through, ``from_dict`` reads back
exactly what ``to_dict`` wrote (Hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from umbral_rules import RandomDice
from umbral_rules.graduado import (
    Ataque,
    Combate,
    CombateState,
    Curar,
    Declaracion,
    Defensa,
    DefensaTipo,
    Ficha,
    Grados,
    Hazana,
    Intencion,
    Interponerse,
    Medio,
    Mundo,
    Objetivo,
    Reserva,
    Riesgo,
    Tacticas,
    Ventana,
    Via,
)

grados = st.builds(
    Grados, st.sampled_from(Tacticas), st.sampled_from(Riesgo), st.sampled_from(Objetivo)
)


def reserva(top: int = 69) -> st.SearchStrategy[Reserva]:
    return st.integers(1, 200).flatmap(
        lambda m: st.builds(Reserva, st.integers(0, top), st.just(m), st.integers(0, m))
    )


def declaracion(enemies: list[str], heroes: list[str]) -> st.SearchStrategy[Declaracion]:
    accion = st.one_of(
        st.none(),
        st.builds(
            Ataque,
            st.sampled_from(enemies),
            grados,
            st.just(Via.FUERZA),
            st.integers(0, 300),
            st.booleans(),
            st.sampled_from(Intencion),
            st.booleans(),
        ),
        st.builds(Interponerse, st.sampled_from(heroes)),
        st.builds(
            Curar,
            st.sampled_from(heroes),
            st.just(Medio.OBJETO),
            st.integers(0, 50),
            st.just("poción"),
        ),
        st.builds(
            Hazana, st.just("empuja"), st.integers(0, 40), st.just(Via.FUERZA), st.booleans()
        ),
    )
    defensa = st.one_of(st.none(), st.builds(Defensa, st.sampled_from(DefensaTipo), grados))
    return st.builds(Declaracion, accion, defensa, st.booleans())


@settings(deadline=None, max_examples=40)
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_a_fight_round_trips_through_json(data: st.DataObject, seed: int) -> None:
    mundo = Mundo(
        base_heroes=data.draw(st.integers(0, 100)),
        curacion_levanta=data.draw(st.booleans()),
        ventana=Ventana(data.draw(st.integers(1, 86_400)), data.draw(st.booleans())),
    )
    c = Combate.start(mundo)
    heroes, enemies = ["Aria", "Bruno"], ["Orco", "Lobo"]
    for name in heroes:
        c.add_heroe(
            Ficha(name, data.draw(reserva()), magia=data.draw(st.one_of(st.none(), reserva())))
        )
    for name in enemies:
        c.add_enemigo(Ficha(name, data.draw(reserva()), armadura=data.draw(st.integers(0, 5))))
    dice = RandomDice(seed)
    for _ in range(data.draw(st.integers(0, 4))):
        if c.state.final is not None:
            break
        for enemy in c.state.standing(c.find("Orco").bando):
            targets = [h.nombre for h in c.state.standing(c.find("Aria").bando)]
            if targets:
                c.anunciar(
                    enemy.nombre,
                    data.draw(st.sampled_from(targets)),
                    data.draw(grados),
                    esfuerzo=data.draw(st.integers(0, 30)),
                )
        for hero in list(c.state.standing(c.find("Aria").bando)):
            standing_enemies = [e.nombre for e in c.state.standing(c.find("Orco").bando)]
            standing_heroes = [
                h.nombre for h in c.state.standing(c.find("Aria").bando) if h.id != hero.id
            ]
            if standing_enemies and standing_heroes:
                c.declarar(hero.nombre, data.draw(declaracion(standing_enemies, standing_heroes)))
        c.cerrar_ronda(dice, por_ventana=True)
    if c.state.final is None and c.state.pendientes:  # kept mid-round, declarations and all
        c.declarar(c.state.pendientes[0].nombre, Declaracion(defensa=Defensa()))
        assert c.state.declaraciones
    stored = json.loads(json.dumps(c.to_dict()))
    again = CombateState.from_dict(stored)
    assert again == c.state
    assert again.to_dict() == stored

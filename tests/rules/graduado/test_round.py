"""The round: closing by the window and by everyone declaring, an enemy killed before its
blow lands, standing in front of an ally, healing, the enemies' numbers, refusals."""

from __future__ import annotations

import pytest

from umbral_rules import ForcedDice, UmbralError
from umbral_rules.graduado import (
    Ataque,
    Calificacion,
    Combate,
    Curar,
    Declaracion,
    Ficha,
    Final,
    Grados,
    Interponerse,
    Medio,
    Mundo,
    RankNames,
    Reserva,
    Riesgo,
    Ventana,
    Via,
    escalar_enemigos,
)
from umbral_rules.graduado.events import (
    Curado,
    DefensaTirada,
    Golpe,
    GolpeCancelado,
    Interpuesto,
    RondaCerrada,
)

from .fighters import fight


def announced(c: Combate, *pairs: tuple[str, str]) -> None:
    """The enemies announce, and a round passes so that the blows land on the next."""
    for who, at in pairs:
        c.anunciar(who, at)
    c.cerrar_ronda(ForcedDice([], strict=True), por_ventana=True)


def test_the_round_waits_for_everyone_or_its_window() -> None:
    c = fight(Mundo(ventana=Ventana(3600, por_turnos=True)))
    assert c.state.mundo.ventana.segundos == 3600 and c.pendientes == ["Aria", "Bruno"]
    announced(c, ("Orco", "Bruno"))
    c.declarar("Aria", Declaracion(Ataque("Lobo")))
    before = c.to_dict()
    with pytest.raises(UmbralError, match="faltan por declarar Bruno"):
        c.cerrar_ronda(ForcedDice([50], strict=True))
    assert c.to_dict() == before
    # The window closes: Aria acts; Bruno did nothing and meets the blow with a standard
    # defence (80 % + 5 of Impulso after Aria's CRÍTICO that killed the Lobo), rolled after
    # the Orco's die.
    events = c.cerrar_ronda(ForcedDice([50, 40, 95], strict=True), por_ventana=True)
    closed = next(e for e in events if isinstance(e, RondaCerrada))
    assert closed.por_ventana and closed.sin_declarar == ("Bruno",)
    assert "se cierra su ventana" in closed.message
    defence = next(e for e in events if isinstance(e, DefensaTirada))
    assert defence.combatiente == "bruno" and defence.chance.total == 85
    assert defence.tirada.roll == 95
    assert c.ronda == 3 and c.pendientes == ["Aria", "Bruno"]


def test_everyone_declares_and_a_killed_enemy_never_lands_its_blow() -> None:
    """The Lobo announced a blow at Bruno and the Orco one at Aria; Aria kills the Lobo
    first; the Orco's blow still lands."""
    c = fight()
    announced(c, ("Lobo", "Bruno"), ("Orco", "Aria"))
    c.declarar("Aria", Declaracion(Ataque("Lobo")))
    assert not c.todos_declararon
    events = c.declarar("Bruno", Declaracion(Ataque("Orco", via=Via.MAGIA)))
    assert c.todos_declararon and "todos han declarado" in events[0].message
    events = c.cerrar_ronda(ForcedDice([10, 99, 50, 70], strict=True))
    cancelled = [e for e in events if isinstance(e, GolpeCancelado)]
    assert [e.anuncio.atacante for e in cancelled] == ["lobo"]
    assert "Lobo no llega a dar su golpe a Bruno: está muerto." in cancelled[0].message
    blows = [e for e in events if isinstance(e, Golpe)]
    assert [(b.atacante, b.objetivo) for b in blows] == [
        ("aria", "lobo"),
        ("bruno", "orco"),
        ("orco", "aria"),
    ]
    closed = next(e for e in events if isinstance(e, RondaCerrada))
    assert not closed.por_ventana and closed.sin_declarar == ()


def test_a_hero_down_takes_no_more_blows_and_the_fight_can_be_lost() -> None:
    c = fight()
    for name in ("Aria", "Bruno"):
        hero = c.state.find(name)
        hero.ficha = hero.ficha.with_reserva(
            Via.FUERZA, hero.ficha.fuerza.spend(hero.ficha.fuerza.maximo - 1)
        )
    announced(c, ("Orco", "Aria"), ("Lobo", "Aria"), ("Orco", "Bruno"))
    events = c.cerrar_ronda(ForcedDice([10, 99, 10, 99], strict=True), por_ventana=True)
    assert c.find("Aria").caido and c.find("Bruno").caido
    assert any("ya está en el suelo" in e.message for e in events if isinstance(e, GolpeCancelado))
    assert c.state.final is Final.DERROTA
    with pytest.raises(UmbralError, match="ya terminó"):
        c.declarar("Aria", Declaracion())


def test_standing_in_front_of_an_ally_takes_their_blows_against_your_own_defence() -> None:
    c = fight()
    announced(c, ("Orco", "Bruno"), ("Lobo", "Aria"))
    c.declarar("Aria", Declaracion(Interponerse("Bruno")))
    c.declarar("Bruno", Declaracion())
    events = c.cerrar_ronda(ForcedDice([60, 70, 60], strict=True))
    assert any(isinstance(e, Interpuesto) for e in events)
    blows = [e for e in events if isinstance(e, Golpe)]
    assert [(b.objetivo, b.apuntado) for b in blows] == [("aria", "bruno"), ("aria", "aria")]
    defences = [e for e in events if isinstance(e, DefensaTirada)]
    assert [d.combatiente for d in defences] == ["aria"]  # one roll covers both
    assert blows[1].comparacion is not None and blows[1].comparacion.cubiertos == 1
    assert c.find("Bruno").ficha.fuerza.restante == 80


def test_flanking_needs_an_ally_on_the_same_target() -> None:
    c = fight()
    c.declarar("Aria", Declaracion(Ataque("Orco", flanqueo=True)))
    c.declarar("Bruno", Declaracion(Ataque("Orco", via=Via.MAGIA, flanqueo=True)))
    events = c.cerrar_ronda(ForcedDice([50, 50], strict=True))
    aria, bruno = [e for e in events if isinstance(e, Golpe)]
    assert [t.nombre for t in aria.chance.terminos[7:]] == ["Flanqueo"]
    assert [t.nombre for t in bruno.chance.terminos[7:]] == ["Flanqueo", "Fuego concentrado"]
    alone = fight()
    alone.declarar("Aria", Declaracion(Ataque("Orco", flanqueo=True)))
    alone.declarar("Bruno", Declaracion())
    blow = next(e for e in alone.cerrar_ronda(ForcedDice([50])) if isinstance(e, Golpe))
    assert blow.chance.total == 80


def _down(c: Combate, name: str, bleeding: bool = False) -> None:
    hero = c.state.find(name)
    hero.ficha = hero.ficha.with_reserva(Via.FUERZA, hero.ficha.fuerza.spend(1000))
    hero.caido = True
    hero.desangrandose = bleeding


def test_healing_magic_or_an_item_raises_a_fallen_ally_if_the_world_allows() -> None:
    c = fight()
    _down(c, "Aria", bleeding=True)
    assert c.pendientes == ["Bruno"]
    with pytest.raises(UmbralError, match="fuera del combate"):
        c.declarar("Aria", Declaracion())
    c.declarar("Bruno", Declaracion(Curar("Aria", Medio.MAGIA, puntos=20)))
    events = c.cerrar_ronda(ForcedDice([], strict=True))
    healed = next(e for e in events if isinstance(e, Curado))
    assert healed.levanta and healed.puntos == 20 and "se levanta" in healed.message
    aria = c.find("Aria")
    assert not aria.caido and not aria.desangrandose and aria.ficha.fuerza.restante == 20
    assert c.find("Bruno").ficha.magia is not None and c.find("Bruno").ficha.magia.restante == 40

    strict = fight(Mundo(curacion_levanta=False))
    _down(strict, "Aria")
    strict.declarar("Bruno", Declaracion(Curar("Aria", Medio.OBJETO, puntos=10, objeto="poción")))
    events = strict.cerrar_ronda(ForcedDice([], strict=True))
    healed = next(e for e in events if isinstance(e, Curado))
    assert not healed.levanta and strict.find("Aria").caido
    assert "sigue en el suelo" in healed.message


def test_bare_hands_only_stop_the_bleeding() -> None:
    c = fight()
    _down(c, "Aria", bleeding=True)
    c.declarar("Bruno", Declaracion(Curar("Aria")))
    events = c.cerrar_ronda(ForcedDice([], strict=True))
    healed = next(e for e in events if isinstance(e, Curado))
    assert healed.detiene_hemorragia and not healed.levanta and healed.puntos == 0
    aria = c.find("Aria")
    assert aria.caido and not aria.desangrandose and not aria.muerto


def test_the_enemies_numbers_grow_with_the_group() -> None:
    scale = escalar_enemigos(3, 4, 1.5)
    assert scale.total == 8 and scale.line() == "3 + 1.5 × (4 héroes − 1) = 8 enemigos"
    assert escalar_enemigos(3, 1).total == 3
    with pytest.raises(UmbralError, match="al menos un héroe"):
        escalar_enemigos(3, 0)


def test_victory_when_every_enemy_is_out() -> None:
    c = fight()
    c.state.find("Orco").muerto = True
    c.declarar("Aria", Declaracion(Ataque("Lobo", Grados(riesgo=Riesgo.AGRESIVO))))
    c.declarar("Bruno", Declaracion())
    events = c.cerrar_ronda(ForcedDice([10], strict=True))
    blow = next(e for e in events if isinstance(e, Golpe))
    assert blow.calificacion is Calificacion.CRITICO
    assert c.state.final is Final.VICTORIA and "victoria" in events[-1].message


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (lambda c: c.declarar("Orco", Declaracion()), "no es de los héroes"),
        (lambda c: c.declarar("Aria", Declaracion(Ataque("Bruno"))), "no es de los enemigos"),
        (lambda c: c.declarar("Nadie", Declaracion()), "No hay nadie llamado «Nadie»"),
        (lambda c: c.declarar("Aria", Declaracion(Interponerse("Aria"))), "delante de ti mismo"),
        (
            lambda c: c.declarar("Aria", Declaracion(Ataque("Orco", via=Via.MAGIA))),
            "Aria no tiene magia",
        ),
        (lambda c: c.anunciar("Aria", "Bruno"), "no es de los enemigos"),
        (lambda c: c.anunciar("Orco", "Lobo"), "no es de los héroes"),
        (lambda c: c.add_heroe(Ficha("aria", Reserva(10, 10))), "Ya hay alguien llamado"),
        (lambda c: c.add_heroe(Ficha("Zed", Reserva(75, 10))), "solo para cosas del mundo"),
        (lambda c: c.cerrar_ronda(ForcedDice([])), "faltan por declarar Aria, Bruno"),
    ],
)
def test_refusals_change_nothing(op, message: str) -> None:  # type: ignore[no-untyped-def]
    c = fight()
    c.declarar("Aria", Declaracion(Ataque("Orco")))
    c.state.declaraciones.clear()
    before = c.to_dict()
    with pytest.raises(UmbralError, match=message):
        op(c)
    assert c.to_dict() == before


def test_a_refusal_half_way_through_a_round_puts_everything_back() -> None:
    """Physical dice that run short in the middle of the round: nothing of it stays."""
    c = fight()
    announced(c, ("Orco", "Aria"))
    c.declarar("Aria", Declaracion(Ataque("Lobo", esfuerzo=10)))
    c.declarar("Bruno", Declaracion())
    before = c.to_dict()
    with pytest.raises(UmbralError, match="Faltan dados"):
        c.cerrar_ronda(ForcedDice([10], strict=True))
    assert c.to_dict() == before


def test_world_things_may_be_x_and_names_are_the_world_s() -> None:
    relic = Ficha("Reliquia", Reserva(75, 10), mundo=True)
    assert Mundo().rangos.of(relic.poder) == "X"
    names = ("Cobre", "Hierro", "Bronce", "Plata", "Oro", "Platino", "Diamante", "Astral", "Divino")
    named = Mundo(rangos=RankNames(names))
    assert named.rangos.of(25) == "Bronce" and named.rangos.of(85) == "Divino"
    with pytest.raises(UmbralError, match="Hacen falta 9 nombres"):
        Mundo.from_dict({"rangos": ["D", "C"]})

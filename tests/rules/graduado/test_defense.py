"""Defence: one roll per turn compared with each attack announced a turn ahead."""

from __future__ import annotations

from umbral_rules import ForcedDice
from umbral_rules.graduado import (
    Calificacion,
    Declaracion,
    Defensa,
    DefensaTipo,
    Ficha,
    Grados,
    Reserva,
    Tacticas,
    compare,
)
from umbral_rules.graduado.events import DefensaTirada, Golpe

from .fighters import fight


def three_at_aria(*, inbloqueable_third: bool = False):  # type: ignore[no-untyped-def]
    c = fight()
    c.add_enemigo(Ficha("Troll", Reserva(25, 80)))
    c.anunciar("Orco", "Aria")
    c.anunciar("Lobo", "Aria")
    c.anunciar("Troll", "Aria", inbloqueable=inbloqueable_third)
    assert c.cerrar_ronda(ForcedDice([], strict=True), por_ventana=True)  # nothing lands yet
    assert [a.atacante for a in c.state.anunciados] == ["orco", "lobo", "troll"]
    assert [(a.atacante, a.objetivo) for a in c.amenazas] == [
        ("orco", "aria"),
        ("lobo", "aria"),
        ("troll", "aria"),
    ]
    c.declarar("Aria", Declaracion(defensa=Defensa(DefensaTipo.PARAR, Grados(Tacticas.BUENO))))
    c.declarar("Bruno", Declaracion())
    return c


def test_one_defence_against_three_attacks() -> None:
    """Aria parries (bueno): 85 %, rolled once (73). Against the Orco's CRÍTICO (40 of 65)
    it is LIMPIO → FALLO; against the Lobo's LIMPIO (50), with one attack covered already
    the mark is 75: SÓLIDO → at most ROZADURA; against the Troll's SÓLIDO (60), two covered,
    65: ROZADURA leaves it as it is."""
    c = three_at_aria()
    events = c.cerrar_ronda(ForcedDice([40, 73, 50, 60], strict=True))
    defences = [e for e in events if isinstance(e, DefensaTirada)]
    assert len(defences) == 1 and defences[0].chance.total == 85 and defences[0].tirada.roll == 73
    blows = [e for e in events if isinstance(e, Golpe)]
    assert [b.tirada.calificacion for b in blows] == [
        Calificacion.CRITICO,
        Calificacion.LIMPIO,
        Calificacion.SOLIDO,
    ]
    assert [b.comparacion.marca for b in blows if b.comparacion] == [85, 75, 65]
    assert [b.calificacion for b in blows] == [
        Calificacion.FALLO,
        Calificacion.ROZADURA,
        Calificacion.SOLIDO,
    ]
    assert "el ataque pasa de CRÍTICO a FALLO" in blows[0].message
    assert "− 10 por 1 ataque(s) más = 75" in blows[1].message
    taken = sum(b.dano.total for b in blows)
    assert blows[0].dano.total == 0 and taken == 3 + 10
    assert c.find("Aria").ficha.fuerza.restante == 100 - taken


def test_a_failed_defence_improves_the_attack_and_the_unblockable_ignores_it() -> None:
    """Aria rolls 99 (DESVIADO against 85 and worse after): each blockable attack is one
    grade better; the Troll's attack cannot be dodged or blocked and is not covered."""
    c = three_at_aria(inbloqueable_third=True)
    events = c.cerrar_ronda(ForcedDice([60, 99, 60, 60], strict=True))
    blows = [e for e in events if isinstance(e, Golpe)]
    assert [b.tirada.calificacion for b in blows] == [Calificacion.SOLIDO] * 3
    assert [b.calificacion for b in blows] == [
        Calificacion.LIMPIO,
        Calificacion.LIMPIO,
        Calificacion.SOLIDO,
    ]
    assert blows[2].comparacion is not None and blows[2].comparacion.inbloqueable
    assert "no se puede esquivar ni bloquear" in blows[2].message


def test_the_defence_table() -> None:
    from umbral_rules.graduado import build_chance

    chance = build_chance(80, Grados(), 25, 25, 0, 0)  # 80
    cases = [
        (55, Calificacion.CRITICO, Calificacion.FALLO),  # defence CRÍTICO
        (68, Calificacion.SOLIDO, Calificacion.FALLO),  # LIMPIO
        (69, Calificacion.CRITICO, Calificacion.ROZADURA),  # SÓLIDO: at most ROZADURA
        (75, Calificacion.DESVIADO, Calificacion.DESVIADO),  # SÓLIDO leaves a worse one
        (81, Calificacion.LIMPIO, Calificacion.LIMPIO),  # ROZADURA: as it is
        (90, Calificacion.LIMPIO, Calificacion.CRITICO),  # DESVIADO: one better
        (100, Calificacion.CRITICO, Calificacion.CRITICO),  # no better than CRÍTICO
        (55, Calificacion.CONTRAGOLPE, Calificacion.CONTRAGOLPE),
    ]
    for roll, before, after in cases:
        assert compare(chance, roll, 0, before).despues is after, (roll, before)

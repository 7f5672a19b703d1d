"""Mesa by post: an attack posted after the defender rolled this asalto is read against the
roll already made (digest §5, [D]): the new most dangerous Ataque, the new acoso (cap +3),
and only the difference in damage, never healing. Numbers of our own, not the seeds'."""

from __future__ import annotations

import pytest

from umbral_rules import CharacterSheet, EnemySheet, ForcedDice, Grade, Weapon
from umbral_rules.encounter import (
    DefensePending,
    DefenseReread,
    DefenseResolved,
    Encounter,
    Event,
    HitEncajado,
    WarningEvent,
)
from umbral_rules.encounter.defense import owed

from .test_encounter_state import refused, roundtrip

HACHA = Weapon.make("Hacha", "mano")


def F(*faces: int) -> ForcedDice:
    return ForcedDice(faces, strict=True)


def enemy(nombre: str, ataque: int, potencia: int) -> EnemySheet:
    return EnemySheet(nombre, ataque=ataque, defensa=11, aguante=10, potencia=potencia)


BANDIDO = enemy("Bandido", 11, 4)
MATON = enemy("Matón", 11, 4)  # the same numbers as the Bandido
RATA = enemy("Rata", 9, 2)  # weaker
SARGENTO = enemy("Sargento", 14, 6)  # stronger
VERDUGO = enemy("Verdugo", 12, 6)
ARQUERO = enemy("Arquero", 13, 2)  # a higher Ataque with a smaller Potencia


def iria() -> CharacterSheet:
    """Destreza 2, protección 2: defends with 1d12 + 4; Aguante 10 + 1 × 2 = 12."""
    return CharacterSheet(
        "Iria", {"vigor": 1, "destreza": 2, "percepcion": 1, "voluntad": 1}, proteccion=2
    )


def only(events: list[Event], kind: type) -> object:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def setup(*enemies: EnemySheet) -> tuple[Encounter, str, list[str]]:
    enc = Encounter.start("mesa")
    pc = enc.add_character(iria(), [HACHA], aliento=1)
    ids = [enc.add_enemy(e, f"{e.nombre} {n}").id for n, e in enumerate(enemies, start=1)]
    enc.advance()  # the enemies' phase
    return enc, pc.id, ids


def first_roll(enc: Encounter, pc: str, attackers: list[str], face: int) -> DefenseResolved:
    for a in attackers:
        assert isinstance(only(enc.attack(F(), a, pc), DefensePending), DefensePending)
    d = only(enc.defend(F(face), pc), DefenseResolved)
    assert isinstance(d, DefenseResolved)
    return d


def late(enc: Encounter, attacker: str, pc: str) -> DefenseReread:
    ev = enc.attack(F(), attacker, pc)  # no die: the roll was already made
    assert not any(isinstance(e, DefensePending) for e in ev) and enc.pending == []
    r = only(ev, DefenseReread)
    assert isinstance(r, DefenseReread)
    return r


def reading(r: DefenseReread) -> tuple[int, int, int, Grade, int]:
    """(die, target, margen, defender's grade, damage) of the new reading."""
    assert r.result.defender_roll is not None and r.result.target is not None
    return (
        r.result.defender_roll.natural,
        r.result.target.value,
        r.result.margen,
        r.result.grade,
        r.result.damage,
    )


def test_a_weaker_late_attacker_adds_acoso_to_the_first() -> None:
    enc, pc, (bandido, rata) = setup(BANDIDO, RATA)
    d = first_roll(enc, pc, [bandido], 7)  # 7 + 4 = 11 against 11: the tie is hers
    assert (d.result.margen, d.result.grade, d.result.damage, d.aguante_after) == (
        0, Grade.EXITO, 0, 12,
    )  # fmt: skip
    r = late(enc, rata, pc)
    # still the Bandido's Ataque 11, now + acoso 1 = 12: 11 − 12 = −1, a medias, 1 point
    assert reading(r) == (7, 12, -1, Grade.A_MEDIAS, 1)
    assert r.result.source == "Bandido 1" and r.result.acoso == 1 and r.result.potencia == 4
    assert (r.first.margen, r.first.damage) == (0, 0)
    assert (r.damage, r.aguante_before, r.aguante_after) == (1, 12, 11)
    assert "1 − 0 = 1 de daño" in r.message
    roundtrip(enc)


def test_an_equal_late_attacker_keeps_the_first_as_most_dangerous() -> None:
    enc, pc, (bandido, maton) = setup(BANDIDO, MATON)
    d = first_roll(enc, pc, [bandido], 8)  # 12 against 11: +1, éxito
    assert (d.result.margen, d.result.damage) == (1, 0)
    r = late(enc, maton, pc)
    assert reading(r) == (8, 12, 0, Grade.EXITO, 0)  # a tie against 11 + 1 is still hers
    assert r.result.source == "Bandido 1"  # a tie in Ataque and Potencia: the first to come
    assert (r.damage, r.aguante_after) == (0, 12)


def test_a_stronger_late_attacker_takes_over_and_only_the_difference_lands() -> None:
    enc, pc, (bandido, sargento) = setup(BANDIDO, SARGENTO)
    d = first_roll(enc, pc, [bandido], 5)  # 9 against 11: −2, a medias, 1 point
    assert (d.result.margen, d.result.grade, d.result.damage, d.aguante_after) == (
        -2, Grade.A_MEDIAS, 1, 11,
    )  # fmt: skip
    r = late(enc, sargento, pc)
    # the Sargento's 14 + acoso 1 = 15: 9 − 15 = −6, fracaso, Potencia 6; 6 − 1 = 5 more
    assert reading(r) == (5, 15, -6, Grade.FRACASO, 6)
    assert r.result.source == "Sargento 2"
    assert (r.damage, r.aguante_before, r.aguante_after) == (5, 11, 6)
    assert enc.get(pc).aguante == 6
    roundtrip(enc)


def test_a_late_attacker_past_the_cap_adds_nothing() -> None:
    enc, pc, ids = setup(*[BANDIDO] * 5)
    d = first_roll(enc, pc, ids[:4], 9)  # four: acoso +3; 13 against 14: −1, a medias
    assert (d.result.acoso, d.result.margen, d.result.damage, d.aguante_after) == (3, -1, 1, 11)
    r = late(enc, ids[4], pc)  # a fifth would be +4: the cap holds it at +3
    assert r.result.acoso == 3 and reading(r) == (9, 14, -1, Grade.A_MEDIAS, 1)
    assert (r.damage, r.aguante_after) == (0, 11)
    assert r.result.target is not None
    assert [m.name for m in r.result.target.parts] == ["Ataque", "Acoso (5 atacantes)"]


def test_a_natural_1_rolled_earlier_stays_a_critical() -> None:
    enc, pc, (bandido, sargento, rata) = setup(BANDIDO, SARGENTO, RATA)
    d = first_roll(enc, pc, [bandido], 1)  # critical: Potencia 4 + 3 = 7
    assert d.result.critical and (d.result.damage, d.aguante_after) == (7, 5)
    r = late(enc, sargento, pc)
    assert r.result.critical and r.result.hit is Grade.EXITO_PLENO
    assert (r.result.damage, r.damage, r.aguante_after) == (9, 2, 3)  # 6 + 3 = 9; 9 − 7
    r = late(enc, rata, pc)  # the Rata changes nothing: still the Sargento's critical
    assert r.result.critical and (r.first.damage, r.result.damage, r.damage) == (9, 9, 0)
    assert enc.get(pc).aguante == 3


def test_the_damage_never_goes_down() -> None:
    enc, pc, (verdugo, arquero) = setup(VERDUGO, ARQUERO)
    d = first_roll(enc, pc, [verdugo], 4)  # 8 against 12: −4, fracaso, Potencia 6
    assert (d.result.grade, d.result.damage, d.aguante_after) == (Grade.FRACASO, 6, 6)
    r = late(enc, arquero, pc)  # 13 + 1 = 14 is now the most dangerous, with Potencia 2
    assert reading(r) == (4, 14, -6, Grade.FRACASO, 2)
    assert (r.damage, r.aguante_before, r.aguante_after) == (0, 6, 6)  # no healing
    assert "2 − 6: 0 de daño (no cura)" in r.message
    r = late(enc, enc.add_enemy(SARGENTO).id, pc)  # 14 + 2 = 16, Potencia 6: still 6 − 6
    assert (r.result.damage, r.damage, enc.get(pc).aguante) == (6, 0, 6)


def test_the_next_asalto_rolls_again_and_aliento_replays_the_late_attack() -> None:
    enc, pc, (bandido, sargento) = setup(BANDIDO, SARGENTO)
    first_roll(enc, pc, [bandido], 5)  # 1 point
    late(enc, sargento, pc)  # 5 more: Aguante 6
    # Aliento «repetir»: one new die against both attackers (11 + 4 = 15 vs 15: a tie)
    ev = enc.aliento(F(11), pc, "repetir")
    d = only(ev, DefenseResolved)
    assert isinstance(d, DefenseResolved)
    assert (d.result.target.value if d.result.target else None, d.result.margen) == (15, 0)
    assert (d.result.damage, enc.get(pc).aguante) == (0, 12)
    enc.advance()
    enc.advance()  # asalto 2, enemies
    assert only(enc.attack(F(), bandido, pc), DefensePending)
    refused(enc, "Di cuántos asaltos contestas", enc.defend, F(3), pc, asaltos=0)


@pytest.mark.parametrize("mode", ["narrativo", "tactico"])
def test_only_mesa_reads_a_roll_again(mode: str) -> None:
    enc = Encounter.start(mode, {"defensa_inmediata": False})
    pc = enc.add_character(iria(), [HACHA]).id
    a, b = (enc.add_enemy(e).id for e in (BANDIDO, RATA))
    enc.advance()
    enc.attack(F(6), a, pc)
    enc.defend(F(6), pc)
    ev = enc.attack(F(6), b, pc)  # an opposed hit waits for its own die
    assert only(ev, DefensePending) and len(enc.pending) == 1


# --- [D] each asalto is its own roll, answered oldest first ------------------------------------


def three_asaltos_unanswered() -> tuple[Encounter, str, list[str], list[Event]]:
    """Asalto 1: both Bandidos; asalto 2: Bandido 1; asalto 3: the Sargento and Bandido 1.
    Iria answers none of them before the GM moves on."""
    enc, pc, ids = setup(BANDIDO, BANDIDO, SARGENTO)
    b1, b2, sargento = ids
    plan = [[b1, b2], [b1], [sargento, b1]]
    warnings: list[Event] = []
    for n, attackers in enumerate(plan, start=1):
        assert (enc.asalto, enc.phase) == (n, "enemigos")
        for a in attackers:
            enc.attack(F(), a, pc)
        if n < 3:
            warnings = enc.advance() + enc.advance()
    return enc, pc, ids, warnings


def test_asalto_warnings_list_the_unanswered_defenses_by_asalto() -> None:
    enc, pc, _, warnings = three_asaltos_unanswered()
    warning = [e for e in warnings if isinstance(e, WarningEvent)][-1]
    assert warning.message == (
        "Quedan 2 defensas pendientes sin tirar: Iria, del asalto 1 (Bandido 1, Bandido 2) y "
        "del asalto 2 (Bandido 1). /defender las contesta una tirada por asalto, del asalto "
        "más antiguo al más reciente."
    )
    assert [(asalto, len(attacks)) for _, asalto, attacks in owed(enc.state)] == [
        (1, 2),
        (2, 1),
        (3, 2),
    ]
    ev = enc.advance()
    [warning] = [e for e in ev if isinstance(e, WarningEvent)]
    assert warning.message.startswith("Quedan 3 defensas pendientes sin tirar: Iria, del")
    assert "del asalto 2 (Bandido 1) y del asalto 3 (Sargento 3, Bandido 1)." in warning.message
    enc.defend(F(12, 12), pc, asaltos=2)
    ev = enc.advance()
    [warning] = [e for e in ev if isinstance(e, WarningEvent)]
    assert warning.message.startswith(
        "Queda 1 defensa pendiente sin tirar: Iria, del asalto 3 (Sargento 3, Bandido 1)."
    )


def defenses(events: list[Event]) -> list[tuple[int | None, int, int, int, int]]:
    """(asalto answered, target, margen, damage, Aguante after) of each roll."""
    out = []
    for e in events:
        if isinstance(e, DefenseResolved):
            assert e.result.target is not None
            out.append((e.asalto, e.result.target.value, e.result.margen, e.result.damage,
                        e.aguante_after))  # fmt: skip
    return out


def test_three_asaltos_answered_in_one_defender() -> None:
    enc, pc, (_, b2, _), _ = three_asaltos_unanswered()
    ev = enc.defend(F(7, 3, 10), pc)  # three rolls, oldest asalto first
    assert defenses(ev) == [
        (1, 12, -1, 1, 11),  # 11 against 11 + acoso 1 (two attackers in asalto 1)
        (2, 11, -4, 4, 7),  # 7 against 11: no acoso, Bandido 2 attacked in asalto 1 only
        (3, 15, -1, 1, 6),  # 14 against the Sargento's 14 + acoso 1
    ]
    assert [e.message.split(":")[0] for e in ev if isinstance(e, DefenseResolved)] == [
        f"Iria se defiende de los ataques del asalto {n}" for n in (1, 2, 3)
    ]
    assert enc.pending == [] and enc.get(pc).aguante == 6
    # asalto 3's roll answered this asalto: a late attack is read against it
    r = late(enc, b2, pc)
    assert reading(r) == (10, 16, -2, Grade.A_MEDIAS, 1) and r.damage == 0


def test_three_asaltos_answered_in_three_defender() -> None:
    enc, pc, _, _ = three_asaltos_unanswered()
    seen = []
    for face in (7, 3, 10):
        ev = enc.defend(F(face), pc, asaltos=1)
        seen += defenses(ev)
        roundtrip(enc)
    assert seen == [(1, 12, -1, 1, 11), (2, 11, -4, 4, 7), (3, 15, -1, 1, 6)]
    refused(enc, "Iria no tiene ningún ataque pendiente", enc.defend, F(5), pc)


def test_encajar_after_a_late_attack_acts_on_the_whole_blow() -> None:
    enc, pc, (bandido, sargento) = setup(BANDIDO, SARGENTO)
    first_roll(enc, pc, [bandido], 5)  # a medias: 12 → 11
    late(enc, sargento, pc)  # the Sargento's fracaso reading: 6 in all, 11 → 6
    ev = enc.aliento(None, pc, "encajar")  # the blow drops to a medias: 1 in all
    e = only(ev, HitEncajado)
    assert isinstance(e, HitEncajado)
    assert (e.damage_before, e.damage_after, e.aguante_before, e.aguante_after) == (6, 1, 6, 11)

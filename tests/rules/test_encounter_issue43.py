"""Issue 43 §2 in the rules package: the two [D]s (blows pending on someone who falls; an
enemy's estados in Mesa) and the Despegarse's engaged roll, with numbers of our own."""

from __future__ import annotations

from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AttackResolved,
    DespegarseResolved,
    Encounter,
    Fell,
)

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, kaeda, one
from .test_encounter_state import roundtrip


def fight(mode: str, **settings: object) -> Encounter:
    enc = Encounter.start(mode, settings)
    enc.add_character(kaeda(), [ESPADA], aliento=1)  # c1
    enc.add_character(bran(), [ESPADA])  # c2
    enc.add_enemies(GUARDIA, 2)  # c3, c4
    return enc


def test_mesa_attack_on_an_enemy_takes_its_estados_where_they_reach() -> None:
    enc = fight("mesa")
    enc.set_estado("c3", "enmaranado")
    enc.set_estado("c4", "quebrantado")
    hit = one(enc.attack(F(2, 7), "c1", "c3"), AttackResolved)  # Enmarañado: its defence
    die = hit.result.attacker_roll.die
    assert die.faces == (2, 7) and die.natural == 7
    assert die.ventaja_sources == ("Guardia 1: Enmarañado (defensa)",)
    plain = one(enc.attack(F(7), "c1", "c4"), AttackResolved)  # Quebrantado: not its defence
    assert plain.result.attacker_roll.die.faces == (7,)
    assert plain.result.attacker_roll.die.ventaja_sources == ()
    roundtrip(enc)


def test_narrativo_and_tactico_leave_the_enemy_s_estados_on_its_own_die() -> None:
    for mode in ("narrativo", "tactico"):
        enc = fight(mode)
        enc.set_estado("c3", "enmaranado")
        hit = one(enc.attack(F(7, 9, 4), "c1", "c3"), AttackResolved)
        assert hit.result.attacker_roll.die.ventaja_sources == ()
        assert hit.result.defender_roll.die.desventaja_sources == ("Enmarañado (defensa)",)


def test_mesa_despegarse_from_a_quebrantado_enemy_has_ventaja() -> None:
    enc = fight("mesa")
    enc.set_estado("c3", "quebrantado")  # its attack is offensive: it reaches
    ev = enc.maniobra(F(3, 5), "c1", "despegarse", "c3")
    d = one(ev, DespegarseResolved)
    assert d.result.roll.die.ventaja_sources == ("Guardia 1: Quebrantado (acciones ofensivas)",)
    assert d.engaged_roll is None and d.engaged_total == 12


def test_narrativo_despegarse_carries_the_engaged_roll() -> None:
    enc = fight("narrativo")
    enc.set_estado("c3", "aturdido")  # its own roll, with desventaja: 9 and 2, keeps 2
    ev = enc.maniobra(F(12, 9, 2), "c1", "despegarse", "c3")
    d = one(ev, DespegarseResolved)
    assert d.won and d.engaged_roll is not None
    assert d.engaged_roll.die.faces == (9, 2) and d.engaged_roll.natural == 2
    assert d.engaged_roll.die.desventaja_sources == ("Aturdido (todo)",)
    assert d.engaged_total == d.engaged_roll.total == 2  # + (Ataque 12 − 12 = 0)
    assert d.result.roll.die.ventaja_sources == ()  # not mirrored outside Mesa


def test_a_blow_pending_on_someone_who_falls_bleeding_is_read_too() -> None:
    # Bran at 1 and Sangrando; a guard's blow waits for his Defensa; the asalto advances and
    # he bleeds to 0: the blow, die 5, goes against his Defensa quieta 14 (9 + 3 + 2):
    # 5 + (Ataque 12 − 12) = 5, margen −9: Fracaso; at 0 nothing changes
    enc = fight("narrativo", defensa_inmediata=False)
    enc.adjust("c2", aguante=1)
    enc.set_estado("c2", "sangrando")
    enc.advance()
    enc.attack(F(5), "c3", "c2")
    ev = enc.advance()
    fell = one(ev, Fell)
    late = one(ev, AttackResolved)
    assert ev.index(fell) < ev.index(late)
    assert late.result.kind is AttackKind.INDEFENSO and late.result.target.value == 14
    assert late.result.attacker_roll.total == 5 and late.result.margen == -9
    assert (late.aguante_before, late.aguante_after) == (0, 0)
    assert enc.pending == [] and enc.get("c2").last_hit is None
    roundtrip(enc)

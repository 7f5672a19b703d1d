"""A scripted Táctico fight with the players' dice waiting (``defensa_inmediata`` off):
Cargar, Apuntar, a shot at a Grande, a Cegado target, the Larga free roll."""

from __future__ import annotations

from umbral_rules import EnemySheet, Grade, Weapon
from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AttackChoice,
    AttackResolved,
    DefensePending,
    DefenseResolved,
    Encounter,
    Expired,
    ManiobraDeclared,
)

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, budget, kaeda, one
from .test_encounter_state import Reloading, refused, roundtrip, tablero

ARCO = Weapon.make("Arco", "arco")
LANZA = Weapon.make("Lanza", "mano", cualidades=["larga"])
OGRO = EnemySheet("Ogro", ataque=16, defensa=11, aguante=30, potencia=6, tamano="grande")


def test_tactico_fight() -> None:
    enc = Reloading(Encounter.start("tactico", {"defensa_inmediata": False}))
    k = enc.add_character(kaeda(), [ESPADA, ARCO], aliento=1)
    b = enc.add_character(bran(), [LANZA], aliento=1, oficio_defensa="soldado")
    ogro = enc.add_enemy(OGRO)
    g1, g2 = (c.id for c in enc.add_enemies(GUARDIA, 2))

    # --- asalto 1: Kaeda aims, Bran charges guard 1 -----------------------------------------
    refused(enc, "Cargar es cuerpo a cuerpo", enc.maniobra, F(), k.id, "cargar", g1, None,
            AttackChoice(arma="Arco"))  # fmt: skip
    ev = enc.maniobra(F(), k.id, "apuntar")
    assert one(ev, ManiobraDeclared).tipo == "apuntar" and enc.get(k.id).apuntando
    # Cargar: ventaja (3 and 10, keeps 10) + Vigor 2 + soldado 2 = 14 against 4 + 5 = 9.
    ev = enc.maniobra(F(3, 10, 4), b.id, "cargar", g1, None, AttackChoice(oficio="soldado"))
    hit = one(ev, AttackResolved)
    assert hit.result.attacker_roll.die.faces == (3, 10)
    assert "Cargar" in hit.result.attacker_roll.die.ventaja_sources
    assert (hit.result.margen, hit.result.grade, hit.aguante_after) == (5, Grade.EXITO, 10)
    assert budget(enc, b.id) == ("gastada", True, None) and enc.get(b.id).cargando == 1
    roundtrip(enc)
    enc.advance()

    # --- enemies: the GM rolls now, Bran's dice wait --------------------------------------
    ev = enc.attack(F(8), g1, b.id)
    assert one(ev, DefensePending).defender_id == b.id
    ev = enc.attack(F(5), ogro.id, b.id)  # the ogre: 1d12 + (16 − 12), acoso +1
    assert enc.get(b.id).aguante == 14 and len(enc.pending_for(b.id)) == 2
    pending = enc.to_dict()["pending"]
    assert pending[1]["companions"] == 1 and pending[1]["die"]["faces"] == [5]
    roundtrip(enc)
    # Bran defends with desventaja (he charged): Destreza 3 + protección 2 + soldado 2 = +7.
    # Guard: 8 against (4, 9 → 4) + 7 = 11: margen −3, a medias, 1.
    # Ogre: 5 + 4 + 1 = 10 against (7, 2 → 2) + 7 = 9: margen +1, éxito, 6.
    ev = enc.defend(F(4, 9, 7, 2), b.id)
    results = [e for e in ev if isinstance(e, DefenseResolved)]
    assert [r.result.grade for r in results] == [Grade.A_MEDIAS, Grade.EXITO]
    assert all("Cargar" in r.result.defender_roll.die.desventaja_sources[0] for r in results)
    assert [r.aguante_after for r in results] == [13, 7]
    assert results[1].result.acoso == 1
    refused(enc, "Bran no tiene ningún ataque pendiente", enc.defend, F(5), b.id)
    assert tablero(enc) == {
        "Kaeda": (16, (), "gastada", False, None),
        "Bran": (7, (), "gastada", True, None),
        "Ogro": (30, (), "gastada", False, None),
        "Guardia 1": (10, (), "gastada", False, None),
        "Guardia 2": (14, (), "libre", False, None),
    }
    ev = enc.advance()
    assert any(isinstance(e, Expired) and e.what == "cargar" for e in ev)
    assert enc.get(b.id).cargando is None

    # --- asalto 2: an aimed shot at the ogre; guard 1 blinded; the Larga free roll -----------
    # Shot: (3, 9 → 9) + Destreza 3 = 12 against Defensa 11 − 3 (Grande) = 8: pleno, 7.
    ev = enc.attack(F(3, 9), k.id, ogro.id, AttackChoice(arma="Arco"))
    hit = one(ev, AttackResolved)
    assert hit.result.kind is AttackKind.DISPARO and hit.result.band == 4
    assert (
        hit.result.target.value == 8 and "Apuntar" in hit.result.attacker_roll.die.ventaja_sources
    )
    assert (hit.result.grade, hit.aguante_after) == (Grade.EXITO_PLENO, 23)
    assert not enc.get(k.id).apuntando
    enc.set_estado(g1, "cegado")
    ev = enc.attack(
        F(7), b.id, g1, AttackChoice(oficio="soldado")
    )  # static Defensa 12: 11, a medias
    hit = one(ev, AttackResolved)
    assert hit.result.kind is AttackKind.INDEFENSO and hit.result.acoso == 0
    assert (hit.result.grade, hit.aguante_after) == (Grade.A_MEDIAS, 9)
    refused(enc, "Kaeda no lleva un arma Larga", enc.respuesta, F(5, 5), k.id, "larga", g2)
    ev = enc.respuesta(
        F(10, 3), b.id, "larga", g2, AttackChoice(oficio="soldado")
    )  # 14 against 8: pleno
    hit = one(ev, AttackResolved)
    assert (hit.respuesta, hit.result.grade, hit.aguante_after) == ("larga", Grade.EXITO_PLENO, 7)
    assert budget(enc, b.id) == ("gastada", False, "larga")
    refused(enc, "Bran ya ha usado su respuesta", enc.respuesta, F(5), b.id, "oportunidad", g2)
    roundtrip(enc)
    ev = enc.advance()
    assert ev[0].not_acted == ()
    # --- enemies: guard 2 on Kaeda waits for her die; she defends -----------------------------
    enc.attack(F(6), g2, k.id)
    ev = enc.defend(F(12), k.id)  # 6 against 12 + 4, and her natural 12 lowers the hit
    r = one(ev, DefenseResolved)
    assert r.result.grade is Grade.FRACASO and r.aguante_after == 16
    assert tablero(enc) == {
        "Kaeda": (16, (), "gastada", False, None),
        "Bran": (7, (), "gastada", False, "larga"),
        "Ogro": (23, (), "libre", False, None),
        "Guardia 1": (9, ("cegado",), "libre", False, None),
        "Guardia 2": (7, (), "gastada", False, None),
    }
    ev = enc.advance()
    assert ev[0].not_acted == (ogro.id, g1)

    # --- asalto 3 by post: the GM posts one blow, Kaeda answers, then the next ---------------
    enc.advance()  # the enemies' phase
    enc.attack(F(5), g2, k.id)
    r = one(enc.defend(F(3), k.id), DefenseResolved)  # 5 + 0 against 3 + 4 = 7
    assert (r.result.margen, r.result.grade, r.result.damage, r.aguante_after) == (
        -2, Grade.A_MEDIAS, 1, 15,
    )  # fmt: skip
    assert one(enc.attack(F(6), ogro.id, k.id), DefensePending)  # its own die, not a re-read
    r = one(enc.defend(F(8), k.id), DefenseResolved)  # 6 + 4 + acoso 1 = 11 against 12
    assert (r.result.acoso, r.result.margen, r.result.grade, r.result.damage) == (
        1, -1, Grade.A_MEDIAS, 1,
    )  # fmt: skip
    assert r.aguante_after == 14 and enc.get(k.id).aguante_max == 16 and enc.pending == []

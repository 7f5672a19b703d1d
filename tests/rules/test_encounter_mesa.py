"""A scripted Mesa fight, asalto by asalto: Kaeda and Bran against six port guards."""

from __future__ import annotations

from umbral_rules import CharacterSheet, EnemySheet, ForcedDice, Grade, Weapon
from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AsaltoAdvanced,
    AttackChoice,
    AttackResolved,
    DefensePending,
    DefenseReread,
    DefenseResolved,
    Encounter,
    Event,
    Expired,
    Fell,
    SangradoTick,
    SecuelasRolled,
    WarningEvent,
)

from .test_encounter_state import Reloading, refused, roundtrip, tablero

ESPADA = Weapon.make("Espada", "mano")
GUARDIA = EnemySheet("Guardia", ataque=12, defensa=12, aguante=14, potencia=4, arma="Lanza")


def F(*faces: int) -> ForcedDice:
    return ForcedDice(faces, strict=True)


def one(events: list[Event], kind: type) -> object:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def kaeda() -> CharacterSheet:
    return CharacterSheet(
        "Kaeda",
        {"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
        proteccion=1,
        oficios={"contrabandista": 2, "armas": 3},
    )


def bran() -> CharacterSheet:
    return CharacterSheet(
        "Bran",
        {"vigor": 2, "destreza": 3, "percepcion": 2, "voluntad": 2},
        proteccion=2,
        oficios={"soldado": 2},
    )


def nadia() -> CharacterSheet:
    """Destreza 2, protección 1: defends with 1d12 + 3; Aguante 10 + 2 × 2 = 14."""
    return CharacterSheet(
        "Nadia", {"vigor": 2, "destreza": 2, "percepcion": 1, "voluntad": 1}, proteccion=1
    )


def budget(enc: Encounter, cid: str) -> tuple[str, bool, str | None]:
    c = enc.get(cid)
    return c.accion, c.movimiento, c.respuesta


def aguantes(enc: Encounter) -> dict[str, int]:
    return {c.nombre: c.aguante for c in enc.combatants}


def test_mesa_six_guards_against_two() -> None:
    enc = Reloading(Encounter.start("mesa"))
    k = enc.add_character(kaeda(), [ESPADA], aliento=2, character_id=1, owner_id=10)
    b = enc.add_character(bran(), [ESPADA], aliento=1, character_id=2, owner_id=20)
    guards = enc.add_enemies(GUARDIA, 6)
    g = {n: c.id for n, c in enumerate(guards, start=1)}
    assert (k.id, b.id, g[1], g[6]) == ("c1", "c2", "c3", "c8")
    roundtrip(enc)

    # --- asalto 1, players -------------------------------------------------------------------
    ev = enc.attack(
        F(9), k.id, g[1], AttackChoice(oficio="contrabandista", oficio_cobertura="mitad")
    )
    hit = one(ev, AttackResolved)
    assert isinstance(hit, AttackResolved)
    assert hit.result.kind is AttackKind.MESA_ATAQUE
    assert (hit.result.margen, hit.result.grade, hit.result.damage) == (1, Grade.EXITO, 4)
    assert (hit.aguante_before, hit.aguante_after) == (14, 10)
    assert budget(enc, k.id) == ("gastada", False, None)
    roundtrip(enc)
    enc.move(k.id)
    assert budget(enc, k.id) == ("gastada", True, None)
    # Mesa: a second acción is only a warning; the GM arbitrates.
    ev = enc.attack(
        F(12), k.id, g[1], AttackChoice(oficio="contrabandista", oficio_cobertura="mitad")
    )
    assert isinstance(ev[0], WarningEvent) and "ya ha gastado su acción" in ev[0].message
    assert enc.get(g[1]).aguante == 3  # pleno: 7
    roundtrip(enc)
    ev = enc.attack(F(8), b.id, g[2], AttackChoice(oficio="soldado"))
    assert enc.get(g[2]).aguante == 10
    assert enc.not_acted() == []
    assert tablero(enc) == {
        "Kaeda": (16, (), "gastada", True, None),
        "Bran": (14, (), "gastada", False, None),
        "Guardia 1": (3, (), "libre", False, None),
        "Guardia 2": (10, (), "libre", False, None),
        **{f"Guardia {n}": (14, (), "libre", False, None) for n in range(3, 7)},
    }
    ev = enc.advance()
    adv = ev[0]
    assert isinstance(adv, AsaltoAdvanced) and adv.phase == "enemigos" and adv.not_acted == ()
    roundtrip(enc)

    # --- asalto 1, enemies: five on Kaeda, one on Bran; the GM rolls nothing -----------------
    for n in range(1, 6):
        ev = enc.attack(F(), g[n], k.id)
        assert isinstance(one(ev, DefensePending), DefensePending)
    enc.attack(F(), g[6], b.id)
    assert len(enc.pending_for(k.id)) == 5 and len(enc.pending_for(b.id)) == 1
    assert all(enc.get(g[n]).accion == "gastada" for n in range(1, 7))
    roundtrip(enc)
    # Kaeda rolls once: 8 + Destreza 3 + protección 1 = 12 against Ataque 12 + acoso 3 (capped).
    ev = enc.defend(F(8), k.id)
    d = one(ev, DefenseResolved)
    assert isinstance(d, DefenseResolved)
    assert d.result.acoso == 3 and d.result.target is not None and d.result.target.value == 15
    assert (d.result.margen, d.result.grade, d.result.damage) == (-3, Grade.A_MEDIAS, 1)
    assert len(d.pending_ids) == 5 and enc.pending_for(k.id) == []
    assert aguantes(enc)["Kaeda"] == 15 and enc.get(k.id).defended
    ev = enc.defend(F(7), b.id)  # 7 + 5 = 12 against 12: the tie is the defender's
    assert one(ev, DefenseResolved).result.damage == 0  # type: ignore[attr-defined]
    assert aguantes(enc)["Bran"] == 14
    refused(enc, "Kaeda no tiene ningún ataque pendiente", enc.defend, F(5), k.id)
    assert tablero(enc) == {
        "Kaeda": (15, (), "gastada", True, None),
        "Bran": (14, (), "gastada", False, None),
        "Guardia 1": (3, (), "gastada", False, None),
        "Guardia 2": (10, (), "gastada", False, None),
        **{f"Guardia {n}": (14, (), "gastada", False, None) for n in range(3, 7)},
    }
    ev = enc.advance()
    assert enc.asalto == 2 and enc.phase == "jugadores"
    assert all(budget(enc, c.id) == ("libre", False, None) for c in enc.combatants)

    # --- asalto 2: Bran covers Kaeda, Kaeda holds her acción ---------------------------------
    enc.maniobra(F(), b.id, "interponerse", k.id)
    enc.maniobra(F(), k.id, "sostener", condicion="si el guardia 3 se acerca, le pego")
    assert enc.get(k.id).sosteniendo is not None
    assert budget(enc, b.id) == ("gastada", False, None)
    roundtrip(enc)
    enc.advance()
    # Guard 3 moves in: Kaeda's held action fires (her respuesta).
    enc.move(g[3])
    ev = enc.respuesta(F(10), k.id, "sostener", g[3], AttackChoice(oficio="armas"))
    assert enc.get(g[3]).aguante == 7  # 10 + 6 = 16, margen +4: pleno, 7
    assert budget(enc, k.id) == ("gastada", False, "sostener")
    assert enc.get(k.id).sosteniendo is None
    refused(
        enc, "Kaeda ya ha usado su respuesta de este asalto", enc.respuesta, F(5), k.id,
        "oportunidad", g[4],
    )  # fmt: skip
    roundtrip(enc)
    # The blows aimed at Kaeda go to Bran, and Bran rolls with his Defensa.
    ev = enc.attack(F(), g[3], k.id)
    p = one(ev, DefensePending)
    assert isinstance(p, DefensePending) and (p.defender_id, p.aimed_at_id) == (b.id, k.id)
    enc.attack(F(), g[4], k.id)
    enc.attack(F(), g[5], b.id)
    assert enc.pending_for(k.id) == [] and len(enc.pending_for(b.id)) == 3
    refused(enc, "Kaeda no tiene ningún ataque pendiente", enc.defend, F(5), k.id)
    ev = enc.defend(F(1), b.id)  # a natural 1 defending: critical, Potencia 4 + 3
    d = one(ev, DefenseResolved)
    assert isinstance(d, DefenseResolved) and d.result.critical and d.result.acoso == 2
    assert tablero(enc) == {
        "Kaeda": (15, (), "gastada", False, "sostener"),
        "Bran": (7, (), "gastada", False, None),
        "Guardia 1": (3, (), "libre", False, None),
        "Guardia 2": (10, (), "libre", False, None),
        "Guardia 3": (7, (), "gastada", True, None),
        "Guardia 4": (14, (), "gastada", False, None),
        "Guardia 5": (14, (), "gastada", False, None),
        "Guardia 6": (14, (), "libre", False, None),
    }
    ev = enc.advance()
    assert any(isinstance(e, Expired) and e.what == "interponerse" for e in ev)
    assert enc.to_dict()["extra"]["interponerse"] == []

    # --- asalto 3: Bran holds an acción that never comes; Kaeda drops guard 1 ----------------
    enc.set_estado(b.id, "sangrando")
    enc.maniobra(F(), b.id, "sostener", condicion="si alguien cruza la puerta")
    ev = enc.attack(
        F(9), k.id, g[1], AttackChoice(oficio="contrabandista", oficio_cobertura="mitad")
    )
    fell = one(ev, Fell)
    assert isinstance(fell, Fell) and fell.status == "fuera"
    assert enc.get(g[1]).status == "fuera"
    refused(enc, "Guardia 1 ya ha caído", enc.attack, F(9), b.id, g[1])
    refused(enc, "Guardia 1 ha caído y está fuera del combate", enc.attack, F(), g[1], k.id)
    roundtrip(enc)
    ev = enc.advance()  # enemies' phase: Bran's held action is still there
    assert enc.get(b.id).sosteniendo is not None
    ev = enc.advance()  # asalto 4: his turn comes again, the held action is lost
    lost = [e for e in ev if isinstance(e, Expired) and e.what == "sostener"]
    assert len(lost) == 1 and lost[0].combatant_id == b.id
    assert enc.get(b.id).sosteniendo is None
    tick = one(ev, SangradoTick)
    assert isinstance(tick, SangradoTick) and (tick.aguante_before, tick.aguante_after) == (7, 6)
    assert tablero(enc)["Bran"] == (6, ("sangrando",), "libre", False, None)
    assert tablero(enc)["Guardia 1"] == (0, (), "libre", False, None)
    assert enc.get(g[1]).status == "fuera"

    # --- Sangrando to Malherido, secuelas without Aliento --------------------------------------
    enc.adjust(b.id, aguante=1)
    enc.advance()
    ev = enc.advance()  # asalto 5: 1 → 0
    fell = one(ev, Fell)
    assert isinstance(fell, Fell) and fell.status == "malherido" and fell.secuelas_pendiente
    assert enc.get(b.id).status == "malherido"
    refused(enc, "Bran está Malherido", enc.attack, F(9), b.id, g[2])
    refused(enc, "Bran está Malherido", enc.move, b.id)
    roundtrip(enc)
    ev = enc.secuelas(F(5), b.id)
    s = one(ev, SecuelasRolled)
    assert isinstance(s, SecuelasRolled) and (s.total, s.death, s.aliento_spent) == (
        5,
        False,
        False,
    )
    assert enc.get(b.id).aliento == 1
    refused(enc, "no tiene tirada de secuelas pendiente", enc.secuelas, F(5), b.id)
    roundtrip(enc)

    # --- Kaeda falls; her point of Aliento saves her from a 1 ----------------------------------
    enc.adjust(k.id, aguante=3)
    enc.end_turn(k.id)
    enc.advance()
    for n in range(2, 7):
        enc.attack(F(), g[n], k.id)
    ev = enc.defend(F(2), k.id)  # 2 + 4 = 6 against 15: fracaso, 4
    assert one(ev, Fell).status == "malherido"  # type: ignore[attr-defined]
    ev = enc.aliento(F(1), k.id, "secuelas")  # 1 + 4 = 5: alive
    s = one(ev, SecuelasRolled)
    assert isinstance(s, SecuelasRolled) and (s.total, s.death, s.aliento_spent) == (5, False, True)
    assert enc.get(k.id).aliento == 1 and enc.get(k.id).status == "malherido"
    assert tablero(enc)["Kaeda"] == (0, (), "libre", False, None)
    assert tablero(enc)["Bran"] == (0, ("sangrando",), "libre", False, None)
    assert enc.states >= 60

    # --- by post: the GM posts the guards one at a time around Nadia's Defensa ----------------
    enc.advance()
    enc.advance()  # a fresh enemies' phase
    n = enc.add_character(nadia(), [ESPADA], owner_id=30).id
    enc.attack(F(), g[2], n)
    ev = enc.defend(F(9), n)  # 9 + Destreza 2 + protección 1 = 12 against Ataque 12: hers
    d = one(ev, DefenseResolved)
    assert isinstance(d, DefenseResolved) and d.asalto == enc.asalto
    assert (d.result.margen, d.result.grade, d.result.damage, d.aguante_after) == (
        0, Grade.EXITO, 0, 14,
    )  # fmt: skip
    readings = []
    for guard in (g[3], g[4], g[5], g[6]):  # each posted after her roll: no new die
        r = one(enc.attack(F(), guard, n), DefenseReread)
        assert isinstance(r, DefenseReread)
        assert r.result.target is not None
        readings.append((r.result.target.value, r.result.margen, r.result.grade, r.damage,
                         r.aguante_after))  # fmt: skip
    assert readings == [
        (13, -1, Grade.A_MEDIAS, 1, 13),  # acoso +1: a medias, 1 − 0 = 1
        (14, -2, Grade.A_MEDIAS, 0, 13),  # +2: still a medias, 1 − 1 = 0
        (15, -3, Grade.A_MEDIAS, 0, 13),  # +3: the cap
        (15, -3, Grade.A_MEDIAS, 0, 13),  # a fifth attacker adds nothing past the cap
    ]
    assert enc.pending == [] and aguantes(enc)["Nadia"] == 13
    roundtrip(enc)
    enc.advance()
    enc.advance()  # the next asalto: a new roll
    assert isinstance(one(enc.attack(F(), g[2], n), DefensePending), DefensePending)

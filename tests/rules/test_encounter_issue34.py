"""The rules the bot still ignored (issue 34), in the rules engine, with numbers of our own:
Certera, shots after moving, a Mesa shot against the PC's size and cover, the clean
Despegarse, the ambush's first actor, the Malherido clock, bandaging, estados «de la cabeza»
and a check against a person. The same rules through the slash commands are in
``tests/bot/test_reglas_issue34.py``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from umbral_rules import CharacterSheet, EnemySheet, Weapon
from umbral_rules.combat import AttackKind
from umbral_rules.encounter import (
    AttackChoice,
    AttackResolved,
    DefensePending,
    DefenseResolved,
    DespegarseResolved,
    Encounter,
    EstadoChanged,
    MalheridoClock,
    TiradaMade,
)
from umbral_rules.rolls import Modifier
from umbral_rules.tiradas import pusher_static

from .test_encounter_mesa import ESPADA, F, kaeda, one
from .test_encounter_state import Reloading, refused, roundtrip

#: A Certera bow: Destreza, Potencia 4.
ARCO = Weapon.make("Arco corto", "arco", cualidades=("certera",))
HONDA = Weapon.make("Honda", "arco")
#: Ataque 13 (static), Defensa 11; shoots with its bow (Certera in the bestiary's cualidades).
ARQUERO = EnemySheet(
    "Arquero", ataque=13, defensa=11, aguante=9, potencia=4, arma="Arco",
    cualidades=frozenset({"certera"}),
)  # fmt: skip
LOBO = EnemySheet("Lobo", ataque=11, defensa=10, aguante=8, potencia=2, arma="Dientes")


def iria(tamano: str = "normal") -> CharacterSheet:
    """Destreza 2, protección 1: Mesa Defensa roll 1d12 + 3, static Defensa 12."""
    return CharacterSheet(
        "Iria", {"vigor": 1, "destreza": 2, "percepcion": 3, "voluntad": 1}, proteccion=1,
        oficios={"rastreadora": 2}, tamano=tamano,
    )  # fmt: skip


def shot_of(events: list[object]) -> AttackResolved:
    hit = one(events, AttackResolved)  # type: ignore[arg-type]
    assert isinstance(hit, AttackResolved)
    return hit


# --- Certera ---------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
def test_certera_gives_ventaja_against_a_still_target(mode: str) -> None:
    enc = Reloading(Encounter.start(mode))
    i = enc.add_character(iria(), [ARCO])
    lobo = enc.add_enemy(LOBO)
    # 4 and 10 with ventaja: 10 + Destreza 2 = 12 against the wolf's Defensa 10, margen +2
    hit = shot_of(enc.attack(F(4, 10), i.id, lobo.id))
    roll = hit.result.attacker_roll
    assert roll.die.faces == (4, 10) and roll.natural == 10
    assert roll.die.ventaja_sources == ("Certera (blanco quieto)",)
    assert (hit.result.kind, hit.result.margen, hit.result.damage) == (AttackKind.DISPARO, 2, 4)
    roundtrip(enc)


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
def test_certera_against_a_target_that_moved_or_is_said_to_move(mode: str) -> None:
    enc = Reloading(Encounter.start(mode))
    i = enc.add_character(iria(), [ARCO])
    lobo = enc.add_enemy(LOBO)
    # the player says the wolf is running: one die
    hit = shot_of(enc.attack(F(7), i.id, lobo.id, AttackChoice(quieto=False)))
    assert hit.result.attacker_roll.die.faces == (7,)
    enc.advance()
    enc.move(lobo.id)  # the wolf runs in its phase of asalto 1…
    enc.advance()
    # …so in asalto 2's players' phase it is still moving ([D] its side's last turn)
    hit = shot_of(enc.attack(F(7), i.id, lobo.id))
    assert hit.result.attacker_roll.die.faces == (7,)
    enc.advance()
    enc.advance()  # asalto 3: it stood in its phase of asalto 2
    hit = shot_of(enc.attack(F(2, 8), i.id, lobo.id))
    assert hit.result.attacker_roll.die.ventaja_sources == ("Certera (blanco quieto)",)
    assert hit.result.attacker_roll.natural == 8
    enc.advance()
    enc.advance()  # asalto 4: the GM's word: it is standing still, whatever it did
    enc.advance()
    enc.move(lobo.id)
    enc.advance()
    hit = shot_of(enc.attack(F(2, 8), i.id, lobo.id, AttackChoice(quieto=True)))
    assert hit.result.attacker_roll.natural == 8


def test_certera_is_mirrored_in_mesa_and_never_stacks() -> None:
    """An enemy's Certera shot in Mesa: the defending player rolls with desventaja. A Certera
    shot after moving: ventaja and desventaja cancel."""
    enc = Reloading(Encounter.start("mesa"))
    i = enc.add_character(iria(), [ARCO, HONDA])
    arquero = enc.add_enemy(ARQUERO)
    enc.advance()
    ev = enc.attack(F(), arquero.id, i.id, AttackChoice(shot=True))
    assert one(ev, DefensePending)
    # Iria 9 and 5 with desventaja: 5 + 3 = 8 against 13: margen −5, Fracaso, Potencia 4
    hit = one(enc.defend(F(9, 5), i.id), DefenseResolved)
    assert isinstance(hit, DefenseResolved)
    assert hit.result.defender_roll.die.desventaja_sources == ("Ventaja de Arquero",)
    assert (hit.result.margen, hit.result.damage, hit.aguante_after) == (-5, 4, 8)
    enc.advance()
    enc.move(i.id)
    hit = shot_of(enc.attack(F(3), i.id, arquero.id))  # Certera and moved: one die
    die = hit.result.attacker_roll.die
    assert die.faces == (3,)
    assert die.ventaja_sources == ("Certera (blanco quieto)",)
    assert die.desventaja_sources == ("Se ha movido en este asalto",)


def test_quieto_is_the_tablero_s_word_in_tactico() -> None:
    enc = Encounter.start("tactico")
    i = enc.add_character(iria(), [ARCO])
    lobo = enc.add_enemy(LOBO)
    enc.tablero_setup(10, 10)
    enc.place(i.id, "A1")
    enc.place(lobo.id, "A8")
    refused(
        enc,
        "En Táctico el tablero dice quién se ha movido",
        enc.attack,
        F(5, 5),
        i.id,
        lobo.id,
        AttackChoice(quieto=True),
    )
    hit = shot_of(enc.attack(F(2, 11), i.id, lobo.id))  # still: ventaja, the 11 counts
    assert hit.result.attacker_roll.natural == 11


# --- shooting after moving ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
def test_a_shot_after_moving_has_desventaja(mode: str) -> None:
    enc = Encounter.start(mode)
    i = enc.add_character(iria(), [HONDA])
    lobo = enc.add_enemy(LOBO)
    enc.move(i.id)
    # 11 and 6 with desventaja: 6 + 2 = 8 against 10, margen −2, A medias, 1
    hit = shot_of(enc.attack(F(11, 6), i.id, lobo.id))
    assert hit.result.attacker_roll.die.desventaja_sources == ("Se ha movido en este asalto",)
    assert (hit.result.margen, hit.result.damage) == (-2, 1)


def test_a_melee_blow_after_moving_has_no_desventaja() -> None:
    enc = Encounter.start("narrativo")
    k = enc.add_character(kaeda(), [ESPADA])
    lobo = enc.add_enemy(LOBO)
    enc.move(k.id)
    hit = shot_of(enc.attack(F(8, 2), k.id, lobo.id))
    assert hit.result.attacker_roll.die.faces == (8,)


def test_a_shot_after_walking_on_the_tablero_has_desventaja() -> None:
    enc = Encounter.start("tactico")
    i = enc.add_character(iria(), [HONDA])
    lobo = enc.add_enemy(LOBO)
    enc.tablero_setup(12, 12)
    enc.place(i.id, "A1")
    enc.place(lobo.id, "A12")
    enc.move_to(i.id, "A4")
    hit = shot_of(enc.attack(F(10, 3), i.id, lobo.id))
    assert hit.result.attacker_roll.die.desventaja_sources == ("Se ha movido en este asalto",)
    assert hit.result.attacker_roll.natural == 3


# --- Mesa: an enemy's shot against the PC's cover and size ------------------------------------


@pytest.mark.parametrize(
    ("tamano", "a_cubierto", "ataque", "margen", "damage"),
    [
        ("normal", True, 10, 1, 0),  # 13 − 3 (cover): 8 + 3 = 11 against 10, Éxito
        ("grande", False, 16, -5, 4),  # 13 + 3 (Grande): 11 against 16, Fracaso
        ("grande", True, 13, -2, 1),  # both add up: 11 against 13, A medias
        ("pequeno", False, 10, 1, 0),  # smaller than a square: −3
    ],
)
def test_mesa_enemy_shot_counts_the_pc_s_cover_and_size(
    tamano: str, a_cubierto: bool, ataque: int, margen: int, damage: int
) -> None:
    enc = Reloading(Encounter.start("mesa"))
    i = enc.add_character(iria(tamano), [HONDA])
    arquero = enc.add_enemy(replace(ARQUERO, cualidades=frozenset()))
    enc.advance()
    enc.attack(F(), arquero.id, i.id, AttackChoice(shot=True, a_cubierto=a_cubierto))
    roundtrip(enc)
    hit = one(enc.defend(F(8), i.id), DefenseResolved)
    assert isinstance(hit, DefenseResolved)
    assert hit.result.target.value == ataque
    assert (hit.result.margen, hit.result.damage) == (margen, damage)


def test_mesa_melee_on_a_pc_ignores_a_cubierto() -> None:
    enc = Encounter.start("mesa")
    i = enc.add_character(iria(), [HONDA])
    lobo = enc.add_enemy(LOBO)
    enc.advance()
    enc.attack(F(), lobo.id, i.id, AttackChoice(a_cubierto=True))
    hit = one(enc.defend(F(8), i.id), DefenseResolved)
    assert isinstance(hit, DefenseResolved) and hit.result.target.value == 11


# --- Despegarse won: no oportunidad ------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo"])
def test_a_clean_despegarse_leaves_no_free_roll(mode: str) -> None:
    enc = Reloading(Encounter.start(mode))
    k = enc.add_character(kaeda(), [ESPADA])
    lobo = enc.add_enemy(LOBO)
    # Narrativo: Destreza 3 + 9 = 12 against the wolf's 1d12 + (11 − 12): 12 − 1 = 11
    # Mesa: 12 against its static Ataque 11
    dice = F(9, 12) if mode == "narrativo" else F(9)
    ev = enc.maniobra(dice, k.id, "despegarse", lobo.id)
    assert one(ev, DespegarseResolved).won  # type: ignore[attr-defined]
    roundtrip(enc)
    refused(enc, "Kaeda se despegó limpio de Lobo en este asalto: Lobo no tira.",
            enc.respuesta, F(5), lobo.id, "oportunidad", k.id)  # fmt: skip
    enc.advance()
    enc.advance()  # the next asalto: it may trabar again
    ev = enc.respuesta(F(5, 5, 5), lobo.id, "oportunidad", k.id)
    assert one(ev, DefensePending if mode == "mesa" else AttackResolved)


# --- the ambush ------------------------------------------------------------------------------


def test_the_ambush_names_who_has_most_percepcion() -> None:
    enc = Encounter.start("narrativo", {"emboscada": "pj"})
    assert enc.first_actors() == []
    enc.add_character(kaeda(), [ESPADA])  # Percepción 1
    i = enc.add_character(iria(), [HONDA])  # Percepción 3
    assert [c.nombre for c in enc.first_actors()] == ["Iria"]
    twin = replace(iria(), nombre="Oda")
    enc.add_character(twin, [HONDA])
    assert [c.nombre for c in enc.first_actors()] == ["Iria", "Oda"]
    assert enc.first_actor() is not None and enc.first_actor().id == i.id
    enc.advance()
    assert enc.first_actors() == []
    other = Encounter.start("narrativo", {"emboscada": "enemigo"})
    other.add_character(iria(), [HONDA])
    assert other.first_actors() == []


# --- the Malherido clock -----------------------------------------------------------------------


def test_the_malherido_clock_tells_once_after_n_asaltos() -> None:
    enc = Reloading(Encounter.start("narrativo"))
    i = enc.add_character(iria(), [HONDA], aguante=2)
    lobo = enc.add_enemy(LOBO)
    enc.advance()
    enc.attack(F(9, 2), lobo.id, i.id)  # 9 − 1 = 8 against 2 + 3 = 5: Éxito, 2 damage
    assert enc.get(i.id).status == "malherido"
    enc.advance(malherido_asaltos=2)  # asalto 2: one asalto down
    clock: list[object] = []
    for _ in range(2):  # enemies' phase of asalto 2, then asalto 3: two asaltos
        clock = [e for e in enc.advance(malherido_asaltos=2) if isinstance(e, MalheridoClock)]
    assert [e.message for e in clock] == [  # type: ignore[attr-defined]
        "Iria lleva 2 asaltos Malherido y nadie lo ha estabilizado: «muerto en pocos minutos "
        "si nadie hace nada». Lo que pase ahora lo decide el máster."
    ]
    roundtrip(enc)
    assert not [e for e in enc.advance(malherido_asaltos=2) if isinstance(e, MalheridoClock)]


def test_a_stabilised_pc_has_no_clock() -> None:
    enc = Encounter.start("narrativo")
    i = enc.add_character(iria(), [HONDA], aguante=1)
    k = enc.add_character(kaeda(), [ESPADA])
    lobo = enc.add_enemy(LOBO)
    enc.advance()
    enc.attack(F(9, 2), lobo.id, i.id)
    enc.advance()
    enc.estabilizar(F(11), k.id, i.id)  # 11 + Percepción 1 = 12: Peliaguda
    for _ in range(6):
        assert not [e for e in enc.advance(malherido_asaltos=1) if isinstance(e, MalheridoClock)]


# --- bandaging ---------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
def test_bandaging_stops_sangrando_for_the_accion(mode: str) -> None:
    enc = Reloading(Encounter.start(mode))
    k = enc.add_character(kaeda(), [ESPADA])
    i = enc.add_character(iria(), [HONDA])
    enc.set_estado(i.id, "sangrando")
    ev = enc.vendar(k.id, i.id)
    changed = one(ev, EstadoChanged)
    assert changed.message == "Kaeda venda a Iria: deja de estar Sangrando."  # type: ignore[attr-defined]
    assert enc.get(i.id).estados == [] and enc.get(k.id).accion == "gastada"
    refused(enc, "Iria no está Sangrando: no hay nada que vendar", enc.vendar, i.id, i.id)
    enc.set_estado(i.id, "sangrando")
    ev = enc.vendar(i.id, i.id)  # [D] oneself
    assert one(ev, EstadoChanged).message == "Iria se venda: deja de estar Sangrando."  # type: ignore[attr-defined]
    enc.set_estado(k.id, "sangrando")
    if mode == "mesa":
        assert "Aviso: Iria ya ha gastado su acción" in enc.vendar(i.id, k.id)[0].message
    else:
        refused(enc, "Iria ya ha gastado su acción en este asalto", enc.vendar, i.id, k.id)


# --- estados «de la cabeza» -----------------------------------------------------------------


def test_one_estado_de_la_cabeza_at_a_time() -> None:
    extra = {
        "aterrado": {"nombre": "Aterrado", "desventaja": ["ofensiva"], "cabeza": True},
        "embelesado": {"nombre": "Embelesado", "desventaja": ["vista"], "cabeza": True},
        "mojado": {"nombre": "Mojado", "desventaja": ["movimiento"]},
    }
    enc = Reloading(Encounter.start("mesa", {"estados_extra": extra}))
    i = enc.add_character(iria(), [HONDA])
    enc.set_estado(i.id, "Aterrado")
    enc.set_estado(i.id, "Mojado")
    enc.set_estado(i.id, "aturdido")
    ev = enc.set_estado(i.id, "Embelesado")
    assert [e.message for e in ev] == [
        "Iria deja de estar Aterrado: de la cabeza solo se lleva un estado a la vez.",
        "Iria queda Embelesado.",
    ]
    assert enc.get(i.id).estados == ["mojado", "aturdido", "embelesado"]
    assert enc.to_dict()["settings"]["estados_extra"]["aterrado"]["cabeza"] is True
    refused(enc, "«cabeza» del estado «x» es sí o no", Encounter.start, "mesa",
            {"estados_extra": {"x": {"nombre": "X", "cabeza": "quizá"}}})  # fmt: skip


# --- a check against a person --------------------------------------------------------------------


def test_a_check_against_a_person_ties_to_who_resists() -> None:
    enc = Reloading(Encounter.start("narrativo"))
    i = enc.add_character(iria(), [HONDA])
    # Kaeda pushes (grapples) with 8 + Vigor 3 + Oficio armas 3 = 14; Iria resists, Vigor 1
    contra = pusher_static("Kaeda", Modifier("Vigor", 3), Modifier("Oficio armas", 3))
    made = one(enc.tirada(F(10), i.id, "vigor", contra, oficio="rastreadora"), TiradaMade)
    assert isinstance(made, TiradaMade)
    assert made.result.target.value == 14 and made.result.margen == -1
    tie = one(enc.tirada(F(11), i.id, "vigor", contra, oficio="rastreadora"), TiradaMade)
    assert isinstance(tie, TiradaMade)
    assert tie.result.margen == 0 and tie.result.success  # the tie is who resists'
    record = enc.get(i.id).last_roll
    assert record is not None and record.to_dict()["contra"]["value"] == 14
    roundtrip(enc)

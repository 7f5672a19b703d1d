"""Retos (§11): Umbral, successes needed, the cost of each failure, an Oficio once each."""

from __future__ import annotations

from umbral_rules.encounter import Encounter, RetoCreated, RetoEnded, RetoRolled

from .test_encounter_mesa import F, bran, kaeda, one
from .test_encounter_state import refused, roundtrip


def test_convencer_al_consejo() -> None:
    enc = Encounter.start("narrativo")
    enc.add_character(kaeda(), aliento=1)  # c1
    enc.add_character(bran(), aliento=1)  # c2
    ev = enc.reto_crear("Convencer al Consejo de Duques", 12, 2, "un aliado")
    created = one(ev, RetoCreated)
    assert created.reto_id == "r1" and "Peliaguda (12), 2 éxitos" in created.message
    roundtrip(enc)
    # Kaeda: Voluntad 1 + contrabandista 2 + 11 = 14: éxito.
    ev = enc.reto_tirar(F(11), "r1", "c1", "voluntad", "contrabandista")
    r = one(ev, RetoRolled)
    assert (r.effect, r.exitos, r.fracasos) == ("exito", 1, 0)
    # Bran: Vigor 2 + 1: fracaso, and it costs.
    ev = enc.reto_tirar(F(1), "r1", "c2", "vigor")
    r = one(ev, RetoRolled)
    assert (r.effect, r.exitos, r.fracasos) == ("fracaso", 1, 1) and "un aliado" in r.message
    # [D] A medias neither advances nor costs: 2 + 9 = 11.
    ev = enc.reto_tirar(F(9), "r1", "c2", "vigor")
    assert one(ev, RetoRolled).effect == "nada"
    roundtrip(enc)
    # Bran spends Aliento to repeat it: 2 + 12 = 14, the second success ends the reto.
    ev = enc.aliento(F(12), "c2", "repetir")
    assert one(ev, RetoRolled).exitos == 2
    end = one(ev, RetoEnded)
    assert end.logrado and (end.exitos, end.fracasos) == (2, 1)
    reto = enc.to_dict()["retos"][0]
    assert reto["activo"] is False and reto["logrado"] is True
    assert [t["effect"] for t in reto["tiradas"]] == ["exito", "fracaso", "exito"]
    refused(enc, "ya ha terminado", enc.reto_tirar, F(5), "r1", "c1", "vigor")
    refused(enc, "ya ha terminado", enc.reto_terminar, "r1")
    roundtrip(enc)


def test_the_gm_ends_a_reto() -> None:
    enc = Encounter.start("mesa")
    enc.add_character(kaeda())
    enc.reto_crear("Persecución por los tejados", 15, 3, "")
    enc.reto_tirar(F(2), "r1", "c1", "destreza")
    ev = enc.reto_terminar("r1")
    end = one(ev, RetoEnded)
    assert not end.logrado and (end.exitos, end.fracasos) == (0, 1)
    refused(enc, "No hay ningún reto «r9»", enc.reto_terminar, "r9")
    refused(enc, "El Umbral 13 no existe", enc.reto_crear, "x", 13, 2, "")
    refused(enc, "El reto necesita un nombre", enc.reto_crear, " ", 12, 2, "")
    refused(enc, "entre 1 y 20 éxitos", enc.reto_crear, "x", 12, 0, "")
    roundtrip(enc)


def test_only_player_characters_roll_a_reto() -> None:
    from .test_encounter_mesa import GUARDIA

    enc = Encounter.start("mesa")
    enc.add_enemy(GUARDIA)
    enc.reto_crear("Asedio", 12, 2, "un muro")
    refused(enc, "En un reto tiran los personajes jugadores", enc.reto_tirar, F(5), "r1", "c1",
            "vigor")  # fmt: skip


def test_an_oficio_may_be_repeated_once_the_third_use_is_refused() -> None:
    """[D] digest §11: «solo puede repetir un mismo Oficio una vez», read literally."""
    enc = Encounter.start("mesa")
    enc.add_character(kaeda(), aliento=1)  # c1
    enc.add_character(bran(), aliento=1)  # c2
    enc.reto_crear("Cruzar los tejados", 15, 5, "una herida")
    # Kaeda: Destreza 3 + contrabandista 2 + 10 = 15: éxito; again with a 4: 9, fracaso
    ev = enc.reto_tirar(F(10), "r1", "c1", "destreza", "contrabandista")
    assert one(ev, RetoRolled).effect == "exito"  # type: ignore[attr-defined]
    ev = enc.reto_tirar(F(4), "r1", "c1", "destreza", "Contrabandista")  # the repetition
    r = one(ev, RetoRolled)
    assert (r.effect, r.exitos, r.fracasos) == ("fracaso", 1, 1)  # type: ignore[attr-defined]
    # Aliento «repetir» redoes that second use: it does not count as a third
    ev = enc.aliento(F(12), "c1", "repetir")
    assert (one(ev, RetoRolled).exitos, enc.to_dict()["retos"][0]["fracasos"]) == (2, 0)  # type: ignore[attr-defined]
    refused(
        enc, "Kaeda ya usó el Oficio contrabandista 2 veces en este reto: cada uno solo puede "
        "repetir un mismo Oficio una vez. Propón otra forma.", enc.reto_tirar, F(10), "r1",
        "c1", "destreza", "contrabandista",
    )  # fmt: skip
    ev = enc.reto_tirar(F(12), "r1", "c1", "destreza", "armas")  # another Oficio is fine
    assert one(ev, RetoRolled).exitos == 3  # type: ignore[attr-defined]
    ev = enc.reto_tirar(F(12), "r1", "c2", "destreza", "soldado")  # and Bran has his own
    assert one(ev, RetoRolled).exitos == 4  # type: ignore[attr-defined]
    roundtrip(enc)

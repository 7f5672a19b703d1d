"""The encounter's plain-dict contract: layout, JSON, lossless round trips, lookups."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from umbral_rules import CharacterSheet, EnemySheet, UmbralError, Weapon
from umbral_rules.encounter import Encounter
from umbral_rules.encounter.kinds import Accion
from umbral_rules.encounter.pieces import SecuelasRoll, Sostenido
from umbral_rules.encounter.records import PendingAttackRecord

ESPADA = Weapon.make("Espada", "mano")
GUARDIA = EnemySheet("Guardia", ataque=12, defensa=12, aguante=14, potencia=4, arma="Lanza")


def kaeda() -> CharacterSheet:
    return CharacterSheet(
        "Kaeda",
        {"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
        proteccion=1,
        oficios={"contrabandista": 2, "armas": 3},
    )


def test_top_level_layout_and_json_round_trip() -> None:
    enc = Encounter.start("mesa", {"defensa_inmediata": False})
    enc.add_character(kaeda(), [ESPADA], character_id=5, owner_id=7, aliento=2)
    enc.add_enemies(GUARDIA, 2)
    data = enc.to_dict()
    assert list(data) == [
        "schema", "mode", "asalto", "phase", "settings", "combatants", "pending", "retos",
        "extra",
    ]  # fmt: skip
    assert data["schema"] == 1 and data["mode"] == "mesa" and data["asalto"] == 1
    assert data["phase"] == "jugadores"
    assert data["settings"]["defensa_inmediata"] is False
    pc, g1, g2 = data["combatants"]
    assert (pc["id"], pc["side"], pc["character_id"], pc["owner_id"]) == ("c1", "pj", 5, 7)
    assert (pc["aguante"], pc["aguante_max"], pc["estados"]) == (16, 16, [])
    assert pc["weapons"] == [ESPADA.to_dict()]
    assert (g1["id"], g1["nombre"], g2["nombre"]) == ("c2", "Guardia 1", "Guardia 2")
    assert g1["enemy"]["ataque"] == 12 and g1["character_id"] is None
    text = json.dumps(data)
    again = Encounter.from_dict(json.loads(text))
    assert again.to_dict() == data
    assert again.get("c1").sheet == kaeda()


def test_find_by_id_name_prefix_and_refusals() -> None:
    enc = Encounter.start("narrativo")
    enc.add_character(kaeda(), [ESPADA])
    enc.add_enemies(GUARDIA, 2)
    assert enc.find("c1").nombre == "Kaeda"
    assert enc.find("KAEDA").id == "c1"
    assert enc.find("kae").id == "c1"
    assert enc.find("guardia 2").id == "c3"
    with pytest.raises(UmbralError, match="puede ser varios"):
        enc.find("guardia")
    with pytest.raises(UmbralError, match="No hay nadie llamado «Bran»"):
        enc.find("Bran")


def test_numbering_continues_and_names_are_unique() -> None:
    enc = Encounter.start("tactico")
    enc.add_enemies(GUARDIA, 2)
    more = enc.add_enemies(GUARDIA, 1)
    assert more[0].nombre == "Guardia 3" and more[0].id == "c3"
    before = enc.to_dict()
    with pytest.raises(UmbralError, match="Ya hay alguien llamado «Guardia 1»"):
        enc.add_enemy(GUARDIA, "guardia 1")
    assert enc.to_dict() == before


def test_bad_mode_and_schema() -> None:
    with pytest.raises(UmbralError, match="Modo desconocido"):
        Encounter.start("rapido")
    data = Encounter.start("Táctico").to_dict()
    assert data["mode"] == "tactico"
    with pytest.raises(UmbralError, match="Versión de encuentro desconocida"):
        Encounter.from_dict({**data, "schema": 99})


# --- helpers the scripted fights share ----------------------------------------------------


def roundtrip(enc: Encounter) -> dict[str, object]:
    """Assert the state survives a plain dict and JSON unchanged; return the dict."""
    data = enc.to_dict()
    assert list(data) == [
        "schema", "mode", "asalto", "phase", "settings", "combatants", "pending", "retos",
        "extra",
    ]  # fmt: skip
    as_json = json.loads(json.dumps(data))
    assert as_json == data  # no tuples, sets or enums hiding in it
    again = Encounter.from_dict(as_json)
    assert again.to_dict() == data
    return data


def refused(enc: Encounter, message: str, op: object, *args: object, **kw: object) -> None:
    """The operation raises UmbralError with ``message`` and changes nothing."""
    before = enc.to_dict()
    with pytest.raises(UmbralError) as info:
        op(*args, **kw)  # type: ignore[operator]
    assert message in str(info.value), str(info.value)
    assert enc.to_dict() == before


class Reloading:
    """An encounter that, after every operation (refused or not), checks the round trip and
    goes on with a fresh copy loaded from JSON — as the bot does, loading the state from the
    database for each command. ``states`` counts the states it went through."""

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self.states = 0
        roundtrip(enc)

    def __getattr__(self, name: str) -> object:
        attr = getattr(self.enc, name)
        if name.startswith("_") or not callable(attr) or name in ("to_dict", "get", "find"):
            return attr

        def wrapped(*args: object, **kwargs: object) -> object:
            try:
                return attr(*args, **kwargs)
            finally:
                data = roundtrip(self.enc)
                self.enc = Encounter.from_dict(json.loads(json.dumps(data)))
                self.states += 1

        return wrapped


def tablero(enc: Encounter | Reloading) -> dict[str, tuple[object, ...]]:
    """Everyone's Aguante, estados, acción, movimiento and respuesta, by name."""
    real = enc.enc if isinstance(enc, Reloading) else enc
    return {
        c.nombre: (c.aguante, tuple(c.estados), c.accion, c.movimiento, c.respuesta)
        for c in real.combatants
    }


def test_combatant_copy_is_equal_independent_and_same_sees_any_change() -> None:
    enc = Encounter.start("mesa")
    pc = enc.add_character(kaeda(), [ESPADA], aliento=2)
    pc.secuelas.append(SecuelasRoll(1, (7,), 0, 7, False, "una cicatriz"))
    pc.last_roll = PendingAttackRecord(1, "p1")
    pc.sosteniendo = Sostenido("si entra", 1, "Espada")
    twin = pc.copy()
    assert twin is not pc and twin == pc and twin.same(pc) and pc.same(twin)
    assert twin.to_dict() == pc.to_dict()
    assert twin.sheet is pc.sheet  # frozen: shared
    changes = [
        lambda c: c.estados.append("aturdido"),
        lambda c: c.secuelas.__setitem__(0, replace(c.secuelas[0], resultado="otra")),
        lambda c: setattr(c, "last_roll", replace(c.last_roll, asalto=2)),
        lambda c: setattr(c, "sosteniendo", replace(c.sosteniendo, asalto=2)),
        lambda c: c.weapons.clear(),
        lambda c: setattr(c, "aguante", c.aguante - 1),
        lambda c: setattr(c, "accion", Accion.GASTADA),
    ]
    for change in changes:
        copy = pc.copy()
        change(copy)
        assert not copy.same(pc) and copy != pc
        assert pc.same(twin)  # the original never moved
    assert not pc.same(enc.add_enemy(GUARDIA))


def test_to_dict_without_combatants() -> None:
    enc = Encounter.start("mesa")
    enc.add_enemies(GUARDIA, 2)
    whole, header = enc.to_dict(), enc.to_dict(combatants=False)
    assert header["combatants"] == [] and len(whole["combatants"]) == 2
    assert {k: v for k, v in whole.items() if k != "combatants"} == {
        k: v for k, v in header.items() if k != "combatants"
    }

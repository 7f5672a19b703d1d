"""Estados by ámbito (digest §9, [D]): each estado — the five and a guild's own — gives
desventaja exactly where it says, on checks, retos, attacks and defenses; a check must say
what it is while an estado limits some ámbitos."""

from __future__ import annotations

import pytest

from umbral_rules.encounter import Encounter, RetoRolled, TiradaMade
from umbral_rules.encounter.ambitos import require_ambitos, tirada_desventajas
from umbral_rules.encounter.estados import desventajas
from umbral_rules.encounter.settings import Settings
from umbral_rules.tables import ESTADO_LABELS, ROLL_AMBITOS, TIRADA_AMBITOS

from .test_encounter_mesa import ESPADA, F, kaeda, one
from .test_encounter_state import refused

ALL = frozenset(TIRADA_AMBITOS)
#: A guild's own estados, as the encounter's settings carry them.
GUILD = {
    "Envenenado": {"nombre": "Envenenado", "desventaja": ["todo"]},
    "Cojo": {"nombre": "Cojo", "desventaja": ["movimiento"]},
    "Aterrado": {"nombre": "Aterrado", "desventaja": ["social", "defensa"]},
    "Marcado": {"nombre": "Marcado", "desventaja": []},
}
#: Where each estado gives desventaja, by its name (Libro III §17 for the five).
WHERE = {
    "Aturdido": ALL,  # en todo
    "Sangrando": frozenset(),
    "Quebrantado": frozenset({"ofensiva", "social"}),
    "Enmarañado": frozenset({"movimiento", "defensa"}),
    "Cegado": frozenset({"vista"}),
    "Envenenado": ALL,
    "Cojo": frozenset({"movimiento"}),
    "Aterrado": frozenset({"social", "defensa"}),
    "Marcado": frozenset(),
}
#: The estados that limit some ámbitos but not all: a check must name its ámbito.
MUST_NAME = {name for name, where in WHERE.items() if where and where != ALL}


def test_the_table_covers_every_estado() -> None:
    assert set(ESTADO_LABELS.values()) | set(GUILD) == set(WHERE)


def suffering(estado: str) -> Encounter:
    enc = Encounter.start("narrativo", {"estados_extra": GUILD})
    enc.add_character(kaeda(), [ESPADA])  # c1
    enc.set_estado("c1", estado)
    return enc


@pytest.mark.parametrize("ambito", TIRADA_AMBITOS)
@pytest.mark.parametrize("estado", sorted(WHERE))
def test_each_estado_on_each_ambito_of_a_check(estado: str, ambito: str) -> None:
    enc = suffering(estado)
    hit = ambito in WHERE[estado]
    ev = enc.tirada(F(4, 9) if hit else F(4), "c1", "vigor", 9, ambitos=[ambito])
    die = one(ev, TiradaMade).result.roll.die  # type: ignore[attr-defined]
    if hit:
        assert die.faces == (4, 9) and die.natural == 4  # desventaja keeps the worst
        [source] = die.desventaja_sources
        assert source.startswith(f"{estado} (")  # the reply names the estado
    else:
        assert die.faces == (4,) and die.desventaja_sources == ()


@pytest.mark.parametrize("kind", sorted(ROLL_AMBITOS))
@pytest.mark.parametrize("estado", sorted(WHERE))
def test_each_estado_on_attacks_defenses_and_despegarse(estado: str, kind: str) -> None:
    """An attack or a shot is ofensiva and vista, a defense defensa and vista."""
    enc = suffering(estado)
    found = desventajas(enc.state, enc.get("c1"), kind)
    assert bool(found) == bool(WHERE[estado] & set(ROLL_AMBITOS[kind]))
    assert all(s.startswith(f"{estado} (") for s in found)


@pytest.mark.parametrize("estado", sorted(WHERE))
def test_a_check_must_name_its_ambito_while_an_estado_limits_some(estado: str) -> None:
    enc = suffering(estado)
    if estado in MUST_NAME:
        refused(enc, f"Kaeda está {estado} (desventaja en", enc.tirada, F(4), "c1", "vigor", 9)
    else:  # en todo, or nowhere: the ámbito changes nothing
        ev = enc.tirada(F(4, 9) if WHERE[estado] else F(4), "c1", "vigor", 9)
        assert bool(one(ev, TiradaMade).result.roll.die.desventaja_sources) == bool(  # type: ignore[attr-defined]
            WHERE[estado]
        )


def test_retos_take_the_ambito_too() -> None:
    enc = suffering("Quebrantado")
    enc.reto_crear("Convencer al gremio", 12, 2)
    refused(enc, "Kaeda está Quebrantado", enc.reto_tirar, F(7), "r1", "c1", "voluntad")
    refused(enc, "Ámbito desconocido «labia»", enc.reto_tirar, F(7), "r1", "c1", "voluntad",
            ambitos=["labia"])  # fmt: skip
    ev = enc.reto_tirar(F(10, 7), "r1", "c1", "voluntad", ambitos=["social"])
    r = one(ev, RetoRolled)
    assert r.result.roll.die.desventaja_sources == ("Quebrantado (acciones sociales)",)  # type: ignore[attr-defined]
    assert (r.result.roll.total, r.result.margen) == (8, -4)  # type: ignore[attr-defined]
    ev = enc.reto_tirar(F(10), "r1", "c1", "percepcion", ambitos=["vista"])  # not limited
    assert one(ev, RetoRolled).result.roll.die.desventaja_sources == ()  # type: ignore[attr-defined]


def test_outside_an_encounter_the_same_table() -> None:
    """The bot's /tirada without an encounter reads the character's estados the same way."""
    guild = Settings.from_dict({"estados_extra": GUILD}).estados_extra
    keys = [suffering(name).get("c1").estados[0] for name in ("Cegado", "Cojo")]
    assert tirada_desventajas(guild, keys, ["vista"]) == ["Cegado (lo que depende de la vista)"]
    assert tirada_desventajas(guild, keys, ["movimiento"]) == ["Cojo (movimiento)"]
    assert tirada_desventajas(guild, keys, ["otra"]) == []
    with pytest.raises(Exception, match="Kaeda está Cegado"):
        require_ambitos(guild, "Kaeda", keys, [])

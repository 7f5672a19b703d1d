"""Issue 45 §2: ``/tirar`` never ignores an option. In every mode each option it takes
changes the roll, its reading or its reply; any other is refused, naming the options the mode
takes. Through the real command tree (the console), with forced dice."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from bot.console import FakeDiscord
from bot.console.payloads import GUILD_ID
from bot.features.tirar.asked import MODES, NOT_REPEATABLE, ONE_MODE, Asked
from bot.features.tirar.repetir import RepeatButton
from bot.records.rolls import result_from_json
from bot.storage import RollLogEntry
from tests.bot.conftest import Script
from umbral_rules import ForcedDice, UmbralError

#: One value per option, none of them its default (so that taking it must show).
VALUES: dict[str, Any] = {
    "expresion": "2d6",
    "motivo": "Trepar",
    "privada": True,
    "umbral": 9,
    "exitos": ">=4",
    "reserva": 3,
    "bonus": 1,
    "dificultad": 12,
    "porcentaje": 65,
    "habilidad": 50,
    "modificador": -2,
    "agilidad": 4,
}
#: The options each mode takes (docs/dados.md «Las opciones de /tirar en cada modo»).
TAKEN = {
    "expresion": {"umbral", "exitos", "motivo", "privada"},
    "reserva": {"bonus", "dificultad", "modificador", "motivo", "privada"},
    "porcentaje": {"modificador", "motivo", "privada"},
    "habilidad": {"modificador", "motivo", "privada"},
    "agilidad": {"modificador", "motivo", "privada"},
}
#: The dice each roll uses, in order (a reserva's bonus die is the fourth d6).
FACES = {
    "expresion": [5, 3],
    "reserva": [5, 4, 3, 1],
    "porcentaje": [60],
    "habilidad": [49],
    "agilidad": [7],
}


async def log(fake: FakeDiscord) -> list[RollLogEntry]:
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        return await uow.rolls.entries(newest_first=False, limit=None)


async def test_the_issue_example_applies_the_modificador_to_the_pool(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    """Issue 45: 5, 4, 3, 1 keep 5 + 4 + 3 = 12; the −2 makes it 10, over 9 by 1 (it used
    to answer 12 «supera por 3»)."""
    dice.push([5, 4, 3, 1])
    out = await script.run("/tirar reserva:3 bonus:1 modificador:-2 dificultad:9")
    assert "4d6, se guardan los 3 mayores" in out
    assert "5 + 4 + 3 −2 = **10**" in out
    assert "9: supera por 1 · 1 grado(s) de éxito" in out
    assert "supera por 3" not in out and "= **12**" not in out
    [entry] = await log(fake)
    assert entry.result.to_json()["total"] == 10 and entry.result.to_json()["resultado"] == "éxito"
    assert entry.result.to_json()["expresion"] == "4d6 guarda 3 −2"
    dice.push([5, 4, 3, 1])  # the modificador can turn a success into a failure
    out = await script.run("/tirar reserva:3 bonus:1 modificador:-4 dificultad:9")
    assert "5 + 4 + 3 −4 = **8**" in out and "9: no la supera" in out
    dice.push([2, 2])  # and a failure into a success
    out = await script.run("/tirar reserva:2 modificador:5")
    assert "2 + 2 +5 = **9**" in out and "9: supera por 0" in out


async def test_the_modificador_builds_the_chance_of_porcentaje(
    script: Script, dice: ForcedDice
) -> None:
    """Seed 003 (issue 46 connected it; checked here): 80 −8 = 72 against 75 is a miss by 3."""
    dice.push([75])
    out = await script.run("/tirar porcentaje:80 modificador:-8")
    assert "d100: 75 contra 80 % −8 % = 72 %" in out
    assert "Margen −3 → **ROZADURA** (daño ×0.5)" in out
    dice.push([75])
    out = await script.run("/tirar porcentaje:80")
    assert "Margen +5 → **SÓLIDO**" in out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"habilidad": 50, "dificultad": 9},
            "Con «habilidad» valen «modificador», «motivo» y «privada»; «dificultad» no se usa "
            "en ese modo: quítalo.",
        ),
        (
            {"habilidad": 50, "bonus": 1, "dificultad": 9},
            "Con «habilidad» valen «modificador», «motivo» y «privada»; «bonus» y «dificultad» "
            "no se usan en ese modo: quítalos.",
        ),
        (
            {"expresion": "2d6", "modificador": 3},
            "Con «expresion» valen «umbral», «exitos», «motivo» y «privada»; «modificador» no "
            "se usa en ese modo: quítalo.",
        ),
        (
            {"porcentaje": 65, "bonus": 0},
            "Con «porcentaje» valen «modificador», «motivo» y «privada»; «bonus» no se usa en "
            "ese modo: quítalo.",
        ),
        (
            {"agilidad": 4, "dificultad": 12},
            "Con «agilidad» valen «modificador», «motivo» y «privada»; «dificultad» no se usa "
            "en ese modo: quítalo.",
        ),
        (
            {"reserva": 3, "exitos": ">=4"},
            "Con «reserva» valen «bonus», «dificultad», «modificador», «motivo» y «privada»; "
            "«exitos» no se usa en ese modo: quítalo.",
        ),
    ],
)
async def test_an_option_the_mode_does_not_take_is_refused(
    fake: FakeDiscord, dice: ForcedDice, options: dict[str, Any], message: str
) -> None:
    dice.push([4, 4, 4, 4])
    reply = await fake.command("kaeda", "mesa", "tirar", options)
    assert reply.last.ephemeral and reply.last.content == message
    assert await log(fake) == []  # nothing rolled, nothing logged
    assert dice.remaining == (4, 4, 4, 4)


async def run(fake: FakeDiscord, dice: ForcedDice, options: dict[str, Any]) -> object:
    """What a ``/tirar`` with ``options`` answers (each message's visibility, text and
    embeds; the «Repetir» button carries the roll's id, so it is left out), with the same
    dice every time."""
    modes = [m for m in MODES if m in options]
    mode = modes[0] if len(modes) == 1 else "expresion"
    faces = FACES[mode][: 3 + options.get("bonus", 0)] if mode == "reserva" else FACES[mode]
    dice.push(faces)
    reply = await fake.command("kaeda", "mesa", "tirar", options)
    while dice.remaining:  # a refused roll rolls nothing: its faces must not reach the next
        dice.roll(100)
    return [(m.ephemeral, m.recipient, m.content, m.embeds) for m in reply.messages]


def refused(options: dict[str, Any]) -> str | None:
    """The refusal of ``options`` (None: taken), from the one table in ``Asked``."""
    try:
        Asked(**options).mode  # noqa: B018
    except UmbralError as error:
        return str(error)
    return None


async def test_every_pair_of_options_changes_the_roll_or_is_refused(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    """For each mode and each pair of the other options: through the command, either the
    reply is a Spanish refusal that names the options the mode takes, or dropping either
    option of the pair changes the reply (so each one was applied)."""
    seen: dict[frozenset[str], object] = {}

    async def answer(names: frozenset[str]) -> object:
        if names not in seen:
            seen[names] = await run(fake, dice, {n: VALUES[n] for n in names})
        return seen[names]

    others = [name for name in VALUES if name not in MODES]
    accepted = 0
    for mode in MODES:
        for pair in combinations([n for n in VALUES if n != mode], 2):
            names = frozenset({mode, *pair})
            got = await answer(names)
            why = refused({n: VALUES[n] for n in names})
            if why is not None:
                [(ephemeral, _, content, embeds)] = got  # type: ignore[misc]
                assert ephemeral and content == why and not embeds, (names, got)
                if any(n in MODES for n in pair):
                    assert why == ONE_MODE
                else:  # refused for an option the mode does not take, named in the reply
                    extra = set(pair) - TAKEN[mode]
                    assert extra and why.startswith(f"Con «{mode}» valen "), (names, why)
                    assert all(f"«{n}»" in why for n in TAKEN[mode] | extra)
                continue
            assert set(pair) <= TAKEN[mode], names  # taken only when the mode takes both
            accepted += 1
            for dropped in pair:
                without = await answer(names - {dropped})
                assert got != without, f"«{dropped}» no cambia /tirar {sorted(names)}"
    # the table is not «refuse everything»: each mode takes each pair of its own options
    assert accepted == sum(len(list(combinations(TAKEN[m], 2))) for m in MODES)
    assert all(set(others) - TAKEN[m] for m in MODES)  # and every mode refuses something


@pytest.mark.parametrize(
    ("kept", "first_faces", "again"),
    [
        (
            {"reserva": 3, "bonus": 1, "modificador": -2, "dificultad": 9},
            [5, 4, 3, 1],
            "5 + 4 + 3 −2 = **10**",
        ),
        ({"porcentaje": 80, "modificador": -8}, [75], "d100: 75 contra 80 % −8 % = 72 %"),
        ({"agilidad": 4, "modificador": -1}, [7], "7 + 4 −1 = **10**"),
    ],
)
async def test_repetir_keeps_the_options_it_applies(
    fake: FakeDiscord, dice: ForcedDice, kept: dict[str, Any], first_faces: list[int], again: str
) -> None:
    dice.push(first_faces)
    await fake.command("kaeda", "mesa", "tirar", kept)
    dice.push(first_faces)
    reply = await fake.press("kaeda", "mesa", "Repetir")
    assert again in reply.first.text()
    first, second = await log(fake)
    assert first.result.to_json()["opciones"] == second.result.to_json()["opciones"] == kept


@pytest.mark.parametrize(
    ("kept", "message"),
    [
        (
            {"habilidad": 50, "bonus": 2, "dificultad": 9},
            "Esa tirada guardó opciones que /tirar ya no acepta juntas: con «habilidad» valen "
            "«modificador», «motivo» y «privada», no «bonus» ni «dificultad». Vuelve a "
            "escribirla con /tirar.",
        ),
        (
            {"expresion": "1d20", "modificador": 3},
            "Esa tirada guardó opciones que /tirar ya no acepta juntas: con «expresion» valen "
            "«umbral», «exitos», «motivo» y «privada», no «modificador». Vuelve a escribirla "
            "con /tirar.",
        ),
        ({"expresion": "1d20", "habilidad": 50}, NOT_REPEATABLE),
    ],
)
async def test_an_old_entry_with_an_ignored_option_is_not_repeated(
    fake: FakeDiscord, dice: ForcedDice, kept: dict[str, Any], message: str
) -> None:
    """Before issue 45 ``/tirar habilidad:50 bonus:2 dificultad:9`` rolled (ignoring two
    options) and logged them: its «Repetir» refuses in Spanish and rolls nothing."""
    kaeda = fake.user_id("kaeda")
    async with fake.bot.storage.channel(GUILD_ID, fake.channel_id("mesa")) as uow:
        old = await uow.rolls.append(
            user_id=kaeda,
            command="tirar",
            dice=[{"faces": [30], "sides": 100}],
            result=result_from_json(
                {"privada": False, "expresion": "d100", "total": 30, "opciones": kept}
            ),
        )
    dice.push([7])
    reply = await fake.command("kaeda", "mesa", "tirar", {"agilidad": 1})
    # the old roll's reply, as Discord keeps it: its «Repetir» carries the old roll's id
    reply.first.buttons[0]["custom_id"] = RepeatButton(old, kaeda).custom_id
    dice.push([44])
    pressed = await fake.press("kaeda", "mesa", "Repetir")
    assert pressed.last.ephemeral and pressed.last.content == message
    assert len(await log(fake)) == 2 and dice.remaining == (44,)

"""Issue 43: a chain of saved rolls that would expand to a huge expression (``za`` = 1,
``zb`` = 67 × ``za``, ``zc`` = 67 × ``zb``: 67 × ``zc`` is 300,763 terms) is refused by the
roller's bounds — terms, levels, dice — at /dados guardar, at /ficha importar and at /tirar,
measured without building it, with nothing saved or logged; and every roll of an expression,
every saved roll's check, runs off the event loop. Nothing here is timed: the work a refusal
costs is counted, and off the loop is what :class:`tests.loopcheck.OffLoop` sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import FakeDiscord
from tests.bot.test_dados import saved
from tests.bot.test_off_loop import current
from tests.loopcheck import OffLoop
from umbral_rules import ForcedDice
from umbral_rules.roller import MAX_DICE, MAX_NESTING, MAX_TERMS, parse
from umbral_rules.roller import expansion as expansion_module
from umbral_rules.roller.saved import Shelf

ZA, ZB, ZC = "1", "+".join(["za"] * 67), "+".join(["zb"] * 67)
BOMB = "+".join(["zc"] * 67)  # 67³ = 300,763 ones and the «+» between them
DEEP = "-" * 199 + "1"  # 200 levels: the most one expression typed whole reaches
TOO_BIG = f"como mucho {MAX_TERMS}"
TOO_DEEP = f"como mucho {MAX_NESTING}"
TOO_MANY_DICE = f"como mucho {MAX_DICE} por tirada"


async def put(fake: FakeDiscord, owner: int, *pairs: tuple[str, str]) -> None:
    """Saved rolls written straight to the database, as one saved before issue 43 was."""
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        for nombre, expresion in pairs:
            await uow.saved_rolls.put(owner, nombre, expresion)


async def logged(fake: FakeDiscord) -> int:
    async with fake.bot.storage.guild(fake.guild.id) as uow:  # type: ignore[attr-defined]
        return len(await uow.rolls.entries(limit=100))


async def guardar(fake: FakeDiscord, nombre: str, expresion: str) -> str:
    reply = await fake.command(
        "kaeda", "mesa", "dados guardar", {"nombre": nombre, "expresion": expresion}
    )
    return reply.first.text()


def test_measuring_the_bomb_costs_the_bound_not_the_expansion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each saved roll is measured once; the walk stops once past the bound: the steps it
    takes are counted (never more than the bound's terms), not the 300,763 it would build."""
    steps: list[int] = []
    count = expansion_module._Measure.count

    def counted(self: expansion_module._Measure, terms: int, *rest: object) -> None:
        steps.append(terms)
        count(self, terms, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(expansion_module._Measure, "count", counted)
    shelf = Shelf([("za", ZA), ("zb", ZB), ("zc", ZC)])
    with pytest.raises(Exception, match=f"al menos 1063 términos.*{TOO_BIG}"):
        parse(BOMB, shelf)
    assert len(steps) <= MAX_TERMS
    assert sum(steps) <= MAX_TERMS + len(ZC)  # the last step may add a whole measured roll
    assert [u.nombre for u in shelf.used] == ["zc", "zb", "za"]


async def test_the_bomb_is_refused_when_saved_and_nothing_is_saved(fake: FakeDiscord) -> None:
    assert "Tirada guardada" in await guardar(fake, "za", ZA)
    assert "Tirada guardada" in await guardar(fake, "zb", ZB)  # 133 terms: kept
    refused = await guardar(fake, "zc", ZC)
    assert refused.startswith(
        "Demasiado grande: con las tiradas guardadas que nombra, la expresión tendría al "
        f"menos 1130 términos (números, dados y operaciones); {TOO_BIG} (en «zb+zb+"
    )
    assert "posición 22: «zb»" in refused  # the eighth zb passes the bound
    assert await saved(fake, fake.user_id("kaeda")) == [("za", "1"), ("zb", ZB)]


async def test_a_chain_too_deep_or_with_too_many_dice_is_refused_when_saved(
    fake: FakeDiscord,
) -> None:
    await guardar(fake, "hondo", DEEP)  # 200 levels, written whole: kept
    deeper = await guardar(fake, "mas", "-hondo")
    assert "Demasiado anidada" in deeper and "al menos a 201 niveles" in deeper
    assert TOO_DEEP in deeper
    await guardar(fake, "cien", "100d6")
    await guardar(fake, "doscientos", "cien+cien")  # 200 dice: kept
    dice = await guardar(fake, "trescientos", "doscientos+cien")
    assert "Demasiados dados" in dice and "tiraría al menos 300" in dice
    assert TOO_MANY_DICE in dice
    assert [n for n, _ in await saved(fake, fake.user_id("kaeda"))] == [
        "cien",
        "doscientos",
        "hondo",
    ]


@pytest.mark.parametrize(
    ("saved_rows", "expresion", "bound"),
    [
        ([("za", ZA), ("zb", ZB), ("zc", ZC)], BOMB, "Demasiado grande"),  # saved before
        ([("za", ZA), ("zb", ZB)], "+".join(["zb"] * 8), "Demasiado grande"),
        ([("hondo", DEEP)], "-hondo", "Demasiado anidada"),
        ([("cien", "100d6")], "cien+cien+cien", "Demasiados dados"),
    ],
)
async def test_the_bomb_is_refused_at_tirar_and_nothing_is_logged(
    fake: FakeDiscord,
    dice: ForcedDice,
    saved_rows: list[tuple[str, str]],
    expresion: str,
    bound: str,
) -> None:
    """Rows saved before the bounds existed (or saved rolls combined at /tirar) are
    refused when rolled, before anything is built or drawn."""
    await put(fake, fake.user_id("kaeda"), *saved_rows)
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": expresion})
    assert reply.first.ephemeral
    assert reply.first.text().startswith(bound)
    assert await logged(fake) == 0
    dice.push([4])
    rolled = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d6"})
    assert "= 4" in rolled.first.text()  # the next player's roll goes on as ever


async def test_the_largest_rolls_within_the_bounds_roll(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    """Within the bounds nothing legitimate is refused: 999 terms, 200 levels, 200 dice."""
    cien = "+".join(["1"] * 100)
    for nombre, expresion in [
        ("cien", cien),
        ("grande", "cien+cien+cien+cien+cien"),
        ("hondo", DEEP),
        ("dados", "100d6"),
        ("todos", "dados+dados"),
    ]:
        assert "Tirada guardada" in await guardar(fake, nombre, expresion)
    big = await fake.command("kaeda", "mesa", "tirar", {"expresion": "6 grande; 6 grande"})
    assert big.first.text().count("= 500: 1 + 1 + 1") == 12
    deep = await fake.command("kaeda", "mesa", "tirar", {"expresion": "hondo"})
    assert "`hondo` = -1: " in deep.first.text()  # 199 signs «-»
    dice.push([3] * 200)
    many = await fake.command("kaeda", "mesa", "tirar", {"expresion": "todos"})
    assert "`todos` = 600" in many.first.text()
    assert await logged(fake) == 3


async def test_the_bomb_is_refused_when_imported_and_nothing_is_saved(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    archivo = tmp_path / "bomba.yaml"
    lines = ["tiradas:"]
    for nombre, expresion in [("za", ZA), ("zb", ZB), ("zc", ZC), ("zd", ZC.replace("b", "c"))]:
        lines += [f"  - nombre: {nombre}", f"    expresion: '{expresion}'"]
    archivo.write_text("\n".join(lines) + "\n", encoding="utf-8")
    reply = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": str(archivo)})
    text = reply.first.text()
    assert "la tirada guardada «zc»" in text
    assert "Demasiado grande" in text and TOO_BIG in text
    assert await saved(fake, fake.user_id("kaeda")) == []


async def test_rolling_an_expression_runs_off_the_loop(
    fake: FakeDiscord, dice: ForcedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    rolling = current("bot.features.tirar.rolling")
    witness = OffLoop(rolling.roll_asked)
    monkeypatch.setattr(rolling, "roll_asked", witness)
    await put(fake, fake.user_id("kaeda"), ("ataque", "1d12+5"))
    dice.push([7, 2])
    async with witness.watching():
        first = await fake.command("kaeda", "mesa", "tirar", {"expresion": "ataque+2"})
        refused = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d6+"})
        second = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d6"})
    assert "`ataque+2` = 14" in first.first.text()
    assert refused.first.ephemeral and "No entiendo «1d6+»" in refused.first.text()
    assert "`1d6` = 2" in second.first.text()
    witness.check(calls=2)  # «1d6+» is refused as it is read for names, before rolling


async def test_checking_a_saved_roll_runs_off_the_loop(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = current("bot.features.dados.service")
    check = OffLoop(service.check_saved)
    entries = OffLoop(service.check_entries)
    monkeypatch.setattr(service, "check_saved", check)
    monkeypatch.setattr(service, "check_entries", entries)
    archivo = tmp_path / "k.yaml"
    archivo.write_text("tiradas:\n  - nombre: doble\n    expresion: ataque*2\n", encoding="utf-8")
    async with check.watching(), entries.watching():
        assert "Tirada guardada" in await guardar(fake, "ataque", "1d12+5")
        reply = await fake.command("kaeda", "mesa", "ficha importar", {"archivo": str(archivo)})
    assert "Tiradas guardadas nuevas: 1." in reply.last.text()
    check.check(calls=2)  # /dados guardar's, and the file's entry's inside check_entries
    entries.check()

"""/tirar and /historial through the real command tree."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console import FakeDiscord
from bot.console.payloads import GUILD_ID
from bot.features.tirar.expression import roll_expression
from bot.records.rolls import result_from_json
from tests.bot.conftest import Script
from umbral_rules import ForcedDice, RandomDice, UmbralError


async def test_an_expression_with_forced_dice(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push([6, 1, 3, 2, 4])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "5d6kh3", "motivo": "Pelea"})
    msg = reply.last
    assert not msg.ephemeral
    assert msg.title == "Tirada"
    assert "`5d6kh3` = 13" in msg.text()


async def test_umbral_grades_any_expression_with_bands_of_four(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([9])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12+4", "umbral": 12})
    assert reply.last.field("Contra Umbral") == "13 contra 12: margen +1 (bandas de 4) → **Éxito**"


async def test_success_counting_and_several_expressions(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([8, 2, 10, 7, 5, 5])
    reply = await fake.command(
        "kaeda", "mesa", "tirar", {"expresion": "4d10; 2d6", "exitos": ">=7"}
    )
    text = reply.last.text()
    assert "Éxitos: **3**" in text and "Éxitos: **0**" in text


async def test_the_seed_systems(script: Script, dice: ForcedDice) -> None:
    dice.push([4, 1, 2, 6, 4])
    out = await script.run("/tirar reserva:3 bonus:2 dificultad:9")
    assert "4 + 6 + 4 = **14**" in out and "9: supera por 5" in out
    assert "Valor pasivo: 3 × 4 + 2 = 14" in out
    dice.push([4, 1, 2])
    out = await script.run("/tirar reserva:3")
    assert "= **7**" in out and "9: no la supera" in out
    dice.push([40])
    out = await script.run("/tirar porcentaje:65")
    assert "d100: 40 contra 65 %" in out and "**CRÍTICO** (daño ×1.4)" in out
    dice.push([75])  # issue 46: the modifier builds the chance before the roll is read
    out = await script.run("/tirar porcentaje:80 modificador:-8")
    assert "d100: 75 contra 80 % −8 % = 72 %" in out
    assert "Margen −3 → **ROZADURA** (daño ×0.5)" in out
    dice.push([97])
    out = await script.run("/tirar habilidad:50 modificador:10")
    assert "d100: 97 bajo 50 % +10 % = 60 %" in out and "**PIFIA**" in out
    dice.push([7])
    out = await script.run("/tirar agilidad:4")
    assert "7 + 4 = **11**" in out


async def test_refusals_are_spanish_and_ephemeral(fake: FakeDiscord) -> None:
    none = await fake.command("kaeda", "mesa", "tirar", {})
    assert none.last.ephemeral and none.last.content.startswith("Indica una sola cosa")
    both = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d6", "reserva": 2})
    assert both.last.content.startswith("Indica una sola cosa")
    bad = await fake.command("kaeda", "mesa", "tirar", {"expresion": "2d6+*"})
    assert bad.last.ephemeral and "posición" in bad.last.content
    many = await fake.command("kaeda", "mesa", "tirar", {"expresion": "999d6"})
    assert "Demasiados dados" in many.last.content
    wrong = await fake.command("kaeda", "mesa", "tirar", {"reserva": 2, "umbral": 9})
    assert "solo valen con «expresion»" in wrong.last.content
    history = await fake.command("kaeda", "mesa", "historial")
    assert "No hay tiradas" in history.last.text()  # refused rolls log nothing


async def test_a_private_roll_never_shows_in_the_channel(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([17])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d20", "privada": True})
    assert all(m.ephemeral and m.recipient == "kaeda" for m in reply.messages)
    public = [m for m in fake.messages if not m.ephemeral]
    assert not any("17" in m.text() for m in public)
    other = await fake.command("bran", "mesa", "historial")
    assert "(tirada privada)" in other.last.text() and "[17]" not in other.last.text()
    own = await fake.command("kaeda", "mesa", "historial")
    assert "[17]" in own.last.text()
    gm = await fake.command("master", "mesa", "historial")
    assert "[17]" in gm.last.text()


async def test_history_lists_who_when_and_the_dice(script: Script, dice: ForcedDice) -> None:
    dice.push([3, 4, 12])
    await script.run("@kaeda", "/tirar expresion:2d6", "@bran", "/tirar expresion:1d12")
    out = await script.run("@master", "/historial n:5")
    assert "/tirar · `2d6` · dados [3, 4] · = 7" in out
    assert "/tirar · `1d12` · dados [12] · = 12" in out
    assert out.index("1d12") < out.index("2d6")  # newest first
    out = await script.run("/historial n:1")
    assert "2d6" not in out


EXPRESSIONS = st.text(alphabet="0123456789d+-*/()khlpe<>=!.,% ;mirxoa", max_size=30)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(text=EXPRESSIONS)
def test_every_expression_rolls_or_gives_a_spanish_error(text: str) -> None:
    try:
        rolled = roll_expression(text, RandomDice(7))
    except UmbralError as err:
        assert str(err)
        return
    assert isinstance(rolled.total, int)
    assert all(face >= 1 for face in rolled.faces)


async def test_a_private_roll_reaches_the_gm_channel(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    shown = await script.run("@master", "/config canal_master:#trastienda")
    assert "Tiradas privadas: también a" in shown
    dice.push([5])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d20+1", "privada": True})
    mine, *_ = reply.messages
    assert mine.ephemeral and mine.recipient == "kaeda" and "(enviada a su canal)" in mine.text()
    copies = [m for m in fake.messages if m.channel == "trastienda"]
    assert len(copies) == 1 and not copies[0].ephemeral
    assert copies[0].title == "Tirada privada de kaeda" and "= 6" in copies[0].text()
    assert not any(
        "= 6" in m.text() for m in fake.messages if m.channel == "mesa" and not m.ephemeral
    )


async def test_history_filters_by_user_and_channel(script: Script, dice: ForcedDice) -> None:
    dice.push([2, 5, 6])
    await script.run(
        "@kaeda",
        "/tirar expresion:1d6",
        "@bran",
        "/tirar expresion:1d6",
        "#taberna",
        "/tirar expresion:1d6",
    )
    out = await script.run("#mesa", "@master", "/historial usuario:@kaeda")
    assert "dados [2]" in out and "dados [5]" not in out
    out = await script.run("/historial canal:#taberna")
    assert "dados [6]" in out and "dados [2]" not in out


async def test_sets_and_dropped_dice_through_the_tree(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push([1, 5, 4, 1, 6, 6, 2, 3, 3, 4, 5, 6])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "3 4d6kh3"})
    msg = reply.last
    # issue 35: the expression and its total once (the field's name), the dice below
    assert msg.field("`4d6kh3` · 1 de 3 = 10") == "1, 5, 4, ~~1~~"
    assert msg.field("`4d6kh3` · 2 de 3 = 15") == "6, 6, ~~2~~, 3"
    assert msg.field("`4d6kh3` · 3 de 3 = 15") == "~~3~~, 4, 5, 6"
    assert msg.field("Totales") == "10, 15, 15"


async def test_an_unreadable_expression_points_to_the_dice_help(fake: FakeDiscord) -> None:
    bad = await fake.command("kaeda", "mesa", "tirar", {"expresion": "3d6?"})
    assert bad.last.ephemeral
    assert "esperaba el final y encontré «?»" in bad.last.content
    assert "`/ayuda tema:tirar`" in bad.last.content
    help_ = await fake.command("kaeda", "mesa", "ayuda", {"tema": "tirar"})
    text = help_.last.text()
    assert help_.last.ephemeral and help_.last.title == "Ayuda: /tirar"
    for example in ("`4d6kh3`", "`3d6!`", "`6 4d6kh3`", "`d%`", "~~1~~", "(6!, 2, 4)"):
        assert example in text


async def test_history_names_people_by_their_server_name_even_unseen_ones(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([3, 4, 12])
    await script.run("@kaeda", "/tirar expresion:2d6", "@bran", "/tirar expresion:1d12")
    gone = 800_000_000_000_000_123  # someone who rolled, then left the server
    async with fake.bot.storage.channel(GUILD_ID, fake.channel_id("mesa")) as uow:
        await uow.rolls.append(
            user_id=gone,
            command="tirar",
            dice=[{"faces": [4]}],
            result=result_from_json({"expresion": "1d6"}),
        )
    out = await script.run("@master", "/historial n:5")
    assert " · kaeda · /tirar · `2d6`" in out and " · bran · /tirar · `1d12`" in out
    assert " · alguien que ya no está en el servidor · /tirar · `1d6`" in out, out
    assert "<@" not in out and str(gone) not in out
    names = fake.bot.get_cog("TirarCog").member_names  # type: ignore[union-attr]
    assert names.cached(GUILD_ID, fake.user_id("bran")) == "bran"  # fetched once, kept
    assert names.cached(GUILD_ID, gone) is None


async def test_a_form_the_peers_read_differently_says_how_it_was_read(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    """Issue 35: «4d6k3» keeps the 3 highest (Roll20, Foundry, Dice Maiden), and says so in
    the one line: the expression and its total once, then the dice."""
    dice.push([3, 5, 6, 1])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "4d6k3"})
    assert reply.last.field("`4d6k3` (los 3 mayores) = 14") == "3, 5, 6, ~~1~~"
    dice.push([4, 1, 6])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "3d6>3"})
    assert reply.last.field("`3d6>3` (cuenta los dados ≥3) = 2 éxitos") == "**4**, 1, **6**"


async def test_the_comment_is_the_motivo_and_the_log_keeps_every_face(
    fake: FakeDiscord, dice: ForcedDice
) -> None:
    dice.push([6, 2, 3, 6, 1])
    reply = await fake.command(
        "kaeda", "mesa", "tirar", {"expresion": "3d6 e6 ! Daño *fuego*", "motivo": "Tajo"}
    )
    msg = reply.last
    assert msg.embeds[0]["description"] == "Tajo · Daño \\*fuego\\*"  # escaped
    assert msg.field("`3d6 e6` = 17") == "6!, 2, 3, 6"
    async with fake.bot.storage.channel(GUILD_ID, fake.channel_id("mesa")) as uow:
        (entry,) = await uow.rolls.entries(limit=1)
    assert entry.motivo == "Tajo · Daño *fuego*"
    assert entry.dice == [
        {
            "expresion": "3d6 e6",
            "faces": [6, 2, 3, 6],
            "dados": [[6, 6, "exploded"], [6, 2, "kept"], [6, 3, "kept"], [6, 6, "kept"]],
        }
    ]


async def test_exitos_with_an_expression_that_counts_is_refused(fake: FakeDiscord) -> None:
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "5d10 t8", "exitos": ">=8"})
    assert reply.last.ephemeral and "ya cuenta sus éxitos" in reply.last.content
    history = await fake.command("kaeda", "mesa", "historial")
    assert "No hay tiradas" in history.last.text()


async def test_the_systems_through_the_tree(fake: FakeDiscord, dice: ForcedDice) -> None:
    dice.push([43, 7])
    reply = await fake.command("kaeda", "mesa", "tirar", {"expresion": "coc55b1"})
    assert reply.last.field("`coc55b1` = 43") == (
        "decenas 40, 70 con bonificación, unidades 3 → 43 · contra 55 (difícil 27, extremo 11)"
        " · Éxito normal"
    )


async def test_issue43_what_tables_type_reads_as_meant(fake: FakeDiscord, dice: ForcedDice) -> None:
    """Dice Maiden's «p» makes the roll private; trailing words are the motivo (said in the
    reply); «ventaja» rolls two d20 and keeps the higher; RyF's middle die."""
    dice.push([17])
    private = await fake.command("kaeda", "mesa", "tirar", {"expresion": "p 1d20"})
    assert all(m.ephemeral and m.recipient == "kaeda" for m in private.messages)
    assert "privada, como `privada:sí`" in private.last.text()
    dice.push([9])
    motivo = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d20+5 Iniciativa"})
    text = motivo.last.text()
    assert "Iniciativa" in text and "(el texto del final es el motivo) = 14" in text
    dice.push([3, 17])
    ventaja = await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d20+2 ventaja"})
    assert "(ventaja: el mayor de 2d20) = 19" in ventaja.last.text()
    dice.push([3, 10, 10, 3, 4, 7])
    ryf = await fake.command("kaeda", "mesa", "tirar", {"expresion": "5+3+1o3d10"})
    assert "`5+3+1o3d10` = 22" in ryf.last.text()
    refused = await fake.command("kaeda", "mesa", "tirar", {"expresion": "5d10>=8"})
    assert refused.last.ephemeral and "`5d10 t8`" in refused.last.content
    assert "¿Querías" not in refused.last.content

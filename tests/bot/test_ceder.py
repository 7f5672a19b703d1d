"""``/ficha ceder`` (issue 18, item 5) through real slash payloads: the GM hands a character
to another player or keeps it as an ally; in a fight its combatant changes owner in the same
transaction, and ``/deshacer`` gives it back (or refuses, changing nothing)."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from bot.console.payloads import GUILD_ID
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.bot.test_custodia import BRAN, G, sheet_text
from tests.hardening.hostile import dump
from umbral_rules import ForcedDice


async def test_ceder_outside_a_fight_and_deshacer(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA, *BRAN)
    kaeda, bran = fake.user_id("kaeda"), fake.user_id("bran")
    ceded = await fake.command(
        "master", "plaza", "ficha ceder", {"personaje": "Íñigo", "a": "@bran"}
    )
    notice = ceded.first
    assert not notice.ephemeral and notice.title == "Íñigo cambia de manos"
    assert f"Ahora es de @{bran} (antes, de @{kaeda})." in notice.text()
    assert "/deshacer aquí lo devuelve." in notice.text()
    assert f"de @{bran}" in await sheet_text(fake, "bran", "Íñigo")
    kaeda_list = await fake.command("kaeda", "plaza", "ficha lista")
    assert "Íñigo" not in kaeda_list.first.text()
    bran_list = await fake.command("bran", "plaza", "ficha lista")
    assert "▶ Bran (activo)\n• Íñigo" in bran_list.first.text()  # not made active
    used = await fake.command("bran", "plaza", "ficha usar", {"personaje": "Íñigo"})
    assert used.first.title == "Íñigo es ahora tu personaje activo"
    await fake.command("bran", "plaza", "ficha usar", {"personaje": "Bran"})

    preview = await fake.command("master", "plaza", "deshacer")
    assert f"Íñigo vuelve a ser de @{kaeda}" in preview.first.text()
    pressed = await fake.press("master", "plaza", "Deshacer")
    assert any("deshizo /ficha ceder" in m.text() for m in pressed.messages)
    assert f"de @{kaeda}" in await sheet_text(fake, "kaeda", "Íñigo")

    to_gm = await fake.command("master", "plaza", "ficha ceder", {"personaje": "Bran"})
    assert "Queda como aliado que lleva el máster." in to_gm.first.text()
    gm_list = await fake.command("master", "plaza", "ficha lista")
    assert "**master**\n▶ Bran (activo)" not in gm_list.first.text()  # nobody's active one
    assert "**master**\n• Bran" in gm_list.first.text()


async def test_ceder_in_a_fight_changes_the_combatant_in_the_same_transaction(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session
) -> None:
    await script.run(*GUARDIA, *KAEDA, *BRAN, "@master", "/encuentro empezar")
    await script.run('/encuentro enemigos nombre:"Ñu del puerto"', "@kaeda", "/encuentro unirse")
    bran = fake.user_id("bran")
    mesa = fake.channel_id("mesa")
    ceded = await fake.command(
        "master", "plaza", "ficha ceder", {"personaje": "Íñigo", "a": "@bran"}
    )
    text = ceded.first.text()
    assert f"En el encuentro de <#{mesa}> ya lo controla su nuevo dueño." in text
    assert f"/deshacer en <#{mesa}> lo devuelve." in text
    async with session.storage.channel(GUILD_ID, mesa) as uow:
        enc = await uow.encounter.require()
        fighter = next(c for c in enc.combatants if c.nombre == "Íñigo")
        row = await uow.characters.get(fighter.character_id)
        assert fighter.owner_id == bran and row is not None and row.owner_id == bran
        assert row.encounter_id == uow.encounter.info.id and not row.is_active
        assert not uow.encounter.refreshed  # the fight agrees with the sheet's version
    refused = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu del puerto"})
    assert refused.first.ephemeral
    dice.push([11])
    hit = await fake.command(
        "bran", "mesa", "atacar", {"objetivo": "Ñu del puerto", "atacante": "Íñigo"}
    )
    assert not hit.first.ephemeral and "Íñigo" in hit.first.text()

    await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 9}
    )
    preview = await fake.command("master", "mesa", "deshacer")  # not refused: in agreement
    assert "Íñigo: Aguante 9 → 16" in preview.first.text()
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert any("deshizo /encuentro ajustar" in m.text() for m in pressed.messages)


async def test_deshacer_gives_a_ceded_fighter_back(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session
) -> None:
    await script.run(*GUARDIA, *KAEDA, *BRAN, "@master", "/encuentro empezar")
    await script.run(f'/encuentro enemigos nombre:"{G}"', "@kaeda", "/encuentro unirse")
    kaeda, mesa = fake.user_id("kaeda"), fake.channel_id("mesa")
    await fake.command("master", "mesa", "ficha ceder", {"personaje": "Íñigo"})
    preview = await fake.command("master", "mesa", "deshacer")
    assert f"Íñigo: vuelve a ser de @{kaeda}" in preview.first.text()
    await fake.press("master", "mesa", "Deshacer")
    async with session.storage.channel(GUILD_ID, mesa) as uow:
        enc = await uow.encounter.require()
        fighter = next(c for c in enc.combatants if c.nombre == "Íñigo")
        row = await uow.characters.get(fighter.character_id)
        assert fighter.owner_id == kaeda and row is not None and row.owner_id == kaeda
        assert not uow.encounter.refreshed
    dice.push([11])
    acts = await fake.command("kaeda", "mesa", "atacar", {"objetivo": G})
    assert not acts.first.ephemeral  # hers again: she acts with it


async def test_deshacer_of_ceder_is_refused_when_the_old_owner_reused_the_name(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, *BRAN, "@master", "/ficha ceder personaje:Íñigo a:@bran")
    await script.run(
        "@kaeda",
        "/ficha crear nombre:Íñigo vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0",
    )
    kaeda = fake.user_id("kaeda")
    await fake.command("master", "mesa", "deshacer")
    before = await dump(fake)
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert pressed.first.ephemeral
    assert pressed.first.content == (
        f"<@{kaeda}> tiene ahora otro personaje llamado «Íñigo»: no se deshace nada."
    )
    assert await dump(fake) == before


async def test_deshacer_of_ceder_in_a_fight_is_refused_when_the_name_was_reused(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*GUARDIA, *KAEDA, *BRAN, "@master", "/encuentro empezar")
    await script.run("@kaeda", "/encuentro unirse", "@master", "/ficha ceder personaje:Íñigo")
    await script.run(
        "@kaeda",
        "/ficha crear nombre:Íñigo vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0",
    )
    kaeda = fake.user_id("kaeda")
    preview = await fake.command("master", "mesa", "deshacer")
    assert "¿Deshacer /ficha ceder?" in preview.first.text()
    before = await dump(fake)
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert pressed.first.content == (
        f"<@{kaeda}> tiene ahora otro personaje llamado «Íñigo»: no se deshace nada."
    )
    assert await dump(fake) == before

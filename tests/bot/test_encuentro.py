"""/encuentro, /asalto, /tirada and /reto through real interactions."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice


async def test_empezar_is_for_the_gm_and_once_per_channel(fake: FakeDiscord) -> None:
    refused = await fake.command("kaeda", "mesa", "encuentro empezar")
    assert refused.first.ephemeral
    assert refused.first.content.startswith("Solo el máster puede empezar un encuentro")
    started = await fake.command("master", "mesa", "encuentro empezar", {"modo": "tactico"})
    assert started.first.title == "Empieza el encuentro"
    assert started.events[1].message.title.startswith("Encuentro en Táctico — asalto 1")
    again = await fake.command("master", "mesa", "encuentro empezar")
    assert "Ya hay un encuentro activo en este canal" in again.first.content
    other = await fake.command("master", "taberna", "encuentro empezar")
    assert other.first.title == "Empieza el encuentro"  # one per channel


async def test_default_mode_comes_from_config(fake: FakeDiscord) -> None:
    await fake.command("master", "mesa", "config", {"modo": "narrativo"})
    started = await fake.command("master", "mesa", "encuentro empezar")
    assert "Encuentro en Narrativo" in started.events[1].message.title


async def test_enemigos_numbered_and_unirse(script: Script, fake: FakeDiscord) -> None:
    await script.run(*GUARDIA, *KAEDA, "@master", "/encuentro empezar")
    two = await fake.command(
        "master", "mesa", "encuentro enemigos", {"nombre": "Ñu del puerto", "cantidad": 2}
    )
    text = two.first.text()
    assert "Ñu del puerto 1 entra" in text and "Ñu del puerto 2 entra" in text
    missing = await fake.command("master", "mesa", "encuentro enemigos", {"nombre": "Dragón"})
    assert missing.first.content == (
        "No hay ningún «Dragón» en el bestiario: el máster lo añade con /bestiario añadir."
    )
    player = await fake.command("kaeda", "mesa", "encuentro enemigos", {"nombre": "Ñu del puerto"})
    assert player.first.content.startswith("Solo el máster puede sacar enemigos")
    joined = await fake.command("kaeda", "mesa", "encuentro unirse")
    assert "Íñigo entra en el combate" in joined.first.text()
    twice = await fake.command("kaeda", "mesa", "encuentro unirse")
    assert twice.first.ephemeral
    nochar = await fake.command("bran", "mesa", "encuentro unirse")
    assert "No tienes personaje activo" in nochar.first.content
    ver = await fake.command("bran", "mesa", "encuentro ver")
    assert ver.first.ephemeral and "Ñu del puerto 2** — Aguante 14/14" in ver.first.text()


async def test_the_creator_is_gm_of_their_encounter(script: Script, fake: FakeDiscord) -> None:
    await script.run(*GUARDIA)
    await fake.command("master", "mesa", "config", {"rol_master": "@everyone"})
    started = await fake.command("lia", "mesa", "encuentro empezar")
    assert started.first.title == "Empieza el encuentro"
    await fake.command("master", "mesa", "config", {"rol_master": "Máster"})
    creator = await fake.command("lia", "mesa", "asalto")
    assert creator.first.title == "Asalto 1: actúan los enemigos"
    other = await fake.command("kaeda", "mesa", "asalto")
    assert other.first.content.startswith("Solo el máster puede pasar el asalto")


async def test_asalto_reports_who_has_not_acted(script: Script, fake: FakeDiscord) -> None:
    await script.run(
        *GUARDIA, *KAEDA, "@master", "/encuentro empezar", "@kaeda", "/encuentro unirse"
    )
    first = await fake.command("master", "mesa", "asalto")
    assert "Íñigo" in first.first.text()
    second = await fake.command("master", "mesa", "asalto")
    assert second.first.title == "Asalto 2: actúan los jugadores"


async def test_terminar_with_summary(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    await script.run(
        *GUARDIA,
        *KAEDA,
        "@master",
        "/encuentro empezar",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse",
    )
    dice.push([9])
    await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    refused = await fake.command("kaeda", "mesa", "encuentro terminar")
    assert refused.first.ephemeral
    ended = await fake.command("master", "mesa", "encuentro terminar")
    assert ended.first.title.startswith("Encuentro terminado (Mesa)")
    assert "Ñu del puerto** — Aguante 10/14" in ended.first.text()
    assert ended.first.embeds[0]["footer"]["text"] == "1 tirada registrada en este encuentro."
    assert ended.events[1].kind == "edit"
    none = await fake.command("master", "mesa", "encuentro ver")
    assert none.first.content == (
        "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
    )


async def test_tirada_outside_and_inside_an_encounter(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session
) -> None:
    await script.run(*KAEDA)
    dice.push([9])
    reply = await fake.command(
        "kaeda",
        "mesa",
        "tirada",
        {"atributo": "vigor", "umbral": 12, "oficio": "contrabandista", "cobertura": "mitad"},
    )
    msg = reply.first
    assert msg.title == "Íñigo: Vigor contra Umbral Peliaguda (12)"
    assert msg.field("Margen") == "+1 (bandas de 4)" and msg.field("Grado") == "Éxito"
    await script.run("@master", "/encuentro empezar", "/estado poner objetivo:x estado:Aturdido")
    await script.run(
        "@kaeda", "/encuentro unirse", "@master", "/estado poner objetivo:Íñigo estado:Aturdido"
    )
    dice.push([3, 10])
    inside = await fake.command("kaeda", "mesa", "tirada", {"atributo": "vigor", "umbral": 9})
    assert "2d12 con desventaja (Aturdido (todo)): [3] y 10" in inside.first.text()
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        assert await uow.rolls.count() == 2


async def test_tirada_refusals(script: Script, fake: FakeDiscord) -> None:
    nochar = await fake.command("kaeda", "mesa", "tirada", {"atributo": "vigor", "umbral": 9})
    assert "No tienes personaje activo" in nochar.first.content
    await script.run(*KAEDA)
    bad = await fake.command(
        "kaeda", "mesa", "tirada", {"atributo": "vigor", "umbral": 9, "oficio": "cocina"}
    )
    assert bad.first.content == "Íñigo no tiene el Oficio «cocina»."
    choices = await fake.autocomplete(
        "kaeda", "mesa", "tirada", {"atributo": "vigor", "umbral": 9, "oficio": "con"}, "oficio"
    )
    assert [c["value"] for c in choices] == ["contrabandista"]


async def test_reto_flow(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    await script.run(*KAEDA)
    refused = await fake.command(
        "kaeda", "mesa", "reto crear", {"nombre": "Puerto", "umbral": 12, "exitos": 2}
    )
    assert refused.first.content.startswith("Solo el máster puede crear retos")
    created = await fake.command(
        "master",
        "mesa",
        "reto crear",
        {"nombre": "Cruzar el puerto", "umbral": 12, "exitos": 2, "coste": "un aliado"},
    )
    assert "El reto no abre ningún encuentro" in created.first.text()
    dice.push([9, 2])
    ok = await fake.command(
        "kaeda", "mesa", "reto tirar", {"atributo": "destreza", "oficio": "contrabandista"}
    )
    assert "Éxitos 1/2, 0 fracasos." in ok.first.text()  # 9 + 3 + 2 = 14 against 12
    # [D] one repetition of an Oficio is allowed: 2 + 5 = 7, a fracaso that costs
    repeated = await fake.command(
        "kaeda", "mesa", "reto tirar", {"atributo": "destreza", "oficio": "contrabandista"}
    )
    assert "Fracaso: un fracaso (un aliado). Éxitos 1/2, 1 fracaso." in repeated.first.text()
    third = await fake.command(
        "kaeda", "mesa", "reto tirar", {"atributo": "destreza", "oficio": "contrabandista"}
    )
    assert third.first.content == (
        "Íñigo ya usó el Oficio contrabandista 2 veces en este reto: cada uno solo puede "
        "repetir un mismo Oficio una vez. Propón otra forma."
    )
    choices = await fake.autocomplete("kaeda", "mesa", "reto terminar", {"reto": "cru"}, "reto")
    assert [c["value"] for c in choices] == ["Cruzar el puerto"]
    ver = await fake.command("kaeda", "mesa", "reto ver")
    assert ver.first.ephemeral and "Cruzar el puerto" in ver.first.text()
    ended = await fake.command("master", "mesa", "reto terminar", {"reto": "Cruzar el puerto"})
    assert "terminado sin lograrlo" in ended.first.text()
    assert "el canal queda libre" in ended.first.text()
    closed = await fake.command("kaeda", "mesa", "reto tirar", {"atributo": "vigor"})
    assert "No hay ningún reto abierto" in closed.first.content


async def test_ayuda_says_what_to_type_next(script: Script, fake: FakeDiscord) -> None:
    nothing = await fake.command("kaeda", "mesa", "ayuda")
    assert nothing.first.field("Ahora").startswith("Crea tu ficha: /ficha crear")
    gm = await fake.command("master", "mesa", "ayuda", {"para": "master"})
    assert "/encuentro empezar modo:mesa" in gm.first.field("Ahora")
    assert [f["name"] for f in gm.first.embeds[0]["fields"]][1:] == [
        "Si diriges (máster)",
        "Campaña",
    ]
    await script.run(*GUARDIA, *KAEDA, "@master", "/encuentro empezar")
    join = await fake.command("kaeda", "mesa", "ayuda")
    assert "Entra en el combate con Íñigo: /encuentro unirse." in join.first.field("Ahora")
    await script.run("@kaeda", "/encuentro unirse")
    turn = await fake.command("kaeda", "mesa", "ayuda")
    assert "Turno de Íñigo: /atacar" in turn.first.field("Ahora")
    gm_now = await fake.command("master", "mesa", "ayuda")
    assert "Saca enemigos" in gm_now.first.field("Ahora")
    await script.run("@master", '/encuentro enemigos nombre:"Ñu del puerto"', "/asalto")
    await script.run('/atacar objetivo:Íñigo atacante:"Ñu del puerto"')
    defend = await fake.command("kaeda", "mesa", "ayuda")
    assert "Íñigo debe defenderse" in defend.first.field("Ahora")
    pending = await fake.command("master", "mesa", "ayuda")
    assert (
        "Queda 1 defensa pendiente sin tirar: Íñigo, del asalto 1 (Ñu del puerto)."
    ) in pending.first.field("Ahora")
    assert "Ataca por cada enemigo" in pending.first.field("Ahora")


async def test_estados_and_aguante_follow_the_character(script: Script, fake: FakeDiscord) -> None:
    await script.run(
        *KAEDA,
        "@master",
        "/encuentro empezar",
        "@kaeda",
        "/encuentro unirse",
        "@master",
        "/estado poner objetivo:Íñigo estado:Sangrando",
        "/asalto",
        "/asalto",
        "/encuentro terminar",
    )
    sheet = await fake.command("kaeda", "mesa", "ficha ver")
    assert sheet.first.field("Estados") == "sangrando"
    assert sheet.first.field("Aguante") == "15/16"
    await fake.command("master", "taberna", "encuentro empezar")
    joined = await fake.command("kaeda", "taberna", "encuentro unirse")
    assert "Íñigo queda Sangrando" in joined.first.text()
    assert "Aguante 15/16 · estados: sangrando" in joined.last.text()


async def test_ambush_by_the_enemies_starts_in_their_phase(fake: FakeDiscord) -> None:
    started = await fake.command(
        "master", "mesa", "encuentro empezar", {"modo": "mesa", "emboscada": "enemigos"}
    )
    assert "asalto 1, fase de los enemigos" in started.events[1].message.title

"""A campaign across channels through the slash commands (issue 18)."""

from __future__ import annotations

from pathlib import Path

from bot.console import FakeDiscord, Session
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

G = "Ñu del puerto"
LOBO = [
    "@master",
    "/bestiario añadir nombre:Lobo ataque:12 defensa:10 aguante:10 potencia:7 arma:Colmillos",
    '/bestiario añadir nombre:"Matón" ataque:12 defensa:10 aguante:10 potencia:4 arma:Porra',
]


async def _sheet_aguante(fake: FakeDiscord) -> str:
    ver = await fake.command("kaeda", "plaza", "ficha ver")
    return ver.first.field("Aguante")


async def _defend(fake: FakeDiscord, dice: ForcedDice, channel: str, enemy: str) -> str:
    await fake.command("master", channel, "atacar", {"objetivo": "Íñigo", "atacante": enemy})
    dice.push([4])
    reply = await fake.command("kaeda", channel, "defender")
    return reply.first.field("Aguante de Íñigo")


async def test_two_channels_one_sheet(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    """The issue's scenario: Íñigo is hurt by a wolf in #bosque, then fights in #taberna: both
    wounds end on her sheet, and she is never in both encounters."""
    await script.run(*LOBO, *KAEDA)
    for channel, enemy in (("bosque", "Lobo"), ("taberna", "Matón")):
        await fake.command("master", channel, "encuentro empezar", {"modo": "mesa"})
        await fake.command("master", channel, "encuentro enemigos", {"nombre": enemy})
    await fake.command("kaeda", "bosque", "encuentro unirse")
    second = await fake.command("kaeda", "taberna", "encuentro unirse")
    assert second.first.ephemeral
    bosque = fake.channel_id("bosque")
    assert second.first.content.startswith(f"Íñigo ya está en el encuentro de <#{bosque}>")
    player_move = await fake.command("kaeda", "taberna", "encuentro unirse", {"mover": True})
    assert player_move.first.content.startswith("Solo el máster puede mover un personaje")

    await fake.command("master", "bosque", "asalto")
    assert await _defend(fake, dice, "bosque", "Lobo") == "16 → 9/16"
    assert await _sheet_aguante(fake) == "9/16"

    moved = await fake.command(
        "master", "taberna", "encuentro unirse", {"personaje": "Íñigo", "mover": True}
    )
    text = moved.first.text()
    assert f"Íñigo deja el encuentro de <#{bosque}>" in text and "Íñigo entra" in text
    left = await fake.command("master", "bosque", "encuentro ver")
    assert "Íñigo" not in left.first.text()
    bosque_tracker = [
        m for m in fake.messages if m.channel == "bosque" and "Encuentro en" in m.title
    ]
    assert bosque_tracker and "Íñigo" not in bosque_tracker[-1].text()  # edited there too
    await fake.command("master", "taberna", "asalto")
    assert await _defend(fake, dice, "taberna", "Matón") == "9 → 5/16"
    assert await _sheet_aguante(fake) == "5/16"  # the wolf's 7 and the Matón's 4

    await fake.command("master", "taberna", "encuentro terminar")
    back = await fake.command("kaeda", "bosque", "encuentro unirse")
    assert "Íñigo entra en el combate" in back.first.text()
    again = await fake.command("master", "bosque", "encuentro ver")
    assert "Íñigo** — Aguante 5/16" in again.first.text()


NILO_Y_HUGO = [
    "@kaeda",
    "/ficha crear nombre:Nilo vigor:1 destreza:2 percepcion:3 voluntad:1 proteccion:0",
    "@master",
    "/encuentro empezar modo:mesa",
    "@kaeda",
    "/encuentro unirse personaje:Nilo",
    "/ficha crear nombre:Hugo vigor:2 destreza:2 percepcion:1 voluntad:1 proteccion:0",
]


async def test_tirada_rolls_one_character(
    script: Script, fake: FakeDiscord, dice: ForcedDice, session: Session
) -> None:
    """Nilo fights here, Hugo is the active one: a plain /tirada is Nilo's, name and numbers;
    personaje:Hugo is Hugo's; the GM may roll anyone's, privately."""
    await script.run(*NILO_Y_HUGO)
    dice.push([5])
    here = await fake.command("kaeda", "mesa", "tirada", {"atributo": "percepcion", "umbral": 9})
    embed = here.first
    assert embed.title.startswith("Nilo: Percepción") and "Percepción 3" in embed.field("Tirada")
    dice.push([5])
    hugo = await fake.command(
        "kaeda", "mesa", "tirada", {"atributo": "percepcion", "umbral": 9, "personaje": "Hugo"}
    )
    assert hugo.first.title.startswith("Hugo: Percepción")
    assert "Percepción 1" in hugo.first.field("Tirada")
    dice.push([5])
    elsewhere = await fake.command(
        "kaeda", "plaza", "tirada", {"atributo": "percepcion", "umbral": 9}
    )
    assert elsewhere.first.title.startswith("Hugo: Percepción")  # no encounter there
    refused = await fake.command(
        "bran", "mesa", "tirada", {"atributo": "percepcion", "umbral": 9, "personaje": "Nilo"}
    )
    assert refused.first.ephemeral and "No tienes ningún personaje llamado «Nilo»" in (
        refused.first.content
    )
    await fake.command("master", "mesa", "config", {"canal_master": "#secretos"})
    dice.push([2])
    secret = await fake.command(
        "master",
        "mesa",
        "tirada",
        {
            "atributo": "percepcion",
            "umbral": 9,
            "personaje": "Nilo",
            "motivo": "¿Ve la emboscada?",
            "privada": True,
        },
    )
    assert secret.first.ephemeral and secret.first.title.startswith("Nilo: Percepción")
    assert secret.first.embeds[0]["description"] == "¿Ve la emboscada?"
    copies = [m for m in fake.messages if m.channel == "secretos"]
    assert copies and copies[-1].title.startswith("Tirada privada de")
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        entry = (await uow.rolls.entries(limit=1))[0]
    assert entry.result.to_json()["personaje"] == "Nilo" and entry.motivo == "¿Ve la emboscada?"
    assert entry.result.to_json()["privada"] is True


async def test_a_reto_opens_no_encounter(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    """Íñigo fights in #bosque and still rolls for a reto in #plaza; the reto blocks no
    encounter there, and its end leaves the channel free."""
    await script.run(*LOBO, *KAEDA, "@master", "#bosque", "/encuentro empezar modo:mesa")
    await script.run("@kaeda", "#bosque", "/encuentro unirse")
    await fake.command(
        "master", "plaza", "reto crear", {"nombre": "Muro", "umbral": 9, "exitos": 3}
    )
    dice.push([9])
    rolled = await fake.command("kaeda", "plaza", "reto tirar", {"atributo": "vigor"})
    assert "éxitos 1/3" in rolled.first.text()
    started = await fake.command("master", "plaza", "encuentro empezar")
    assert started.first.title == "Empieza el encuentro"  # the reto did not block it
    kept = await fake.command("kaeda", "plaza", "reto ver")
    assert "Muro" in kept.first.text()
    await fake.command("master", "plaza", "encuentro terminar")
    await fake.command(
        "master", "patio", "reto crear", {"nombre": "Puerta", "umbral": 9, "exitos": 1}
    )
    ended = await fake.command("master", "patio", "reto terminar")
    assert "el canal queda libre" in ended.first.text()
    free = await fake.command("master", "patio", "encuentro empezar")
    assert free.first.title == "Empieza el encuentro"
    in_bosque = await fake.command("master", "bosque", "encuentro ver")
    assert "Íñigo" in in_bosque.first.text()


GUARD_FIGHT = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
    "@master",
    "/encuentro ajustar combatiente:Íñigo aguante:1",
    "/asalto",
]


async def _dies(script: Script, fake: FakeDiscord, dice: ForcedDice) -> str:
    await script.run(*GUARD_FIGHT)
    dice.push([1])
    await fake.command("master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": G})
    await fake.command("kaeda", "mesa", "defender")
    dice.push([1])
    death = await fake.command("kaeda", "mesa", "secuelas")
    return death.first.text()


async def test_death_is_kept_and_the_gm_decides(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    assert "Muerte" in await _dies(script, fake, dice)
    sheet = await fake.command("kaeda", "plaza", "ficha ver")
    assert sheet.first.title == "Íñigo ✝ (muerto)" and "MUERTO" in sheet.first.text()
    listed = await fake.command("kaeda", "plaza", "ficha lista")
    assert "Íñigo — muerto" in listed.first.text()
    tracker = await fake.command("master", "mesa", "encuentro ver")
    assert "Íñigo** — MUERTO" in tracker.first.text()
    assert "Íñigo** — MUERTO ·" not in tracker.first.text()  # no acción, no movimiento
    await fake.command("master", "mesa", "encuentro terminar")
    await fake.command("master", "mesa", "encuentro empezar")
    refused = await fake.command("kaeda", "mesa", "encuentro unirse")
    assert refused.first.content == "Íñigo ha muerto: no puede entrar en un encuentro."
    player = await fake.command("kaeda", "mesa", "ficha revivir", {"personaje": "Íñigo"})
    assert player.first.content.startswith("Solo el máster puede devolver un personaje")
    revived = await fake.command("master", "mesa", "ficha revivir", {"personaje": "Íñigo"})
    assert "Íñigo vuelve a la vida por decisión del máster" in revived.first.text()
    joined = await fake.command("kaeda", "mesa", "encuentro unirse")
    assert "Íñigo entra en el combate" in joined.first.text()


async def test_a_retired_character_is_kept_read_only(script: Script, fake: FakeDiscord) -> None:
    await script.run(
        *KAEDA, "/ficha crear nombre:Nilo vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0"
    )
    retired = await fake.command("master", "plaza", "ficha retirar", {"personaje": "Íñigo"})
    assert "Íñigo se retira" in retired.first.text()
    listed = await fake.command("kaeda", "plaza", "ficha lista")
    assert "Íñigo" not in listed.first.text() and "Nilo" in listed.first.text()
    everyone = await fake.command("kaeda", "plaza", "ficha lista", {"retirados": True})
    assert "Íñigo — retirado" in everyone.first.text()
    edit = await fake.command(
        "kaeda", "plaza", "ficha oficio", {"nombre": "sigilo", "valor": 1, "personaje": "Íñigo"}
    )
    assert edit.first.content.startswith("Íñigo se ha retirado: su ficha solo se puede ver")
    seen = await fake.command("kaeda", "plaza", "ficha ver", {"personaje": "Íñigo"})
    assert seen.first.title == "Íñigo (retirado)"
    await fake.command("master", "mesa", "encuentro empezar")
    joined = await fake.command("kaeda", "mesa", "encuentro unirse", {"personaje": "Íñigo"})
    assert joined.first.content == "Íñigo se ha retirado: no puede entrar en un encuentro."
    back = await fake.command("master", "plaza", "ficha revivir", {"personaje": "Íñigo"})
    assert "Íñigo vuelve a la campaña" in back.first.text()


async def test_ficha_editar_levels_up_without_healing(script: Script, fake: FakeDiscord) -> None:
    """Vigor 3 → 4 raises the maximum by 2: Íñigo keeps her 7 wounds, in her running
    encounter too; Aliento's new maximum comes with as many points."""
    await script.run(*GUARD_FIGHT[:-2], "/encuentro ajustar combatiente:Íñigo aguante:9")
    assert await _sheet_aguante(fake) == "9/16"
    edited = await fake.command(
        "kaeda", "plaza", "ficha editar", {"vigor": 4, "proteccion": 2, "aliento_max": 2}
    )
    text = edited.first.text()
    assert "Vigor: 3 → 4" in text and "Protección: 1 → 2" in text
    assert "Aguante: 9/16 → 11/18" in text and "Aliento: 0/0 → 2/2" in text
    shown = [m for m in fake.messages if m.channel == "mesa" and "Encuentro en" in m.title]
    assert "Íñigo** — Aguante 11/18" in shown[-1].text()  # the tracker, edited at once
    assert await _sheet_aguante(fake) == "11/18"
    tracker = await fake.command("master", "mesa", "encuentro ver")
    assert "Íñigo** — Aguante 11/18" in tracker.first.text()
    assert "Aliento 2/2" in tracker.first.text()
    shrink = await fake.command("kaeda", "plaza", "ficha editar", {"vigor": 3})
    assert "Aguante: 11/18 → 9/16" in shrink.first.text()
    # issue 38: without options, /ficha editar opens its form; sent empty, «Di qué cambiar»
    form = await fake.command("kaeda", "plaza", "ficha editar")
    assert form.form is not None and form.messages == []
    pages = ["!formulario", "!pulsar Seguir"] * 2 + ["!formulario"]
    nothing = await script.run("#plaza", "@kaeda", *pages)
    assert "(solo para ti)\n  Di qué cambiar" in nothing
    noted = await fake.command("kaeda", "plaza", "ficha editar", {"notas": "Busca a su hermano"})
    assert "Notas cambiadas." in noted.first.text()
    sheet = await fake.command("kaeda", "plaza", "ficha ver")
    assert sheet.first.field("Notas") == "Busca a su hermano"


async def test_oficios_and_weapons_can_be_removed_and_keep_their_place(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA, "/ficha arma nombre:Daga clase:daga")
    removed = await fake.command(
        "kaeda", "plaza", "ficha oficio", {"nombre": "Contrabandista", "quitar": True}
    )
    assert removed.first.title == "Oficio contrabandista quitado"
    missing = await fake.command("kaeda", "plaza", "ficha oficio", {"nombre": "herrero"})
    assert missing.first.content.startswith("Di el valor del Oficio")
    updated = await fake.command(
        "kaeda", "plaza", "ficha arma", {"nombre": "Espada", "clase": "mano", "potencia": 5}
    )
    assert updated.first.title == "Arma cambiada Íñigo"
    sheet = await fake.command("kaeda", "plaza", "ficha ver")
    armas = sheet.first.field("Armas").splitlines()
    assert armas[0].startswith("Espada:") and "Potencia 5" in armas[0]
    assert armas[0].endswith("(por defecto)") and armas[1].startswith("Daga:")
    assert sheet.first.field("Oficios") == "armas 3"
    gone = await fake.command("kaeda", "plaza", "ficha arma", {"nombre": "Espada", "quitar": True})
    assert gone.first.title == "Espada quitada de Íñigo"
    none = await fake.command("kaeda", "plaza", "ficha arma", {"nombre": "Hacha", "quitar": True})
    assert none.first.content == "Íñigo no tiene ningún arma llamada «Hacha»."
    sheet = await fake.command("kaeda", "plaza", "ficha ver")
    assert sheet.first.field("Armas").startswith("Daga:")
    by_key = await fake.command("kaeda", "plaza", "ficha arma", {"nombre": "DÁGA", "quitar": True})
    assert by_key.first.title == "Daga quitada de Íñigo"  # the one name key; the stored name


DRAGON = (
    "/bestiario añadir nombre:Dragón ataque:14 defensa:12 aguante:40 potencia:8 arma:Garras "
    "proteccion:3 cualidades:larga acciones_extra:1 respuestas_extra:2 estados:aturdido"
)


async def test_bestiary_extras_work(script: Script, fake: FakeDiscord) -> None:
    await script.run(*KAEDA, "@master", DRAGON)
    seen = await fake.command("master", "plaza", "bestiario ver", {"nombre": "Dragón"})
    assert seen.first.field("Protección") == "3 (pesada)"
    assert seen.first.field("Por asalto") == "2 acciones, 3 respuestas"
    assert seen.first.field("Entra con") == "aturdido"
    assert seen.first.field("Arma") == "Garras, Potencia 8 (larga)"
    bad = await fake.command(
        "master",
        "plaza",
        "bestiario añadir",
        {
            "nombre": "X",
            "ataque": 1,
            "defensa": 1,
            "aguante": 1,
            "potencia": 1,
            "cualidades": "rara",
        },
    )
    assert bad.first.ephemeral and bad.first.content.startswith("Cualidad desconocida «rara»")
    await script.run("/encuentro empezar modo:mesa", "/encuentro enemigos nombre:Dragón")
    await script.run("@kaeda", "/encuentro unirse", "@master", "/asalto")
    tracker = await fake.command("master", "mesa", "encuentro ver")
    assert "Dragón** — Aguante 40/40 · estados: aturdido" in tracker.first.text()
    attacks = [
        await fake.command("master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Dragón"})
        for _ in range(3)
    ]
    assert "Aviso" not in attacks[0].text() and "Aviso" not in attacks[1].text()
    assert "gasta una acción extra (1 de 1)" in attacks[1].text()
    assert "Aviso: Dragón ya ha gastado su acción" in attacks[2].text()


async def test_reimport_says_what_changed_and_never_heals(
    script: Script, fake: FakeDiscord, tmp_path: Path
) -> None:
    await script.run(*GUARD_FIGHT[:-2], "/encuentro ajustar combatiente:Íñigo aguante:9")
    await script.run("/encuentro terminar")
    file = tmp_path / "kaeda.yaml"
    file.write_text(
        "personajes:\n  - nombre: Íñigo\n"
        "    atributos: {vigor: 4, destreza: 3, percepcion: 1, voluntad: 1}\n"
        "    proteccion: 1\n",
        encoding="utf-8",
    )
    reply = await fake.command(
        "kaeda", "plaza", "ficha importar", {"archivo": f"@{file}", "conflictos": "reemplazar"}
    )
    text = reply.first.text()
    assert "Íñigo: " in text and "Aguante: 9 → 11" in text and "Aguante máximo: 16 → 18" in text
    assert await _sheet_aguante(fake) == "11/18"


async def test_genero_makes_the_words_agree(fake: FakeDiscord) -> None:
    attrs = {"vigor": 1, "destreza": 1, "percepcion": 1, "voluntad": 1, "proteccion": 0}
    vera = await fake.command(
        "kaeda", "plaza", "ficha crear", {"nombre": "Vera", **attrs, "genero": "femenino"}
    )
    assert vera.first.content == "Vera está lista y es tu personaje activo."
    bran = await fake.command("bran", "plaza", "ficha crear", {"nombre": "Bran", **attrs})
    assert bran.first.content == "Bran está listo y es tu personaje activo."
    changed = await fake.command("bran", "plaza", "ficha editar", {"genero": "femenino"})
    assert "Género: femenino." in changed.first.text()


async def test_life_and_edit_refusals(script: Script, fake: FakeDiscord) -> None:
    await script.run(*GUARD_FIGHT[:-2])
    cases = [
        ("master", "ficha revivir", {"personaje": "Íñigo"}, "Íñigo no está muerto ni retirado."),
        ("master", "ficha retirar", {"personaje": "Íñigo"}, "Íñigo está en un encuentro"),
        ("master", "ficha revivir", {"personaje": "Nadie"}, "No hay ningún personaje llamado"),
        ("kaeda", "ficha oficio", {"nombre": "herrero", "quitar": True}, "Íñigo no tiene el"),
        ("kaeda", "ficha arma", {"nombre": "Hacha"}, "Di la clase del arma"),
        ("master", "encuentro unirse", {"personaje": "Nadie"}, "No hay ningún personaje llamado"),
    ]
    for user, path, options, start in cases:
        reply = await fake.command(user, "mesa", path, options)
        assert reply.first.ephemeral and reply.first.content.startswith(start), path
    await script.run(
        "@master", "/encuentro quitar combatiente:Íñigo", "/ficha retirar personaje:Íñigo"
    )
    twice = await fake.command("master", "mesa", "ficha retirar", {"personaje": "Íñigo"})
    assert twice.first.content == "Íñigo ya se había retirado."

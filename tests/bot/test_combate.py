"""Combat commands through real interactions: refusals, autocomplete, the Defender button
(also after a restart) and the tracker edited in place."""

from __future__ import annotations

import pytest

from bot.console import FakeDiscord, Session, open_session
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

MESA = [
    *GUARDIA,
    *KAEDA,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]


def public(fake: FakeDiscord) -> list[str]:
    return [m.text() for m in fake.messages if not m.ephemeral]


async def test_attack_without_encounter_is_refused_privately(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*KAEDA)
    before = len(public(fake))
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    assert reply.last.ephemeral and reply.last.recipient == "kaeda"
    assert reply.last.content == (
        "No hay ningún encuentro activo en este canal: se abre con /encuentro empezar."
    )
    assert len(public(fake)) == before  # the deferred "thinking…" did not stay public


async def test_player_cannot_act_as_an_enemy(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    reply = await fake.command(
        "kaeda", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    assert reply.last.ephemeral
    assert reply.last.content == (
        "No puedes atacar con Ñu del puerto: solo con tus propios personajes."
    )


async def test_gm_must_say_who_attacks(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    reply = await fake.command("master", "mesa", "atacar", {"objetivo": "Íñigo"})
    assert reply.last.content == "Como máster, di con quién: usa la opción «atacante»."


async def test_stranger_without_character_in_the_encounter(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*MESA)
    reply = await fake.command("bran", "mesa", "atacar", {"objetivo": "Ñu"})
    assert "No tienes ningún personaje en este encuentro" in reply.last.content


async def test_unknown_target_and_weapon(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    nobody = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Dragón"})
    assert nobody.last.content == (
        "No hay nadie llamado «Dragón» en el combate: /encuentro ver dice quién está."
    )
    hacha = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "arma": "Hacha"})
    assert hacha.last.content == "Íñigo no lleva «Hacha»: lleva Espada."


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dado": "9 4"}, "Sobran dados"),
        ({"dado": "9", "ventaja": "ventaja"}, "Faltan dados"),
        ({"dado": "nueve"}, "«nueve» no es un dado"),
        ({"dado": "13"}, "Un d12 no puede sacar 13"),
    ],
)
async def test_physical_dice_checked(
    script: Script, fake: FakeDiscord, options: dict[str, str], message: str
) -> None:
    await script.run(*MESA, "@master", "/config dados_fisicos:sí")
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", **options})
    assert reply.last.ephemeral
    assert message in reply.last.content
    tracker = await fake.command("kaeda", "mesa", "encuentro ver")
    assert "Ñu del puerto** — Aguante 14/14" in tracker.last.text()  # nothing changed


async def test_physical_dice_logged_and_refused_when_disabled(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run(*MESA)
    off = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "dado": "9"})
    assert "no se usan dados físicos" in off.last.content  # off until a manager enables them
    await fake.command("master", "mesa", "config", {"dados_fisicos": True})
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "dado": "9"})
    assert "d12: 9 (dado físico)" in reply.text()
    async with session.storage.channel(fake.guild.id, fake.channel_id("mesa")) as uow:
        [entry] = await uow.rolls.entries()
    assert entry.physical and entry.command == "atacar"
    assert entry.result.to_json()["damage"] == 4
    await fake.command("master", "mesa", "config", {"dados_fisicos": False})
    refused = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "dado": "9"})
    assert "no se usan dados físicos" in refused.last.content


async def test_tracker_is_edited_in_place(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    trackers = [m for m in fake.messages if m.title.startswith("Encuentro en Mesa")]
    assert len(trackers) == 1
    tracker = trackers[0]
    edits = tracker.edits
    dice.push([9])
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    assert [e.kind for e in reply.events] == ["send", "edit"]
    assert reply.events[1].message is tracker and tracker.edits == edits + 1
    assert "Ñu del puerto** — Aguante 10/14" in tracker.text()
    assert "acción gastada" in tracker.text()
    assert len([m for m in fake.messages if m.title.startswith("Encuentro en Mesa")]) == 1


async def test_tracker_reposted_when_deleted(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    old = next(m for m in fake.messages if m.title.startswith("Encuentro en Mesa"))
    fake.messages.remove(old)  # someone deleted it in Discord
    await fake.command("master", "mesa", "asalto")
    new = [m for m in fake.messages if m.title.startswith("Encuentro en Mesa")]
    assert len(new) == 1 and new[0].id != old.id
    await fake.command("master", "mesa", "asalto")
    assert new[0].edits == 1  # the new one is the tracker now


async def test_defender_button_only_for_the_attacked_player(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA, "@master", "/asalto")
    attack = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    assert attack.first.content.startswith(f"<@{fake.user_id('kaeda')}>")
    assert [b["label"] for b in attack.first.buttons] == ["Defender"]
    other = await fake.press("master", "mesa", "Defender")
    assert other.last.ephemeral and "Este botón es para el jugador atacado" in other.last.content
    dice.push([6])
    pressed = await fake.press("kaeda", "mesa", "Defender")
    assert pressed.events[0].message.field("Aguante de Íñigo") == "16 → 15/16"
    again = await fake.press("kaeda", "mesa", "Defender")
    assert again.last.content == "Íñigo no tiene ningún ataque pendiente del que defenderse."


async def test_defender_button_not_kept_per_message(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    """A Defender button sent with an attack is answered by the view registered at start-up:
    discord.py keeps no view for the message (one that never times out would stay until the
    bot restarts, one per attack and per reminder: issue 49's memory)."""
    await script.run(*MESA, "@master", "/asalto")
    registered = len(fake.bot.persistent_views)
    attack = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    assert [b["label"] for b in attack.first.buttons] == ["Defender"]
    assert len(fake.bot.persistent_views) == registered
    dice.push([6])
    pressed = await fake.press("kaeda", "mesa", "Defender")
    assert pressed.events[0].message.field("Aguante de Íñigo") == "16 → 15/16"


async def test_defender_button_survives_a_restart(
    script: Script, fake: FakeDiscord, database_url: str
) -> None:
    await script.run(*MESA, "@master", "/asalto")
    await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    restarted = await open_session(database_url, dice=ForcedDice([4]), migrate=False)
    try:
        restarted.discord.restore(fake.messages)
        reply = await restarted.discord.press("kaeda", "mesa", "Defender")
        assert reply.events[0].message.field("Daño") == "4 (Potencia 4)"
        assert reply.events[0].message.field("Aguante de Íñigo") == "16 → 12/16"
    finally:
        await restarted.close()


async def test_autocomplete_targets_weapons_oficios_actors_estados(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*MESA)
    targets = await fake.autocomplete("kaeda", "mesa", "atacar", {"objetivo": "ñu"}, "objetivo")
    assert [c["name"] for c in targets] == ["Ñu del puerto"]
    weapons = await fake.autocomplete(
        "kaeda", "mesa", "atacar", {"objetivo": "x", "arma": ""}, "arma"
    )
    assert [c["name"] for c in weapons] == ["Espada"]
    oficios = await fake.autocomplete(
        "kaeda", "mesa", "atacar", {"objetivo": "x", "oficio": ""}, "oficio"
    )
    assert [c["name"] for c in oficios] == ["armas", "contrabandista"]
    mine = await fake.autocomplete(
        "kaeda", "mesa", "atacar", {"objetivo": "x", "atacante": ""}, "atacante"
    )
    assert [c["name"] for c in mine] == ["Íñigo"]
    gm = await fake.autocomplete(
        "master", "mesa", "atacar", {"objetivo": "x", "atacante": ""}, "atacante"
    )
    assert sorted(c["name"] for c in gm) == ["Íñigo", "Ñu del puerto"]
    enemy_weapon = await fake.autocomplete(
        "master", "mesa", "atacar", {"objetivo": "x", "atacante": "Ñu", "arma": ""}, "arma"
    )
    assert [c["name"] for c in enemy_weapon] == ["Lanza"]
    estados = await fake.autocomplete(
        "master", "mesa", "estado poner", {"objetivo": "Íñigo", "estado": "a"}, "estado"
    )
    assert "Aturdido" in [c["name"] for c in estados]
    empty = await fake.autocomplete("kaeda", "otro", "atacar", {"objetivo": ""}, "objetivo")
    assert empty == []


async def test_estado_is_for_the_gm(script: Script, fake: FakeDiscord) -> None:
    await script.run(*MESA)
    refused = await fake.command(
        "kaeda", "mesa", "estado poner", {"objetivo": "Ñu", "estado": "Aturdido"}
    )
    assert refused.last.ephemeral and refused.last.content.startswith(
        "Solo el máster puede poner o quitar estados"
    )
    done = await fake.command(
        "master", "mesa", "estado poner", {"objetivo": "Íñigo", "estado": "Sangrando"}
    )
    assert "Íñigo queda Sangrando" in done.events[0].message.text()
    removed = await fake.command(
        "master", "mesa", "estado quitar", {"objetivo": "Íñigo", "estado": "Sangrando"}
    )
    assert not removed.last.ephemeral


async def test_maniobra_respuesta_aliento(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA)
    apuntar = await fake.command("kaeda", "mesa", "maniobra", {"tipo": "apuntar"})
    assert apuntar.first.ephemeral  # nothing to shoot with
    dice.push([5, 8])
    cargar = await fake.command("kaeda", "mesa", "maniobra", {"tipo": "cargar", "objetivo": "Ñu"})
    assert "2d12 con ventaja" in cargar.text()
    assert not cargar.first.ephemeral
    assert cargar.events[1].kind == "edit"
    refused = await fake.command("kaeda", "mesa", "aliento", {"uso": "repetir"})
    assert refused.last.ephemeral
    respuesta = await fake.command(
        "kaeda", "mesa", "respuesta", {"tipo": "larga", "objetivo": "Ñu"}
    )
    assert respuesta.last.ephemeral  # an Espada is not Larga: the rules refuse it in Spanish
    assert respuesta.last.content


async def test_shot_with_a_bow(script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
    await script.run(*MESA, "/ficha arma nombre:Arco clase:arco")
    refused = await fake.command("kaeda", "mesa", "encuentro quitar", {"combatiente": "Íñigo"})
    assert refused.first.content.startswith("Solo el máster puede quitar combatientes")
    await fake.command("master", "mesa", "encuentro quitar", {"combatiente": "Íñigo"})
    await fake.command("kaeda", "mesa", "encuentro unirse")
    dice.push([10])
    reply = await fake.command("kaeda", "mesa", "disparar", {"objetivo": "Ñu", "arma": "Arco"})
    msg = reply.events[0].message
    assert "Íñigo dispara a Ñu del puerto" in msg.text()
    assert msg.field("Margen") == "+1 (bandas de 4)"


async def test_fall_secuelas_and_estabilizar(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *MESA,
        "@bran",
        "/ficha crear nombre:Bran vigor:0 destreza:0 percepcion:1 voluntad:1 proteccion:0",
        "/encuentro unirse",
        "@master",
        "/asalto",
    )
    dice.push([1])
    await script.run('/atacar objetivo:Bran atacante:"Ñu del puerto"', "@bran", "/defender")
    await script.run("@master", "/asalto", "/asalto")
    dice.push([1])
    out = await script.run(
        '/atacar objetivo:Bran atacante:"Ñu del puerto"', "@bran", "!pulsar Defender"
    )
    assert "Aguante de Bran: 3 → 0/10 — cae" in out
    assert "MALHERIDO" in out
    dice.push([5])
    rolled = await fake.command("bran", "mesa", "secuelas")
    assert not rolled.first.ephemeral
    assert "secuelas" in rolled.first.text().lower()
    again = await fake.command("bran", "mesa", "secuelas")
    assert again.first.ephemeral
    dice.push([12])
    cure = await fake.command("kaeda", "mesa", "estabilizar", {"objetivo": "Bran"})
    assert cure.first.field("Margen") == "+1 (bandas de 4)"
    assert "estabilizado" in cure.text()


async def test_aliento_repetir_and_respuesta_larga(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *GUARDIA,
        "@kaeda",
        "/ficha crear nombre:Íñigo vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1 "
        "aliento:2",
        "/ficha arma nombre:Espada clase:mano",
        "/ficha arma nombre:Pica clase:dos_manos cualidades:larga",
        "@master",
        "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse",
    )
    dice.push([4, 9, 10])
    miss = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})
    assert miss.first.field("Grado") == "Fracaso"
    again = await fake.command("kaeda", "mesa", "aliento", {"uso": "repetir"})
    assert "Aliento (repetir): 2 → 1" in again.first.text()
    assert again.first.field("Aguante de Ñu del puerto") == "14 → 10/14"
    larga = await fake.command(
        "kaeda", "mesa", "respuesta", {"tipo": "larga", "objetivo": "Ñu", "arma": "Pica"}
    )
    assert larga.first.field("Daño") == "6 (Potencia 6)"
    assert "Aliento 1/2" in larga.last.text()  # the tracker
    second = await fake.command(
        "kaeda", "mesa", "respuesta", {"tipo": "larga", "objetivo": "Ñu", "arma": "Pica"}
    )
    assert second.first.ephemeral and second.first.content


async def test_defending_oficio_helpless_and_cover(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(
        *GUARDIA,
        *KAEDA,
        "/ficha arma nombre:Arco clase:arco",
        "@master",
        "/config defensa:inmediata",
        "/encuentro empezar modo:narrativo",
        '/encuentro enemigos nombre:"Ñu del puerto"',
        "@kaeda",
        "/encuentro unirse oficio_defensa:armas cobertura_defensa:mitad",
        "@master",
        "/asalto",
    )
    dice.push([7, 4])
    hit = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Íñigo", "atacante": "Ñu del puerto"}
    )
    assert "4 + Destreza 3 + Protección 1 + Oficio armas (mitad) 1 = **9**" in hit.text()
    await script.run("@master", "/asalto")
    dice.push([6])
    helpless = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "indefenso": True})
    # issue 31: one embed per attack, the event lines under the roll's kind
    assert helpless.first.embeds[0]["description"] == (
        "Ataque a un blanco indefenso\n• Íñigo gasta su acción."
    )
    await script.run("@master", "/asalto", "/asalto")
    dice.push([9])
    covered = await fake.command(
        "kaeda", "mesa", "disparar", {"objetivo": "Ñu", "arma": "Arco", "a_cubierto": True}
    )
    assert "Contra: Defensa 15 (Defensa 12 + Cobertura 3)" in covered.text()


async def test_recuperar_ajustar_and_estabilizar_refusal(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    await script.run(*MESA, "@master", "/estado poner objetivo:Íñigo estado:Aturdido")
    up = await fake.command("kaeda", "mesa", "estado recuperar", {"estado": "Aturdido"})
    assert "deja de estar Aturdido" in up.first.text()
    again = await fake.command("kaeda", "mesa", "estado recuperar", {"estado": "Aturdido"})
    assert again.first.ephemeral
    fixed = await fake.command(
        "master", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 5}
    )
    assert "Aguante 5/16" in fixed.first.text()
    assert "Íñigo** — Aguante 5/16" in fixed.last.text()
    player = await fake.command(
        "kaeda", "mesa", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 16}
    )
    assert player.first.content.startswith("Solo el máster puede ajustar las barras")
    nobody = await fake.command("kaeda", "mesa", "estabilizar", {"objetivo": "Ñu"})
    assert nobody.first.ephemeral and nobody.first.content


async def test_pulsar_presses_the_speakers_own_defender_or_asks_which(
    script: Script, fake: FakeDiscord, dice: ForcedDice
) -> None:
    """Two pending defences in the channel (issue 43): ``!pulsar Defender`` presses the
    speaker's own even when someone else's is newer; one with none of its own is asked."""
    await script.run(
        *MESA,
        "@bran",
        "/ficha crear nombre:Bran vigor:0 destreza:0 percepcion:1 voluntad:1 proteccion:0",
        "/encuentro unirse",
        "@master",
        "/asalto",
        '/atacar objetivo:Íñigo atacante:"Ñu del puerto"',
        '/atacar objetivo:Bran atacante:"Ñu del puerto"',  # the newest button: Bran's
    )
    asked = await script.run("@master", "!pulsar Defender")
    assert "(consola) Hay 2 botones «Defender» en #mesa, ninguno para @master" in asked
    assert "para @bran, @kaeda. Di cuál: !pulsar Defender @nombre." in asked, asked
    refused = await script.run("!pulsar Defender @bran")  # the master presses Bran's
    assert "Este botón es para el jugador atacado" in refused, refused
    dice.push([6])
    own = await script.run("@kaeda", "!pulsar Defender")
    assert "Íñigo se defiende" in own and "Bran se defiende" not in own, own
    dice.push([6])
    his = await script.run("@bran", "!pulsar Defender")
    assert "Bran se defiende" in his and "Aguante de Bran" in his, his
    missing = await script.run("@kaeda", "!pulsar Defender @ana")
    assert "(consola) No hay ningún botón «Defender» para @ana en #mesa." in missing

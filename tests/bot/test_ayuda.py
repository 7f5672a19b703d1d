"""Issue 31: ``/ayuda`` by topic. Plain ``/ayuda`` says what to do now and lists the topics in
under 1,500 characters; ``tema:`` (with autocomplete) has a page for each family of commands
(from the command tree, as the reference), each mode and the permissions; every page is one
embed within Discord's limits."""

from __future__ import annotations

import json
from typing import Any

from bot.console import FakeDiscord
from bot.edge.reference import CommandDoc, Family, OptionDoc
from bot.edge.services import Topic
from bot.render.ayuda import INDEX_MAX, family_embed
from tests.bot.conftest import GUARDIA, KAEDA, Script
from tests.test_reference import add_prueba

#: Discord's limits on one embed (what the console's strict Discord refuses past them).
EMBED_TOTAL, DESCRIPTION, FIELDS, FIELD_VALUE, FIELD_NAME, TITLE = 6000, 4096, 25, 1024, 256, 256


def embed_size(embed: dict[str, Any]) -> int:
    """What Discord counts against 6,000: title, description, fields, footer, author."""
    fields = sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))
    footer = len((embed.get("footer") or {}).get("text", ""))
    author = len((embed.get("author") or {}).get("name", ""))
    return (
        len(embed.get("title", "")) + len(embed.get("description", "")) + fields + footer + author
    )


def within_limits(embed: dict[str, Any]) -> None:
    assert embed_size(embed) <= EMBED_TOTAL
    assert len(embed.get("title", "")) <= TITLE
    assert len(embed.get("description", "")) <= DESCRIPTION
    assert len(embed.get("fields", [])) <= FIELDS
    for field in embed.get("fields", []):
        assert len(field["name"]) <= FIELD_NAME and len(field["value"]) <= FIELD_VALUE


async def topics(fake: FakeDiscord, typed: str = "") -> list[str]:
    offered = await fake.autocomplete("kaeda", "mesa", "ayuda", {"tema": typed}, "tema")
    return [str(c["value"]) for c in offered]


async def test_plain_ayuda_says_what_now_and_lists_every_topic(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(*GUARDIA, *KAEDA, "@master", "/encuentro empezar")
    for user in ("kaeda", "master", "nadie"):
        reply = await fake.command(user, "mesa", "ayuda")
        [embed] = reply.first.embeds
        assert reply.first.ephemeral and len(reply.messages) == 1
        assert embed_size(embed) < INDEX_MAX
        assert reply.first.field("Ahora")
        listed = reply.first.field("Temas (escribe /ayuda tema:…)")
        for key in await topics(fake):
            assert key in listed.split(" · ")
    assert "Entra en el combate con Íñigo: /encuentro unirse." in (
        (await fake.command("kaeda", "mesa", "ayuda")).first.field("Ahora")
    )


async def test_every_topic_is_one_embed_within_discords_limits(fake: FakeDiscord) -> None:
    keys = await topics(fake)
    assert {"fichas", "encuentro", "combate", "tirar", "tablero", "bestiario", "tiradas"} <= set(
        keys
    )
    assert {"mesa", "narrativo", "tactico", "permisos"} <= set(keys)
    for key in keys:
        reply = await fake.command("kaeda", "mesa", "ayuda", {"tema": key})
        [message] = reply.messages
        [embed] = message.embeds
        assert message.ephemeral and embed["title"].startswith("Ayuda"), key
        within_limits(embed)
        assert len(json.dumps(embed, ensure_ascii=False)) < 7000
    assert not fake.gate.failed  # the strict Discord refused nothing


async def test_a_family_page_lists_its_commands_with_options_and_who(fake: FakeDiscord) -> None:
    page = (await fake.command("kaeda", "mesa", "ayuda", {"tema": "fichas"})).first
    text = page.embeds[0]["description"]
    assert page.title == "Ayuda: Fichas"
    assert "`/ficha crear nombre vigor destreza percepcion voluntad proteccion" in text
    assert "`/ficha usar personaje` — Elige tu personaje activo · solo el dueño." in text
    assert "/ficha ceder personaje [a] [dueño]` — Da un personaje a otro jugador (máster)." in text
    modes = (await fake.command("kaeda", "mesa", "ayuda", {"tema": "Táctico"})).first
    assert modes.title == "Ayuda: Táctico (tablero)" and "`/mover casilla:…`" in modes.text()
    permisos = (await fake.command("kaeda", "mesa", "ayuda", {"tema": "permisos"})).first
    assert "/ficha usar" in permisos.field("Permisos · Solo el dueño del personaje")


async def test_tema_is_offered_as_you_type_and_an_unknown_one_is_refused(
    fake: FakeDiscord,
) -> None:
    assert await topics(fake, "tact") == ["tablero", "tactico"]  # «Tablero (Táctico)» too
    assert await topics(fake, "hechiz") == []
    assert await topics(fake, "Permis") == ["permisos"]
    offered = await fake.autocomplete("kaeda", "mesa", "ayuda", {"tema": "mes"}, "tema")
    assert {"name": "mesa — Mesa (por mensajes)", "value": "mesa"} in offered
    bad = await fake.command("kaeda", "mesa", "ayuda", {"tema": "hechizos"})
    assert bad.last.ephemeral
    assert bad.last.content.startswith("No hay ningún tema «hechizos». Los temas: ayuda, ")
    assert "escribe `/ayuda tema:` y elige uno" in bad.last.content


async def test_a_new_feature_gets_its_topic_by_itself(fake: FakeDiscord) -> None:
    await add_prueba(fake.bot)  # type: ignore[arg-type]
    assert "prueba" in await topics(fake) and "menus" in await topics(fake)
    page = (await fake.command("kaeda", "mesa", "ayuda", {"tema": "prueba"})).first
    assert page.title == "Ayuda: /prueba"
    assert "`/prueba cuanto` — Una prueba · máster." in page.text()
    assert "`«Ver de cerca»` — menú de un usuario (Aplicaciones)." in page.text()
    index = (await fake.command("kaeda", "mesa", "ayuda")).first
    assert "prueba" in index.field("Temas (escribe /ayuda tema:…)")


def test_a_family_too_big_for_its_options_still_fits_one_embed() -> None:
    option = OptionDoc("opcion_muy_larga", "texto", False, "Una opción")
    command = CommandDoc("grande sub", "Un comando con muchas opciones", (option,) * 25, ())
    family = Family(Topic("grande", "Grande", "Muchos comandos."), (command,) * 60)
    embed = family_embed(family).to_dict()
    within_limits(dict(embed))
    assert "opcion_muy_larga" not in embed.get("description", "")
    few = family_embed(Family(family.topic, (command,) * 3)).to_dict()
    assert "[opcion_muy_larga]" in few.get("description", "")

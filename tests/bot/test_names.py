"""Spanish names work (issue 14): found by any case and without accents (ñ apart), unique the
way people read them, refused in Spanish when they cannot be names, escaped where Discord
renders markdown, pinging nobody by accident; autocomplete and GM look-ups follow who may
see what. With TEST_DATABASE_URL_UTF8 these also run on a PostgreSQL database with a UTF-8
collation (``.ci/run`` makes one); TEST_DATABASE_URL's cluster is C-locale."""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import string
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import make_url

from bot.console import FakeDiscord
from bot.console.payloads import GUILD_ID
from bot.features.bestiario.files import entry_of
from bot.render.safe import allowed_mentions, shown
from bot.sheetfiles import BESTIARY, dump, load_bestiary
from bot.storage import Storage, enemy_sheet
from tests.conftest import BACKENDS, _pg_create, _pg_drop, pg_url, sqlite_url
from umbral_rules import UmbralError
from umbral_rules.encounter import Encounter
from umbral_rules.text import name_key, name_problem, spanish_sorted

UTF8_URL = os.environ.get("TEST_DATABASE_URL_UTF8")
_guilds = itertools.count(7_000_000_000_000_000_001)


async def _utf8_admin(sql: str) -> None:
    import asyncpg

    assert UTF8_URL is not None
    url = make_url(UTF8_URL)
    conn = await asyncpg.connect(
        user=url.username, password=url.password, host=url.host, port=url.port, database="postgres"
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture(params=[*BACKENDS, *(["postgresql-utf8"] if UTF8_URL else [])])
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The bot fixtures' database, here on the UTF-8 collation database too."""
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("_sqlite_template")
        shutil.copyfile(template, tmp_path / "umbral.db")
        yield sqlite_url(tmp_path / "umbral.db")
    elif request.param == "postgresql":
        name = await _pg_create(request.getfixturevalue("_pg_template"))
        try:
            yield pg_url(name)
        finally:
            await _pg_drop(name)
    else:
        from bot.storage import upgrade_head

        assert UTF8_URL is not None
        base = make_url(UTF8_URL)
        name = f"umbral_utf8_{os.getpid()}_{next(_guilds) % 100_000}"
        await _utf8_admin(f"CREATE DATABASE {name} TEMPLATE {base.database}")
        url = base.set(database=name).render_as_string(hide_password=False)
        try:
            await upgrade_head(url)
            yield url
        finally:
            await _utf8_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


ENEMY = {"ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}
CREAR = {"vigor": 2, "destreza": 2, "percepcion": 1, "voluntad": 1, "proteccion": 0}


async def test_spanish_names_are_found_and_unique(fake: FakeDiscord) -> None:
    for nombre in ("Ñu salvaje", "Águila", "Óscar el Tuerto", "Año"):
        added = await fake.command(
            "master", "mesa", "bestiario añadir", {"nombre": nombre, **ENEMY}
        )
        assert "Añadido" in added.last.text()
    for typed, found in [
        ("Ñu salvaje", "Ñu salvaje"),
        ("ñu SALVAJE", "Ñu salvaje"),
        ("aguila", "Águila"),
        ("ÓSCAR EL TUERTO", "Óscar el Tuerto"),
    ]:
        ver = await fake.command("master", "mesa", "bestiario ver", {"nombre": typed})
        assert ver.last.title == found, typed
    ano = await fake.command("master", "mesa", "bestiario ver", {"nombre": "ano"})
    assert ano.last.content == (
        "No hay ningún «ano» en el bestiario: /bestiario lista dice cuáles hay. "
        "¿Quisiste decir Año?"
    )  # ñ is not n: refused, and the name it misses only its ñ suggested (issue 43)
    again = await fake.command(
        "master", "mesa", "bestiario añadir", {"nombre": "ÑU Salvaje", **ENEMY}
    )
    assert again.last.ephemeral
    assert again.last.content == "Ya hay un enemigo llamado «Ñu salvaje» en el bestiario."
    lista = await fake.command("master", "mesa", "bestiario lista")
    order = [line.split(":")[0].lstrip("• ") for line in lista.last.text().splitlines()[1:]]
    assert order == ["Águila", "Año", "Ñu salvaje", "Óscar el Tuerto"]

    await fake.command("master", "mesa", "encuentro empezar", {"modo": "mesa"})
    enemigos = await fake.command("master", "mesa", "encuentro enemigos", {"nombre": "nu SALVAJE"})
    assert "No hay ningún «nu SALVAJE»" in enemigos.text()
    enemigos = await fake.command("master", "mesa", "encuentro enemigos", {"nombre": "ñu salvaje"})
    assert "Ñu salvaje entra en el combate." in enemigos.text()

    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Ángel", **CREAR})
    twin = await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "ángel", **CREAR})
    assert twin.last.content == "Ya tienes un personaje llamado «Ángel»."
    for command, options in [
        ("ficha usar", {"personaje": "angel"}),
        ("ficha oficio", {"nombre": "Navegación", "valor": 2, "personaje": "ANGEL"}),
        ("encuentro unirse", {"personaje": "angel"}),
    ]:
        reply = await fake.command("kaeda", "mesa", command, options)
        assert "No tienes" not in reply.last.text(), command
    unido = await fake.command("kaeda", "mesa", "encuentro ver")
    assert "Ángel" in unido.last.text()


REFUSED = {
    "Bran\u200b": "carácter invisible",
    "\u200b": "carácter invisible",
    "<@111111111111111111>": "mención de Discord",
    "Pícaro @everyone": "mención de Discord",
    "Bran\u202e": "control",
    "=SUMA(A1)": "fórmula",
}


@pytest.mark.parametrize("nombre", list(REFUSED))
async def test_refused_names_are_refused_in_spanish_and_write_nothing(
    fake: FakeDiscord, session: Any, nombre: str
) -> None:
    for user, command, options in [
        ("kaeda", "ficha crear", {"nombre": nombre, **CREAR}),
        ("master", "bestiario añadir", {"nombre": nombre, **ENEMY}),
    ]:
        reply = await fake.command(user, "mesa", command, options)
        assert reply.last.ephemeral
        assert reply.last.content.startswith("El nombre "), reply.last.content
        assert REFUSED[nombre] in reply.last.content
    async with session.storage.guild(GUILD_ID) as uow:
        assert await uow.bestiary.list_all() == []
        assert await uow.characters.list_all() == []


async def test_names_in_files_follow_the_same_rule() -> None:
    text = "enemigos:\n  - {nombre: Lobo, ataque: 9, defensa: 9, aguante: 8, potencia: 2}\n"
    text += '  - {nombre: "Bran\\u200b", ataque: 9, defensa: 9, aguante: 8, potencia: 2}\n'
    with pytest.raises(UmbralError) as refused:
        load_bestiary(text.encode(), "b.yaml")
    assert str(refused.value) == (
        # issue 30: the refusal names the character but never echoes it
        "No se ha importado nada: entrada 2 («Bran�»), línea 3, campo «nombre»: lleva un "
        "carácter invisible o de control (U+200B) que no se admite."
    )


async def test_names_are_escaped_and_only_the_defender_is_pinged(fake: FakeDiscord) -> None:
    link = "[Pulsa aquí](https://example.com)"
    await fake.command("master", "mesa", "bestiario añadir", {"nombre": link, **ENEMY})
    await fake.command("master", "mesa", "encuentro empezar", {"modo": "mesa"})
    await fake.command("master", "mesa", "encuentro enemigos", {"nombre": link})
    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "**Úrsula**", **CREAR})
    await fake.command("kaeda", "mesa", "encuentro unirse")
    await fake.command("master", "mesa", "asalto")
    attack = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "**Úrsula**", "atacante": link}
    )
    content = attack.first.content or ""
    assert content.startswith(f"<@{fake.user_id('kaeda')}>, \\*\\*Úrsula\\*\\* debe defenderse")
    assert attack.first.payload["allowed_mentions"] == {
        "parse": [],
        "users": [fake.user_id("kaeda")],
    }
    # issue 30: the link's URL is wrapped in <…> (no preview), its brackets escaped
    assert "\\[Pulsa aquí\\](<https://example.com>)" in attack.first.text()
    for message in fake.messages:
        mentions = message.payload.get("allowed_mentions")
        assert mentions is not None, message.text()
        assert mentions.get("users", []) in ([], [fake.user_id("kaeda")])
    assert (
        shown("<@111111111111111111> @here a\nb") == "\\<@\u200b111111111111111111> @\u200bhere a b"
    )
    assert allowed_mentions().to_dict() == {"parse": []}


async def test_autocomplete_follows_permissions(fake: FakeDiscord) -> None:
    await fake.command("master", "mesa", "bestiario añadir", {"nombre": "Dragón secreto", **ENEMY})
    await fake.command("master", "mesa", "encuentro empezar", {"modo": "mesa"})
    for command in ("bestiario ver", "bestiario borrar", "encuentro enemigos"):
        player = await fake.autocomplete("kaeda", "mesa", command, {"nombre": ""}, "nombre")
        assert player == [], command
        gm = await fake.autocomplete("master", "mesa", command, {"nombre": "drag"}, "nombre")
        assert [c["name"] for c in gm] == ["Dragón secreto"], command
    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Íñigo", **CREAR})
    await fake.command("bran", "mesa", "ficha crear", {"nombre": "Bran", **CREAR})
    own = await fake.autocomplete("kaeda", "mesa", "ficha borrar", {"personaje": ""}, "personaje")
    assert [c["name"] for c in own] == ["Íñigo"]
    gm = await fake.autocomplete("master", "mesa", "ficha borrar", {"personaje": ""}, "personaje")
    assert [c["name"] for c in gm] == ["Bran", "Íñigo"]


async def test_two_owners_of_one_name_are_asked_not_guessed(
    fake: FakeDiscord, session: Any
) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Bran", **CREAR})
    await fake.command("bran", "mesa", "ficha crear", {"nombre": "bran", **CREAR})
    refused = await fake.command("master", "mesa", "ficha borrar", {"personaje": "BRAN"})
    kaeda, bran = fake.user_id("kaeda"), fake.user_id("bran")
    assert refused.last.content == (
        f"Hay 2 personajes llamados «BRAN»: son de <@{kaeda}>, <@{bran}>. "
        "Di de quién con la opción «dueño»."
    )
    assert refused.last.payload["allowed_mentions"] == {"parse": []}
    done = await fake.command(
        "master", "mesa", "ficha borrar", {"personaje": "Bran", "dueño": "bran"}
    )
    assert done.last.title == "bran ha sido borrado"
    async with session.storage.guild(GUILD_ID) as uow:
        assert [(r.owner_id, r.nombre) for r in await uow.characters.list_all()] == [
            (kaeda, "Bran")
        ]
    player = await fake.command(
        "bran", "mesa", "ficha borrar", {"personaje": "Bran", "dueño": "kaeda"}
    )
    assert player.last.content == "Solo puedes elegir tus propios personajes."


async def test_a_second_reto_of_one_name_is_refused(fake: FakeDiscord) -> None:
    first = await fake.command(
        "master", "mesa", "reto crear", {"nombre": "Puerta", "umbral": 9, "exitos": 2}
    )
    assert "Reto «Puerta»" in first.last.text()
    second = await fake.command(
        "master", "mesa", "reto crear", {"nombre": "PUERTA", "umbral": 9, "exitos": 2}
    )
    assert second.last.content == "Ya hay un reto «Puerta» en este canal: ponle otro nombre."


# --- the property: any name, through storage, an encounter and a file ---------------------

LATIN = "áéíóúüñçÁÉÍÓÚÜÑÇàèâêøåæœß"
NAMES = st.lists(
    st.sampled_from(
        [*string.ascii_letters, *string.digits, *LATIN, " ", ".", "'", "(", ")", "!", "¿", "?",
         "Ж", "й", "ά", "日", "हि", "🐉", "❤️", "👩‍🚀", "\u200b", "\n", "<@", "@here"]
    ),
    max_size=20,
).map("".join)  # fmt: skip


def _plain(text: str) -> str:
    """The unaccented spelling a player might type (ñ kept, as people write it)."""
    import unicodedata

    out = []
    for ch in unicodedata.normalize("NFD", text):
        mark = bool(unicodedata.combining(ch)) and bool(out)
        if not mark or (out[-1] in "nN" and ch == "\u0303") or not out[-1].isascii():
            out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


async def _scenario(url: str, nombre: str) -> None:
    guild = next(_guilds)
    storage = Storage.from_url(url)
    try:
        problem = name_problem(nombre.strip())
        if problem is not None:
            with pytest.raises(UmbralError, match=r"^El nombre "):
                async with storage.guild(guild) as uow:
                    await uow.bestiary.add(nombre, **ENEMY)
            async with storage.guild(guild) as uow:
                assert await uow.bestiary.list_all() == []
            return
        async with storage.guild(guild) as uow:
            await uow.bestiary.add(nombre, **ENEMY)
        async with storage.guild(guild) as uow:
            for typed in {nombre, nombre.upper(), nombre.lower(), _plain(nombre)}:
                if name_key(typed) == name_key(nombre):
                    row = await uow.bestiary.get(typed)
                    assert row is not None and row.nombre == nombre.strip(), typed
            row = await uow.bestiary.get(nombre)
            assert row is not None
            entries = [entry_of(r) for r in await uow.bestiary.list_all()]
        enc = Encounter.start("mesa")
        enc.add_enemy(enemy_sheet(row))
        async with storage.channel(guild, 1) as uow:
            await uow.encounter.create(enc, creator_id=1)
        async with storage.channel(guild, 1) as uow:
            again = await uow.encounter.require()
            assert again.find(nombre.upper()).nombre == nombre.strip()
        for fmt in ("yaml", "json", "csv"):
            back = load_bestiary(dump(entries, fmt, BESTIARY), f"b.{fmt}")
            assert [e.export() for e in back] == [e.export() for e in entries], fmt
    finally:
        await storage.close()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(nombre=NAMES)
def test_any_name_round_trips_or_is_refused(nombre: str, database_url: str) -> None:
    asyncio.run(_scenario(database_url, nombre))


def test_spanish_order() -> None:
    assert spanish_sorted(["ñu", "Oso", "nube", "Ábaco", "azul", "Zeta", "nzz"]) == [
        "Ábaco", "azul", "nube", "nzz", "ñu", "Oso", "Zeta",
    ]  # fmt: skip
    assert name_key("Ángel") == name_key("angel") != name_key("ángela")
    assert name_key("año") != name_key("ano")
    assert name_key("Йод") == "йод" and name_key("ἄλφα") == "ἄλφα"

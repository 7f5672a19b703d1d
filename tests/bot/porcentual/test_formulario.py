"""``/porcentual ficha crear`` (and ``bestiario crear``) typed without options opens a form
with the sheet's fields, which accepts and refuses what the options do."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script
from tests.hardening.hostile import dump

SLASH = (
    '/porcentual ficha crear nombre:Ana caracteristicas:"fuerza 12, agilidad 10, percepcion 11" '
    'pv:20 competencias:"Espadas 60, Esquivar 40" armadura:Cota proteccion:4 resistencia:30 '
    "iniciativa_armadura:-2 casco:true escudo:Rodela tamano_escudo:pequeno "
    'resistencia_escudo:12 protege:"Brazo izquierdo" bipedo:true'
)
FORM = [
    '!formulario Nombre=Ana Características="fuerza 12, agilidad 10, percepcion 11" PV=20 '
    'Competencias="Espadas 60, Esquivar 40"',
    "!pulsar Seguir",
    '!formulario Armadura=Cota Protección=4 Resistencia=30 "Iniciativa por armadura"=-2 Casco=sí',
    "!pulsar Seguir",
    '!formulario Escudo=Rodela "Tamaño del escudo"=Pequeño "Resistencia del escudo"=12 '
    'Protege="Brazo izquierdo" Bípedo=sí',
]


async def stored(session: Session, fake: FakeDiscord, kind: str = "pj") -> dict[str, object]:
    async with session.storage.guild(fake.guild.id) as uow:
        rows = await uow.system_sheets.list("porcentual", kind)  # type: ignore[arg-type]
    return {r.nombre: r.data for r in rows}


async def test_crear_without_options_opens_its_form_with_the_same_result(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    opened = await fake.command("kaeda", "mesa", "porcentual ficha crear")
    assert opened.form is not None and opened.messages == []
    assert opened.form["title"] == "Ficha del juego porcentual (1/3)"
    out = await script.run("@kaeda", *FORM)
    assert "(discord)" not in out, out
    by_form = out[out.index("== Ficha: Ana ==") :]
    saved = await stored(session, fake)
    assert "Ya hay" in await script.run(SLASH)  # the form saved it
    await script.run("/porcentual ficha borrar nombre:Ana")
    by_slash = await script.run(SLASH)
    assert by_slash[by_slash.index("== Ficha: Ana ==") :] == by_form
    assert await stored(session, fake) == saved


async def test_the_form_refuses_what_the_options_refuse_and_saves_nothing(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    before = await dump(fake)
    await fake.command("kaeda", "mesa", "porcentual ficha crear")
    out = await script.run(
        "@kaeda",
        '!formulario Nombre=Ana Características="fuerza 12" PV=900 "Iniciativa por hechizos"=x',
    )
    assert "PV" in out and "500" in out and "Iniciativa por hechizos" in out, out
    assert "No se ha guardado nada" in out and "Reabrir" in out
    out = await script.run(
        "!pulsar Reabrir",
        '!formulario Nombre=Ana Características="fuerza 90, agilidad 10, percepcion 10" PV=20 '
        '"Iniciativa por hechizos"=0',
        "!pulsar Seguir",
        "!formulario Armadura=Cota",
        "!pulsar Seguir",
        '!formulario Escudo=Rodela "Tamaño del escudo"=tarja',
    )
    assert "La característica fuerza va de 0 a 50 (se dio 90)." in out, out
    assert "No se ha guardado nada" in out
    assert await dump(fake) == before
    refused = await fake.command(
        "kaeda", "mesa", "porcentual ficha crear", {"nombre": "Ana", "pv": 20}
    )
    assert "Falta la opción «caracteristicas» de /porcentual ficha crear" in refused.last.text()
    refused = await fake.command(
        "kaeda", "mesa", "porcentual ficha crear",
        {"nombre": "Ana", "caracteristicas": "fuerza 10, agilidad 10, percepcion 10", "pv": 20,
         "tamano_escudo": "medio"},
    )  # fmt: skip
    assert "Un escudo necesita nombre" in refused.last.text()
    assert await dump(fake) == before


async def test_the_bestiary_form_is_the_gms(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    out = await script.run(
        "@master",
        "/porcentual bestiario crear",
        '!formulario Nombre=Lobo Características="fuerza 10, agilidad 14, percepcion 14" PV=12',
        "!pulsar Seguir",
        "!formulario",
        "!pulsar Seguir",
        "!formulario",
    )
    assert "(discord)" not in out, out
    assert "== Bestiario: Lobo ==" in out
    assert list(await stored(session, fake, "enemigo")) == ["Lobo"]
    out = await script.run(
        "@kaeda",
        "/porcentual bestiario crear",
        '!formulario Nombre=Oso Características="fuerza 10, agilidad 14, percepcion 14" PV=12',
        "!pulsar Seguir",
        "!formulario",
        "!pulsar Seguir",
        "!formulario",
    )
    assert "Solo el máster" in out, out
    assert list(await stored(session, fake, "enemigo")) == ["Lobo"]

"""Issue 38 item 3: a command typed without options opens its form (at most five fields, the
required ones first); a wrong value names the field and what it accepts, saves nothing and
offers «Reabrir», the form filled with what was typed; a form filled right gives the same
result as the slash options, through the same checks (``bot.features.forms``)."""

from __future__ import annotations

from bot.console import FakeDiscord
from bot.console.messages import Reply
from tests.bot.conftest import Script

NOTHING = "No se ha guardado nada: «Reabrir» abre el formulario con lo que escribiste."


async def retos(fake: FakeDiscord, channel: str) -> str:
    return (await fake.command("master", channel, "reto ver")).text()


async def test_reto_crear_without_options_opens_its_form(script: Script, fake: FakeDiscord) -> None:
    opened: Reply = await fake.command("master", "mesa", "reto crear")
    assert opened.form is not None and opened.messages == []
    out = await script.run("!formulario Nombre=Puerta Umbral=10 Éxitos=3")
    assert f"«Umbral» admite uno de: 6, 9, 12, 15, 18, 21. {NOTHING}" in out
    assert "Puerta" not in await retos(fake, "mesa")
    out = await script.run("!pulsar Reabrir")
    assert "Nombre*: [una línea, hasta 80] = «Puerta»" in out and "= «10»" in out
    out = await script.run("!formulario Umbral=9 Éxitos=30")
    assert "Éxitos debe estar entre 1 y 20 (se dio 30). Admite: número entero, de 1 a 20." in out
    assert "Puerta" not in await retos(fake, "mesa")
    out = await script.run("!pulsar Reabrir")
    assert "= «Puerta»" in out and "= «9»" in out and "= «30»" in out
    out = await script.run('!formulario Éxitos=3 Coste="un aliado"')
    assert "(discord)" not in out, out
    by_form = out[out.index("Umbral → #mesa") :]
    by_slash = await script.run(
        "#otra", '/reto crear nombre:Puerta umbral:9 exitos:3 coste:"un aliado"'
    )
    assert by_form.replace("#mesa", "#otra") == by_slash[by_slash.index("Umbral → #otra") :]
    assert await retos(fake, "mesa") == await retos(fake, "otra")


async def test_the_form_refuses_what_the_slash_options_refuse(
    script: Script, fake: FakeDiscord
) -> None:
    out = await script.run("@kaeda", "/reto crear", "!formulario Nombre=Pared Umbral=9 Éxitos=2")
    assert "Solo el máster puede crear retos" in out
    out = await script.run("@master", "/reto crear nombre:Puerta")
    assert "Falta la opción «umbral» de /reto crear" in out and "sin opciones" in out
    out = await script.run("/reto crear", "!formulario Nombre=Puerta Umbral=doce Éxitos=tres")
    assert "«Umbral» admite uno de: 6, 9, 12" in out and NOTHING in out
    out = await script.run("!pulsar Reabrir", "!formulario Umbral=12 Éxitos=tres")
    assert "«Éxitos» admite un número entero, de 1 a 20 (se escribió «tres»)." in out
    assert "Puerta" not in await retos(fake, "mesa")


async def test_ficha_crear_has_two_pages_and_the_same_result(
    script: Script, fake: FakeDiscord
) -> None:
    out = await script.run("@kaeda", "/ficha crear")
    assert "== Crear ficha (1/2) ==" in out and "Protección" not in out  # five fields a page
    out = await script.run("!formulario Nombre=Íñigo Vigor=3 Destreza=3 Percepción=1 Voluntad=9")
    assert "Voluntad debe estar entre 0 y 5 (se dio 9). Admite: número entero, de 0 a 5." in out
    out = await script.run("!pulsar Reabrir")
    assert "= «Íñigo»" in out and "Voluntad (0 a 5)*: [una línea, hasta 100] = «9»" in out
    out = await script.run("!formulario Voluntad=1")
    assert "Parte 1 de 2 anotada (aún no se ha guardado nada): «Seguir» abre la siguiente." in out
    listed = (await fake.command("kaeda", "mesa", "ficha lista")).text()
    assert "Íñigo" not in listed  # nothing saved before the last page
    out = await script.run("!pulsar Seguir")
    assert "== Crear ficha (2/2) ==" in out and "Protección (0 a 4)*:" in out and "Género:" in out
    out = await script.run("!formulario Protección=ninguna Género=femenino")
    assert "«Protección» admite un número entero, de 0 a 4 (se escribió «ninguna»)." in out
    out = await script.run("!pulsar Reabrir")
    assert "= «femenino»" in out
    out = await script.run("!formulario Protección=1 Género=Femenino")
    assert "(discord)" not in out, out
    by_form = out[out.index("Umbral → #mesa") :]
    by_slash = await script.run(
        "@bea",
        "/ficha crear nombre:Íñigo vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1 "
        "genero:femenino",
    )
    assert by_form.replace("@kaeda", "@bea") == by_slash[by_slash.index("Umbral → #mesa") :]


async def test_ficha_crear_by_slash_still_needs_its_options(script: Script) -> None:
    out = await script.run("@kaeda", "/ficha crear nombre:Íñigo vigor:3")
    assert "Falta la opción «destreza» de /ficha crear" in out
    out = await script.run("/ficha crear nombre:Íñigo vigor:6 destreza:1 percepcion:1 voluntad:1")
    assert "Vigor debe estar entre 0 y 5 (se dio 6)." in out  # the same check as the form's


async def test_bestiario_anadir_has_three_pages_and_the_same_result(
    script: Script, fake: FakeDiscord
) -> None:
    out = await script.run("/bestiario añadir")
    assert "== Añadir enemigo (1/3) ==" in out and "Potencia (0 a 30)*:" in out
    assert "Arma" not in out
    out = await script.run("!formulario Nombre=Ogro Ataque=16 Defensa=11 Aguante=0 Potencia=6")
    assert "Aguante debe estar entre 1 y 500 (se dio 0)." in out and NOTHING in out
    out = await script.run("!pulsar Reabrir", "!formulario Aguante=30", "!pulsar Seguir")
    assert "== Añadir enemigo (2/3) ==" in out and "Tamaño:" in out
    out = await script.run("!formulario Tamaño=gigante Protección=1")
    assert "«Tamaño» admite uno de: " in out and NOTHING in out
    out = await script.run("!pulsar Reabrir")
    assert "= «gigante»" in out and "= «1»" in out
    out = await script.run("!formulario Tamaño=Grande", "!pulsar Seguir")
    assert "== Añadir enemigo (3/3) ==" in out
    assert "Ogro" not in (await fake.command("master", "mesa", "bestiario lista")).text()
    out = await script.run('!formulario "Acciones extra"=1')
    assert "(discord)" not in out, out
    by_form = (await fake.command("master", "mesa", "bestiario ver", {"nombre": "Ogro"})).text()
    await fake.command("master", "mesa", "bestiario borrar", {"nombre": "Ogro"})
    await script.run(
        "/bestiario añadir nombre:Ogro ataque:16 defensa:11 aguante:30 potencia:6 "
        "tamaño:grande proteccion:1 acciones_extra:1"
    )
    by_slash = (await fake.command("master", "mesa", "bestiario ver", {"nombre": "Ogro"})).text()
    assert by_form == by_slash and "Por asalto: 2 acciones" in by_form
    out = await script.run("@kaeda", "/bestiario añadir nombre:Lobo ataque:1")
    assert "Falta la opción «defensa» de /bestiario añadir" in out


async def test_ficha_editar_without_options_opens_its_form_with_the_same_result(
    script: Script, fake: FakeDiscord
) -> None:
    create = "/ficha crear nombre:{} vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1"
    await script.run("@kaeda", create.format("Íñigo"), "@bea", create.format("Íñigo"))
    out = await script.run("@kaeda", "/ficha editar")
    assert "== Editar ficha (1/3) ==" in out and "Protección (0 a 4):" in out
    out = await script.run("!formulario Vigor=4", "!pulsar Seguir")
    assert "Aliento máximo (0 a 20):" in out and "Género:" in out
    out = await script.run('!formulario "Aliento máximo"=25')
    assert "Aliento máximo debe estar entre 0 y 20 (se dio 25)." in out and NOTHING in out
    out = await script.run("!pulsar Reabrir", '!formulario "Aliento máximo"=2', "!pulsar Seguir")
    assert "Notas: [párrafo, hasta 1000]" in out and "Imagen (enlace https):" in out
    out = await script.run('!formulario "Imagen (enlace https)"="http://x.example/a.png"')
    assert "avatar_url debe ser un enlace https" in out and NOTHING in out  # the command's check
    assert "Capa" not in (await fake.command("kaeda", "mesa", "ficha ver")).text()
    out = await script.run("!pulsar Reabrir")  # the first page again, filled
    assert "== Editar ficha (1/3) ==" in out
    assert "Vigor (0 a 5): [una línea, hasta 100] = «4»" in out
    out = await script.run("!formulario", "!pulsar Seguir", "!formulario", "!pulsar Seguir")
    assert "= «http://x.example/a.png»" in out
    out = await script.run('!formulario "Imagen (enlace https)"= Notas="Capa roja"')
    assert "(discord)" not in out, out
    by_form = out[out.index("Umbral → #mesa") :]
    by_slash = await script.run("@bea", '/ficha editar vigor:4 aliento_max:2 notas:"Capa roja"')
    assert by_form == by_slash[by_slash.index("Umbral → #mesa") :]
    sheets = [
        (await fake.command(user, "mesa", "ficha ver")).text().split("\n", 2)[2]
        for user in ("kaeda", "bea")  # past the title and the owner's mention
    ]
    assert sheets[0] == sheets[1] and "Capa roja" in sheets[0]

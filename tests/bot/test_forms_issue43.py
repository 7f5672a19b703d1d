"""Issue 43, section 4, last item, through the real commands on the console: a form's fields
show their option's range, every wrong field of a page is answered at once, a name already
taken is refused on the first page; ``pequeño`` and ``pequeno`` are one size wherever a size
is read; a name that misses only its ñ («inigo») gets «¿Quisiste decir Íñigo?»."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands

from bot.console import FakeDiscord
from bot.features.fichas.crear import CREAR_FORM
from bot.features.forms import LABEL_MAX, CommandForm, FormSpec, value_range
from tests.bot.conftest import Script
from tests.bot.test_off_loop import current
from umbral_rules.text import name_not_found, near_names

NOTHING = "No se ha guardado nada: «Reabrir» abre el formulario con lo que escribiste."
CREAR = "/ficha crear nombre:{} vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1"


def _form_commands(fake: FakeDiscord) -> list[app_commands.Command[Any, ..., Any]]:
    return [
        c
        for c in fake.bot.tree.walk_commands()  # type: ignore[attr-defined]
        if isinstance(c, app_commands.Command) and isinstance(c.extras.get("form"), FormSpec)
    ]


# --- the range in each label -------------------------------------------------------------


async def test_labels_carry_the_range_the_slash_option_declares(fake: FakeDiscord) -> None:
    commands = {c.qualified_name: c for c in _form_commands(fake)}
    assert {"ficha crear", "ficha editar", "bestiario añadir", "reto crear"} <= set(commands)
    for command in commands.values():
        spec: FormSpec = command.extras["form"]
        params = {p.name: p for p in command.parameters}
        for page in range(len(spec.pages)):
            form = CommandForm(spec, command, page=page)
            sent = [c for row in form.to_components() for c in row["components"]]
            for name, component in zip(spec.pages[page], sent, strict=True):
                param = params[name]
                label = str(component["label"])
                assert len(label) <= LABEL_MAX, label
                number = param.type in (AppCommandOptionType.integer, AppCommandOptionType.number)
                if number and param.min_value is not None and param.max_value is not None:
                    # the one declaration: app_commands.Range[int, low, high]
                    assert label.endswith(f" ({param.min_value:g} a {param.max_value:g})"), label
                else:
                    assert value_range(param) == "" or label.endswith(f"({value_range(param)})")
    crear = {p.name: p for p in commands["ficha crear"].parameters}
    assert CREAR_FORM.field_label(crear["vigor"]) == "Vigor (0 a 5)"


async def test_the_forms_show_their_ranges(script: Script) -> None:
    out = await script.run("@kaeda", "/ficha crear")
    for label in ("Vigor (0 a 5)*:", "Destreza (0 a 5)*:", "Voluntad (0 a 5)*:", "Nombre*:"):
        assert label in out, out
    out = await script.run("!formulario cerrar", "@master", "/bestiario añadir")
    assert "Ataque (0 a 40)*:" in out and "Aguante (1 a 500)*:" in out
    out = await script.run("!formulario cerrar", "/reto crear")
    assert "Éxitos (1 a 20)*:" in out and "Umbral*:" in out  # a choice: no range


async def test_a_label_longer_than_45_is_refused_by_the_consoles_discord(
    script: Script, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = FormSpec(
        "Crear reto",
        (("nombre", "umbral", "exitos", "coste"),),
        frozenset({"nombre", "umbral", "exitos"}),
        {"exitos": "É" * 36},  # with « (1 a 20)»: 45 characters, Discord's limit
    )
    # the module as the bot under test imported it (an earlier bot's close() unloaded its
    # extensions in this worker: a reference taken at import may be stale)
    checks_cog = current("bot.features.tiradas.cog")
    monkeypatch.setattr(checks_cog, "RETO_FORM", long)
    out = await script.run("@master", "/reto crear")
    # accepted: shown, and nothing Discord refused (a line that only informs, such as a 429
    # a loaded machine may meet, is not a refusal)
    assert f"{'É' * 36} (1 a 20)*:" in out, out
    assert [n.line for n in fake.gate.notices if n.counts] == [], out
    longer = FormSpec(long.title, long.pages, long.required, {"exitos": "É" * 37})
    monkeypatch.setattr(checks_cog, "RETO_FORM", longer)
    out = await script.run("!formulario cerrar", "/reto crear")
    assert "(discord)" in out and "label" in out, out
    assert "Must be 45 or fewer in length" in out
    assert f"{'É' * 37} (1 a 20)" not in out.split("(discord)")[0]
    fake.gate.notices.clear()  # the fault made on purpose


# --- every wrong field at once -----------------------------------------------------------


async def test_a_page_with_two_wrong_fields_reports_both(script: Script, fake: FakeDiscord) -> None:
    await script.run("@kaeda", "/ficha crear")
    out = await script.run(
        "!formulario Nombre=Íñigo Vigor=9 Destreza=3 Percepción=1 Voluntad=siete"
    )
    assert "- Vigor debe estar entre 0 y 5 (se dio 9). Admite: número entero, de 0 a 5." in out
    assert "- «Voluntad» admite un número entero, de 0 a 5 (se escribió «siete»)." in out
    assert NOTHING in out
    assert "Íñigo" not in (await fake.command("kaeda", "mesa", "ficha lista")).text()
    out = await script.run("!pulsar Reabrir")
    assert "Vigor (0 a 5)*: [una línea, hasta 100] = «9»" in out and "= «siete»" in out
    out = await script.run("!formulario Vigor=3 Voluntad=1")
    assert "Parte 1 de 2 anotada" in out
    # the last page too: both of its wrong fields, nothing saved
    out = await script.run("!pulsar Seguir", "!formulario Protección=7 Aliento=x")
    assert "- Protección debe estar entre 0 y 4 (se dio 7)." in out
    assert "- «Aliento» admite un número entero" in out and NOTHING in out
    assert "Íñigo" not in (await fake.command("kaeda", "mesa", "ficha lista")).text()


# --- a name already taken, on the first page ---------------------------------------------


async def test_ficha_crear_refuses_a_taken_name_on_the_first_page(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run("@kaeda", CREAR.format("Íñigo"))
    before = (await fake.command("kaeda", "mesa", "ficha lista")).text()
    out = await script.run(
        "/ficha crear", "!formulario Nombre=ÍÑIGO Vigor=2 Destreza=2 Percepción=2 Voluntad=2"
    )
    assert f"Ya tienes un personaje llamado «ÍÑIGO». {NOTHING}" in out
    assert "Parte 1 de 2" not in out and "(discord)" not in out, out
    # with another wrong field: both at once
    out = await script.run("!pulsar Reabrir", "!formulario Vigor=8")
    assert "- Vigor debe estar entre 0 y 5 (se dio 8)." in out
    assert "- Ya tienes un personaje llamado «ÍÑIGO»." in out
    out = await script.run("!pulsar Reabrir", "!formulario Nombre=Bruna Vigor=2")
    assert "Parte 1 de 2 anotada" in out
    assert (await fake.command("kaeda", "mesa", "ficha lista")).text() == before  # nothing saved
    # another player may have their own Íñigo: the name is taken per owner
    out = await script.run(
        "@bea",
        "/ficha crear",
        "!formulario Nombre=Íñigo Vigor=2 Destreza=2 Percepción=2 Voluntad=2",
    )
    assert "Parte 1 de 2 anotada" in out


async def test_bestiario_anadir_refuses_a_taken_name_on_the_first_page(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(
        "@master", "/bestiario añadir nombre:Ogro ataque:16 defensa:11 aguante:30 potencia:6"
    )
    before = (await fake.command("master", "mesa", "bestiario lista")).text()
    out = await script.run(
        "/bestiario añadir", "!formulario Nombre=OGRO Ataque=1 Defensa=1 Aguante=1 Potencia=1"
    )
    assert f"Ya hay un enemigo llamado «OGRO» en el bestiario. {NOTHING}" in out
    assert "Parte 1 de 3" not in out
    assert (await fake.command("master", "mesa", "bestiario lista")).text() == before
    # a player learns nothing of the bestiary from the form: the command refuses at the end
    out = await script.run(
        "@kaeda",
        "/bestiario añadir",
        "!formulario Nombre=Ogro Ataque=1 Defensa=1 Aguante=1 Potencia=1",
    )
    assert "Ya hay un enemigo" not in out and "Parte 1 de 3 anotada" in out


# --- pequeño and pequeno -----------------------------------------------------------------


async def test_pequeno_and_pequeno_in_slash_options_and_forms(
    script: Script, fake: FakeDiscord
) -> None:
    add = "/bestiario añadir nombre:{} ataque:10 defensa:10 aguante:5 potencia:2 tamaño:{}"
    out = await script.run("@master", add.format("Rata", "pequeno"), add.format("Gato", "pequeño"))
    assert out.count("Añadido al bestiario.") == 2 and "(discord)" not in out, out
    for name in ("Rata", "Gato"):
        shown = (await fake.command("master", "mesa", "bestiario ver", {"nombre": name})).text()
        assert "Pequeño" in shown, shown
    out = await script.run("@kaeda", CREAR.format("Nilo"), "/ficha editar tamaño:pequeno")
    assert "(discord)" not in out and "Tamaño: normal → pequeño" in out, out
    # a form says «pequeño» and takes both spellings
    out = await script.run("@master", "/bestiario añadir")
    out = await script.run(
        "!formulario Nombre=Ratón Ataque=10 Defensa=10 Aguante=5 Potencia=2", "!pulsar Seguir"
    )
    out = await script.run("!formulario Tamaño=enano")
    assert "«Tamaño» admite uno de: diminuto, pequeño, normal, grande" in out
    out = await script.run("!pulsar Reabrir", "!formulario Tamaño=pequeno", "!pulsar Seguir")
    out = await script.run("!formulario")
    shown = (await fake.command("master", "mesa", "bestiario ver", {"nombre": "Ratón"})).text()
    assert "Pequeño" in shown, out


@pytest.mark.parametrize(
    ("filename", "content"),
    [
        (
            "bestiario.yaml",
            "enemigos:\n"
            "  - {nombre: Rata, ataque: 10, defensa: 10, aguante: 5, potencia: 2,\n"
            "     tamaño: pequeno}\n"
            "  - {nombre: Gato, ataque: 10, defensa: 10, aguante: 5, potencia: 2,\n"
            "     tamano: PEQUEÑO}\n",
        ),
        (
            "bestiario.json",
            '{"enemigos": ['
            '{"nombre": "Rata", "ataque": 10, "defensa": 10, "aguante": 5, "potencia": 2, '
            '"tamaño": "pequeno"}, '
            '{"nombre": "Gato", "ataque": 10, "defensa": 10, "aguante": 5, "potencia": 2, '
            '"tamaño": "pequeño"}]}',
        ),
        (
            "bestiario.csv",
            "nombre,ataque,defensa,aguante,potencia,tamaño\n"
            "Rata,10,10,5,2,pequeno\nGato,10,10,5,2,Pequeño\n",
        ),
    ],
)
async def test_pequeno_and_pequeno_in_an_imported_file(
    script: Script, fake: FakeDiscord, tmp_path: Path, filename: str, content: str
) -> None:
    path = tmp_path / filename
    path.write_text(content, encoding="utf-8")
    out = await script.run("@master", f"/bestiario importar archivo:@{path}")
    assert "Enemigos nuevos: 2." in out, out
    for name in ("Rata", "Gato"):
        shown = (await fake.command("master", "mesa", "bestiario ver", {"nombre": name})).text()
        assert "Pequeño" in shown, shown


async def test_a_character_file_takes_pequeno(script: Script, tmp_path: Path) -> None:
    path = tmp_path / "nilo.yaml"
    path.write_text(
        "personajes:\n  - nombre: Nilo\n"
        "    atributos: {vigor: 2, destreza: 2, percepcion: 2, voluntad: 2}\n"
        "    proteccion: 0\n    tamano: pequeno\n",
        encoding="utf-8",
    )
    out = await script.run("@kaeda", f"/ficha importar archivo:@{path}")
    assert "Personajes nuevos: 1." in out, out
    out = await script.run("/ficha editar tamaño:normal")  # the file's «pequeno» was kept
    assert "Tamaño: pequeño → normal" in out, out


# --- «¿Quisiste decir Íñigo?» -------------------------------------------------------------

SUGGEST = "¿Quisiste decir Íñigo?"


async def test_a_name_without_its_n_tilde_is_refused_with_a_suggestion(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run("@kaeda", CREAR.format("Íñigo"))
    out = await script.run("/ficha usar personaje:inigo")
    assert (
        f"No tienes ningún personaje llamado «inigo»: /ficha lista dice los tuyos. {SUGGEST}" in out
    )
    out = await script.run("/ficha ver personaje:INIGO")
    assert "¿Quisiste decir Íñigo?" in out
    out = await script.run("/ficha ver personaje:Íñigo")  # the right name works
    assert "Quisiste" not in out and "Íñigo" in out
    out = await script.run("/ficha ver personaje:Pedro")  # nothing near: no suggestion
    assert "«Pedro»" in out and "Quisiste" not in out
    # the GM reaching another's character
    out = await script.run("@master", "/descanso personajes:inigo")
    assert SUGGEST in out, out


async def test_combatants_and_enemies_get_the_suggestion_and_nothing_happens(
    script: Script, fake: FakeDiscord
) -> None:
    await script.run(
        "@master",
        "/bestiario añadir nombre:Ñu ataque:10 defensa:10 aguante:5 potencia:2",
        "/encuentro empezar modo:mesa",
    )
    out = await script.run("/encuentro enemigos nombre:nu")
    assert "No hay ningún «nu» en el bestiario" in out and "¿Quisiste decir Ñu?" in out
    out = await script.run("/bestiario ver nombre:NU")
    assert "¿Quisiste decir Ñu?" in out
    await script.run("/encuentro enemigos nombre:Ñu", "@kaeda", CREAR.format("Íñigo"))
    out = await script.run("/encuentro unirse", "@master", "/encuentro ver")
    before = out[out.index("> /encuentro ver") :]
    out = await script.run("/atacar objetivo:inigo atacante:Ñu")
    assert "No hay nadie llamado «inigo» en el combate" in out and SUGGEST in out, out
    out = await script.run("/encuentro ver")
    assert out[out.index("> /encuentro ver") :] == before  # refused: nothing happened
    out = await script.run("@kaeda", "/atacar objetivo:nu")
    assert "¿Quisiste decir Ñu?" in out, out
    out = await script.run("/tirada atributo:vigor contra:nu")  # a check against someone
    assert "No hay nadie llamado «nu»" in out and "¿Quisiste decir Ñu?" in out, out


def test_the_suggestion_folds_only_what_the_name_key_keeps() -> None:
    names = ["Íñigo", "Año", "Ano", "Ñu salvaje", "Pedro"]
    assert near_names("inigo", names) == ["Íñigo"]
    assert near_names("ANO", names) == ["Ano", "Año"]  # both, in Spanish order
    assert near_names("nu  salvaje", names) == ["Ñu salvaje"]
    assert near_names("Pablo", names) == [] and near_names("", names) == []
    error = name_not_found("No hay ningún «inigo».", "inigo", names)
    assert str(error) == "No hay ningún «inigo». ¿Quisiste decir Íñigo?" and not error.formatted
    marked = name_not_found("No hay «x».", "ano", ["Año"], shown=lambda n: f"`{n}`")
    assert str(marked) == "No hay «x». ¿Quisiste decir `Año`?" and marked.formatted

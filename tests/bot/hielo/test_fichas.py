"""/hielo ficha and /hielo bestiario through the console: sheets with any ability, the
derived numbers shown, edits, refusals that change nothing, who may do what."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from tests.bot.conftest import Script

from .lines import GUARDIA, TENDERA, YORGEN


async def stored(session: Session, fake: FakeDiscord, kind: str = "pj") -> dict[str, object]:
    async with session.storage.guild(fake.guild.id) as uow:
        rows = await uow.system_sheets.list("hielo", kind)  # type: ignore[arg-type]
    return {r.nombre: r.data for r in rows}


async def test_a_sheet_shows_the_numbers_the_seed_derives(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    out = await script.run("@kaeda", YORGEN)
    assert "Ficha creada: Yorgen" in out
    # Agilidad 3 + Brío 3 + Percepción 2 (not written: rank 2) + Rapidez 1B − armour 1
    assert (
        "Defensa en combate: **8** (Agilidad 3 + Brío 3 + Percepción 2 + Rapidez (B) 1 + "
        "Penalización de armadura −1)"
    ) in out
    assert "Salud: **9** (Constitución 3 × 3)" in out
    assert "Compostura: **6** (Voluntad 2 × 3)" in out
    assert "Defensa en intrigas: **6**" in out
    assert "Percepción pasiva: **8**" in out
    assert "Trepar 2B (Brío)" in out and "Rapidez 1B (Agilidad)" in out
    assert "Daga (daño 2, Combate cuerpo a cuerpo)" in out
    assert "Cuero: Protección 1, Penalización 1" in out
    data = (await stored(session, fake))["Yorgen"]
    assert data["habilidades"]["Brío"] == 3 and data["destino"] == 1  # type: ignore[index]


async def test_any_ability_name_and_the_seed_spelling(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    out = await script.run(
        "@kaeda",
        '/hielo ficha crear nombre:Arya habilidades:"brio 2, Sanación 4, AGILIDAD 5" destino:3',
    )
    assert "Agilidad 5, Brío 2, Sanación 4" in out and "Puntos de destino 3" in out
    out = await script.run('/hielo ficha editar nombre:Arya habilidades:"Sanación 5" escudo:2')
    assert "Ficha cambiada: Arya" in out and "Sanación 5" in out and "Escudo +2" in out
    out = await script.run("/hielo ficha editar nombre:Arya armadura:ninguna")
    assert "Armadura: ninguna" in out
    out = await script.run('/hielo ficha editar nombre:Arya especialidades:"Agilidad: Rapidez 2"')
    assert "Rapidez 2B (Agilidad)" in out and "Defensa en combate: **13**" in out
    out = await script.run('/hielo ficha editar nombre:Arya especialidades:"Rapidez 0"')
    assert "Especialidades: ninguna" in out


async def test_bad_input_is_refused_in_spanish_and_nothing_changes(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run("@kaeda", YORGEN)
    before = await stored(session, fake)
    refusals = {
        (
            '/hielo ficha editar nombre:Yorgen habilidades:"Brío 9"'
        ): "El rango de Brío: de 1 a 8 (se dio 9).",
        '/hielo ficha editar nombre:Yorgen habilidades:"Brío"': "No entiendo «Brío»",
        (
            '/hielo ficha editar nombre:Yorgen especialidades:"Esgrima 2"'
        ): "¿De qué habilidad es la especialidad «Esgrima»?",
        "/hielo ficha editar nombre:Yorgen arma:Hacha": "Un arma nueva necesita su daño",
        (
            "/hielo ficha editar nombre:Yorgen arma:Arco daño:3 arma_habilidad:Puntería "
            "arma_especialidad:Arcos quitar_arma:Lanza"
        ): "La ficha no tiene el arma «Lanza».",
        "/hielo ficha editar nombre:Yorgen": "No has dicho qué cambiar",
        "/hielo ficha crear nombre:Yorgen": "Ya hay una ficha llamada «Yorgen».",
        "/hielo ficha ver nombre:Nadie": "No hay una ficha llamada «Nadie».",
    }
    for line, said in refusals.items():
        out = await script.run(line)
        assert said in out, out
    out = await script.run("@bran", '/hielo ficha editar nombre:Yorgen habilidades:"Brío 5"')
    assert "no es tuya" in out
    out = await script.run("/hielo ficha borrar nombre:Yorgen")
    assert "no es tuya" in out
    assert await stored(session, fake) == before


async def test_gm_edits_and_deletes_a_players_sheet_and_lists_them(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    await script.run("@kaeda", YORGEN)
    out = await script.run(
        "@master",
        "/hielo ficha editar nombre:Yorgen arma:Arco daño:3 arma_habilidad:Puntería",
        "/hielo ficha lista",
    )
    assert "Arco (daño 3, Puntería)" in out and "Yorgen (de @kaeda)" in out
    out = await script.run("/hielo ficha borrar nombre:Yorgen")
    assert "Ficha borrada" in out and "• Yorgen" in out
    assert await stored(session, fake) == {}


async def test_the_bestiary_is_the_gms(script: Script, fake: FakeDiscord, session: Session) -> None:
    out = await script.run("@master", GUARDIA, TENDERA)
    assert "Enemigo añadido al bestiario: Tendera" in out
    assert "Percepción pasiva: **13**" in out  # the seed's 3×4+1
    out = await script.run("/hielo bestiario lista", "/hielo bestiario ver nombre:Guardia")
    assert "Guardia" in out and "Lanza (daño 3" in out
    out = await script.run("/hielo bestiario editar nombre:Guardia armadura:Cota protección:4")
    assert "Cota: Protección 4, Penalización 0" in out
    out = await script.run("@kaeda", GUARDIA)
    assert "Solo el máster puede cambiar el bestiario" in out
    out = await script.run("/hielo bestiario ver nombre:Guardia")
    assert "Solo el máster puede ver el bestiario" in out
    out = await script.run("@master", "/hielo bestiario borrar nombre:Tendera")
    assert "Borrado del bestiario" in out and "• Tendera" in out
    assert list(await stored(session, fake, "enemigo")) == ["Guardia"]


async def test_ficha_crear_without_options_opens_its_form_with_the_same_result(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    opened = await fake.command("kaeda", "mesa", "hielo ficha crear")
    assert opened.form is not None and opened.messages == []
    out = await script.run(
        "@kaeda",
        '!formulario Nombre=Arya Habilidades="Agilidad 4, Sanación 3" Especialidades="Rapidez 2"',
        "!pulsar Seguir",
        '!formulario Arma=Arco Daño=3 "Arma habilidad"=Puntería',
        "!pulsar Seguir",
        "!formulario Armadura=Cuero Protección=1",
    )
    assert "(discord)" not in out, out
    by_form = out[out.index("== Ficha creada: Arya ==") :]
    by_slash = await script.run(
        '/hielo ficha crear nombre:Arya habilidades:"Agilidad 4, Sanación 3" '
        'especialidades:"Rapidez 2" arma:Arco daño:3 arma_habilidad:Puntería armadura:Cuero '
        "protección:1"
    )
    assert "Ya hay una ficha llamada «Arya»." in by_slash  # the form saved it
    await script.run("/hielo ficha borrar nombre:Arya")
    by_slash = await script.run(
        '/hielo ficha crear nombre:Arya habilidades:"Agilidad 4, Sanación 3" '
        'especialidades:"Rapidez 2" arma:Arco daño:3 arma_habilidad:Puntería armadura:Cuero '
        "protección:1"
    )
    assert by_slash[by_slash.index("== Ficha creada: Arya ==") :] == by_form
    refused = await fake.command("kaeda", "mesa", "hielo ficha crear", {"habilidades": "Brío 3"})
    assert "Falta la opción «nombre» de /hielo ficha crear" in refused.last.text()

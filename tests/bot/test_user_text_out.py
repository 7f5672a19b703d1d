"""Issue 30: the cases found by the attacker's probe, one test each, with the probe's inputs.

1. spreadsheet formulas in CSV exports (and the bot refusing its own export back);
2. a 5,000-digit number in an imported file;
3. a lone surrogate in an imported JSON name, echoed back;
4. live markdown links in the ``/ficha crear`` announcement and the ``motivo`` of rolls;
5. an 80-character bestiary name with ``cantidad``;
6. the wording of the permissions note, of a CSV with one huge cell and of export counts;
7. a character's notes readable by every player (now: public and private notes).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.console import FakeDiscord, Session
from bot.console.payloads import GUILD_ID
from bot.edge.channel_access import refusal, tracker_note
from bot.edge.errors import APOLOGY
from bot.render.safe import cell, uncell
from tests.bot.exported_cells import FORMULA_START, csv_rows, formula_cells
from tests.bot.live_markdown import problems
from tests.bot.test_escaping_property import Known
from tests.bot.test_names import CREAR, ENEMY

Upload = Callable[[str, bytes], str]

#: The probe's formulas (OWASP's examples).
FORMULAS = [
    "=cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+1",
    "=HYPERLINK(http://evil.example,pulsa)",
    "-2+3",
]
HOSTILE = "**[pulsa](https://evil.example)** ||spoiler|| # Título"
BIG = "9" * 5000


@pytest.fixture
def upload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Upload:
    """Put bytes where the attachment option points (``@ruta``); reading it returns them."""
    contents: dict[str, bytes] = {}

    async def read(self: discord.Attachment, *, use_cached: bool = False) -> bytes:
        return contents[self.filename]

    monkeypatch.setattr(discord.Attachment, "read", read)

    def make(name: str, data: bytes) -> str:
        (tmp_path / name).write_bytes(data)
        contents[name] = data
        return f"@{tmp_path / name}"

    return make


def _no_formula(name: str, data: bytes) -> list[list[str]]:
    """The file's rows, after checking that no cell a spreadsheet would run is left."""
    assert formula_cells(name, data) == []
    rows = csv_rows(data)
    assert all(len(row) == len(rows[0]) for row in rows)  # read as «;»-separated columns
    return rows


# --- 1: formulas ----------------------------------------------------------------------------


async def test_1_historial_csv_guards_formulas(fake: FakeDiscord) -> None:
    for motivo in FORMULAS:
        await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12", "motivo": motivo})
    reply = await fake.command("master", "mesa", "historial", {"exportar": "csv"})
    [(name, data)] = [(n, d) for m in reply.messages for n, d in m.files.items()]
    rows = _no_formula(name, data)
    assert data.decode("utf-8-sig").split("\r\n", 1)[0].count(";") == len(rows[0]) - 1
    motivos = [row[rows[0].index("motivo")] for row in rows[1:]]
    assert motivos == [f"'{f}" for f in FORMULAS]
    assert [uncell(m) for m in motivos] == FORMULAS


async def test_1_bestiary_csv_guards_formulas_and_imports_back(
    fake: FakeDiscord, upload: Upload
) -> None:
    for i, notas in enumerate(FORMULAS):
        await fake.command(
            "master",
            "mesa",
            "bestiario añadir",
            {"nombre": f"Guardia {i}", "notas": notas, **ENEMY},
        )
    exported = await fake.command("master", "mesa", "bestiario exportar", {"formato": "csv"})
    data = exported.last.files["bestiario.csv"]
    rows = _no_formula("bestiario.csv", data)
    assert [r[rows[0].index("notas")] for r in rows[1:]] == [f"'{f}" for f in FORMULAS]
    back = await fake.command(
        "master",
        "mesa",
        "bestiario importar",
        {"archivo": upload("bestiario.csv", data), "conflictos": "reemplazar"},
    )
    assert back.last.title == "Bestiario importado", back.last.text()
    again = await fake.command("master", "mesa", "bestiario exportar", {"formato": "csv"})
    assert again.last.files["bestiario.csv"] == data
    ver = await fake.command("master", "mesa", "bestiario ver", {"nombre": "Guardia 0"})
    assert "=cmd|' /C calc'!A0" in ver.last.text().replace("\\", "")


async def test_1_character_csv_guards_both_notes_and_imports_back(
    fake: FakeDiscord, upload: Upload
) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Kaeda", **CREAR})
    edit = {"notas": FORMULAS[0], "notas_privadas": FORMULAS[1]}
    await fake.command("kaeda", "mesa", "ficha editar", edit)
    exported = await fake.command("kaeda", "mesa", "ficha exportar", {"formato": "csv"})
    data = exported.last.files["personajes.csv"]
    rows = _no_formula("personajes.csv", data)
    header, [row] = rows[0], rows[1:]
    assert row[header.index("notas")] == f"'{FORMULAS[0]}"
    assert row[header.index("notas_privadas")] == f"'{FORMULAS[1]}"
    back = await fake.command(
        "kaeda",
        "mesa",
        "ficha importar",
        {"archivo": upload("personajes.csv", data), "conflictos": "reemplazar"},
    )
    assert back.last.title == "Personajes importados", back.last.text()
    again = await fake.command("kaeda", "mesa", "ficha exportar", {"formato": "csv"})
    assert again.last.files["personajes.csv"] == data


async def test_1_an_unguarded_formula_is_still_refused_and_other_quotes_kept(
    fake: FakeDiscord, upload: Upload
) -> None:
    head = "nombre;ataque;defensa;aguante;potencia;notas\r\n"
    bad = (head + "Rata;1;10;10;3;=1+1\r\n").encode()
    refused = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("b.csv", bad)}
    )
    assert "parece una fórmula" in refused.last.content
    kept = (head + "Rata;1;10;10;3;'hola\r\n").encode()
    await fake.command("master", "mesa", "bestiario importar", {"archivo": upload("c.csv", kept)})
    ver = await fake.command("master", "mesa", "bestiario ver", {"nombre": "Rata"})
    assert "'hola" in ver.last.text()


def test_1_cell_and_uncell() -> None:
    for text in [*FORMULAS, "\tx", "\rx", "'=x", "''+x", "'hola", "hola", "-", "3", ""]:
        guarded = cell(text)
        assert not guarded.startswith(FORMULA_START)
        assert uncell(guarded) == text
    assert cell("'hola") == "'hola" and cell("'=x") == "''=x"


# --- 2: a 5,000-digit number ----------------------------------------------------------------

HUGE = {
    "b.csv": f"nombre;ataque;defensa;aguante;potencia\r\nGuardia;{BIG};10;10;3\r\n",
    "b.yaml": f"enemigos:\n  - {{nombre: Guardia, ataque: {BIG}, defensa: 10, aguante: 10, "
    "potencia: 3}\n",
    "b.json": json.dumps(
        {"enemigos": [{"nombre": "Guardia", "ataque": 1, "defensa": 10, "aguante": 10}]}
    ).replace('"ataque": 1', f'"ataque": {BIG}'),
    "ficha_c.csv": "nombre;vigor;destreza;percepcion;voluntad;proteccion;oficios\r\n"
    f"Kaeda;1;1;1;1;0;armas {BIG}\r\n",
    "ficha_c.yaml": f"personajes:\n  - nombre: Kaeda\n    atributos: {{vigor: {BIG}, destreza: 1, "
    "percepcion: 1, voluntad: 1}\n    proteccion: 0\n",
    "ficha_c.json": '{"personajes": [{"nombre": "Kaeda", "proteccion": 0, "atributos": '
    f'{{"vigor": -{BIG}, "destreza": 1, "percepcion": 1, "voluntad": 1}}}}]}}',
}


@pytest.mark.parametrize("name", sorted(HUGE))
async def test_2_a_5000_digit_number_is_a_spanish_line_error(
    fake: FakeDiscord, upload: Upload, name: str
) -> None:
    user, command = ("kaeda", "ficha") if name.startswith("ficha_") else ("master", "bestiario")
    reply = await fake.command(
        user, "mesa", f"{command} importar", {"archivo": upload(name, HUGE[name].encode())}
    )
    text = reply.last.content
    assert text.startswith("No se ha importado nada: entrada 1 («")
    assert "línea " in text and "el número es demasiado grande (tiene 5000 cifras)" in text
    assert APOLOGY not in text and "Exceeds" not in text and "digits" not in text


# --- 3: characters from files ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ('"nombre": "Ra\\ud800ta"', "nombre"),
        ('"nombre": "Rata", "notas": "a\\u0000b"', "notas"),
        ('"nombre": "Ra\\u200bta"', "nombre"),
        ('"nombre": "Rata", "arma": "Col\\u0007millo"', "arma"),
    ],
)
async def test_3_bad_characters_in_a_file_are_refused_never_echoed(
    fake: FakeDiscord, upload: Upload, raw: str, field: str
) -> None:
    numbers = '"ataque": 1, "defensa": 10, "aguante": 10, "potencia": 3'
    data = '{"enemigos": [{' + raw + ", " + numbers + "}]}"
    reply = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("b.json", data.encode())}
    )
    text = reply.last.content
    assert text.startswith("No se ha importado nada: entrada 1"), text
    assert f"campo «{field}»" in text
    assert not any(ch in text for ch in "\ud800\x00\u200b\x07")
    assert "U+" in text  # the character is named by its code point


# --- 4: markdown links ------------------------------------------------------------------------


async def test_4_ficha_crear_announcement_is_escaped(fake: FakeDiscord) -> None:
    reply = await fake.command(
        "kaeda", "mesa", "ficha crear", {"nombre": "[Kaeda](https://evil.example)", **CREAR}
    )
    content = reply.last.content
    assert "está listo" in content
    assert content.startswith("\\[Kaeda\\](<https://evil.example>)")
    assert problems(reply.last.payload, Known()) == []


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("tirada", {"atributo": "vigor", "umbral": 9}),
        ("tirar", {"expresion": "2d12"}),
    ],
)
async def test_4_motivo_is_escaped_in_the_roll_embed(
    fake: FakeDiscord, command: str, options: dict[str, object]
) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Kaeda", **CREAR})
    reply = await fake.command("kaeda", "mesa", command, {**options, "motivo": HOSTILE})
    [embed] = reply.last.embeds
    assert problems({"embeds": [embed]}) == []
    assert "\\*\\*\\[pulsa\\](<https://evil.example>)\\*\\* \\|\\|spoiler\\|\\|" in str(
        embed.get("description")
    )
    found = problems({"content": HOSTILE})  # the checker does see the raw text
    assert any("enlace enmascarado" in p for p in found)
    assert any("spoiler" in p for p in found)


# --- 5: an 80-character name with cantidad -------------------------------------------------


async def test_5_numbered_copies_of_a_long_name_fit(session: Session, fake: FakeDiscord) -> None:
    long = "Centinela de la Torre " + "x" * 58
    assert len(long) == 80
    await fake.command("master", "mesa", "bestiario añadir", {"nombre": long, **ENEMY})
    await fake.command("master", "mesa", "encuentro empezar", {"modo": "mesa"})
    first = await fake.command(
        "master", "mesa", "encuentro enemigos", {"nombre": long, "cantidad": 2}
    )
    assert "demasiado largo" not in first.text()
    more = await fake.command(
        "master", "mesa", "encuentro enemigos", {"nombre": long, "cantidad": 1}
    )
    assert "demasiado largo" not in more.text()  # one alone keeps the whole name
    again = await fake.command(
        "master", "mesa", "encuentro enemigos", {"nombre": long, "cantidad": 10}
    )
    assert "demasiado largo" not in again.text()
    async with session.storage.channel(GUILD_ID, fake.channel_id("mesa")) as uow:
        enc = await uow.encounter.require()
    names = [c.nombre for c in enc.combatants]
    copies = [long[: 80 - len(f" {n}") - 1] + f"… {n}" for n in range(1, 13)]
    assert names == [*copies[:2], long, *copies[2:]]  # the numbering continues
    assert all(len(n) == 80 for n in names)
    assert names[0] in first.text().replace("\\", "")


# --- 6: wording -----------------------------------------------------------------------------


def test_6_permission_notes_agree() -> None:
    one = refusal("empezar un encuentro", ["embed_links"])
    many = refusal("empezar un encuentro", ["view_channel", "send_messages", "embed_links"])
    assert "me falta el permiso «Insertar enlaces»" in one and "dármelo " in one
    assert "me faltan los permisos «Ver canal», «Enviar mensajes» y «Insertar enlaces»" in many
    assert "dármelos " in many and "dármelo " not in many
    assert "me faltan los permisos" in tracker_note(["view_channel", "embed_links"])
    assert "dármelo " in tracker_note(["embed_links"])


async def test_6_a_huge_cell_is_not_called_bad_quoting(fake: FakeDiscord, upload: Upload) -> None:
    data = "nombre;ataque;defensa;aguante;potencia;notas\r\nRata;1;10;10;3;" + "x" * 200_000
    reply = await fake.command(
        "master", "mesa", "bestiario importar", {"archivo": upload("b.csv", data.encode())}
    )
    assert "una celda es demasiado larga" in reply.last.content
    assert "comillas" not in reply.last.content


async def test_6_export_counts_agree(fake: FakeDiscord) -> None:
    await fake.command("master", "mesa", "bestiario añadir", {"nombre": "Lobo", **ENEMY})
    one = await fake.command("master", "mesa", "bestiario exportar", {})
    assert "1 enemigo." in one.last.content
    await fake.command("master", "mesa", "tirar", {"expresion": "1d12"})
    log = await fake.command("master", "mesa", "historial", {"exportar": "csv"})
    assert "1 entrada" in log.text() and "1 entradas" not in log.text()


# --- 7: private notes -----------------------------------------------------------------------

SECRET = "Debe 30 monedas al gremio"
PUBLIC = "Lleva una capa roja"


async def test_7_private_notes_reach_only_the_owner_and_the_gm(
    fake: FakeDiscord, upload: Upload
) -> None:
    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Kaeda", **CREAR})
    edited = await fake.command(
        "kaeda", "mesa", "ficha editar", {"notas": PUBLIC, "notas_privadas": SECRET}
    )
    assert SECRET not in edited.text() and not edited.last.ephemeral
    other = await fake.command("iria", "mesa", "ficha ver", {"personaje": "Kaeda"})
    assert PUBLIC in other.text() and SECRET not in other.text()
    own = await fake.command("kaeda", "mesa", "ficha ver", {})
    assert own.last.ephemeral and SECRET in own.last.field("Notas privadas (solo tú y el máster)")
    gm = await fake.command("master", "mesa", "ficha ver", {"personaje": "Kaeda"})
    assert SECRET in gm.text()
    for fmt in ("yaml", "json", "csv"):
        mine = await fake.command("kaeda", "mesa", "ficha exportar", {"formato": fmt})
        assert SECRET.encode() in mine.last.files[f"personajes.{fmt}"]
        refused = await fake.command(
            "iria", "mesa", "ficha exportar", {"formato": fmt, "dueño": "@kaeda"}
        )
        assert not refused.last.files and SECRET not in refused.text()
    by_gm = await fake.command(
        "master", "mesa", "ficha exportar", {"formato": "json", "dueño": "@kaeda"}
    )
    data = by_gm.last.files["personajes.json"]
    [entry] = json.loads(data)["personajes"]
    assert (entry["notas"], entry["notas_privadas"]) == (PUBLIC, SECRET)
    # everything the channel shows (public replies, the tracker) never carries them
    public = [m for m in fake.messages if not m.ephemeral]
    assert public and not any(SECRET in m.text() for m in public)
    # a file without the field leaves them as they are; one with it replaces them
    entry.pop("notas_privadas")
    kept = json.dumps({"personajes": [entry]}).encode()
    await fake.command(
        "kaeda",
        "mesa",
        "ficha importar",
        {"archivo": upload("k.json", kept), "conflictos": "reemplazar"},
    )
    own = await fake.command("kaeda", "mesa", "ficha ver", {})
    assert SECRET in own.text()
    entry["notas_privadas"] = "Nada que ocultar"
    replaced = json.dumps({"personajes": [entry]}).encode()
    await fake.command(
        "kaeda",
        "mesa",
        "ficha importar",
        {"archivo": upload("r.json", replaced), "conflictos": "reemplazar"},
    )
    own = await fake.command("kaeda", "mesa", "ficha ver", {})
    assert "Nada que ocultar" in own.text() and SECRET not in own.text()


# --- xlsx: every text cell is text ---------------------------------------------------------


async def test_xlsx_exports_write_text_as_text(fake: FakeDiscord) -> None:
    from openpyxl import load_workbook

    await fake.command("kaeda", "mesa", "ficha crear", {"nombre": "Kaeda", **CREAR})
    await fake.command(
        "kaeda", "mesa", "ficha editar", {"notas": FORMULAS[0], "notas_privadas": FORMULAS[3]}
    )
    await fake.command(
        "master", "mesa", "bestiario añadir", {"nombre": "Lobo", "notas": FORMULAS[1], **ENEMY}
    )
    await fake.command("kaeda", "mesa", "tirar", {"expresion": "1d12", "motivo": FORMULAS[2]})
    files = {}
    for user, command, options in (
        ("kaeda", "ficha exportar", {"formato": "xlsx"}),
        ("master", "bestiario exportar", {"formato": "xlsx"}),
        ("master", "historial", {"exportar": "xlsx"}),
    ):
        reply = await fake.command(user, "mesa", command, options)
        files.update({n: d for m in reply.messages for n, d in m.files.items()})
    assert sorted(files) == ["bestiario.xlsx", "historial.xlsx", "personajes.xlsx"]
    texts: list[object] = []
    for name, data in files.items():
        assert formula_cells(name, data) == []
        sheet = load_workbook(io.BytesIO(data)).worksheets[0]
        header = [c.value for c in sheet[1]]
        for row in sheet.iter_rows(min_row=2):
            by = dict(zip(header, row, strict=True))
            texts += [by[k].value for k in ("notas", "notas_privadas", "motivo") if k in by]
            for key in ("ataque", "vigor", "id"):
                if key in by:
                    assert by[key].data_type == "n"  # numbers stay numbers
    assert sorted(map(str, texts)) == sorted(FORMULAS[:4])

"""Sheets and bestiary of the percentile game as YAML, JSON, CSV and XLSX files: exported,
imported back equal, and a bad file (or one bad row) refused whole with nothing written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from discord import app_commands
from openpyxl import Workbook

from bot.console import FakeDiscord, Session
from bot.features.porcentual import cog_fichas  # noqa: F401 (it adds the commands)
from bot.features.porcentual.groups import bestiario, ficha
from bot.features.porcentual.options import BOUNDS
from tests.bot.conftest import Script
from tests.bot.porcentual.world import enemy_lines, pj_lines
from tests.hardening.hostile import dump

ORCS = """enemigos:
  - nombre: Orco arquero
    caracteristicas: {fuerza: 12, agilidad: 11, percepcion: 12}
    competencias: {Arcos: 55, Esquivar: 30}
    armas:
      - {nombre: arco, competencia: Arcos, danio: 1D6, caracteristica_base: percepcion,
         tipo: proyectil, alcance: 15/40/60, recarga: 1, rasgos: [arco]}
    armadura: {nombre: Cuero, proteccion: 1, resistencia: 8}
    pv: 14
"""
BAD = """enemigos:
  - nombre: Lobo
    caracteristicas: {fuerza: 10, agilidad: 14, percepcion: 14}
  - nombre: Troll
    caracteristicas: {fuerza: 90, agilidad: 5, percepcion: 5}
"""


async def test_bestiary_file_in_and_sheets_out(
    script: Script, fake: FakeDiscord, session: Session, tmp_path: Path
) -> None:
    orcs = tmp_path / "orcos.yaml"
    orcs.write_text(ORCS, encoding="utf-8")
    out = await script.run("@master", f"/porcentual bestiario importar archivo:@{orcs}")
    assert "Orco arquero: nueva" in out
    shown = await script.run('/porcentual bestiario ver nombre:"Orco arquero"')
    assert "alcance 15/40/60" in shown and "recarga 1" in shown
    assert "Fuerza 12, Agilidad 11, Percepción 12" in shown
    assert "1D6 + bonificador por Percepción" in shown
    await script.run(*pj_lines("kaeda", "Ana"), *enemy_lines("Orco"))
    reply = await fake.command("kaeda", "mesa", "porcentual ficha exportar", {})
    files = reply.last.files
    assert list(files) == ["porcentual-fichas.yaml"]
    exported = yaml.safe_load(files["porcentual-fichas.yaml"])
    assert [f["nombre"] for f in exported["fichas"]] == ["Ana"]
    assert exported["fichas"][0]["armas"][0]["danio"] == "1D8+1"
    again = tmp_path / "ana.yaml"
    again.write_bytes(files["porcentual-fichas.yaml"])
    before = await dump(fake)
    out = await script.run("@kaeda", f"/porcentual ficha importar archivo:@{again}")
    assert "Ana: reemplazada" in out
    stolen = await script.run("@bran", f"/porcentual ficha importar archivo:@{again}")
    assert "Solo el dueño de la ficha o el máster" in stolen
    after = await dump(fake)
    assert {k: v for k, v in after.items() if k != "system_sheets"} == {
        k: v for k, v in before.items() if k != "system_sheets"
    }


async def test_a_bad_file_is_refused_whole(
    script: Script, fake: FakeDiscord, tmp_path: Path
) -> None:
    bad = tmp_path / "malo.yaml"
    bad.write_text(BAD, encoding="utf-8")
    csv = tmp_path / "fichas.csv"
    csv.write_text("nombre,pv\nAna,10\n", encoding="utf-8")
    odt = tmp_path / "fichas.odt"
    odt.write_text("nombre,pv\nAna,10\n", encoding="utf-8")
    before = await dump(fake)
    out = await script.run("@master", f"/porcentual bestiario importar archivo:@{bad}")
    assert "entrada 2 («Troll»)" in out and "de 0 a 50" in out
    out = await script.run(f"/porcentual bestiario importar archivo:@{csv}")
    assert "entrada 1 («Ana»), línea 2: falta caracteristicas." in out
    out = await script.run(f"/porcentual bestiario importar archivo:@{odt}")
    assert "formato desconocido «.odt»: usa .yaml, .yml, .json, .csv o .xlsx" in out
    orcs = tmp_path / "orcos.yaml"
    orcs.write_text(ORCS, encoding="utf-8")
    out = await script.run(f"/porcentual ficha importar archivo:@{orcs}")
    assert "esto es un archivo de enemigos, no de fichas" in out
    assert await dump(fake) == before


FORMATS = ("yaml", "json", "csv", "xlsx")
#: Two weapons more than pj_lines gives: a thrown one («FUE») and one with Recarga.
EQUIPPED = [
    "/porcentual ficha arma ficha:Ana nombre:Jabalina danio:1D6 competencia:Lanzar "
    "tipo:arrojadiza alcance:FUE rasgos:perforante,lanza",
    "/porcentual ficha arma ficha:Ana nombre:Ballesta danio:1D10+1 competencia:Ballestas "
    "caracteristica:percepcion fuerza_minima:11 tamano:pesado tipo:proyectil "
    "alcance:20/50/100 recarga:2 rasgos:ballesta",
    "/porcentual ficha editar nombre:Ana armadura:Cota proteccion:4 resistencia:30 "
    "iniciativa_armadura:-2 casco:true escudo:Rodela tamano_escudo:pequeno "
    'resistencia_escudo:12 protege:"Brazo izquierdo, Pecho" iniciativa_hechizos:1',
]


async def stored(session: Session, fake: FakeDiscord, kind: str) -> dict[str, object]:
    async with session.storage.guild(fake.guild.id) as uow:
        rows = await uow.system_sheets.list("porcentual", kind)  # type: ignore[arg-type]
    return {r.nombre: (r.owner_id, r.data) for r in rows}


@pytest.mark.parametrize("fmt", FORMATS)
async def test_export_then_import_gives_the_same_sheets(
    script: Script, fake: FakeDiscord, session: Session, tmp_path: Path, fmt: str
) -> None:
    await script.run(*pj_lines("kaeda", "Ana"), *EQUIPPED, *pj_lines("kaeda", "Bea"))
    before = await stored(session, fake, "pj")
    assert len(before["Ana"][1]["armas"]) == 4  # type: ignore[index]
    exported = await fake.command("kaeda", "mesa", "porcentual ficha exportar", {"formato": fmt})
    assert exported.last.ephemeral
    data = exported.last.files[f"porcentual-fichas.{fmt}"]
    if fmt == "csv":
        text = data.decode("utf-8-sig")
        assert "Jabalina, danio: 1D6, competencia: Lanzar, tipo: arrojadiza, rasgos: lanza " in text
        assert "alcance: FUE" in text and "recarga: 2" in text and "alcance: 20/50/100" in text
    path = tmp_path / f"vuelta.{fmt}"
    path.write_bytes(data)
    await script.run(
        "@kaeda", "/porcentual ficha borrar nombre:Ana", "/porcentual ficha borrar nombre:Bea"
    )
    assert await stored(session, fake, "pj") == {}
    out = await script.run(f"/porcentual ficha importar archivo:@{path}")
    assert "Ana: nueva" in out and "Bea: nueva" in out
    assert await stored(session, fake, "pj") == before
    again = await fake.command("kaeda", "mesa", "porcentual ficha exportar", {"formato": fmt})
    if fmt != "xlsx":  # (a workbook's bytes carry the time it was written)
        assert again.last.files[f"porcentual-fichas.{fmt}"] == data


@pytest.mark.parametrize("fmt", ("csv", "xlsx"))
async def test_the_bestiary_round_trips_as_rows(
    script: Script, fake: FakeDiscord, session: Session, tmp_path: Path, fmt: str
) -> None:
    orcs = tmp_path / "orcos.yaml"
    orcs.write_text(ORCS, encoding="utf-8")
    await script.run(
        "@master", f"/porcentual bestiario importar archivo:@{orcs}", *enemy_lines("Orco")
    )
    before = await stored(session, fake, "enemigo")
    reply = await fake.command("master", "mesa", "porcentual bestiario exportar", {"formato": fmt})
    path = tmp_path / f"b.{fmt}"
    path.write_bytes(reply.last.files[f"porcentual-enemigos.{fmt}"])
    out = await script.run("@master", f"/porcentual bestiario importar archivo:@{path}")
    assert "Orco arquero: reemplazada" in out and "Orco: reemplazada" in out
    assert await stored(session, fake, "enemigo") == before


def workbook(rows: list[list[object]]) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


GOOD_ROW = [
    "Lobo",
    "fuerza 10, agilidad 14, percepcion 14",
    "Morder 50",
    12,
    "Fauces, danio: 1D6, competencia: Morder",
]


async def test_one_bad_row_refuses_the_whole_file(
    script: Script, fake: FakeDiscord, tmp_path: Path
) -> None:
    header = "nombre;caracteristicas;competencias;pv;armas\n"
    good = ";".join(str(cell) for cell in GOOD_ROW) + "\n"
    cases = {
        "a.csv": (
            header + good + "Arquero;fuerza 10, agilidad 12, percepcion 12;Arcos 40;10;"
            "Arco, danio: 1D6, competencia: Arcos, tipo: proyectil, alcance: 15/40/60\n",
            "entrada 2 («Arquero»), línea 3: «Arco» es un arma de proyectil y necesita su Recarga.",
        ),
        "b.csv": (
            header + good + "Troll;fuerza 90, agilidad 5, percepcion 5;;30;\n",
            "entrada 2 («Troll»), línea 3: La característica fuerza va de 0 a 50 (se dio 90).",
        ),
        "c.csv": (
            header + good + "Oso;fuerza 10, agilidad 5, percepcion 5;;doce;\n",
            "entrada 2 («Oso»), línea 3: «pv» tiene que ser un número entero (se dio «doce»).",
        ),
        "d.csv": (
            header + good + "Oso;fuerza 10, agilidad 5, percepcion 5;;12;Zarpa, danio: 1D4\n",
            "al arma «Zarpa» le falta: competencia",
        ),
        "e.csv": (
            header + good + "Oso;fuerza 10, agilidad 5, percepcion 5;;12;Zarpa, filo: 1D4\n",
            "no entiendo «filo: 1D4» en el arma «Zarpa»",
        ),
        "f.csv": (
            "nombre;caracteristicas;pv;escudo\nOso;fuerza 10, agilidad 5, percepcion 5;12;Tapa\n",
            "Un escudo necesita nombre (`escudo`) y tamaño (`tamano_escudo`).",
        ),
        "g.csv": (header + good + good, "hay dos fichas con el mismo nombre"),
        "i.csv": (
            "nombre;caracteristicas;pv;armadura;proteccion\n"
            "Oso;fuerza 10, agilidad 5, percepcion 5;12;Cuero;60\n",
            "entrada 1 («Oso»), línea 2: «proteccion» va de 0 a 50 (se dio 60).",
        ),
        "j.yaml": (
            "- nombre: Oso\n  caracteristicas: {fuerza: 10, agilidad: 5, percepcion: 5}\n"
            "  pv: 900\n",
            "entrada 1 («Oso»): «pv» va de 1 a 500 (se dio 900).",
        ),
        "h.csv": ("nombre;fuerza\nX;3\n", "columna desconocida «fuerza»"),
    }
    before = await dump(fake)
    await script.run("@master")
    for name, (text, said) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        out = await script.run(f"/porcentual bestiario importar archivo:@{path}")
        assert said in out, out
    book = tmp_path / "malo.xlsx"
    book.write_bytes(
        workbook(
            [
                ["nombre", "caracteristicas", "competencias", "pv", "armas"],
                GOOD_ROW,
                [
                    "Oso",
                    "fuerza 10, agilidad 5, percepcion 5",
                    None,
                    12,
                    "Zarpa, danio: 1D4, competencia: Pelea, rasgos: garra",
                ],
            ]
        )
    )
    out = await script.run(f"/porcentual bestiario importar archivo:@{book}")
    assert "entrada 2 («Oso»), línea 3: No conozco el rasgo «garra»" in out, out
    broken = tmp_path / "roto.xlsx"
    broken.write_bytes(b"no es un libro")
    out = await script.run(f"/porcentual bestiario importar archivo:@{broken}")
    assert "el archivo no es un libro .xlsx que se pueda leer" in out
    assert await dump(fake) == before
    fine = tmp_path / "bien.xlsx"
    fine.write_bytes(
        workbook([["Nombre", "Características", "Competencias", "PV", "Armas"], GOOD_ROW])
    )
    assert "Lobo: nueva" in await script.run(f"/porcentual bestiario importar archivo:@{fine}")


async def test_a_sheet_a_row_cannot_hold_is_exported_only_as_yaml_or_json(
    script: Script, fake: FakeDiscord, tmp_path: Path
) -> None:
    odd = tmp_path / "raro.yaml"
    odd.write_text(
        "fichas:\n  - nombre: Raro\n"
        "    caracteristicas: {fuerza: 10, agilidad: 10, percepcion: 10}\n"
        "    competencias: {'Espadas, largas': 40}\n",
        encoding="utf-8",
    )
    await script.run("@kaeda", f"/porcentual ficha importar archivo:@{odd}")
    reply = await fake.command("kaeda", "mesa", "porcentual ficha exportar", {"formato": "csv"})
    assert "La ficha «Raro» no cabe tal cual en una fila de CSV o XLSX" in reply.last.text()
    assert not reply.last.files
    reply = await fake.command("kaeda", "mesa", "porcentual ficha exportar", {"formato": "json"})
    assert "porcentual-fichas.json" in reply.last.files


def test_the_files_bounds_are_the_options_ranges() -> None:
    """Every number a sheet file is checked against has the range its slash option declares
    (crear and editar for the sheet, arma for a weapon), in the sheets and the bestiary."""
    seen: set[str] = set()
    for group in (ficha, bestiario):
        for name in ("crear", "editar", "arma"):
            command = group.get_command(name)
            assert isinstance(command, app_commands.Command)
            for param in command.parameters:
                if param.name in BOUNDS:
                    assert (param.min_value, param.max_value) == BOUNDS[param.name], param.name
                    seen.add(param.name)
    assert seen == set(BOUNDS)

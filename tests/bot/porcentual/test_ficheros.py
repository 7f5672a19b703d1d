"""Sheets and bestiary of the percentile game as YAML and JSON files: exported, imported
back equal, and a bad file refused whole with nothing written."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.console import FakeDiscord, Session
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
    before = await dump(fake)
    out = await script.run("@master", f"/porcentual bestiario importar archivo:@{bad}")
    assert "entrada 2 («Troll»)" in out and "de 0 a 50" in out
    out = await script.run(f"/porcentual bestiario importar archivo:@{csv}")
    assert "usa .yaml, .yml o .json" in out
    assert await dump(fake) == before

"""The example bestiary and a character file through ``umbral-bot consola`` (``@ruta``): the
port guard imported from the file fights as the seeds say, in Mesa and in Narrativo."""

from __future__ import annotations

import io
from pathlib import Path

from bot.__main__ import main
from bot.features.bestiario.files import EXAMPLE_PATH

KAEDA = """personajes:
  - nombre: Kaeda
    atributos: {vigor: 3, destreza: 3, percepcion: 1, voluntad: 1}
    proteccion: 1
    oficios: {contrabandista: 2, armas: 3}
    armas: [{nombre: Espada, clase: mano}]
"""


def run(tmp_path: Path, dados: str, script: str) -> str:
    kaeda = tmp_path / "kaeda.yaml"
    kaeda.write_text(KAEDA, encoding="utf-8")
    setup = f"""
@master
/bestiario importar archivo:@{EXAMPLE_PATH}
@kaeda
/ficha importar archivo:@{kaeda}
"""
    out = io.StringIO()
    args = ["consola", "--eco", "--db", str(tmp_path / "umbral.db"), "--dados", dados]
    assert main(args, stdin=io.StringIO(setup + script), stdout=out) == 0
    text = out.getvalue()
    assert "(consola)" not in text, text
    assert "Enemigos nuevos: 7." in text
    assert "Personajes nuevos: 1." in text
    return text


MESA = """
@master
/encuentro empezar modo:mesa
/encuentro enemigos nombre:"Guardia del puerto"
@kaeda
/encuentro unirse
/atacar objetivo:Guardia oficio:contrabandista cobertura:mitad
@master
/asalto
/atacar objetivo:Kaeda atacante:"Guardia del puerto"
@kaeda
!pulsar Defender
"""


def test_the_example_port_guard_in_mesa(tmp_path: Path) -> None:
    text = run(tmp_path, "9,6", MESA)
    attack = text[text.index("> /atacar objetivo:Guardia") : text.index("> /asalto")]
    assert "9 + Vigor 3 + Oficio contrabandista (mitad) 1 = **13**" in attack
    assert "Contra: Defensa 12" in attack
    assert "Margen: +1 (bandas de 4)" in attack
    assert "Aguante de Guardia del puerto: 14 → 10/14" in attack
    defense = text[text.index("> !pulsar Defender") :]
    assert "6 + Destreza 3 + Protección 1 = **10**" in defense
    assert "Contra: Ataque 12" in defense
    assert "Margen: −2 (bandas de 4)" in defense
    assert "Aguante de Kaeda: 16 → 15/16" in defense


NARRATIVO = """
@master
/encuentro empezar modo:narrativo
/encuentro enemigos nombre:"Guardia del puerto"
@kaeda
/encuentro unirse
/atacar objetivo:Guardia oficio:contrabandista cobertura:mitad
@master
/asalto
/atacar objetivo:Kaeda atacante:"Guardia del puerto"
@kaeda
/defender
"""


def test_the_example_port_guard_in_narrativo_attacks_0_and_defends_5(tmp_path: Path) -> None:
    text = run(tmp_path, "9,5,7,4", NARRATIVO)
    attack = text[text.index("> /atacar objetivo:Guardia") : text.index("> /asalto")]
    assert "Defensa de Guardia del puerto: d12: 5 · 5 + (Defensa 12 − 7 = +5) = **10**" in attack
    assert "Margen: +3 (bandas de 6)" in attack
    defense = text[text.index("> /defender") :]
    assert "Tirada de Guardia del puerto: d12: 7 · 7 + (Ataque 12 − 12 = +0) = **7**" in defense
    assert "Defensa de Kaeda: d12: 4 · 4 + Destreza 3 + Protección 1 = **8**" in defense
    assert "Margen: −1 (bandas de 6)" in defense


def test_exporting_through_the_console_shows_the_file(tmp_path: Path) -> None:
    text = run(tmp_path, "", "@master\n/bestiario exportar formato:json\n")
    assert "El bestiario del servidor: 7 enemigos." in text
    assert "[archivo adjunto: bestiario.json, " in text

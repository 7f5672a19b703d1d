"""The seed worked examples, reproduced through ``umbral-bot consola --dados`` scripts."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main

SETUP = """
; el máster prepara el bestiario
/bestiario añadir nombre:"Guardia del puerto" ataque:12 defensa:12 aguante:14 potencia:4 arma:Lanza
/bestiario añadir nombre:Capitán ataque:12 defensa:10 aguante:14 potencia:4 arma:Sable
@kaeda
/ficha crear nombre:Kaeda vigor:3 destreza:3 percepcion:1 voluntad:1 proteccion:1
/ficha oficio nombre:contrabandista valor:2
/ficha oficio nombre:armas valor:3
/ficha arma nombre:Espada clase:mano
"""


def run_console(tmp_path: Path, dados: str, script: str, *extra: str) -> str:
    out = io.StringIO()
    args = ["consola", "--eco", "--db", str(tmp_path / "umbral.db"), *extra]
    if dados:
        args += ["--dados", dados]
    assert main(args, stdin=io.StringIO(SETUP + script), stdout=out) == 0
    text = out.getvalue()
    assert "(consola)" not in text, text
    return text


def after(text: str, marker: str) -> str:
    """The output that follows the echoed line ``marker``."""
    return text[text.rindex(marker) :]


MESA = """
@master
/encuentro empezar modo:mesa
/encuentro enemigos nombre:"Guardia del puerto"
@kaeda
/encuentro unirse
"""


def test_kaeda_hits_the_port_guard_with_a_9(tmp_path: Path) -> None:
    text = run_console(
        tmp_path, "9", MESA + "/atacar objetivo:Guardia oficio:contrabandista cobertura:mitad"
    )
    out = after(text, "/atacar")
    assert "9 + Vigor 3 + Oficio contrabandista (mitad) 1 = **13**" in out
    assert "Contra: Defensa 12" in out
    assert "Margen: +1 (bandas de 4)" in out
    assert "Grado: Éxito\n" in out
    assert "Daño: 4 (Potencia 4)" in out
    assert "Aguante de Guardia del puerto: 14 → 10/14" in out
    assert "Guardia del puerto** — Aguante 10/14" in out  # the tracker, edited in place


def test_kaeda_hits_the_port_guard_with_a_12(tmp_path: Path) -> None:
    text = run_console(
        tmp_path, "12", MESA + "/atacar objetivo:Guardia oficio:contrabandista cobertura:mitad"
    )
    out = after(text, "/atacar")
    assert "= **16**" in out
    assert "Margen: +4 (bandas de 4)" in out
    assert "Grado: Éxito pleno" in out
    assert "Daño: 7 (Potencia 4 + 3)" in out
    assert "Aguante de Guardia del puerto: 14 → 7/14" in out


GUARD_ATTACKS = (
    MESA
    + """
@master
/asalto
/atacar objetivo:Kaeda atacante:"Guardia del puerto"
@kaeda
!pulsar Defender
"""
)


def test_the_guard_attacks_kaeda_she_rolls_6(tmp_path: Path) -> None:
    text = run_console(tmp_path, "6", GUARD_ATTACKS)
    assert "@kaeda, Kaeda debe defenderse" in text
    out = after(text, "!pulsar Defender")
    assert "6 + Destreza 3 + Protección 1 = **10**" in out
    assert "Contra: Ataque 12" in out
    assert "Margen: −2 (bandas de 4)" in out
    assert "Grado de Kaeda: A medias" in out
    assert "Daño: 1 (un punto de roce)" in out
    assert "Aguante de Kaeda: 16 → 15/16" in out


def test_the_guard_attacks_kaeda_she_rolls_4(tmp_path: Path) -> None:
    out = after(run_console(tmp_path, "4", GUARD_ATTACKS), "!pulsar Defender")
    assert "= **8**" in out
    assert "Margen: −4 (bandas de 4)" in out
    assert "Grado de Kaeda: Fracaso" in out
    assert "Daño: 4 (Potencia 4)" in out
    assert "Aguante de Kaeda: 16 → 12/16" in out


def test_the_guard_attacks_kaeda_natural_1_is_critical(tmp_path: Path) -> None:
    out = after(run_console(tmp_path, "1", GUARD_ATTACKS), "!pulsar Defender")
    assert "Golpe:" not in out  # issue 31: no «Golpe» line repeating the grade
    assert "Daño: 7 (crítico: Potencia 4 + 3)" in out
    assert "Aguante de Kaeda: 16 → 9/16" in out


def test_kaeda_attacks_bran_and_bran_rolls_6(tmp_path: Path) -> None:
    script = (
        MESA
        + """
@bran
/ficha crear nombre:Bran vigor:2 destreza:3 percepcion:2 voluntad:2 proteccion:2
/encuentro unirse
@kaeda
/atacar objetivo:Bran oficio:armas
@bran
/defender
"""
    )
    text = run_console(tmp_path, "6", script)
    assert "@bran, Bran debe defenderse" in text
    out = after(text, "/defender")
    assert "6 + Destreza 3 + Protección 2 = **11**" in out
    assert "Contra: Ataque 14 (Base 8 + Vigor 3 + Oficio armas 3)" in out
    assert "Margen: −3 (bandas de 4)" in out
    assert "Grado de Bran: A medias" in out
    assert "Daño: 1 (un punto de roce)" in out
    assert "Aguante de Bran: 14 → 13/14" in out


NARRATIVO = """
@master
/encuentro empezar modo:narrativo
/encuentro enemigos nombre:Capitán
@kaeda
/encuentro unirse
/atacar objetivo:Capitán oficio:contrabandista cobertura:mitad
"""


def test_narrativo_kaeda_9_against_the_captain_5(tmp_path: Path) -> None:
    out = after(run_console(tmp_path, "9,5", NARRATIVO), "/atacar")
    assert "Tirada de Kaeda: d12: 9 · 9 + Vigor 3 + Oficio contrabandista (mitad) 1 = **13**" in out
    assert "Defensa de Capitán: d12: 5 · 5 + (Defensa 10 − 7 = +3) = **8**" in out
    assert "Margen: +5 (bandas de 6)" in out
    assert "Grado: Éxito\n" in out
    assert "Daño: 4 (Potencia 4)" in out
    assert "Aguante de Capitán: 14 → 10/14" in out


def test_narrativo_kaeda_12_against_the_captain_5(tmp_path: Path) -> None:
    out = after(run_console(tmp_path, "12,5", NARRATIVO), "/atacar")
    assert "= **16**" in out and "= **8**" in out
    assert "Margen: +8 (bandas de 6)" in out
    assert "Grado: Éxito pleno" in out
    assert "Daño: 7 (Potencia 4 + 3)" in out
    assert "Aguante de Capitán: 14 → 7/14" in out


def test_the_port_guard_converted_attacks_0_and_defends_5(tmp_path: Path) -> None:
    script = """
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
    text = run_console(tmp_path, "9,5,7,4", script)
    first = text[text.index("/atacar objetivo:Guardia") : text.index("> /asalto")]
    assert "Defensa de Guardia del puerto: d12: 5 · 5 + (Defensa 12 − 7 = +5) = **10**" in first
    assert "Margen: +3 (bandas de 6)" in first
    out = after(text, "/defender")
    assert "Tirada de Guardia del puerto: d12: 7 · 7 + (Ataque 12 − 12 = +0) = **7**" in out
    assert "Defensa de Kaeda: d12: 4 · 4 + Destreza 3 + Protección 1 = **8**" in out
    assert "Margen: −1 (bandas de 6)" in out
    assert "Daño: 1 (un punto de roce)" in out


def test_an_impossible_face_is_an_error(tmp_path: Path) -> None:
    text = run_console(tmp_path, "13", MESA + "/atacar objetivo:Guardia")
    assert "Un d12 no puede sacar 13: las caras van de 1 a 12." in after(text, "/atacar")


def readme_walkthrough() -> tuple[list[str], str]:
    """The ``make run ARGS="consola …"`` arguments the README gives, and its pasted lines."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    intro, block = readme.split("<!-- walkthrough -->")[:2]
    command = intro.rsplit('make run ARGS="', 1)[1].split('"', 1)[0]
    lines = block.split("<!-- /walkthrough -->")[0].strip()
    return command.split(), lines.removeprefix("```text").removesuffix("```")


def run_walkthrough(*extra: str) -> str:
    args, lines = readme_walkthrough()
    out = io.StringIO()
    assert main([*args, "--eco", *extra], stdin=io.StringIO(lines), stdout=out) == 0
    return out.getvalue()


def untimed(text: str) -> str:
    return re.sub(r"<t:\d+:R>", "<t:…:R>", text)


def test_the_readme_walkthrough(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)  # nothing is left behind: no ./umbral.db
    args, _ = readme_walkthrough()
    assert args == ["consola", "--nueva", "--dados", "9,6"]
    text = run_walkthrough()
    assert "(consola)" not in text and "solo para ti" not in text.split("/ficha crear")[1]
    assert "9 + Vigor 3 + Oficio contrabandista (mitad) 1 = **13**" in text
    assert "Margen: +1 (bandas de 4)" in text
    assert "Aguante de Guardia del puerto: 14 → 10/14" in text
    assert "@kaeda, Kaeda debe defenderse" in text
    assert "6 + Destreza 3 + Protección 1 = **10**" in text
    assert "Margen: −2 (bandas de 4)" in text
    assert "Aguante de Kaeda: 16 → 15/16" in text
    assert "Encuentro terminado (Mesa)" in text
    # pasted again: the same numbers, no «Ya hay…» (only «Se espera a … desde <t:…:R>»,
    # which is the wall clock, may differ)
    assert untimed(run_walkthrough()) == untimed(text)
    assert list(tmp_path.iterdir()) == []


def test_the_walkthrough_on_an_in_memory_database(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    args, lines = readme_walkthrough()
    memory = [a if a != "--nueva" else "--db" for a in args]
    memory.insert(memory.index("--db") + 1, ":memory:")
    out = io.StringIO()
    assert main([*memory, "--eco"], stdin=io.StringIO(lines), stdout=out) == 0
    assert untimed(out.getvalue()) == untimed(run_walkthrough())
    assert list(tmp_path.iterdir()) == []


def test_nueva_and_db_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["consola", "--nueva", "--db", "otra.db"])
    assert exit_.value.code == 2
    assert "--nueva" in capsys.readouterr().err


def test_the_readme_undo_and_rest_example(tmp_path: Path) -> None:
    """The README's walkthrough, then the GM's guide's undo and rest example."""
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    readme += (root / "docs/master.md").read_text(encoding="utf-8")

    def block(marker: str) -> str:
        text = readme.split(f"<!-- {marker} -->")[1].split(f"<!-- /{marker} -->")[0]
        return text.strip().removeprefix("```text").removesuffix("```")

    out = io.StringIO()
    args = ["consola", "--eco", "--db", str(tmp_path / "umbral.db"), "--dados", "9,6"]
    script = block("walkthrough") + "\n" + block("deshacer") + "\n/ficha ver personaje:Kaeda\n"
    assert main(args, stdin=io.StringIO(script), stdout=out) == 0
    text = out.getvalue().split("/descanso", 1)[1]
    assert "Kaeda: Aguante 15 → 16" in text
    assert "¿Deshacer /descanso?" in text and "Ficha de Kaeda: Aguante 16 → 15" in text
    assert "deshizo /descanso" in text
    assert "Kaeda: Aguante 15 → 16" in text.split("/ficha ajustar", 1)[1]
    assert "Motivo: vendas y un buen vino" in text

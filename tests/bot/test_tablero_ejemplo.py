"""The Táctico example in ``docs/``: the console script plays to the end, every board it
posts is a PNG, and the two committed pictures are what the script draws."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

from PIL import Image, ImageChops

DOCS = Path(__file__).resolve().parents[2] / "docs"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tablero_ejemplo", DOCS / "tablero_ejemplo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def close_enough(png: bytes, reference: Path) -> bool:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    stored = Image.open(reference).convert("RGB")
    if image.size != stored.size:
        return False
    diff = ImageChops.difference(image, stored).convert("L").point(lambda v: 255 if v > 48 else 0)
    return diff.histogram()[255] <= image.size[0] * image.size[1] // 100


async def test_the_tactico_example_plays_to_the_end(database_url: str) -> None:
    script = example()
    fight = await script.play(database_url, script.script_lines(), migrate=False)
    text = fight.transcript
    assert "(consola)" not in text, text
    assert "Solo el máster" not in text and "No puedes" not in text
    assert "Kaeda: Sale del alcance de Guardia del puerto 1 desde F7" in text
    assert "Guardia del puerto 1 usa su respuesta: tirada de oportunidad contra Kaeda." in text
    assert "2d12 con desventaja (Arma Larga con el enemigo pegado)" in text
    assert "Defensa 12 + Cobertura 3" in text
    assert "Ámbito 3×3 en G7 (F6–H8): dentro: Ogro, Kaeda, Bran." in text
    assert "Ogro (Grande) barre G6, G7: se defienden Kaeda, Bran." in text
    assert "Kaeda se defiende de Ogro" in text and "Bran se defiende de Ogro" in text
    assert "+ Acoso 1" in text  # the ogre next to Kaeda when guard 1 strikes
    assert len(fight.pictures) == 18
    for png in fight.pictures:
        assert Image.open(io.BytesIO(png)).format == "PNG"
    assert set(fight.marked) == {"tablero-inicio", "tablero-barrido"}
    for name, png in fight.marked.items():
        assert close_enough(png, DOCS / f"{name}.png"), name

"""The choices of the percentile game's options, defined once: the slash commands, the
sheet files' cells and the sheet form read them from here."""

from __future__ import annotations

from typing import Literal

from bot.sheetfiles import EXPORT_HELP, ExportFormat

TamanoArma = Literal["ligero", "medio", "pesado"]
TipoArma = Literal["cuerpo_a_cuerpo", "proyectil", "arrojadiza"]
TamanoEscudo = Literal["pequeno", "medio", "tarja", "paves"]
#: The bounds of a sheet's numbers, by option name: the slash options declare the same ranges
#: (a test compares them), and every sheet is checked against them on its way in (options,
#: form, files), so no way in takes what another refuses.
BOUNDS: dict[str, tuple[int, int]] = {
    "pv": (1, 500),
    "proteccion": (0, 50),
    "resistencia": (0, 500),
    "iniciativa_armadura": (-20, 20),
    "resistencia_escudo": (0, 500),
    "iniciativa_hechizos": (-20, 20),
    "fuerza_minima": (0, 50),
    "recarga": (0, 20),
}
#: The formats of ``/porcentual ficha exportar`` (those of Umbral's sheets).
FileFormat = ExportFormat

__all__ = ["BOUNDS", "EXPORT_HELP", "FileFormat", "TamanoArma", "TamanoEscudo", "TipoArma"]

"""The choices of the percentile game's options, defined once: the slash commands, the
sheet files' cells and the sheet form read them from here."""

from __future__ import annotations

from typing import Literal

from bot.sheetfiles import EXPORT_HELP, ExportFormat

TamanoArma = Literal["ligero", "medio", "pesado"]
TipoArma = Literal["cuerpo_a_cuerpo", "proyectil", "arrojadiza"]
TamanoEscudo = Literal["pequeno", "medio", "tarja", "paves"]
#: The formats of ``/porcentual ficha exportar`` (those of Umbral's sheets).
FileFormat = ExportFormat

__all__ = ["EXPORT_HELP", "FileFormat", "TamanoArma", "TamanoEscudo", "TipoArma"]

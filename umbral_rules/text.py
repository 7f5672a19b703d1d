"""Matching names typed by people: case- and accent-insensitive."""

from __future__ import annotations

import functools
import unicodedata


@functools.lru_cache(maxsize=4096)  # names are looked up again on every command
def fold(text: str) -> str:
    """Lower case without accents: «Percepción» → «percepcion»."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))

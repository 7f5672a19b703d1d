"""The one alias for values that really are arbitrary JSON (payload bodies, ``to_dict`` dumps,
the JSON columns): everything else in ``bot/`` names its type."""

from __future__ import annotations

import json
from typing import Any, TypeAlias

#: A JSON object: what ``json.loads`` gives for ``{...}``, or what ``to_dict`` dumps.
JsonObject: TypeAlias = dict[str, Any]
#: A JSON array (a JSON column holding a list).
JsonArray: TypeAlias = list[Any]


def from_json_text(text: str | None) -> JsonObject | JsonArray | None:
    """A JSON column read as its text (``CAST(… AS TEXT)``, so that neither SQLAlchemy nor
    the driver decodes it on the event loop), decoded; NULL stays ``None``."""
    return None if text is None else json.loads(text)

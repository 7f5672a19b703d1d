"""The choices of ``/historial``'s options (no imports: the command's module reads them
while the rest of the feature may still be loading)."""

from __future__ import annotations

from typing import Literal

Alcance = Literal["canal", "servidor"]
ExportFormat = Literal["csv", "json", "xlsx"]
#: The most entries ``n:`` asks for (without ``n``, the pages go through the whole log).
HISTORY_PAGED_MAX = 500

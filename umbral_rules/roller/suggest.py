"""The expression a refusal suggests: «¿Querías `(1d6)`?», only when it reads the way the
text was most likely meant (issue 43).

A guess that changes the meaning is worse than none: ``6d6v3`` is not ``6d6k3``, nor
``dF.2`` ``dF+2``, nor ``1d6 | 3`` ``1d6 + 3``. So a refusal suggests only

* what the parser itself proposes because it means the same or is the nearest the limits
  allow (``1d1rr1`` → ``1d1ro1``, ``{3d20+5}>21`` → ``3d20>16``, ``1000d6`` → ``200d6``);
* closing what was left open at the end (``(1d6`` → ``(1d6)``);
* dropping a character that means nothing in dice (``3d6?`` → ``3d6``).

Otherwise the refusal points at the position and at ``/ayuda tema:tirar``.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import RollError

#: What closes what was left open at the end of the text.
_CLOSE = (")", "}", "]")
#: Characters that carry no meaning in any dice notation the bot reads.
_NOISE = frozenset("?¿¡\"'`")


def suggest(error: RollError, readable: Callable[[str], bool]) -> str | None:
    """A nearby text for which ``readable`` holds and that means what was typed, or None."""
    if error.suggestion is not None:  # the parser's own, if the rest of the text reads too
        return error.suggestion if readable(error.suggestion) else None
    if error.kind != "sintaxis":
        return None
    text, start = error.text, error.start
    candidates: list[str] = []
    if not text[start:].strip():
        candidates.extend(text.rstrip() + close for close in _CLOSE)
    noise = start
    while noise < len(text) and text[noise] in _NOISE:
        noise += 1
    if noise > start:
        candidates.append(text[:start] + text[noise:])
    for candidate in candidates:
        candidate = candidate.strip()
        if candidate and candidate != text.strip() and readable(candidate):
            return candidate
    return None

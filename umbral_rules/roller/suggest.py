"""The nearest expression the bot reads, for a refusal: «¿Querías `2d6+3`?».

Small edits at the place the parser stopped (drop what it could not read, close what was
left open, add the missing number, turn trailing words into a comment) are tried from the
cheapest; the first that parses is the suggestion. Nothing is suggested when no edit helps.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import RollError

#: What may be inserted or substituted where the parser stopped, cheapest first.
_INSERT = ("6", "1", ")", "}", "d")
_REPLACE_LETTER = ("k", "d", "r", "+")
_REPLACE_SIGN = ("+", "*", "-")


def suggest(error: RollError, readable: Callable[[str], bool]) -> str | None:
    """A nearby text for which ``readable`` holds, or None."""
    if error.suggestion is not None:  # the parser's own, if the rest of the text reads too
        return error.suggestion if readable(error.suggestion) else None
    if error.kind != "sintaxis":
        return None
    text, start, end = error.text, error.start, error.end
    candidates: list[tuple[int, str]] = []
    head, rest = text[:start], text[start:]
    if start < len(text):
        if rest[:1].isalpha() and head.strip() and head[-1:].isspace():
            candidates.append((2, head.rstrip() + " ! " + rest))
        if not _joins_digits(text, start, end):
            candidates.append((end - start, head + text[end:]))
        if not _joins_digits(text, start, start + 1):
            candidates.append((1, head + text[start + 1 :]))
        replace = _REPLACE_LETTER if rest[:1].isalpha() else _REPLACE_SIGN
        candidates.extend((1, head + c + text[start + 1 :]) for c in replace)
        candidates.append((len(rest.rstrip()), head))
    candidates.extend((1, head + c + rest) for c in _INSERT)
    seen = {text.strip()}
    for _, candidate in sorted(candidates, key=lambda c: c[0]):
        candidate = candidate.strip()
        if candidate and candidate not in seen and readable(candidate):
            return candidate
        seen.add(candidate)
    return None


def _joins_digits(text: str, start: int, end: int) -> bool:
    """Deleting ``text[start:end]`` would glue two numbers (``4d6z3`` → a d63)."""
    return start > 0 and end < len(text) and text[start - 1].isdigit() and text[end].isdigit()

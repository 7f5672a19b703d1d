"""Storage errors: all are :class:`~umbral_rules.UmbralError`, so their text is for the user."""

from __future__ import annotations

from umbral_rules import UmbralError

CONCURRENCY_MESSAGE = "La partida ha cambiado mientras tanto: inténtalo de nuevo."


class ConcurrencyError(UmbralError):
    """Someone else wrote the same encounter (or character) after we read it."""

    def __init__(self, message: str = CONCURRENCY_MESSAGE) -> None:
        super().__init__(message)

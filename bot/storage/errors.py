"""Storage errors: all are :class:`~umbral_rules.UmbralError`, so their text is for the user."""

from __future__ import annotations

from umbral_rules import UmbralError

CONCURRENCY_MESSAGE = "La partida ha cambiado mientras tanto: inténtalo de nuevo."


class ConcurrencyError(UmbralError):
    """Someone else wrote the same encounter (or character) after we read it; ``where``
    says what collided (a version check's table, or the statement the database refused),
    for the log and the retry counts (``Storage.conflict_kinds``)."""

    def __init__(self, message: str = CONCURRENCY_MESSAGE, *, where: str = "") -> None:
        super().__init__(message)
        self.where = where

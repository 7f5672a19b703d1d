"""The one error type of the rules: it carries a Spanish message for the user."""

from __future__ import annotations


class UmbralError(Exception):
    """A rules or validation error. ``str(error)`` is the Spanish message to show."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message

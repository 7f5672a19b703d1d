"""The one error type of the rules: it carries a Spanish message for the user."""

from __future__ import annotations


class UmbralError(Exception):
    """A rules or validation error. ``str(error)`` is the Spanish message to show.

    The message is plain text (what a player typed in it as they typed it), and whoever
    shows it escapes it for where it goes. ``formatted``: the message is already written for
    Discord — it mentions someone or quotes code, and what was typed in it is escaped
    already (the bot's own refusals; the rules never set it)."""

    def __init__(self, message: str, *, formatted: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.formatted = formatted

    def __str__(self) -> str:
        return self.message

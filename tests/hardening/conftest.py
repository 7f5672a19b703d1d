"""The bot's fixtures (``dice``, ``session``, ``fake``, ``script``) reused as they are."""

from tests.bot.conftest import dice, fake, script, session

__all__ = ["dice", "fake", "script", "session"]

"""The local console: a fake Discord guild in the terminal, driving the bot's real tree.

:mod:`.transport` builds the interaction payloads and records replies (the tests use it too),
:mod:`.parser` reads the line syntax, :mod:`.runner` prints replies as plain text.
"""

from .session import Session, open_session
from .transport import FakeDiscord, Reply, SentMessage

__all__ = ["FakeDiscord", "Reply", "SentMessage", "Session", "open_session"]

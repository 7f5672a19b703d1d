"""A hook point for work that takes time (a file parsed, a picture drawn).

The bot calls :func:`note_slow_work` where such work starts; it does nothing unless a watcher
is set for the running context. The console's Discord sets one while it dispatches an
interaction, to tell when work ran before the interaction's first response (Discord's
3-second window). No dependency on the console or on Discord.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token

Watcher = Callable[[str], None]

_watcher: ContextVar[Watcher | None] = ContextVar("umbral_slow_work_watcher", default=None)


def note_slow_work(kind: str) -> None:
    """``kind`` (e.g. ``"fichero"``, ``"imagen"``) is about to run in this context."""
    watcher = _watcher.get()
    if watcher is not None:
        watcher(kind)


def watch(watcher: Watcher) -> Token[Watcher | None]:
    """Call ``watcher`` for slow work in this context (and tasks started from it)."""
    return _watcher.set(watcher)


def unwatch(token: Token[Watcher | None]) -> None:
    _watcher.reset(token)

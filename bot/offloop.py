"""Heavy pure work (parsing a file, writing one, drawing the map) on a worker thread, so that
the event loop keeps answering while it runs.

A worker thread alone is not enough for work that allocates hundreds of thousands of objects
(a 2,000-entry YAML file): every few thousand allocations CPython's cyclic garbage collector
runs, on whichever thread allocates, holding the GIL for as long as it walks the objects made
since the bot froze its start-up heap (``gc.freeze()``) — measured at 0.5 s of loop stalls in
one import. So while at least one such job runs, automatic collection is paused (``gc``'s
public switch, counted across overlapping jobs); plain reference counting still frees what
the job throws away, and the collector resumes when the last job ends.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_lock = threading.Lock()
_running = 0
_paused_by_us = False


def _pause() -> None:
    global _running, _paused_by_us
    with _lock:
        if _running == 0 and gc.isenabled():
            gc.disable()
            _paused_by_us = True
        _running += 1


def _resume() -> None:
    global _running, _paused_by_us
    with _lock:
        _running -= 1
        if _running == 0 and _paused_by_us:
            _paused_by_us = False
            gc.enable()


def _paused(call: Callable[[], T]) -> T:
    _pause()
    try:
        return call()
    finally:
        _resume()


async def off_loop(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``function(*args, **kwargs)`` on a worker thread (``asyncio.to_thread``), with the
    garbage collector paused while it runs. Give it plain data, never a database session or
    an object another command may change meanwhile."""
    return await asyncio.to_thread(_paused, functools.partial(function, *args, **kwargs))

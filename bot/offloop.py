"""Heavy pure work (parsing a file, writing one, drawing the map) on a worker thread, so that
the event loop keeps answering while it runs.

A worker thread alone is not enough for work that allocates hundreds of thousands of objects
(a 2,000-entry YAML file): every few thousand allocations CPython's cyclic garbage collector
runs, on whichever thread allocates, holding the GIL for as long as it walks the objects made
since the bot froze its start-up heap (``gc.freeze()``), long enough to stall the loop visibly
(figures in ``bench/README.md``). So while at least one such job runs, automatic collection
is paused (``gc``'s public switch, counted across overlapping jobs); plain reference counting
still frees what the job throws away, and the collector resumes when the last job ends.

A thread is not enough either for work that holds the GIL inside long C calls: Pillow's PNG
encoder compresses 64 KiB of output per call without letting go of it (tens of milliseconds
a call for the largest boards), and the loop waits for every one. :func:`off_process`
runs such work in a worker process of its own (started on first use, then kept), which has its
own interpreter and GIL.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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


_processes: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    global _processes
    if _processes is None:  # "spawn": a fresh interpreter, never a fork of a threaded process
        context = multiprocessing.get_context("spawn")
        _processes = ProcessPoolExecutor(max_workers=1, mp_context=context)
    return _processes


async def off_process(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``function(*args, **kwargs)`` in the worker process: ``function`` importable by name,
    its arguments and result picklable (plain values). The first call starts the process
    (about a second); a process that died (killed, out of memory) is replaced once."""
    call = functools.partial(function, *args, **kwargs)
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_pool(), call)
    except BrokenProcessPool:
        shutdown_processes()
        return await loop.run_in_executor(_pool(), call)


def shutdown_processes() -> None:
    """Stop the worker process, if one was started (the next :func:`off_process` starts
    another)."""
    global _processes
    pool, _processes = _processes, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)

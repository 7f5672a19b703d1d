"""``--profile``: one scenario under a profiler, its tree on stderr.

pyinstrument (a sampling profiler that follows awaits) when it can be imported, else cProfile's
top functions by cumulative and by own time.
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import sys
from collections.abc import Coroutine
from typing import Any

from bench.measure import Sizes


def run_profiled(coro: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """Run ``coro`` under a profiler; print what it found to stderr; return its result."""
    try:
        from pyinstrument import Profiler
    except ImportError:
        Profiler = None
    if Profiler is not None:
        sampler = Profiler(interval=0.001)
        sampler.start()
        result = asyncio.run(coro)
        sampler.stop()
        print(sampler.output_text(unicode=True, show_all=False), file=sys.stderr)
        return result
    profiler = cProfile.Profile()
    profiler.enable()
    result = asyncio.run(coro)
    profiler.disable()
    for order, top in (("cumulative", 45), ("tottime", 30)):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(top)
        print(out.getvalue(), file=sys.stderr)
    return result


def profile_spec(which: str, sizes: Sizes) -> dict[str, Any]:
    """The worker spec of ``atacar:N``, ``canales:N``, ``defender`` or ``asalto``."""
    kind, _, arg = which.partition(":")
    n = int(arg) if arg else 0
    spec: dict[str, Any]
    if kind == "atacar":
        spec = {"kind": "atacar", "tag": "prof", "combatants": n or 2, "channels": 1}
    elif kind == "canales":
        spec = {
            "kind": "atacar",
            "tag": "prof",
            "combatants": sizes.channel_combatants,
            "channels": n or 1000,
        }
    elif kind == "defender":
        spec = {"kind": "defender", "tag": "prof", "pending": sizes.pending}
    elif kind == "asalto":
        spec = {"kind": "asalto", "tag": "prof", "combatants": n or max(sizes.combatants)}
    else:
        raise SystemExit(f"escenario desconocido: {which}")
    if kind in ("atacar", "canales"):
        spec["commands"] = sizes.commands
    else:
        spec["commands"] = sizes.defender_commands
    return spec

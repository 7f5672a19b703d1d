"""Issue 44: every command that changes a channel's encounter runs the edge's one path
(``bot.edge.path.run_step``: load → check → rules → save → log → the tracker after COMMIT,
with the retry), with Umbral as its game system (``bot.features.system.UMBRAL``); ``/tirar``
logs its roll on it too. Each command here is sent through the console and the path's
function is seen to run, once, with the system's ``load`` where the command reads its
encounter (docs/arquitectura.md, «El camino de un comando: /atacar»)."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from types import CodeType, FrameType
from typing import Any

import pytest

from bot.console import FakeDiscord
from bot.edge import path
from bot.features import system
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice

START = [
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
]
RUN_STEP = path.run_step.__code__
LOAD = system.Umbral.load.__code__
SAVE = system.Umbral.save.__code__
LOG = system.Umbral.log.__code__


async def calls(send: Callable[[], Awaitable[Any]]) -> dict[CodeType, int]:
    """How many times ``send()`` entered each of the path's functions watched here."""
    frames: dict[CodeType, list[FrameType]] = {RUN_STEP: [], LOAD: [], SAVE: [], LOG: []}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        # a coroutine's frame is entered again at every resume: count each frame once
        seen = frames.get(frame.f_code)
        if event == "call" and seen is not None and not any(f is frame for f in seen):
            seen.append(frame)

    sys.setprofile(profile)
    try:
        reply = await send()
    finally:
        sys.setprofile(None)
    assert not [m for m in reply.messages if m.ephemeral], reply.text()  # it went through
    watched = {code: len(seen) for code, seen in frames.items()}
    return watched


#: Loaded and saved by the system; logged by no one or by the command's own log.
ALL_BUT_LOG = (True, True, False)
#: (who, command, options, dice pushed first, whether it loads, saves and logs via the system)
COMMANDS: list[tuple[str, str, dict[str, Any], list[int], tuple[bool, bool, bool]]] = [
    ("kaeda", "atacar", {"objetivo": "Ñu del puerto"}, [9], (True, True, True)),
    ("master", "asalto", {}, [], (True, True, True)),
    ("master", "encuentro quitar", {"combatiente": "Ñu del puerto"}, [], ALL_BUT_LOG),
    ("master", "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 3}, [], ALL_BUT_LOG),
    ("master", "descanso", {"personajes": "Íñigo"}, [], (True, True, False)),
    ("kaeda", "tirada", {"atributo": "vigor", "umbral": 9}, [7], (True, True, False)),
    ("kaeda", "tirar", {"expresion": "2d6+3"}, [], (False, False, False)),
]


@pytest.mark.parametrize(("who", "command", "options", "faces", "via"), COMMANDS)
async def test_an_encounter_command_runs_the_one_path(
    who: str,
    command: str,
    options: dict[str, Any],
    faces: list[int],
    via: tuple[bool, bool, bool],
    script: Script,
    fake: FakeDiscord,
    dice: ForcedDice,
) -> None:
    await script.run(*GUARDIA, *KAEDA, *START)
    dice.push(faces)
    seen = await calls(lambda: fake.command(who, "mesa", command, options))
    assert seen[RUN_STEP] == 1
    loads, saves, logs = via
    assert (seen[LOAD] == 1, seen[SAVE] == 1, seen[LOG] == 1) == (loads, saves, logs), seen

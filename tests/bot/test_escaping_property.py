"""Issue 30, item 1: nothing a user types comes alive on anyone's screen.

A random encounter in each mode, its names (characters, enemies, Oficios, weapons, the
guild's estados) and every free-text option made of markdown and mention attacks — masked
links, headings, block quotes, spoilers, code fences and backticks, mentions, ``@everyone``,
bare URLs — driven through every command and button the bot registers (the strict property's
drivers, ``tests/bot/strict_drivers.py``: each command also gets every free-text option at its
longest), as the player and as the GM. Every request body the console's Discord receives is
read by :mod:`tests.bot.live_markdown`: no live masked link, mention, heading, block quote,
spoiler, code block or bare URL anywhere markdown renders; and every exported spreadsheet
cell that holds text starts with no formula character.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.console import FakeDiscord, open_session
from tests.bot.exported_cells import formula_cells
from tests.bot.live_markdown import problems
from tests.bot.test_strict_property import Spec, build, clean, drive
from umbral_rules import RandomDice
from umbral_rules.tables import ESTADOS
from umbral_rules.text import name_key, name_problem, word_key

#: What typed text is made of: the attacks, and some plain Spanish around them.
ATTACKS = [
    "[pulsa](https://evil.example)",
    "**[aquí](https://evil.example/a_b)**",
    "||spoiler||",
    "# Título",
    "## Sub",
    "-# nota",
    "> cita",
    ">>> cita",
    "```",
    "```py\n",
    "`",
    "``",
    "~~",
    "__",
    "_",
    "*",
    "\\",
    "<@123>",
    "<@!123>",
    "<@&1>",
    "<#9>",
    "<t:1:R>",
    "</ayuda:1>",
    "@everyone",
    "@here",
    "https://evil.example/preview",
    "1. lista",
    "- guion",
    "<https://evil.example>",
    "«",
    "»",
    "Ñu",
    "ñandú",
    "🐉",
    " ",
    "Guardia de la Torre",
]
LINE_BREAK = "\n"


def _name(parts: list[str]) -> str:
    return clean("".join(parts).replace(LINE_BREAK, " "))


names = (
    st.lists(st.sampled_from(ATTACKS), min_size=1, max_size=8)
    .map(_name)
    .filter(lambda n: name_problem(n) is None)
)


@st.composite
def specs(draw: st.DrawFn, mode: str) -> Spec:
    """A small encounter (the drivers' work grows with it): names and texts from
    :data:`ATTACKS`."""
    combatants = draw(st.integers(2, 6))
    drawn = draw(st.lists(names, min_size=combatants, max_size=combatants, unique_by=name_key))
    guild_estados = draw(st.lists(names, max_size=2, unique_by=word_key))
    every = sorted(ESTADOS) + [name_key(e) for e in guild_estados]
    hostile = draw(st.lists(st.sampled_from([*ATTACKS, LINE_BREAK]), min_size=3, max_size=12))
    return Spec(
        mode=mode,
        combatants=combatants,
        enemy_names=drawn[1:],
        pc=drawn[0],
        others=draw(st.integers(0, 1)),
        oficios=draw(st.lists(names, min_size=1, max_size=3, unique_by=name_key)),
        weapons=draw(st.lists(names, min_size=1, max_size=2, unique_by=name_key)),
        pending=draw(st.integers(0, 2)),
        estados={0: [draw(st.sampled_from(every))]},
        guild_estados=guild_estados,
        hostile="".join(hostile),
        seed=draw(st.integers(0, 2**32)),
        thread=draw(st.booleans()),
        missing=None,
        pause=0,
    )


#: The smallest id the console gives anything (``stable_id``).
SNOWFLAKE_MIN = 800_000_000_000_000_000


class Known:
    """The ids a mention may name: the console's users, channels and roles, whose ids are
    snowflakes (examples share one database, so earlier examples' players are named too);
    the attacks name small ids (``<@123>``, ``<@&1>``, ``<#9>``) nobody has."""

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and value >= SNOWFLAKE_MIN


def record_bodies(fake: FakeDiscord) -> list[tuple[str, str, Any]]:
    """Every request the bot makes from now on: (method, path, body)."""
    seen: list[tuple[str, str, Any]] = []
    enter = fake.gate.enter

    async def recording(method: str, path: str, body: Any) -> None:
        seen.append((method, path, body))
        await enter(method, path, body)

    fake.gate.enter = recording  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize("mode", ["mesa", "narrativo", "tactico"])
@settings(
    max_examples=2,  # a few seconds each: every mode, on every backend, in the suite
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
async def test_typed_text_never_comes_alive(
    database_url: str, tmp_path: Path, mode: str, data: st.DataObject
) -> None:
    spec = data.draw(specs(mode))
    session = await open_session(database_url, dice=RandomDice(spec.seed), migrate=False)
    try:
        fake = session.discord
        bodies = record_bodies(fake)
        world = await build(session, spec, tmp_path)
        assert await drive(world) > 0
        known = Known()
        found = [
            f"{method} {path}: {problem}"
            for method, path, body in bodies
            for problem in problems(body, known)
        ]
        assert not found, "\n".join(found[:20])
        files = [(n, d) for m in fake.messages for n, d in m.files.items()]
        assert any(name.endswith(".csv") for name, _ in files)
        bad = [f"{name}: {cell!r}" for name, body in files for cell in formula_cells(name, body)]
        assert not bad, "\n".join(bad[:20])
    finally:
        await session.close()

"""The Discord command schema the bot registers stays what it was (issue 44: the one path for
encounter commands and the declared rolls change no public command or option).

``tests/fixtures/command_schema.json`` is every command's ``to_dict`` (slash commands and
context menus), sorted; rewrite it only for a change of a public command, on purpose::

    .venv/bin/python -m tests.bot.test_command_schema
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.app import create_bot
from bot.process.config import Settings

SCHEMA = Path(__file__).resolve().parent.parent / "fixtures" / "command_schema.json"


async def schema_text() -> str:
    """The registered commands as sorted, indented JSON."""
    bot = await create_bot(Settings(discord_token=None))
    try:
        data: list[dict[str, Any]] = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
    finally:
        await bot.close()
    data.sort(key=lambda d: (d.get("type", 1), d["name"]))
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


async def test_the_registered_schema_is_unchanged() -> None:
    assert await schema_text() == SCHEMA.read_text(encoding="utf-8")


if __name__ == "__main__":
    SCHEMA.write_text(asyncio.run(schema_text()), encoding="utf-8")

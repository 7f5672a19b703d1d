"""Shared steps of the graded d100 combat's console tests (seed 003)."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session
from bot.storage.rolllog import RollLogEntry


def setup_lines(
    *,
    hero: str = "poder:25 aguante:100",
    enemy: str = "poder:25 aguante:30",
    cantidad: int = 1,
) -> list[str]:
    """Kaeda's Aria and the GM's Lobo (``cantidad`` of them) in a graded fight in #mesa."""
    return [
        "@kaeda",
        f"/graduado ficha crear nombre:Aria {hero}",
        "@master",
        f"/graduado bestiario crear nombre:Lobo {enemy}",
        "/encuentro empezar sistema:graduado",
        f"/encuentro enemigos nombre:Lobo cantidad:{cantidad}",
        "@kaeda",
        "/encuentro unirse personaje:Aria",
    ]


async def document(session: Session, fake: FakeDiscord, channel: str = "mesa") -> Any:
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        return await uow.encounter.get_state()


async def log_entries(session: Session, fake: FakeDiscord) -> list[RollLogEntry]:
    async with session.storage.guild(fake.guild.id) as uow:
        return await uow.rolls.entries(newest_first=False, limit=None)


async def sheet(session: Session, fake: FakeDiscord, nombre: str, kind: str = "pj") -> Any:
    async with session.storage.guild(fake.guild.id) as uow:
        found = await uow.system_sheets.get("graduado", kind, nombre)  # type: ignore[arg-type]
    return None if found is None else found.data


def fighter(doc: Any, nombre: str) -> Any:
    return next(c for c in doc["combatientes"] if c["ficha"]["nombre"] == nombre)


async def undo(fake: FakeDiscord, command: str) -> None:
    """The GM's /deshacer in #mesa, which names ``command`` and takes it back once pressed."""
    preview = await fake.command("master", "mesa", "deshacer")
    assert f"¿Deshacer /{command}?" in preview.last.text()
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert any(f"deshizo /{command}" in m.text() for m in pressed.messages)

"""A duel of kaeda's Ana against the GM's Orco in #mesa, driven through the slash commands
(our tables, tests/bot/porcentual/world.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.console import FakeDiscord
from tests.bot.conftest import Script
from tests.bot.porcentual.world import TABLES, enemy_lines, pj_lines
from umbral_rules import ForcedDice


class Duel:
    def __init__(self, script: Script, fake: FakeDiscord, dice: ForcedDice) -> None:
        self.script, self.fake, self.dice = script, fake, dice

    async def setup(
        self, *extra: str, ana: dict[str, int] | None = None, orcos: int = 1,
        emboscada: str = "",
    ) -> None:  # fmt: skip
        start = "/encuentro empezar sistema:porcentual" + (
            f" emboscada:{emboscada}" if emboscada else ""
        )
        await self.script.run(
            *TABLES, *pj_lines("kaeda", "Ana", **(ana or {})), *enemy_lines("Orco"), *extra,
            "@master", start, "@kaeda", "/encuentro unirse personaje:Ana", "@master",
            f"/encuentro enemigos nombre:Orco cantidad:{orcos}",
        )  # fmt: skip

    async def cmd(
        self, user: str, path: str, options: dict[str, object], dice: Sequence[int] = ()
    ) -> str:
        """``/path`` as ``user`` with ``dice`` forced (all of them its own); what it said."""
        assert self.dice.remaining == ()
        self.dice.push(list(dice))
        reply = await self.fake.command(user, "mesa", path, options)
        assert self.dice.remaining == (), (self.dice.remaining, reply.text())  # all its own
        return reply.text()

    async def asalto(self, dice: Sequence[int] = ()) -> str:
        return await self.cmd("master", "asalto", {}, dice)

    async def declare(self, who: str, acciones: str) -> str:
        user = "kaeda" if who == "Ana" else "master"
        return await self.cmd(
            user, "porcentual declarar", {"acciones": acciones, "combatiente": who}
        )

    async def act(self, who: str, numero: int, dice: Sequence[int] = ()) -> str:
        user = "kaeda" if who == "Ana" else "master"
        options = {"accion": numero, "combatiente": who}
        text = await self.cmd(user, "porcentual actuar", options, dice)
        assert text.startswith("== Acción =="), text  # done, not refused
        return text

    async def attack(self, who: str, target: str, dice: Sequence[int], **options: object) -> str:
        user = "kaeda" if who == "Ana" else "master"
        return await self.cmd(
            user, "atacar", {"objetivo": target, "atacante": who, **options}, dice
        )

    async def conclude(self) -> str:
        """Pass the turns until the asalto's conclusión."""
        text = ""
        for _ in range(8):
            text = await self.asalto()
            if "conclusión" in text.split("== Combate")[0]:
                return text
        raise AssertionError(text)

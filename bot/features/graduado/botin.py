"""After a won fight: the coin shared, and the loot card — each named item with its
«Quiero» and «Paso» buttons for every player of the fight; the GM shares it out with
``/graduado repartir`` ([D] among several «Quiero», a d100 each, shown).

The buttons are :class:`discord.ui.DynamicItem`: the item and the choice live in the
``custom_id``, so a press works after a restart too; the choices live in the document."""

from __future__ import annotations

import re
from typing import ClassVar

import discord

from bot.edge.context import Context
from bot.edge.errors import report_error
from bot.edge.path import Step, run_step
from bot.edge.permissions import Permission
from bot.edge.services import Services
from bot.features.common import send
from bot.records.rolls import SystemRoll
from bot.render.graduado import reply_embeds
from bot.render.safe import label, shown
from umbral_rules import UmbralError
from umbral_rules.graduado import (
    Bando,
    Eleccion,
    Final,
    Reparto,
    repartir_botin,
    repartir_monedas,
    tomar_objetos,
)

from .doc import Botin, GradDoc
from .system import GRADUADO, NAME, GradTurn

TEMPLATE = r"umbral:graduado-botin:(?P<item>[0-2]):(?P<choice>quiero|paso)"
#: A press is the player's own choice; who may press is checked against the fight.
PRESS = Permission("servidor")


def player_names(doc: GradDoc, jugadores: list[int]) -> dict[int, str]:
    """Each player of the fight by the names of the heroes they played."""
    return {j: " y ".join(c.nombre for c in doc.owned_by(j)) for j in jugadores}


def card_view(button: type[LootButton], objetos: list[str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for i, objeto in enumerate(objetos):
        view.add_item(button(i, "quiero", objeto))
        view.add_item(button(i, "paso", objeto))
    return view


async def loot_card(ctx: Context, objetos: str, monedas: int, button: type[LootButton]) -> None:
    await ctx.interaction.response.defer(thinking=True)
    items = list(tomar_objetos([o for o in objetos.split(",")]))

    async def rules(turn: GradTurn) -> list[str]:
        doc = turn.document
        if doc.combate.state.final is not Final.VICTORIA:
            raise UmbralError("La carta de botín es tras una victoria: este combate no la tiene.")
        if doc.botin is not None and doc.botin.reparto is None:
            raise UmbralError("Ya hay una carta de botín sin repartir: /graduado repartir.")
        jugadores: list[int] = []
        for hero in doc.combate.state.side(Bando.HEROES):
            link = doc.vinculo(hero)
            if link is not None and link.owner_id not in jugadores:
                jugadores.append(link.owner_id)
        if not jugadores:
            raise UmbralError("Nadie jugó este combate con una ficha: no hay a quién dar botín.")
        doc.botin = Botin(items, jugadores)
        names = player_names(doc, jugadores)
        lines = [f"Botín: {', '.join(items)}. Cada jugador: «Quiero» o «Paso» en cada objeto."]
        if monedas:
            shares = repartir_monedas(monedas, [names[j] for j in jugadores])
            lines.append(
                f"Monedas ({monedas}): " + ", ".join(f"{n} {v}" for n, v in shares.items()) + "."
            )
        lines += [x.line() for x in doc.combate.experiencia()]
        turn.tracker = None
        return lines

    lines = await run_step(ctx, GRADUADO, Step(None, rules))
    await send(
        ctx.interaction, embeds=reply_embeds("Carta de botín", lines), view=card_view(button, items)
    )


async def share_loot(ctx: Context) -> None:
    await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: GradTurn) -> list[Reparto]:
        doc = turn.document
        botin = doc.botin
        if botin is None or botin.reparto is not None:
            raise UmbralError("No hay ninguna carta de botín por repartir: /graduado botin.")
        names = player_names(doc, botin.jugadores)
        elecciones = {
            o: {names[int(u)]: Eleccion(e) for u, e in per.items()}
            for o, per in botin.elecciones.items()
        }
        repartos = repartir_botin(
            ctx.dice, botin.objetos, elecciones, [names[j] for j in botin.jugadores]
        )
        botin.reparto = [r.line() for r in repartos]
        turn.tracker = None
        return repartos

    async def log(turn: GradTurn, repartos: list[Reparto]) -> None:
        for r in repartos:
            for ronda in r.tiradas:
                await turn.uow.rolls.append(
                    user_id=ctx.user_id,
                    command="graduado repartir",
                    dice=[{"faces": [roll], "sides": 100} for _, roll in ronda],
                    result=SystemRoll(
                        sistema=NAME,
                        tipo="botín",
                        totales=[roll for _, roll in ronda],
                        veredicto=f"{r.objeto}: para {r.para}",
                    ),
                )

    repartos = await run_step(ctx, GRADUADO, Step(None, rules, own_log=log))
    await send(
        ctx.interaction, embeds=reply_embeds("Reparto del botín", [r.line() for r in repartos])
    )


def loot_button(services: Services) -> type[LootButton]:
    """The :class:`LootButton` class whose presses use ``services``."""
    return type("LootButton", (LootButton,), {"services": services}, template=TEMPLATE)


class LootButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=TEMPLATE):
    services: ClassVar[Services]

    def __init__(self, item: int, choice: str, objeto: str = "") -> None:
        word = "Quiero" if choice == "quiero" else "Paso"
        super().__init__(
            discord.ui.Button(
                label=label(f"{word}: {objeto}") if objeto else word,
                style=discord.ButtonStyle.success
                if choice == "quiero"
                else discord.ButtonStyle.secondary,
                custom_id=f"umbral:graduado-botin:{item}:{choice}",
            )
        )
        self.index, self.choice = item, choice

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
        /,
    ) -> LootButton:
        return cls(int(match["item"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._press(interaction)
        except Exception as exc:  # the one handler answers (ephemeral) and logs faults
            await report_error(interaction, exc)

    async def _press(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction, self.services, PRESS)
        await interaction.response.defer(ephemeral=True, thinking=True)

        async def rules(turn: GradTurn) -> str:
            botin = turn.document.botin
            if botin is None or botin.reparto is not None or self.index >= len(botin.objetos):
                raise UmbralError("Esta carta de botín ya no está abierta.")
            if ctx.user_id not in botin.jugadores:
                raise UmbralError("No jugaste este combate: no puedes pedir botín.")
            objeto = botin.objetos[self.index]
            botin.elecciones.setdefault(objeto, {})[str(ctx.user_id)] = self.choice
            turn.tracker = None
            return objeto

        objeto = await run_step(ctx, GRADUADO, Step(None, rules))
        word = "Quieres" if self.choice == "quiero" else "Pasas de"
        await send(interaction, content=f"{word} «{shown(objeto)}». Anotado.", ephemeral=True)

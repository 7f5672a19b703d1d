"""«Repetir»: roll a ``/tirar`` again with the same options — one action, :func:`repeat`,
keyed by the roll's id in the log, for every entry point (the button on each reply, and a
message command on a roll's reply).

The button is a :class:`discord.ui.DynamicItem`: its ``custom_id`` carries the roll's id and
who rolled (``umbral:repetir:<id>:<user>``, at most 57 characters of Discord's 100), so a
press works after a restart, and someone else's press is refused before anything is read.
The roll log says the rest: the options (``TirarResult.opciones``), whether it was private.
A repetition is a new roll in the log (``TirarResult.repite``: the id it repeats), with its
own button; a private roll stays private.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.edge.errors import report_error
from bot.edge.tree import gate_component
from bot.features.tirar.asked import NOT_REPEATABLE, Asked
from bot.features.tirar.rolling import roll_and_answer
from bot.records.rolls import TirarResult
from umbral_rules import UmbralError

if TYPE_CHECKING:
    from bot.edge.context import Context

TEMPLATE = r"umbral:repetir:(?P<roll>[0-9]{1,20}):(?P<user>[0-9]{1,20})"
LABEL = "Repetir"
NOT_YOURS = "Solo quien hizo la tirada puede repetirla: haz la tuya con /tirar."
GONE = "No encuentro esa tirada en el registro de este servidor."
#: What a press runs: the action, given the interaction and the roll's id.
Press = Callable[[discord.Interaction, int], Awaitable[None]]


def roll_id_of(message: discord.Message) -> int | None:
    """The roll a reply shows, read from its «Repetir» button (None: it has none): what a
    message command on the reply repeats."""
    for row in message.components:
        for item in getattr(row, "children", ()):
            found = re.fullmatch(TEMPLATE, str(getattr(item, "custom_id", "") or ""))
            if found:
                return int(found["roll"])
    return None


class RepeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """The reply's «Repetir»: only who rolled may press it (checked from the ``custom_id``,
    then from the log), through the tree's gate like ``/tirar`` (shutdown, the rolls'
    rate limit)."""

    #: What a press runs (set on the class :func:`repeat_button` makes).
    press: ClassVar[Press]

    def __init__(self, roll_id: int, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=LABEL,
                emoji="🔁",
                style=discord.ButtonStyle.secondary,
                custom_id=f"umbral:repetir:{int(roll_id)}:{int(user_id)}",
            )
        )
        self.roll_id = roll_id
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RepeatButton:
        return cls(int(match["roll"]), int(match["user"]))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(NOT_YOURS, ephemeral=True)
            return False
        return await gate_component(interaction, rolls=True)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await type(self).press(interaction, self.roll_id)
        except Exception as exc:  # the one handler answers (ephemeral) and logs faults
            await report_error(interaction, exc)


def repeat_button(press: Press) -> type[RepeatButton]:
    """The :class:`RepeatButton` class whose presses run ``press`` (registered with
    ``bot.add_dynamic_items``, and the one the replies use)."""
    return type("RepeatButton", (RepeatButton,), {"press": staticmethod(press)}, template=TEMPLATE)


async def repeat(ctx: Context, buttons: type[RepeatButton], roll_id: int) -> None:
    """Roll log entry ``roll_id`` again, for the one who rolled it, with its options: the
    one action behind «Repetir». The entry point has passed the tree's gate (shutdown, the
    rolls' rate limit: ``gate_component(interaction, rolls=True)``); this answers the
    interaction — a button press without a message of its own (the roll is a new message),
    a command with «pensando…», dropped before a private roll's answer."""
    interaction, storage = ctx.interaction, ctx.storage
    component = interaction.type is discord.InteractionType.component
    await interaction.response.defer(thinking=not component)
    guild_id = interaction.guild_id
    entry = None
    if guild_id is not None:
        async with storage.reading(guild_id) as uow:
            entry = await uow.rolls.get(roll_id)
    if entry is None:
        raise UmbralError(GONE)
    if entry.user_id != interaction.user.id:
        raise UmbralError(NOT_YOURS)
    if entry.command != "tirar":
        raise UmbralError(NOT_REPEATABLE)
    options = entry.result.opciones if isinstance(entry.result, TirarResult) else None
    asked = Asked.from_json(options)
    if asked.privada and not component:  # the public «pensando…» would make it public
        await interaction.delete_original_response()
    await roll_and_answer(ctx, asked, buttons, repeats=roll_id)

"""The preview's **Deshacer** and **Cancelar** buttons.

They are :class:`discord.ui.DynamicItem`: the record's id (and the encounter's version the
preview showed) live in the ``custom_id``, so a press works after a restart too. discord.py
builds a pressed item from its registered class, so the class the ``deshacer`` extension
registers (and sends) is one bound to its services: :func:`undo_button`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

import discord

from bot.edge.context import Context
from bot.edge.errors import report_error
from bot.edge.permissions import Permission
from bot.edge.services import Services
from bot.render.undo import done_text
from bot.storage.undo import UndoRecord
from bot.storage.unit import operation

from .service import undo

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

UNDO_TEMPLATE = r"umbral:deshacer:(?P<record>[0-9]{1,20}):(?P<version>[0-9]{1,20})"
CANCEL_TEMPLATE = r"umbral:deshacer-no:(?P<record>[0-9]{1,20})"


#: The press is ``/deshacer``'s second step: who may undo what is the service's to say.
PRESS = Permission("dueño o máster")


def preview_view(button: type[UndoButton], record_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(button(record_id, version))
    view.add_item(CancelButton(record_id))
    return view


def undo_button(services: Services) -> type[UndoButton]:
    """The :class:`UndoButton` class whose presses use ``services``."""
    return type("UndoButton", (UndoButton,), {"services": services}, template=UNDO_TEMPLATE)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=UNDO_TEMPLATE
):
    #: Set on the class :func:`undo_button` makes.
    services: ClassVar[Services]

    def __init__(self, record_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Deshacer",
                style=discord.ButtonStyle.danger,
                custom_id=f"umbral:deshacer:{record_id}:{version}",
            )
        )
        self.record_id = record_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
        /,
    ) -> UndoButton:
        return cls(int(match["record"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            with operation("deshacer", interaction.user.id):
                await self._undo(interaction)
        except Exception as exc:  # the one handler answers (ephemeral) and logs faults
            await report_error(interaction, exc)

    async def _undo(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction, self.services, PRESS)
        guild_id, channel_id = ctx.ids()
        await interaction.response.defer()

        async def work(uow: UnitOfWork) -> UndoRecord:
            record, enc = await undo(
                interaction, uow, self.record_id, self.version, self.services.systems
            )
            if enc is not None:
                ctx.show_tracker(uow, enc)
            return record

        record = await ctx.storage.run_in_channel(guild_id, channel_id, work)
        await interaction.edit_original_response(
            content=f"Deshecho: /{record.command} ya no cuenta (lo anuncio en el canal).",
            embed=None,
            view=None,
        )
        await interaction.followup.send(
            done_text(record.command, interaction.user.id, record.user_id, record.created_at),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await ctx.finish()


class CancelButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=CANCEL_TEMPLATE
):
    def __init__(self, record_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Cancelar",
                style=discord.ButtonStyle.secondary,
                custom_id=f"umbral:deshacer-no:{record_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
        /,
    ) -> CancelButton:
        return cls(int(match["record"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content="Cancelado: no se deshace nada.", embed=None, view=None
        )

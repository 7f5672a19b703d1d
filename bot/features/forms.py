"""Forms (Discord's modals) for commands with many options: another way to give the same
options, checked by the same path as the slash command's.

A :class:`FormSpec` names a command's options in pages of at most five fields (Discord's
limit), the essential ones first. Each field is a text input labelled with the option's
name; what is typed is read as the option's type (a number, one of its choices, a text)
and then checked by :func:`bot.edge.tree.check_option`, the check every slash option
passes — so a form accepts and refuses what the slash command accepts and refuses, and,
once every page is sent, runs the command's own callback with the values: the same result.

Each field's label carries the option's range («Vigor (0 a 5)»), read from the option's own
declaration (``app_commands.Range``), so the form and the slash option can't disagree.

Every wrong value of a page answers at once, each field named with what it accepts, nothing
saved, and a button «Reabrir» that opens the form again filled with what was typed. A form
can't open from a form's submit, so a second page opens from a button «Seguir». A spec may
check the first page against what is saved (:attr:`FormSpec.first_page`: a name already
taken) before the rest is asked for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as T

from bot.edge.errors import refusal_text, report_error
from bot.edge.reference import option_doc
from bot.edge.tree import check_option, gate_component
from bot.render.accents import spoken
from umbral_rules import UmbralError
from umbral_rules.text import word_key

if TYPE_CHECKING:
    from bot.edge.context import Context
    from bot.features.cog import FeatureCog

#: What a field gives the command: an option's value (a choice's, a number, a yes/no, a text).
OptionValue = str | int | float | bool
#: Discord: five components a modal, a title of 45 characters, a label of 45, a placeholder
#: of 100, a value of 4000.
FIELDS_MAX, TITLE_MAX, LABEL_MAX, PLACEHOLDER_MAX, VALUE_MAX = 5, 45, 45, 100, 4000
#: A text field longer than this is a paragraph (notes), not a line.
PARAGRAPH_FROM = 200
#: How long a form and its buttons wait (seconds).
WAIT_S = 900
NOTHING_SAVED = "No se ha guardado nada: «Reabrir» abre el formulario con lo que escribiste."
NEXT = "Parte {done} de {of} anotada (aún no se ha guardado nada): «Seguir» abre la siguiente."
YES, NO = ("sí", "si", "s", "yes", "true", "1"), ("no", "n", "false", "0")
#: A check of the first page against what is saved (the command's cog, the submit, the values
#: read so far): raises :class:`UmbralError` to refuse, nothing saved.
FirstPageCheck = Callable[
    ["FeatureCog", discord.Interaction, Mapping[str, "OptionValue"]], Awaitable[None]
]


@dataclass(frozen=True)
class FormSpec:
    """A command's form: its title, its pages of option names (at most five each, the
    essential first), the options the form requires, and the labels that are not the
    option's name as :func:`spoken` says it."""

    title: str
    pages: tuple[tuple[str, ...], ...]
    required: frozenset[str] = frozenset()
    labels: Mapping[str, str] = field(default_factory=dict)
    first_page: FirstPageCheck | None = None

    def label(self, param: app_commands.Parameter) -> str:
        """The field's name: «Vigor», «Aliento máximo» (what the errors call it)."""
        return self.labels.get(param.name) or spoken(param.display_name)

    def field_label(self, param: app_commands.Parameter) -> str:
        """The field's label on the form: its name and its range, «Vigor (0 a 5)»."""
        span = value_range(param)
        return f"{self.label(param)} ({span})" if span else self.label(param)

    def __post_init__(self) -> None:
        assert all(0 < len(page) <= FIELDS_MAX for page in self.pages)
        assert len(self.title) + len(" (2/2)") <= TITLE_MAX


def value_range(param: app_commands.Parameter) -> str:
    """A number option's range as its declaration gives it: «0 a 5», «desde 1», or ""."""
    if param.type not in (T.integer, T.number) or param.choices:
        return ""
    low, high = param.min_value, param.max_value
    if low is not None and high is not None:
        return f"{low:g} a {high:g}"
    if low is not None:
        return f"desde {low:g}"
    return f"hasta {high:g}" if high is not None else ""


def accepts(param: app_commands.Parameter) -> str:
    """What a field takes, in Spanish: «número entero, de 1 a 20», «uno de: 6, 9, 12…»."""
    bounds = ("min_length", "max_length") if param.type is T.string else ("min_value", "max_value")
    doc = option_doc(
        {
            "name": param.display_name,
            "type": param.type.value,
            bounds[0]: param.min_value,
            bounds[1]: param.max_value,
            "choices": [{"name": c.name, "value": c.value} for c in param.choices],
        }
    )
    if doc.choices:  # a choice by its value, or its name when that is the value's spelling
        return "uno de: " + ", ".join(
            name if name and word_key(name) == word_key(value) else value
            for value, name in doc.choices
        )
    kind = "sí o no" if param.type is T.boolean else doc.kind
    return f"{kind}, {doc.limits}" if doc.limits else kind


def read(
    param: app_commands.Parameter, text: str, label: str | None = None
) -> tuple[OptionValue | None, str | None]:
    """The value typed for ``param`` (None: left empty) and why it doesn't fit, if it
    doesn't: read as the option's type, then checked as a slash option is."""
    text = text.strip()
    if not text:
        return None, None
    label = label or spoken(param.display_name)
    value: OptionValue = text
    if param.choices:
        found = [
            c.value
            for c in param.choices
            if word_key(text) in (word_key(c.name), word_key(str(c.value)))
        ]
        if not found:
            return None, f"«{label}» admite {accepts(param)}."
        value = found[0]
    elif param.type in (T.integer, T.number):
        try:
            value = int(text) if param.type is T.integer else float(text.replace(",", "."))
        except ValueError:
            return None, f"«{label}» admite un {accepts(param)} (se escribió «{text[:40]}»)."
    elif param.type is T.boolean:
        if word_key(text) not in YES + NO:
            return None, f"«{label}» admite sí o no."
        value = word_key(text) in YES
    problem = check_option(param, value)
    if problem is None:
        return value, None
    for name in (spoken(param.display_name), param.display_name):  # the field as labelled
        problem = problem.replace(name, label, 1) if name in problem else problem
    return value, f"{problem} Admite: {accepts(param)}."


def _longest(param: app_commands.Parameter) -> int:
    """A field's longest text: a text option's own limit; a number or a choice, 100."""
    if param.type is T.string and not param.choices:
        return int(param.max_value) if param.max_value else VALUE_MAX
    return 100


class CommandForm(discord.ui.Modal):
    """One page of a command's form, filled with what was typed before."""

    def __init__(
        self,
        spec: FormSpec,
        command: app_commands.Command[Any, ..., Any],
        typed: Mapping[str, str] | None = None,
        page: int = 0,
    ) -> None:
        count = f" ({page + 1}/{len(spec.pages)})" if len(spec.pages) > 1 else ""
        super().__init__(title=spec.title + count, timeout=WAIT_S)
        self.spec, self.command, self.page = spec, command, page
        self.typed = dict(typed or {})
        self.params = {p.name: p for p in command.parameters}
        self.inputs: dict[str, discord.ui.TextInput[CommandForm]] = {}
        for name in spec.pages[page]:
            param = self.params[name]
            text_input: discord.ui.TextInput[CommandForm] = discord.ui.TextInput(
                label=spec.field_label(param),  # over 45: Discord (and the console) refuse
                placeholder=accepts(param)[:PLACEHOLDER_MAX],
                required=name in spec.required,
                default=self.typed.get(name) or None,
                max_length=_longest(param),
                style=discord.TextStyle.paragraph
                if (param.max_value or 0) > PARAGRAPH_FROM and param.type is T.string
                else discord.TextStyle.short,
            )
            self.inputs[name] = text_input
            self.add_item(text_input)

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        try:
            await self._submitted(interaction)
        except Exception as exc:  # the one handler answers (ephemeral) and logs faults
            await report_error(interaction, exc)

    async def _submitted(self, interaction: discord.Interaction) -> None:
        typed = {**self.typed, **{name: given.value for name, given in self.inputs.items()}}
        problems = []
        for name in self.spec.pages[self.page]:
            param = self.params[name]
            _, problem = read(param, typed[name], self.spec.label(param))
            if problem:
                problems.append(problem)
        more = self.page + 1 < len(self.spec.pages)
        cog, check = self.command.binding, self.spec.first_page
        if more and self.page == 0 and check is not None and cog is not None:
            # the first page against what is saved (a name taken), with its other problems and
            # before the rest is asked; the database is read after answering (deferred)
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await check(cog, interaction, self.read_all(typed))
            except UmbralError as exc:
                problems.append(refusal_text(exc.message, formatted=exc.formatted))
        if problems:  # every wrong field at once
            said = problems[0] if len(problems) == 1 else "\n".join(f"- {p}" for p in problems)
            sep = " " if len(problems) == 1 else "\n"
            view = FormButton(self.spec, self.command, typed, self.page, "Reabrir")
            await _say(interaction, f"{said}{sep}{NOTHING_SAVED}", view)
            return
        if more:
            view = FormButton(self.spec, self.command, typed, self.page + 1, "Seguir")
            await _say(interaction, NEXT.format(done=self.page + 1, of=len(self.spec.pages)), view)
            return
        values = self.read_all(typed)
        # the command's own callback: its declared permission, its checks, its reply
        interaction.extras["command_path"] = self.command.qualified_name
        interaction.extras["form_given"] = frozenset(values)  # what the options «given» are
        try:
            await self.command.callback(self.command.binding, interaction, **values)  # type: ignore[arg-type]
        except UmbralError as exc:  # refused by the command itself: the form again, filled
            await report_error(interaction, exc)
            view = FormButton(self.spec, self.command, typed, 0, "Reabrir")
            await interaction.followup.send(NOTHING_SAVED, view=view, ephemeral=True)

    def read_all(self, typed: Mapping[str, str]) -> dict[str, OptionValue]:
        """The options typed so far, read as the command takes them (empty ones left out)."""
        values = {}
        for name, text in typed.items():
            value, _ = read(self.params[name], text)
            if value is not None:
                values[name] = value
        return values


async def _say(interaction: discord.Interaction, text: str, view: discord.ui.View) -> None:
    """The submit's answer, only for its user: a message, or the deferred answer's."""
    if interaction.response.is_done():
        await interaction.followup.send(text, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


class FormButton(discord.ui.View):
    """«Reabrir» (the same page, filled with what was typed) or «Seguir» (the next page)."""

    def __init__(
        self,
        spec: FormSpec,
        command: app_commands.Command[Any, ..., Any],
        typed: Mapping[str, str],
        page: int,
        label: str,
    ) -> None:
        super().__init__(timeout=WAIT_S)
        self.form = (spec, command, dict(typed), page)
        button: discord.ui.Button[FormButton] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.primary
        )
        button.callback = self._open  # type: ignore[method-assign]
        self.add_item(button)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await gate_component(interaction)

    async def _open(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(CommandForm(*self.form))


async def open_form(ctx: Context, spec: FormSpec, options: Mapping[str, object]) -> bool:
    """Whether the command was typed without any option: then its form opens (the first
    answer, before anything is read) and the command stops there."""
    interaction = ctx.interaction
    command = interaction.command
    typed = interaction.type is discord.InteractionType.application_command
    if not typed or not isinstance(command, app_commands.Command):
        return False
    if any(value is not None for value in options.values()):
        return False
    await interaction.response.send_modal(CommandForm(spec, command))
    return True


def required(ctx: Context, spec: FormSpec, given: Mapping[str, object]) -> tuple[Any, ...]:
    """The values of the options ``spec`` requires, in order; refused, naming the first
    missing, when one was not given."""
    path = interaction_path(ctx.interaction)
    for name, value in given.items():
        if value is None and name in spec.required:
            raise UmbralError(
                f"Falta la opción «{name}» de /{path}: escríbela, o escribe /{path} sin "
                "opciones para abrir el formulario."
            )
    return tuple(given.values())


def interaction_path(interaction: discord.Interaction) -> str:
    command = interaction.command
    return (
        command.qualified_name
        if command is not None
        else str(interaction.extras.get("command_path", "?"))
    )

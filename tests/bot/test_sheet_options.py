"""Issue 44 item 3: the sheet and bestiary commands of every game take their options from ONE
declaration per kind (``bot.features.field_options``): Umbral's enemy (``EnemyEntry``), and
the ``SheetOptions`` of Canción de hielo y fuego, the graded combat and the percentile game
(with its weapon's ``WeaponOptions``). The registered commands' options, their
descriptions, displayed names, ranges and required flags, and their forms' fields are
compared with what each declaration says, so a hand-written option list can't come back."""

from __future__ import annotations

import asyncio
import functools
from typing import Annotated, Any

import discord
import pytest
from discord import app_commands
from pydantic import BaseModel

from bot.app import create_bot
from bot.features.field_options import (
    OptionsValue,
    Taken,
    descriptions,
    form_spec,
    option_names,
    renames,
    required,
    taken_by,
    takes_options,
)
from bot.features.forms import FormSpec
from bot.features.graduado.options import SheetOptions as GradOptions
from bot.features.hielo.sheet_input import SheetOptions as HieloOptions
from bot.features.porcentual import files as porcentual_files
from bot.features.porcentual import rows as porcentual_rows
from bot.features.porcentual.options import BOUNDS, WeaponOptions
from bot.features.porcentual.options import SheetOptions as PorcOptions
from bot.process.config import Settings
from bot.sheetfiles import EnemyEntry
from bot.sheetfiles.fields import Option, options

#: Each command taking a kind's fields: its declaration, verb and kind, and the options it
#: names itself (before the declaration's).
COMMANDS: dict[str, tuple[Taken, tuple[str, ...]]] = {
    "bestiario añadir": (Taken(EnemyEntry), ()),
    "hielo ficha crear": (Taken(HieloOptions, "crear", "pj"), ("nombre",)),
    "hielo ficha editar": (Taken(HieloOptions, "editar", "pj"), ("nombre",)),
    "hielo bestiario añadir": (Taken(HieloOptions, "crear", "enemigo"), ("nombre",)),
    "hielo bestiario editar": (Taken(HieloOptions, "editar", "enemigo"), ("nombre",)),
    "graduado ficha crear": (Taken(GradOptions, "crear", "pj"), ("nombre",)),
    "graduado ficha editar": (Taken(GradOptions, "editar", "pj"), ("nombre",)),
    "graduado bestiario crear": (Taken(GradOptions, "crear", "enemigo"), ("nombre",)),
    "graduado bestiario editar": (Taken(GradOptions, "editar", "enemigo"), ("nombre",)),
    "porcentual ficha crear": (Taken(PorcOptions, "crear", "pj"), ("nombre",)),
    "porcentual ficha editar": (Taken(PorcOptions, "editar", "pj"), ("nombre",)),
    "porcentual bestiario crear": (Taken(PorcOptions, "crear", "enemigo"), ("nombre",)),
    "porcentual bestiario editar": (Taken(PorcOptions, "editar", "enemigo"), ("nombre",)),
    "porcentual ficha arma": (Taken(WeaponOptions), ("ficha", "nombre")),
    "porcentual bestiario arma": (Taken(WeaponOptions), ("ficha", "nombre")),
}


Commands = dict[str, app_commands.Command[Any, ..., Any]]


@functools.cache
def registered() -> Commands:
    """Every slash command the bot registers, by its path (the bot made once)."""

    async def walk() -> Commands:
        bot = await create_bot(Settings(discord_token=None))
        try:
            return {
                c.qualified_name: c
                for c in bot.tree.walk_commands()
                if isinstance(c, app_commands.Command)
            }
        finally:
            await bot.close()

    return asyncio.run(walk())


def _named(taken: Taken) -> tuple[str, str, str | None, str | None]:
    """A declaration by its module and name (the bot imports its extensions afresh, so its
    classes are not the ones imported here), with its verb and kind."""
    return (taken.model.__module__, taken.model.__qualname__, taken.verb, taken.kind)


def _form(command: app_commands.Command[Any, ..., Any]) -> FormSpec | None:
    form = command.extras.get("form")
    return form if isinstance(form, FormSpec) else None


@pytest.mark.parametrize("path", COMMANDS)
def test_a_commands_options_are_its_declarations_fields(path: str) -> None:
    taken, own = COMMANDS[path]
    command = registered()[path]
    found = taken_by(command)  # built by takes_options, not written out
    assert found is not None and _named(found) == _named(taken)
    model, verb, kind = found.model, found.verb, found.kind
    params = {p.name: p for p in command.parameters}
    names = option_names(model, verb, kind)
    assert tuple(params) == (*own, *names)
    form = _form(command)
    needed = () if form else required(model, verb, kind)
    described, shown = descriptions(model, verb, kind), renames(model, verb, kind)
    declared = options(model)
    for name in names:
        param, option = params[name], declared[name]
        assert param.description == described[name], name
        assert param.display_name == shown.get(name, name), name
        assert param.required == (name in needed), name
        if option.low is not None:
            assert (param.min_value, param.max_value) == (option.low, option.high), name


def test_every_command_taking_a_declaration_is_listed() -> None:
    taken = {path for path, command in registered().items() if taken_by(command) is not None}
    assert taken == set(COMMANDS)


@pytest.mark.parametrize("path", [p for p in COMMANDS if "crear" in p or "añadir" in p])
def test_a_form_asks_the_declarations_fields(path: str) -> None:
    command = registered()[path]
    form = _form(command)
    if form is None:  # (the graded combat's commands have none: their options are few)
        assert path.startswith("graduado")
        return
    own = COMMANDS[path][1]
    taken = taken_by(command)
    assert taken is not None
    assert form == form_spec(
        taken.model, form.title, verb=taken.verb, kind=taken.kind, lead=own,
        first_page=form.first_page,
    )  # fmt: skip
    on_form = [name for page in form.pages for name in page]
    paged = [n for n, o in options(taken.model).items() if o.taken(taken.verb, taken.kind)]
    assert sorted(on_form) == sorted([*own, *(n for n in paged if options(taken.model)[n].page)])


def test_the_forms_are_the_pages_they_were() -> None:
    """The forms the declarations give are those the commands had (their fields' order)."""
    hielo = form_spec(HieloOptions, "Ficha de hielo y fuego", verb="crear", lead=("nombre",))
    assert hielo.pages == (
        ("nombre", "habilidades", "especialidades", "destino", "escudo"),
        ("arma", "dano", "arma_habilidad", "arma_especialidad"),
        ("armadura", "proteccion", "penalizacion"),
    )
    assert hielo.required == {"nombre"}
    porcentual = form_spec(PorcOptions, "Ficha", verb="crear", kind="pj", lead=("nombre",))
    assert porcentual.pages == (
        ("nombre", "caracteristicas", "pv", "competencias", "iniciativa_hechizos"),
        ("armadura", "proteccion", "resistencia", "iniciativa_armadura", "casco"),
        ("escudo", "tamano_escudo", "resistencia_escudo", "protege", "bipedo"),
    )
    assert porcentual.required == {"nombre", "caracteristicas", "pv"}
    assert porcentual.labels["pv"] == "PV"


def test_the_percentile_files_read_the_declaration() -> None:
    """The percentile sheet file's columns are ``crear``'s options (and the weapons), typed
    as the declaration types them; its weapons' keys are ``arma``'s."""
    assert set(porcentual_rows.COLUMNS) == {"nombre", "armas", *PorcOptions.model_fields}
    assert porcentual_files.SCHEMA.numeric == {
        "pv", "proteccion", "resistencia", "iniciativa_armadura", "resistencia_escudo",
        "iniciativa_hechizos",
    }  # fmt: skip
    assert porcentual_rows.REQUIRED == ("caracteristicas", "pv")
    assert porcentual_rows.WEAPON_KEYS == (
        "danio", "competencia", "caracteristica", "fuerza_minima", "tamano", "tipo", "rasgos",
        "alcance", "recarga",
    )  # fmt: skip
    assert BOUNDS["fuerza_minima"] == (0, 50) and BOUNDS["iniciativa_hechizos"] == (-20, 20)


def test_a_field_added_to_a_declaration_reaches_the_command_and_its_value() -> None:
    """A new field touches its declaration only: the command takes it (its description, its
    range, its verb), and the value typed reaches the typed options."""

    class Bigger(HieloOptions):
        furia: Annotated[int | None, Option("La furia", 0, 3, verbs=("editar",))] = None

    async def editar(interaction: discord.Interaction, nombre: str, **options: Any) -> None:
        """(a body as the cogs write it)"""

    command = app_commands.Command(
        name="editar",
        description="Cambia",
        callback=takes_options(Bigger, verb="editar", kind="pj")(editar),
    )
    params = {p.name: p for p in command.parameters}
    assert list(params)[-1] == "furia" and params["furia"].description == "La furia"
    assert (params["furia"].min_value, params["furia"].max_value) == (0, 3)
    assert params["dano"].display_name == "daño"
    assert "furia" not in option_names(Bigger, "crear", "pj")
    assert Bigger.of({"furia": 2, "dano": None}).furia == 2
    assert Bigger.of({}) == Bigger()


def test_a_declaration_is_an_options_value() -> None:
    declarations: tuple[type[BaseModel], ...] = (HieloOptions, GradOptions, PorcOptions)
    for model in (*declarations, WeaponOptions):
        assert issubclass(model, OptionsValue)
        assert set(options(model)) == set(model.model_fields)  # every field is an option

"""Forms (modals) in the console's Discord: a command or a button opens one (response type
9, checked against Discord's schema and its 5 components), ``!formulario`` fills and sends
it (the modal-submit interaction, type 5) unless the client would refuse (a field too long,
a required one empty), and a form is answered as Discord allows (never with another form)."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from bot.console.parser import Submit, parse_line
from bot.console.runner import Console
from tests.console.conftest import FakeDiscord, Probe, refused
from umbral_rules import UmbralError

pytestmark = pytest.mark.backends("sqlite")


class Ficha(discord.ui.Modal, title="Crear ficha"):
    """Two text inputs (one in a row, one in a label), a choice and a text."""

    nombre: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Nombre", max_length=20)
    notas: discord.ui.Label[Any] = discord.ui.Label(
        text="Notas",
        component=discord.ui.TextInput(style=discord.TextStyle.paragraph, required=False),
    )
    genero: discord.ui.Label[Any] = discord.ui.Label(
        text="Género",
        component=discord.ui.Select(
            options=[
                discord.SelectOption(label="Femenino", value="f"),
                discord.SelectOption(label="Masculino", value="m"),
            ],
            required=False,
        ),
    )
    aviso: discord.ui.TextDisplay[Any] = discord.ui.TextDisplay("Todo se puede cambiar luego.")

    def __init__(self, got: dict[str, Any], answer: str = "message") -> None:
        super().__init__()
        self.got = got
        self.answer = answer

    async def on_submit(self, interaction: discord.Interaction) -> None:
        notas = self.notas.component
        genero = self.genero.component
        assert isinstance(notas, discord.ui.TextInput) and isinstance(genero, discord.ui.Select)
        self.got.update(nombre=self.nombre.value, notas=notas.value, genero=genero.values)
        if self.answer == "modal":
            await interaction.response.send_modal(Ficha(self.got))
        elif self.answer == "update":
            await interaction.response.edit_message(content="ficha creada")
        else:
            await interaction.response.send_message(f"Ficha de {self.nombre.value}")


def opens(probe: Probe, answer: str = "message") -> dict[str, Any]:
    """``/prueba`` opens the form «Crear ficha»; what it is sent with comes in the dict."""
    got: dict[str, Any] = {}

    async def open_form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Ficha(got, answer))

    probe.answer = open_form
    return got


async def test_a_command_opens_a_form_and_its_submit_comes_back(
    fake: FakeDiscord, probe: Probe
) -> None:
    got = opens(probe)
    out = io.StringIO()
    console = Console(fake, out, user="ana")
    opened = await console.run_line("/prueba")
    assert opened is not None and opened.form is not None
    assert opened.form["title"] == "Crear ficha" and not opened.messages
    assert out.getvalue().splitlines() == [
        "Umbral → @ana (formulario, solo para ti)",
        "  == Crear ficha ==",
        "  Todo se puede cambiar luego.",
        "  Nombre*: [una línea, hasta 20]",
        "  Notas: [párrafo]",
        "  Género: [elige: Femenino | Masculino]",
        "  -- !formulario Campo=valor … para enviarlo",
    ]
    sent = await console.run_line('!formulario nombre=Kaeda "Género"=femenino Notas="De la costa"')
    assert sent is not None and sent.first.content == "Ficha de Kaeda"
    assert got == {"nombre": "Kaeda", "notas": "De la costa", "genero": ["f"]}
    assert "@ana no tiene ningún formulario abierto" in (await _line(console, "!formulario"))
    assert not fake.gate.notices


async def _line(console: Console, line: str) -> str:
    out = console.out
    assert isinstance(out, io.StringIO)
    start = len(out.getvalue())
    await console.run_line(line)
    return out.getvalue()[start:]


async def test_the_client_refuses_a_field_too_long_or_missing(
    fake: FakeDiscord, probe: Probe
) -> None:
    got = opens(probe)
    console = Console(fake, io.StringIO())
    await console.run_line("/prueba")
    too_long = await _line(console, "!formulario Nombre=" + "K" * 21)
    assert too_long == (
        "(consola) «Nombre» admite hasta 20 caracteres (hay 21): el formulario no se envía.\n"
    )
    assert "«Nombre» es obligatorio" in await _line(console, "!formulario Notas=algo")
    assert "no ofrece «otro»" in await _line(console, "!formulario Nombre=K Género=otro")
    assert "no tiene el campo «Edad»" in await _line(console, "!formulario Nombre=K Edad=3")
    assert not got and not fake.gate.notices  # nothing reached the bot: the form is open
    await console.run_line("!formulario cerrar")
    assert "no tiene ningún formulario" in await _line(console, "!formulario Nombre=K")


async def test_discord_refuses_a_bad_form(fake: FakeDiscord, probe: Probe) -> None:
    async def long_label(interaction: discord.Interaction) -> None:
        modal = Ficha({})
        modal.notas.text = "Notas del personaje: su historia y sus manías."  # 46 > 45
        await interaction.response.send_modal(modal)

    probe.answer = long_label
    await fake.command("master", "mesa", "prueba")
    assert probe.errors[-1].code == 50035
    assert "data.components.1.label: Must be 45 or fewer in length." in refused(fake)[0]

    async def six(interaction: discord.Interaction) -> None:
        modal = Ficha({})
        rows = modal.to_dict()["components"]
        modal.to_dict = lambda: {"custom_id": "seis", "title": "Seis", "components": rows * 2}  # type: ignore[method-assign]
        await interaction.response.send_modal(modal)

    probe.answer = six
    await fake.command("master", "mesa", "prueba")
    assert "data.components: Must be 5 or fewer in length." in refused(fake)[0]

    async def prefilled(interaction: discord.Interaction) -> None:
        modal = Ficha({})
        modal.nombre.max_length = None
        modal.nombre.default = "x" * 4001
        await interaction.response.send_modal(modal)

    probe.answer = prefilled
    await fake.command("master", "mesa", "prueba")
    assert "value: Must be 4000 or fewer in length." in refused(fake)[0]
    assert fake.forms == {}


async def test_a_form_is_not_answered_with_another_form(fake: FakeDiscord, probe: Probe) -> None:
    opens(probe, answer="modal")
    await fake.command("ana", "mesa", "prueba")
    await fake.submit("ana", {"Nombre": "Kaeda"})
    (line, unanswered) = refused(fake)
    assert "400 50035 Invalid Form Body" in line and "type: Value must be one of {4, 5}." in line
    assert unanswered == "(discord) sin respuesta: el formulario «Crear ficha»"


async def test_a_button_opens_a_form_that_updates_its_message(
    fake: FakeDiscord, probe: Probe
) -> None:
    got: dict[str, Any] = {}

    class Seguir(discord.ui.View):
        @discord.ui.button(label="Seguir")
        async def seguir(self, interaction: discord.Interaction, button: Any) -> None:
            await interaction.response.send_modal(Ficha(got, answer="update"))

    async def offer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("¿Seguimos?", view=Seguir())

    probe.answer = offer
    await fake.command("ana", "mesa", "prueba")
    opened = await fake.press("ana", "mesa", "Seguir")
    assert opened.form is not None
    updated = await fake.submit("ana", {"Nombre": "Kaeda"})
    assert updated.events[0].kind == "edit" and updated.first.content == "ficha creada"
    assert got["nombre"] == "Kaeda" and not fake.gate.notices


def test_form_lines_parse() -> None:
    assert parse_line('!formulario Nombre=Kaeda "Notas largas"="De la costa"') == Submit(
        {"Nombre": "Kaeda", "Notas largas": "De la costa"}
    )
    assert parse_line("!formulario") == Submit({})
    assert parse_line("!formulario cerrar") == Submit(close=True)
    with pytest.raises(UmbralError, match="Campo=valor"):
        parse_line("!formulario Kaeda")
    with pytest.raises(UmbralError, match="dos veces"):
        parse_line("!formulario a=1 a=2")

"""One test per Discord limit, through the strict console Discord: at the limit accepted,
one past it refused with 400, code 50035 and the path of the bad field."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from bot.console import FakeDiscord
from tests.console.conftest import Probe, post, refused

pytestmark = pytest.mark.backends("sqlite")


def _button(i: int, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": f"B{i}", "custom_id": f"b{i}", **extra}


def _row(n: int) -> dict[str, Any]:
    return {"type": 1, "components": [_button(i) for i in range(n)]}


def _embed(**fields: Any) -> dict[str, Any]:
    return {"type": "rich", **fields}


# (what, body at the limit, body past it, the path Discord names, a word of its message)
LIMITS = [
    ("content", {"content": "a" * 2000}, {"content": "a" * 2001}, "content", "2000"),
    (
        "10 embeds",
        {"embeds": [_embed(title="t")] * 10},
        {"embeds": [_embed(title="t")] * 11},
        "embeds",
        "10",
    ),
    (
        "6,000 across embeds",
        {"embeds": [_embed(description="d" * 3000), _embed(description="d" * 3000)]},
        {"embeds": [_embed(description="d" * 3000), _embed(description="d" * 3001)]},
        "embeds",
        "6000",
    ),
    (
        "title",
        {"embeds": [_embed(title="t" * 256)]},
        {"embeds": [_embed(title="t" * 257)]},
        "embeds.0.title",
        "256",
    ),
    (
        "description",
        {"embeds": [_embed(description="d" * 4096)]},
        {"embeds": [_embed(description="d" * 4097)]},
        "embeds.0.description",
        "4096",
    ),
    (
        "25 fields",
        {"embeds": [_embed(fields=[{"name": "n", "value": "v"}] * 25)]},
        {"embeds": [_embed(fields=[{"name": "n", "value": "v"}] * 26)]},
        "embeds.0.fields",
        "25",
    ),
    (
        "field name",
        {"embeds": [_embed(fields=[{"name": "n" * 256, "value": "v"}])]},
        {"embeds": [_embed(fields=[{"name": "n" * 257, "value": "v"}])]},
        "embeds.0.fields.0.name",
        "256",
    ),
    (
        "field value",
        {"embeds": [_embed(fields=[{"name": "n", "value": "v" * 1024}])]},
        {"embeds": [_embed(fields=[{"name": "n", "value": "v" * 1025}])]},
        "embeds.0.fields.0.value",
        "1024",
    ),
    (
        "footer",
        {"embeds": [_embed(footer={"text": "f" * 2048})]},
        {"embeds": [_embed(footer={"text": "f" * 2049})]},
        "embeds.0.footer.text",
        "2048",
    ),
    (
        "author",
        {"embeds": [_embed(author={"name": "a" * 256})]},
        {"embeds": [_embed(author={"name": "a" * 257})]},
        "embeds.0.author.name",
        "256",
    ),
    (
        "5 action rows",
        {"components": [_row(1)] * 5},
        {"components": [_row(1)] * 6},
        "components",
        "5",
    ),
    (
        "5 per row",
        {"components": [_row(5)]},
        {"components": [_row(6)]},
        "components.0.components",
        "5",
    ),
    (
        "custom_id",
        {"components": [{"type": 1, "components": [_button(0, custom_id="c" * 100)]}]},
        {"components": [{"type": 1, "components": [_button(0, custom_id="c" * 101)]}]},
        "components.0.components.0.custom_id",
        "100",
    ),
    (
        "label",
        {"components": [{"type": 1, "components": [_button(0, label="l" * 80)]}]},
        {"components": [{"type": 1, "components": [_button(0, label="l" * 81)]}]},
        "components.0.components.0.label",
        "80",
    ),
]


@pytest.mark.parametrize(("what", "ok", "bad", "path", "word"), LIMITS, ids=[x[0] for x in LIMITS])
async def test_channel_message_limit(
    fake: FakeDiscord, what: str, ok: dict[str, Any], bad: dict[str, Any], path: str, word: str
) -> None:
    await post(fake, "mesa", ok)
    fake.clock.advance(60)  # a fresh rate-limit window for the refused one
    with pytest.raises(discord.HTTPException) as caught:
        await post(fake, "mesa", bad)
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert f"In {path}: " in caught.value.text and word in caught.value.text
    assert fake.gate.failed  # a refusal for being invalid: the console exits non-zero
    (line,) = refused(fake)
    assert line.startswith("(discord) 400 50035 Invalid Form Body")
    assert f"{path}: " in line


async def test_interaction_reply_names_the_field_inside_data(
    fake: FakeDiscord, probe: Probe
) -> None:
    """The callback body is a union: its branch is picked by ``type`` so the error names
    ``data.embeds.0.title``, not "matches none of the branches"."""

    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=discord.Embed(title="t" * 257))

    probe.answer = answer
    await fake.command("master", "mesa", "prueba")
    (error,) = probe.errors
    assert (error.status, error.code) == (400, 50035)
    assert "In data.embeds.0.title: Must be 256 or fewer in length." in error.text
    lines = refused(fake)
    assert lines[0].startswith("(discord) 400 50035")
    assert lines[1] == "(discord) sin respuesta: /prueba"


async def test_follow_up_content_limit(fake: FakeDiscord, probe: Probe) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("a" * 2000)
        await interaction.followup.send("a" * 2001)

    probe.answer = answer
    reply = await fake.command("master", "mesa", "prueba")
    assert len(reply.messages) == 1
    (error,) = probe.errors
    assert "In content: Must be 2000 or fewer in length." in error.text
    assert len(refused(fake)) == 1


@pytest.mark.parametrize(
    ("choices", "path"),
    [
        ([{"name": f"n{i}", "value": f"v{i}"} for i in range(26)], "data.choices"),
        ([{"name": "n" * 101, "value": "v"}], "data.choices.0.name"),
        ([{"name": "n", "value": "v" * 101}], "data.choices.0.value"),
    ],
    ids=["25 choices", "choice name 100", "choice value 100"],
)
async def test_autocomplete_limits(
    fake: FakeDiscord, probe: Probe, choices: list[dict[str, str]], path: str
) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.autocomplete(
            [discord.app_commands.Choice(name=c["name"], value=c["value"]) for c in choices]
        )

    probe.answer = answer
    await fake.autocomplete("master", "mesa", "prueba", {"texto": "x"}, "texto")
    (error,) = probe.errors
    assert f"In {path}: " in error.text
    refused(fake)

    async def fits(interaction: discord.Interaction) -> None:
        choice = discord.app_commands.Choice(name="n" * 100, value="v" * 100)
        await interaction.response.autocomplete([choice] * 25)

    probe.answer = fits
    assert len(await fake.autocomplete("master", "mesa", "prueba", {"texto": "x"}, "texto")) == 25
    assert not fake.gate.notices


async def test_attachment_within_the_default_upload_size(fake: FakeDiscord) -> None:
    channel = fake.guild.get_channel(fake.channel_id("mesa"))
    assert isinstance(channel, discord.TextChannel)
    limit = 10 * 1024 * 1024
    await channel.send(file=discord.File(io.BytesIO(b"x" * limit), "cabe.png"))
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send(file=discord.File(io.BytesIO(b"x" * (limit + 1)), "grande.png"))
    assert (caught.value.status, caught.value.code) == (413, 40005)
    assert refused(fake)[0].startswith("(discord) 413 40005")

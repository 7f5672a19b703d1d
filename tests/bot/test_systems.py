"""The house of more than one game system (issue 45 item 1), through real interactions: a
system registered for the shared commands gets them in its encounters — started with
``/encuentro empezar sistema:`` or the server's default —, the options it does not take
are refused in Spanish with nothing changed, a command it does not play says so, its
tracker is drawn, its rolls are logged and ``/deshacer`` puts its document back.

The system here is a small one written for the test (a die per attack, a list of hits),
registered under the name of a real one so the house's labels apply; it replaces that
system's own plugin in this test's bot only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.console import FakeDiscord, Session
from bot.edge.context import Context
from bot.edge.path import Need, Step, Turn, run_step
from bot.edge.systems import SystemPlugin, Verb
from bot.features.common import send
from bot.jsontypes import JsonObject
from bot.records.rolls import SystemRoll
from bot.render.trackers import DRAWERS
from bot.storage import GuildSettings, UnitOfWork
from bot.storage.encounters import NO_ENCOUNTER
from tests.bot.conftest import GUARDIA, KAEDA, Script
from umbral_rules import ForcedDice, UmbralError

NAME = "porcentual"
LABEL = "Juego porcentual por foro"


class Toy:
    """A game system of one list: who was hit, and with which die."""

    name = NAME

    async def load(self, uow: UnitOfWork, need: Need) -> JsonObject | None:
        doc = await uow.encounter.document(NAME)
        if doc is None and need == "require":
            raise UmbralError(NO_ENCOUNTER)
        return doc

    def prepare(self, doc: JsonObject, settings: GuildSettings) -> None:
        return None

    async def save(self, uow: UnitOfWork, doc: JsonObject) -> None:
        await uow.encounter.save(doc)

    async def log(
        self,
        uow: UnitOfWork,
        user_id: int,
        command: str,
        doc: JsonObject,
        events: Sequence[int],
        memo: None,
    ) -> None:
        for die in events:
            result = SystemRoll(sistema=NAME, tipo="ataque", totales=[die], veredicto="golpe")
            await uow.rolls.append(user_id=user_id, command=command, dice=[die], result=result)

    def tracked(self, doc: JsonObject) -> JsonObject:
        return doc


TOY = Toy()


@pytest.fixture(autouse=True)
def plain_tracker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy's documents are not the real system's: its tracker is the plain one."""
    monkeypatch.delitem(DRAWERS, NAME, raising=False)


ToyTurn = Turn[JsonObject, None, int]


async def start(ctx: Context) -> None:
    if not ctx.interaction.response.is_done():
        await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: ToyTurn) -> None:
        doc: JsonObject = {"asalto": 1, "golpes": []}
        await turn.uow.encounter.create(doc, creator_id=ctx.user_id, system=NAME)
        turn.doc, turn.saves = doc, False

    await run_step(ctx, TOY, Step(None, rules, need="none"))
    await send(ctx.interaction, content="Empieza un encuentro de juguete.")


async def attack(ctx: Context) -> None:
    if not ctx.interaction.response.is_done():
        await ctx.interaction.response.defer(thinking=True)

    async def rules(turn: ToyTurn) -> int:
        die = ctx.dice.roll(100)
        turn.document["golpes"].append([ctx.options["objetivo"], die])
        turn.events.append(die)
        return die

    die = await run_step(ctx, TOY, Step("atacar", rules))
    await send(ctx.interaction, content=f"Golpe con {die}.")


PLUGIN = SystemPlugin(
    NAME,
    {
        "encuentro empezar": Verb(frozenset(), run=start),
        "atacar": Verb(frozenset({"objetivo"}), run=attack),
    },
)


async def document(session: Session, fake: FakeDiscord, channel: str = "mesa") -> Any:
    async with session.storage.reading(fake.guild.id, fake.channel_id(channel)) as uow:
        system = await uow.encounter.system()
        return system, (await uow.encounter.document(system) if system else None)


def refusal(fake_reply: Any) -> str:
    last = fake_reply.last
    assert last.ephemeral, last.text()
    return str(last.text())


async def test_a_system_plays_the_shared_commands(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    session.bot.services.systems.add(PLUGIN)
    await script.run("@master")
    reply = await fake.command("master", "mesa", "encuentro empezar", {"sistema": NAME})
    assert "Empieza un encuentro de juguete." in reply.text()
    assert f"Encuentro de {LABEL} en curso — asalto 1" in reply.text()  # its tracker
    assert await document(session, fake) == (NAME, {"asalto": 1, "golpes": []})

    dice.push([42])
    reply = await fake.command("master", "mesa", "atacar", {"objetivo": "Ñu"})
    assert "Golpe con 42." in reply.text()
    assert await document(session, fake) == (NAME, {"asalto": 1, "golpes": [["Ñu", 42]]})
    async with session.storage.reading(fake.guild.id) as uow:
        [entry] = await uow.rolls.entries(limit=5)
    assert entry.result == SystemRoll(sistema=NAME, tipo="ataque", totales=[42], veredicto="golpe")

    # an option the system does not take: refused, nothing done (no die used)
    reply = await fake.command(
        "master", "mesa", "atacar", {"objetivo": "Ñu", "cobertura": "mitad", "indefenso": True}
    )
    text = refusal(reply)
    assert f"En {LABEL}, /atacar no usa `cobertura`, `indefenso`: no se ha hecho nada." in text
    assert "Opciones que usa: `objetivo`." in text
    assert await document(session, fake) == (NAME, {"asalto": 1, "golpes": [["Ñu", 42]]})

    # a shared command it does not play, and one of Umbral's own
    for command, options in (("asalto", {}), ("secuelas", {})):
        reply = await fake.command("master", "mesa", command, options)
        assert f"El encuentro de este canal es de {LABEL}: ese comando no sirve" in refusal(reply)

    # the GM's list of open encounters names the game, beside an Umbral one elsewhere
    await script.run(*GUARDIA, "@master", "#otra", "/encuentro empezar modo:narrativo")
    listed = (await fake.command("master", "mesa", "encuentro lista")).last.text()
    assert f"{LABEL} · asalto 1" in listed and "Narrativo · asalto 1" in listed

    # /deshacer puts the document back as it was before the attack
    preview = await fake.command("master", "mesa", "deshacer")
    assert "antes de /atacar" in preview.last.text()
    await fake.press("master", "mesa", "Deshacer")
    assert await document(session, fake) == (NAME, {"asalto": 1, "golpes": []})


async def test_the_server_default_and_a_system_not_played_yet(
    script: Script, fake: FakeDiscord, session: Session
) -> None:
    systems = session.bot.services.systems
    systems.plugins.pop("hielo", None)  # (a system with no commands of its own yet)
    await script.run("@master", "/config sistema:hielo")
    reply = await fake.command("master", "mesa", "encuentro empezar")
    assert "Aún no se pueden llevar encuentros de Canción de hielo y fuego." in refusal(reply)
    assert await document(session, fake) == (None, None)
    # Umbral is asked for by name whatever the default
    await script.run(*GUARDIA, *KAEDA, "@master", "/encuentro empezar sistema:umbral")
    system, doc = await document(session, fake)
    assert system == "umbral" and doc["mode"] == "mesa"
    # an Umbral encounter refuses another system's start while it is active
    systems.add(PLUGIN)
    reply = await fake.command("master", "mesa", "encuentro empezar", {"sistema": NAME})
    assert "Ya hay un encuentro activo en este canal" in refusal(reply)


async def test_umbral_refuses_what_only_another_system_takes(
    script: Script, fake: FakeDiscord, session: Session, dice: ForcedDice
) -> None:
    """Once Umbral's encounter is read, an option of a shared command that Umbral does not
    take (one another system added: here, ``ventaja`` struck from Umbral's list) is refused
    before any die is rolled, and nothing is saved."""
    await script.run(
        *GUARDIA, *KAEDA, "@master", "/encuentro empezar modo:mesa",
        '/encuentro enemigos nombre:"Ñu del puerto"', "@kaeda", "/encuentro unirse",
    )  # fmt: skip
    _, before = await document(session, fake)
    umbral = session.bot.services.systems.plugins["umbral"]
    takes = umbral.verbs["atacar"].takes - {"ventaja"}
    session.bot.services.systems.add(
        SystemPlugin("umbral", {**umbral.verbs, "atacar": Verb(takes)})
    )
    dice.push([11, 2])
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu", "ventaja": "ventaja"})
    assert "En Umbral, /atacar no usa `ventaja`: no se ha hecho nada." in refusal(reply)
    assert (await document(session, fake))[1] == before
    reply = await fake.command("kaeda", "mesa", "atacar", {"objetivo": "Ñu"})  # the dice unused
    assert "11" in reply.text()

"""The strict property (issue 16): random encounters — up to 250 combatants, names of 80
characters from a hostile alphabet, every estado, up to 20 pending defenses on one player,
characters with many long Oficios and weapons, in each mode — driven through every command
and button the bot registers (``strict_drivers``), with valid and hostile arguments, in a
channel or a thread, sometimes with a permission of the bot taken away: zero requests
refused by Discord as invalid, zero unanswered interactions and no error logged, example by
example.

The encounter is built through the storage API (as ``bench/`` does), not 250 commands."""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.console import FakeDiscord, Session, open_session
from bot.console.guild import PERMISSIONS
from bot.features.ambito import guild_estados
from bot.storage import character_sheet, character_weapons
from bot.storage.models import Character
from tests.bot.strict_drivers import (
    BUTTONS,
    DRIVERS,
    Call,
    World,
    commands_of,
    hostile_call,
    missing_drivers,
)
from umbral_rules import EnemySheet, RandomDice, UmbralError, Weapon
from umbral_rules.encounter import Combatant, Encounter
from umbral_rules.encounter.estados import estado_key
from umbral_rules.tablero import Square
from umbral_rules.tables import ESTADO_LABELS, ESTADOS, NAME_MAX, TABLERO_MAX_SIDE
from umbral_rules.text import name_key, name_problem, word_key

pytestmark = pytest.mark.backends("sqlite")  # rendering does not depend on the database

#: Pieces names are drawn from: Spanish letters, emoji (with joiners), markdown, mention-like.
FRAGMENTS = [
    "Ñu",
    "ñandú",
    "Águila",
    "Üwe",
    "çedilla",
    "¿qué?",
    "¡ay!",
    "🐉",
    "👨‍👩‍👧",
    "🇪🇸",
    "*",
    "**",
    "_",
    "__",
    "~~",
    "||",
    ">",
    "> ",
    "`",
    "```",
    "@everyone",
    "@here",
    "<@123>",
    "<#9>",
    " ",
    "#",
    "x" * 20,
    "Guardia de la Torre",
]
_MENTION = re.compile(r"<([@#])|@(everyone|here)", re.IGNORECASE)
_channels = itertools.count(1)
#: Táctico encounters stay smaller: each of the eight map commands draws the board with every
#: figure and its name: 2–3 s with 40 figures, about 8 s with 250 on a loaded 2-core machine
#: (a matter for the benchmark).
TACTICO_MAX = 25


def clean(text: str) -> str:
    """A drawn text made a name: mention-like text broken, no leading formula sign, ≤ 80."""
    text = _MENTION.sub(lambda m: f"< {m[1]}" if m[1] else f"@ {m[2]}", text)
    text = text.lstrip("=+-@ ")[:NAME_MAX].strip()
    return text


names = (
    st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=12)
    .map(lambda parts: clean("".join(parts)))
    .filter(lambda n: name_problem(n) is None)
)


@dataclass
class Spec:
    mode: str
    combatants: int
    enemy_names: list[str]
    pc: str
    others: int  # the first ``others`` of ``enemy_names`` are other players' characters
    oficios: list[str]
    weapons: list[str]
    pending: int
    estados: dict[int, list[str]]  # combatant index → estado keys
    guild_estados: list[str]  # the guild's own estados (their names)
    hostile: str
    seed: int
    thread: bool  # the encounter lives in a thread of the channel (play by post)
    missing: str | None  # a permission the bot lacks there until the buttons' encounter
    pause: int  # seconds that pass before /asalto (play by post: the thread is archived)


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    mode = draw(st.sampled_from(["mesa", "narrativo", "tactico"]))
    combatants = draw(st.integers(1, TACTICO_MAX if mode == "tactico" else 250))
    unique = st.lists(names, min_size=combatants, max_size=combatants, unique_by=name_key)
    drawn = draw(unique)
    pc, enemy_names = drawn[0], drawn[1:]
    oficios = draw(st.lists(names, min_size=0, max_size=15, unique_by=name_key))
    weapons = draw(st.lists(names, min_size=1, max_size=8, unique_by=name_key))
    guild_estados = draw(st.lists(names, max_size=10, unique_by=word_key))
    every = sorted(ESTADOS) + [estado_key(e) for e in guild_estados]
    estados = {
        i: draw(st.lists(st.sampled_from(every), max_size=len(every), unique=True))
        for i in draw(st.lists(st.integers(0, combatants - 1), max_size=10, unique=True))
    }
    for i, estado in enumerate(every):  # every estado on somebody
        estados.setdefault(i % combatants, []).append(estado)
    return Spec(
        mode=mode,
        combatants=combatants,
        enemy_names=enemy_names,
        pc=pc,
        others=draw(st.integers(0, min(20, combatants - 1))),
        oficios=oficios,
        weapons=weapons,
        pending=draw(st.integers(0, 20)),
        estados={k: sorted(set(v)) for k, v in estados.items()},
        guild_estados=guild_estados,
        hostile=draw(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=8).map("".join)),
        seed=draw(st.integers(0, 2**32)),
        thread=draw(st.booleans()),
        missing=draw(st.one_of(st.none(), st.none(), st.sampled_from(sorted(PERMISSIONS)))),
        pause=draw(st.sampled_from([0, 0, 16 * 60, 3600])),
    )


ENEMY = {"ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4}


async def build(session: Session, spec: Spec, files: Path) -> World:
    """The encounter of ``spec`` in a new channel, stored as the bot would store it."""
    fake = session.discord
    n = next(_channels)
    channel, player, gm = f"pelea-{n}", f"jugadora{n}", "master"
    if spec.thread:
        channel += "/partida"
    owner = fake.user_id(player)
    kind = f"Bestia {n} " + "ñ" * 60
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        await uow.bestiary.add(kind, arma="Lanza", **ENEMY)
        extra = [{"nombre": e, "desventaja": ["ofensiva"]} for e in spec.guild_estados]
        await uow.guild.update(extra_estados=extra)
        fields: dict[str, Any] = {
            "atributos": {"vigor": 3, "destreza": 3, "percepcion": 1, "voluntad": 1},
            "aguante_max": 16,
            "proteccion": 1,
            "oficios": {o: 1 + i % 5 for i, o in enumerate(spec.oficios)},
            "weapons": [Weapon.make(w, "mano").to_dict() for w in spec.weapons],
        }
        spare = f"Reserva {n}"
        await uow.characters.create(owner, spare, active=False, **fields)
        row = await uow.characters.create(owner, spec.pc, **fields)
        settings = {"defensa_inmediata": False, "emboscada": "enemigo"}
        enc = Encounter.start(spec.mode, settings | {"estados_extra": guild_estados(extra)})
        pc = join(enc, row)
        for i, other in enumerate(spec.enemy_names[: spec.others]):  # other players' PCs
            join(enc, await uow.characters.create(fake.user_id(f"otra{n}-{i}"), other, **fields))
        sheet = EnemySheet(nombre=kind, arma="Lanza", **ENEMY)  # type: ignore[arg-type]
        enemies = [enc.add_enemy(sheet, name) for name in spec.enemy_names[spec.others :]]
        side = tablero_side(spec.combatants)
        if spec.mode == "tactico":
            enc.tablero_setup(side, side)
            for i, c in enumerate(enc.combatants):  # every square of every other row
                enc.place(c.id, Square(i % side, 2 * (i // side)))
        for name in spec.enemy_names[:60]:  # a bestiary of long pages (the guild's, shared
            if await uow.bestiary.get(name) is None:  # by the examples)
                await uow.bestiary.add(name, **ENEMY)
        for name in spec.enemy_names[:25]:  # retos of long pages
            enc.reto_crear(name, 9, 3, coste=(spec.hostile * 200)[:200])
        dice = RandomDice(spec.seed)
        for attacker in enemies[: spec.pending]:
            with contextlib.suppress(UmbralError):  # out of reach on the board: fewer pending
                enc.attack(dice, attacker.id, pc.id)
        for index, estados in spec.estados.items():
            for estado in estados:
                enc.set_estado(enc.combatants[index].id, estado)
        await uow.encounter.create(enc, creator_id=fake.user_id(gm))
    if spec.missing:
        fake.places.set_permission(fake.places.get(channel), spec.missing, False)
    return World(
        fake=fake,
        channel=channel,
        mode=spec.mode,
        gm=gm,
        player=player,
        pc=spec.pc,
        spare=spare,
        enemy=enemies[0].nombre if enemies else spec.pc,
        kind=kind,
        oficio=spec.oficios[0] if spec.oficios else "armas",
        weapon=spec.weapons[0],
        hostile=spec.hostile,
        tablero=side,
        name80=name80(spec.hostile),
        files=files,
        estados=[ESTADO_LABELS[e] for e in sorted(ESTADOS)] + spec.guild_estados,
        missing=spec.missing,
        pause=spec.pause,
    )


def join(enc: Encounter, row: Character) -> Combatant:
    """A stored character into the encounter, as /encuentro unirse puts it."""
    return enc.add_character(
        character_sheet(row),
        character_weapons(row),
        aguante=row.aguante,
        character_id=row.id,
        owner_id=row.owner_id,
    )


def tablero_side(combatants: int) -> int:
    """A square board with room for ``combatants`` on every other row (and room to move)."""
    return min(TABLERO_MAX_SIDE, max(8, math.isqrt(2 * combatants) + 3))


def name80(hostile: str) -> str:
    """A valid name as long as names may be, made of the hostile text."""
    made = clean(hostile * 80)
    while made and name_problem(made) is not None:
        made = clean(made[1:])
    return made or "Ñ" * NAME_MAX


def faults(fake: FakeDiscord) -> list[str]:
    """What Discord refused as invalid and every interaction left without an answer."""
    return [n.line for n in fake.gate.notices if n.counts]


async def autocomplete(world: World, name: str, call: Call, seen: set[object]) -> int:
    """Every autocompleted option of ``name`` with nothing typed yet, and the hostile text;
    an autocomplete callback already driven (``seen``) under another command is skipped."""
    bot: Any = world.fake.bot
    command = commands_of(bot.tree)[name]
    count = 0
    for param in command.parameters:
        callback = getattr(param.autocomplete, "__func__", param.autocomplete)
        if not callback or (callback, param.display_name) in seen:
            continue
        seen.add((callback, param.display_name))
        for typed in ("", world.hostile):
            options = {**call[1], param.display_name: typed}
            await world.fake.autocomplete(call[0], world.channel, name, options, param.display_name)
            count += 1
            assert not faults(world.fake), (name, param.display_name, faults(world.fake))
    return count


async def drive(world: World) -> int:
    """Every command (its hostile call first, then its own calls) and every button."""
    fake = world.fake
    bot: Any = fake.bot
    commands = commands_of(bot.tree)
    count = 0
    seen: set[object] = set()
    for name, driver in DRIVERS.items():
        if name == "encuentro empezar" and world.missing:  # the buttons' encounter needs it
            fake.places.set_permission(fake.places.get(world.channel), world.missing, True)
        if name == "asalto" and world.pause:
            fake.clock.advance(world.pause)
            if fake.places.get(world.channel).is_thread:
                fake.archive(world.channel)
        calls = driver(world)
        hostile = hostile_call(world, commands[name], calls[0])
        for user, options in [*([hostile] if hostile else []), *calls]:
            await fake.command(user, world.channel, name, options)
            count += 1
            assert not faults(fake), (name, user, faults(fake))
        count += await autocomplete(world, name, calls[0], seen)
    # «encuentro empezar» ran last: a fresh encounter for the buttons
    await fake.command(world.gm, world.channel, "encuentro enemigos", {"nombre": world.kind})
    # the random fight may have left the PC dead or at 0: back on its feet for the buttons
    # (a refusal, when there is nothing to revive, is an answer like any other)
    # (with the owner: the examples share one database, and an earlier one may have left a
    # character of the same name — then the name alone is refused as ambiguous, and the PC
    # would keep an estado such as Cegado, which takes away its Defender button)
    pc = {"personaje": world.pc, "dueño": world.player}
    await fake.command(world.gm, world.channel, "ficha revivir", pc)
    rest = {"personajes": world.pc, "dueño": world.player}
    await fake.command(world.gm, world.channel, "descanso", rest)
    await fake.command(world.player, world.channel, "encuentro unirse", {"personaje": world.pc})
    async with bot.storage.channel(fake.guild.id, fake.channel_id(world.channel)) as uow:
        enc = await uow.encounter.get()
    assert enc is not None
    world.enemy = next(c.nombre for c in enc.combatants if c.side == "enemigo")
    for button, press in BUTTONS.items():
        replies = await press(world)
        count += len(replies)
        assert not faults(fake), (button, faults(fake))
    return count


async def test_every_command_and_button_has_a_driver(fake: FakeDiscord) -> None:
    missing = missing_drivers(fake.bot)
    assert not missing, "Sin driver en tests/bot/strict_drivers.py: " + ", ".join(missing)


@settings(
    max_examples=3,  # about 20 s each on a loaded 2-core machine: the file in ≤ 90 s
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking 250 names is too slow
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(spec=specs())
async def test_random_encounters_through_every_command_are_never_refused(
    database_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture, spec: Spec
) -> None:
    caplog.clear()  # one fixture for every example
    session = await open_session(database_url, dice=RandomDice(spec.seed), migrate=False)
    try:
        world = await build(session, spec, tmp_path)
        dispatched = await drive(world)
        assert dispatched > len(DRIVERS)
        assert not faults(session.discord)
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors  # nothing unexpected (a traceback) in the log either
    finally:
        await session.close()


def small_spec(mode: str, pc: str, seed: int) -> Spec:
    """Three combatants, the PC Cegado (in Narrativo and Táctico it cannot defend then)."""
    return Spec(
        mode=mode,
        combatants=3,
        enemy_names=["Lobo gris", "Oso pardo"],
        pc=pc,
        others=0,
        oficios=["armas"],
        weapons=["Espada"],
        pending=0,
        estados={0: ["cegado"]},
        guild_estados=[],
        hostile="x",
        seed=seed,
        thread=False,
        missing=None,
        pause=0,
    )


async def test_an_example_whose_pc_is_named_as_an_earlier_examples_character_still_defends(
    database_url: str, tmp_path: Path
) -> None:
    """The examples of one run share the database. When a PC is named as a character of an
    earlier example (another player's), the GM's /descanso by name alone was refused as
    ambiguous, the PC kept the Cegado the fight left on its sheet, and in Táctico its
    Defender button never came (stop 47's unexplained failure, reproduced by this test on
    af4204e): both /descanso calls of the drive name the owner now."""
    for spec in (small_spec("mesa", "Ñu", 1), small_spec("tactico", "Ñu", 601)):
        session = await open_session(database_url, dice=RandomDice(spec.seed), migrate=False)
        try:
            world = await build(session, spec, tmp_path)
            assert await drive(world) > len(DRIVERS)
            assert not faults(session.discord)
        finally:
            await session.close()

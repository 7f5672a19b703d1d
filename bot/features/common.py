"""What every feature shares: option types, the autocompletes' matching, the roll log's
entries and the one way to answer (:func:`send`, ``split`` for a reply that may not fit one
message)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.edge.errors import ANSWERED as ANSWERED  # re-exported for the features
from bot.records.rolls import UmbralRoll
from bot.render.limits import split_reply
from bot.render.safe import allowed_mentions, choice
from umbral_rules import UmbralError
from umbral_rules.combat import AttackResult
from umbral_rules.graduado.chance import Objetivo, Riesgo, Tacticas
from umbral_rules.hielo.destiny import AL_TIRAR as DESTINO_AL_TIRAR
from umbral_rules.hielo.destiny import TEXTO as DESTINO_TEXTO
from umbral_rules.rolls import Roll
from umbral_rules.systems import SYSTEM_LABELS
from umbral_rules.tables import TAMANO_LABELS, TAMANO_STEPS
from umbral_rules.text import name_key, tamano_key
from umbral_rules.tiradas import TiradaResult

if TYPE_CHECKING:
    from bot.storage import UnitOfWork

#: How much an Oficio covers (the public option «cobertura»; ``oficio_cobertura`` in the code).
OficioCobertura = Literal["entero", "mitad", "nada"]
VentajaOpt = Literal["ventaja", "desventaja"]
Modo = Literal["mesa", "narrativo", "tactico"]


class TamanoOption(app_commands.Transformer):
    """A size option: offered by its Spanish word («pequeño»), sent as the rules key
    («pequeno»), read by :func:`umbral_rules.text.tamano_key` like every size the bot reads."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def choices(self) -> list[app_commands.Choice[int | float | str]]:
        return [
            app_commands.Choice(name=TAMANO_LABELS[key].lower(), value=key) for key in TAMANO_STEPS
        ]

    async def transform(self, interaction: discord.Interaction, value: object, /) -> str:
        key = tamano_key(str(value))
        if key is None:
            shown = ", ".join(label.lower() for label in TAMANO_LABELS.values())
            raise UmbralError(f"No conozco el tamaño «{value}»: {shown}.")
        return key


Tamano = app_commands.Transform[str, TamanoOption]

#: The game systems an encounter or a server may play (:mod:`umbral_rules.systems`).
SYSTEM_CHOICES = [
    app_commands.Choice(name=label, value=name) for name, label in SYSTEM_LABELS.items()
]
ATRIBUTO_CHOICES = [
    app_commands.Choice(name="Vigor", value="vigor"),
    app_commands.Choice(name="Destreza", value="destreza"),
    app_commands.Choice(name="Percepción", value="percepcion"),
    app_commands.Choice(name="Voluntad", value="voluntad"),
]
UMBRAL_CHOICES = [
    app_commands.Choice(name="6", value=6),
    app_commands.Choice(name="9 (Corriente)", value=9),
    app_commands.Choice(name="12 (Peliaguda)", value=12),
    app_commands.Choice(name="15", value=15),
    app_commands.Choice(name="18", value=18),
    app_commands.Choice(name="21", value=21),
]
MAX_CHOICES = 25
#: The grades of the graded combat (seed 003) a declared action takes, as Discord offers them.
#: Canción de hielo y fuego: the destiny uses spent with a roll, in the seed's words.
DESTINO_CHOICES = [
    app_commands.Choice(name=DESTINO_TEXTO[uso], value=uso.value) for uso in DESTINO_AL_TIRAR
]
TACTICAS_CHOICES = [app_commands.Choice(name=t.label, value=t.value) for t in Tacticas]
RIESGO_CHOICES = [app_commands.Choice(name=r.label, value=r.value) for r in Riesgo]
DIFICULTAD_CHOICES = [app_commands.Choice(name=o.label, value=o.value) for o in Objetivo]


def choices(names: Iterable[str], current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 names that contain what was typed (accent- and case-insensitive)."""
    typed = name_key(current)
    seen: set[str] = set()
    found: list[app_commands.Choice[str]] = []
    for name in names:
        if name in seen or (typed and typed not in name_key(name)):
            continue
        seen.add(name)
        found.append(app_commands.Choice(name=choice(name), value=name[:100]))
        if len(found) == MAX_CHOICES:
            break
    return found


def ventaja_sources(ventaja: str | None) -> tuple[list[str], list[str]]:
    """The ventaja / desventaja the player named for this roll."""
    if ventaja == "ventaja":
        return ["indicada"], []
    if ventaja == "desventaja":
        return [], ["indicada"]
    return [], []


async def log_roll(
    uow: UnitOfWork,
    user_id: int,
    command: str,
    result: TiradaResult | AttackResult,
    *,
    actor: str | None = None,
    character_id: int | None = None,
    target: str | None = None,
    motivo: str | None = None,
    contra: int | None = None,
    umbral: int | None = None,
    reto: str | None = None,
    personaje: str | None = None,
    privada: bool | None = None,
    beside: Roll | None = None,
) -> None:
    """Append one roll (every face, every modifier, the result; who rolled, against whom,
    why) to the roll log. Of the result it keeps the margen and the grade, an attack's
    damage and blow, and the totals of the rolls logged (the result's own, and ``beside``'s:
    another roll logged with it, the engaged's die beside a Despegarse's); ``contra``
    (Despegarse: the engaged's total), ``umbral``, ``personaje`` and ``privada``
    (``/tirada``) and ``reto`` (a reto's name), when the roll has them."""
    rolls: tuple[Roll, ...] = result.rolls if isinstance(result, AttackResult) else (result.roll,)
    if beside is not None:
        rolls = (*rolls, beside)
    attack = result if isinstance(result, AttackResult) else None
    summary = UmbralRoll(
        margen=result.margen,
        grado=result.grade.label,
        damage=None if attack is None else attack.damage,
        potencia=None if attack is None else attack.potencia,
        critical=None if attack is None else attack.critical,
        golpe=None if attack is None else attack.hit.label,
        tipo=None if attack is None else attack.kind.value,
        totales=[r.total for r in rolls],
        contra=contra,
        umbral=umbral,
        reto=reto,
        personaje=personaje,
        privada=privada,
    )
    await uow.rolls.append(
        user_id=user_id,
        command=command,
        dice=[r.die for r in rolls],
        modifiers=[m for r in rolls for m in r.modifiers],
        result=summary,
        physical=any(r.die.physical for r in rolls),
        actor=actor,
        character_id=character_id,
        target=target,
        motivo=motivo,
    )


async def send(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
    pings: Iterable[int] = (),
    split: bool = False,
) -> None:
    """Answer the interaction, whether or not it was deferred. Only the users in ``pings``
    (those the content pings on purpose, see ``bot.render.safe``) can be pinged. With
    ``split``, a reply that may not fit one message (2,000 characters of content; 10 embeds
    and 6,000 characters) is answered in as many as it takes (:func:`split_reply`), the view
    on the first."""
    given = list(embeds) if embed is None else [embed]
    parts = split_reply(content, given) if split else [(content, given)]
    mentions = allowed_mentions(pings)
    for i, (text, batch) in enumerate(parts):
        kwargs: dict[str, Any] = {
            "content": text or None,
            "ephemeral": ephemeral,
            "allowed_mentions": mentions,
        }
        if batch:
            kwargs["embeds"] = batch
        if view is not None and i == 0:
            kwargs["view"] = view
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)
    interaction.extras[ANSWERED] = True


#: Discord: «this thread is archived» (play by post goes quiet for days).
ARCHIVED = 50083


async def post_reopening(
    client: discord.Client,
    guild_id: int,
    channel_id: int,
    content: str | None,
    *,
    allowed_mentions: discord.AllowedMentions,
    view: discord.ui.View | None = None,
    nonce: str | None = None,
    embeds: Sequence[discord.Embed] = (),
) -> None:
    """Post ``content`` (and ``embeds``) in a channel by its id, over HTTP (any process,
    whatever shard owns the guild); a thread archived meanwhile is reopened and the message
    sent again. With a ``nonce`` (discord.py then sends ``enforce_nonce``), Discord answers a
    repeat of it within a few minutes with the message already posted instead of a second
    one."""
    channel = client.get_partial_messageable(channel_id, guild_id=guild_id)
    extra: dict[str, Any] = {} if nonce is None else {"nonce": nonce}
    if embeds:
        extra["embeds"] = list(embeds)
    for attempt in (1, 2):
        try:
            if view is None:  # discord.py's send takes a View or no view at all
                await channel.send(content, allowed_mentions=allowed_mentions, **extra)
            else:
                await channel.send(content, allowed_mentions=allowed_mentions, view=view, **extra)
            return
        except discord.HTTPException as error:
            if error.code != ARCHIVED or attempt == 2:
                raise
            await client.http.edit_channel(channel_id, archived=False)

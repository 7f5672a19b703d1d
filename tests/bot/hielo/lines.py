"""Console lines and helpers the tests of Canción de hielo y fuego share."""

from __future__ import annotations

from bot.console import FakeDiscord, Session
from bot.features.hielo.doc import HieloDoc

#: Yorgen as the seed draws him (Brío 3 with Trepar 2B, Picaresca 3 with Juegos de manos
#: 1B), with what a fight needs: Combate cuerpo a cuerpo 4, a dagger, leather armour.
YORGEN = (
    '/hielo ficha crear nombre:Yorgen habilidades:"Brío 3, Picaresca 3, Agilidad 3, '
    'Combate cuerpo a cuerpo 4, Constitución 3" especialidades:"Brío: Trepar 2, Picaresca: '
    'Juegos de manos 1, Rapidez 1" arma:Daga daño:2 armadura:Cuero protección:1 penalización:1'
)
#: The seed's tendera: «Percepción 3 y 1B en Observación».
TENDERA = (
    '/hielo bestiario añadir nombre:Tendera habilidades:"Percepción 3" '
    'especialidades:"Observación 1"'
)
GUARDIA = (
    '/hielo bestiario añadir nombre:Guardia habilidades:"Combate cuerpo a cuerpo 3, Agilidad 2" '
    "arma:Lanza daño:3"
)
#: A table of Canción de hielo y fuego: Yorgen against a guard (who entered first).
MESA = [
    "@kaeda",
    YORGEN,
    "@master",
    GUARDIA,
    "/encuentro empezar sistema:hielo",
    "/encuentro enemigos nombre:Guardia",
    "@kaeda",
    "/encuentro unirse",
]
#: Initiative of the first asalto: the guard rolls 9 (5, 4), Yorgen 10 − 1 (armour) = 9;
#: the tie goes to Yorgen, who has more bonus dice in Rapidez.
TIE = [5, 4, 4, 3, 3, 1]


async def doc(session: Session, fake: FakeDiscord, channel: str = "mesa") -> HieloDoc:
    """The channel's encounter of Canción de hielo y fuego as stored."""
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        data = await uow.encounter.document("hielo")
    assert data is not None
    return HieloDoc.from_dict(data)


async def raw(session: Session, fake: FakeDiscord, channel: str = "mesa") -> object:
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        return await uow.encounter.get_state()


async def roll_count(session: Session, fake: FakeDiscord) -> int:
    async with session.storage.guild(fake.guild.id) as uow:
        return await uow.rolls.count()


async def undo(fake: FakeDiscord, command: str) -> None:
    """The GM's /deshacer of ``command``: its preview says which, the button takes it back."""
    preview = await fake.command("master", "mesa", "deshacer")
    assert preview.last.ephemeral and f"¿Deshacer /{command}?" in preview.last.text()
    pressed = await fake.press("master", "mesa", "Deshacer")
    assert any(f"deshizo /{command}" in m.text() for m in pressed.messages)

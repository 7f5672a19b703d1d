"""Test tables and sheets of the percentile game through the slash commands. The tables are
OURS, made up for the tests (the seed names the Tabla de Bonificador de Daño and the
localización de impactos without printing them): the GM loads them with
``/porcentual tabla importar``."""

from __future__ import annotations

from typing import Any

from bot.console import FakeDiscord, Session

#: Fuerza 0–12: no bonus; 13–16: +1D4; 17–20: +1D6; 21–50: +2D6 (ours).
BONUS = "0-12: 0; 13-16: 1D4; 17-20: 1D6; 21-50: 2D6"
#: 1 head, 2–3 arms, 4–7 trunk, 8 left leg, 9–10 right leg (ours).
LOCATIONS = (
    "1: Cabeza = cabeza; 2: Brazo izquierdo = extremidad; 3: Brazo derecho = extremidad; "
    "4-5: Pecho = tronco; 6-7: Abdomen = tronco; 8: Pierna izquierda = pierna izquierda; "
    "9-10: Pierna derecha = pierna derecha"
)
TABLES = [
    "@master",
    f'/porcentual tabla importar tabla:bonificador filas:"{BONUS}"',
    f'/porcentual tabla importar tabla:localizacion filas:"{LOCATIONS}"',
]
SKILLS = "Espadas 60, Esquivar 50, Pelea 40, Lanzar 45, Escudos 50, Ballestas 50, Dagas 50"


def pj_lines(user: str, nombre: str, fuerza: int = 12, agilidad: int = 10, percepcion: int = 10,
             extra: str = "") -> list[str]:  # fmt: skip
    chars = f"fuerza {fuerza}, agilidad {agilidad}, percepcion {percepcion}, resistencia 12"
    return [
        f"@{user}",
        f'/porcentual ficha crear nombre:{nombre} caracteristicas:"{chars}" pv:20 '
        f'competencias:"{SKILLS}" {extra}'.rstrip(),
        f"/porcentual ficha arma ficha:{nombre} nombre:espada danio:1D8+1 competencia:Espadas "
        "fuerza_minima:10 rasgos:corte",
        f"/porcentual ficha arma ficha:{nombre} nombre:manos danio:1D3 competencia:Pelea "
        "tamano:ligero",
    ]


def enemy_lines(nombre: str, fuerza: int = 12, agilidad: int = 10, extra: str = "") -> list[str]:
    chars = f"fuerza {fuerza}, agilidad {agilidad}, percepcion 10, resistencia 12"
    return [
        "@master",
        f'/porcentual bestiario crear nombre:{nombre} caracteristicas:"{chars}" pv:20 '
        f'competencias:"{SKILLS}" {extra}'.rstrip(),
        f"/porcentual bestiario arma ficha:{nombre} nombre:espada danio:1D8+1 "
        "competencia:Espadas fuerza_minima:10 rasgos:corte",
    ]


async def doc(session: Session, fake: FakeDiscord, channel: str = "mesa") -> Any:
    """The channel's stored percentile document."""
    async with session.storage.channel(fake.guild.id, fake.channel_id(channel)) as uow:
        return await uow.encounter.document("porcentual")


def combatant(document: Any, cid: str) -> Any:
    return next(c for c in document["combate"]["combatientes"] if c["id"] == cid)

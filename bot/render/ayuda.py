"""The help text."""

from __future__ import annotations

import discord

JUGADOR = (
    "1. Crea tu ficha: `/ficha crear nombre:Kaeda vigor:3 destreza:3 percepcion:1 "
    "voluntad:1 proteccion:1`.\n"
    "2. Añade Oficios y armas: `/ficha oficio nombre:contrabandista valor:2`, "
    "`/ficha arma nombre:Espada clase:mano`.\n"
    "3. Cuando el máster abra un encuentro: `/encuentro unirse`.\n"
    "4. En tu turno: `/atacar objetivo:…` o `/disparar objetivo:…`; si te atacan, "
    "`/defender` o el botón **Defender**.\n"
    "5. Fuera de combate: `/tirada atributo:… umbral:…`. Mira tu ficha con `/ficha ver`."
)
MASTER = (
    '1. Prepara enemigos: `/bestiario añadir nombre:"Guardia del puerto" ataque:12 '
    "defensa:12 aguante:14 potencia:4 arma:Lanza`.\n"
    "2. Abre la escena: `/encuentro empezar modo:mesa`, y "
    '`/encuentro enemigos nombre:"Guardia del puerto" cantidad:2`.\n'
    "3. Los jugadores se unen; `/asalto` pasa de la fase de jugadores a la de enemigos "
    "y al asalto siguiente.\n"
    '4. Para que ataque un enemigo: `/atacar objetivo:Kaeda atacante:"Guardia del puerto"`.\n'
    "5. `/estado poner`, `/reto crear`, y `/encuentro terminar` al acabar. "
    "`/config` ajusta el rol de máster y los dados físicos."
)


def ayuda_embed(para: str | None = None) -> discord.Embed:
    embed = discord.Embed(title="Ayuda de Umbral", colour=discord.Colour(0x5865F2))
    if para in (None, "jugador"):
        embed.add_field(name="Si juegas", value=JUGADOR, inline=False)
    if para in (None, "master"):
        embed.add_field(name="Si diriges (máster)", value=MASTER, inline=False)
    embed.set_footer(text="Las respuestas que solo ves tú llevan la marca «solo para ti».")
    return embed

"""``/ayuda``'s pages: what to type now and the topics (plain ``/ayuda``), the first steps of
a player and of a GM (``para:``), and one page per topic (``tema:``): each family of commands
(read from the command tree, :mod:`bot.edge.reference`, the same source as
``docs/comandos.md``), the three modes and who may do what. Every page is one embed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import discord

from bot.records.reference import RULES, CommandDoc, Family
from bot.render.ayuda_modos import MODES
from bot.render.limits import (
    DESCRIPTION_MAX,
    EMBEDS_TOTAL_MAX,
    FIELD_VALUE_MAX,
    add_long_field,
    cut,
)
from bot.render.safe import shown
from umbral_rules.encounter import Encounter
from umbral_rules.roller.errors import MAX_DICE, MAX_NESTING, MAX_ROLLS, MAX_TERMS

HELP_COLOUR = discord.Colour(0x5865F2)
#: The topics that are not a family of commands: the three modes and the permissions.
GUIDES = {key: title for key, title, _, _ in MODES} | {"permisos": "Quién puede qué"}
#: Who may use a command, in a family's page (the permissions page says it in full).
WHO = {
    "cualquiera": "cualquiera",
    "servidor": "quien esté en el servidor",
    "personaje": "con personaje propio",
    "dueño": "solo el dueño",
    "dueño o máster": "dueño o máster",
    "máster": "máster",
    "gestor": "gestores",
}
#: Plain ``/ayuda``: what to do now and the topics, in fewer characters than this.
INDEX_MAX = 1500

JUGADOR = (
    "1. Crea tu ficha: `/ficha crear nombre:Kaeda vigor:3 destreza:3 percepcion:1 "
    "voluntad:1 proteccion:1`.\n"
    "2. Añade Oficios y armas: `/ficha oficio nombre:contrabandista valor:2`, "
    "`/ficha arma nombre:Espada clase:mano`.\n"
    "3. Cuando el máster abra un encuentro: `/encuentro unirse`.\n"
    "4. En tu turno: `/atacar objetivo:…` o `/disparar objetivo:…`; si te atacan, "
    "`/defender` o el botón **Defender**. En Mesa tiras una Defensa por asalto: si luego "
    "llega otro ataque ese asalto, se lee la misma tirada y solo encajas la diferencia; si no "
    "contestaste un asalto, `/defender` tira uno por asalto, del más antiguo al último.\n"
    "5. Fuera de combate: `/tirada atributo:… umbral:… ambito:…` (el ámbito es obligatorio "
    "si un estado te limita en algo). Mira tu ficha con `/ficha ver`.\n"
    "6. Cualquier dado: `/tirar expresion:4d6kh3` (`privada:sí` para que solo lo veáis tú y "
    "el máster; cómo se escriben los dados: `/ayuda tema:tirar`); `/historial` enseña las "
    "últimas tiradas. Tus fichas van y vienen con "
    "`/ficha exportar` y `/ficha importar`."
)
MASTER = (
    '1. Prepara enemigos: `/bestiario añadir nombre:"Guardia del puerto" ataque:12 '
    "defensa:12 aguante:14 potencia:4 arma:Lanza`.\n"
    "2. Abre la escena: `/encuentro empezar modo:mesa`, y "
    '`/encuentro enemigos nombre:"Guardia del puerto" cantidad:2`.\n'
    "3. Los jugadores se unen; `/asalto` pasa de la fase de jugadores a la de enemigos "
    "y al asalto siguiente (en Narrativo y Táctico cada bando actúa en su fase).\n"
    '4. Para que ataque un enemigo: `/atacar objetivo:Kaeda atacante:"Guardia del puerto"`. '
    "En Mesa, un ataque publicado tras la Defensa del jugador se lee contra esa tirada (solo "
    "la diferencia de daño); las defensas sin contestar esperan, cada una con su asalto.\n"
    "5. `/estado poner`, `/reto crear`, y `/encuentro terminar` al acabar. "
    "`/config` ajusta el rol de máster y los dados físicos. Por post: "
    "`/encuentro recordatorios horas:12`.\n"
    "6. Bestiarios enteros: `/bestiario importar archivo:…` (YAML, JSON o CSV), "
    "`/bestiario exportar`, o `/bestiario ejemplo` para probar."
)

CAMPANA = (
    "Escenas en paralelo: `/encuentro lista` (máster) da las abiertas del servidor y a quién "
    "se espera; `/encuentro ver publico:sí` baja el encuentro al final del canal. Los "
    "personajes de todos: `/ficha lista` (máster, por jugador), `/ficha ceder`. El registro: "
    "`/historial personaje:…`, `/historial exportar:csv`. Esencia: `/esencia gastar`. "
    "Tiradas guardadas: `/dados guardar nombre:ataque expresion:1d12+5` (el máster, con "
    "`servidor:sí`, para todos), `/dados lista`, y se tiran como `/tirar expresion:ataque+2`; "
    "el botón **Repetir** vuelve a tirar. La suerte de los dados: `/estadisticas`. "
    "Sesiones en los eventos del servidor: `/sesion programar` (avisa 24 h y 1 h antes a quien "
    "marque «Me interesa»), `/sesion lista` (con quién jugó)."
)

#: ``/ayuda tema:tirar``: how ``/tirar expresion:`` is written. Every «`expr` con dados → total»
#: is rolled with those dice by ``tests/tirar/test_examples.py`` and must give that total (and
#: the marks in parentheses after it, when there are).
TIRAR = (
    (
        "Dados",
        "`2d6+3` con 4, 2 → 9 · `d20` uno · `d%` con 87 → 87 (un d100) · `(1d4+1)*2` con 3 → 8 "
        "· `floor(7/2)` → 3 · `4dF` con 1, 2, 3, 3 → 1 (dados Fate: −, 0, +, +).",
    ),
    (
        "Quedarse con unos pocos",
        "`4d6kh3` con 6, 4, 3, 1 → 13 (6, 4, 3, ~~1~~): guarda los 3 mayores y los "
        "descartados salen tachados; `4d6k3` es lo mismo (Roll20, Foundry, Dice Maiden; para "
        "los dados que sacan un 3, `4d6k=3`) · `2d20kl1` con 17, 4 → 4 (el menor) · `4d6d1` "
        "con 6, 4, 3, 1 → 13 (sin el menor) · `+d20` con 3, 17 → 17 (ventaja) · `-d20` con "
        "3, 17 → 3 (desventaja).",
    ),
    (
        "Dados que explotan",
        "`2d6!` con 6, 2, 4 → 12 (6!, 2, 4): cada 6 se vuelve a tirar y se suma, y sale con "
        "«!» (`3d6!`, con tres dados) · `3d6!>5` con 5, 1, 2, 3 → 11: explotan el 5 y el 6 "
        "(`>5` es «5 o más», como en Roll20) · `5d6!!` suma la explosión al mismo dado · "
        "`1d6 e6` con 6, 6 → 12: explota una sola vez (Dice Maiden) · `1d10x` explota sin fin "
        "(Foundry).",
    ),
    (
        "Volver a tirar",
        "`4d6ro1` con 1, 3, 4, 5, 6 → 18 (~~1~~, 6, 3, 4, 5): repite una vez los 1 · `2d6rr1` "
        "los repite hasta que no salgan · `4d6 r2` (Dice Maiden) repite una vez los 2 o menos. "
        "En `ro<3` y `rr<3`, «<3» es «menos de 3».",
    ),
    (
        "Contar éxitos",
        "`5d10 t8 f1` con 9, 8, 3, 1, 5 → 1: cuenta los de 8 o más y resta los 1 · `6d10>7` "
        "con 7, 3, 10, 6, 9, 1 → 3: cuenta los de 7 o más (Roll20) · `6d10cs>=6` (Foundry) · "
        "`{5d6!!}>8` (un grupo de Roll20). `1d20+5 >= 15` compara el total: 1 sí, 0 no.",
    ),
    (
        "Otros sistemas",
        "`4wod8` con 9, 8, 1, 3 → 1 (Mundo de Tinieblas: 8 o más es éxito y cada 1 resta) · "
        "`vtm7h2` Vampiro 5ª con 2 dados de Hambre · `coc55b1` La Llamada de Cthulhu 7ª, con "
        "un dado de bonificación (`p1`, de penalización) · `hitos+5` con 3, 9, 7 → 12 (Hitos: "
        "el dado central) · `anima` la tirada abierta de Anima.",
    ),
    (
        "Como en otras mesas",
        "`1d20+5 ventaja` con 3, 17 → 22 (dos d20, el mayor; `desventaja`, el menor; también "
        "d12) · `5+3+1o3d10` con 4, 8, 3 → 12 (Rápido y Fácil: el dado central; con 10 se "
        "suma y se tira otra vez; `ryf`, `ryf+` el mayor, `ryf-` el menor, `ryf6` con d6) · "
        "`3D+2` con 4, 5, 6 → 17 (Sistema D6: 3d6+2) · `(6-4)d10` con 3, 7 → 10 (tantos "
        "dados como da el paréntesis) · alias de Dice Maiden: `4cod`, `sr6`, `age`, "
        "`dndstats`, `6yz`, `ex5`, `ed5`, `3wh4+`, `dd34`, `2hsn`, `d6s4`, `attack`, "
        "`wng 4d6`; `p 1d20` es privada.",
    ),
    (
        "Lo que no se adivina",
        "Si otra herramienta lee una forma de otra manera, la respuesta dice cómo se leyó "
        "(`4d6k`: el mayor; `1d20x2`: explota con 2, como en Foundry; para multiplicar, «*»). "
        "Se rechazan «5d10>=8» (para contar éxitos, `5d10 t8` o `5wod8`; para el total, "
        "`(5d10) >= 8`), «4d6++2», «5d10X3» y «3d10e[>8]» (sin corchetes: `3d10e>8`). "
        "Un rechazo solo propone otra expresión cuando significa lo mismo.",
    ),
    (
        "Varias a la vez",
        "`6 4d6kh3` seis tiradas de 4d6kh3, cada una con su total · `1d20+5; 2d6+3` "
        "varias expresiones separadas por «;» · `4d6 ! Daño`, `1d20 # ataque` o "
        "`1d20+5 Iniciativa`: lo que va tras « ! », `#`, `//` o las palabras del final son el "
        "motivo.",
    ),
    (
        "Guardadas y Repetir",
        "`/dados guardar nombre:ataque expresion:1d12+5` y luego `ataque` o `ataque+2` en "
        "cualquier expresión (la tuya va antes que la del servidor con el mismo nombre; la "
        "respuesta dice cuál) · el botón **Repetir** de cada tirada la vuelve a tirar igual "
        "(solo quien tiró).",
    ),
    (
        "Opciones de /tirar",
        "`umbral:` gradúa el total contra un Umbral (bandas de 4) · `exitos:>=7` cuenta los "
        "dados que cumplen (no con una expresión que ya cuenta éxitos) · `privada:sí` solo la "
        "ves tú y el máster · `motivo:` para qué es. Otros sistemas: `reserva:` con "
        "`bonus:`, `dificultad:` y `modificador:` (puntos a la suma); `porcentaje:`, "
        "`habilidad:` y `agilidad:` con `modificador:`. Una opción que el modo no usa se "
        "rechaza diciendo cuáles valen (la tabla, en docs/dados.md).",
    ),
)


def ayuda_tirar_embed() -> discord.Embed:
    embed = discord.Embed(
        title="Ayuda: /tirar",
        description="`/tirar expresion:…` tira cualquier dado. Así se escriben:",
        colour=HELP_COLOUR,
    )
    for name, value in TIRAR:
        embed.add_field(name=name, value=value, inline=False)
    embed.set_footer(
        text=f"Como mucho {MAX_DICE} dados por tirada y {MAX_ROLLS} tiradas de una vez; con "
        f"las tiradas guardadas que nombra, una expresión llega a {MAX_TERMS} términos y "
        f"{MAX_NESTING} niveles."
    )
    return embed


def ayuda_embed(para: str | None = None) -> discord.Embed:
    """The first steps of a player (``para`` «jugador»), of a GM («master»), or both."""
    embed = discord.Embed(title="Ayuda de Umbral", colour=HELP_COLOUR)
    if para in (None, "jugador"):
        embed.add_field(name="Si juegas", value=JUGADOR, inline=False)
    if para in (None, "master"):
        embed.add_field(name="Si diriges (máster)", value=MASTER, inline=False)
        embed.add_field(name="Campaña", value=CAMPANA, inline=False)
    embed.set_footer(text="Las respuestas que solo ves tú llevan la marca «solo para ti».")
    return embed


def next_steps(
    *, character: str | None, enc: Encounter | None, user_id: int, gm: bool
) -> list[str]:
    """What this user can type now, from what exists in this guild and channel."""
    steps: list[str] = []
    if character is None and not gm:
        steps.append("Crea tu ficha: /ficha crear (luego /ficha oficio y /ficha arma).")
    if enc is None:
        if gm:
            steps.append("No hay encuentro en este canal: /encuentro empezar modo:mesa.")
        else:
            steps.append("No hay encuentro en este canal: espera al máster, o usa /tirada.")
        return steps
    mine = [c for c in enc.combatants if c.owner_id == user_id]
    if not mine and character is not None and not gm:
        steps.append(f"Entra en el combate con {shown(character)}: /encuentro unirse.")
    for c in mine:
        name = shown(c.nombre)
        if any(p.defender == c.id for p in enc.pending):
            steps.append(f"{name} debe defenderse: pulsa Defender o escribe /defender.")
        elif c.status == "malherido":
            steps.append(f"{name} ha caído: /secuelas (con aliento:sí, +4).")
        elif c.status == "muerto":
            steps.append(f"{name} ha muerto: su ficha queda en el archivo.")
        elif enc.phase == "jugadores" and not c.acted and c.active:
            steps.append(f"Turno de {name}: /atacar objetivo:…, /disparar, /maniobra, o /tirada.")
        else:
            steps.append(f"{name} espera: el máster pasará el asalto con /asalto.")
    if gm:
        if not any(c.side == "enemigo" for c in enc.combatants):
            steps.append("Saca enemigos: /encuentro enemigos nombre:… cantidad:….")
        if enc.phase == "jugadores":
            steps.append("Cuando acaben los jugadores: /asalto (fase de los enemigos).")
        else:
            steps.append("Ataca por cada enemigo: /atacar objetivo:… atacante:…; luego /asalto.")
        if enc.pending:
            steps.append(shown(enc.owed_text()))
    return steps


def ayuda_now_embed(para: str | None, steps: list[str]) -> discord.Embed:
    """``/ayuda para:…``: what to type now, then that reader's first steps."""
    embed = ayuda_embed(para)
    if steps:
        embed.insert_field_at(0, name="Ahora", value=cut("\n".join(steps), 1024), inline=False)
    return embed


def index_embed(steps: Sequence[str], families: Sequence[Family]) -> discord.Embed:
    """Plain ``/ayuda``: what to type now, and every topic of ``tema:``."""
    embed = discord.Embed(title="Ayuda de Umbral", colour=HELP_COLOUR)
    if steps:
        embed.add_field(name="Ahora", value=cut("\n".join(steps), 600), inline=False)
    topics = [f.topic.key for f in families] + list(GUIDES)
    embed.add_field(
        name="Temas (escribe /ayuda tema:…)",
        value=cut(" · ".join(topics), FIELD_VALUE_MAX),
        inline=False,
    )
    embed.add_field(
        name="Primeros pasos",
        value="`/ayuda para:jugador` o `/ayuda para:master`.",
        inline=False,
    )
    embed.set_footer(text="Las respuestas que solo ves tú llevan la marca «solo para ti».")
    return embed


def command_line(command: CommandDoc, *, options: bool) -> str:
    """``/ficha crear nombre vigor … [genero]`` — what it does (who may)."""
    typed = command.shown
    if options and command.options:
        names = [o.name if o.required else f"[{o.name}]" for o in command.options]
        typed += " " + " ".join(names)
    what = command.description.rstrip(".") or command.where
    who = WHO.get(command.who[0][1], "") if command.who else ""
    if who and f"({who})" not in what:
        what += f" · {who}"
    return f"`{typed}` — {what}."


def family_embed(family: Family) -> discord.Embed:
    """A family's page: each command in a line, with its options when they fit (the
    ``tirar`` family keeps the page on how dice are written)."""
    if family.topic.key == "tirar":
        embed = ayuda_tirar_embed()
        after = f"\n\n{embed.description}"
        before = ""
    else:
        embed = discord.Embed(title=f"Ayuda: {family.topic.title}", colour=HELP_COLOUR)
        before, after = (f"{family.topic.blurb}\n\n" if family.topic.blurb else ""), ""
    room = min(DESCRIPTION_MAX, EMBEDS_TOTAL_MAX - len(embed) + len(embed.description or ""))
    room -= len(before) + len(after)
    for options in (True, False):
        lines = "\n".join(command_line(c, options=options) for c in family.commands)
        if len(lines) <= room:
            break
    embed.description = before + cut(lines, room) + after
    return embed


def mode_embed(key: str) -> discord.Embed:
    """One of the three modes."""
    _, title, intro, fields = next(page for page in MODES if page[0] == key)
    embed = discord.Embed(title=f"Ayuda: {title}", description=intro, colour=HELP_COLOUR)
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    return embed


def permisos_embed(rows: Iterable[tuple[str, str]]) -> discord.Embed:
    """Who may use what (the commands' declared permissions), a field per rule (two or
    more when one does not hold its commands)."""
    embed = discord.Embed(
        title="Ayuda: quién puede qué",
        description=(
            "Máster: el rol de máster (`/config rol_master:…`), quien creó el encuentro del "
            "canal o quien tiene «Gestionar servidor». Las negativas llegan solo a quien lo "
            "intentó y dicen por qué."
        ),
        colour=HELP_COLOUR,
    )
    for texto, labels in permisos_por_regla(rows):
        add_long_field(embed, f"Permisos · {texto}", labels.split(", "), sep=", ")
    return embed


def permisos_por_regla(rows: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``/ayuda``'s version: one line per rule with its commands."""
    grouped: dict[str, list[str]] = {}
    for label, key in rows:
        grouped.setdefault(key, []).append(label)
    return [(RULES[key].texto, ", ".join(labels)) for key, labels in grouped.items()]

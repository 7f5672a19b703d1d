"""Who may use each command: the one table that ``/ayuda`` shows, the README prints and the
permissions test checks, cell by cell.

Columns: the máster (rol de máster, quien creó el encuentro o «Gestionar servidor»), the
player who owns the character the command names, another player of the same server, and
someone in another server (who never reaches this server's characters, bestiary or
encounters: there the command works only on their own server's things).
"""

from __future__ import annotations

from dataclasses import dataclass

import discord


@dataclass(frozen=True)
class Rule:
    texto: str
    master: bool
    dueno: bool
    jugador: bool
    otro_servidor: bool


ACTORS = ("master", "dueño", "jugador", "otro servidor")
COLUMNS = ("Máster", "Dueño del personaje", "Otro jugador", "Otro servidor")

RULES = {
    "cualquiera": Rule("Cualquiera (en su servidor)", True, True, True, True),
    "servidor": Rule("Quien esté en el servidor", True, True, True, False),
    "personaje": Rule("Quien tenga un personaje propio", False, True, True, False),
    "dueño": Rule("Solo el dueño del personaje", False, True, False, False),
    "dueño o máster": Rule("El dueño del personaje o el máster", True, True, False, False),
    "máster": Rule("Solo el máster", True, False, False, False),
    "gestor": Rule("Quien tiene «Gestionar servidor»", True, False, False, False),
}

#: (command as shown, rule). In order of the README's «Comandos».
PERMISOS: tuple[tuple[str, str], ...] = (
    ("/ayuda", "cualquiera"),
    ("/tirar", "cualquiera"),
    ("/historial", "cualquiera"),
    ("/historial (personaje)", "cualquiera"),
    ("/historial (alcance servidor)", "cualquiera"),
    ("/historial (exportar)", "cualquiera"),
    ("/config (ver)", "cualquiera"),
    ("/config (cambiar)", "gestor"),
    ("/config (zona horaria)", "máster"),
    ("/ficha crear", "cualquiera"),
    ("/ficha lista", "cualquiera"),
    ("/ficha lista (retirados)", "cualquiera"),
    ("/ficha importar", "cualquiera"),
    ("/ficha importar (dueño)", "dueño o máster"),
    ("/ficha ver", "servidor"),
    ("/ficha oficio", "dueño o máster"),
    ("/ficha oficio (dueño)", "dueño o máster"),
    ("/ficha arma", "dueño o máster"),
    ("/ficha arma (dueño)", "dueño o máster"),
    ("/ficha oficio (quitar)", "dueño o máster"),
    ("/ficha arma (quitar)", "dueño o máster"),
    ("/ficha editar", "dueño o máster"),
    ("/ficha editar (dueño)", "dueño o máster"),
    ("/ficha usar", "dueño"),
    ("/ficha exportar", "dueño o máster"),
    ("/ficha exportar (dueño)", "dueño o máster"),
    ("/ficha borrar", "dueño o máster"),
    ("/ficha revivir", "máster"),
    ("/ficha retirar", "máster"),
    ("/ficha ceder", "máster"),
    ("/bestiario añadir", "máster"),
    ("/bestiario añadir (extras)", "máster"),
    ("/bestiario ver", "máster"),
    ("/bestiario lista", "máster"),
    ("/bestiario borrar", "máster"),
    ("/bestiario importar", "máster"),
    ("/bestiario exportar", "máster"),
    ("/bestiario ejemplo", "máster"),
    ("/tabla secuelas importar", "máster"),
    ("/tabla secuelas ver", "cualquiera"),
    ("/tabla secuelas restablecer", "máster"),
    ("/tabla estados crear", "máster"),
    ("/tabla estados lista", "cualquiera"),
    ("/tabla estados borrar", "máster"),
    ("/encuentro empezar", "máster"),
    ("/encuentro unirse", "dueño o máster"),
    ("/encuentro unirse (mover)", "máster"),
    ("/encuentro unirse (dueño)", "dueño o máster"),
    ("/encuentro enemigos", "máster"),
    ("/encuentro ver", "servidor"),
    ("/encuentro ver (publico)", "máster"),
    ("/encuentro lista", "máster"),
    ("/encuentro pendientes", "servidor"),
    ("/encuentro recordatorios", "máster"),
    ("/encuentro quitar", "máster"),
    ("/encuentro ajustar", "máster"),
    ("/encuentro ajustar (esencia)", "máster"),
    ("/encuentro terminar", "máster"),
    ("/asalto", "máster"),
    ("/atacar", "dueño o máster"),
    ("/disparar", "dueño o máster"),
    ("/defender", "dueño o máster"),
    ("/maniobra", "dueño o máster"),
    ("/respuesta", "dueño o máster"),
    ("/secuelas", "dueño o máster"),
    ("/estabilizar", "dueño o máster"),
    ("/vendar", "dueño o máster"),
    ("/aliento", "dueño o máster"),
    ("/estado poner", "máster"),
    ("/estado quitar", "máster"),
    ("/estado recuperar", "dueño o máster"),
    ("/tirada", "personaje"),
    ("/tirada (personaje)", "dueño o máster"),
    ("/tirada (dueño)", "dueño o máster"),
    ("/tirada (privada)", "personaje"),
    ("/reto crear", "máster"),
    ("/reto tirar", "personaje"),
    ("/reto ver", "cualquiera"),
    ("/reto terminar", "máster"),
    ("/mapa crear", "máster"),
    ("/mapa muro", "máster"),
    ("/mapa cobertura", "máster"),
    ("/mapa colocar", "dueño o máster"),
    ("/mapa quitar", "máster"),
    ("/mapa area", "servidor"),
    ("/mapa barrido", "máster"),
    ("/mapa ver", "servidor"),
    ("/mover", "dueño o máster"),
    ("/deshacer", "dueño o máster"),
    ("/ficha ajustar", "máster"),
    ("/descanso", "máster"),
    ("/esencia gastar", "dueño o máster"),
)


def allowed(label: str, actor: str) -> bool:
    rule = RULES[dict(PERMISOS)[label]]
    return {
        "master": rule.master,
        "dueño": rule.dueno,
        "jugador": rule.jugador,
        "otro servidor": rule.otro_servidor,
    }[actor]


def _cells(rule: Rule) -> list[str]:
    return [
        "sí" if ok else "no" for ok in (rule.master, rule.dueno, rule.jugador, rule.otro_servidor)
    ]


def permisos_markdown() -> str:
    """The README's table."""
    lines = ["| Comando | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    for label, key in PERMISOS:
        lines.append(f"| `{label}` | " + " | ".join(_cells(RULES[key])) + " |")
    return "\n".join(lines)


def permisos_por_regla() -> list[tuple[str, str]]:
    """``/ayuda``'s version: one line per rule with its commands."""
    grouped: dict[str, list[str]] = {}
    for label, key in PERMISOS:
        grouped.setdefault(key, []).append(label)
    return [(RULES[key].texto, ", ".join(labels)) for key, labels in grouped.items()]


def add_permisos(embed: discord.Embed) -> None:
    """The table, one field per rule (``/ayuda``)."""
    for texto, labels in permisos_por_regla():
        embed.add_field(name=f"Permisos · {texto}", value=labels[:1024], inline=False)

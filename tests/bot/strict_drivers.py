"""How the strict property test (``test_strict_property.py``) drives every command and button.

:data:`DRIVERS` maps each slash command's qualified name to the calls that drive it in a
:class:`World` (one random encounter): ``(user, options)`` pairs, valid ones and hostile ones.
On top of those, every command also gets a generated hostile call (:func:`hostile_call`):
every free-text option at its maximum length. :data:`BUTTONS` maps every button the bot
registers (persistent views by ``custom_id``, dynamic items by class name) to a press.

A new command needs its line here — the table runs in order, so before the commands that
end or delete things (from ``"descanso"`` on) — e.g.::

    "estadisticas": lambda w: [
        (w.player, {}),
        (w.player, {"personaje": w.pc}),
        (w.gm, {"alcance": "servidor", "desde": "2000-01-01"}),
    ],
    "encuentro lista": lambda w: [(w.gm, {})],

and :func:`missing_drivers` names every command or button that has none (the test
``test_every_command_and_button_has_a_driver`` fails listing them).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.console import FakeDiscord, Reply

Options = dict[str, Any]
Call = tuple[str, Options]
Driver = Callable[["World"], list[Call]]
Press = Callable[["World"], Awaitable[list[Reply]]]
#: Discord's longest value of a string option without a ``max_length`` of its own.
STRING_OPTION_MAX = 6000


@dataclass
class World:
    """One random encounter in ``channel``: who plays, the names the commands can use."""

    fake: FakeDiscord
    channel: str
    mode: str
    gm: str
    player: str
    pc: str  # the player's character, in the encounter
    spare: str  # another character of the player's, not in the encounter
    enemy: str  # a combatant on the enemies' side
    kind: str  # a bestiary entry
    oficio: str  # one of the PC's oficios
    weapon: str  # one of the PC's weapons
    hostile: str  # a long string drawn from the hostile alphabet
    name80: str  # a valid name of (nearly) 80 characters from that alphabet
    tablero: int  # the side of the Táctico board (a Táctico encounter has one)
    files: Path  # where upload files are written
    estados: list[str] = field(default_factory=list)
    missing: str | None = None  # the console's name of a permission the bot lacks here
    pause: int = 0  # seconds the console's clock advances before /asalto

    def upload(self, name: str, data: str) -> str:
        path = self.files / name
        path.write_text(data, encoding="utf-8")
        return f"@{path}"

    def long(self, size: int) -> str:
        """The hostile text repeated to exactly ``size`` characters."""
        return (self.hostile * (size // max(1, len(self.hostile)) + 1))[:size]


def _sheet_file(w: World) -> str:
    name = w.long(70).replace('"', "'").strip() or "Importado"
    return w.upload(
        "fichas.yaml",
        "personajes:\n"
        f'  - nombre: "{name}"\n'
        "    atributos: {vigor: 3, destreza: 3, percepcion: 1, voluntad: 1}\n"
        "    proteccion: 1\n",
    )


def _bestiary_file(w: World) -> str:
    return w.upload(
        "bestiario.yaml",
        "enemigos:\n  - nombre: Importado\n    ataque: 9\n    defensa: 9\n"
        "    aguante: 9\n    potencia: 2\n",
    )


def _secuelas_file(w: World) -> str:
    """The largest table: fifteen entries, each with a long name and effect."""
    rows = "".join(
        f"  - nombre: {json.dumps(w.name80[:75] + f' {r}', ensure_ascii=False)}\n"
        f"    resultado: {r}\n    efecto: {'Cojea y tose. ' * 14}\n"
        for r in range(2, 17)
    )
    return w.upload("secuelas.yaml", "secuelas:\n" + rows)


def _hielo_file(w: World, key: str) -> str:
    """Canción de hielo y fuego sheets (``fichas``) or bestiary (``enemigos``)."""
    return w.upload(
        f"hielo-{key}.yaml",
        f"{key}:\n  - nombre: Importada\n    habilidades: {{Brío: 3, Agilidad: 8}}\n",
    )


def _hielo_table(w: World) -> str:
    """The group's criticals: twelve long rows."""
    rows = "".join(f"  {n}: {json.dumps(w.long(300), ensure_ascii=False)}\n" for n in range(1, 13))
    return w.upload("hielo-criticos.yaml", "filas:\n" + rows)


def _porcentual_row(w: World) -> str:
    """A percentile game's sheets as CSV: one row, a long name, a weapon in its cell."""
    name = w.long(70).replace('"', "'").replace(";", " ").replace(",", " ").strip() or "Fila"
    return w.upload(
        "porcentual-fichas.csv",
        "nombre;caracteristicas;pv;armas\n"
        f'"{name}";fuerza 12, agilidad 10, percepcion 10;12;'
        "Jabalina, danio: 1D6, competencia: Lanzar, tipo: arrojadiza, alcance: FUE\n",
    )


def _porcentual_file(w: World, key: str) -> str:
    """A percentile game's sheets file (issue 47): one sheet with a long name."""
    name = w.long(70).replace('"', "'").strip() or "Importada"
    return w.upload(
        f"porcentual-{key}.yaml",
        f"{key}:\n"
        f'  - nombre: "{name}"\n'
        "    caracteristicas: {fuerza: 12, agilidad: 10, percepcion: 10}\n"
        "    pv: 12\n",
    )


def _both(options: Callable[[World], Options]) -> Driver:
    """The same call by the player and by the GM."""
    return lambda w: [(w.player, options(w)), (w.gm, options(w))]


#: Canción de hielo y fuego's own commands, in an Umbral encounter's channel: its sheets,
#: bestiary, tables and tests work there; its combat and intrigue steps are refused.
HIELO_DRIVERS: dict[str, Driver] = {
    "hielo ficha crear": lambda w: [
        (
            w.player,
            {"nombre": w.name80, "habilidades": "Agilidad 8, Brío 4, Combate cuerpo a cuerpo 5"}
            | {"especialidades": "Rapidez 8, Brío: Trepar 3", "arma": "Daga", "daño": 99}
            | {"armadura": "Cuero", "protección": 99, "penalización": 99, "destino": 99},
        )
    ],
    "hielo ficha editar": lambda w: [(w.player, {"nombre": w.name80, "escudo": 99})],
    "hielo ficha ver": _both(lambda w: {"nombre": w.name80}),
    "hielo ficha lista": _both(lambda w: {}),
    "hielo ficha exportar": lambda w: [(w.player, {"formato": "xlsx"}), (w.gm, {"formato": "csv"})],
    "hielo ficha importar": lambda w: [(w.player, {"archivo": _hielo_file(w, "fichas")})],
    "hielo bestiario añadir": lambda w: [
        (w.gm, {"nombre": w.name80, "habilidades": "Combate cuerpo a cuerpo 8"})
    ],
    "hielo bestiario editar": lambda w: [(w.gm, {"nombre": w.name80, "arma": "Lanza", "daño": 3})],
    "hielo bestiario ver": lambda w: [(w.gm, {"nombre": w.name80})],
    "hielo bestiario lista": lambda w: [(w.gm, {})],
    "hielo bestiario exportar": lambda w: [(w.gm, {"formato": "json"})],
    "hielo bestiario importar": lambda w: [(w.gm, {"archivo": _hielo_file(w, "enemigos")})],
    "hielo tabla importar": lambda w: [(w.gm, {"tipo": "criticos", "archivo": _hielo_table(w)})],
    "hielo tabla ver": _both(lambda w: {"tipo": "criticos"}),
    "hielo prueba": lambda w: [
        (w.player, {"habilidad": "Brío", "especialidad": "Trepar", "dificultad": 9}),
        (w.player, {"habilidad": "Agilidad", "contra": w.name80, "destino": "recibir_b"}),
        (w.gm, {"habilidad": "Combate cuerpo a cuerpo", "personaje": w.name80, "dificultad": 99}),
    ],
    "hielo intriga simple": lambda w: [
        (w.player, {"personaje": w.name80, "contra": w.name80, "técnica": "Seducción"}),
    ],
    "hielo sorpresa": lambda w: [(w.gm, {"acechante": w.enemy, "atacado": w.pc})],
    "hielo daño": lambda w: [(w.player, {"leves": 8, "grave": True})],
    "hielo turno": lambda w: [(w.gm, {"que": "pasar"}), (w.player, {"que": "actuar"})],
    "hielo acción": lambda w: [(w.player, {"tamaño": "menor", "descripción": w.long(200)})],
    "hielo fatiga": lambda w: [(w.player, {"uso": "armadura"})],
    "hielo destino": lambda w: [(w.gm, {"uso": "detalle", "detalle": w.long(200)})],
    "hielo rendirse": lambda w: [(w.player, {})],
    "hielo ajustar": lambda w: [
        (
            w.gm,
            {"combatiente": w.enemy, "salud": 24, "leves": 8, "graves": 8, "fatiga": 8}
            | {"destino": 99, "motivo": w.long(200)},
        ),
        (w.gm, {"combatiente": w.pc, "salud": 0}),
    ],
    "hielo intriga unirse": lambda w: [
        (w.player, {"personaje": w.name80, "bando": w.long(40), "objetivo": w.long(60)})
    ],
    "hielo intriga preparar": lambda w: [(w.player, {"técnica": w.long(60), "influencia": 99})],
    "hielo intriga intercambio": lambda w: [(w.gm, {})],
    "hielo intriga influir": lambda w: [(w.player, {"objetivo": w.enemy})],
    "hielo intriga frustración": lambda w: [(w.player, {"usar": True})],
    "hielo intriga acción": lambda w: [
        (w.player, {"descripción": w.long(200), "habilidad": "Estatus", "dificultad": 9})
    ],
    "hielo intriga esperar": lambda w: [(w.player, {})],
}


#: Each command in a safe order: commands that end or delete things come last (their order
#: here is the order they run in).
DRIVERS: dict[str, Driver] = {
    "ayuda": lambda w: [(w.player, {}), (w.gm, {"para": "master"}), (w.gm, {"tema": "tirar"})],
    "config": lambda w: [(w.player, {}), (w.gm, {"defensa": "espera"})],
    "encuentro ver": _both(lambda w: {}),
    "encuentro pendientes": _both(lambda w: {}),
    "encuentro enemigos": lambda w: [(w.gm, {"nombre": w.kind, "cantidad": 50})],
    "encuentro ajustar": lambda w: [(w.gm, {"combatiente": w.pc, "aguante": 500})],
    "estado poner": lambda w: [(w.gm, {"objetivo": w.enemy, "estado": e}) for e in w.estados],
    "estado quitar": lambda w: [(w.gm, {"objetivo": w.enemy, "estado": w.estados[0]})],
    "estado recuperar": lambda w: [(w.player, {"estado": w.estados[-1]})],
    "ficha ver": _both(lambda w: {"personaje": w.pc}),
    "ficha lista": _both(lambda w: {}),
    "ficha usar": lambda w: [(w.player, {"personaje": w.pc})],
    "graduado ficha crear": lambda w: [
        (w.player, {"nombre": w.name80, "poder": 69, "aguante": 100000, "magia": 0, "mana": 0})
    ],
    "graduado ficha editar": lambda w: [(w.player, {"nombre": w.name80, "gastado_aguante": 9})],
    "graduado ficha ver": _both(lambda w: {"nombre": w.name80}),
    "graduado ficha lista": _both(lambda w: {}),
    "graduado bestiario crear": lambda w: [
        (w.gm, {"nombre": w.name80, "poder": 89, "aguante": 0, "mundo": True, "base": 100})
    ],
    "graduado bestiario editar": lambda w: [(w.gm, {"nombre": w.name80, "arma": 5})],
    "graduado bestiario ver": lambda w: [(w.gm, {"nombre": w.name80})],
    "graduado bestiario lista": lambda w: [(w.gm, {})],
    # in this Umbral encounter the graded fight's commands are refused (another game)
    "graduado atacar": lambda w: [(w.player, {"objetivo": w.enemy, "esfuerzo": 5})],
    "graduado defender": lambda w: [(w.player, {"tipo": "parar"})],
    "graduado interponerse": lambda w: [(w.player, {"aliado": w.pc})],
    "graduado curar": lambda w: [(w.player, {"aliado": w.pc, "medio": "manos"})],
    "graduado hazana": lambda w: [(w.player, {"descripcion": w.long(200), "efecto": 3})],
    "graduado anunciar": lambda w: [(w.gm, {"enemigo": w.enemy, "objetivo": w.pc})],
    "graduado mundo": lambda w: [(w.gm, {"rangos": w.long(6000)})],
    "graduado escalar": lambda w: [(w.gm, {"base": 3})],
    "graduado botin": lambda w: [(w.gm, {"objetos": w.long(6000)})],
    "graduado repartir": lambda w: [(w.gm, {})],
    "graduado ajustar": lambda w: [
        (w.gm, {"combatiente": w.pc, "aguante": 100000, "maná": 0, "caído": False}),
        (w.gm, {"combatiente": w.enemy, "inutilizado": True, "motivo": w.long(200)}),
    ],
    "ficha crear": lambda w: [
        (
            w.player,
            {"nombre": w.name80, "vigor": 5, "destreza": 5, "percepcion": 5, "voluntad": 5}
            | {"proteccion": 4, "aguante_extra": 50, "aliento": 20},
        )
    ],
    "ficha oficio": lambda w: [(w.player, {"nombre": w.name80, "valor": 5, "personaje": w.pc})],
    "ficha arma": lambda w: [
        (w.player, {"nombre": w.name80, "clase": "arco", "personaje": w.pc}),
        (w.player, {"nombre": w.long(80), "cualidades": w.long(200), "personaje": w.pc}),
    ],
    "ficha editar": lambda w: [(w.player, {"notas": w.long(1000), "personaje": w.pc})],
    "ficha ajustar": lambda w: [
        (w.gm, {"personaje": w.pc, "estados": "aturdido, cegado", "motivo": w.long(200)}),
        (w.player, {"personaje": w.pc, "aguante": 1, "motivo": w.long(200)}),
    ],
    "ficha exportar": lambda w: [(w.player, {}), (w.player, {"formato": "csv"})],
    "ficha importar": lambda w: [(w.player, {"archivo": _sheet_file(w)})],
    "bestiario añadir": lambda w: [
        (
            w.gm,
            {"nombre": w.name80, "ataque": 40, "defensa": 40, "aguante": 500, "potencia": 30}
            | {"arma": w.name80, "notas": w.long(500)},
        )
    ],
    "bestiario ver": lambda w: [(w.gm, {"nombre": w.kind})],
    "bestiario lista": lambda w: [(w.gm, {})],
    "bestiario exportar": lambda w: [(w.gm, {"formato": "json"})],
    "bestiario importar": lambda w: [(w.gm, {"archivo": _bestiary_file(w)})],
    "bestiario ejemplo": lambda w: [(w.gm, {"conflictos": "saltar"})],
    "tabla secuelas importar": lambda w: [(w.gm, {"archivo": _secuelas_file(w)})],
    "tabla secuelas ver": _both(lambda w: {}),
    "tabla estados crear": lambda w: [
        (w.gm, {"nombre": w.name80, "desventaja": "ofensiva, social, vista", "cabeza": True})
    ],
    "tabla estados lista": _both(lambda w: {}),
    "reto crear": lambda w: [
        (w.gm, {"nombre": w.name80, "umbral": 9, "exitos": 20, "coste": w.long(200)})
    ],
    "reto ver": _both(lambda w: {}),
    "reto tirar": lambda w: [(w.player, {"atributo": "vigor", "oficio": w.oficio})],
    "tirada": lambda w: [
        (w.player, {"atributo": "vigor", "umbral": 9, "oficio": w.oficio, "motivo": w.long(200)}),
        (w.player, {"atributo": "voluntad", "umbral": 21, "ambito": "social", "privada": True}),
        (w.player, {"atributo": "vigor", "contra": w.enemy, "oficio_contra": w.oficio}),
        (w.player, {"atributo": "destreza", "contra": w.enemy, "empujas": True}),
    ],
    "dados guardar": lambda w: [
        (w.player, {"nombre": "ataque", "expresion": "1d12+5"}),
        (w.player, {"nombre": "largo", "expresion": "1d12+" + "9" * 195}),
        (w.gm, {"nombre": "ataque", "expresion": "200d12", "servidor": True}),
    ],
    "dados lista": _both(lambda w: {}),
    "tirar": lambda w: [
        (w.player, {"expresion": ";".join(["200d12"] * 6), "motivo": w.long(200)}),
        (w.player, {"expresion": "ataque+2; largo", "motivo": w.long(200)}),
        (w.player, {"expresion": "1d12+" + "9" * 195}),
        (w.player, {"reserva": 10, "bonus": 10, "exitos": "8"}),
        (w.player, {"porcentaje": 200, "habilidad": 200, "modificador": -200}),
    ],
    "historial": lambda w: [
        *_both(lambda w: {"n": 25})(w),
        *_both(lambda w: {"personaje": w.pc, "alcance": "servidor"})(w),
        (w.gm, {"exportar": "csv", "alcance": "servidor"}),
        (w.player, {"exportar": "json"}),
    ],
    "estadisticas": lambda w: [
        (w.player, {}),
        (w.player, {"personaje": w.pc}),
        (w.gm, {"alcance": "servidor", "desde": "2000-01-01"}),
    ],
    "encuentro lista": lambda w: [(w.gm, {})],
    **HIELO_DRIVERS,
    "encuentro recordatorios": lambda w: [
        (w.gm, {"horas": 2, "silencio": "23-9"}),
        (w.gm, {"horas": 0}),
    ],
    "sesion programar": lambda w: [
        (
            w.gm,
            {"titulo": w.name80, "fecha": "2026-06-01", "hora": "20:00", "duracion": 600}
            | {"descripcion": w.long(1000)},
        ),
        (w.player, {"titulo": w.name80, "fecha": "01/06/2026", "hora": "21:00"}),
    ],
    "sesion lista": _both(lambda w: {}),
    "sesion cambiar": lambda w: [
        (w.gm, {"sesion": w.name80, "titulo": w.long(100), "hora": "23:59"}),
        (w.gm, {"sesion": w.long(100), "descripcion": w.long(1000), "duracion": 15}),
    ],
    "sesion cancelar": lambda w: [
        (w.player, {"sesion": w.long(100)}),
        (w.gm, {"sesion": w.long(100)}),
    ],
    "decir": lambda w: [
        (w.player, {"texto": w.long(1800)}),
        (w.player, {"texto": "*a* **b** [c](https://x.example) @everyone", "personaje": w.spare}),
        (w.gm, {"texto": "sin personaje"}),
    ],
    "esencia gastar": lambda w: [
        (w.player, {"puntos": 1, "motivo": w.long(200)}),
        (w.gm, {"puntos": 1, "motivo": w.long(200), "personaje": w.pc}),
    ],
    "defender": lambda w: [(w.player, {"oficio": w.oficio}), (w.player, {"asaltos": 50})],
    "atacar": lambda w: [
        (w.gm, {"objetivo": w.pc, "atacante": w.enemy}),
        (w.player, {"objetivo": w.enemy, "arma": w.weapon, "oficio": w.oficio}),
    ],
    "asalto": lambda w: [(w.gm, {})],  # now the players' phase
    "disparar": lambda w: [
        (w.player, {"objetivo": w.enemy, "arma": w.weapon}),
        (w.player, {"objetivo": w.enemy, "quieto": False}),
    ],
    "maniobra": lambda w: [
        (w.player, {"tipo": "apuntar", "objetivo": w.enemy, "condicion": w.long(200)}),
        (w.player, {"tipo": "sostener", "objetivo": w.enemy}),
    ],
    "respuesta": lambda w: [(w.player, {"tipo": "oportunidad", "objetivo": w.enemy})],
    "secuelas": lambda w: [(w.player, {}), (w.player, {"aliento": True})],
    "estabilizar": lambda w: [(w.player, {"objetivo": w.enemy})],
    "vendar": lambda w: [(w.player, {"objetivo": w.pc}), (w.gm, {"objetivo": w.enemy})],
    "aliento": lambda w: [(w.player, {"uso": "subir"})],
    "mapa crear": lambda w: [(w.gm, {"ancho": w.tablero, "alto": w.tablero})],
    "mapa muro": lambda w: [(w.gm, {"casillas": "C3"})],
    "mapa cobertura": lambda w: [(w.gm, {"casillas": "D4;E5"})],
    "mapa colocar": lambda w: [(w.gm, {"combatiente": w.enemy, "casilla": "B7"})],
    "mapa ver": _both(lambda w: {}),
    "mapa area": lambda w: [(w.gm, {"tamaño": 6, "casilla": "F6"})],
    "mapa barrido": lambda w: [(w.gm, {"atacante": w.enemy, "casillas": "A2;B2;C2"})],
    "mover": lambda w: [(w.player, {"casilla": "B2"})],
    "mapa quitar": lambda w: [(w.gm, {"combatiente": w.enemy})],
    "tabla estados borrar": lambda w: [(w.gm, {"nombre": w.name80})],
    "tabla secuelas restablecer": lambda w: [(w.gm, {})],
    # the percentile game (issue 47): the server's sheets, bestiary and tables; its fight
    # commands, in this channel's Umbral encounter, are refused in Spanish
    "porcentual tabla importar": lambda w: [
        (w.gm, {"tabla": "bonificador", "filas": "0-12: 0; 13-50: 1D4"}),
        (w.gm, {"tabla": "modificadores", "filas": w.long(1000)}),
    ],
    "porcentual tabla ver": _both(lambda w: {}),
    "porcentual ficha crear": lambda w: [
        (
            w.player,
            {"nombre": w.name80, "caracteristicas": "fuerza 12, agilidad 10, percepción 10"}
            | {"pv": 20, "competencias": "Espadas 60, Esquivar 40", "protege": w.long(1000)},
        )
    ],
    "porcentual ficha editar": lambda w: [
        (w.player, {"nombre": w.name80, "armadura": w.name80, "proteccion": 2})
    ],
    "porcentual ficha arma": lambda w: [
        (
            w.player,
            {"ficha": w.name80, "nombre": w.name80, "danio": "1D8+1", "competencia": "Espadas"},
        ),
        (w.player, {"ficha": w.name80, "nombre": "hacha", "danio": "1D8", "rasgos": w.long(1000)}),
    ],
    "porcentual ficha ver": _both(lambda w: {"nombre": w.name80}),
    "porcentual ficha lista": _both(lambda w: {}),
    "porcentual ficha exportar": lambda w: [
        (w.player, {}),
        (w.player, {"formato": "json"}),
        (w.player, {"formato": "xlsx"}),
        (w.gm, {"formato": "csv"}),
    ],
    "porcentual ficha importar": lambda w: [
        (w.player, {"archivo": _porcentual_file(w, "fichas")}),
        (w.player, {"archivo": _porcentual_row(w)}),
    ],
    "porcentual bestiario crear": lambda w: [
        (
            w.gm,
            {"nombre": w.name80, "caracteristicas": "fuerza 14, agilidad 9, percepción 9"}
            | {"pv": 25},
        )
    ],
    "porcentual bestiario editar": lambda w: [(w.gm, {"nombre": w.name80, "pv": 30})],
    "porcentual bestiario arma": lambda w: [
        (w.gm, {"ficha": w.name80, "nombre": w.name80, "danio": "2D6", "competencia": "Hachas"})
    ],
    "porcentual bestiario ver": _both(lambda w: {"nombre": w.name80}),
    "porcentual bestiario lista": _both(lambda w: {}),
    "porcentual bestiario exportar": lambda w: [
        (w.gm, {"formato": "yaml"}),
        (w.gm, {"formato": "csv"}),
    ],
    "porcentual bestiario importar": lambda w: [
        (w.gm, {"archivo": _porcentual_file(w, "enemigos")})
    ],
    "porcentual declarar": lambda w: [(w.player, {"acciones": w.long(500)})],
    "porcentual defender": lambda w: [(w.player, {"accion": "esquivar"})],
    "porcentual actuar": lambda w: [(w.player, {"accion": 1, "modificadores": w.long(300)})],
    "porcentual maniobra": lambda w: [(w.player, {"tipo": "zafarse"})],
    "porcentual perder": lambda w: [
        (w.gm, {"combatiente": w.pc, "accion": 1, "motivo": w.long(200)})
    ],
    "porcentual pendiente": lambda w: [(w.gm, {"texto": w.long(200)})],
    "porcentual abandonar": lambda w: [(w.player, {})],
    "porcentual guardia": lambda w: [(w.player, {})],
    "porcentual atrapar": lambda w: [(w.player, {})],
    "porcentual enfrentamiento": lambda w: [
        (w.gm, {"activo": w.pc, "caracteristica": "fuerza", "veces": 5, "pasivo": w.enemy})
    ],
    "porcentual ajustar": lambda w: [
        (
            w.gm,
            {
                "combatiente": w.pc,
                "pv": -500,
                "armadura": 500,
                "escudo": 0,
                "en_suelo": True,
                "inconsciente": 1440,
                "a_caballo": False,
                "motivo": w.long(200),
            },
        )
    ],
    "descanso": lambda w: [(w.gm, {"personajes": w.pc, "motivo": w.long(200), "dueño": w.player})],
    "deshacer": lambda w: [(w.gm, {})],
    "encuentro unirse": lambda w: [(w.player, {"personaje": w.spare})],
    "encuentro quitar": lambda w: [(w.gm, {"combatiente": w.enemy})],
    "reto terminar": lambda w: [(w.gm, {})],
    "ficha ceder": lambda w: [
        (w.gm, {"personaje": w.spare, "dueño": w.player}),  # to the GM, as an ally
        (w.gm, {"personaje": w.spare, "dueño": w.gm, "a": w.player}),  # and back
    ],
    "ficha retirar": lambda w: [(w.gm, {"personaje": w.spare, "dueño": w.player})],
    "ficha revivir": lambda w: [(w.gm, {"personaje": w.spare, "dueño": w.player})],
    "ficha borrar": lambda w: [(w.player, {"personaje": w.spare})],
    "bestiario borrar": lambda w: [(w.gm, {"nombre": "Importado"})],
    "graduado ficha borrar": lambda w: [(w.player, {"nombre": w.name80})],
    "graduado bestiario borrar": lambda w: [(w.gm, {"nombre": w.name80})],
    "porcentual ficha borrar": lambda w: [(w.player, {"nombre": w.name80})],
    "porcentual bestiario borrar": lambda w: [(w.gm, {"nombre": w.name80})],
    "dados borrar": lambda w: [(w.player, {"nombre": "largo"})],
    "hielo tabla borrar": lambda w: [(w.gm, {"tipo": "criticos"})],
    "hielo ficha borrar": lambda w: [(w.player, {"nombre": w.name80})],
    "hielo bestiario borrar": lambda w: [(w.gm, {"nombre": w.name80})],
    "encuentro terminar": lambda w: [(w.gm, {})],
    # last: a fresh Narrativo encounter, where the buttons are pressed
    "encuentro empezar": lambda w: [(w.gm, {"modo": "narrativo", "emboscada": "enemigos"})],
}


async def _defender(w: World) -> list[Reply]:
    await w.fake.command(w.gm, w.channel, "atacar", {"objetivo": w.pc, "atacante": w.enemy})
    return [await w.fake.press(w.player, w.channel, "Defender")]


async def _pages(w: World) -> list[Reply]:
    await w.fake.command(w.gm, w.channel, "bestiario lista")
    found = [m for m in w.fake.messages if any(b.get("label") == "Siguiente ▶" for b in m.buttons)]
    if not found:
        return []
    return [await w.fake.press(w.gm, w.channel, "Siguiente ▶")]


async def _history_pages(w: World) -> list[Reply]:
    await w.fake.command(w.gm, w.channel, "historial", {"alcance": "servidor"})
    last = w.fake.messages[-1] if w.fake.messages else None
    if last is None or not any(b.get("label") == "Siguiente ▶" for b in last.buttons):
        return []
    return [await w.fake.press(w.gm, w.channel, "Siguiente ▶")]


async def _repeat(w: World) -> list[Reply]:
    await w.fake.command(w.player, w.channel, "tirar", {"expresion": "ataque+2; 200d12"})
    return [await w.fake.press(w.player, w.channel, "Repetir")]


async def _undo(w: World, label: str) -> list[Reply]:
    await w.fake.command(w.gm, w.channel, "encuentro ajustar", {"combatiente": w.pc, "aguante": 1})
    await w.fake.command(w.gm, w.channel, "deshacer")
    return [await w.fake.press(w.gm, w.channel, label)]


async def _loot(w: World) -> list[Reply]:
    """A graded fight won in #botin (a sure kill: power 25 against 5, aguante 1), its loot
    card, and a press of «Quiero»."""
    lines = [
        (w.gm, "graduado bestiario crear", {"nombre": "Rata", "poder": 5, "aguante": 1}),
        (w.player, "graduado ficha crear", {"nombre": "Heroína", "poder": 25, "aguante": 50}),
        (w.gm, "encuentro empezar", {"sistema": "graduado"}),
        (w.gm, "encuentro enemigos", {"nombre": "Rata"}),
        (w.player, "encuentro unirse", {"personaje": "Heroína"}),
        (w.player, "atacar", {"objetivo": "Rata"}),
        (w.gm, "asalto", {}),
        (w.gm, "graduado botin", {"objetos": w.name80[:60], "monedas": 3}),
    ]
    for user, path, options in lines:
        await w.fake.command(user, "botin", path, options)
    cards = [  # (a later example of the same database presses the card still open)
        str(b["label"])
        for m in w.fake.messages
        if m.channel == "botin" and not m.ephemeral
        for b in m.buttons
        if str(b.get("label", "")).startswith("Quiero")
    ]
    assert cards, "no loot card in #botin"
    return [await w.fake.press(w.player, "botin", cards[-1])]


#: Every button by its ``custom_id`` (persistent views) or class name (dynamic items).
BUTTONS: dict[str, Press] = {
    "umbral:defender": _defender,
    "PageButton": _pages,
    "HistoryButton": _history_pages,
    "UndoButton": lambda w: _undo(w, "Deshacer"),
    "CancelButton": lambda w: _undo(w, "Cancelar"),
    "RepeatButton": _repeat,
    "LootButton": _loot,
}


def commands_of(
    tree: app_commands.CommandTree[Any],
) -> dict[str, app_commands.Command[Any, ..., Any]]:
    """Every slash command the tree holds, by qualified name (groups walked recursively)."""
    found: dict[str, app_commands.Command[Any, ..., Any]] = {}

    def walk(items: list[app_commands.Command[Any, ..., Any] | app_commands.Group]) -> None:
        for item in items:
            if isinstance(item, app_commands.Group):
                walk(item.commands)
            else:
                found[item.qualified_name] = item

    walk(
        [c for c in tree.get_commands() if isinstance(c, app_commands.Command | app_commands.Group)]
    )
    return found


def buttons_of(bot: discord.Client) -> set[str]:
    """Every button the bot answers: persistent views' ``custom_id`` and dynamic items."""
    store: Any = bot._connection._view_store
    ids = {
        str(item.custom_id)
        for view in store.persistent_views
        for item in view.children
        if isinstance(item, discord.ui.Button) and item.custom_id
    }
    return ids | {cls.__name__ for cls in store._dynamic_items.values()}


def missing_drivers(bot: discord.Client) -> list[str]:
    tree: app_commands.CommandTree[Any] = bot.tree  # type: ignore[attr-defined]
    commands = [f"/{name}" for name in commands_of(tree) if name not in DRIVERS]
    buttons = [f"botón {b}" for b in sorted(buttons_of(bot)) if b not in BUTTONS]
    return sorted(commands) + buttons


def hostile_call(w: World, command: app_commands.Command[Any, ..., Any], base: Call) -> Call | None:
    """``base`` with every free-text option (no fixed choices) at its longest (None when the
    command has no such option)."""
    user, options = base
    hostile = dict(options)
    for param in command.parameters:
        if param.type is not discord.AppCommandOptionType.string or param.choices:
            continue
        size = int(param.max_value) if param.max_value is not None else STRING_OPTION_MAX
        hostile[param.display_name] = w.long(size)
    return (user, hostile) if hostile != options else None

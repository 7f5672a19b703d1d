"""The permission matrix's scenarios: for every row of the commands' declared permissions
(``bot.edge.context.permission_rows``), the channel, the lines run first, the command and its
options (``test_permissions`` runs each as every actor)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.conftest import GUARDIA, KAEDA

BRAN = ["@bran", "/ficha crear nombre:Bran vigor:2 destreza:2 percepcion:2 voluntad:2 proteccion:0"]
WORLD = [
    *GUARDIA,
    *KAEDA,
    "/ficha arma nombre:Arco clase:arco",
    *BRAN,
    "@master",
    "/encuentro empezar modo:mesa",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
    "@bran",
    "/encuentro unirse",
]
TACTICO = [
    "@master",
    "/encuentro quitar combatiente:Íñigo",  # a character fights in one encounter at a time
    "#tac",
    "/encuentro empezar modo:tactico",
    '/encuentro enemigos nombre:"Ñu del puerto"',
    "@kaeda",
    "/encuentro unirse",
    "@master",
    "/mapa crear ancho:8 alto:8",
    "/mapa colocar combatiente:Íñigo casilla:A1",
    '/mapa colocar combatiente:"Ñu del puerto" casilla:C3',
]
ENEMY_ATTACKS = ["@master", "/asalto", '/atacar objetivo:Íñigo atacante:"Ñu del puerto"']


def falls(who: str) -> list[Any]:
    """``who`` drops to 0 under the guard's blow (``who`` defends with a natural 1)."""
    return [
        "@master",
        f"/encuentro ajustar combatiente:{who} aguante:1",
        "/asalto",
        [1],
        f'/atacar objetivo:{who} atacante:"Ñu del puerto"',
        f"@{ {'Íñigo': 'kaeda'}.get(who, who.lower()) }",
        "/defender",
    ]


OGRO = [
    "@master",
    "/bestiario añadir nombre:Ogro ataque:16 defensa:11 aguante:30 potencia:6 tamaño:grande",
    "#tac",
    "/encuentro enemigos nombre:Ogro",
    "/mapa colocar combatiente:Ogro casilla:B1",
    "/asalto",  # the enemies' phase: the Ogro's turn
]
#: A graded d100 fight (seed 003) in #grad: Kaeda's Aria against the GM's Lobo.
GRAD = [
    "@kaeda",
    "/graduado ficha crear nombre:Aria poder:25 aguante:100",
    "@master",
    "/graduado bestiario crear nombre:Lobo poder:25 aguante:14",
    "#grad",
    "/encuentro empezar sistema:graduado",
    "/encuentro enemigos nombre:Lobo",
    "@kaeda",
    "/encuentro unirse personaje:Aria",
]
#: Aria's CRÍTICO kills the wolf: a victory, then its loot card.
GRAD_WON = [*GRAD, "/atacar objetivo:Lobo", [55], "@master", "/asalto"]
GRAD_CARD = [*GRAD_WON, "/graduado botin objetos:Yelmo"]
ARIA = {"nombre": "Aria"}
RETO = ["@master", "#otra", "/reto crear nombre:Puerta umbral:9 exitos:3"]
#: Saved rolls called «ataque»: the server's and every player's of this server.
SAVED = [
    "@kaeda",
    "/dados guardar nombre:ataque expresion:1d12+1",
    "@bran",
    "/dados guardar nombre:ataque expresion:1d12+1",
    "@master",
    "/dados guardar nombre:ataque expresion:1d12+2",
    "/dados guardar nombre:ataque expresion:1d12 servidor:sí",
]
SESION = ["@master", '/sesion programar titulo:"Sesión 1" fecha:2026-02-01 hora:20:00']
CHARACTER_FILE = b"""personajes:
  - nombre: Sombra
    atributos: {vigor: 1, destreza: 4, percepcion: 3, voluntad: 2}
    proteccion: 0
"""
SECUELAS_FILE = b"""secuelas:
  - nombre: Cicatriz
    resultado: 2-16
"""
BESTIARY_FILE = b"""enemigos:
  - nombre: Lobo
    ataque: 9
    defensa: 9
    aguante: 8
    potencia: 2
"""
G = "Ñu del puerto"
#: The ``dueño`` option naming kaeda (the GM's custody), with and without her Íñigo.
KAEDA_ = {"dueño": "@kaeda"}
KAEDAS = {"personaje": "Íñigo", **KAEDA_}

#: Canción de hielo y fuego in #hielo: kaeda's Yorgen and bran's Brann against a guard.
HIELO = [
    "@kaeda",
    '/hielo ficha crear nombre:Yorgen habilidades:"Brío 3, Agilidad 3, Combate cuerpo a cuerpo 4" '
    'especialidades:"Rapidez 1" arma:Daga daño:2',
    "@bran",
    "/hielo ficha crear nombre:Brann",
    "@master",
    (
        '/hielo bestiario añadir nombre:Guardia habilidades:"Combate cuerpo a cuerpo 3" '
        "arma:Lanza daño:3"
    ),
    "#hielo",
    "/encuentro empezar sistema:hielo",
    "/encuentro enemigos nombre:Guardia",
    "@kaeda",
    "/encuentro unirse personaje:Yorgen",
]
#: The first asalto: Yorgen (4, 4, 4, 4) before the guard (1, 1): Yorgen's turn.
HIELO_ASALTO = [*HIELO, "@master", [1, 1, 4, 4, 4, 4], "/asalto"]
#: The guard's lance hits Yorgen (5, 5, 3): 6 damage waits for Yorgen's choice.
HIELO_HIT = [*HIELO_ASALTO, "/hielo turno que:pasar", [5, 5, 3], "/atacar objetivo:Yorgen"]
YORGEN = {"personaje": "Yorgen"}
#: A fumble table of the group, loaded by the GM.
PIFIAS = Path(__file__).resolve().parents[1] / "fixtures" / "hielo-pifias.yaml"
HIELO_TABLA = [*HIELO, "@master", f"/hielo tabla importar tipo:pifias archivo:@{PIFIAS}"]

#: An intrigue in #hielo: Yorgen (kaeda's) and the guard (the GM's), each with an FA.
HIELO_INTRIGA = [
    *HIELO,
    "/hielo intriga unirse personaje:Yorgen bando:casa objetivo:Amistad fa:1",
    "@master",
    "/hielo intriga unirse personaje:Guardia bando:guardia objetivo:Servicio fa:1",
    "/hielo intriga preparar personaje:Guardia técnica:Intimidar influencia:2",
    "@kaeda",
    "/hielo intriga preparar técnica:Seducción influencia:2",
]
#: The first exchange: Yorgen's Estatus 6, 6 before the guard's 1, 1: Yorgen's turn.
YORGEN_TURN = [*HIELO_INTRIGA, "@master", [6, 6, 1, 1], "/hielo intriga intercambio"]
#: The guard first (6, 6), and its 6, 6 influence Yorgen: 2 × 2 − FA 1 = 3 waiting for him.
INFLUIDO = [
    *HIELO_INTRIGA,
    "@master",
    [1, 1, 6, 6],
    "/hielo intriga intercambio",
    [6, 6],
    "/hielo intriga influir objetivo:Yorgen",
]

#: label → (channel, lines run first, command, options). The options name Íñigo, kaeda's.
SCENARIOS: dict[str, tuple[str, list[Any], str, dict[str, Any]]] = {
    "/ayuda": ("mesa", [], "ayuda", {}),
    "/tirar": ("mesa", [], "tirar", {"expresion": "2d12"}),
    "/historial": ("mesa", [], "historial", {}),
    "/historial (personaje)": ("mesa", [], "historial", {"personaje": "Íñigo"}),
    "/historial (alcance servidor)": ("mesa", [], "historial", {"alcance": "servidor"}),
    "/historial (exportar)": (
        "mesa",
        ["@kaeda", "/tirar expresion:1d12"],
        "historial",
        {"exportar": "csv"},
    ),
    "/dados guardar": ("mesa", [], "dados guardar", {"nombre": "ataque", "expresion": "1d12+5"}),
    "/dados guardar (servidor)": (
        "mesa",
        [],
        "dados guardar",
        {"nombre": "ataque", "expresion": "1d12", "servidor": True},
    ),
    "/dados lista": ("mesa", SAVED, "dados lista", {}),
    "/dados borrar": ("mesa", SAVED, "dados borrar", {"nombre": "ataque"}),
    "/dados borrar (servidor)": (
        "mesa",
        SAVED,
        "dados borrar",
        {"nombre": "ataque", "servidor": True},
    ),
    "/estadisticas": ("mesa", ["@kaeda", "/tirar expresion:1d12"], "estadisticas", {}),
    "/estadisticas (personaje)": ("mesa", [], "estadisticas", {"personaje": "Íñigo"}),
    "/estadisticas (alcance servidor)": ("mesa", [], "estadisticas", {"alcance": "servidor"}),
    "/config (ver)": ("mesa", [], "config", {}),
    "/config (cambiar)": ("mesa", [], "config", {"modo": "narrativo"}),
    "/config (zona horaria)": ("mesa", [], "config", {"zona_horaria": "Atlantic/Canary"}),
    "/tirada": ("mesa", [], "tirada", {"atributo": "vigor", "umbral": 9}),
    "/tirada (personaje)": (
        "mesa",
        [],
        "tirada",
        {"atributo": "vigor", "umbral": 9, "personaje": "Íñigo"},
    ),
    "/tirada (privada)": (
        "mesa",
        [],
        "tirada",
        {"atributo": "vigor", "umbral": 9, "privada": True, "motivo": "sigilo"},
    ),
    "/tirada (dueño)": ("mesa", [], "tirada", {"atributo": "vigor", "umbral": 9, **KAEDAS}),
    "/reto crear": ("otra", [], "reto crear", {"nombre": "Muro", "umbral": 9, "exitos": 2}),
    "/reto tirar": ("otra", RETO, "reto tirar", {"atributo": "vigor"}),
    "/reto ver": ("otra", RETO, "reto ver", {}),
    "/reto terminar": ("otra", RETO, "reto terminar", {}),
    "/ficha crear": (
        "mesa",
        [],
        "ficha crear",
        {
            "nombre": "Nueva",
            "vigor": 1,
            "destreza": 1,
            "percepcion": 1,
            "voluntad": 1,
            "proteccion": 0,
        },
    ),
    "/ficha oficio": (
        "mesa",
        [],
        "ficha oficio",
        {"nombre": "sigilo", "valor": 1, "personaje": "Íñigo"},
    ),
    "/ficha arma": (
        "mesa",
        [],
        "ficha arma",
        {"nombre": "Daga", "clase": "daga", "personaje": "Íñigo"},
    ),
    "/ficha oficio (quitar)": (
        "mesa",
        [],
        "ficha oficio",
        {"nombre": "armas", "quitar": True, "personaje": "Íñigo"},
    ),
    "/ficha arma (quitar)": (
        "mesa",
        [],
        "ficha arma",
        {"nombre": "Espada", "quitar": True, "personaje": "Íñigo"},
    ),
    "/ficha oficio (dueño)": (
        "mesa",
        [],
        "ficha oficio",
        {"nombre": "sigilo", "valor": 1, **KAEDAS},
    ),
    "/ficha arma (dueño)": (
        "mesa",
        [],
        "ficha arma",
        {"nombre": "Daga", "clase": "daga", **KAEDAS},
    ),
    "/ficha editar (dueño)": ("mesa", [], "ficha editar", {"vigor": 4, **KAEDAS}),
    "/ficha editar": ("mesa", [], "ficha editar", {"vigor": 4, "personaje": "Íñigo"}),
    "/ficha ver": ("mesa", [], "ficha ver", {"personaje": "Íñigo"}),
    "/ficha usar": ("mesa", [], "ficha usar", {"personaje": "Íñigo"}),
    "/ficha lista": ("mesa", [], "ficha lista", {}),
    "/ficha lista (retirados)": ("mesa", [], "ficha lista", {"retirados": True}),
    "/ficha revivir": (
        "mesa",
        ["@master", "/encuentro quitar combatiente:Íñigo", "/ficha retirar personaje:Íñigo"],
        "ficha revivir",
        {"personaje": "Íñigo"},
    ),
    "/ficha retirar": (
        "mesa",
        ["@master", "/encuentro quitar combatiente:Íñigo"],
        "ficha retirar",
        {"personaje": "Íñigo"},
    ),
    "/ficha borrar": ("mesa", [], "ficha borrar", {"personaje": "Íñigo"}),
    "/ficha importar": ("mesa", [], "ficha importar", {"archivo": CHARACTER_FILE}),
    "/ficha exportar": ("mesa", [], "ficha exportar", {"personaje": "Íñigo"}),
    "/ficha exportar (dueño)": ("mesa", [], "ficha exportar", KAEDA_),
    "/ficha importar (dueño)": (
        "mesa",
        [],
        "ficha importar",
        {"archivo": CHARACTER_FILE, **KAEDA_},
    ),
    # Íñigo fights in #mesa: the GM hands it (and its combatant) to bran
    "/ficha ceder": ("mesa", [], "ficha ceder", {"personaje": "Íñigo", "a": "@bran"}),
    "/bestiario añadir": (
        "mesa",
        [],
        "bestiario añadir",
        {"nombre": "Lobo", "ataque": 9, "defensa": 9, "aguante": 8, "potencia": 2},
    ),
    "/bestiario añadir (extras)": (
        "mesa",
        [],
        "bestiario añadir",
        {
            "nombre": "Dragón",
            "ataque": 14,
            "defensa": 12,
            "aguante": 40,
            "potencia": 8,
            "proteccion": 3,
            "cualidades": "larga",
            "acciones_extra": 1,
            "respuestas_extra": 1,
            "estados": "aturdido",
        },
    ),
    "/bestiario ver": ("mesa", [], "bestiario ver", {"nombre": G}),
    "/bestiario lista": ("mesa", [], "bestiario lista", {}),
    "/bestiario borrar": ("mesa", [], "bestiario borrar", {"nombre": G}),
    "/bestiario importar": ("mesa", [], "bestiario importar", {"archivo": BESTIARY_FILE}),
    "/bestiario exportar": ("mesa", [], "bestiario exportar", {}),
    "/bestiario ejemplo": ("mesa", [], "bestiario ejemplo", {"conflictos": "saltar"}),
    "/tabla secuelas importar": ("mesa", [], "tabla secuelas importar", {"archivo": SECUELAS_FILE}),
    "/tabla secuelas ver": ("mesa", [], "tabla secuelas ver", {}),
    "/tabla secuelas restablecer": ("mesa", [], "tabla secuelas restablecer", {}),
    "/tabla estados crear": ("mesa", [], "tabla estados crear", {"nombre": "Aterrado"}),
    "/tabla estados lista": ("mesa", [], "tabla estados lista", {}),
    "/tabla estados borrar": (
        "mesa",
        ["@master", "/tabla estados crear nombre:Aterrado"],
        "tabla estados borrar",
        {"nombre": "Aterrado"},
    ),
    "/encuentro empezar": ("otra", [], "encuentro empezar", {}),
    "/encuentro unirse": (
        "otra",
        ["@master", "/encuentro quitar combatiente:Íñigo", "#otra", "/encuentro empezar"],
        "encuentro unirse",
        {"personaje": "Íñigo"},
    ),
    "/encuentro unirse (mover)": (
        "otra",
        ["@master", "#otra", "/encuentro empezar"],
        "encuentro unirse",
        {"personaje": "Íñigo", "mover": True},
    ),
    "/encuentro unirse (dueño)": (
        "otra",
        ["@master", "/encuentro quitar combatiente:Íñigo", "#otra", "/encuentro empezar"],
        "encuentro unirse",
        KAEDAS,
    ),
    "/encuentro enemigos": (
        "mesa",
        ["@master", "/bestiario añadir nombre:Lobo ataque:9 defensa:9 aguante:8 potencia:2"],
        "encuentro enemigos",
        {"nombre": "Lobo"},
    ),
    "/encuentro ver": ("mesa", [], "encuentro ver", {}),
    "/encuentro pendientes": ("mesa", [], "encuentro pendientes", {}),
    "/encuentro recordatorios": ("mesa", [], "encuentro recordatorios", {"horas": 4}),
    "/encuentro quitar": ("mesa", [], "encuentro quitar", {"combatiente": G}),
    "/encuentro ajustar": ("mesa", [], "encuentro ajustar", {"combatiente": "Íñigo", "aguante": 5}),
    "/encuentro terminar": ("mesa", [], "encuentro terminar", {}),
    "/asalto": ("mesa", [], "asalto", {}),
    "/estado poner": ("mesa", [], "estado poner", {"objetivo": "Íñigo", "estado": "Aturdido"}),
    "/estado quitar": (
        "mesa",
        ["@master", "/estado poner objetivo:Íñigo estado:Aturdido"],
        "estado quitar",
        {"objetivo": "Íñigo", "estado": "Aturdido"},
    ),
    "/estado recuperar": (
        "mesa",
        ["@master", "/estado poner objetivo:Íñigo estado:Aturdido"],
        "estado recuperar",
        {"estado": "Aturdido", "personaje": "Íñigo"},
    ),
    "/atacar": ("mesa", [], "atacar", {"objetivo": G, "atacante": "Íñigo"}),
    "/disparar": ("mesa", [], "disparar", {"objetivo": G, "arma": "Arco", "atacante": "Íñigo"}),
    "/defender": ("mesa", ENEMY_ATTACKS, "defender", {"personaje": "Íñigo"}),
    "/maniobra": ("mesa", [], "maniobra", {"tipo": "apuntar", "objetivo": G, "personaje": "Íñigo"}),
    "/respuesta": (
        "tac",
        [*TACTICO, "@kaeda", "/mover casilla:B2"],
        "respuesta",
        {"tipo": "oportunidad", "objetivo": G, "personaje": "Íñigo"},
    ),
    "/secuelas": (
        "mesa",
        falls("Íñigo"),
        "secuelas",
        {"personaje": "Íñigo"},
    ),
    "/estabilizar": (
        "mesa",
        falls("Bran"),
        "estabilizar",
        {"objetivo": "Bran", "personaje": "Íñigo"},
    ),
    "/vendar": (
        "mesa",
        ["@master", "/estado poner objetivo:Íñigo estado:Sangrando"],
        "vendar",
        {"objetivo": "Íñigo", "personaje": "Íñigo"},
    ),
    "/aliento": (
        "mesa",
        [
            "@kaeda",
            "/ficha crear nombre:Lira vigor:1 destreza:1 percepcion:1 voluntad:1 proteccion:0 "
            "aliento:2",
            "/ficha arma nombre:Daga clase:daga personaje:Lira",
            "/encuentro unirse personaje:Lira",
            [4],
            '/atacar objetivo:"Ñu del puerto" atacante:Lira',
        ],
        "aliento",
        {"uso": "repetir", "personaje": "Lira"},
    ),
    "/mapa crear": ("tac", TACTICO, "mapa crear", {"ancho": 6, "alto": 6}),
    "/mapa muro": ("tac", TACTICO, "mapa muro", {"casillas": "D4"}),
    "/mapa cobertura": ("tac", TACTICO, "mapa cobertura", {"casillas": "D5"}),
    "/mapa colocar": ("tac", TACTICO, "mapa colocar", {"combatiente": "Íñigo", "casilla": "A2"}),
    "/mapa quitar": ("tac", TACTICO, "mapa quitar", {"combatiente": "Íñigo"}),
    "/mapa ver": ("tac", TACTICO, "mapa ver", {}),
    "/mapa area": ("tac", TACTICO, "mapa area", {"tamaño": 1, "casilla": "E5"}),
    "/mapa barrido": (
        "tac",
        [*TACTICO, *OGRO],
        "mapa barrido",
        {"atacante": "Ogro", "casillas": "A1:A2"},
    ),
    "/mover": ("tac", TACTICO, "mover", {"casilla": "A2", "personaje": "Íñigo"}),
    # the owner undoes their own diceless maniobra; another player may not
    "/deshacer": ("mesa", ["@kaeda", f'/maniobra tipo:apuntar objetivo:"{G}"'], "deshacer", {}),
    "/ficha ajustar": ("mesa", [], "ficha ajustar", {"personaje": "Íñigo", "aguante": 5}),
    "/descanso": ("mesa", [], "descanso", {"personajes": "Íñigo"}),
    "/encuentro lista": ("mesa", [], "encuentro lista", {}),
    "/encuentro ver (publico)": ("mesa", [], "encuentro ver", {"publico": True}),
    "/encuentro ajustar (esencia)": (
        "mesa",
        [],
        "encuentro ajustar",
        {"combatiente": "Íñigo", "esencia": 0},
    ),
    "/decir": ("mesa", [], "decir", {"texto": "*Saluda* ¡Buenas!"}),
    "/esencia gastar": (
        "mesa",
        ["@kaeda", "/ficha editar esencia_max:3"],
        "esencia gastar",
        {"puntos": 1, "motivo": "luz", "personaje": "Íñigo"},
    ),
    "/sesion programar": (
        "mesa",
        [],
        "sesion programar",
        {"titulo": "Sesión 1", "fecha": "2026-02-01", "hora": "20:00"},
    ),
    "/sesion cambiar": ("mesa", SESION, "sesion cambiar", {"sesion": "Sesión 1", "hora": "21:00"}),
    "/sesion cancelar": ("mesa", SESION, "sesion cancelar", {"sesion": "Sesión 1"}),
    "/sesion lista": ("mesa", SESION, "sesion lista", {}),
    "/graduado ficha crear": (
        "mesa", [], "graduado ficha crear", {"nombre": "Nueva", "poder": 5, "aguante": 10}
    ),
    "/graduado ficha editar": ("mesa", GRAD[:2], "graduado ficha editar", {**ARIA, "arma": 1}),
    "/graduado ficha ver": ("mesa", GRAD[:2], "graduado ficha ver", ARIA),
    "/graduado ficha lista": ("mesa", GRAD[:2], "graduado ficha lista", {}),
    "/graduado ficha borrar": ("mesa", GRAD[:2], "graduado ficha borrar", ARIA),
    "/graduado bestiario crear": (
        "mesa", [], "graduado bestiario crear", {"nombre": "Oso", "poder": 5, "aguante": 10}
    ),
    "/graduado bestiario editar": (
        "mesa", GRAD[:4], "graduado bestiario editar", {"nombre": "Lobo", "base": 70}
    ),
    "/graduado bestiario ver": ("mesa", GRAD[:4], "graduado bestiario ver", {"nombre": "Lobo"}),
    "/graduado bestiario lista": ("mesa", GRAD[:4], "graduado bestiario lista", {}),
    "/graduado bestiario borrar": (
        "mesa", GRAD[:4], "graduado bestiario borrar", {"nombre": "Lobo"}
    ),
    "/graduado atacar": (
        "grad", GRAD, "graduado atacar", {"objetivo": "Lobo", "atacante": "Aria", "esfuerzo": 5}
    ),
    "/graduado defender": (
        "grad", GRAD, "graduado defender", {"tipo": "parar", "personaje": "Aria"}
    ),
    "/graduado interponerse": (
        "grad",
        [*GRAD, "@bran", "/graduado ficha crear nombre:Bruno poder:5 aguante:9",
         "/encuentro unirse personaje:Bruno"],
        "graduado interponerse",
        {"aliado": "Bruno", "personaje": "Aria"},
    ),
    "/graduado curar": (
        "grad", GRAD, "graduado curar", {"aliado": "Aria", "medio": "manos", "personaje": "Aria"}
    ),
    "/graduado hazana": (
        "grad", GRAD, "graduado hazana", {"descripcion": "Salta", "efecto": 3, "personaje": "Aria"}
    ),
    "/graduado escalar": ("grad", GRAD, "graduado escalar", {"base": 2}),
    "/graduado anunciar": (
        "grad", GRAD, "graduado anunciar", {"enemigo": "Lobo", "objetivo": "Aria"}
    ),
    "/graduado mundo": ("grad", GRAD, "graduado mundo", {"base_heroes": 75}),
    "/graduado ajustar": (
        "grad", GRAD, "graduado ajustar", {"combatiente": "Aria", "aguante": 40}
    ),
    "/graduado botin": ("grad", GRAD_WON, "graduado botin", {"objetos": "Yelmo, Capa"}),
    "/graduado repartir": ("grad", GRAD_CARD, "graduado repartir", {}),
    "/hielo ficha crear": ("hielo", [], "hielo ficha crear", {"nombre": "Arya"}),
    "/hielo ficha editar": (
        "hielo",
        HIELO,
        "hielo ficha editar",
        {"nombre": "Yorgen", "habilidades": "Brío 4"},
    ),
    "/hielo ficha ver": ("hielo", HIELO, "hielo ficha ver", {"nombre": "Yorgen"}),
    "/hielo ficha borrar": ("hielo", HIELO, "hielo ficha borrar", {"nombre": "Yorgen"}),
    "/hielo ficha lista": ("hielo", HIELO, "hielo ficha lista", {}),
    "/hielo bestiario añadir": ("hielo", HIELO, "hielo bestiario añadir", {"nombre": "Lobo"}),
    "/hielo bestiario editar": (
        "hielo",
        HIELO,
        "hielo bestiario editar",
        {"nombre": "Guardia", "escudo": 1},
    ),
    "/hielo bestiario ver": ("hielo", HIELO, "hielo bestiario ver", {"nombre": "Guardia"}),
    "/hielo bestiario borrar": ("hielo", HIELO, "hielo bestiario borrar", {"nombre": "Guardia"}),
    "/hielo bestiario lista": ("hielo", HIELO, "hielo bestiario lista", {}),
    "/hielo ficha exportar": ("hielo", HIELO, "hielo ficha exportar", {"formato": "csv"}),
    "/hielo ficha importar": (
        "hielo",
        HIELO,
        "hielo ficha importar",
        {"archivo": b"fichas:\n  - nombre: Nueva\n    habilidades: {Brio: 3}\n"},
    ),
    "/hielo bestiario exportar": ("hielo", HIELO, "hielo bestiario exportar", {}),
    "/hielo bestiario importar": (
        "hielo",
        HIELO,
        "hielo bestiario importar",
        {"archivo": b"enemigos:\n  - nombre: Lobo\n"},
    ),
    "/hielo tabla importar": (
        "hielo",
        HIELO,
        "hielo tabla importar",
        {"tipo": "criticos", "archivo": b"filas:\n  3: Derriba\n"},
    ),
    "/hielo tabla ver": ("hielo", HIELO_TABLA, "hielo tabla ver", {"tipo": "pifias"}),
    "/hielo tabla borrar": ("hielo", HIELO_TABLA, "hielo tabla borrar", {"tipo": "pifias"}),
    "/hielo intriga unirse": (
        "hielo",
        HIELO,
        "hielo intriga unirse",
        {**YORGEN, "bando": "casa", "objetivo": "Amistad"},
    ),
    "/hielo intriga preparar": (
        "hielo",
        HIELO_INTRIGA,
        "hielo intriga preparar",
        {**YORGEN, "técnica": "Seducción", "influencia": 3},
    ),
    "/hielo intriga intercambio": ("hielo", HIELO_INTRIGA, "hielo intriga intercambio", {}),
    "/hielo intriga influir": (
        "hielo",
        YORGEN_TURN,
        "hielo intriga influir",
        {**YORGEN, "objetivo": "Guardia"},
    ),
    "/hielo intriga frustración": ("hielo", INFLUIDO, "hielo intriga frustración", {"usar": False}),
    "/hielo intriga acción": (
        "hielo",
        YORGEN_TURN,
        "hielo intriga acción",
        {**YORGEN, "descripción": "Mira", "habilidad": "Percepción", "dificultad": 9},
    ),
    "/hielo intriga esperar": ("hielo", YORGEN_TURN, "hielo intriga esperar", YORGEN),
    "/hielo intriga simple": (
        "hielo",
        HIELO,
        "hielo intriga simple",
        {**YORGEN, "contra": "Guardia", "técnica": "Seducción"},
    ),
    "/hielo prueba": ("hielo", HIELO, "hielo prueba", {"habilidad": "Brío", "dificultad": 9}),
    "/hielo prueba (personaje)": (
        "hielo",
        HIELO,
        "hielo prueba",
        {"habilidad": "Brío", "dificultad": 9, **YORGEN},
    ),
    "/hielo daño": ("hielo", HIELO_HIT, "hielo daño", {"leves": 1}),
    "/hielo turno": ("hielo", HIELO_ASALTO, "hielo turno", {"que": "pasar"}),
    "/hielo acción": (
        "hielo",
        HIELO_ASALTO,
        "hielo acción",
        {"tamaño": "menor", "descripción": "Se esconde", **YORGEN},
    ),
    "/hielo fatiga": ("hielo", HIELO_ASALTO, "hielo fatiga", {"uso": "accion_menor", **YORGEN}),
    "/hielo destino": (
        "hielo",
        HIELO_ASALTO,
        "hielo destino",
        {"uso": "imponer_menos_d", "objetivo": "Guardia", **YORGEN},
    ),
    "/hielo rendirse": ("hielo", HIELO_ASALTO, "hielo rendirse", YORGEN),
    "/hielo sorpresa": (
        "hielo",
        [*HIELO, [5, 5]],
        "hielo sorpresa",
        {"acechante": "Yorgen", "atacado": "Guardia"},
    ),
    "/hielo ajustar": (
        "hielo",
        HIELO_ASALTO,
        "hielo ajustar",
        {"combatiente": "Yorgen", "fatiga": 1, "motivo": "Un tropiezo"},
    ),
}  # fmt: skip
USERS = {"master": "master", "dueño": "kaeda", "jugador": "bran", "otro servidor": "forastero"}

#: The percentile game (issue 47): our tables, kaeda's Ana and the GM's Orco, a fight in #porc
#: whose first asalto is in its declaration (Ana lowest: she declares first).
PORC_SHEETS = [
    "@master",
    '/porcentual tabla importar tabla:bonificador filas:"0-12: 0; 13-50: 1D4"',
    '/porcentual bestiario crear nombre:Orco caracteristicas:"fuerza 12, agilidad 10, '
    'percepcion 10" pv:20 competencias:"Espadas 60"',
    "/porcentual bestiario arma ficha:Orco nombre:espada danio:1D8+1 competencia:Espadas",
    "@kaeda",
    '/porcentual ficha crear nombre:Ana caracteristicas:"fuerza 12, agilidad 10, percepcion 10" '
    'pv:20 competencias:"Espadas 60, Esquivar 50, Trepar 40, Pelea 40"',
    "/porcentual ficha arma ficha:Ana nombre:espada danio:1D8+1 competencia:Espadas",
    "/porcentual ficha editar nombre:Ana escudo:Rodela tamano_escudo:pequeno resistencia_escudo:5",
]
PORC = [
    *PORC_SHEETS,
    "#porc",
    "@master",
    "/encuentro empezar sistema:porcentual",
    "/encuentro enemigos nombre:Orco",
    "@kaeda",
    "/encuentro unirse personaje:Ana",
    "@master",
    [9, 1],  # Orco 19, Ana 11: Ana declares first, the Orco acts first
    "/asalto",
]


def porc_acting(acciones: str, orco: str = "ataque, a: Ana") -> list[Any]:
    """The fight in its action phase: Ana declared ``acciones``, the Orco an attack on her."""
    return [
        *PORC,
        "@kaeda",
        f'/porcentual declarar acciones:"{acciones}" combatiente:Ana',
        "@master",
        f'/porcentual declarar acciones:"{orco}" combatiente:Orco',
        "/asalto",  # the Orco's turn passes: Ana's
    ]


def porc_concluded(acciones: str, orco: str = "ataque, a: Ana") -> list[Any]:
    """Ana did her first action ``acciones`` and the asalto reached its conclusión."""
    return [
        *porc_acting(acciones, orco),
        "@kaeda",
        "/porcentual actuar accion:1 combatiente:Ana",
        "@master",
        "/asalto",
    ]


PORC_FILE = b"""fichas:
  - nombre: Bea
    caracteristicas: {fuerza: 10, agilidad: 10, percepcion: 10}
    pv: 10
"""
PORC_BESTIARY = b"""enemigos:
  - nombre: Lobo
    caracteristicas: {fuerza: 10, agilidad: 14, percepcion: 14}
    pv: 12
"""

PORCENTUAL_SCENARIOS: dict[str, tuple[str, list[Any], str, dict[str, Any]]] = {
    "/porcentual ficha importar": (
        "mesa", [], "porcentual ficha importar", {"archivo": PORC_FILE},
    ),
    "/porcentual ficha exportar": ("mesa", PORC_SHEETS, "porcentual ficha exportar", {}),
    "/porcentual bestiario importar": (
        "mesa", [], "porcentual bestiario importar", {"archivo": PORC_BESTIARY},
    ),
    "/porcentual bestiario exportar": ("mesa", PORC_SHEETS, "porcentual bestiario exportar", {}),
    "/porcentual ficha crear": (
        "mesa", [], "porcentual ficha crear",
        {"nombre": "Bea", "caracteristicas": "fuerza 10, agilidad 10, percepcion 10", "pv": 10},
    ),
    "/porcentual ficha editar": (
        "mesa", PORC_SHEETS, "porcentual ficha editar", {"nombre": "Ana", "pv": 21},
    ),
    "/porcentual ficha arma": (
        "mesa", PORC_SHEETS, "porcentual ficha arma",
        {"ficha": "Ana", "nombre": "daga", "danio": "1D4", "competencia": "Dagas"},
    ),
    "/porcentual ficha ver": ("mesa", PORC_SHEETS, "porcentual ficha ver", {"nombre": "Ana"}),
    "/porcentual ficha lista": ("mesa", PORC_SHEETS, "porcentual ficha lista", {}),
    "/porcentual ficha borrar": ("mesa", PORC_SHEETS, "porcentual ficha borrar", {"nombre": "Ana"}),
    "/porcentual bestiario crear": (
        "mesa", [], "porcentual bestiario crear",
        {"nombre": "Lobo", "caracteristicas": "fuerza 10, agilidad 12, percepcion 12", "pv": 12},
    ),
    "/porcentual bestiario editar": (
        "mesa", PORC_SHEETS, "porcentual bestiario editar", {"nombre": "Orco", "pv": 22},
    ),
    "/porcentual bestiario arma": (
        "mesa", PORC_SHEETS, "porcentual bestiario arma",
        {"ficha": "Orco", "nombre": "maza", "danio": "1D6+1", "competencia": "Mazas"},
    ),
    "/porcentual bestiario ver": (
        "mesa", PORC_SHEETS, "porcentual bestiario ver", {"nombre": "Orco"},
    ),
    "/porcentual bestiario lista": ("mesa", PORC_SHEETS, "porcentual bestiario lista", {}),
    "/porcentual bestiario borrar": (
        "mesa", PORC_SHEETS, "porcentual bestiario borrar", {"nombre": "Orco"},
    ),
    "/porcentual tabla importar": (
        "mesa", [], "porcentual tabla importar",
        {"tabla": "modificadores", "filas": "Oscuridad -20"},
    ),
    "/porcentual tabla ver": ("mesa", [], "porcentual tabla ver", {}),
    "/porcentual declarar": (
        "porc", PORC, "porcentual declarar", {"acciones": "esquivar", "combatiente": "Ana"},
    ),
    "/porcentual defender": (
        "porc", porc_acting("trepar"), "porcentual defender",
        {"accion": "esquivar", "combatiente": "Ana"},
    ),
    "/porcentual actuar": (
        "porc", [*porc_acting("trepar"), [30]], "porcentual actuar",
        {"accion": 1, "competencia": "Trepar", "combatiente": "Ana"},
    ),
    "/porcentual maniobra": (
        "porc",
        [
            *porc_concluded("mele, a: Orco", "nada"),
            [9, 1],
            "/asalto",
            "@kaeda",
            '/porcentual declarar acciones:"zafarse" combatiente:Ana',
            "@master",
            '/porcentual declarar acciones:"nada" combatiente:Orco',
            [30],
        ],
        "porcentual maniobra",
        {"tipo": "zafarse", "combatiente": "Ana"},
    ),
    "/porcentual perder": (
        "porc", porc_acting("trepar"), "porcentual perder",
        {"combatiente": "Ana", "accion": 1, "motivo": "la pared cedió"},
    ),
    "/porcentual pendiente": (
        "porc", porc_acting("trepar"), "porcentual pendiente", {"texto": "Tirada de Trepar"},
    ),
    "/porcentual abandonar": (
        "porc", porc_concluded("huida"), "porcentual abandonar", {"combatiente": "Ana"},
    ),
    "/porcentual guardia": (
        "porc", porc_concluded("guardia completa"), "porcentual guardia", {"combatiente": "Ana"},
    ),
    "/porcentual atrapar": (
        "porc", [*PORC, [20]], "porcentual atrapar", {"combatiente": "Ana"},
    ),
    "/porcentual enfrentamiento": (
        "porc", [*PORC, [20, 30]], "porcentual enfrentamiento",
        {"activo": "Ana", "caracteristica": "fuerza", "veces": 5, "pasivo": "Orco"},
    ),
    "/porcentual ajustar": (
        "porc", PORC, "porcentual ajustar",
        {"combatiente": "Ana", "pv": 7, "escudo": 0, "motivo": "una caída"},
    ),
}  # fmt: skip
SCENARIOS.update(PORCENTUAL_SCENARIOS)

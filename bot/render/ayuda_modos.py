"""``/ayuda tema:mesa|narrativo|tactico``: how a fight goes in each of the three modes, the
rules the bot applies in it and what to type. Plain texts: each page one embed (the test
over every page of ``/ayuda`` checks Discord's limits)."""

from __future__ import annotations

#: (key, title, intro, fields): a mode's page.
Page = tuple[str, str, str, tuple[tuple[str, str], ...]]

MESA: Page = (
    "mesa",
    "Mesa (por mensajes)",
    "El modo para jugar por mensajes, o en la mesa sin prisa: **el jugador siempre tira, el "
    "máster nunca**. Las distancias se narran. Se abre con `/encuentro empezar modo:mesa`.",
    (
        (
            "Atacar",
            "`/atacar objetivo:…`: 1d12 + Atributo + Oficio contra la Defensa fija del enemigo, "
            "bandas de 4. El grado da el daño: Éxito pleno, Potencia + 3; Éxito, la Potencia; "
            "A medias, 1; Fracaso, nada. `/disparar` igual, con Destreza.",
        ),
        (
            "Defenderse",
            "Cuando un enemigo ataca (el máster escribe `/atacar objetivo:Kaeda "
            "atacante:…`), el bot menciona al jugador con el botón **Defender** (o `/defender`): "
            "1d12 + Destreza + protección contra el Ataque del enemigo. Éxito: no entra; A "
            "medias: un punto; Fracaso: la Potencia. Un 1 natural es crítico (Potencia + 3).",
        ),
        (
            "Una Defensa por asalto",
            "Tiras una vez por asalto, contra el Ataque más peligroso más el acoso (+1 por cada "
            "atacante más, hasta +3). Un ataque que llega después se lee con la misma tirada y "
            "solo encajas la diferencia. Un asalto sin contestar es su propia tirada: "
            "`/defender` los contesta del más antiguo al último.",
        ),
        (
            "Fases",
            "Primero los jugadores, luego los enemigos; el máster pasa de fase con `/asalto`. En "
            "Mesa actuar fuera de fase, o gastar dos veces la acción, solo da un aviso: lo "
            "arbitra el máster.",
        ),
        (
            "Por mensajes",
            "El mensaje del encuentro dice a quién se espera y desde cuándo; `/encuentro "
            "pendientes` lo enseña en privado. `/encuentro recordatorios horas:6 silencio:23-9` "
            "(máster) recuerda a cada jugador que le toca.",
        ),
    ),
)

NARRATIVO: Page = (
    "narrativo",
    "Narrativo",
    "Las dos partes tiran, sin tablero: las distancias se narran. Se abre con `/encuentro "
    "empezar modo:narrativo`.",
    (
        (
            "Cuerpo a cuerpo",
            "Tirada enfrentada: el atacante 1d12 + Atributo + Oficio, el defensor 1d12 + "
            "Destreza + protección. Margen = atacante − defensor, bandas de 6; un empate es "
            "Éxito del atacante. El bot tira los dados de los dos: `/atacar objetivo:…`.",
        ),
        (
            "Enemigos del bestiario",
            "Atacan con 1d12 + (Ataque − 12) y se defienden con 1d12 + (Defensa − 7): el guardia "
            "del puerto (Ataque 12, Defensa 12) ataca con 1d12+0 y se defiende con 1d12+5. Los "
            "dados del máster se tiran a la vista.",
        ),
        (
            "Disparos",
            "Nunca enfrentados: `/disparar objetivo:…` contra la Defensa fija, bandas de 4, la "
            "Potencia entera si entra.",
        ),
        (
            "El asalto",
            "Primero los jugadores, luego los enemigos (`/asalto`); fuera de su fase el bot lo "
            "niega. Cada uno tiene una acción, un movimiento y una respuesta por asalto: "
            "`/maniobra` (cargar, apuntar, despegarse, interponerse, sostener) y `/respuesta`.",
        ),
        (
            "Acoso",
            "Cada compañero que ya está sobre el mismo blanco suma +1 al ataque, hasta +3 (contra "
            "uno Grande cada +1 cuesta dos atacantes; Descomunal, tres).",
        ),
    ),
)

TACTICO: Page = (
    "tactico",
    "Táctico (tablero)",
    "Narrativo con tablero: casillas de 1,5 m y una imagen que el bot publica tras cada "
    "cambio. Se abre con `/encuentro empezar modo:tactico`; los comandos, en `/ayuda "
    "tema:tablero`.",
    (
        (
            "El tablero",
            "`/mapa crear ancho:12 alto:8` (máster), `/mapa muro casillas:C1:C6`, `/mapa "
            "cobertura casillas:E4`. Las casillas se nombran como en el ajedrez: `C4`; varias, "
            "`C4 D4`; un rectángulo, `A1:A6`. `/mapa colocar combatiente:… casilla:…`.",
        ),
        (
            "Moverse",
            "`/mover casilla:…`: seis casillas con el movimiento, doce renunciando a la acción, "
            "sin atravesar muros ni enemigos. Si sales del alcance de un enemigo, el bot lo avisa "
            "y dice cómo tomar la respuesta.",
        ),
        (
            "Alcance y disparos",
            "`/atacar` llega a la casilla de al lado (Larga, a dos). `/disparar` mira el rango, la "
            "línea de tiro (un muro la corta), el bocajarro (ventaja), la cobertura (+3 a la "
            "Defensa) y el tamaño del blanco.",
        ),
        (
            "Barridos y áreas",
            "`/mapa barrido` (máster): una criatura Grande o mayor barre 2, 3 o 4 casillas; cada "
            "uno se defiende una vez. `/mapa area tamaño:3 casilla:D4`: quién queda dentro.",
        ),
    ),
)

SISTEMAS: Page = (
    "sistemas",
    "Los juegos del bot",
    "El bot lleva cuatro juegos. Cada encuentro es de uno: el que diga `/encuentro empezar "
    "sistema:…` o, si no lo dice, el del servidor (`/config sistema:…`, Umbral mientras nadie "
    "lo cambie).",
    (
        (
            "Los mismos verbos",
            "`/encuentro empezar`, `/encuentro unirse`, `/encuentro enemigos`, `/encuentro "
            "quitar`, `/encuentro terminar`, `/asalto`, `/atacar` y `/disparar` hacen en cada "
            "canal lo que pide el juego de su encuentro. Una opción que ese juego no usa se "
            "rechaza y no se hace nada: el bot dice qué opciones usa.",
        ),
        (
            "Lo propio de cada juego",
            "Lo que solo tiene un juego va en su propio comando (`/hielo`, `/graduado`, "
            "`/porcentual`) y tiene su tema de ayuda. Un comando de Umbral (como `/aliento`) "
            "en un encuentro de otro juego dice que no sirve para él.",
        ),
        (
            "Deshacer e historial",
            "`/deshacer` y `/historial` valen para todos los juegos: el máster deshace el último "
            "cambio del encuentro, y cada tirada queda en el historial con su resultado.",
        ),
    ),
)

MODES: tuple[Page, ...] = (MESA, NARRATIVO, TACTICO, SISTEMAS)

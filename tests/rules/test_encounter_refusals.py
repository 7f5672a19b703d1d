"""Every refusal: a Spanish message, and the state exactly as it was."""

from __future__ import annotations

import pytest

from umbral_rules import EnemySheet, ForcedDice, UmbralError, Weapon
from umbral_rules.encounter import AttackChoice, Encounter, WarningEvent

from .test_encounter_mesa import ESPADA, GUARDIA, F, bran, kaeda
from .test_encounter_state import refused

ARCO = Weapon.make("Arco", "arco")


def fight(mode: str = "narrativo", **settings: object) -> Encounter:
    enc = Encounter.start(mode, settings)
    enc.add_character(kaeda(), [ESPADA], aliento=1)  # c1
    enc.add_character(bran(), [ESPADA])  # c2, no Aliento
    enc.add_enemies(GUARDIA, 2)  # c3, c4
    return enc


def test_second_accion_and_movimiento_refused_in_narrativo_and_tactico() -> None:
    for mode in ("narrativo", "tactico"):
        enc = fight(mode)
        enc.attack(F(5, 5), "c1", "c3")
        refused(enc, "Kaeda ya ha gastado su acción en este asalto", enc.attack, F(5, 5),
                "c1", "c3")  # fmt: skip
        refused(
            enc, "Kaeda ya ha gastado su acción", enc.maniobra, F(), "c1", "sostener", None, "x"
        )
        enc.move("c1")
        refused(enc, "no le queda acción que cambiar por movimiento", enc.move, "c1")
        # the acción can become a second movimiento, never the reverse
        enc.move("c2")
        enc.move("c2")
        assert enc.get("c2").accion == "movimiento"
        refused(enc, "Bran ya cambió su acción en este asalto", enc.attack, F(5, 5), "c2", "c3")
        refused(enc, "Es la fase de los jugadores: Guardia 2 actúa en la de los enemigos",
                enc.move, "c4")  # fmt: skip
        enc.advance()
        enc.move("c4")
        refused(enc, "Guardia 2 ya se ha movido en este asalto y cargar pide el movimiento",
                enc.maniobra, F(5, 5, 5), "c4", "cargar", "c1")  # fmt: skip


def test_mesa_budget_is_only_a_warning() -> None:
    enc = fight("mesa")
    enc.move("c1")
    enc.move("c1")
    ev = enc.move("c1")
    assert isinstance(ev[0], WarningEvent) and "Aviso" in ev[0].message
    ev = enc.attack(F(5), "c1", "c3")
    assert isinstance(ev[0], WarningEvent) and "ya cambió su acción" in ev[0].message


def test_second_respuesta_refused() -> None:
    enc = fight()
    enc.respuesta(F(5, 5, 5), "c3", "oportunidad", "c1")  # with ventaja: two dice, then hers
    refused(enc, "Guardia 1 ya ha usado su respuesta de este asalto", enc.respuesta,
            F(5, 5), "c3", "oportunidad", "c2")  # fmt: skip


def test_acting_while_fallen_refused() -> None:
    enc = fight()
    enc.adjust("c1", aguante=1)
    enc.advance()  # the enemies' phase
    enc.attack(F(12, 1), "c3", "c1")
    assert enc.get("c1").status == "malherido"
    for op, args in (
        (enc.attack, (F(5, 5), "c1", "c3")),
        (enc.move, ("c1",)),
        (enc.defend, (F(5), "c1")),
        (enc.maniobra, (F(), "c1", "sostener", None, "si entra")),
        (enc.respuesta, (F(5, 5), "c1", "oportunidad", "c3")),
        (enc.tirada, (F(5), "c1", "vigor", 9)),
        (enc.end_turn, ("c1",)),
        (enc.aliento, (F(5), "c1", "repetir")),
    ):
        refused(enc, "Kaeda está Malherido", op, *args)
    refused(enc, "Kaeda ya ha caído", enc.attack, F(5, 5), "c4", "c1")
    enc.advance()
    refused(enc, "Kaeda ya ha caído", enc.maniobra, F(), "c2", "interponerse", "c1")


def test_defending_with_nothing_pending_refused() -> None:
    enc = fight("mesa")
    refused(enc, "Kaeda no tiene ningún ataque pendiente del que defenderse", enc.defend,
            F(5), "c1")  # fmt: skip


def test_aliento_refusals() -> None:
    enc = fight("mesa")
    refused(enc, "Bran no tiene Aliento que gastar", enc.aliento, F(5), "c2", "repetir")
    refused(enc, "Kaeda no ha tirado nada en este asalto", enc.aliento, F(5), "c1", "repetir")
    refused(enc, "Kaeda no ha encajado ningún golpe", enc.aliento, None, "c1", "encajar")
    refused(enc, "Guardia 1 no tiene Aliento", enc.aliento, F(5), "c3", "subir")
    refused(enc, "Uso de Aliento desconocido «volar»", enc.aliento, F(5), "c1", "volar")
    refused(enc, "se gasta al tirarlas", enc.aliento, F(5), "c1", "secuelas")
    enc.attack(F(12), "c1", "c3")  # pleno already
    refused(enc, "ya es un Éxito pleno", enc.aliento, None, "c1", "subir")
    refused(enc, "hacen falta dados", enc.aliento, None, "c1", "repetir")


def test_bad_arguments_refused() -> None:
    enc = fight()
    refused(enc, "Kaeda no puede atacarse a sí mismo", enc.attack, F(5, 5), "c1", "c1")
    refused(
        enc, "Kaeda no lleva «Hacha»", enc.attack, F(5, 5), "c1", "c3", AttackChoice(arma="Hacha")
    )
    refused(
        enc,
        "Kaeda no tiene el Oficio «magia»",
        enc.attack,
        F(5, 5),
        "c1",
        "c3",
        AttackChoice(oficio="magia"),
    )
    refused(
        enc, "Guardia 1 no tiene Oficios", enc.attack, F(5, 5), "c3", "c1", AttackChoice(oficio="x")
    )
    refused(enc, "«mucha» no vale", enc.attack, F(5, 5), "c1", "c3", AttackChoice(ventaja="mucha"))
    refused(enc, "No hay nadie con el identificador «c9»", enc.attack, F(5), "c1", "c9")
    refused(enc, "Maniobra desconocida «bailar»", enc.maniobra, F(), "c1", "bailar")
    refused(enc, "Interponerse necesita un objetivo", enc.maniobra, F(), "c1", "interponerse")
    refused(enc, "no puede interponerse delante de sí mismo", enc.maniobra, F(), "c1",
            "interponerse", "c1")  # fmt: skip
    refused(enc, "Guardia 1 no es un compañero de Kaeda", enc.maniobra, F(), "c1",
            "interponerse", "c3")  # fmt: skip
    refused(enc, "Sostener necesita una condición", enc.maniobra, F(), "c1", "sostener")
    refused(enc, "Kaeda no lleva nada con que disparar", enc.maniobra, F(), "c1", "apuntar")
    refused(enc, "Respuesta desconocida «parar»", enc.respuesta, F(), "c1", "parar", "c3")
    refused(enc, "necesita un objetivo", enc.respuesta, F(), "c1", "oportunidad")
    refused(enc, "no tiene ninguna acción sostenida", enc.respuesta, F(), "c1", "sostener")
    refused(enc, "El arma de Guardia 1 no es Larga", enc.respuesta, F(), "c3", "larga", "c1")
    refused(enc, "no puede despegarse de sí mismo", enc.maniobra, F(), "c1", "despegarse",
            "c1")  # fmt: skip
    refused(enc, "Estado desconocido «dormido»", enc.set_estado, "c1", "dormido")
    refused(enc, "Kaeda no está Aturdido", enc.set_estado, "c1", "aturdido", False)
    enc.set_estado("c1", "Enmarañado")
    refused(enc, "Kaeda ya está Enmarañado: los estados no se acumulan", enc.set_estado, "c1",
            "enmaranado")  # fmt: skip
    refused(enc, "Enmarañado no se quita así", enc.recover, F(), "c1", "enmarañado")
    refused(enc, "Kaeda no está Quebrantado", enc.recover, F(), "c1", "quebrantado")
    refused(enc, "El Umbral 41 no existe", enc.tirada, F(5), "c1", "vigor", 41)
    refused(enc, "Atributo desconocido «suerte»", enc.tirada, F(5), "c1", "suerte", 9)
    refused(enc, "no tira pruebas", enc.tirada, F(5), "c3", "vigor", 9)
    refused(enc, "Solo los personajes jugadores tiran en la tabla", enc.secuelas, F(5), "c3")
    refused(enc, "Aguante de Kaeda va de 0 a 16", enc.adjust, "c1", aguante=17)


def test_mesa_specific_refusals() -> None:
    enc = fight("mesa")
    refused(enc, "un enemigo no ataca a otro enemigo", enc.attack, F(), "c3", "c4")
    refused(enc, "un enemigo no se despega con una tirada", enc.maniobra, F(), "c3",
            "despegarse", "c1")  # fmt: skip


def test_dice_that_run_short_change_nothing() -> None:
    enc = fight()
    before = enc.to_dict()
    with pytest.raises(UmbralError, match="Faltan dados"):
        enc.attack(ForcedDice([5], strict=True), "c1", "c3")  # the guard's die is missing
    assert enc.to_dict() == before


def test_setting_refusals() -> None:
    with pytest.raises(UmbralError, match="defensa_inmediata"):
        Encounter.start("mesa", {"defensa_inmediata": "quizá"})
    with pytest.raises(UmbralError, match="secuelas_auto"):
        Encounter.start("mesa", {"secuelas_auto": 1})
    with pytest.raises(UmbralError, match="La emboscada es de"):
        Encounter.start("mesa", {"emboscada": "todos"})
    with pytest.raises(UmbralError, match="Ámbito desconocido «pies»"):
        Encounter.start("mesa", {"estados_extra": {"cojo": {"desventaja": ["pies"]}}})
    with pytest.raises(UmbralError, match="ya es un estado del reglamento"):
        Encounter.start("mesa", {"estados_extra": {"Cegado": {"desventaja": ["vista"]}}})
    with pytest.raises(UmbralError, match="debe decir su nombre"):
        Encounter.start("mesa", {"estados_extra": {"cojo": "pies"}})
    with pytest.raises(UmbralError, match="tabla de nombre a sus ámbitos"):
        Encounter.start("mesa", {"estados_extra": ["cojo"]})
    with pytest.raises(UmbralError, match="Cada estado propio necesita un nombre"):
        Encounter.start("mesa", {"estados_extra": {" ": {}}})
    with pytest.raises(UmbralError, match="tabla de secuelas"):
        Encounter.start("mesa", {"secuelas_tabla": {"uno": "x"}})


def test_roster_refusals() -> None:
    enc = fight()
    refused(enc, "Ya hay alguien llamado «Kaeda»", enc.add_character, kaeda())
    enc2 = Encounter.start("mesa")
    enc2.add_character(kaeda(), character_id=7)
    with pytest.raises(UmbralError, match="Ese personaje ya está en el combate: Kaeda"):
        enc2.add_character(bran(), character_id=7)
    with pytest.raises(UmbralError, match="El Aguante de Bran va de 0 a 14"):
        enc2.add_character(bran(), aguante=15)
    with pytest.raises(UmbralError, match="Aliento y Esencia van de 0"):
        enc2.add_character(bran(), aliento=3, aliento_max=2)
    with pytest.raises(UmbralError, match="Bran no tiene el Oficio «nadar»"):
        enc2.add_character(bran(), oficio_defensa="nadar")
    with pytest.raises(UmbralError, match="entre 1 y 50"):
        enc2.add_enemies(GUARDIA, 0)
    with pytest.raises(UmbralError, match="El enemigo necesita un nombre"):
        enc2.add_enemy(GUARDIA, " ")
    with pytest.raises(UmbralError, match="Indica a quién"):
        enc2.find("  ")
    enemy = EnemySheet("Lobo", ataque=11, defensa=11, aguante=8, potencia=2)
    enc2.add_enemy(enemy)
    refused(enc2, "Kaeda no lleva ningún arma", enc2.attack, F(5), "c1", "c2")

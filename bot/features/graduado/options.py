"""The options of ``/graduado …``: their help texts, choices and ranges, and the grades
read from them."""

from __future__ import annotations

from discord import app_commands

from umbral_rules.graduado import DefensaTipo, Grados, Objetivo, Riesgo, Tacticas

OWN = "dueño o máster"
GRADES = {
    "tacticas": "La calificación de las tácticas (el narrador)",
    "riesgo": "El riesgo que se asume",
    "dificultad": "Qué tan difícil es acertar al objetivo",
}
SHEET_HELP = {
    "nombre": "El nombre",
    "poder": "El poder de su Fuerza: 0–69 (un rango cada diez: D 0–9 … SSS 60–69)",
    "aguante": "El máximo de aguante (la reserva de la Fuerza)",
    "magia": "El poder de su magia, si tiene (0–69)",
    "mana": "El máximo de maná (la reserva de la magia)",
    "arma": "La calidad del arma, 0–5",
    "armadura": "La calidad de la armadura, 0–5",
}
EDIT_HELP = {
    **SHEET_HELP,
    "gastado_aguante": "Cuánto aguante lleva gastado",
    "gastado_mana": "Cuánto maná lleva gastado",
}
VIA_CHOICES = [
    app_commands.Choice(name="Fuerza (aguante)", value="fuerza"),
    app_commands.Choice(name="magia (maná)", value="magia"),
]
INTENCION_CHOICES = [
    app_commands.Choice(name="golpear", value="golpear"),
    app_commands.Choice(name="reducir (queda en pie, al borde)", value="reducir"),
    app_commands.Choice(name="inutilizar (sin daño)", value="inutilizar"),
    app_commands.Choice(name="con contención (la mitad)", value="contencion"),
]
DEFENSA_CHOICES = [app_commands.Choice(name=t.value, value=t.value) for t in DefensaTipo]
Power = app_commands.Range[int, 0, 89]
Points = app_commands.Range[int, 0, 100000]
Quality = app_commands.Range[int, 0, 5]


MEDIO_CHOICES = [
    app_commands.Choice(name="magia (maná que vuelve como aguante)", value="magia"),
    app_commands.Choice(name="un objeto curativo", value="objeto"),
    app_commands.Choice(name="las manos (solo detienen la hemorragia)", value="manos"),
]


def grados(tacticas: str | None, riesgo: str | None, dificultad: str | None) -> Grados:
    return Grados(
        Tacticas(tacticas or "estandar"),
        Riesgo(riesgo or "seguro"),
        Objetivo(dificultad or "estandar"),
    )

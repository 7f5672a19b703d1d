"""The game systems the rules package plays, by the name stored with an encounter, a server's
default and a sheet (``umbral``, ``hielo``, ``graduado``, ``porcentual``), and the name users
read. One definition: commands' choices, refusals and replies take them from here."""

from __future__ import annotations

from umbral_rules.errors import UmbralError

#: The system of an encounter or a server that never said another.
UMBRAL = "umbral"

#: Stored name → the name users read, in the order the choices show them.
SYSTEM_LABELS: dict[str, str] = {
    UMBRAL: "Umbral",
    "hielo": "Canción de hielo y fuego",
    "graduado": "Combate graduado (d100)",
    "porcentual": "Juego porcentual por foro",
}


def system_label(system: str) -> str:
    """The name users read of ``system`` (its stored name if it is not one of ours)."""
    return SYSTEM_LABELS.get(system, system)


def other_system(system: str) -> str:
    """The refusal of a command that does not apply to the game system ``system``."""
    return (
        f"El encuentro de este canal es de {system_label(system)}: ese comando no sirve "
        "para él (/ayuda tema:sistemas)."
    )


class PlaysOther(UmbralError):
    """The channel's encounter plays ``system``, not the one the command read it as: a
    command every system plays (:mod:`bot.edge.systems`) is handed to that system; any other
    command is refused with this message."""

    def __init__(self, system: str) -> None:
        super().__init__(other_system(system))
        self.system = system

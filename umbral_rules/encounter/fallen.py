"""[D] Blows pending on someone who falls (digest §8): an attack already made at a character
who falls before answering it is not lost. Its die, already rolled, is read against their
Defensa quieta — «Contra alguien dormido, cegado, atado o de espaldas no hay tirada
enfrentada: el atacante tira contra su Defensa quieta» (Libro VI §39) — shown and logged.
At 0 it changes nothing: no damage is applied and no second secuelas roll is owed.

A Mesa attack has no die of its own (the GM never rolls; the fallen player cannot): it is
said in a line and dropped, as at 0 it would change nothing either.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..combat import helpless_attack, regrade
from .combatant import Combatant
from .events import AttackResolved, Event, WarningEvent
from .fighters import replay_dice, static_defensa
from .plans import OpposedAttack, Pending
from .state import EncounterState


def fallen_note(c: Combatant) -> str:
    return (
        f"{c.nombre} ya ha caído: contra alguien inconsciente no hay tirada enfrentada "
        "(Libro VI §39); el dado ya tirado va contra su Defensa quieta, sin acoso. "
        "A 0 no cambia nada."
    )


def blows_on_fallen(state: EncounterState, c: Combatant, waiting: Sequence[Pending]) -> list[Event]:
    """Resolve ``waiting`` (attacks pending on ``c``, who has just fallen), oldest first."""
    events: list[Event] = []
    for p in sorted(waiting, key=lambda p: p.asalto):
        attack = p.attack
        aimed = state.get(p.aimed_at).nombre
        if not isinstance(attack, OpposedAttack):
            events.append(
                WarningEvent(
                    f"El ataque de {p.nombre} a {aimed} (asalto {p.asalto}) no se tira: "
                    f"{c.nombre} ya ha caído, y en Mesa el máster no tira. A 0 no cambiaría "
                    "nada.",
                    c.id,
                )
            )
            continue
        die = attack.die
        result = helpless_attack(
            replay_dice(die.faces, die.physical),
            attack.mods,
            static_defensa(c, p.perforante),
            p.potencia,
            die.ventaja_sources,
            die.desventaja_sources,
            notes=(fallen_note(c),),
        )
        if p.shift:
            result = regrade(result, p.shift, "Aliento del atacante: sube el golpe")
        cover = f" (se interpone {c.nombre})" if p.interposed_by else ""
        text = (
            f"{p.nombre} → {aimed}{cover}: {result.hit.label} contra su Defensa quieta; "
            f"{c.nombre} ya ha caído y a 0 no cambia nada (Aguante {c.aguante})."
        )
        events.append(
            AttackResolved(
                text, p.attacker, c.id, p.aimed_at, result, c.aguante, c.aguante,
                p.respuesta, p.interposed_by,
            )
        )  # fmt: skip
    return events

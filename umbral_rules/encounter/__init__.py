"""The encounter: the state machine of one fight (issue 3). Pure: it changes state and
returns events; it saves and sends nothing.

(The full API documentation is completed as the operations land.)
"""

from .encounter import Encounter
from .state import Combatant, EncounterState

__all__ = ["Combatant", "Encounter", "EncounterState"]

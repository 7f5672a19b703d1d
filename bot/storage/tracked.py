"""What an :class:`~bot.storage.encounters.EncounterRepository` remembers of the rows of
the encounter it read or wrote (to write only what changed, and for the cache)."""

from __future__ import annotations

from dataclasses import dataclass, field

from umbral_rules.encounter import Combatant

from . import encounter_map as emap
from .encounter_info import EncounterInfo


@dataclass
class Tracked:
    """What a repository knows of its encounter's rows: as read, or as it last wrote them."""

    info: EncounterInfo
    header: emap.Row = field(default_factory=dict)
    # key -> the row as read / last written (never shared with a dict handed out)
    combatants: dict[str, emap.Row] = field(default_factory=dict)
    writeback: dict[str, emap.Row] = field(default_factory=dict)
    pending: dict[str, emap.Row] = field(default_factory=dict)
    retos: dict[str, emap.Row] = field(default_factory=dict)
    #: linked combatant key -> the version of its character it agrees with
    versions: dict[str, int] = field(default_factory=dict)
    #: combatant id -> a copy of that ``Combatant`` as its row stores it (None: not tracked)
    copies: dict[str, Combatant] | None = None

"""The limits of an imported file: size, entries, names, and the bot's numeric bounds.

The rules (``umbral_rules.sheets``/``tables``) give the lower bounds and the attribute,
Oficio and protection ranges; the upper bounds below are the bot's own sanity limits
(the same as the slash commands' option ranges), so that nothing absurd reaches the tables.
"""

from __future__ import annotations

from typing import Final

#: An attachment larger than this is refused before it is downloaded. Sized from the largest
#: bestiary the bot can export (MAX_ENTRIES enemies, every field at its maximum, in the format
#: that comes out largest, counted in UTF-8: see tests/sheetfiles/test_import_limit.py), so
#: that anything the bot exports can be imported back; that export also stays under the
#: 10 MiB a bot may attach to a message (DISCORD_ATTACHMENT_MAX).
MAX_BYTES: Final = 9_800_000
DISCORD_ATTACHMENT_MAX: Final = 10 * 1024 * 1024
#: Entries (enemies or characters) in one file.
MAX_ENTRIES: Final = 2_000
#: Every name in a file: an enemy's, a character's, a weapon's, an Oficio's, an estado's.
NAME_MAX: Final = 80
NOTAS_MAX: Final = 1_000
#: An enemy's notes and the estados it causes are shorter than a character's: 2,000 enemies
#: with every field at its maximum must export under DISCORD_ATTACHMENT_MAX.
ENEMY_NOTAS_MAX: Final = 500
ENEMY_MAX_ESTADOS: Final = 5
#: YAML anchors and aliases: how many alias uses, and how many nodes once expanded.
YAML_MAX_ALIASES: Final = 100
YAML_MAX_NODES: Final = 200_000
#: Nesting depth of a JSON or YAML document (an entry needs four).
MAX_DEPTH: Final = 32
#: Digits of a number in a file: every field's range fits in far fewer. A longer number is
#: never converted (Python refuses to convert more than 4,300 digits, and converting is
#: quadratic before that); it is kept as its text, :class:`~bot.sheetfiles.errors.Oversized`,
#: and refused as too large for its field, with the entry, field and line.
NUMBER_DIGITS_MAX: Final = 9

# --- an enemy (Mesa numbers) ----------------------------------------------------------------
ATAQUE_MAX: Final = 40
DEFENSA_MAX: Final = 40
AGUANTE_MAX: Final = 500
POTENCIA_MAX: Final = 30
#: Direct Narrativo/Táctico bonuses written by the author.
BONO_RANGE: Final = (-10, 30)
#: Extra acciones / respuestas per asalto an enemy's sheet may give.
EXTRA_POR_ASALTO_MAX: Final = 5
MAX_ESTADOS: Final = 15

# --- a character ----------------------------------------------------------------------------
AGUANTE_EXTRA_MAX: Final = 50
ESENCIA_MAX: Final = 50
ALIENTO_MAX: Final = 20
MAX_WEAPONS: Final = 20
MAX_OFICIOS: Final = 30

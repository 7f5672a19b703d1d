"""Canción de hielo y fuego (seed ``002_…``): its sheets, tests, combats and intrigues,
pure like the rest of ``umbral_rules``. ``docs/hielo.md`` is the rules digest, with every
[D]. Dice come from an injected :class:`~umbral_rules.dice.DiceSource`."""

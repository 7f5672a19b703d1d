"""The Discord side of Umbral bot: thin cogs over ``umbral_rules`` and the storage layer."""

"""Typed records kept as JSON: the roll log's results (:mod:`bot.records.rolls`) and the undo
record's parts (:mod:`bot.records.undo`), each read and written by one codec
(:mod:`bot.records.codec`). ``docs/almacenamiento.md`` says which shapes they read."""

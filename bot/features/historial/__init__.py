"""``/historial``: the roll log in pages (filters by person, character, channel or the whole
server) and as CSV or JSON files."""

"""The by-post percentile game of seed 004: sheets, the asalto's three phases, attacks,
defences, manoeuvres and damage. Pure: dice injected, typed state, JSON only at the edges."""

"""The bounds of a date a user types (a session's day, ``/estadisticas desde:``).

Python's dates end in the year 9999 and a time zone's offset can push the last day past
it (``OverflowError``); Discord keeps events years ahead at most. So the bot reads a date
only from :data:`EARLIEST` (nothing happened on Discord before) to
:data:`MAX_YEARS_AHEAD` years after today, and refuses any other in Spanish, naming the
range, before anything is saved or sent.
"""

from __future__ import annotations

from datetime import date

from umbral_rules import UmbralError

#: How far ahead a date may be, in years from today.
MAX_YEARS_AHEAD = 5
#: The earliest date read (Discord's first year: no roll is older).
EARLIEST = date(2015, 1, 1)


def years_after(day: date, years: int) -> date:
    """``day`` ``years`` later (29 February becomes the 28th in a common year)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def latest(today: date) -> date:
    """The last date the bot reads today."""
    return years_after(today, MAX_YEARS_AHEAD)


def within(day: date, today: date, what: str) -> date:
    """``day`` if it is within the bounds (``what``: the option, «fecha»); refused otherwise."""
    last = latest(today)
    if day > last:
        raise UmbralError(
            f"«{what}» puede estar como mucho a {MAX_YEARS_AHEAD} años vista: hasta el "
            f"{last:%d/%m/%Y}."
        )
    if day < EARLIEST:
        raise UmbralError(f"«{what}» no puede ser anterior al {EARLIEST:%d/%m/%Y}.")
    return day

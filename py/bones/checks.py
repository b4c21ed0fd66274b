"""What every game's options check shares: whole numbers, choices, hands that fit the set.

A refusal is an ``OptionError``: a sentence a player understands, naming the option
field it concerns (``field``), so a page can show it next to that field. The options'
own ``check(seats)`` (``*_options.py``) raises the first one it finds.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import OptionError
from .tiles import set_size


def whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def number(v: Any, field: str, lo: int, hi: int, what: str) -> None:
    """``v`` is a whole number from ``lo`` to ``hi``; ``what`` names it ("The number of
    rounds")."""
    if not whole(v) or not lo <= v <= hi:
        raise OptionError(f"{what} must be a whole number from {lo} to {hi}, not "
                          f"{str(v)[:20]}.", field)


def choice(v: Any, field: str, allowed: Iterable[Any], what: str) -> None:
    allowed = tuple(allowed)
    if not any(v == a and type(v) is type(a) for a in allowed):
        words = ", ".join(map(repr, allowed[:-1])) + f" or {allowed[-1]!r}"
        raise OptionError(f"{what} must be {words}, not {str(v)[:20]!r}.", field)


def yes_no(v: Any, field: str, what: str) -> None:
    if not isinstance(v, bool):
        raise OptionError(f"{what} is yes or no (true or false), not {str(v)[:20]!r}.", field)


def double(v: Any, field: str, set_high: int, what: str) -> None:
    """A double of the set, by its number (None: the set's highest)."""
    if v is not None and (not whole(v) or not 0 <= v <= set_high):
        raise OptionError(f"{what}, {str(v)[:20]}-{str(v)[:20]}, is not in a "
                          f"double-{set_high} set: choose 0-0 to {set_high}-{set_high}.",
                          field)


def hand_sizes(table: Any, field: str) -> None:
    """(up to this many seats, tiles each) pairs, smallest table first."""
    ok = isinstance(table, tuple | list) and table and all(
        isinstance(x, tuple | list) and len(x) == 2 and whole(x[0]) and whole(x[1])
        for x in table)
    if not ok or any(b[0] <= a[0] for a, b in zip(table, table[1:])):
        raise OptionError("The hand sizes are pairs (up to this many players, tiles each), "
                          "fewest players first.", field)


def hands_fit(seats: int, size_of: Any, set_high: int, field: str, placed: int = 1) -> None:
    """``seats`` hands of ``size_of(seats)`` tiles, and ``placed`` tiles on the table
    before the deal, come out of the set."""
    try:
        size = size_of(seats)
    except ValueError:
        raise OptionError(f"The hand sizes give no number of tiles for {seats} players.",
                          field) from None
    if size < 1:
        raise OptionError(f"{seats} players cannot be dealt {size} tiles each: every "
                          f"player needs at least 1.", field)
    tiles = set_size(set_high)
    if seats * size + placed > tiles:
        most = (tiles - placed) // seats
        table = " and the round's double" if placed else ""
        raise OptionError(f"{seats} players with {size} tiles each{table} need "
                          f"{seats * size + placed} tiles, but a double-{set_high} set has "
                          f"{tiles}: deal {seats} players {most} tiles or fewer.", field)

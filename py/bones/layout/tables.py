"""Each game's table, registered by the layout for the game's id (bones.games
describes the game only; the rules never import the layout).

    >>> import bones.layout
    >>> from bones.layout.tables import table_for
    >>> table_for("chicken-foot").lanes.__name__
    'chicken_table'
    >>> table_for("dominoes")
    Traceback (most recent call last):
    ...
    ValueError: no table for 'dominoes': the tables are mexican-train, chicken-foot, all-fives
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Table:
    """How one game's table is laid out."""

    whole: Callable[..., Any]  # (match, *, width, height, names, ...) -> TableLayout
    seen: Callable[..., Any]  # (observation, *, width, ...) -> TableLayout
    lanes: Callable[..., Any]  # (match, names) -> lanes.Lanes: the play screen's table


_TABLES: dict[str, Table] = {}


def register(game_id: str, table: Table) -> Table:
    """Add the table of the game called ``game_id``."""
    if game_id in _TABLES:
        raise ValueError(f"the table of {game_id!r} is registered twice")
    _TABLES[game_id] = table
    return table


def table_for(game_id: str) -> Table:
    """The table of the game called ``game_id``; ValueError names the ones there are."""
    table = _TABLES.get(game_id)
    if table is None:
        raise ValueError(f"no table for {game_id!r}: the tables are {', '.join(_TABLES)}")
    return table


def tables() -> dict[str, Table]:
    """Every registered table, by its game's id."""
    return dict(_TABLES)

"""Rally mode: the officials' scorekeeper for games played with real tiles.

An ``Event`` is an append-only log of changes (create the event, add a table, enter a
round's points, a late arrival, a no-show, a correction, a playoff, an undo ...). Its
state is never stored: it is what replaying the log gives. So undo is one more change,
the history is the log, and saving, export and import move the log (JSON) or the score
sheets it leads to (CSV). Every refusal is a ``RallyError`` in plain words, and a refused
change leaves the event exactly as it was. See docs/rally.md.

    >>> ev = Event.create("Spring Samboree", "mexican-train", preset="gs-mt", rounds=2)
    >>> ev.add_table(["Ann", "Bob", "Cy"])
    '1'
    >>> ev.enter_round(1, 1, {"Ann": 12, "Bob": "0", "Cy": 30}) and None
    >>> ev.enter_round(1, 2, [5, 9, NO_SHOW]) and None
    >>> [(r["place"], r["name"], r["total"]) for r in ev.standings()["rows"]]
    [(1, 'Bob', 9), (2, 'Ann', 17), (3, 'Cy', 49)]
"""

from __future__ import annotations

from .csv_in import from_csv
from .csv_out import to_csv
from .event import Event
from .json_in import from_json, loads
from .sheets import MARKS, match_sheet, score_sheet
from .state import compute
from .values import (
                     CSV_COLUMNS,
                     CSV_FORMAT,
                     CSV_VERSION,
                     FORMAT,
                     GAMES,
                     MAX_CHANGES,
                     MAX_CSV_LINES,
                     MAX_FILE,
                     MAX_NAME,
                     MAX_POINTS,
                     MAX_ROUNDS,
                     MAX_TITLE,
                     NO_SHOW,
                     SCORING,
                     VERSION,
                     RallyError,
                     clean_name,
                     parse_points,
                     sheet_defaults,
)

__all__ = [
    "CSV_COLUMNS", "CSV_FORMAT", "CSV_VERSION", "FORMAT", "GAMES", "MARKS", "MAX_CHANGES",
    "MAX_CSV_LINES", "MAX_FILE", "MAX_NAME", "MAX_POINTS", "MAX_ROUNDS", "MAX_TITLE", "NO_SHOW",
    "SCORING", "VERSION", "Event", "RallyError", "clean_name", "compute", "from_csv", "from_json",
    "loads",
    "match_sheet", "parse_points", "score_sheet", "sheet_defaults", "to_csv",
]

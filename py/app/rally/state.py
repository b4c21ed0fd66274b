"""The rally scorekeeper's own state (``RallyState``: which page shows, what its forms
hold) and the small facts about a ``bones.rally.Event`` that its pages (app.rally.views
and the modules it draws from) and its actions (app.rally.ui) both read. No markup here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bones.games import preset_of
from bones.presets import PRESETS
from bones.rally import GAMES, Event, sheet_defaults
from bones.rally.sync import TableDevice


# ---- the screen's state ---------------------------------------------------------------------
@dataclass
class SetupForm:
    """The new-event form, kept between taps (the page is redrawn whole). Rounds and the
    first starting double start as the chosen sheet has them (G5, S2) and follow a
    change of rules, except a field the official has typed in (``edited``): that one is
    theirs until they empty it. A change of game starts the form over."""

    title: str = ""
    game: str = "mexican-train"
    preset: str = "gs-mt"
    rounds: str = ""
    first: str = ""
    edited: set[str] = field(default_factory=set)
    house: Any = None  # the club's house rules chosen (bones.house), or None: the sheet's
    houses: list = field(default_factory=list)  # the game's house rules kept on the device

    def __post_init__(self) -> None:
        self.set_preset(self.preset)

    def set_game(self, game: str) -> None:
        if game not in GAMES:
            return
        self.game = game
        self.edited.clear()
        from bones.core import GAMES as MATCHES

        self.set_preset(MATCHES[game].default_preset)

    def set_house(self, house: Any) -> None:
        """The event by ``house`` rules: their sheet, rounds and first double."""
        self.set_preset(house.base)
        self.house = house
        self._defaults()

    def set_preset(self, preset: str) -> None:
        p = PRESETS.get(preset)
        if p is None or preset_of(self.game, preset) is None:
            return
        self.preset, self.house = preset, None
        self._defaults()

    def _defaults(self) -> None:
        rounds, first = sheet_defaults(self.preset, self.house)
        if "rounds" not in self.edited:
            self.rounds = str(rounds)
        if "first" not in self.edited:
            self.first = "" if first is None else str(first)

    def type_in(self, name: str, value: str) -> None:
        """The official typed in a field: an emptied field is the sheet's again."""
        setattr(self, name, value)
        if name in ("rounds", "first"):
            if value.strip():
                self.edited.add(name)
            else:
                self.edited.discard(name)


@dataclass
class Draft:
    """One round's points at one table as they are being typed or tapped in."""

    round: int
    points: dict[str, str] = field(default_factory=dict)  # name -> digits as typed
    no_show: set[str] = field(default_factory=set)  # names marked G10
    active: int = 0  # the seat the number pad types for (0-based among the seated)
    asking: str | None = None  # "did not show their bones?" asked about this name


@dataclass
class RallyState:
    """Which rally page shows and what its forms hold. The event itself is not here."""

    page: str = "tables"  # tables | table | standings | history | playoff | files
    table: str | None = None  # the table whose entry page shows
    setup: SetupForm = field(default_factory=SetupForm)
    new_names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    drafts: dict[str, Draft] = field(default_factory=dict)
    late_open: bool = False
    late_name: str = ""
    rename_open: bool = False  # the "Correct a name" form
    rename_seat: str = "1"  # 1-based seat at the table, as the select gives it
    rename_name: str = ""
    po_kind: str | None = None
    po_first: str = ""
    po_rounds: str = ""
    error: str = ""  # shown in the role="alert" region
    note: str = ""  # what just happened, in the status line
    bad_save: bool = False  # a damaged save was put aside: offer it as a download
    unsaved: str = ""  # while saving fails: why, and what to do (a banner)
    pending_import: Event | None = None  # a good file waiting for "replace the event?"
    pending_name: str = ""
    confirm_new: bool = False
    printed_at: str = ""
    page_only: bool = False  # a table's own device: its one table, no list of tables


KEEP = object()  # ``Changed.event``: the event stays as it is


@dataclass
class Changed:
    """What a part's press changed, returned for the rally screen to apply
    (app.rally.ui's ``apply``), so the part writes nothing of the screen's: the pages'
    state made anew (``fresh``), then the event (``event``: a new one, or None for none;
    ``KEEP`` leaves it), then the pages' fields set (``ui``: name -> value), then the event
    saved (``save``); ``focus`` is the control focused after drawing. ``device``: a
    table's own device taken up (``KEEP`` leaves it), set with the event."""

    focus: str | None = None
    ui: dict[str, Any] = field(default_factory=dict)
    fresh: RallyState | None = None
    event: Any = KEEP
    save: bool = False
    device: Any = KEEP


@dataclass
class RallyDesk:
    """What the rally screen and its parts (app.rally.entry_ui, event_ui, sync_ui) work
    on, handed to each part when it is made: the event kept here, a table's own device
    (its sheet and hand-out; the event is then the device's), and the pages' state."""

    ui: RallyState
    event: Event | None = None
    device: TableDevice | None = None


# ---- small facts about an event -------------------------------------------------------------
def table_title(label: str) -> str:
    return f"Playoff {label[1:]}" if label.startswith("P") else f"Table {label}"


def entry_round(ev: Event, table: str, draft: Draft | None) -> int:
    """The round the entry form is for: the draft's if it is a round of the table, else
    the next round to enter (or the last round when all are entered)."""
    n = len(ev.sheet(table)["rounds"])
    if draft is not None and 1 <= draft.round <= n:
        return draft.round
    return ev.next_round(table) or n


def new_draft(ev: Event, table: str, r: int) -> Draft:
    """A fresh form for round ``r``: empty, or, for a round already entered, holding
    what was entered (so a wrong score is corrected where it stands)."""
    d = Draft(r)
    sh = ev.sheet(table)
    if not any(x["round"] == r and x["entered"] for x in sh["rounds"]):
        return d
    for p in sh["players"]:
        cell = p["cells"][r - 1]
        if cell["points"] is None:
            continue
        if cell["mark"] == "no-show":
            d.no_show.add(p["name"])
        else:
            d.points[p["name"]] = str(cell["points"])
    return d

"""The rally scorekeeper's values and checks: limits, file formats, the error every
refusal raises, names, points, round and table numbers, and the rules of the game being
scored (``Rules``)."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import BadData
from ..games import TARGET, game, games, presets_of
from ..inbound import letters, one_line, unsafe
from ..presets import PRESETS
from ..rulebook import cite

if TYPE_CHECKING:
    from ..house import HouseRules

NO_SHOW = "no-show"  # G10: in place of points, "did not show their bones"
FORMAT = "rally-dominoes-event"
# 3: the event's id in its first change (and, from a later page, the scoring's edition);
# 2: a log with table devices' sheets ("via", "received") or house rules (whole, in its
# "create" change: a page older than them refuses the field). An event made before ids
# is written as it was (1, or 2).
VERSION = 3
READS = (1, 2, 3)
# The edition of the rally's scoring (the totals, G7's late arrivals, G10's no-shows, the
# standings and playoffs), saved in each event's first change: an event keeps being scored
# by the edition it was made under, whatever the scoring becomes later (as a saved match
# keeps its rules' edition, core.RULES). An event saved without one was made under 1.
SCORING = 1
SCORINGS = (1,)  # the editions this scorekeeper scores by
CSV_FORMAT = "rally-dominoes-csv"
CSV_VERSION = 2  # 2: an "id" record names the event, so its tables' sheets still merge
CSV_READS = (1, 2)
CSV_COLUMNS = ("record", "table", "round", "double", "seat", "player", "points", "total",
               "info")

MAX_NAME = 40
MAX_TITLE = 80
MAX_POINTS = 999
MAX_ROUNDS = 100
MAX_FILE = 5_000_000  # characters: far beyond any real event
MAX_CHANGES = 5_000  # a 40-table event of 10 rounds has about 450
MAX_CSV_LINES = 20_000  # the same event's score sheets take about 2,700
MAX_SHEET = 200  # changes in one table's sheet: a table of 8 over 13 rounds makes about 40
GAMES = {g.id: g.title for g in games()}  # id -> title, every registered game


class RallyError(BadData):
    """A change or a file that makes no sense. Nothing was changed."""

    __module__ = "bones.rally"  # where callers import it from, and what a traceback names


class TooLarge(RallyError):
    """A change that would take the event (or a table's sheet) past what it can hold: what
    is saved must always load again (``MAX_CHANGES``, ``MAX_FILE``)."""

    __module__ = "bones.rally"


_ID = re.compile(r"[0-9a-f]{10}")


def new_id() -> str:
    """A new event's id: ten random hex digits, so two events made alike in the same minute
    are told apart (a table's sheet names the event it belongs to)."""
    import os

    return os.urandom(5).hex()


def is_id(v: Any) -> bool:
    return isinstance(v, str) and _ID.fullmatch(v) is not None


def check_id(v: Any) -> str:
    if not is_id(v):
        raise RallyError(f"An event's id is ten hex digits, not {str(v)[:20]!r}")
    return v


# ---- small checks ---------------------------------------------------------------------------
def clean_name(name: Any, what: str = "A player's name") -> str:
    """Trimmed, NFC; any script, no hidden characters or direction overrides (joiners are
    kept: a family emoji is one letter), 1 to MAX_NAME letters as people count them."""
    limit = MAX_TITLE if what == "The event's title" else MAX_NAME
    if not isinstance(name, str):
        raise RallyError(f"{what} must be text, not {str(name)[:40]!r}")
    name = one_line(name)
    if not name:
        raise RallyError(f"{what} is empty")
    if any(map(unsafe, name)):
        raise RallyError(f"{what} has a character that cannot be printed: {name[:limit]!r}")
    n = len(letters(name))
    if n > limit or len(name) > 8 * limit:
        raise RallyError(f"{what} is longer than {limit} characters ({n}): "
                         f"{name[:limit]!r}...")
    return name


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def parse_points(value: Any, fives: bool = False, where: str = "") -> int | str:
    """Points as entered: a whole number 0 to MAX_POINTS (or digits as text), or NO_SHOW.
    All Fives points are multiples of five."""
    at = f" ({where})" if where else ""
    if value == NO_SHOW:
        return NO_SHOW
    if isinstance(value, str):
        text = value.strip()
        if not re.fullmatch(r"[0-9]{1,6}", text):
            raise RallyError(f"Points must be whole numbers 0 or more: {value!r}{at}")
        n = int(text)
    elif isinstance(value, int) and not isinstance(value, bool):
        n = value
        if n < 0:
            raise RallyError(f"Points must be whole numbers 0 or more: {value!r}{at}")
    else:
        raise RallyError(f"Points must be whole numbers 0 or more: {value!r}{at}")
    if n > MAX_POINTS:
        raise RallyError(f"Points over {MAX_POINTS} must be a typo: {n}{at}")
    if fives and n % 5:
        raise RallyError(f"All Fives points come in fives: {n}{at}")
    return n


def whole(v: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(v, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", v):
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RallyError(f"{what} must be a whole number from {lo} to {hi}, not {v!r}")
    return v



# ---- the rules of the game being scored ----------------------------------------------------
def to_target(game_id: str) -> bool:
    """A game played to a target score (All Fives, A8): the highest total wins, a table
    plays games, not rounds from a starting double, 2 to 4 seats, no G7 or G10."""
    return game(game_id).length == TARGET


def presets_named(game_id: str) -> str:
    """The presets of a game, for a refusal that names the choices."""
    return ", ".join(presets_of(game_id))


class Rules:
    def __init__(self, game: str, preset: str, house: HouseRules | None = None):
        self.game = game
        self.preset = preset
        self.house = house  # the club's own rules on the preset (bones.house), or None
        p = PRESETS[preset]
        o = p.options if house is None else house.options()
        self.fives = to_target(game)
        self.lower_wins = not self.fives  # G1 / A8
        self.max_seats = 4 if self.fives else 8  # A1 / the README's decisions
        self.late_ok = not self.fives and getattr(o, "late_arrivals", False)  # G7
        self.no_show_ok = not self.fives  # G10
        self.set_high = None if self.fives else o.set_high
        self.s6 = "S6" in p.rules
        self.word = "game" if self.fives else "round"
        self.options = o

    @property
    def title(self) -> str:
        """The rules' name: the sheet's, or the house rules' ("House rules: Sun Lakes
        Tuesday (from Good Sam's Mexican Train)")."""
        return PRESETS[self.preset].title if self.house is None else self.house.title

    def cite(self, rule: str) -> str:
        """A rule as the official's sheet numbers it ("General 9"), for what the page says."""
        return cite(rule, self.preset)

    def doubles(self, rounds: int | None, first_double: int | None,
                doubles: Iterable[Any] | None, default_rounds: int | None = None) -> list:
        """The starting double of each round (None for All Fives games)."""
        if self.fives:
            if doubles is not None or first_double is not None:
                raise RallyError("All Fives has no starting doubles: give the number of games")
            n = whole(default_rounds if rounds is None else rounds, "The number of games",
                     1, MAX_ROUNDS)
            return [None] * n
        if doubles is not None:
            if isinstance(doubles, str):
                doubles = doubles.replace(",", " ").split()
            ds = [whole(d, "A starting double", 0, self.set_high) for d in doubles]
            if not 1 <= len(ds) <= MAX_ROUNDS:
                raise RallyError(f"Give 1 to {MAX_ROUNDS} starting doubles, not {len(ds)}")
            if rounds is not None and whole(rounds, "The number of rounds", 1,
                                           MAX_ROUNDS) != len(ds):
                raise RallyError(f"{rounds} rounds but {len(ds)} starting doubles")
            return ds
        o = self.options
        n = whole(default_rounds if rounds is None else rounds, "The number of rounds", 1,
                 MAX_ROUNDS)
        first = o.first_double if first_double is None else whole(
            first_double, "The first starting double", 0, self.set_high)
        if first is None:
            first = self.set_high
        # the game's own rule: down one a round, wrapping to the set's highest (G5, S2)
        shifted = dataclasses.replace(o, first_double=first)
        return [shifted.round_double(r) for r in range(1, n + 1)]



@functools.cache
def rules_for(game: str, preset: str) -> Rules:
    """The one ``Rules`` of a game and preset (never changed once made)."""
    return Rules(game, preset)


def sheet_defaults(preset: str, house: HouseRules | None = None) -> tuple[int, int | None]:
    """The rounds (All Fives: games) and first starting double of an event by ``preset``
    when the official names none: the sheet's (G5: 9-9 on the Good Sam's sheets; S2:
    four rounds from 12-12 on the tournament sheet) and the preset's number of rounds, or
    the ``house`` rules' on it."""
    p = PRESETS[preset]
    if to_target(p.game):
        return 1, None
    o = p.options if house is None else house.options()
    return o.rounds, o.set_high if o.first_double is None else o.first_double


def table_label(t: Any) -> str:
    return str(t).strip().upper() if isinstance(t, str) else str(t)


def table_title(label: str) -> str:
    return f"Playoff {label[1:]}" if label.startswith("P") else f"Table {label}"



def folded(x: str) -> str:
    return one_line(x).casefold()


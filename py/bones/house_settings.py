"""What a club may change of a sheet, per game: the catalogue house rules are made from.

Each ``Setting`` is one option field of the game's options (``*_options.py``) in the
sheets' own terms and plain words: its label and help, the kind of control a page shows
for it, the values it allows, how a value is said, and the rule IDs it changes (the first
that stands on the base sheet is the one marked; docs/rules.md). Each game lists its own in
the order a form shows them (``HOUSE_SETTINGS`` in its ``*_options`` module), and its bundle
in the registry carries them (``GameType.house_settings``; ``catalogue``). What is left out,
and why, is in docs/house-rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .checks import whole
from .games import MATCHES, game
from .tiles import set_size

CHOICE, NUMBER, TOGGLE, SIZES = "choice", "number", "toggle", "sizes"  # kinds of control


@dataclass(frozen=True)
class Setting:
    field: str  # the options field: "rounds"
    label: str  # "Rounds": what the form and the list of changes call it
    help: str  # one or two plain sentences under the control
    control: str  # CHOICE (a list), NUMBER, TOGGLE (yes / no), SIZES (tiles by players)
    rules: tuple[str, ...]  # rule IDs it changes, on whichever sheet has them (rules.md)
    choices: tuple[tuple[Any, str], ...] = ()  # CHOICE, TOGGLE: (value, words)
    low: int = 0  # NUMBER: the least; SIZES: the fewest tiles each
    high: int = 0  # NUMBER: the most; SIZES: the most tiles each
    unit: str = ""  # NUMBER: said after the number ("points")
    zero: str = ""  # NUMBER: what 0 is called, if not "0" ("no penalty")
    doubles: bool = False  # CHOICE of a double of the set: 0-0 to the set's highest

    def allowed(self, options: Any) -> tuple[Any, ...]:
        """The values a CHOICE or TOGGLE allows with these options (the doubles of the
        set chosen)."""
        if self.doubles:
            return tuple(range(options.set_high, -1, -1))
        return tuple(v for v, _w in self.choices)

    def say(self, value: Any, options: Any = None) -> str:
        """A value in plain words ("6-6", "double-12", "draw 2", "12 each for 2-7
        players, 10 for 8")."""
        if self.doubles:
            v = options.set_high if value is None and options is not None else value
            return f"{v}-{v}"
        if self.control in (CHOICE, TOGGLE):
            return next((w for v, w in self.choices if v == value and type(v) is type(value)),
                        str(value))
        if self.control == SIZES:
            return sizes_words(per_seats(options, value))
        if value == 0 and self.zero:
            return self.zero
        return f"{value} {self.unit}".strip()


# ---- hand sizes: by the number of players ----------------------------------------------------
def per_seats(options: Any, table: Any = ...) -> dict[int, int | None]:
    """Tiles each for every number of players the game seats (None where the table gives
    none), from ``options`` (with ``table`` in place of its ``hand_sizes``)."""
    if table is not ...:
        options = replace(options, hand_sizes=table)
    cls = next(m for m in MATCHES.values() if isinstance(options, m.options_type))
    out: dict[int, int | None] = {}
    for n in range(cls.min_seats, cls.max_seats + 1):
        try:
            out[n] = options.hand_size(n)
        except (ValueError, KeyError, TypeError):
            out[n] = None
    return out


def bands(sizes: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """Tiles each by players ({2: 12, ..., 7: 12, 8: 10}) as the options keep them:
    (up to this many players, tiles each), fewest players first ((7, 12), (8, 10))."""
    out: list[tuple[int, int]] = []
    for n in sorted(sizes):
        if out and out[-1][1] == sizes[n]:
            out[-1] = (n, sizes[n])
        else:
            out.append((n, sizes[n]))
    return tuple(out)


def sizes_words(sizes: dict[int, int | None]) -> str:
    """"12 each for 2-7 players, 10 for 8"."""
    runs: list[list] = []
    for n, k in sorted(sizes.items()):
        if k is None:
            continue
        if runs and runs[-1][2] == k and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n, k])
    parts = []
    for i, (a, b, k) in enumerate(runs):
        who = f"{a}-{b}" if b > a else f"{a}"
        each = " each" if i == 0 else ""
        players = " players" if i == 0 else ""
        parts.append(f"{k}{each} for {who}{players}")
    return ", ".join(parts) or "none"


def set_words(high: int) -> str:
    return f"double-{high} ({set_size(high)} tiles)"


# ---- settings more than one game has ---------------------------------------------------------
LATE_ARRIVALS = Setting(
    "late_arrivals", "Late arrivals", "Whether a player who comes late may join at the next "
    "round, starting with the highest total at the table.", TOGGLE, ("G7",),
    ((True, "may join at the next round with the highest total"), (False, "may not join")))
DOUBLE_BLANK = Setting(
    "double_blank", "0-0 counts", "What the double blank counts in a hand at the end of a "
    "round.", NUMBER, ("G10", "C8"), low=0, high=100, unit="points")
ROUNDS_HELP = ("How many rounds a match lasts; each starts one double lower. A short game: "
               "start at 6-6, 7 rounds.")


# ---- each game's, from the registry ----------------------------------------------------------
def catalogue(game_id: str) -> tuple[Setting, ...]:
    """What a club may change in ``game_id``, in the order a form shows it: its bundle's
    ``house_settings`` (bones.games)."""
    return game(game_id).house_settings


def catalogue_fields(game: str) -> tuple[str, ...]:
    return tuple(s.field for s in catalogue(game))


def setting(game: str, field: str) -> Setting | None:
    return next((s for s in catalogue(game) if s.field == field), None)


def read_value(s: Setting, raw: Any, options: Any) -> Any:
    """A value for ``s`` as a page or a file gives it (a number as text from a form, a
    list from JSON), in the options' own form; ValueError in plain words if the setting
    does not allow it."""
    if s.control == NUMBER:
        v = int(raw.strip()) if isinstance(raw, str) and raw.strip().isdigit() else raw
        if not whole(v) or not s.low <= v <= s.high:
            raise ValueError(f"{s.label}: a whole number from {s.low} to {s.high}, not "
                             f"{str(raw)[:20]!r}.")
        return v
    if s.control == SIZES:
        return _read_sizes(s, raw, options)
    if s.doubles:  # any double of the biggest set: options.check says if it is in this one
        v = int(raw.strip()) if isinstance(raw, str) and raw.strip().isdigit() else raw
        if not whole(v) or not 0 <= v <= 18:
            raise ValueError(f"{s.label}: a double from 0-0 to 18-18, by its number, not "
                             f"{str(raw)[:20]!r}.")
        return v
    allowed = s.allowed(options)
    for v in allowed:
        if (raw == v and type(raw) is type(v)) or (
                isinstance(raw, str) and raw.strip().lower() == str(v).lower()):
            return v
    said = ", ".join(s.say(v, options) for v in allowed)
    raise ValueError(f"{s.label}: choose one of {said}; not {str(raw)[:20]!r}.")


def _read_sizes(s: Setting, raw: Any, options: Any) -> tuple[tuple[int, int], ...]:
    """Tiles each by players: {players: tiles} (keys may be text, as JSON objects have
    them), or the options' own (up to players, tiles) pairs."""
    seats = list(per_seats(options))
    bad = ValueError(f"{s.label}: give a number of tiles, {s.low} to {s.high}, for each "
                     f"number of players from {seats[0]} to {seats[-1]}.")
    if isinstance(raw, dict):
        sizes = {}
        for k, v in raw.items():
            n = int(k) if isinstance(k, str) and k.strip().isdigit() else k
            t = int(v) if isinstance(v, str) and v.strip().isdigit() else v
            if not (whole(n) and whole(t)):
                raise bad
            sizes[n] = t
    elif isinstance(raw, list | tuple) and all(
            isinstance(x, list | tuple) and len(x) == 2 and whole(x[0]) and whole(x[1])
            for x in raw):
        sizes = {}
        lo = seats[0]
        for upto, t in raw:
            if upto < lo:
                raise bad
            sizes.update(dict.fromkeys(range(lo, upto + 1), t))
            lo = upto + 1
    else:
        raise bad
    if sorted(sizes) != seats or not all(s.low <= t <= s.high for t in sizes.values()):
        raise bad
    return bands(sizes)

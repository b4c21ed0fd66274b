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

import copy
import csv
import dataclasses
import io
import json
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from .errors import BadData
from .inbound import check_text, from_cell, letters, read_json, to_cell, unsafe
from .presets import PRESETS
from .rulebook import cite

NO_SHOW = "no-show"  # G10: in place of points, "did not show their bones"
FORMAT = "rally-dominoes-event"
VERSION = 1
CSV_FORMAT = "rally-dominoes-csv"
CSV_VERSION = 1
CSV_COLUMNS = ("record", "table", "round", "double", "seat", "player", "points", "total",
               "info")

MAX_NAME = 40
MAX_TITLE = 80
MAX_POINTS = 999
MAX_ROUNDS = 100
MAX_FILE = 5_000_000  # characters: far beyond any real event
MAX_CHANGES = 5_000  # a 40-table event of 10 rounds has about 450
MAX_CSV_LINES = 20_000  # the same event's score sheets take about 2,700
GAMES = {"mexican-train": "Mexican Train", "chicken-foot": "Chicken Foot",
         "all-fives": "All Fives"}


class RallyError(BadData):
    """A change or a file that makes no sense. Nothing was changed."""


# ---- small checks ---------------------------------------------------------------------------
def clean_name(name: Any, what: str = "A player's name") -> str:
    """Trimmed, NFC; any script, no hidden characters or direction overrides (joiners are
    kept: a family emoji is one letter), 1 to MAX_NAME letters as people count them."""
    limit = MAX_TITLE if what == "The event's title" else MAX_NAME
    if not isinstance(name, str):
        raise RallyError(f"{what} must be text, not {str(name)[:40]!r}")
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not name:
        raise RallyError(f"{what} is empty")
    if any(map(unsafe, name)):
        raise RallyError(f"{what} has a character that cannot be printed: {name[:limit]!r}")
    n = len(letters(name))
    if n > limit or len(name) > 8 * limit:
        raise RallyError(f"{what} is longer than {limit} characters ({n}): "
                         f"{name[:limit]!r}...")
    return name


def _same_name(a: str, b: str) -> bool:
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


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(v, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", v):
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RallyError(f"{what} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def _rank(items: list, total: Callable[[Any], int], lower_wins: bool) -> list[tuple[int, bool]]:
    """(place, tied) for each item, in the given order: tied totals share a place (1, 1, 3)."""
    totals = [total(x) for x in items]
    sign = 1 if lower_wins else -1
    out = []
    for t in totals:
        better = sum(1 for u in totals if sign * u < sign * t)
        out.append((better + 1, totals.count(t) > 1))
    return out


# ---- the rules of the game being scored ----------------------------------------------------
class _Rules:
    def __init__(self, game: str, preset: str):
        self.game = game
        self.preset = preset
        p = PRESETS[preset]
        o = p.options
        self.fives = game == "all-fives"
        self.lower_wins = not self.fives  # G1 / A8
        self.max_seats = 4 if self.fives else 8  # A1 / the README's decisions
        self.late_ok = not self.fives and getattr(o, "late_arrivals", False)  # G7
        self.no_show_ok = not self.fives  # G10
        self.set_high = None if self.fives else o.set_high
        self.s6 = "S6" in p.rules
        self.word = "game" if self.fives else "round"
        self.options = o

    def cite(self, rule: str) -> str:
        """A rule as the official's sheet numbers it ("General 9"), for what the page says."""
        return cite(rule, self.preset)

    def doubles(self, rounds: int | None, first_double: int | None,
                doubles: Iterable[Any] | None, default_rounds: int | None = None) -> list:
        """The starting double of each round (None for All Fives games)."""
        if self.fives:
            if doubles is not None or first_double is not None:
                raise RallyError("All Fives has no starting doubles: give the number of games")
            n = _int(default_rounds if rounds is None else rounds, "The number of games",
                     1, MAX_ROUNDS)
            return [None] * n
        if doubles is not None:
            if isinstance(doubles, str):
                doubles = doubles.replace(",", " ").split()
            ds = [_int(d, "A starting double", 0, self.set_high) for d in doubles]
            if not 1 <= len(ds) <= MAX_ROUNDS:
                raise RallyError(f"Give 1 to {MAX_ROUNDS} starting doubles, not {len(ds)}")
            if rounds is not None and _int(rounds, "The number of rounds", 1,
                                           MAX_ROUNDS) != len(ds):
                raise RallyError(f"{rounds} rounds but {len(ds)} starting doubles")
            return ds
        o = self.options
        n = _int(default_rounds if rounds is None else rounds, "The number of rounds", 1,
                 MAX_ROUNDS)
        first = o.first_double if first_double is None else _int(
            first_double, "The first starting double", 0, self.set_high)
        if first is None:
            first = self.set_high
        # the game's own rule: down one a round, wrapping to the set's highest (G5, S2)
        shifted = dataclasses.replace(o, first_double=first)
        return [shifted.round_double(r) for r in range(1, n + 1)]


# ---- the state a log replays to -------------------------------------------------------------
# state = {"title", "game", "preset", "doubles": [...], "tables": {label: table}, "order": [...]}
# table = {"label", "kind": "table" | "playoff", "doubles", "seats": [pid, ...],
#          "players": {pid: {"name", "joined", "from": (label, pid) | None}},
#          "entries": {round: {pid: points | NO_SHOW}}}
# Player ids (pid) are "<change n>.<i>": stable, so undoing one change can never make a
# later change point at somebody else.

def sheet_defaults(preset: str) -> tuple[int, int | None]:
    """The rounds (All Fives: games) and first starting double of an event by ``preset``
    when the official names none: the sheet's (G5: 9-9 on the Good Sam's sheets; S2:
    four rounds from 12-12 on the tournament sheet) and the preset's number of rounds."""
    p = PRESETS[preset]
    if p.game == "all-fives":
        return 1, None
    o = p.options
    return o.rounds, o.set_high if o.first_double is None else o.first_double


def _table_label(t: Any) -> str:
    return str(t).strip().upper() if isinstance(t, str) else str(t)


def _table_title(label: str) -> str:
    return f"Playoff {label[1:]}" if label.startswith("P") else f"Table {label}"


def compute(table: dict) -> dict:
    """Each seat's start (G7), counted points per round (G10 resolved) and total."""
    players = table["players"]
    running: dict[str, int] = {}
    start: dict[str, int] = {}
    counted: dict[int, dict[str, int]] = {}
    noshow: dict[int, int] = {}
    for r in range(1, len(table["doubles"]) + 1):
        before = [running[p] for p in running]
        for pid in table["seats"]:
            if players[pid]["joined"] == r:
                # G7: a late arrival takes the highest total at the table.
                start[pid] = max(before, default=0) if r > 1 else 0
                running[pid] = start[pid]
        vals = table["entries"].get(r)
        if vals is None:
            continue
        shown = [v for v in vals.values() if v != NO_SHOW]
        noshow[r] = max(shown, default=0)
        counted[r] = {}
        for pid, v in vals.items():
            c = noshow[r] + 10 if v == NO_SHOW else v  # G10: highest that round + 10
            counted[r][pid] = c
            running[pid] += c
    return {"start": start, "counted": counted, "totals": running, "highest": noshow}


class _Replay:
    """Applies changes to a state, refusing nonsense before anything is changed."""

    def __init__(self, state: dict | None = None):
        self.s = state

    # helpers
    @property
    def rules(self) -> _Rules:
        return _Rules(self.s["game"], self.s["preset"])

    def table(self, t: Any) -> dict:
        label = _table_label(t)
        tab = self.s["tables"].get(label)
        if tab is None:
            have = ", ".join(self.s["order"]) or "none yet"
            raise RallyError(f"There is no table {t!r} (tables: {have})")
        return tab

    def seat(self, tab: dict, who: Any, ids: bool = True) -> str:
        """A player by id (changes in the log), by name or by seat number (1-based)."""
        if ids and isinstance(who, str) and who in tab["players"]:
            return who
        if isinstance(who, int) and not isinstance(who, bool):
            if 1 <= who <= len(tab["seats"]):
                return tab["seats"][who - 1]
            raise RallyError(f"{_table_title(tab['label'])} has no seat {who}")
        if isinstance(who, str):
            name = " ".join(who.split())
            for pid in tab["seats"]:
                if _same_name(tab["players"][pid]["name"], unicodedata.normalize("NFC", name)):
                    return pid
        raise RallyError(f"There is nobody called {who!r} at {_table_title(tab['label'])}")

    def name(self, tab: dict, pid: str) -> str:
        return tab["players"][pid]["name"]

    def new_name(self, tab: dict, name: Any, but: str | None = None) -> str:
        name = clean_name(name)
        for pid in tab["seats"]:
            if pid != but and _same_name(tab["players"][pid]["name"], name):
                raise RallyError(f"{_table_title(tab['label'])} already has a player called "
                                 f"{tab['players'][pid]['name']!r}")
        return name

    def where(self, tab: dict, r: int) -> str:
        return f"{_table_title(tab['label'])}, {self.rules.word} {r}"

    def round_no(self, tab: dict, r: Any) -> int:
        n = len(tab["doubles"])
        w = self.rules.word
        if isinstance(r, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", r):
            r = int(r)
        if not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= n:
            raise RallyError(f"{_table_title(tab['label'])} plays {w}s 1 to {n}, not {r!r}")
        return r

    def seated(self, tab: dict, r: int) -> list[str]:
        return [p for p in tab["seats"] if tab["players"][p]["joined"] <= r]

    def not_started(self, tab: dict, why: str) -> None:
        if tab["entries"]:
            raise RallyError(f"{_table_title(tab['label'])} has started: {why}")

    def no_playoff_yet(self, tab: dict) -> None:
        if tab["kind"] == "table" and any(
                self.s["tables"][x]["kind"] == "playoff" for x in self.s["order"]):
            raise RallyError("The playoff has been created: the tables' seating is closed")

    def check_points(self, tab: dict, r: int, pid: str, v: Any) -> int | str:
        rules = self.rules
        where = f"{self.where(tab, r)}, {self.name(tab, pid)}"
        v = parse_points(v, rules.fives, where)
        if v == NO_SHOW and not rules.no_show_ok:
            raise RallyError(f"'Did not show their bones' is not an All Fives rule "
                             f"({where})")
        return v

    # the changes
    def apply(self, c: dict) -> None:
        getattr(self, "op_" + c["op"])(c)

    def op_create(self, c: dict) -> None:
        if self.s is not None:
            raise RallyError("The event already exists")
        game, preset = c["game"], c["preset"]
        if game not in GAMES:
            raise RallyError(f"Rally mode scores {', '.join(GAMES)}, not {game!r}")
        p = PRESETS.get(preset)
        if p is None or p.game != game:
            names = ", ".join(n for n, q in PRESETS.items() if q.game == game)
            raise RallyError(f"{GAMES[game]} has the presets {names}, not {preset!r}")
        rules = _Rules(game, preset)
        doubles = rules.doubles(None, None, c["doubles"]) if not rules.fives else \
            rules.doubles(len(c["doubles"]), None, None)
        if rules.fives and any(d is not None for d in c["doubles"]):
            raise RallyError("All Fives has no starting doubles")
        self.s = {"title": clean_name(c["title"], "The event's title"), "game": game,
                  "preset": preset, "doubles": doubles, "tables": {}, "order": []}

    def op_add_table(self, c: dict) -> None:
        rules = self.rules
        label = c["table"]
        if self.s["order"] and self.s["order"][-1].startswith("P"):
            raise RallyError("The playoff has been created: no more tables can be added")
        if not re.fullmatch(r"[1-9][0-9]{0,2}", label) or label in self.s["tables"]:
            raise RallyError(f"Table {label!r} cannot be added: tables are numbered 1, 2, 3 "
                             f"... once each")
        names = c["players"]
        if not 2 <= len(names) <= rules.max_seats:
            raise RallyError(f"{GAMES[rules.game]} tables seat 2 to {rules.max_seats} "
                             f"players, not {len(names)}")
        tab = {"label": label, "kind": "table", "doubles": list(self.s["doubles"]),
               "seats": [], "players": {}, "entries": {}}
        for i, n in enumerate(names, 1):
            name = self.new_name(tab, n)
            pid = f"{c['n']}.{i}"
            tab["seats"].append(pid)
            tab["players"][pid] = {"name": name, "joined": 1, "from": None}
        self.s["tables"][label] = tab
        self.s["order"].append(label)

    def _join(self, c: dict, tab: dict, r: int) -> None:
        rules = self.rules
        if len(tab["seats"]) >= rules.max_seats:
            raise RallyError(f"{_table_title(tab['label'])} is full ({rules.max_seats} "
                             f"players)")
        name = self.new_name(tab, c["name"])
        pid = f"{c['n']}.1"
        tab["seats"].append(pid)
        tab["players"][pid] = {"name": name, "joined": r, "from": None}

    def op_add_player(self, c: dict) -> None:
        tab = self.table(c["table"])
        self.no_playoff_yet(tab)
        self.not_started(tab, f"a newcomer joins as a late arrival "
                              f"({self.rules.cite('G7')})")
        self._join(c, tab, 1)

    def op_late(self, c: dict) -> None:
        tab = self.table(c["table"])
        rules = self.rules
        if tab["kind"] != "table":
            raise RallyError("Late arrivals join the tables, not a playoff")
        if not rules.late_ok:
            raise RallyError(f"All Fives tables are 2 to 4 from the start ({rules.cite('A1')})"
                             ": no late arrivals" if rules.fives else
                             f"{PRESETS[rules.preset].title} has no late arrivals")
        self.no_playoff_yet(tab)
        r = self.round_no(tab, c["round"])
        done = max(tab["entries"], default=0)
        if r <= done:
            raise RallyError(f"{self.where(tab, done)} is already entered: a late arrival "
                             f"joins at a {rules.word} not yet played ({rules.cite('G7')})")
        self._join(c, tab, r)

    def op_remove_player(self, c: dict) -> None:
        tab = self.table(c["table"])
        pid = self.seat(tab, c["player"])
        self.no_playoff_yet(tab)
        self.not_started(tab, "nobody can be taken off its score sheet")
        for x in self.s["order"]:
            for q in self.s["tables"][x]["players"].values():
                if q["from"] == (tab["label"], pid):
                    raise RallyError(f"{self.name(tab, pid)} plays in {_table_title(x)}: take "
                                     f"them off there first")
        if len(tab["seats"]) <= 2:
            raise RallyError(f"{_table_title(tab['label'])} needs at least 2 players")
        tab["seats"].remove(pid)
        del tab["players"][pid]

    def op_rename(self, c: dict) -> None:
        tab = self.table(c["table"])
        pid = self.seat(tab, c["player"])
        tab["players"][pid]["name"] = self.new_name(tab, c["name"], but=pid)

    def op_enter(self, c: dict) -> None:
        tab = self.table(c["table"])
        r = self.round_no(tab, c["round"])
        if r in tab["entries"]:
            raise RallyError(f"{self.where(tab, r)} is already entered (undo it or correct "
                             f"one score)")
        seated = self.seated(tab, r)
        got = c["points"]
        vals: dict[str, Any] = {}
        if isinstance(got, list):
            if len(got) != len(seated):
                names = ", ".join(self.name(tab, p) for p in seated)
                raise RallyError(f"{self.where(tab, r)} needs {len(seated)} scores ({names}), "
                                 f"not {len(got)}")
            pairs = list(zip(seated, got))
        else:
            pairs = []
            for who, v in got.items():
                pid = self.seat(tab, who)
                if pid not in seated:
                    raise RallyError(f"{self.name(tab, pid)} joins {_table_title(tab['label'])}"
                                     f" at {self.rules.word} "
                                     f"{tab['players'][pid]['joined']}, not {r}")
                if pid in (p for p, _v in pairs):
                    raise RallyError(f"{self.where(tab, r)}: {self.name(tab, pid)} is given "
                                     f"twice")
                pairs.append((pid, v))
            missing = [self.name(tab, p) for p in seated if p not in dict(pairs)]
            if missing:
                raise RallyError(f"{self.where(tab, r)}: no points for {', '.join(missing)}")
        for pid, v in pairs:
            vals[pid] = self.check_points(tab, r, pid, v)
        tab["entries"][r] = {p: vals[p] for p in seated}

    def op_correct(self, c: dict) -> None:
        tab = self.table(c["table"])
        r = self.round_no(tab, c["round"])
        if r not in tab["entries"]:
            raise RallyError(f"{self.where(tab, r)} is not entered yet: enter it first")
        pid = self.seat(tab, c["player"])
        if pid not in tab["entries"][r]:
            raise RallyError(f"{self.name(tab, pid)} did not play {self.where(tab, r)}")
        v = self.check_points(tab, r, pid, c["points"])
        tab["entries"][r][pid] = v

    def op_no_show(self, c: dict) -> None:
        self.op_correct({**c, "points": NO_SHOW})

    def op_playoff(self, c: dict) -> None:
        rules = self.rules
        label = c["table"]
        if not re.fullmatch(r"P[1-9][0-9]{0,2}", label) or label in self.s["tables"]:
            raise RallyError(f"Playoff {label!r} cannot be added: playoffs are named P1, P2 "
                             f"... once each")
        ds = c["doubles"]
        if rules.fives:
            if any(d is not None for d in ds):
                raise RallyError("All Fives has no starting doubles")
            doubles = rules.doubles(len(ds), None, None)
        else:
            doubles = rules.doubles(None, None, ds)
        players = c["players"]
        if not 2 <= len(players) <= rules.max_seats:
            raise RallyError(f"A playoff table seats 2 to {rules.max_seats} players; "
                             f"{len(players)} were named")
        tab = {"label": label, "kind": "playoff", "doubles": doubles, "seats": [],
               "players": {}, "entries": {}}
        seen = set()
        for i, ref in enumerate(players, 1):
            if isinstance(ref, str):
                name, src = ref, None
            else:
                src_tab = self.table(ref[0])
                pid = self.seat(src_tab, ref[1])
                if (src_tab["label"], pid) in seen:
                    raise RallyError(f"{self.name(src_tab, pid)} of "
                                     f"{_table_title(src_tab['label'])} is named twice")
                seen.add((src_tab["label"], pid))
                name = ref[2] if len(ref) > 2 else self.name(src_tab, pid)
                src = (src_tab["label"], pid)
            name = self.new_name(tab, name)
            new = f"{c['n']}.{i}"
            tab["seats"].append(new)
            tab["players"][new] = {"name": name, "joined": 1, "from": src}
        self.s["tables"][label] = tab
        self.s["order"].append(label)


# ---- change records: shape checks for anything read from a file ---------------------------
def _is_ref(x: Any) -> bool:
    return isinstance(x, str | int) and not isinstance(x, bool)


def _pts_ok(x: Any) -> bool:
    return x == NO_SHOW or isinstance(x, int | str) and not isinstance(x, bool)


_SHAPES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "create": {"title": lambda x: isinstance(x, str), "game": lambda x: isinstance(x, str),
               "preset": lambda x: isinstance(x, str),
               "doubles": lambda x: isinstance(x, list) and all(
                   d is None or isinstance(d, int) and not isinstance(d, bool) for d in x)},
    "add_table": {"table": lambda x: isinstance(x, str),
                  "players": lambda x: isinstance(x, list) and all(
        isinstance(n, str) for n in x)},
    "add_player": {"table": _is_ref, "name": lambda x: isinstance(x, str)},
    "late": {"table": _is_ref, "name": lambda x: isinstance(x, str), "round": _is_ref},
    "remove_player": {"table": _is_ref, "player": _is_ref},
    "rename": {"table": _is_ref, "player": _is_ref, "name": lambda x: isinstance(x, str)},
    "enter": {"table": _is_ref, "round": _is_ref,
              "points": lambda x: isinstance(x, list) and all(map(_pts_ok, x)) or isinstance(
                  x, dict) and all(map(_pts_ok, x.values()))},
    "correct": {"table": _is_ref, "round": _is_ref, "player": _is_ref, "points": _pts_ok},
    "no_show": {"table": _is_ref, "round": _is_ref, "player": _is_ref},
    "playoff": {"table": lambda x: isinstance(x, str), "doubles": lambda x: isinstance(x, list),
                "players": lambda x: isinstance(x, list) and all(
                    isinstance(p, str) or isinstance(p, list) and len(p) in (2, 3)
                    and all(map(_is_ref, p[:2])) and all(isinstance(n, str) for n in p[2:])
                    for p in x)},
    "undo": {"change": lambda x: isinstance(x, int) and not isinstance(x, bool)},
}


def _check_shape(c: Any, n: int) -> dict:
    if not isinstance(c, dict):
        raise RallyError(f"change {n} is not a record: {str(c)[:40]!r}")
    op = c.get("op")
    if not isinstance(op, str) or op not in _SHAPES:
        raise RallyError(f"change {n} has an unknown kind {str(op)[:40]!r}")
    if c.get("n") != n:
        raise RallyError(f"change {n} is numbered {c.get('n')!r}: changes are numbered 1, 2, "
                         f"3 ... in order")
    shape = _SHAPES[op]
    for k in c:
        if k not in shape and k not in ("op", "n", "at"):
            raise RallyError(f"change {n} ({op}) has an unknown field {str(k)[:40]!r}")
    for k, ok in shape.items():
        if k not in c:
            raise RallyError(f"change {n} ({op}) lacks its {k!r}")
        if not ok(c[k]):
            raise RallyError(f"change {n} ({op}) has a bad {k!r}: {str(c[k])[:40]!r}")
    if "at" in c and not (isinstance(c["at"], str) and len(c["at"]) <= 40):
        raise RallyError(f"change {n} has a bad time {str(c['at'])[:40]!r}")
    return c


def _effective(log: list[dict]) -> list[dict]:
    """The changes in force: every change not undone (an undo can itself be undone)."""
    cancelled: set[int] = set()
    out = []
    for c in reversed(log):
        if c["n"] in cancelled:
            continue
        if c["op"] == "undo":
            cancelled.add(c["change"])
        out.append(c)
    return out[::-1]


def _replay(log: list[dict]) -> dict:
    r = _Replay()
    for c in _effective(log):
        if c["op"] != "undo":
            r.apply(c)
    return r.s


# ---- the event -----------------------------------------------------------------------------
class Event:
    """A rally event: its log of changes and the state that log replays to.

    Every method that changes the event appends one change and returns its number, or
    raises ``RallyError`` and changes nothing. Two events are equal (``==``) when they
    replay to the same state: same settings, tables, players, scores and playoffs,
    whatever history led there (compare ``.log`` for the history too).
    """

    def __init__(self, _log: list[dict], _state: dict, clock: Callable[[], str] | None = None):
        self._log = _log
        self._s = _state
        self.clock = clock

    # creating, loading ----------------------------------------------------------------------
    @classmethod
    def create(cls, title: str, game: str = "mexican-train", preset: str | None = None, *,
               rounds: int | None = None, first_double: int | None = None,
               doubles: Iterable[int] | None = None,
               clock: Callable[[], str] | None = None) -> Event:
        """A new event. Mexican Train and Chicken Foot: ``rounds`` from ``first_double``
        down one a round (both default to the preset's), or the ``doubles`` list itself.
        All Fives: ``rounds`` is the number of games (default 1)."""
        if game not in GAMES:
            raise RallyError(f"Rally mode scores {', '.join(GAMES)}, not {game!r}")
        from .core import GAMES as MATCHES

        preset = preset or MATCHES[game].default_preset
        p = PRESETS.get(preset)
        if p is None or p.game != game:
            names = ", ".join(n for n, q in PRESETS.items() if q.game == game)
            raise RallyError(f"{GAMES[game]} has the presets {names}, not {preset!r}")
        rules = _Rules(game, preset)
        ds = rules.doubles(rounds, first_double, doubles, sheet_defaults(preset)[0])
        ev = cls([], None, clock)  # type: ignore[arg-type]
        ev._append({"op": "create", "title": title, "game": game, "preset": preset,
                    "doubles": ds})
        return ev

    def _append(self, change: dict) -> int:
        c = {"n": len(self._log) + 1, **change}
        if self.clock is not None:
            c["at"] = str(self.clock())[:40]
        r = _Replay(copy.deepcopy(self._s))
        r.apply(c)
        self._log.append(c)
        self._s = r.s
        return c["n"]

    # the changes the UI makes ---------------------------------------------------------------
    def add_table(self, players: Iterable[str], number: int | None = None) -> str:
        """A table with its players in seat order (2 to 8; All Fives 2 to 4). Returns its
        number as text ("1", "2" ...): the next after the highest, unless given."""
        if isinstance(players, str):
            raise RallyError("Give the table's players as a list of names")
        players = list(players)
        if not all(isinstance(x, str) for x in players):
            raise RallyError("Players' names must be text")
        n = number or max((int(x) for x in self._s["order"] if not x.startswith("P")),
                          default=0) + 1
        self._append({"op": "add_table", "table": str(n), "players": players})
        return self._s["order"][-1]

    def add_player(self, table: Any, name: str) -> int:
        """Another player at a table that has not started."""
        return self._append({"op": "add_player", "table": _table_label(table), "name": name})

    def remove_player(self, table: Any, player: Any) -> int:
        """Take a player off a table that has not started."""
        return self._append({"op": "remove_player", "table": _table_label(table),
                             "player": self._pid(table, player)})

    def rename(self, table: Any, player: Any, name: str) -> int:
        return self._append({"op": "rename", "table": _table_label(table),
                             "player": self._pid(table, player), "name": name})

    def late_arrival(self, table: Any, name: str, round: int | None = None) -> int:
        """G7: ``name`` joins ``table`` at ``round`` (default: the next round not entered)
        with the highest total at the table."""
        if round is None:
            round = self.next_round(table)
            if round is None:
                raise RallyError(f"{_table_title(_table_label(table))} has entered all its "
                                 f"{self._rules.word}s: too late to join "
                                 f"({self._rules.cite('G7')})")
        return self._append({"op": "late", "table": _table_label(table), "name": name,
                             "round": round})

    def enter_round(self, table: Any, round: Any, points: list | dict) -> int:
        """One round's points at a table: a list in seat order (the players seated that
        round), or a dict by name or seat number. A value is a whole number, digits as
        text, or ``NO_SHOW`` (G10: the highest score at the table that round + 10)."""
        if isinstance(points, dict):
            tab = self._replay_table(table)
            pts: Any = {self._pid(table, k, tab): v for k, v in points.items()}
            if len(pts) != len(points):
                raise RallyError("A player is given twice")
        elif isinstance(points, list | tuple):
            # kept by player id, so no later undo can move a score to another seat
            r = _Replay(self._s)
            tab = r.table(table)
            seated = r.seated(tab, r.round_no(tab, round))
            if len(points) != len(seated):
                names = ", ".join(r.name(tab, p) for p in seated)
                raise RallyError(f"{r.where(tab, r.round_no(tab, round))} needs {len(seated)} "
                                 f"scores ({names}), not {len(points)}")
            pts = dict(zip(seated, points))
        else:
            raise RallyError("Points come as a list in seat order or by player")
        return self._append({"op": "enter", "table": _table_label(table), "round": round,
                             "points": pts})

    def correct(self, table: Any, round: Any, player: Any, points: Any) -> int:
        """Change one player's points in a round already entered."""
        return self._append({"op": "correct", "table": _table_label(table), "round": round,
                             "player": self._pid(table, player), "points": points})

    def no_show(self, table: Any, round: Any, player: Any) -> int:
        """G10 on a round already entered: the player did not show their bones."""
        return self._append({"op": "no_show", "table": _table_label(table), "round": round,
                             "player": self._pid(table, player)})

    def create_playoff(self, *, first_double: int | None = None, rounds: int | None = None,
                       doubles: Iterable[int] | None = None,
                       players: Iterable[Any] | None = None, kind: str | None = None,
                       number: int | None = None) -> str:
        """S6: a playoff table with its own starting double and rounds, chosen by the
        official. ``players``: (table, player) pairs or new names; default
        ``playoff_candidates(kind)``. Returns its label ("P1", "P2" ...)."""
        rules = self._rules
        if not rules.fives and doubles is None and (first_double is None or rounds is None):
            raise RallyError("The official picks the playoff's starting double and rounds")
        if rules.fives and rounds is None:
            raise RallyError("The official picks how many games the playoff plays")
        ds = rules.doubles(rounds, first_double, doubles)
        if players is None:
            cand = self.playoff_candidates(kind)
            if not cand["ready"]:
                raise RallyError(cand["message"])
            players = cand["refs"]
        refs: list = []
        for ref in players:
            if isinstance(ref, str):
                refs.append(ref)
            elif isinstance(ref, list | tuple) and len(ref) in (2, 3):
                tab = self._replay_table(ref[0])
                pid = self._pid(ref[0], ref[1], tab)
                name = ref[2] if len(ref) > 2 else self._s["tables"][tab["label"]][
                    "players"][pid]["name"]
                if not isinstance(name, str):
                    raise RallyError(f"A name must be text, not {name!r}")
                refs.append([tab["label"], pid, name, len(ref) > 2])
            else:
                raise RallyError(f"Name playoff players as (table, player) or a new name: "
                                 f"{ref!r}")
        # Two players of the same name from different tables: each gets their table's
        # number after the name, unless the official named them.
        seen = [_norm(r if isinstance(r, str) else r[2]) for r in refs]
        for i, r in enumerate(refs):
            if not isinstance(r, str):
                named = r.pop()
                if seen.count(seen[i]) > 1 and not named:
                    tag = f" ({_table_title(r[0])})"
                    r[2] = r[2][:MAX_NAME - len(tag)] + tag
        n = number or max((int(x[1:]) for x in self._s["order"] if x.startswith("P")),
                          default=0) + 1
        self._append({"op": "playoff", "table": f"P{n}", "doubles": ds, "players": refs})
        return self._s["order"][-1]

    def undo(self, change: int | None = None) -> int:
        """Undo a change (default: the latest one in force that is not itself an undo).
        Undoing an undo brings the change back. Refused when a later change depends on
        it (undo that one first)."""
        eff = _effective(self._log)
        if change is None:
            left = [c for c in eff if c["op"] not in ("undo", "create")]
            if not left:
                raise RallyError("There is nothing to undo")
            change = left[-1]["n"]
        if not isinstance(change, int) or isinstance(change, bool) or not (
                1 <= change <= len(self._log)):
            raise RallyError(f"There is no change {change!r} to undo")
        if change == 1:
            raise RallyError("Creating the event cannot be undone: start a new event")
        if change not in {c["n"] for c in eff}:
            raise RallyError(f"Change {change} is already undone")
        c = {"n": len(self._log) + 1, "op": "undo", "change": change}
        if self.clock is not None:
            c["at"] = str(self.clock())[:40]
        self._s = self._check_replay(self._log + [c], change)
        self._log.append(c)
        return c["n"]

    def _check_replay(self, log: list[dict], target: int) -> dict:
        r = _Replay()
        for c in _effective(log):
            if c["op"] == "undo":
                continue
            try:
                r.apply(c)
            except RallyError as e:
                tgt = log[target - 1]
                act = "bring back" if tgt["op"] == "undo" else "undo"
                raise RallyError(
                    f"Cannot {act} change {target} ({self._describe(tgt)}): change "
                    f"{c['n']} ({self._describe(c)}) depends on it. {e}") from None
        return r.s

    # reading ---------------------------------------------------------------------------------
    @property
    def log(self) -> list[dict]:
        return copy.deepcopy(self._log)

    @property
    def title(self) -> str:
        return self._s["title"]

    @property
    def game(self) -> str:
        return self._s["game"]

    @property
    def preset(self) -> str:
        return self._s["preset"]

    @property
    def _rules(self) -> _Rules:
        return _Rules(self._s["game"], self._s["preset"])

    @property
    def lower_wins(self) -> bool:
        return self._rules.lower_wins

    def tables(self) -> list[str]:
        return list(self._s["order"])

    def table(self, table: Any) -> dict:
        """A table's settings and players, plain data."""
        return self.state()["tables"][_Replay(self._s).table(table)["label"]]

    def _replay_table(self, table: Any) -> dict:
        return _Replay(self._s).table(table)

    def _pid(self, table: Any, who: Any, tab: dict | None = None) -> str:
        r = _Replay(self._s)
        return r.seat(tab or r.table(table), who, ids=False)

    def next_round(self, table: Any) -> int | None:
        """The round to enter next at a table (after the highest entered), None when done."""
        tab = self._replay_table(table)
        nxt = max(tab["entries"], default=0) + 1
        return nxt if nxt <= len(tab["doubles"]) else None

    def seated(self, table: Any, round: int) -> list[str]:
        """The names that score in ``round`` at ``table``, in seat order."""
        r = _Replay(self._s)
        tab = r.table(table)
        return [r.name(tab, p) for p in r.seated(tab, r.round_no(tab, round))]

    def state(self) -> dict:
        """The event as plain data, without change numbers or ids: what ``==`` compares."""
        s = self._s
        tables = {}
        for label in s["order"]:
            t = s["tables"][label]
            seatno = {pid: i for i, pid in enumerate(t["seats"], 1)}
            players = []
            for pid in t["seats"]:
                p = t["players"][pid]
                src = None
                if p["from"] is not None:
                    st = s["tables"][p["from"][0]]
                    src = [p["from"][0], st["seats"].index(p["from"][1]) + 1]
                players.append({"name": p["name"], "joined": p["joined"], "from": src})
            entries = {r: [v[pid] for pid in t["seats"] if pid in v]
                       for r, v in sorted(t["entries"].items())}
            assert all(set(v) <= set(seatno) for v in t["entries"].values())
            tables[label] = {"kind": t["kind"], "doubles": list(t["doubles"]),
                             "players": players, "entries": entries}
        return {"title": s["title"], "game": s["game"], "preset": s["preset"],
                "doubles": list(s["doubles"]), "tables": tables}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Event {self.title!r}: {len(self._s['order'])} tables, {len(self._log)} changes>"

    # history -----------------------------------------------------------------------------------
    def _names(self) -> dict[str, str]:
        """The latest name known for every player id, from every change (in force or not)."""
        names: dict[str, str] = {}
        for c in self._log:
            self._names_step(c, names)
        return names

    @staticmethod
    def _names_step(c: dict, names: dict[str, str]) -> None:
        """The names a change gives (or changes), into ``names`` (player id -> name)."""
        if c["op"] == "add_table":
            for i, n in enumerate(c["players"], 1):
                names[f"{c['n']}.{i}"] = n
        elif c["op"] in ("add_player", "late"):
            names[f"{c['n']}.1"] = c["name"]
        elif c["op"] == "playoff":
            for i, ref in enumerate(c["players"], 1):
                names[f"{c['n']}.{i}"] = ref if isinstance(ref, str) else \
                    ref[2] if len(ref) > 2 else names.get(str(ref[1]), str(ref[1]))
        elif c["op"] == "rename":
            names[str(c["player"])] = c["name"]

    def _describe(self, c: dict, names: dict[str, str] | None = None) -> str:
        names = self._names() if names is None else names
        word = self._rules.word if self._s else "round"
        rule = self._rules.cite if self._s else str

        def who(p: Any) -> str:
            return names.get(str(p), str(p))

        def pts(v: Any) -> str:
            return f"did not show ({rule('G10')})" if v == NO_SHOW else str(v)

        op = c["op"]
        t = f"{_table_title(str(c['table']))}" if "table" in c else ""
        if op == "create":
            ds = c["doubles"]
            what = (f"{len(ds)} games" if ds and ds[0] is None else
                    f"{len(ds)} rounds from {ds[0]}-{ds[0]}" if ds else "")
            preset = PRESETS[c["preset"]].title if c["preset"] in PRESETS else c["preset"]
            return f"Event {c['title']!r} created: {GAMES.get(c['game'], c['game'])}, " \
                   f"{preset}, {what}"
        if op == "add_table":
            return f"{t} added: {', '.join(c['players'])}"
        if op == "add_player":
            return f"{t}: {c['name']} added"
        if op == "late":
            return f"{t}: {c['name']} joins late at {word} {c['round']} with the highest " \
                   f"total ({rule('G7')})"
        if op == "remove_player":
            return f"{t}: {who(c['player'])} taken off"
        if op == "rename":
            return f"{t}: a name corrected to {c['name']}"
        if op == "enter":
            p = c["points"]
            if isinstance(p, dict):
                body = ", ".join(f"{who(k)} {pts(v)}" for k, v in p.items())
            else:
                body = ", ".join(pts(v) for v in p)
            return f"{t}, {word} {c['round']} entered: {body}"
        if op == "correct":
            return f"{t}, {word} {c['round']}: {who(c['player'])} corrected to " \
                   f"{pts(c['points'])}"
        if op == "no_show":
            return f"{t}, {word} {c['round']}: {who(c['player'])} did not show their " \
                   f"bones ({rule('G10')})"
        if op == "playoff":
            ps = ", ".join(r if isinstance(r, str) else r[2] if len(r) > 2 else who(r[1])
                           for r in c["players"])
            ds = c["doubles"]
            what = (f"{len(ds)} games" if ds[0] is None else
                    f"{len(ds)} rounds from {ds[0]}-{ds[0]}")
            return f"{t} created: {ps}; {what}"
        if op == "undo":
            return f"Undo of change {c['change']}"
        return op

    def history(self) -> list[dict]:
        """Every change, oldest first: number, time, plain words, and whether it is in force
        (``undone_by`` names the undo that cancelled it)."""
        eff = {c["n"] for c in _effective(self._log)}
        undone_by: dict[int, int] = {}
        for c in self._log:
            if c["op"] == "undo" and c["n"] in eff:
                undone_by[c["change"]] = c["n"]
        names = self._names()
        was: dict[str, str] = {}  # each player's name as it stood before each change
        out = []
        for c in self._log:
            text = self._describe(c, names)
            if c["op"] == "rename":
                old = was.get(str(c["player"]))
                if old is not None and old != c["name"]:
                    text = f"{_table_title(str(c['table']))}: {old} renamed {c['name']}"
            self._names_step(c, was)
            if c["op"] == "undo":
                text += f" ({self._describe(self._log[c['change'] - 1], names)})"
            out.append({"n": c["n"], "op": c["op"], "at": c.get("at"), "text": text,
                        "in_force": c["n"] in eff, "undone_by": undone_by.get(c["n"]),
                        "can_undo": c["n"] in eff and c["op"] != "create"})
        return out

    # score sheets and standings -----------------------------------------------------------
    def sheet(self, table: Any) -> dict:
        """A table's score sheet as plain data (see ``score_sheet``)."""
        tab = self._replay_table(table)
        rules = self._rules
        res = compute(tab)
        players = []
        for pid in tab["seats"]:
            p = tab["players"][pid]
            src = None
            if p["from"] is not None:
                st = self._s["tables"][p["from"][0]]
                src = f"{_table_title(st['label'])}, seat {st['seats'].index(p['from'][1]) + 1}"
            cells = {}
            for r, counted in res["counted"].items():
                if pid in counted:
                    raw = tab["entries"][r][pid]
                    cells[r] = (counted[pid], raw == NO_SHOW)
            players.append({"name": p["name"], "joined": p["joined"],
                            "start": res["start"].get(pid, 0), "cells": cells, "from": src,
                            "total": res["totals"].get(pid)})
        return score_sheet(
            table=tab["label"], title=_table_title(tab["label"]), kind=tab["kind"],
            game=rules.game, preset=rules.preset, lower_wins=rules.lower_wins,
            doubles=tab["doubles"],
            entered=set(tab["entries"]), players=players, highest=res["highest"])

    def sheets(self) -> list[dict]:
        return [self.sheet(t) for t in self._s["order"]]

    def standings(self, stage: str | None = None) -> dict:
        """G11: every player of the tables (or of one playoff table, ``stage="P1"``) by
        total, best first (lowest for Mexican Train and Chicken Foot, highest for All
        Fives). Tied totals share a place and are flagged for a play-off, never broken;
        ``first`` and ``second`` name the places when they are decided. Late arrivals
        carry their starting total (G7)."""
        labels = ([x for x in self._s["order"] if not x.startswith("P")] if stage is None
                  else [_Replay(self._s).table(stage)["label"]])
        rows = []
        complete = True
        for label in labels:
            sh = self.sheet(label)
            complete = complete and sh["complete"]
            for p in sh["players"]:
                rows.append({"table": label, "seat": p["seat"], "name": p["name"],
                             "total": p["total"], "played": p["played"], "late": p["late"],
                             "start": p["start"]})
        return _standings(rows, self.lower_wins, complete,
                          self._rules.cite("G11" if stage is None else "S6"))

    def results(self) -> dict:
        """The standings that decide the event: the latest playoff's if there is one (S6),
        else all the tables' (G11)."""
        po = [x for x in self._s["order"] if x.startswith("P")]
        return self.standings(po[-1] if po else None)

    def table_winners(self) -> list[dict]:
        """Each table's best total, with every player who has it (``tie`` if several)."""
        out = []
        for label in self._s["order"]:
            if label.startswith("P"):
                continue
            sh = self.sheet(label)
            best = [p for p in sh["players"] if p["place"] == 1]
            out.append({"table": label, "players": [p["name"] for p in best],
                        "seats": [p["seat"] for p in best], "tie": len(best) > 1,
                        "complete": sh["complete"]})
        return out

    def playoff_candidates(self, kind: str | None = None) -> dict:
        """Who a new playoff would seat. ``kind="winners"`` (S6): every table's winner (a
        tie at a table sends all tied players, flagged); ``"ties"`` (G11 / the GS sheets'
        play-off): the players tied for 1st, else for 2nd, in the latest standings.
        Default: "winners" for the first playoff of a preset with S6, else "ties"."""
        po = [x for x in self._s["order"] if x.startswith("P")]
        if kind is None:
            kind = "winners" if self._rules.s6 and not po else "ties"
        refs: list[tuple[str, int]] = []
        names: list[str] = []
        notes: list[str] = []
        if kind == "winners":
            for w in self.table_winners():
                if not w["complete"]:
                    return {"kind": kind, "ready": False, "refs": [], "players": [],
                            "notes": [], "message":
                            f"{_table_title(w['table'])} has not entered all its "
                            f"{self._rules.word}s: the playoff needs every table finished "
                            f"(or name the players)"}
                if w["tie"]:
                    notes.append(f"{_table_title(w['table'])}: {' and '.join(w['players'])} "
                                 f"tie for the table's win; all go to the playoff")
                refs += [(w["table"], s) for s in w["seats"]]
                names += w["players"]
        elif kind == "ties":
            st = self.results()
            group = next((g for g in st["places"] if not g["decided"]), None)
            if group is None:
                return {"kind": kind, "ready": False, "refs": [], "players": [], "notes": [],
                        "message": "No tie for 1st or 2nd: no play-off is needed"}
            for row in group["rows"]:
                refs.append((row["table"], row["seat"]))
                names.append(row["name"])
            notes.append(group["message"])
        else:
            raise RallyError(f"Playoff players are 'winners' or 'ties', not {kind!r}")
        max_seats = self._rules.max_seats
        ready = 2 <= len(refs) <= max_seats
        msg = "" if ready else (
            f"{len(refs)} players would go to the playoff: a table seats 2 to {max_seats}; "
            f"name the players")
        return {"kind": kind, "ready": ready, "refs": refs, "players": names, "notes": notes,
                "message": msg}

    # saving, export and import -----------------------------------------------------------------
    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "log": self.log}

    def dumps(self) -> str:
        """The whole event, history included, as JSON text: save it after every change."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    def to_csv(self) -> str:
        """The score sheets as CSV (docs/rally.md has the layout): no history."""
        return to_csv(self)


# ---- the shared score sheet ------------------------------------------------------------------
MARKS = {
    "no-show": ("G10", "did not show their bones: the highest score at the table that round "
                       "plus 10"),
    "late": ("G7", "joined late with the highest total at the table"),
}


def score_sheet(*, table: str, title: str, kind: str, game: str, preset: str,
                lower_wins: bool, doubles: list, entered: set[int], players: list[dict],
                highest: dict[int, int] | None = None) -> dict:
    """One score sheet as plain data, for the screen and for print: rounds as columns,
    players as rows, marks for G7 starts and G10 penalties, totals and places. Used by
    rally tables and by the in-game sheet (``match_sheet``).

    ``players``: dicts with name, joined (round), start, cells {round: (points, no_show)},
    total, from (text or None). Marks and notes cite the ``preset``'s sheet."""
    fives = game == "all-fives"
    word = "Game" if fives else "Round"
    rounds = [{"round": r, "double": d, "label": f"{word} {r}",
               "double_label": None if d is None else f"{d}-{d}", "entered": r in entered}
              for r, d in enumerate(doubles, 1)]
    ranks = _rank(players, lambda p: p["total"], lower_wins)
    rows = []
    notes = []
    for seat, (p, (place, tie)) in enumerate(zip(players, ranks), 1):
        cells = []
        for r in range(1, len(doubles) + 1):
            if r < p["joined"]:
                cells.append({"round": r, "points": None, "text": "", "mark": "not seated"})
            elif r in p["cells"]:
                pts, ns = p["cells"][r]
                cells.append({"round": r, "points": pts, "text": str(pts),
                              "mark": "no-show" if ns else None})
                if ns:
                    hi = "" if highest is None else f" ({highest[r]} + 10)"
                    notes.append(f"{p['name']} did not show their bones in {word.lower()} "
                                 f"{r}: {pts}{hi} ({cite('G10', preset)})")
            else:
                cells.append({"round": r, "points": None, "text": "", "mark": None})
        late = p["joined"] > 1
        if late:
            notes.append(f"{p['name']} joined at {word.lower()} {p['joined']} with the table's "
                         f"highest total, {p['start']} ({cite('G7', preset)})")
        rows.append({"seat": seat, "name": p["name"], "joined": p["joined"], "late": late,
                     "start": p["start"], "from": p.get("from"), "cells": cells,
                     "played": sum(1 for c in cells if c["points"] is not None),
                     "total": p["total"], "place": place, "tie": tie})
    complete = all(r["entered"] for r in rounds)
    winners = [r["name"] for r in rows if r["place"] == 1]
    return {"table": table, "title": title, "kind": kind, "game": game,
            "lower_wins": lower_wins, "rounds": rounds, "players": rows,
            "has_starts": any(r["late"] for r in rows), "notes": notes,
            "marks": {k: {"rule": v[0], "cite": cite(v[0], preset), "text": v[1]}
                      for k, v in MARKS.items()},
            "complete": complete, "winners": winners, "tie": len(winners) > 1}


def _ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"


def _standings(rows: list[dict], lower_wins: bool, complete: bool, rule: str) -> dict:
    sign = 1 if lower_wins else -1
    tables = {}
    for r in rows:
        tables.setdefault(r["table"], len(tables))
    rows = sorted(rows, key=lambda r: (sign * r["total"], tables[r["table"]], r["seat"]))
    for r, (place, tie) in zip(rows, _rank(rows, lambda r: r["total"], lower_wins)):
        r["place"], r["tie"] = place, tie
    places = []
    # G11: the two best totals take 1st and 2nd; a tie that touches them needs a play-off.
    for place in (1, 2):
        group = [r for r in rows if r["place"] == place]
        if not group:
            if place == 2 and len([r for r in rows if r["place"] == 1]) > 1:
                places.append({"place": 2, "rows": [], "decided": False, "message":
                               "2nd place is decided by the play-off for 1st"})
            continue
        names = [r["name"] for r in group]
        if len(group) == 1:
            msg = f"{_ordinal(place)}: {names[0]} ({group[0]['total']})"
        else:
            also = " (and 2nd)" if place == 1 else ""
            msg = (f"{' and '.join([', '.join(names[:-1]), names[-1]])} tie for "
                   f"{_ordinal(place)}{also} on {group[0]['total']}: play-off ({rule})")
        places.append({"place": place, "rows": group, "decided": len(group) == 1,
                       "message": msg})
    first = [r["name"] for r in rows if r["place"] == 1]
    second = [r["name"] for r in rows if r["place"] == 2]
    return {"lower_wins": lower_wins, "rows": rows, "complete": complete, "places": places,
            "first": first[0] if len(first) == 1 else None,
            "second": second[0] if len(first) == 1 and len(second) == 1 else None,
            "playoff_needed": any(not g["decided"] for g in places),
            "ties": [g["message"] for g in places if not g["decided"]]}


def match_sheet(match: Any, names: list[str] | None = None, title: str = "Score sheet") -> dict:
    """The in-game score sheet of a ``bones`` match, in the shape of ``Event.sheet``.
    Seats that joined late (G7) carry their starting total; the rounds still to play
    are shown empty."""
    n = match.seats
    names = list(names or [f"Seat {i + 1}" for i in range(n)])
    if len(names) != n:
        raise ValueError(f"{n} names are needed, not {len(names)}")
    rows = match.round_scores
    fives = match.game == "all-fives"
    if fives:
        doubles = [None] * len(rows)
        if not match.match_over:
            doubles.append(None)  # the hand being played
    else:
        o = match.options
        doubles = [o.round_double(r) for r in range(1, max(o.rounds, len(rows)) + 1)]
    players = []
    for s in range(n):
        played = [(r, row[s]) for r, row in enumerate(rows, 1) if row[s] is not None]
        joined = played[0][0] if played else len(rows) + 1
        if not played and len(rows) == 0:
            joined = 1
        start = 0 if fives or joined == 1 else match.totals[s] - sum(v for _r, v in played)
        players.append({"name": names[s], "joined": joined, "start": start,
                        "cells": {r: (v, False) for r, v in played},
                        "total": match.totals[s], "from": None})
    return score_sheet(table="", title=title, kind="match", game=match.game,
                       preset=match.preset or type(match).default_preset,
                       lower_wins=match.lower_wins, doubles=doubles,
                       entered=set(range(1, len(rows) + 1)), players=players)


# ---- JSON --------------------------------------------------------------------------------------
def _text(data: str | bytes) -> str:
    return check_text(data, "This file", MAX_FILE, RallyError)


def from_json(data: Any, clock: Callable[[], str] | None = None) -> Event:
    """An event from ``dumps`` text (or bytes, or its parsed dict): every change is
    checked again as when it was made. Raises RallyError saying what is wrong."""
    if not isinstance(data, dict):
        data = read_json(data, "This file", MAX_FILE, RallyError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RallyError(f"This JSON file is not a Rally Dominoes event (its format should be "
                         f"{FORMAT!r})")
    v = data.get("version")
    if v != VERSION:
        raise RallyError(f"This event file is version {v!r}; this scorekeeper reads version "
                         f"{VERSION}" + (" (it was made by a newer version)"
                                         if isinstance(v, int) and v > VERSION else ""))
    log = data.get("log")
    if not isinstance(log, list) or not log:
        raise RallyError("The event file has no changes in it")
    if len(log) > MAX_CHANGES:
        raise RallyError(f"The event file has {len(log):,} changes: more than the "
                         f"{MAX_CHANGES:,} any event takes")
    extra = set(data) - {"format", "version", "log"}
    if extra:
        raise RallyError(f"The event file has an unknown field {sorted(extra)[0]!r}")
    log = copy.deepcopy(log)
    first = _check_shape(log[0], 1)
    if first["op"] != "create":
        raise RallyError("change 1 must create the event")
    ev = Event([], None, clock)  # type: ignore[arg-type]
    for i, c in enumerate(log, 1):
        _check_shape(c, i)
        try:
            if c["op"] == "create" and i > 1:
                raise RallyError("the event is created only once")
            if c["op"] == "undo":
                target = c["change"]
                if not 1 < target < i:
                    raise RallyError(f"there is no earlier change {target} to undo")
                if target not in {x["n"] for x in _effective(ev._log)}:
                    raise RallyError(f"change {target} is already undone")
                ev._s = ev._check_replay(ev._log + [c], target)
            else:  # no copy to fall back on: a refused change refuses the whole file
                r = _Replay(ev._s)
                r.apply(c)
                ev._s = r.s
        except RallyError as e:
            raise RallyError(f"change {i}: {e}") from None
        ev._log.append(c)
    return ev


def loads(data: str | bytes, clock: Callable[[], str] | None = None) -> Event:
    """An event from a JSON or CSV file, told apart by its first character."""
    text = _text(data)
    if text.lstrip()[:1] in ("{", "["):
        return from_json(text, clock)
    return from_csv(text, clock)


# ---- CSV ---------------------------------------------------------------------------------------
def to_csv(ev: Event) -> str:
    """Score sheets as CSV: the layout is in docs/rally.md."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)

    def row(record: str, table: Any = "", rnd: Any = "", double: Any = "", seat: Any = "",
            player: Any = "", points: Any = "", total: Any = "", info: Any = "") -> None:
        w.writerow([record, table, rnd, "" if double is None else double, seat, player,
                    points, total, info])

    s = ev.state()
    row("format", info=f"{CSV_FORMAT} {CSV_VERSION}")
    row("event", info=to_cell(s["title"]))
    row("game", info=s["game"])
    row("preset", info=s["preset"])
    for r, d in enumerate(s["doubles"], 1):
        row("round", rnd=r, double=d)
    for label, t in s["tables"].items():
        row("table", label, info=t["kind"])
        if t["kind"] == "playoff":
            for r, d in enumerate(t["doubles"], 1):
                row("round", label, r, d)
        sh = ev.sheet(label)
        for p in sh["players"]:
            src = t["players"][p["seat"] - 1]["from"]
            info = (f"from table {src[0]} seat {src[1]}" if src else
                    f"late arrival ({ev._rules.cite('G7')})" if p["late"] else "")
            row("player", label, p["joined"], "", p["seat"], to_cell(p["name"]),
                total=p["start"] if p["late"] else "", info=info)
        for r in range(1, len(t["doubles"]) + 1):
            if r not in t["entries"]:
                continue
            running = {p["seat"]: p["start"] for p in sh["players"]}
            for p in sh["players"]:
                for c in p["cells"][:r]:
                    if c["points"] is not None:
                        running[p["seat"]] += c["points"]
                c = p["cells"][r - 1]
                if c["points"] is None:
                    continue
                row("score", label, r, t["doubles"][r - 1], p["seat"], to_cell(p["name"]),
                    c["points"], running[p["seat"]],
                    f"no-show ({ev._rules.cite('G10')})" if c["mark"] == "no-show" else "")
    return out.getvalue()


def from_csv(data: str | bytes, clock: Callable[[], str] | None = None) -> Event:
    """An event rebuilt from ``to_csv`` text (or one typed into a spreadsheet in that
    layout). Raises RallyError with the line number and what is wrong."""
    text = _text(data)
    try:
        lines = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as e:
        raise RallyError(f"This is not a readable CSV file: {e}") from None
    if len(lines) > MAX_CSV_LINES:
        raise RallyError(f"This CSV file has {len(lines):,} lines: more than the "
                         f"{MAX_CSV_LINES:,} any event takes")
    if not lines or [c.strip().lower() for c in lines[0]][:len(CSV_COLUMNS)] != list(
            CSV_COLUMNS):
        head = [c.strip().lower() for c in lines[0]] if lines else []
        missing = [c for c in CSV_COLUMNS if c not in head]
        if missing:
            raise RallyError(f"line 1: the header lacks the column(s) {', '.join(missing)} "
                             f"(it must be {','.join(CSV_COLUMNS)})")
        raise RallyError(f"line 1: the columns must be, in order: {','.join(CSV_COLUMNS)}")
    recs = []
    for ln, cells in enumerate(lines[1:], 2):
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(CSV_COLUMNS) and any(c.strip() for c in cells[len(CSV_COLUMNS):]):
            raise RallyError(f"line {ln}: more cells than the {len(CSV_COLUMNS)} columns")
        cells = (cells + [""] * len(CSV_COLUMNS))[:len(CSV_COLUMNS)]
        d = dict(zip(CSV_COLUMNS, cells))
        d = {k: (v if k in ("player", "info") else v.strip()) for k, v in d.items()}
        d["player"] = from_cell(d["player"])  # the name, without to_cell's apostrophe
        d["record"] = d["record"].lower()
        recs.append((ln, d))
    return _CsvBuilder(recs, clock).build()


def _norm(x: str) -> str:
    return unicodedata.normalize("NFC", " ".join(x.split())).casefold()


class _CsvBuilder:
    """Reads the records, then rebuilds the event through the same calls the UI makes,
    so every rule is checked once more; an error names the line it comes from."""

    KINDS = ("format", "event", "game", "preset", "round", "table", "player", "score")

    def __init__(self, recs: list[tuple[int, dict]], clock: Callable[[], str] | None):
        self.recs = recs
        self.clock = clock

    @staticmethod
    def fail(ln: int, msg: str) -> RallyError:
        return RallyError(f"line {ln}: {msg}")

    def num(self, ln: int, d: dict, k: str, lo: int = 1, hi: int = MAX_ROUNDS) -> int:
        v = d[k]
        if not re.fullmatch(r"[0-9]{1,6}", v) or not lo <= int(v) <= hi:
            raise self.fail(ln, f"the {k} must be a whole number from {lo} to {hi}, not {v!r}")
        return int(v)

    def build(self) -> Event:
        recs = self.recs
        if not recs or recs[0][1]["record"] != "format":
            raise RallyError(f"line {recs[0][0] if recs else 2}: the first record must be "
                             f"'format' ({CSV_FORMAT} {CSV_VERSION})")
        ln, d = recs[0]
        m = re.fullmatch(rf"\s*{CSV_FORMAT}\s+(\S+)\s*", d["info"])
        if not m:
            raise self.fail(ln, f"this is not a Rally Dominoes CSV file (info should be "
                                f"'{CSV_FORMAT} {CSV_VERSION}')")
        if m.group(1) != str(CSV_VERSION):
            raise self.fail(ln, f"this file is version {m.group(1)}; this scorekeeper reads "
                                f"version {CSV_VERSION}")
        head: dict[str, tuple[int, str]] = {}
        self.rounds: dict[str, dict[int, tuple[int, int | None]]] = {}
        tables: dict[str, dict] = {}
        self.tables = tables
        for ln, d in recs[1:]:
            rec = d["record"]
            if rec not in self.KINDS:
                raise self.fail(ln, f"unknown record {rec!r} (the records are "
                                    f"{', '.join(self.KINDS)})")
            if rec in ("format", "event", "game", "preset"):
                if rec in head or rec == "format":
                    first = recs[0][0] if rec == "format" else head[rec][0]
                    raise self.fail(ln, f"a second {rec!r} record (the first is on line "
                                        f"{first})")
                if tables:
                    raise self.fail(ln, f"the {rec!r} record must come before the tables")
                head[rec] = (ln, from_cell(d["info"]) if rec == "event" else d["info"].strip())
            elif rec == "round":
                t = _table_label(d["table"])
                if t and t not in tables:
                    raise self.fail(ln, f"a round of table {t} before its 'table' record")
                if t and tables[t]["kind"] != "playoff":
                    raise self.fail(ln, "only a playoff has rounds of its own; the tables "
                                        "play the event's rounds (leave the table blank)")
                if not t and tables:
                    raise self.fail(ln, "the event's rounds must come before the tables")
                r = self.num(ln, d, "round")
                dd = None if d["double"] == "" else self.num(ln, d, "double", 0, 18)
                rs = self.rounds.setdefault(t, {})
                if r in rs:
                    raise self.fail(ln, f"round {r} is given twice (line {rs[r][0]})")
                rs[r] = (ln, dd)
            elif rec == "table":
                t = _table_label(d["table"])
                kind = d["info"].strip().lower() or "table"
                if not t or kind not in ("table", "playoff"):
                    raise self.fail(ln, "a table record needs its table, and the info 'table' "
                                        "or 'playoff'")
                if (kind == "playoff") != t.startswith("P"):
                    raise self.fail(ln, f"playoff tables are named P1, P2 ..., and only they: "
                                        f"{t!r} as a {kind}")
                if t in tables:
                    raise self.fail(ln, f"table {t} is given twice (line {tables[t]['ln']})")
                if kind == "table" and any(x["kind"] == "playoff" for x in tables.values()):
                    raise self.fail(ln, "the tables come before the playoffs")
                tables[t] = {"ln": ln, "kind": kind, "players": {}, "scores": {}}
            else:
                t = _table_label(d["table"])
                if t not in tables:
                    raise self.fail(ln, f"table {t!r} has no 'table' record before this line")
                tab = tables[t]
                seat = self.num(ln, d, "seat", 1, 8)
                if rec == "player":
                    if seat in tab["players"]:
                        raise self.fail(ln, f"seat {seat} at table {t} is given twice (line "
                                            f"{tab['players'][seat]['ln']})")
                    if tab["scores"]:
                        raise self.fail(ln, "a table's players come before its scores")
                    joined = 1 if d["round"] == "" else self.num(ln, d, "round")
                    tab["players"][seat] = {"ln": ln, "name": d["player"], "joined": joined,
                                            "info": d["info"].strip(), "start": d["total"]}
                else:
                    if seat not in tab["players"]:
                        raise self.fail(ln, f"there is no seat {seat} at table {t}")
                    r = self.num(ln, d, "round")
                    key = (r, seat)
                    if key in tab["scores"]:
                        raise self.fail(ln, f"{_table_title(t)}, round {r} is entered twice "
                                            f"for seat {seat} (line "
                                            f"{tab['scores'][key]['ln']})")
                    tab["scores"][key] = {"ln": ln, **d}
        for k in ("event", "game", "preset"):
            if k not in head:
                raise RallyError(f"the file has no {k!r} record")
        return self.rebuild(head)

    def doubles_of(self, t: str, ln: int) -> list:
        rs = self.rounds.get(t, {})
        if not rs or sorted(rs) != list(range(1, len(rs) + 1)):
            where = f" of {_table_title(t)}" if t else ""
            raise self.fail(ln, f"the rounds{where} must be numbered 1, 2, 3 ... with no gap")
        return [rs[r][1] for r in sorted(rs)]

    def seats(self, t: str) -> list[dict]:
        ps = self.tables[t]["players"]
        if sorted(ps) != list(range(1, len(ps) + 1)):
            raise self.fail(self.tables[t]["ln"], f"the seats of {_table_title(t)} must be "
                                                  f"numbered 1, 2, 3 ... with no gap")
        return [ps[s] for s in sorted(ps)]

    @staticmethod
    def at(line: int, f: Callable, *a: Any, **k: Any) -> Any:
        try:
            return f(*a, **k)
        except RallyError as e:
            raise _CsvBuilder.fail(line, str(e)) from None

    def rebuild(self, head: dict) -> Event:
        tables = self.tables
        ln = head["event"][0]
        game, preset = head["game"][1], head["preset"][1]
        ds = self.doubles_of("", ln)
        fives = game == "all-fives"
        if fives and any(d is not None for d in ds):
            raise self.fail(self.rounds[""][1][0], "All Fives games have no starting double")
        if not fives and any(d is None for d in ds):
            raise self.fail(self.rounds[""][1][0], "every round needs its starting double")
        kw: dict = {"rounds": len(ds)} if fives else {"doubles": ds}
        ev = self.at(ln, Event.create, head["event"][1], game, preset, clock=self.clock, **kw)
        main = [t for t in tables if tables[t]["kind"] == "table"]
        playoffs = [t for t in tables if tables[t]["kind"] == "playoff"]
        for group in (main, playoffs):
            nums = [int(t.lstrip("P")) if re.fullmatch(r"P?[1-9][0-9]{0,2}", t) else 0
                    for t in group]
            for i, t in enumerate(group):
                if nums[i] == 0 or i and nums[i] <= nums[i - 1]:
                    raise self.fail(tables[t]["ln"], f"tables are numbered 1, 2, 3 ... and "
                                                     f"playoffs P1, P2 ..., in order: {t!r} "
                                                     f"is out of place")
        for t in main:
            ps = self.seats(t)
            for p in ps:
                if p["info"] and not p["info"].lower().startswith("late"):
                    raise self.fail(p["ln"], f"a table's player info is blank or 'late "
                                             f"arrival', not {p['info']!r}")
            # the first players to join at round 1 start the table; everyone after them
            # joins as a late arrival (G7), in seat order
            k = next((i for i, p in enumerate(ps) if p["joined"] != 1), len(ps))
            first = ps[:max(k, 2)]
            if any(p["joined"] != 1 for p in first):
                raise self.fail(tables[t]["ln"], f"{_table_title(t)} needs 2 players who "
                                                 f"start at round 1 in its first seats")
            self.at(tables[t]["ln"], ev.add_table, [p["name"] for p in first], int(t))
            for p in ps[len(first):]:
                self.at(p["ln"], ev.late_arrival, t, p["name"], p["joined"])
            self.scores(ev, t, ps)
        for t in playoffs:
            ps = self.seats(t)
            refs: list = []
            for p in ps:
                if p["joined"] != 1:
                    raise self.fail(p["ln"], "nobody joins a playoff late")
                m = re.fullmatch(r"from table (\S+) seat ([0-9]+)", p["info"], re.I)
                if m:
                    src, seat = _table_label(m.group(1)), int(m.group(2))
                    if src not in main + playoffs[:playoffs.index(t)]:
                        raise self.fail(p["ln"], f"there is no earlier table {src} to come "
                                                 f"from")
                    if seat not in tables[src]["players"]:
                        raise self.fail(p["ln"], f"table {src} has no seat {seat}")
                    refs.append((src, seat, p["name"]))
                elif p["info"]:
                    raise self.fail(p["ln"], f"a playoff player's info is blank or 'from "
                                             f"table N seat N', not {p['info']!r}")
                else:
                    refs.append(p["name"])
            pds = self.doubles_of(t, tables[t]["ln"])
            kw = {"rounds": len(pds)} if fives else {"doubles": pds}
            self.at(tables[t]["ln"], ev.create_playoff, players=refs, number=int(t[1:]), **kw)
            self.scores(ev, t, ps)
        return ev

    def scores(self, ev: Event, t: str, ps: list[dict]) -> None:
        tab = ev._replay_table(t)
        word = ev._rules.word
        got: dict[int, dict[int, dict]] = {}
        for (r, seat), d in self.tables[t]["scores"].items():
            got.setdefault(r, {})[seat] = d
        for r in sorted(got):
            first_ln = min(d["ln"] for d in got[r].values())
            if r > len(tab["doubles"]):
                raise self.fail(first_ln, f"{_table_title(t)} plays {word}s 1 to "
                                          f"{len(tab['doubles'])}, not {r}")
            pts: dict[int, Any] = {}
            for seat, d in sorted(got[r].items()):
                p = ps[seat - 1]
                if d["player"].strip() and _norm(d["player"]) != _norm(p["name"]):
                    raise self.fail(d["ln"], f"seat {seat} at {_table_title(t)} is "
                                             f"{p['name']!r}, not {d['player']!r}")
                dd = tab["doubles"][r - 1]
                if d["double"] and d["double"] != str(dd):
                    raise self.fail(d["ln"], f"{word} {r} starts with {dd}-{dd}, not "
                                             f"{d['double']}")
                info = d["info"].strip().lower()
                ns = info.startswith(NO_SHOW)
                if info and not ns:
                    raise self.fail(d["ln"], f"a score's info is blank or 'no-show', "
                                             f"not {d['info'].strip()!r}")
                if ns:
                    pts[seat] = NO_SHOW
                elif d["points"] == "":
                    raise self.fail(d["ln"], "the points are missing")
                else:
                    pts[seat] = self.at(d["ln"], parse_points, d["points"], ev._rules.fives)
            self.at(first_ln, ev.enter_round, t, r, pts)
        # The derived cells (a late start, a no-show's points, running totals), when they are
        # filled in, must agree with what the rules give.
        sh = ev.sheet(t)
        for p, row in zip(ps, sh["players"]):
            if p["start"] and row["late"] and p["start"] != str(row["start"]):
                raise self.fail(p["ln"], f"{row['name']} joins with the table's highest total, "
                                         f"{row['start']}, not {p['start']} "
                                         f"({ev._rules.cite('G7')})")
        for r in sorted(got):
            for seat, d in got[r].items():
                row = sh["players"][seat - 1]
                cell = row["cells"][r - 1]
                if d["points"] and cell["mark"] == "no-show" and d["points"] != str(
                        cell["points"]):
                    raise self.fail(d["ln"], f"a no-show counts the highest score that {word} "
                                             f"+ 10: {cell['points']}, not {d['points']} "
                                             f"({ev._rules.cite('G10')})")
                if d["total"]:
                    want = row["start"] + sum(c["points"] or 0 for c in row["cells"][:r])
                    if d["total"] != str(want):
                        raise self.fail(d["ln"], f"{row['name']}'s total after {word} {r} is "
                                                 f"{want}, not {d['total']}")

"""Replaying a rally event's log: the state it leads to, built change by change by
``Replay``, which refuses nonsense before anything is changed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..games import preset_of
from ..house import HouseRules
from ..inbound import one_line
from ..presets import PRESETS
from .values import (
    GAMES,
    NO_SHOW,
    SCORING,
    SCORINGS,
    RallyError,
    Rules,
    clean_name,
    parse_points,
    presets_named,
    rules_for,
    same_name,
    table_label,
    table_title,
)


def read_house(data: Any, game: str, preset: str,
               what: str = "The event's house rules") -> HouseRules | None:
    """House rules carried whole by an event or a hand-out (None: the sheet as printed),
    refused in plain words if they cannot be played or are not on ``preset``."""
    if data is None:
        return None
    house = HouseRules.from_dict(data, RallyError, what)
    if house.base != preset or house.game != game:
        raise RallyError(f"{what} start from {house.sheet.title}, not the event's sheet "
                         f"({PRESETS[preset].title})")
    return house


@dataclass
class Player:
    name: str
    joined: int  # the first round they score in: 1, or later for a late arrival (G7)
    source: tuple[str, str] | None = None  # a playoff seat's (table label, player id)


@dataclass
class Table:
    """A table or a playoff. Players are kept by an id made from the change that seated
    them ("<change n>.<i>"): stable, so undoing one change can never make a later change
    point at somebody else."""

    label: str  # "1", "2" ... or "P1", "P2" ...
    kind: str  # "table" or "playoff"
    doubles: list[int | None]  # each round's starting double (None: All Fives games)
    seats: list[str] = field(default_factory=list)  # player ids in seat order
    players: dict[str, Player] = field(default_factory=dict)
    entries: dict[int, dict[str, int | str]] = field(default_factory=dict)  # points|NO_SHOW

    @property
    def title(self) -> str:
        return table_title(self.label)

    def copy(self) -> Table:
        return Table(self.label, self.kind, list(self.doubles), list(self.seats),
                     {pid: Player(p.name, p.joined, p.source) for pid, p in self.players.items()},
                     {r: dict(v) for r, v in self.entries.items()})


@dataclass
class State:
    """What the changes in force replay to: never stored, always rebuilt."""

    title: str
    game: str
    preset: str
    doubles: list[int | None]
    tables: dict[str, Table] = field(default_factory=dict)  # by label, in the order added
    house: HouseRules | None = None  # the club's own rules on the preset, whole
    scoring: int = SCORING  # the edition of the scoring the event is scored by (values.py)

    @property
    def order(self) -> list[str]:
        return list(self.tables)

    @property
    def rules(self) -> Rules:
        if self.house is not None:
            return Rules(self.game, self.preset, self.house)
        return rules_for(self.game, self.preset)

    def copy(self) -> State:
        """A copy to try a change on (far quicker than ``copy.deepcopy``)."""
        return State(self.title, self.game, self.preset, list(self.doubles),
                     {label: t.copy() for label, t in self.tables.items()}, self.house,
                     self.scoring)

    def seat_number(self, source: tuple[str, str]) -> int:
        """The seat (1-based) of a playoff player's origin, (table label, player id)."""
        return self.tables[source[0]].seats.index(source[1]) + 1


@dataclass
class Tally:
    """A table's scores as the rules count them."""

    start: dict[str, int]  # G7: a late arrival's starting total, by player id
    counted: dict[int, dict[str, int]]  # round -> player id -> points, G10 resolved
    totals: dict[str, int]  # by player id
    highest: dict[int, int]  # round -> the highest score of those who showed (G10)


def compute(table: Table) -> Tally:
    """Each seat's start (G7), counted points per round (G10 resolved) and total."""
    players = table.players
    running: dict[str, int] = {}
    start: dict[str, int] = {}
    counted: dict[int, dict[str, int]] = {}
    noshow: dict[int, int] = {}
    for r in range(1, len(table.doubles) + 1):
        before = [running[p] for p in running]
        for pid in table.seats:
            if players[pid].joined == r:
                # G7: a late arrival takes the highest total at the table.
                start[pid] = max(before, default=0) if r > 1 else 0
                running[pid] = start[pid]
        vals = table.entries.get(r)
        if vals is None:
            continue
        shown = [v for v in vals.values() if v != NO_SHOW]
        noshow[r] = max(shown, default=0)
        counted[r] = {}
        for pid, v in vals.items():
            c = noshow[r] + 10 if v == NO_SHOW else v  # G10: highest that round + 10
            counted[r][pid] = c
            running[pid] += c
    return Tally(start, counted, running, noshow)


class Replay:
    """Applies changes to a state, refusing nonsense before anything is changed."""

    def __init__(self, state: State | None = None):
        self.s = state

    # helpers
    @property
    def rules(self) -> Rules:
        return self.s.rules

    def table(self, t: Any) -> Table:
        label = table_label(t)
        tab = self.s.tables.get(label)
        if tab is None:
            have = ", ".join(self.s.tables) or "none yet"
            raise RallyError(f"There is no table {t!r} (tables: {have})")
        return tab

    def seat(self, tab: Table, who: Any, ids: bool = True) -> str:
        """A player by id (changes in the log), by name or by seat number (1-based)."""
        if ids and isinstance(who, str) and who in tab.players:
            return who
        if isinstance(who, int) and not isinstance(who, bool):
            if 1 <= who <= len(tab.seats):
                return tab.seats[who - 1]
            raise RallyError(f"{tab.title} has no seat {who}")
        if isinstance(who, str):
            name = one_line(who)
            for pid in tab.seats:
                if same_name(tab.players[pid].name, name):
                    return pid
        raise RallyError(f"There is nobody called {who!r} at {tab.title}")

    def name(self, tab: Table, pid: str) -> str:
        return tab.players[pid].name

    def new_name(self, tab: Table, name: Any, but: str | None = None) -> str:
        name = clean_name(name)
        for pid in tab.seats:
            if pid != but and same_name(tab.players[pid].name, name):
                raise RallyError(f"{tab.title} already has a player called "
                                 f"{tab.players[pid].name!r}")
        return name

    def where(self, tab: Table, r: int) -> str:
        return f"{tab.title}, {self.rules.word} {r}"

    def round_no(self, tab: Table, r: Any) -> int:
        n = len(tab.doubles)
        w = self.rules.word
        if isinstance(r, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", r):
            r = int(r)
        if not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= n:
            raise RallyError(f"{tab.title} plays {w}s 1 to {n}, not {r!r}")
        return r

    def seated(self, tab: Table, r: int) -> list[str]:
        return [p for p in tab.seats if tab.players[p].joined <= r]

    def not_started(self, tab: Table, why: str) -> None:
        if tab.entries:
            raise RallyError(f"{tab.title} has started: {why}")

    def no_playoff_yet(self, tab: Table) -> None:
        if tab.kind == "table" and any(
                t.kind == "playoff" for t in self.s.tables.values()):
            raise RallyError("The playoff has been created: the tables' seating is closed")

    def check_points(self, tab: Table, r: int, pid: str, v: Any) -> int | str:
        rules = self.rules
        try:  # the place is written only into a refusal: replaying a log checks many
            v = parse_points(v, rules.fives)
            if v == NO_SHOW and not rules.no_show_ok:
                raise RallyError("'Did not show their bones' is not an All Fives rule")
        except RallyError as e:
            raise RallyError(f"{e} ({self.where(tab, r)}, {self.name(tab, pid)})") from None
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
        if preset_of(game, preset) is None:
            raise RallyError(f"{GAMES[game]} has the presets {presets_named(game)}, not "
                             f"{preset!r}")
        house = read_house(c.get("house"), game, preset)
        scoring = c.get("scoring", 1)  # an event made before editions: the first
        if scoring not in SCORINGS:
            raise RallyError(f"This event is scored by edition {scoring} of the scoring; this "
                             f"scorekeeper knows editions 1 to {SCORING} (it was made by a "
                             "newer version)")
        rules = Rules(game, preset, house)
        doubles = rules.doubles(None, None, c["doubles"]) if not rules.fives else \
            rules.doubles(len(c["doubles"]), None, None)
        if rules.fives and any(d is not None for d in c["doubles"]):
            raise RallyError("All Fives has no starting doubles")
        self.s = State(clean_name(c["title"], "The event's title"), game, preset, doubles,
                       house=house, scoring=scoring)

    def op_add_table(self, c: dict) -> None:
        rules = self.rules
        label = c["table"]
        if self.s.order and self.s.order[-1].startswith("P"):
            raise RallyError("The playoff has been created: no more tables can be added")
        if not re.fullmatch(r"[1-9][0-9]{0,2}", label) or label in self.s.tables:
            raise RallyError(f"Table {label!r} cannot be added: tables are numbered 1, 2, 3 "
                             f"... once each")
        names = c["players"]
        if not 2 <= len(names) <= rules.max_seats:
            raise RallyError(f"{GAMES[rules.game]} tables seat 2 to {rules.max_seats} "
                             f"players, not {len(names)}")
        tab = Table(label, "table", list(self.s.doubles))
        for i, n in enumerate(names, 1):
            name = self.new_name(tab, n)
            pid = f"{c['n']}.{i}"
            tab.seats.append(pid)
            tab.players[pid] = Player(name, 1)
        self.s.tables[label] = tab

    def _join(self, c: dict, tab: Table, r: int) -> None:
        rules = self.rules
        if len(tab.seats) >= rules.max_seats:
            raise RallyError(f"{tab.title} is full ({rules.max_seats} "
                             f"players)")
        name = self.new_name(tab, c["name"])
        pid = f"{c['n']}.1"
        tab.seats.append(pid)
        tab.players[pid] = Player(name, r)

    def op_add_player(self, c: dict) -> None:
        tab = self.table(c["table"])
        self.no_playoff_yet(tab)
        self.not_started(tab, f"a newcomer joins as a late arrival "
                              f"({self.rules.cite('G7')})")
        self._join(c, tab, 1)

    def op_late(self, c: dict) -> None:
        tab = self.table(c["table"])
        rules = self.rules
        if tab.kind != "table":
            raise RallyError("Late arrivals join the tables, not a playoff")
        if not rules.late_ok:
            raise RallyError(f"All Fives tables are 2 to 4 from the start ({rules.cite('A1')})"
                             ": no late arrivals" if rules.fives else
                             f"{rules.title} has no late arrivals")
        self.no_playoff_yet(tab)
        r = self.round_no(tab, c["round"])
        done = max(tab.entries, default=0)
        if r <= done:
            raise RallyError(f"{self.where(tab, done)} is already entered: a late arrival "
                             f"joins at a {rules.word} not yet played ({rules.cite('G7')})")
        self._join(c, tab, r)

    def op_remove_player(self, c: dict) -> None:
        tab = self.table(c["table"])
        pid = self.seat(tab, c["player"])
        self.no_playoff_yet(tab)
        self.not_started(tab, "nobody can be taken off its score sheet")
        for other in self.s.tables.values():
            for q in other.players.values():
                if q.source == (tab.label, pid):
                    raise RallyError(f"{self.name(tab, pid)} plays in {other.title}: take "
                                     f"them off there first")
        if len(tab.seats) <= 2:
            raise RallyError(f"{tab.title} needs at least 2 players")
        tab.seats.remove(pid)
        del tab.players[pid]

    def op_rename(self, c: dict) -> None:
        tab = self.table(c["table"])
        pid = self.seat(tab, c["player"])
        tab.players[pid].name = self.new_name(tab, c["name"], but=pid)

    def op_enter(self, c: dict) -> None:
        tab = self.table(c["table"])
        r = self.round_no(tab, c["round"])
        if r in tab.entries:
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
            given: set[str] = set()
            for who, v in got.items():
                pid = self.seat(tab, who)
                if pid not in seated:
                    raise RallyError(f"{self.name(tab, pid)} joins {tab.title}"
                                     f" at {self.rules.word} "
                                     f"{tab.players[pid].joined}, not {r}")
                if pid in given:
                    raise RallyError(f"{self.where(tab, r)}: {self.name(tab, pid)} is given "
                                     f"twice")
                given.add(pid)
                pairs.append((pid, v))
            missing = [self.name(tab, p) for p in seated if p not in given]
            if missing:
                raise RallyError(f"{self.where(tab, r)}: no points for {', '.join(missing)}")
        for pid, v in pairs:
            vals[pid] = self.check_points(tab, r, pid, v)
        tab.entries[r] = {p: vals[p] for p in seated}

    def op_correct(self, c: dict) -> None:
        tab = self.table(c["table"])
        r = self.round_no(tab, c["round"])
        if r not in tab.entries:
            raise RallyError(f"{self.where(tab, r)} is not entered yet: enter it first")
        pid = self.seat(tab, c["player"])
        if pid not in tab.entries[r]:
            raise RallyError(f"{self.name(tab, pid)} did not play {self.where(tab, r)}")
        v = self.check_points(tab, r, pid, c["points"])
        tab.entries[r][pid] = v

    def op_no_show(self, c: dict) -> None:
        self.op_correct({**c, "points": NO_SHOW})

    def op_received(self, c: dict) -> None:
        """A table device's sheet received (bones.rally.sync): changes nothing itself."""
        tab = self.table(c["table"])
        if tab.kind != "table":
            raise RallyError("Only the tables keep their sheets on their own devices")

    def op_playoff(self, c: dict) -> None:
        rules = self.rules
        label = c["table"]
        if not re.fullmatch(r"P[1-9][0-9]{0,2}", label) or label in self.s.tables:
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
        tab = Table(label, "playoff", doubles)
        seen = set()
        for i, ref in enumerate(players, 1):
            if isinstance(ref, str):
                name, src = ref, None
            else:
                src_tab = self.table(ref[0])
                pid = self.seat(src_tab, ref[1])
                if (src_tab.label, pid) in seen:
                    raise RallyError(f"{self.name(src_tab, pid)} of "
                                     f"{src_tab.title} is named twice")
                seen.add((src_tab.label, pid))
                name = ref[2] if len(ref) > 2 else self.name(src_tab, pid)
                src = (src_tab.label, pid)
            name = self.new_name(tab, name)
            new = f"{c['n']}.{i}"
            tab.seats.append(new)
            tab.players[new] = Player(name, 1, src)
        self.s.tables[label] = tab


def in_force(log: list[dict]) -> list[dict]:
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

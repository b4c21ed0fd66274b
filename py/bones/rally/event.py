"""The rally event: its append-only log of changes and the state that log replays to.
Each change is checked against the state, applied to a copy, and only then appended."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from typing import Any

from ..core import GAMES as MATCHES
from ..games import preset_of
from ..house import HouseRules
from ..presets import PRESETS
from . import sheets as sh
from .csv_out import to_csv
from .history import history_of
from .log_keeping import LogKeeping, compact_json
from .state import Replay, State, Table
from .values import (
    FORMAT,
    GAMES,
    MAX_NAME,
    SCORING,
    VERSION,
    RallyError,
    Rules,
    check_id,
    folded,
    new_id,
    presets_named,
    sheet_defaults,
    table_label,
    table_title,
)


class Event(LogKeeping):
    """A rally event: its log of changes and the state that log replays to.

    Every method that changes the event appends one change and returns its number, or
    raises ``RallyError`` and changes nothing. Two events are equal (``==``) when they
    replay to the same state: same settings, tables, players, scores and playoffs,
    whatever history led there (compare ``.log`` for the history too).
    """

    def __init__(self, _log: list[dict], _state: State | None,
                 clock: Callable[[], str] | None = None):
        self._log = _log
        self._s = _state
        self.clock = clock
        self.floor = 1  # changes up to this one cannot be undone (a table device's hand-out)
        self.sheet_limit: int | None = None  # a table device: changes its sheet may hold
        self._chars = 0  # characters the first ``_counted`` changes take in ``dumps``
        self._counted = 0
        self._snaps: dict[int, State] = {}  # n -> the state before change n (see _replay)
        self._undos: list[int] = []  # the numbers of the undos among the first _undos_seen
        self._undos_seen = 0

    # creating, loading ----------------------------------------------------------------------
    @classmethod
    def create(cls, title: str, game: str = "mexican-train", preset: str | None = None, *,
               rounds: int | None = None, first_double: int | None = None,
               doubles: Iterable[int] | None = None, house: HouseRules | None = None,
               clock: Callable[[], str] | None = None, id: str | None = None) -> Event:
        """A new event. Mexican Train and Chicken Foot: ``rounds`` from ``first_double``
        down one a round (both default to the preset's, or the ``house`` rules'), or the
        ``doubles`` list itself. All Fives: ``rounds`` is the number of games (default 1).
        ``house`` rules (bones.house) are on a preset: ``preset`` is theirs, and the event
        carries them whole. ``id``: ten hex digits naming the event (an imported CSV
        file's); a random one by default."""
        if game not in GAMES:
            raise RallyError(f"Rally mode scores {', '.join(GAMES)}, not {game!r}")
        if house is not None:
            if not isinstance(house, HouseRules):
                raise RallyError("The house rules are not house rules")
            if preset not in (None, house.base):
                raise RallyError(f"The house rules {house.name!r} start from "
                                 f"{house.sheet.title}, not {PRESETS[preset].title}"
                                 if preset in PRESETS else f"No preset {preset!r}")
            preset = house.base
        preset = preset or MATCHES[game].default_preset
        if preset_of(game, preset) is None:
            raise RallyError(f"{GAMES[game]} has the presets {presets_named(game)}, not "
                             f"{preset!r}")
        if house is not None and not house.ready:
            raise RallyError(f"The house rules {house.name!r} cannot be played: "
                             f"{house.refusals()[0].message}")
        rules = Rules(game, preset, house)
        ds = rules.doubles(rounds, first_double, doubles, sheet_defaults(preset, house)[0])
        ev = cls([], None, clock)
        extra = {} if house is None else {"house": house.to_dict()}
        ev._append({"op": "create", "title": title, "game": game, "preset": preset,
                    "doubles": ds, "id": new_id() if id is None else check_id(id),
                    "scoring": SCORING, **extra})
        return ev

    def copy(self) -> Event:
        """A copy to work changes out on (a table's sheet being merged)."""
        out = Event(copy.deepcopy(self._log), self._s.copy(), self.clock)
        out._chars, out._counted = self._chars, self._counted
        out._snaps = dict(self._snaps)  # never changed in place: each use copies its state
        out._undos, out._undos_seen = list(self._undos), self._undos_seen
        return out

    def _append(self, change: dict) -> int:
        c = {"n": len(self._log) + 1, **change}
        if self.clock is not None:
            c["at"] = str(self.clock())[:40]
        self._room(c)
        r = Replay(None if self._s is None else self._s.copy())
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
        n = number or max((int(x) for x in self._s.order if not x.startswith("P")),
                          default=0) + 1
        self._append({"op": "add_table", "table": str(n), "players": players})
        return self._s.order[-1]

    def add_player(self, table: Any, name: str) -> int:
        """Another player at a table that has not started."""
        return self._append({"op": "add_player", "table": table_label(table), "name": name})

    def remove_player(self, table: Any, player: Any) -> int:
        """Take a player off a table that has not started."""
        return self._append({"op": "remove_player", "table": table_label(table),
                             "player": self._pid(table, player)})

    def rename(self, table: Any, player: Any, name: str) -> int:
        return self._append({"op": "rename", "table": table_label(table),
                             "player": self._pid(table, player), "name": name})

    def late_arrival(self, table: Any, name: str, round: int | None = None) -> int:
        """G7: ``name`` joins ``table`` at ``round`` (default: the next round not entered)
        with the highest total at the table."""
        if round is None:
            round = self.next_round(table)
            if round is None:
                raise RallyError(f"{table_title(table_label(table))} has entered all its "
                                 f"{self.rules.word}s: too late to join "
                                 f"({self.rules.cite('G7')})")
        return self._append({"op": "late", "table": table_label(table), "name": name,
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
            r = Replay(self._s)
            tab = r.table(table)
            seated = r.seated(tab, r.round_no(tab, round))
            if len(points) != len(seated):
                names = ", ".join(r.name(tab, p) for p in seated)
                raise RallyError(f"{r.where(tab, r.round_no(tab, round))} needs {len(seated)} "
                                 f"scores ({names}), not {len(points)}")
            pts = dict(zip(seated, points))
        else:
            raise RallyError("Points come as a list in seat order or by player")
        return self._append({"op": "enter", "table": table_label(table), "round": round,
                             "points": pts})

    def correct(self, table: Any, round: Any, player: Any, points: Any) -> int:
        """Change one player's points in a round already entered."""
        return self._append({"op": "correct", "table": table_label(table), "round": round,
                             "player": self._pid(table, player), "points": points})

    def no_show(self, table: Any, round: Any, player: Any) -> int:
        """G10 on a round already entered: the player did not show their bones."""
        return self._append({"op": "no_show", "table": table_label(table), "round": round,
                             "player": self._pid(table, player)})

    def create_playoff(self, *, first_double: int | None = None, rounds: int | None = None,
                       doubles: Iterable[int] | None = None,
                       players: Iterable[Any] | None = None, kind: str | None = None,
                       number: int | None = None) -> str:
        """S6: a playoff table with its own starting double and rounds, chosen by the
        official. ``players``: (table, player) pairs or new names; default
        ``playoff_candidates(kind)``. Returns its label ("P1", "P2" ...)."""
        rules = self.rules
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
                name = ref[2] if len(ref) > 2 else tab.players[pid].name
                if not isinstance(name, str):
                    raise RallyError(f"A name must be text, not {name!r}")
                refs.append([tab.label, pid, name, len(ref) > 2])
            else:
                raise RallyError(f"Name playoff players as (table, player) or a new name: "
                                 f"{ref!r}")
        # Two players of the same name from different tables: each gets their table's
        # number after the name, unless the official named them.
        seen = [folded(r if isinstance(r, str) else r[2]) for r in refs]
        for i, r in enumerate(refs):
            if not isinstance(r, str):
                named = r.pop()
                if seen.count(seen[i]) > 1 and not named:
                    tag = f" ({table_title(r[0])})"
                    r[2] = r[2][:MAX_NAME - len(tag)] + tag
        n = number or max((int(x[1:]) for x in self._s.order if x.startswith("P")),
                          default=0) + 1
        self._append({"op": "playoff", "table": f"P{n}", "doubles": ds, "players": refs})
        return self._s.order[-1]

    def undo(self, change: int | None = None, *, _via: list | None = None) -> int:
        """Undo a change (default: the latest one in force that is not itself an undo).
        Undoing an undo brings the change back. Refused when a later change depends on
        it (undo that one first)."""
        gone = self._cancelled(self._log)
        if change is None:
            change = next((c["n"] for c in reversed(self._log) if c["n"] not in gone
                           and c["op"] not in ("undo", "create", "received")
                           and c["n"] > self.floor), None)
            if change is None:
                raise RallyError("There is nothing to undo")
        if not isinstance(change, int) or isinstance(change, bool) or not (
                1 <= change <= len(self._log)):
            raise RallyError(f"There is no change {change!r} to undo")
        if change == 1:
            raise RallyError("Creating the event cannot be undone: start a new event")
        if change <= self.floor:
            raise RallyError(f"Change {change} came with the table from the official: ask "
                             f"the official to change it")
        if change in gone:
            raise RallyError(f"Change {change} is already undone")
        if self._log[change - 1]["op"] == "received":
            raise RallyError(f"Change {change} records a table's sheet received: it cannot be "
                             f"undone (undo the changes it brought)")
        c = {"n": len(self._log) + 1, "op": "undo", "change": change}
        if _via is not None:
            c["via"] = _via
        if self.clock is not None:
            c["at"] = str(self.clock())[:40]
        self._room(c)
        self._s = self._check_replay(self._log + [c], change)
        self._log.append(c)
        return c["n"]

    def prefix(self, n: int) -> Event:
        """The event as its first ``n`` changes left it (a copy, with no clock)."""
        out = Event(copy.deepcopy(self._log[:n]), self.state_before(n), None)
        same = self._same_before(n)
        out._snaps = {k: v for k, v in self._snaps.items() if k <= same}
        return out

    # reading ---------------------------------------------------------------------------------
    @property
    def log(self) -> list[dict]:
        return copy.deepcopy(self._log)

    @property
    def latest(self) -> int:
        """The latest change's number: how many changes the log holds."""
        return len(self._log)

    @property
    def title(self) -> str:
        return self._s.title

    @property
    def id(self) -> str:
        """Ten hex digits naming the event: the random id its first change carries (or, for
        an event made before events had one, a hash of that change). A table's sheet
        names it; the CSV file carries it, so an event restored from CSV keeps it."""
        first = self._log[0]
        if "id" in first:
            return first["id"]
        import hashlib  # here: only events made before ids were random need it

        text = json.dumps(first, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:10]

    @property
    def game(self) -> str:
        return self._s.game

    @property
    def preset(self) -> str:
        return self._s.preset

    @property
    def house(self) -> HouseRules | None:
        """The club's house rules the event is scored by (bones.house), or None."""
        return self._s.house

    @property
    def rules(self) -> Rules:
        """The rules of the game being scored, as the scorekeeper applies them."""
        return self._s.rules

    @property
    def scoring(self) -> int:
        """The edition of the scoring this event is scored by (``values.SCORING``): the
        one it was made under, kept in its first change."""
        return self._s.scoring

    @property
    def lower_wins(self) -> bool:
        return self.rules.lower_wins

    def tables(self) -> list[str]:
        return list(self._s.order)

    def table(self, table: Any) -> dict:
        """A table's settings and players, plain data."""
        return self.state()["tables"][Replay(self._s).table(table).label]

    def _replay_table(self, table: Any) -> Table:
        return Replay(self._s).table(table)

    def _pid(self, table: Any, who: Any, tab: Table | None = None) -> str:
        r = Replay(self._s)
        return r.seat(tab or r.table(table), who, ids=False)

    def next_round(self, table: Any) -> int | None:
        """The round to enter next at a table (after the highest entered), None when done."""
        tab = self._replay_table(table)
        nxt = max(tab.entries, default=0) + 1
        return nxt if nxt <= len(tab.doubles) else None

    def seated(self, table: Any, round: int) -> list[str]:
        """The names that score in ``round`` at ``table``, in seat order."""
        r = Replay(self._s)
        tab = r.table(table)
        return [r.name(tab, p) for p in r.seated(tab, r.round_no(tab, round))]

    def state(self) -> dict:
        """The event as plain data, without change numbers or ids: what ``==`` compares."""
        s = self._s
        tables = {}
        for label, t in s.tables.items():
            players = [{"name": p.name, "joined": p.joined,
                        "from": p.source and [p.source[0], s.seat_number(p.source)]}
                       for p in map(t.players.get, t.seats)]
            entries = {r: [v[pid] for pid in t.seats if pid in v]
                       for r, v in sorted(t.entries.items())}
            assert all(set(v) <= set(t.seats) for v in t.entries.values())
            tables[label] = {"kind": t.kind, "doubles": list(t.doubles),
                             "players": players, "entries": entries}
        out = {"title": s.title, "game": s.game, "preset": s.preset,
               "doubles": list(s.doubles), "tables": tables}
        if s.house is not None:
            out["house"] = s.house.to_dict()
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Event {self.title!r}: {len(self._s.tables)} tables, {len(self._log)} changes>"

    def history(self) -> list[dict]:
        """Every change, oldest first: number, time, plain words, and whether it is in force
        (``undone_by`` names the undo that cancelled it)."""
        out = history_of(self._log, self.rules)
        for h in out[:self.floor]:
            h["can_undo"] = False
        return out

    # score sheets and standings -----------------------------------------------------------
    def sheet(self, table: Any) -> dict:
        """A table's score sheet as plain data (see ``score_sheet``)."""
        return sh.table_sheet(self._s, table)

    def sheets(self) -> list[dict]:
        return [self.sheet(t) for t in self._s.order]

    def standings(self, stage: str | None = None) -> dict:
        """G11: every player of the tables (or of one playoff table, ``stage="P1"``) by
        total, best first (lowest for Mexican Train and Chicken Foot, highest for All
        Fives). Tied totals share a place and are flagged for a play-off, never broken;
        ``first`` and ``second`` name the places when they are decided. Late arrivals
        carry their starting total (G7)."""
        return sh.standings(self._s, stage)

    def results(self) -> dict:
        """The standings that decide the event: the latest playoff's if there is one (S6),
        else all the tables' (G11)."""
        return sh.results(self._s)

    def table_winners(self) -> list[dict]:
        """Each table's best total, with every player who has it (``tie`` if several)."""
        return sh.table_winners(self._s)

    def playoff_candidates(self, kind: str | None = None) -> dict:
        """Who a new playoff would seat. ``kind="winners"`` (S6): every table's winner (a
        tie at a table sends all tied players, flagged); ``"ties"`` (G11 / the GS sheets'
        play-off): the players tied for 1st, else for 2nd, in the latest standings.
        Default: "winners" for the first playoff of a preset with S6, else "ties"."""
        return sh.playoff_candidates(self._s, kind)

    # saving, export and import -----------------------------------------------------------------
    def to_json(self) -> dict:
        log = self.log
        synced = any("via" in c or c["op"] == "received" for c in log)
        version = VERSION if "id" in log[0] else 2 if synced or "house" in log[0] else 1
        return {"format": FORMAT, "version": version, "log": log}

    def dumps(self) -> str:
        """The whole event, history included, as JSON text: save it after every change."""
        return compact_json(self.to_json())

    def to_csv(self) -> str:
        """The score sheets as CSV (docs/rally.md has the layout): no history."""
        return to_csv(self)


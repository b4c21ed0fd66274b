"""Tables that keep their own sheets: the official hands a table out to a phone at that
table, the table keeps score there, and its sheet comes back to the official's device and
joins the event's log. No server: the words go by QR code, file or a code read aloud
(``wire``). See docs/rally.md, "Table devices".

- ``handout(ev, table)``: the text the official's device shows for one table.
- ``TableDevice.from_handout(text)``: the table's own ``Event`` (that table only, with the
  event's rules and checks), its history starting at the hand-out. Changes it brought
  cannot be undone at the table (``Event.floor``).
- ``TableDevice.sheet()``: the text the table shows back: every change the table made
  since the hand-out, numbered 1, 2, 3 ... (its "sheet changes").
- ``Merge(ev, text)``: what a received sheet would do to the official's event. A sheet
  change joins the log once, tagged ``via = [table, hand-out change, sheet change]``; a
  ``received`` change records how far each hand-out's sheet has been read. So the same
  sheet twice, or an older one after a newer, adds nothing. If the official also changed
  that table since the sheet was last read and the two sheets now differ, ``Merge`` says
  so (``conflict``) with both sheets side by side, and the official picks which to keep.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from .event import Event
from .history import describe, names_of
from .json_in import from_json
from .state import Replay, State, Table, in_force
from .values import (
    GAMES,
    MAX_NAME,
    MAX_POINTS,
    MAX_ROUNDS,
    NO_SHOW,
    RallyError,
    folded,
    table_title,
)
from .wire import decode, encode, round_code

FORMAT = "rally-dominoes-table-device"
DEVICE_VERSION = 1
_PID = re.compile(r"[0-9]{1,6}\.[0-9]{1,2}")
_LABEL = re.compile(r"[1-9][0-9]{0,2}")
_HEX = re.compile(r"[0-9a-f]{10}")


def event_id(ev: Event) -> str:
    """Ten hex digits naming the event (from the change that created it)."""
    first = json.dumps(ev._log[0], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(first.encode()).hexdigest()[:10]


def _value(v: Any) -> int | str:
    return int(v) if isinstance(v, str) and v.strip().isdigit() else v


def _state_at(log: list[dict], n: int) -> State:
    r = Replay()
    for c in in_force(log[:n]):
        if c["op"] != "undo":
            r.apply(c)
    return r.s


# --- the official's side: a hand-out --------------------------------------------------------
def handout(ev: Event, table: Any) -> str:
    """The text a table's device reads to keep that table's sheet from now on."""
    tab = Replay(ev._s).table(table)
    if tab.kind != "table":
        raise RallyError(f"{tab.title} is a playoff: the official keeps it on this device")
    seats = [[pid, tab.players[pid].name, tab.players[pid].joined] for pid in tab.seats]
    rounds = [[r, [_value(v.get(pid)) for pid in tab.seats]]
              for r, v in sorted(tab.entries.items())]
    s = ev._s
    return encode("H", {"e": event_id(ev), "t": s.title, "g": s.game, "p": s.preset,
                        "d": list(s.doubles), "tb": tab.label, "b": len(ev._log),
                        "s": seats, "r": rounds})


def _check_handout(h: dict) -> dict:
    def bad(what: str) -> RallyError:
        return RallyError(f"This hand-out is damaged: {what}")

    if not (isinstance(h.get("e"), str) and _HEX.fullmatch(h["e"])):
        raise bad("its event is not named")
    for k in ("t", "g", "p"):
        if not isinstance(h.get(k), str) or len(h[k]) > 200:
            raise bad(f"its {'title' if k == 't' else 'game'} is missing")
    if h["g"] not in GAMES:
        raise bad(f"it is for a game this page does not score ({h['g'][:30]!r})")
    d = h.get("d")
    if not (isinstance(d, list) and 1 <= len(d) <= MAX_ROUNDS):
        raise bad("its rounds are missing")
    if not (isinstance(h.get("tb"), str) and _LABEL.fullmatch(h["tb"])):
        raise bad("its table number is missing")
    b = h.get("b")
    if not (isinstance(b, int) and not isinstance(b, bool) and 1 <= b < 10 ** 6):
        raise bad("it has no change number")
    seats = h.get("s")
    if not (isinstance(seats, list) and 2 <= len(seats) <= 8 and all(
            isinstance(x, list) and len(x) == 3 and isinstance(x[0], str)
            and _PID.fullmatch(x[0]) and isinstance(x[1], str) and len(x[1]) <= 4 * MAX_NAME
            and isinstance(x[2], int) and not isinstance(x[2], bool)
            and 1 <= x[2] <= len(d) for x in seats)):
        raise bad("its players are missing")
    if len({x[0] for x in seats}) != len(seats):
        raise bad("a player is there twice")
    rounds = h.get("r")
    if not (isinstance(rounds, list) and len(rounds) <= len(d) and all(
            isinstance(x, list) and len(x) == 2 and isinstance(x[0], int)
            and isinstance(x[1], list) and len(x[1]) == len(seats) for x in rounds)):
        raise bad("its entered rounds are damaged")
    return h


# --- the table's side ---------------------------------------------------------------------------
class TableDevice:
    """One table's sheet on its own device: an ``Event`` holding that table only, and the
    hand-out it came from. Save it with ``dumps`` after every change."""

    def __init__(self, hand: dict, event: Event, floor: int):
        self.hand = hand
        self.event = event
        self.floor = floor
        event.floor = floor

    @property
    def table(self) -> str:
        return self.hand["tb"]

    @property
    def title(self) -> str:
        return self.event.title

    @classmethod
    def from_handout(cls, text: Any, clock: Callable[[], str] | None = None) -> TableDevice:
        h = _check_handout(decode(text, "H"))
        return cls._build(h, clock)

    @classmethod
    def _build(cls, h: dict, clock: Callable[[], str] | None) -> TableDevice:
        d = h["d"]
        try:
            if all(x is None for x in d):
                ev = Event.create(h["t"], h["g"], h["p"], rounds=len(d), clock=clock)
            else:
                ev = Event.create(h["t"], h["g"], h["p"], doubles=d, clock=clock)
            first = [x[1] for x in h["s"] if x[2] == 1]
            ev.add_table(first, number=int(h["tb"]))
            for x in h["s"]:
                if x[2] > 1:
                    ev.late_arrival(h["tb"], x[1], x[2])
            names = {x[0]: x[1] for x in h["s"]}
            for r, vals in h["r"]:
                pts = {names[pid]: v for (pid, _n, _j), v in zip(h["s"], vals)
                       if v is not None}
                ev.enter_round(h["tb"], r, pts)
        except RallyError as e:
            raise RallyError(f"This hand-out cannot be kept: {e}") from None
        return cls(h, ev, len(ev._log))

    def _official_pids(self) -> dict[str, str]:
        """This device's player ids -> the official's, for the players handed out."""
        tab = _state_at(self.event._log, self.floor).tables[self.table]
        by_name = {folded(x[1]): x[0] for x in self.hand["s"]}
        return {pid: by_name[folded(p.name)] for pid, p in tab.players.items()}

    def changes(self) -> list[list]:
        """The table's changes since the hand-out, compact (see ``Merge``)."""
        official = self._official_pids()
        out: list[list] = []

        def ref(pid: str) -> int:
            if pid in official:
                return [x[0] for x in self.hand["s"]].index(official[pid])
            n = int(pid.split(".")[0])
            return -(n - self.floor)  # a player this device seated: its sheet change

        for c in self.event._log[self.floor:]:
            op = c["op"]
            if op == "enter":
                pts = c["points"]
                if not isinstance(pts, dict):
                    raise RallyError("This table's sheet has a round kept by seat: enter it "
                                     "again")
                out.append(["e", c["round"], [ref(p) for p in pts],
                            [_value(v) for v in pts.values()]])
            elif op == "correct":
                out.append(["c", c["round"], ref(c["player"]), _value(c["points"])])
            elif op == "no_show":
                out.append(["n", c["round"], ref(c["player"])])
            elif op == "late":
                out.append(["l", c["name"], c["round"]])
            elif op == "add_player":
                out.append(["a", c["name"]])
            elif op == "remove_player":
                out.append(["x", ref(c["player"])])
            elif op == "rename":
                out.append(["m", ref(c["player"]), c["name"]])
            elif op == "undo":
                out.append(["u", c["change"] - self.floor])
            else:
                raise RallyError(f"A table's sheet cannot carry {op!r}")
        return out

    def sheet(self) -> str:
        """The text the official's device reads: this table's changes since the hand-out."""
        return encode("S", {"e": self.hand["e"], "tb": self.table, "b": self.hand["b"],
                            "c": self.changes()})

    def round_code(self, round: int) -> str:
        """One entered round's scores as a short code to read aloud (``wire.round_code``)."""
        tab = self.event._s.tables[self.table]
        if round not in tab.entries:
            raise RallyError(f"{tab.title}, {self.event.rules.word} {round} is not entered")
        return round_code(self.table, round, list(tab.entries[round].values()))

    # saving
    def to_json(self) -> dict:
        return {"format": FORMAT, "version": DEVICE_VERSION, "hand": self.hand,
                "event": self.event.to_json()}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, data: Any, clock: Callable[[], str] | None = None) -> TableDevice:
        """A saved table device: the hand-out is checked and rebuilt, and the saved
        changes after it are replayed through the same checks as live entry."""
        from ..inbound import read_json
        if not isinstance(data, dict):
            data = read_json(data, "This table's saved sheet", 2_000_000, RallyError)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RallyError("This is not a table's saved sheet")
        if data.get("version") != DEVICE_VERSION:
            raise RallyError(f"This table's sheet is version {data.get('version')!r}; this "
                             f"page reads version {DEVICE_VERSION}")
        hand = data.get("hand")
        if not isinstance(hand, dict):
            raise RallyError("This table's saved sheet has no hand-out")
        dev = cls._build(_check_handout(copy.deepcopy(hand)), clock)
        saved = from_json(data.get("event"), clock)
        def bare(log: list[dict]) -> list[dict]:
            return [{k: v for k, v in c.items() if k != "at"} for c in log[:dev.floor]]

        if bare(saved._log) != bare(dev.event._log):
            raise RallyError("This table's saved sheet does not match its hand-out")
        if len(saved._log) < dev.floor:
            raise RallyError("This table's saved sheet is cut short")
        return cls(hand, saved, dev.floor)


# --- the official's side: reading a sheet back ----------------------------------------------------
def _int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _change_ok(op: str, a: list, i: int, seats: int) -> bool:
    """Change ``i`` of a sheet (1-based) has the shape its kind needs. A player is a seat
    of the hand-out (0, 1 ...) or, negative, one this table seated by an earlier change."""
    def ref(x: Any) -> bool:
        return _int(x, 0, seats - 1) or _int(x, -(i - 1), -1)

    def pts(x: Any) -> bool:
        return x == NO_SHOW or _int(x, 0, MAX_POINTS)

    def name(x: Any) -> bool:
        return isinstance(x, str) and len(x) <= 4 * MAX_NAME

    def rnd(x: Any) -> bool:
        return _int(x, 1, MAX_ROUNDS)

    n = len(a)
    if op == "e":
        return (n == 3 and rnd(a[0]) and isinstance(a[1], list) and isinstance(a[2], list)
                and 2 <= len(a[1]) == len(a[2]) <= 8 and all(map(ref, a[1]))
                and all(map(pts, a[2])))
    if op == "c":
        return n == 3 and rnd(a[0]) and ref(a[1]) and pts(a[2])
    if op == "n":
        return n == 2 and rnd(a[0]) and ref(a[1])
    if op == "l":
        return n == 2 and name(a[0]) and rnd(a[1])
    if op == "a":
        return n == 1 and name(a[0])
    if op == "x":
        return n == 1 and ref(a[0])
    if op == "m":
        return n == 2 and ref(a[0]) and name(a[1])
    if op == "u":
        return n == 1 and _int(a[0], 1, i - 1)
    return False


def _check_changes(cs: Any, seats: int) -> list[list]:
    if not isinstance(cs, list) or len(cs) > 2000:
        raise RallyError("This table's sheet has no changes list")
    for i, c in enumerate(cs, 1):
        if not (isinstance(c, list) and c and isinstance(c[0], str)
                and _change_ok(c[0], c[1:], i, seats)):
            raise RallyError(f"This table's sheet is damaged at its change {i}: "
                             f"{str(c)[:40]!r}")
    return cs


def _canon(tab: Table) -> list:
    """A table's sheet as what it shows: names, when each joined, each round's points."""
    return [(tab.players[p].name, tab.players[p].joined,
             [_value(tab.entries[r].get(p)) if r in tab.entries else None
              for r in range(1, len(tab.doubles) + 1)]) for p in tab.seats]


class Merge:
    """What a table's sheet would do to the official's event, worked out on copies.
    ``status``: "nothing" (nothing new), "clean" (the sheet joins as it is) or "conflict"
    (the official also changed the table and the sheets differ: ``rows`` shows them side
    by side). ``apply(keep)`` then changes the event; nothing changes before."""

    def __init__(self, ev: Event, text: Any):
        body = decode(text, "S")
        self.ev = ev
        if body.get("e") != event_id(ev):
            raise RallyError(f"This sheet is from another event, not {ev.title!r}")
        label, base = body.get("tb"), body.get("b")
        if not (isinstance(label, str) and label in ev._s.tables):
            raise RallyError(f"This sheet is for a table this event does not have "
                             f"({str(label)[:10]!r})")
        if not (isinstance(base, int) and not isinstance(base, bool)
                and 1 < base <= len(ev._log)):
            raise RallyError("This sheet's hand-out is not one this device made")
        self.table, self.base = label, base
        self.title = table_title(label)
        before = _state_at(ev._log, base)
        if label not in before.tables:
            raise RallyError(f"{self.title} was not there when this sheet was handed out")
        self.seats = list(before.tables[label].seats)
        self.changes = _check_changes(body.get("c"), len(self.seats))
        self.upto, self.last_n = self._received()
        self.new = list(enumerate(self.changes, 1))[self.upto:]
        self.rows: list[dict] = []
        self.reason = ""
        self.own = self._own_changes()
        if not self.new:
            self.status = "nothing"
            return
        self.theirs = self._scratch(ev._log[:base], self.changes, skip_same=False)
        self.attempt: Event | None = None
        try:
            self.attempt = self._apply(ev, self.new, skip_same=True)
        except RallyError as e:
            self.reason = str(e)
        if self.attempt is not None and self._canon(self.attempt) == self._canon(self.theirs):
            self.status = "clean"
        else:
            self.status = "conflict"
            self.rows = self._side_by_side()

    # reading the official's log
    def _received(self) -> tuple[int, int]:
        upto, last = 0, self.base
        for c in self.ev._log:
            if c["op"] == "received" and c["table"] == self.table and c["base"] == self.base:
                upto, last = max(upto, c["upto"]), c["n"]
            v = c.get("via")
            if v and v[0] == self.table and v[1] == self.base:
                upto, last = max(upto, v[2]), c["n"]
        return upto, last

    def _touches(self, c: dict) -> bool:
        if c["op"] == "undo":
            return self._touches(self.ev._log[c["change"] - 1])
        return c.get("table") == self.table

    def _own_changes(self) -> list[dict]:
        """The official's own changes to this table since its sheet was last read."""
        return [c for c in self.ev._log[self.last_n:]
                if "via" not in c and c["op"] != "received" and self._touches(c)]

    # replaying the sheet's changes
    def _translate(self, ev: Event, seq: int, c: list) -> dict:
        via = [self.table, self.base, seq]

        def pid(ref: int) -> str:
            if ref >= 0:
                return self.seats[ref]
            n = self._merged_n(ev, -ref)
            return f"{n}.1"

        op, a = c[0], c[1:]
        t = {"table": self.table}
        if op == "e":
            return {"op": "enter", **t, "round": a[0],
                    "points": {pid(r): v for r, v in zip(a[1], a[2])}, "via": via}
        if op == "c":
            return {"op": "correct", **t, "round": a[0], "player": pid(a[1]),
                    "points": a[2], "via": via}
        if op == "n":
            return {"op": "no_show", **t, "round": a[0], "player": pid(a[1]), "via": via}
        if op == "l":
            return {"op": "late", **t, "name": a[0], "round": a[1], "via": via}
        if op == "a":
            return {"op": "add_player", **t, "name": a[0], "via": via}
        if op == "x":
            return {"op": "remove_player", **t, "player": pid(a[0]), "via": via}
        if op == "m":
            return {"op": "rename", **t, "player": pid(a[0]), "name": a[1], "via": via}
        return {"op": "undo", "change": self._merged_n(ev, a[0]), "via": via}

    def _merged_n(self, ev: Event, seq: int) -> int:
        for c in ev._log:
            if c.get("via") == [self.table, self.base, seq]:
                return c["n"]
        raise RallyError(f"The table's change {seq} was not kept on this device, and a later "
                         f"change of the table's needs it: hand the table out again")

    def _apply(self, ev: Event, changes: list[tuple[int, list]], skip_same: bool) -> Event:
        out = Event(copy.deepcopy(ev._log), ev._s.copy(), ev.clock)
        for seq, c in changes:
            t = self._translate(out, seq, c)
            try:
                if t["op"] == "undo":
                    out.undo(t["change"], _via=t["via"])
                    continue
                if skip_same and t["op"] == "enter":
                    tab = out._s.tables[self.table]
                    have = tab.entries.get(t["round"])
                    if have is not None and {p: _value(v) for p, v in have.items()} == {
                            p: _value(v) for p, v in t["points"].items()}:
                        continue  # the official already has this round, the same
                out._append(t)
            except RallyError as e:
                names = names_of(out._log)
                raise RallyError(f"The table's change {seq} "
                                 f"({describe(t, names, out.rules)}) does not fit this "
                                 f"device's sheet: {e}") from None
        return out

    def _scratch(self, log: list[dict], changes: list[list], skip_same: bool) -> Event:
        """The table's sheet as the table has it: the hand-out plus all its changes."""
        ev = Event(copy.deepcopy(log), _state_at(log, len(log)), None)
        try:
            return self._apply(ev, list(enumerate(changes, 1)), skip_same)
        except RallyError as e:
            raise RallyError(f"This table's sheet does not add up: {e}") from None

    def _canon(self, ev: Event) -> list:
        return _canon(ev._s.tables[self.table])

    def _side_by_side(self) -> list[dict]:
        """Each player whose sheet differs: the official's line and the table's."""
        mine = {n: (j, pts) for n, j, pts in self._canon(self.ev)}
        theirs = {n: (j, pts) for n, j, pts in self._canon(self.theirs)}
        rows = []
        for name in list(mine) + [n for n in theirs if n not in mine]:
            a, b = mine.get(name), theirs.get(name)
            if a != b:
                rows.append({"name": name, "official": a and a[1], "table": b and b[1],
                             "rounds": [i + 1 for i in range(len(self.ev._s.doubles))
                                        if (a and a[1][i]) != (b and b[1][i])]})
        return rows

    # what the UI shows and does
    def words(self) -> dict:
        """Plain words: the table's new changes, and the official's own since."""
        names = names_of(self.ev._log)
        theirs = []
        if self.new:
            scratch = self.theirs._log[self.base:]
            theirs = [describe(c, names_of(self.theirs._log), self.ev.rules)
                      for c in scratch[self.upto:]]
        return {"theirs": theirs,
                "own": [describe(c, names, self.ev.rules) for c in self.own]}

    def summary(self) -> str:
        n = len(self.new)
        if self.status == "nothing":
            return (f"Nothing new from {self.title}: this device already has its "
                    f"{self.upto} change{'s' if self.upto != 1 else ''}")
        if self.status == "clean":
            return f"{self.title}'s sheet: {n} new change{'s' if n != 1 else ''} to add"
        return (f"{self.title}'s sheet differs from this device's: you also changed the "
                f"table. Pick which to keep")

    def apply(self, keep: str = "table") -> int:
        """Change the event: ``keep="table"`` takes the table's sheet (undoing the official's
        own changes to the table since, on a conflict), ``"official"`` keeps this device's
        and records the sheet as read. Returns the number of changes added."""
        if keep not in ("table", "official"):
            raise RallyError("Keep the table's sheet or this device's")
        if self.status == "nothing":
            return 0
        if self.status == "clean" and keep == "official":
            keep = "table"  # nothing differs: the sheet is the official's too
        ev = self.ev
        before = len(ev._log)
        if keep == "table":
            if self.status == "clean":
                out = self.attempt
            else:
                out = Event(copy.deepcopy(ev._log), ev._s.copy(), ev.clock)
                for c in reversed(self.own):
                    if c["n"] in {x["n"] for x in in_force(out._log)}:
                        out.undo(c["n"])
                out = self._apply(out, self.new, skip_same=True)
        else:
            out = Event(copy.deepcopy(ev._log), ev._s.copy(), ev.clock)
        out._append({"op": "received", "table": self.table, "base": self.base,
                     "upto": len(self.changes), "kept": keep})
        ev._log, ev._s = out._log, out._s
        return len(ev._log) - before

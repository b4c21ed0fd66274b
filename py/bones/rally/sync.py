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

from typing import Any

from .device import _HEX, TableDevice, event_id, handout, points_value, seats_digest
from .event import Event
from .history import describe, names_of
from .state import Replay, Table, in_force
from .values import (
    MAX_NAME,
    MAX_POINTS,
    MAX_ROUNDS,
    MAX_SHEET,
    NO_SHOW,
    RallyError,
    TooLarge,
    table_title,
)
from .wire import decode

__all__ = ["Merge", "TableDevice", "event_id", "handout"]


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
    if not isinstance(cs, list):
        raise RallyError("This table's sheet has no changes list")
    if len(cs) > MAX_SHEET:
        raise RallyError(f"This table's sheet has {len(cs):,} changes: a sheet holds at most "
                         f"{MAX_SHEET}")
    for i, c in enumerate(cs, 1):
        if not (isinstance(c, list) and c and isinstance(c[0], str)
                and _change_ok(c[0], c[1:], i, seats)):
            raise RallyError(f"This table's sheet is damaged at its change {i}: "
                             f"{str(c)[:40]!r}")
    return cs


def _canon(tab: Table) -> list:
    """A table's sheet as what it shows: names, when each joined, each round's points."""
    return [(tab.players[p].name, tab.players[p].joined,
             [points_value(tab.entries[r].get(p)) if r in tab.entries else None
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
        if not (isinstance(base, int) and not isinstance(base, bool) and 1 < base < 10 ** 6):
            raise RallyError("This sheet's hand-out is not one this device made")
        self.table, self.base = label, base
        self.title = table_title(label)
        # Where this event's log has the table as it was handed out: ``base`` itself on
        # the device that handed it out; elsewhere in an event rebuilt from its CSV file.
        self.at = self._handed_out_at(body.get("k"))
        self.seats = list(ev.state_before(self.at).tables[label].seats)
        self.changes = _check_changes(body.get("c"), len(self.seats))
        # known: the players some of the sheet's changes seated, which this event seated
        # by changes of its own (an event rebuilt from CSV already had part of the sheet)
        self.upto, self.last_n, self.known = self._received()
        self.rows: list[dict] = []
        self.reason = ""
        self.added = 0
        self.own = self._own_changes()
        self.rebuilt = self.upto == 0 and self.at != self.base
        if self.rebuilt:  # nothing of it recorded here: how much of it is here already?
            self.theirs = self._scratch(self.at, self.changes)
            self.upto, self.known = self.here
        self.new = list(enumerate(self.changes, 1))[self.upto:]
        if not self.new:
            self.status = "nothing"
            return
        if not self.rebuilt:
            self.theirs = self._scratch(self.at, self.changes)
        self.attempt: Event | None = None
        try:
            self.attempt = self._apply(ev, self.new, skip_same=True)
            self.attempt._room(self._received_record())  # and room to say it was read
        except TooLarge:
            raise  # the event could not be opened again: refused before anything changes
        except RallyError as e:
            self.reason = str(e)
        if self.attempt is not None and self._canon(self.attempt) == self._canon(self.theirs):
            self.status = "clean"
            self.added = len(self.attempt._log) - len(ev._log)  # some may be here already
        else:
            self.status = "conflict"
            self.rows = self._side_by_side()

    # reading the official's log
    def _handed_out_at(self, k: Any) -> int:
        """The change after which this event has the table exactly as the sheet's hand-out
        gave it (its digest ``k``: players and rounds). Refused when there is none: the
        sheet was handed out by another copy of the event, whose players differ."""
        ev, label = self.ev, self.table
        if k is None:  # a hand-out made before hand-outs carried their players' digest
            if self.base > len(ev._log):
                raise RallyError("This sheet's hand-out is not one this device made")
            if label not in ev.state_before(self.base).tables:
                raise RallyError(f"{self.title} was not there when this sheet was handed out")
            return self.base
        if not (isinstance(k, str) and _HEX.fullmatch(k)):
            raise RallyError("This sheet is damaged: its players' check is not readable")
        eid = event_id(ev)
        if self.base <= len(ev._log):
            tab = ev.state_before(self.base).tables.get(label)
            if tab is not None and seats_digest(eid, tab) == k:
                return self.base
        found, r = None, Replay()
        for n, c in enumerate(ev._log, 1):
            if c["op"] == "undo":
                r = Replay(ev.state_before(n))
            else:
                r.apply(c)
            tab = r.s.tables.get(label)
            if tab is not None and c.get("table", label) == label and \
                    seats_digest(eid, tab) == k:
                found = n
        if found is None:
            raise RallyError(
                f"This sheet was handed out with players or rounds that {self.title} never "
                f"had on this device (another copy of the event?): taking it could put "
                f"scores on the wrong people. Hand {self.title} out again from this device")
        return found

    def _received(self) -> tuple[int, int, dict[int, str]]:
        upto, last, known = 0, self.at, {}
        for c in self.ev._log:
            if c["op"] == "received" and c["table"] == self.table and c["base"] == self.base:
                upto, last = max(upto, c["upto"]), c["n"]
                known.update(dict(c.get("known", [])))
            v = c.get("via")
            if v and v[0] == self.table and v[1] == self.base:
                upto, last = max(upto, v[2]), c["n"]
        return upto, last, known

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
            if -ref in self.known:
                return self.known[-ref]
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
        for c in reversed(ev._log):  # the latest first: what a sheet refers to is recent
            if c.get("via") == [self.table, self.base, seq]:
                return c["n"]
        raise RallyError(f"The table's change {seq} was not kept on this device, and a later "
                         f"change of the table's needs it: hand the table out again")

    def _apply(self, ev: Event, changes: list[tuple[int, list]], skip_same: bool,
               copy: bool = True) -> Event:
        out = ev.copy() if copy else ev
        for seq, c in changes:
            t = self._translate(out, seq, c)
            try:
                if t["op"] == "undo":
                    out.undo(t["change"], _via=t["via"])
                    continue
                if skip_same and t["op"] == "enter":
                    tab = out._s.tables[self.table]
                    have = tab.entries.get(t["round"])
                    if have is not None and {p: points_value(v) for p, v in have.items()} == {
                            p: points_value(v) for p, v in t["points"].items()}:
                        continue  # the official already has this round, the same
                out._append(t)
            except TooLarge:
                raise
            except RallyError as e:
                names = names_of(out._log)
                raise RallyError(f"The table's change {seq} "
                                 f"({describe(t, names, out.rules)}) does not fit this "
                                 f"device's sheet: {e}") from None
        return out

    def _scratch(self, at: int, changes: list[list]) -> Event:
        """The table's sheet as the table has it: the hand-out plus all its changes. For an
        event rebuilt from its CSV file (``rebuilt``), also how much of the sheet it has
        already (``here``): the most changes after which the table here is the table
        there, with no later change undoing one of them, and the players those seated."""
        ev = self.ev.prefix(at)
        now = self._canon(self.ev) if self.rebuilt else None
        found = [(0, {})] if now is not None and self._canon(ev) == now else []
        try:
            for seq, c in enumerate(changes, 1):
                self._apply(ev, [(seq, c)], skip_same=False, copy=False)
                if now is not None and self._canon(ev) == now:
                    found.append((seq, self._seated_by(ev, seq)))
        except TooLarge:
            raise
        except RallyError as e:
            raise RallyError(f"This table's sheet does not add up: {e}") from None
        undone = [(i, c[1]) for i, c in enumerate(changes, 1) if c[0] == "u"]
        self.here = next(((k, known) for k, known in reversed(found)
                          if not any(i > k >= t for i, t in undone)), (0, {}))
        return ev

    def _seated_by(self, scratch: Event, upto: int) -> dict[int, str]:
        """The players the sheet's first ``upto`` changes seated, as this event has them:
        the table there and here are the same, seat for seat."""
        there = scratch._s.tables[self.table].seats
        here = self.ev._s.tables[self.table].seats
        out = {}
        for seq, c in enumerate(self.changes[:upto], 1):
            pid = f"{self._merged_n(scratch, seq)}.1"
            if c[0] in ("l", "a") and pid in there:
                out[seq] = here[there.index(pid)]
        return out

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
            scratch = self.theirs._log[self.at:]
            theirs = [describe(c, names_of(self.theirs._log), self.ev.rules)
                      for c in scratch[self.upto:]]
        return {"theirs": theirs,
                "own": [describe(c, names, self.ev.rules) for c in self.own]}

    def summary(self) -> str:
        n = len(self.new)
        if self.status == "nothing":
            return (f"Nothing new from {self.title}: this device already has its "
                    f"{self.upto} change{'s' if self.upto != 1 else ''}")
        if self.status == "clean" and not self.added:
            return (f"{self.title}'s sheet matches this device's: its {n} new "
                    f"change{'s are' if n != 1 else ' is'} here already")
        if self.status == "clean":
            a = self.added
            return f"{self.title}'s sheet: {a} new change{'s' if a != 1 else ''} to add"
        return (f"{self.title}'s sheet differs from this device's: you also changed the "
                f"table. Pick which to keep")

    def _received_record(self, keep: str = "table") -> dict:
        known = {"known": [[j, p] for j, p in sorted(self.known.items())]} if self.known \
            else {}
        return {"op": "received", "table": self.table, "base": self.base,
                "upto": len(self.changes), "kept": keep, **known}

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
                out = ev.copy()
                for c in reversed(self.own):
                    if c["n"] in {x["n"] for x in in_force(out._log)}:
                        out.undo(c["n"])
                if self.rebuilt:  # this event's own changes went: the sheet's all come
                    self.known = {}
                out = self._apply(out, list(enumerate(self.changes, 1)) if self.rebuilt
                                  else self.new, skip_same=True)
        else:
            out = ev.copy()
        out._append(self._received_record(keep))
        ev._log, ev._s, ev._snaps = out._log, out._s, out._snaps
        return len(ev._log) - before

"""A table's own device: the hand-out the official's device gives (``handout``) and the
table's sheet kept from it (``TableDevice``). See bones.rally.sync for the whole story, and
docs/rally.md, "Table devices"."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

from .event import Event
from .json_in import from_json
from .state import Replay, State, Table, in_force, read_house
from .values import GAMES, MAX_NAME, MAX_ROUNDS, MAX_SHEET, RallyError, folded
from .wire import decode, encode, round_code

FORMAT = "rally-dominoes-table-device"
DEVICE_VERSION = 1
_PID = re.compile(r"[0-9]{1,6}\.[0-9]{1,2}")
_LABEL = re.compile(r"[1-9][0-9]{0,2}")
_HEX = re.compile(r"[0-9a-f]{10}")


def event_id(ev: Event) -> str:
    """Ten hex digits naming the event (``Event.id``)."""
    return ev.id


def points_value(v: Any) -> int | str:
    return int(v) if isinstance(v, str) and v.strip().isdigit() else v


def handed_out(tab: Table) -> tuple[list[list], list[list]]:
    """A table as a hand-out gives it: its seats [id, name, round joined] and its rounds
    entered [round, points in seat order]."""
    seats = [[pid, tab.players[pid].name, tab.players[pid].joined] for pid in tab.seats]
    rounds = [[r, [points_value(v.get(pid)) for pid in tab.seats]]
              for r, v in sorted(tab.entries.items())]
    return seats, rounds


def seats_digest(eid: str, tab: Table) -> str:
    """Ten hex digits naming one hand-out of a table: the event, the table, its players
    (names and the round each joined, in seat order) and the rounds that came with them.
    A sheet carries it back, so a sheet is taken only by the copy of the event that has
    those very players at that table, never one where other people sit there."""
    seats, rounds = handed_out(tab)
    text = json.dumps([eid, tab.label, [s[1:] for s in seats], rounds], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def state_at(log: list[dict], n: int) -> State:
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
    seats, rounds = handed_out(tab)
    s = ev._s
    eid = event_id(ev)
    house = {} if s.house is None else {"h": s.house.to_dict()}
    return encode("H", {"e": eid, "t": s.title, "g": s.game, "p": s.preset,
                        "d": list(s.doubles), "tb": tab.label, "b": len(ev._log),
                        "k": seats_digest(eid, tab), "s": seats, "r": rounds, **house})


def _check_handout(h: dict) -> dict:
    def bad(what: str) -> RallyError:
        return RallyError(f"This hand-out is damaged: {what}")

    if not (isinstance(h.get("e"), str) and _HEX.fullmatch(h["e"])):
        raise bad("its event is not named")
    if "k" in h and not (isinstance(h["k"], str) and _HEX.fullmatch(h["k"])):
        raise bad("its players' check is damaged")  # a hand-out made before it had one: none
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
    if "h" in h:
        read_house(h["h"], h["g"], h["p"], "This hand-out's house rules")
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
        event.sheet_limit = MAX_SHEET  # a sheet the official merges in a moment

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
            house = read_house(h.get("h"), h["g"], h["p"], "This hand-out's house rules")
            kw = {"rounds": len(d)} if all(x is None for x in d) else {"doubles": d}
            ev = Event.create(h["t"], h["g"], h["p"], house=house, clock=clock, id=h["e"],
                              **kw)
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
        tab = state_at(self.event._log, self.floor).tables[self.table]
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
                            [points_value(v) for v in pts.values()]])
            elif op == "correct":
                out.append(["c", c["round"], ref(c["player"]), points_value(c["points"])])
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
        k = {"k": self.hand["k"]} if "k" in self.hand else {}
        return encode("S", {"e": self.hand["e"], "tb": self.table, "b": self.hand["b"], **k,
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
        def bare(log: list[dict]) -> list[dict]:  # the times, the event's id and edition aside
            return [{k: v for k, v in c.items() if k not in ("at", "id", "scoring")}
                    for c in log[:dev.floor]]

        if bare(saved._log) != bare(dev.event._log):
            raise RallyError("This table's saved sheet does not match its hand-out")
        if len(saved._log) < dev.floor:
            raise RallyError("This table's saved sheet is cut short")
        return cls(hand, saved, dev.floor)

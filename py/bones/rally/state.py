"""Replaying a rally event's log: the state it leads to, built change by change by
``Replay``, which refuses nonsense before anything is changed."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..presets import PRESETS
from .values import (
    GAMES,
    NO_SHOW,
    RallyError,
    Rules,
    clean_name,
    parse_points,
    same_name,
    table_label,
    table_title,
)

# state = {"title", "game", "preset", "doubles": [...], "tables": {label: table}, "order": [...]}
# table = {"label", "kind": "table" | "playoff", "doubles", "seats": [pid, ...],
#          "players": {pid: {"name", "joined", "from": (label, pid) | None}},
#          "entries": {round: {pid: points | NO_SHOW}}}
# Player ids (pid) are "<change n>.<i>": stable, so undoing one change can never make a
# later change point at somebody else.


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


class Replay:
    """Applies changes to a state, refusing nonsense before anything is changed."""

    def __init__(self, state: dict | None = None):
        self.s = state

    # helpers
    @property
    def rules(self) -> Rules:
        return Rules(self.s["game"], self.s["preset"])

    def table(self, t: Any) -> dict:
        label = table_label(t)
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
            raise RallyError(f"{table_title(tab['label'])} has no seat {who}")
        if isinstance(who, str):
            name = " ".join(who.split())
            for pid in tab["seats"]:
                if same_name(tab["players"][pid]["name"], unicodedata.normalize("NFC", name)):
                    return pid
        raise RallyError(f"There is nobody called {who!r} at {table_title(tab['label'])}")

    def name(self, tab: dict, pid: str) -> str:
        return tab["players"][pid]["name"]

    def new_name(self, tab: dict, name: Any, but: str | None = None) -> str:
        name = clean_name(name)
        for pid in tab["seats"]:
            if pid != but and same_name(tab["players"][pid]["name"], name):
                raise RallyError(f"{table_title(tab['label'])} already has a player called "
                                 f"{tab['players'][pid]['name']!r}")
        return name

    def where(self, tab: dict, r: int) -> str:
        return f"{table_title(tab['label'])}, {self.rules.word} {r}"

    def round_no(self, tab: dict, r: Any) -> int:
        n = len(tab["doubles"])
        w = self.rules.word
        if isinstance(r, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", r):
            r = int(r)
        if not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= n:
            raise RallyError(f"{table_title(tab['label'])} plays {w}s 1 to {n}, not {r!r}")
        return r

    def seated(self, tab: dict, r: int) -> list[str]:
        return [p for p in tab["seats"] if tab["players"][p]["joined"] <= r]

    def not_started(self, tab: dict, why: str) -> None:
        if tab["entries"]:
            raise RallyError(f"{table_title(tab['label'])} has started: {why}")

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
        rules = Rules(game, preset)
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
            raise RallyError(f"{table_title(tab['label'])} is full ({rules.max_seats} "
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
                    raise RallyError(f"{self.name(tab, pid)} plays in {table_title(x)}: take "
                                     f"them off there first")
        if len(tab["seats"]) <= 2:
            raise RallyError(f"{table_title(tab['label'])} needs at least 2 players")
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
                    raise RallyError(f"{self.name(tab, pid)} joins {table_title(tab['label'])}"
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
                                     f"{table_title(src_tab['label'])} is named twice")
                seen.add((src_tab["label"], pid))
                name = ref[2] if len(ref) > 2 else self.name(src_tab, pid)
                src = (src_tab["label"], pid)
            name = self.new_name(tab, name)
            new = f"{c['n']}.{i}"
            tab["seats"].append(new)
            tab["players"][new] = {"name": name, "joined": 1, "from": src}
        self.s["tables"][label] = tab
        self.s["order"].append(label)



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


def replay(log: list[dict]) -> dict:
    r = Replay()
    for c in in_force(log):
        if c["op"] != "undo":
            r.apply(c)
    return r.s

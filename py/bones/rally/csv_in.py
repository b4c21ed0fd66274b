"""Reading an event from CSV score sheets (``to_csv``'s, or ones typed into a spreadsheet
in that layout): the records are read, then the event is rebuilt through the same calls
the UI makes, so every rule is checked once more; an error names the line."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from typing import Any

from ..inbound import check_text, from_cell, read_json
from .event import Event
from .state import read_house
from .values import (
    CSV_COLUMNS,
    CSV_FORMAT,
    CSV_READS,
    CSV_VERSION,
    MAX_CSV_LINES,
    MAX_FILE,
    MAX_ROUNDS,
    NO_SHOW,
    RallyError,
    check_id,
    folded,
    parse_points,
    table_label,
    table_title,
    to_target,
)


def read_text(data: str | bytes) -> str:
    return check_text(data, "This file", MAX_FILE, RallyError)

def from_csv(data: str | bytes, clock: Callable[[], str] | None = None) -> Event:
    """An event rebuilt from ``to_csv`` text (or one typed into a spreadsheet in that
    layout). Raises RallyError with the line number and what is wrong."""
    text = read_text(data)
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
    return CsvBuilder(recs, clock).build()



class CsvBuilder:
    """Reads the records, then rebuilds the event through the same calls the UI makes,
    so every rule is checked once more; an error names the line it comes from."""

    KINDS = ("format", "event", "game", "preset", "house", "id", "round", "table", "player",
             "score")

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
        if m.group(1) not in map(str, CSV_READS):
            raise self.fail(ln, f"this file is version {m.group(1)}; this scorekeeper reads "
                                f"versions 1 to {CSV_VERSION}")
        head: dict[str, tuple[int, str]] = {}
        self.rounds: dict[str, dict[int, tuple[int, int | None]]] = {}
        tables: dict[str, dict] = {}
        self.tables = tables
        for ln, d in recs[1:]:
            rec = d["record"]
            if rec not in self.KINDS:
                raise self.fail(ln, f"unknown record {rec!r} (the records are "
                                    f"{', '.join(self.KINDS)})")
            if rec in ("format", "event", "game", "preset", "house", "id"):
                if rec in head or rec == "format":
                    first = recs[0][0] if rec == "format" else head[rec][0]
                    raise self.fail(ln, f"a second {rec!r} record (the first is on line "
                                        f"{first})")
                if tables:
                    raise self.fail(ln, f"the {rec!r} record must come before the tables")
                head[rec] = (ln, from_cell(d["info"]) if rec in ("event", "house")
                             else d["info"].strip())
            elif rec == "round":
                t = table_label(d["table"])
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
                t = table_label(d["table"])
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
                t = table_label(d["table"])
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
                        raise self.fail(ln, f"{table_title(t)}, round {r} is entered twice "
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
            where = f" of {table_title(t)}" if t else ""
            raise self.fail(ln, f"the rounds{where} must be numbered 1, 2, 3 ... with no gap")
        return [rs[r][1] for r in sorted(rs)]

    def seats(self, t: str) -> list[dict]:
        ps = self.tables[t]["players"]
        if sorted(ps) != list(range(1, len(ps) + 1)):
            raise self.fail(self.tables[t]["ln"], f"the seats of {table_title(t)} must be "
                                                  f"numbered 1, 2, 3 ... with no gap")
        return [ps[s] for s in sorted(ps)]

    @staticmethod
    def at(line: int, f: Callable, *a: Any, **k: Any) -> Any:
        try:
            return f(*a, **k)
        except RallyError as e:
            raise CsvBuilder.fail(line, str(e)) from None

    def rebuild(self, head: dict) -> Event:
        tables = self.tables
        ln = head["event"][0]
        game, preset = head["game"][1], head["preset"][1]
        try:  # an unknown game is the file's fault, said with its line
            fives = to_target(game)
        except ValueError as e:
            raise self.fail(head["game"][0], str(e)) from None
        ds = self.doubles_of("", ln)
        if fives and any(d is not None for d in ds):
            raise self.fail(self.rounds[""][1][0], "All Fives games have no starting double")
        if not fives and any(d is None for d in ds):
            raise self.fail(self.rounds[""][1][0], "every round needs its starting double")
        kw: dict = {"rounds": len(ds)} if fives else {"doubles": ds}
        if "house" in head:
            hl, text = head["house"]
            data = self.at(hl, read_json, text, "The house rules", 10_000, RallyError)
            kw["house"] = self.at(hl, read_house, data, game, preset)
        if "id" in head:  # the event's own id: its tables' sheets still merge
            kw["id"] = self.at(head["id"][0], check_id, head["id"][1])
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
                raise self.fail(tables[t]["ln"], f"{table_title(t)} needs 2 players who "
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
                    src, seat = table_label(m.group(1)), int(m.group(2))
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
        word = ev.rules.word
        got: dict[int, dict[int, dict]] = {}
        for (r, seat), d in self.tables[t]["scores"].items():
            got.setdefault(r, {})[seat] = d
        for r in sorted(got):
            first_ln = min(d["ln"] for d in got[r].values())
            if r > len(tab.doubles):
                raise self.fail(first_ln, f"{table_title(t)} plays {word}s 1 to "
                                          f"{len(tab.doubles)}, not {r}")
            pts: dict[int, Any] = {}
            for seat, d in sorted(got[r].items()):
                p = ps[seat - 1]
                if d["player"].strip() and folded(d["player"]) != folded(p["name"]):
                    raise self.fail(d["ln"], f"seat {seat} at {table_title(t)} is "
                                             f"{p['name']!r}, not {d['player']!r}")
                dd = tab.doubles[r - 1]
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
                    pts[seat] = self.at(d["ln"], parse_points, d["points"], ev.rules.fives)
            self.at(first_ln, ev.enter_round, t, r, pts)
        # The derived cells (a late start, a no-show's points, running totals), when they are
        # filled in, must agree with what the rules give.
        sh = ev.sheet(t)
        for p, row in zip(ps, sh["players"]):
            if p["start"] and row["late"] and p["start"] != str(row["start"]):
                raise self.fail(p["ln"], f"{row['name']} joins with the table's highest total, "
                                         f"{row['start']}, not {p['start']} "
                                         f"({ev.rules.cite('G7')})")
        for r in sorted(got):
            for seat, d in got[r].items():
                row = sh["players"][seat - 1]
                cell = row["cells"][r - 1]
                if d["points"] and cell["mark"] == "no-show" and d["points"] != str(
                        cell["points"]):
                    raise self.fail(d["ln"], f"a no-show counts the highest score that {word} "
                                             f"+ 10: {cell['points']}, not {d['points']} "
                                             f"({ev.rules.cite('G10')})")
                if d["total"]:
                    want = row["start"] + sum(c["points"] or 0 for c in row["cells"][:r])
                    if d["total"] != str(want):
                        raise self.fail(d["ln"], f"{row['name']}'s total after {word} {r} is "
                                                 f"{want}, not {d['total']}")


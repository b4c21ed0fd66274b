"""Score sheets and standings as plain data (lists and dicts, JSON-ready) for the screen
and for print: one table's sheet, the standings of the tables or of a playoff (G11, S6),
each table's winners, who would play a playoff, and the in-game sheet of a match."""

from __future__ import annotations

from typing import Any

from ..core import places
from ..rulebook import cite, ordinal
from .state import Replay, State, compute
from .values import NO_SHOW, RallyError, table_title, to_target

# ---- the shared score sheet ------------------------------------------------------------------
MARKS = {
    "no-show": ("G10", "did not show their bones: the highest score at the table that round "
                       "plus 10"),
    "late": ("G7", "joined late with the highest total at the table"),
}


def ranked(totals: list[int], lower_wins: bool) -> list[tuple[int, bool]]:
    """(place, tied) for each total, in the given order."""
    return [(place, totals.count(t) > 1) for place, t in zip(places(totals, lower_wins), totals)]


def score_sheet(*, table: str, title: str, kind: str, game: str, preset: str,
                lower_wins: bool, doubles: list, entered: set[int], players: list[dict],
                highest: dict[int, int] | None = None, house: Any = None) -> dict:
    """One score sheet as plain data, for the screen and for print: rounds as columns,
    players as rows, marks for G7 starts and G10 penalties, totals and places. Used by
    rally tables and by the in-game sheet (``match_sheet``).

    ``players``: dicts with name, joined (round), start, cells {round: (points, no_show)},
    total, from (text or None). Marks and notes cite the ``preset``'s sheet. By ``house``
    rules (bones.house), the sheet has ``house``: their name, edition and changes in words
    (``HouseRules.sheet_words``)."""
    fives = to_target(game)
    word = "Game" if fives else "Round"
    rounds = [{"round": r, "double": d, "label": f"{word} {r}",
               "double_label": None if d is None else f"{d}-{d}", "entered": r in entered}
              for r, d in enumerate(doubles, 1)]
    ranks = ranked([p["total"] for p in players], lower_wins)
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
    out = {"table": table, "title": title, "kind": kind, "game": game,
           "lower_wins": lower_wins, "rounds": rounds, "players": rows,
           "has_starts": any(r["late"] for r in rows), "notes": notes,
           "marks": {k: {"rule": v[0], "cite": cite(v[0], preset), "text": v[1]}
                     for k, v in MARKS.items()},
           "complete": complete, "winners": winners, "tie": len(winners) > 1}
    if house is not None:
        out["house"] = house.sheet_words()
    return out


def standings_of(rows: list[dict], lower_wins: bool, complete: bool, rule: str) -> dict:
    sign = 1 if lower_wins else -1
    tables = {}
    for r in rows:
        tables.setdefault(r["table"], len(tables))
    rows = sorted(rows, key=lambda r: (sign * r["total"], tables[r["table"]], r["seat"]))
    for r, (place, tie) in zip(rows, ranked([r["total"] for r in rows], lower_wins)):
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
            msg = f"{ordinal(place)}: {names[0]} ({group[0]['total']})"
        else:
            also = " (and 2nd)" if place == 1 else ""
            msg = (f"{' and '.join([', '.join(names[:-1]), names[-1]])} tie for "
                   f"{ordinal(place)}{also} on {group[0]['total']}: play-off ({rule})")
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
    fives = to_target(match.game)
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
                       entered=set(range(1, len(rows) + 1)), players=players,
                       house=getattr(match, "house", None))


def table_sheet(s: State, table: Any) -> dict:
    """A table's score sheet as plain data (see ``score_sheet``)."""
    tab = Replay(s).table(table)
    rules = s.rules
    res = compute(tab)
    players = []
    for pid in tab.seats:
        p = tab.players[pid]
        src = None
        if p.source is not None:
            src = f"{s.tables[p.source[0]].title}, seat {s.seat_number(p.source)}"
        cells = {}
        for r, counted in res.counted.items():
            if pid in counted:
                raw = tab.entries[r][pid]
                cells[r] = (counted[pid], raw == NO_SHOW)
        players.append({"name": p.name, "joined": p.joined,
                        "start": res.start.get(pid, 0), "cells": cells, "from": src,
                        "total": res.totals.get(pid)})
    return score_sheet(
        table=tab.label, title=tab.title, kind=tab.kind,
        game=rules.game, preset=rules.preset, lower_wins=rules.lower_wins,
        doubles=tab.doubles, entered=set(tab.entries), players=players, highest=res.highest,
        house=rules.house)


def standings(s: State, stage: str | None = None) -> dict:
    """G11: every player of the tables (or of one playoff table, ``stage="P1"``) by
    total, best first (lowest for Mexican Train and Chicken Foot, highest for All
    Fives). Tied totals share a place and are flagged for a play-off, never broken;
    ``first`` and ``second`` name the places when they are decided. Late arrivals
    carry their starting total (G7)."""
    rules = s.rules
    labels = ([x for x in s.order if not x.startswith("P")] if stage is None
              else [Replay(s).table(stage).label])
    rows = []
    complete = True
    for label in labels:
        sh = table_sheet(s, label)
        complete = complete and sh["complete"]
        for p in sh["players"]:
            rows.append({"table": label, "seat": p["seat"], "name": p["name"],
                         "total": p["total"], "played": p["played"], "late": p["late"],
                         "start": p["start"]})
    return standings_of(rows, rules.lower_wins, complete,
                        rules.cite("G11" if stage is None else "S6"))


def results(s: State) -> dict:
    """The standings that decide the event: the latest playoff's if there is one (S6),
    else all the tables' (G11)."""
    po = [x for x in s.order if x.startswith("P")]
    return standings(s, po[-1] if po else None)


def table_winners(s: State) -> list[dict]:
    """Each table's best total, with every player who has it (``tie`` if several)."""
    out = []
    for label in s.order:
        if label.startswith("P"):
            continue
        sh = table_sheet(s, label)
        best = [p for p in sh["players"] if p["place"] == 1]
        out.append({"table": label, "players": [p["name"] for p in best],
                    "seats": [p["seat"] for p in best], "tie": len(best) > 1,
                    "complete": sh["complete"]})
    return out


def playoff_candidates(s: State, kind: str | None = None) -> dict:
    """Who a new playoff would seat. ``kind="winners"`` (S6): every table's winner (a
    tie at a table sends all tied players, flagged); ``"ties"`` (G11 / the GS sheets'
    play-off): the players tied for 1st, else for 2nd, in the latest standings.
    Default: "winners" for the first playoff of a preset with S6, else "ties"."""
    rules = s.rules
    po = [x for x in s.order if x.startswith("P")]
    if kind is None:
        kind = "winners" if rules.s6 and not po else "ties"
    refs: list[tuple[str, int]] = []
    names: list[str] = []
    notes: list[str] = []
    if kind == "winners":
        for w in table_winners(s):
            if not w["complete"]:
                return {"kind": kind, "ready": False, "refs": [], "players": [],
                        "notes": [], "message":
                        f"{table_title(w['table'])} has not entered all its "
                        f"{rules.word}s: the playoff needs every table finished "
                        f"(or name the players)"}
            if w["tie"]:
                notes.append(f"{table_title(w['table'])}: {' and '.join(w['players'])} "
                             f"tie for the table's win; all go to the playoff")
            refs += [(w["table"], s) for s in w["seats"]]
            names += w["players"]
    elif kind == "ties":
        st = results(s)
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
    max_seats = rules.max_seats
    ready = 2 <= len(refs) <= max_seats
    msg = "" if ready else (
        f"{len(refs)} players would go to the playoff: a table seats 2 to {max_seats}; "
        f"name the players")
    return {"kind": kind, "ready": ready, "refs": refs, "players": names, "notes": notes,
            "message": msg}

"""Golden outputs of the rally scorekeeper (bones.rally), byte for byte.

A few events built through the public API, each written out every way the module writes:
the JSON save, the CSV export, the state, score sheets, standings, results, table winners,
playoff candidates, history, and the events read back from both files; plus the messages
of refused changes and files. ``rally_golden/`` holds what this gave when it was recorded,
and the saves themselves: ``test_rally_golden.py`` loads those stored saves and compares
everything again, so a save written before a change still loads exactly as it did.
``rally_golden/before-scoring/`` keeps the same events saved before an event carried its
scoring's edition, with what they give now (the same, but that a file read back from CSV
is a new event, made under today's edition).

    python tests/engine/rally_golden.py          # compare, print the first difference
    python tests/engine/rally_golden.py --write  # record again (only for a wanted change)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from pprint import pformat

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

import bones  # noqa: E402
from bones.moves import JOIN_MOVE, NEXT  # noqa: E402
from bones.rally import NO_SHOW, Event, RallyError, loads, match_sheet  # noqa: E402

HERE = Path(__file__).resolve().parent / "rally_golden"


def clock() -> Callable[[], str]:
    n = iter(range(10_000))
    return lambda: f"2026-05-01T10:{next(n) // 60:02d}:{next(n) % 60:02d}"


def spring() -> Event:
    """Good Sam's Mexican Train: a late arrival, no-shows, corrections, renames, undo and
    redo, a table removed from and added to, a tie for 1st and a playoff of the tied."""
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=3, clock=clock(),
                      id="5a1e000001")
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve", "Zoë"])
    ev.add_player(2, "Gus")
    ev.remove_player(2, "Gus")
    ev.add_table(["=HYPERLINK(1)", "  Hal   Ng ", "'+1"])
    ev.enter_round(1, 1, [10, "0", 25])
    ev.enter_round(2, 1, {"Dee": 4, "Eve": 0, 3: NO_SHOW})
    ev.late_arrival(1, "Fay")
    ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    ev.correct(1, 2, "Cy", 7)
    ev.no_show(2, 1, "Eve")
    n = ev.undo()
    ev.undo(n)
    ev.rename(1, "Bob", "Robert")
    ev.enter_round(3, 1, [1, 2, 3])
    ev.enter_round(1, 3, [0, 0, 0, 0])
    ev.enter_round(2, 2, [5, 5, 5])
    ev.enter_round(2, 3, [0, 1, 2])
    ev.enter_round(3, 2, [9, 9, 9])
    ev.enter_round(3, 3, [9, 0, 9])
    ev.undo(16)  # an early entry, not the last: Table 3's first round
    ev.enter_round(3, 1, [4, 0, 0])
    return ev


def tournament() -> Event:
    """The tournament sheet (S6): table winners, a tie at a table, a playoff from the
    winners, namesakes from two tables, and a second playoff of the playoff's tie."""
    ev = Event.create("Fall Tournament", "mexican-train", "st-mt", clock=clock(),
                      id="5a1e000002")
    ev.add_table(["Ann", "Bob", "Cy", "Dee"])
    ev.add_table(["ann", "Eve"])
    for r, pts in enumerate([[5, 10, 0, 3], [0, 0, 12, 4], [7, 2, 2, 9], [1, 1, 30, 0]], 1):
        ev.enter_round(1, r, pts)
    for r in range(1, 5):
        ev.enter_round(2, r, [r, 2 * r])
    p1 = ev.create_playoff(first_double=6, rounds=2)
    ev.enter_round(p1, 1, [0, 5, 0])
    ev.enter_round(p1, 2, [4, 4, NO_SHOW])
    ev.create_playoff(doubles=[3], players=[("P1", 1), ("P1", 2, "Bobby"), "Walk-in"])
    return ev


def chicken() -> Event:
    """Good Sam's Chicken Foot, unfinished: standings in progress, candidates not ready."""
    ev = Event.create("Club night", "chicken-foot", "gs-cf", rounds=4, first_double=6,
                      id="5a1e000003")
    ev.add_table(["Ann", "Bob"])
    ev.add_table(["Cy", "Dee", "Eve", "Fay", "Gil"])
    ev.enter_round(1, 1, {"Bob": 12, "Ann": "30"})
    ev.late_arrival(1, "Hu", 3)
    ev.enter_round(2, 1, [0, 0, 0, 0, 0])
    ev.enter_round(2, 2, [NO_SHOW, NO_SHOW, NO_SHOW, NO_SHOW, NO_SHOW])
    return ev


def fives() -> Event:
    """All Fives: games, partnerships, highest total wins, a playoff of a tie."""
    ev = Event.create("Fives", "all-fives", "gs-af", rounds=2, id="5a1e000004")
    ev.add_table(["Ann & Cy", "Bob & Dee"])
    ev.add_table(["Eve", "Fay", "Gil", "Hu"])
    ev.enter_round(1, 1, [150, 95])
    ev.enter_round(1, 2, [0, 55])
    ev.enter_round(2, 1, [60, 150, 20, 5])
    ev.enter_round(2, 2, [90, 0, 10, "15"])
    ev.create_playoff(rounds=1, kind="ties")
    return ev


EVENTS = {"spring": spring, "tournament": tournament, "chicken": chicken, "fives": fives}


def refusals() -> list[str]:
    """The messages of changes the scorekeeper refuses (each leaves the event as it was)."""
    ev = spring()
    af = fives()
    tries = [
        lambda: Event.create("", "mexican-train"),
        lambda: Event.create("A", "dominoes"),
        lambda: Event.create("A", "mexican-train", "gs-af"),
        lambda: Event.create("A", "all-fives", first_double=3),
        lambda: Event.create("A", "mexican-train", doubles=[12, 13]),
        lambda: Event.create("A", "mexican-train", rounds=3, doubles=[1, 2]),
        lambda: Event.create("x" * 81, "mexican-train"),
        lambda: Event.create("a\u202eb", "mexican-train"),
        lambda: ev.add_table(["Solo"]),
        lambda: ev.add_table("Ann, Bob"),
        lambda: ev.add_table(["Ann", "ANN"]),
        lambda: ev.add_table(["Ann", 3]),
        lambda: ev.add_player(1, "Newcomer"),
        lambda: ev.remove_player(1, "Ann"),
        lambda: ev.rename(1, "Nobody", "X"),
        lambda: ev.rename(1, 9, "X"),
        lambda: ev.rename(1, "Ann", "robert"),
        lambda: ev.late_arrival(1, "Ivy"),
        lambda: ev.late_arrival(1, "Ivy", 1),
        lambda: ev.late_arrival("P1", "Ivy"),
        lambda: ev.enter_round(1, 1, [1, 2, 3]),
        lambda: ev.enter_round(1, 4, [1, 2, 3]),
        lambda: ev.enter_round(9, 1, [1, 2]),
        lambda: ev.enter_round(1, "x", [1]),
        lambda: ev.correct(1, 1, "Fay", 3),
        lambda: ev.correct(1, 1, "Ann", "abc"),
        lambda: ev.correct(1, 1, "Ann", -1),
        lambda: ev.correct(1, 1, "Ann", 1000),
        lambda: ev.correct(1, 1, "Ann", True),
        lambda: ev.correct(1, 1, "Ann", 2.5),
        lambda: ev.undo(1),
        lambda: ev.undo(99),
        lambda: ev.undo(2),
        lambda: ev.undo(8),
        lambda: ev.create_playoff(),
        lambda: ev.create_playoff(first_double=6, rounds=1, kind="both"),
        lambda: ev.create_playoff(first_double=6, rounds=1, players=[(1, "Ann")]),
        lambda: ev.create_playoff(first_double=6, rounds=1, players=[(1, "Ann"), (1, 1)]),
        lambda: ev.create_playoff(first_double=6, rounds=1, players=[5, "Bob"]),
        lambda: af.enter_round(1, 1, [1, 2]),
        lambda: af.enter_round("P1", 1, [12, 15]),
        lambda: af.enter_round("P1", 1, [NO_SHOW, 15]),
        lambda: af.late_arrival(1, "Ivy"),
        lambda: af.add_table(["A", "B"]),
        lambda: af.create_playoff(first_double=3, rounds=1),
        lambda: chicken().create_playoff(first_double=3, rounds=1, kind="winners"),
        lambda: chicken().late_arrival(1, "Ivy", 2),
        lambda: chicken().undo(5),
        lambda: Event.create("A", "mexican-train", id="not-hex"),
    ]
    out = []
    for i, f in enumerate(tries, 1):
        before = (ev.state(), ev.log, af.state(), af.log)
        try:
            f()
            out.append(f"{i}: accepted")
        except RallyError as e:
            out.append(f"{i}: {type(e).__name__}: {e}")
        assert before == (ev.state(), ev.log, af.state(), af.log), i
    return out


def bad_files() -> list[str]:
    """The messages of files the scorekeeper refuses to load."""
    good = spring()
    text = good.to_csv()
    d = good.to_json()
    files: list = [
        "", "   ", "{", "[1]", b"\xff\xfe\x00", '{"format": "rally-dominoes-event"}',
        json.dumps({**d, "version": 4}), json.dumps({**d, "extra": 1}),
        json.dumps({**d, "log": d["log"][1:]}),
        json.dumps({**d, "log": [*d["log"], {"n": len(d["log"]) + 1, "op": "undo",
                                             "change": 1}]}),
        json.dumps({**d, "log": [*d["log"], {"n": len(d["log"]) + 1, "op": "undo",
                                             "change": 7}]}),
        json.dumps({**d, "log": [*d["log"], {"n": len(d["log"]) + 1, "op": "enter",
                                             "table": "1", "round": 1, "points": [1]}]}),
        text.replace("rally-dominoes-csv 2", "rally-dominoes-csv 3"),
        text.replace("id,,,,,,,,5a1e000001", "id,,,,,,,,5A1E"),
        text.replace("record,", "rec,", 1),
        text.replace("score,1,1,9,1,Ann,10,10,", "score,1,1,9,1,Ann,10,11,"),
        text.replace("table,2,,,,,,,table", "table,2,,,,,,,playoff"),
        text + "gossip,1\r\n", text + "score,1,9,,1,Ann,10,,\r\n",
        text.replace("player,1,2,,4,Fay,,25", "player,1,2,,4,Fay,,20"),
        "record,table,round,double,seat,player,points,total,info\r\n",
    ]
    out = []
    for i, f in enumerate(files, 1):
        try:
            loads(f)
            out.append(f"{i}: loaded")
        except RallyError as e:
            out.append(f"{i}: {type(e).__name__}: {e}")
    return out


def a_match_sheet() -> dict:
    g = bones.new_game("mexican-train", seats=3, preset="gs-mt", seed=7,
                       options={"rounds": 3})
    while not g.round_over:
        g.play(g.legal_moves()[0])
    g.play(JOIN_MOVE)
    while not g.match_over:
        g.play(g.legal_moves()[0]) if not g.round_over else g.play(NEXT)
    return match_sheet(g, ["Ann", "Bob", "Cy", "Dee"])


def section(title: str, body: str) -> str:
    return f"==== {title}\n{body.rstrip()}\n"


def report(ev: Event) -> str:
    """Everything an event gives, and what its two files give back."""
    show = lambda x: pformat(x, sort_dicts=False, width=100)  # noqa: E731
    parts = [section("repr", repr(ev)), section("state", show(ev.state())),
             section("tables", show(ev.tables())),
             section("lower_wins", show(ev.lower_wins)),
             section("next_round", show({t: ev.next_round(t) for t in ev.tables()})),
             section("table 1", show(ev.table(1))),
             section("seated", show({t: ev.seated(t, 1) for t in ev.tables()})),
             section("sheets", show(ev.sheets())),
             section("standings", show(ev.standings())),
             section("results", show(ev.results())),
             section("table_winners", show(ev.table_winners()))]
    for kind in ("winners", "ties", None):
        parts.append(section(f"playoff_candidates {kind}", show(ev.playoff_candidates(kind))))
    parts += [section("history", show(ev.history())), section("log", show(ev.log)),
              section("to_json", show(ev.to_json())), section("dumps", ev.dumps()),
              section("to_csv", ev.to_csv())]
    back = loads(ev.dumps())
    parts += [section("json back: equal, same log", show((back == ev, back.log == ev.log))),
              section("json back: history", show(back.history())),
              section("json back: dumps", back.dumps())]
    back = loads(ev.to_csv())
    parts += [section("csv back: equal", show(back == ev)),
              section("csv back: log", show(back.log)),
              section("csv back: to_csv", back.to_csv())]
    return "".join(parts)


def outputs() -> dict[str, str]:
    """File name -> text, for everything recorded."""
    out = {}
    for name, make in EVENTS.items():
        ev = make()
        out[f"{name}.save.json"] = ev.dumps() + "\n"
        out[f"{name}.txt"] = report(ev)
    out["refusals.txt"] = "\n".join(refusals()) + "\n"
    out["bad-files.txt"] = "\n".join(bad_files()) + "\n"
    out["match-sheet.txt"] = pformat(a_match_sheet(), sort_dicts=False, width=100) + "\n"
    return out


def stored_saves() -> dict[str, str]:
    """What each save stored in rally_golden/ gives when loaded now: those recorded last,
    and in before-scoring/, those saved before events carried their scoring's edition."""
    out = {}
    for path in sorted([*HERE.glob("*.save.json"), *HERE.glob("before-scoring/*.save.json")]):
        ev = loads(path.read_bytes())
        out[path.relative_to(HERE).as_posix().replace(".save.json", ".txt")] = report(ev)
    return out


def recorded(name: str) -> str | None:
    path = HERE / name
    return path.read_bytes().decode("utf-8") if path.exists() else None


def main(argv: list[str]) -> int:
    got = outputs()
    if "--write" in argv:
        HERE.mkdir(exist_ok=True)
        for name, text in got.items():
            (HERE / name).write_bytes(text.encode("utf-8"))
        for name, text in stored_saves().items():
            if "/" in name:  # the older saves' reports (the latest's are written above)
                (HERE / name).write_bytes(text.encode("utf-8"))
        print(f"wrote {len(got)} files to {HERE}")
        return 0
    bad = [n for n, t in got.items() if recorded(n) != t]
    bad += [f"{n} (from the stored save)" for n, t in stored_saves().items()
            if recorded(n) != t]
    print("\n".join(f"differs: {n}" for n in bad) or f"all {len(got)} outputs identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

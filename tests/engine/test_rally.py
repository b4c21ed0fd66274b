"""Rally mode (bones.rally): the scorekeeper's rules, cited by ID (G1, G7, G10, G11, S6 of
docs/rules.md), its refusals, undo, history, score sheets, and the JSON / CSV
files with the bad files they must refuse."""

from __future__ import annotations

import json
import random

import pytest

import bones
from bones.moves import JOIN_MOVE, NEXT
from bones.rally import NO_SHOW, Event, RallyError, loads, match_sheet

# ---- helpers ---------------------------------------------------------------------------------


def mt(rounds: int = 3, preset: str = "gs-mt", **kw) -> Event:
    return Event.create("Spring Samboree", "mexican-train", preset, rounds=rounds, **kw)


def small() -> Event:
    """Two tables, three rounds, one late arrival, one no-show."""
    ev = mt()
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve"])
    ev.enter_round(1, 1, [10, 0, 25])
    ev.enter_round(2, 1, {"Dee": 4, "Eve": 0})
    ev.late_arrival(1, "Fay")  # joins at round 2 with 25
    ev.enter_round(1, 2, [3, NO_SHOW, 0, 12])
    return ev


def refused(fn, *a, match: str, **k) -> str:
    with pytest.raises(RallyError, match=match) as e:
        fn(*a, **k)
    return str(e.value)


def unchanged(ev: Event, fn, *a, match: str, **k) -> None:
    before, log = ev.state(), ev.log
    refused(fn, *a, match=match, **k)
    assert ev.state() == before and ev.log == log


# ---- creating an event -------------------------------------------------------------------


def test_create_uses_the_presets_rounds_and_doubles_G5_S2():
    assert Event.create("A", "mexican-train", "gs-mt").state()["doubles"] == list(
        range(9, -1, -1))
    assert Event.create("A", "mexican-train", "st-mt").state()["doubles"] == [12, 11, 10, 9]
    assert Event.create("A", "chicken-foot", "gs-cf", rounds=3).state()["doubles"] == [9, 8, 7]
    # down one a round, wrapping to the set's highest after 0-0
    assert Event.create("A", "mexican-train", first_double=1, rounds=3).state()[
        "doubles"] == [1, 0, 12]
    assert Event.create("A", "mexican-train", doubles=[12, 6, 6]).state()["doubles"] == [
        12, 6, 6]
    assert Event.create("A", "all-fives", rounds=3).state()["doubles"] == [None] * 3


@pytest.mark.parametrize("kw, msg", [
    ({"game": "poker"}, "not 'poker'"),
    ({"preset": "gs-cf"}, "presets gs-mt, st-mt, wc-mt, not 'gs-cf'"),
    ({"rounds": 0}, "from 1 to 100"),
    ({"doubles": [13]}, "from 0 to 12"),
    ({"title": "   "}, "title is empty"),
])
def test_create_refuses_nonsense(kw, msg):
    args = {"title": "Rally", "game": "mexican-train", **kw}
    refused(Event.create, args.pop("title"), args.pop("game"), **args, match=msg)


def test_all_fives_has_no_doubles():
    refused(Event.create, "A", "all-fives", first_double=6, match="no starting doubles")


# ---- tables and names ----------------------------------------------------------------------


def test_names_are_trimmed_any_script_limited_and_unique_at_a_table():
    ev = mt()
    assert ev.add_table(["  Zoë  Ann ", "李雷", "Ólafur"]) == "1"
    assert [p["name"] for p in ev.table(1)["players"]] == ["Zoë Ann", "李雷", "Ólafur"]
    unchanged(ev, ev.add_table, ["Ann", "ann"], match="already has a player called 'Ann'")
    unchanged(ev, ev.add_table, ["Ann", ""], match="name is empty")
    unchanged(ev, ev.add_table, ["Ann", "x" * 41], match="longer than 40")
    unchanged(ev, ev.add_table, ["Ann", "a\nb\x00"], match="cannot be printed")
    unchanged(ev, ev.add_table, ["Ann"], match="seat 2 to 8 players, not 1")
    unchanged(ev, ev.add_table, [f"P{i}" for i in range(9)], match="not 9")
    ev.add_table(["Ann", "Bob"])  # the same name at another table is another person
    unchanged(ev, ev.rename, 2, "Bob", "ANN", match="already has")
    ev.rename(2, "Bob", "Robert")
    assert ev.seated(2, 1) == ["Ann", "Robert"]
    ev.rename(2, "Robert", "Rob")  # the history names the name each change replaced
    assert [h["text"] for h in ev.history()[-2:]] == ["Table 2: Bob renamed Robert",
                                                      "Table 2: Robert renamed Rob"]


def test_players_are_added_or_removed_only_before_the_table_starts():
    ev = mt()
    ev.add_table(["Ann", "Bob"])
    ev.add_player(1, "Cy")
    ev.remove_player(1, "Bob")
    assert ev.seated(1, 1) == ["Ann", "Cy"]
    unchanged(ev, ev.remove_player, 1, "Cy", match="at least 2")
    ev.enter_round(1, 1, [1, 2])
    unchanged(ev, ev.add_player, 1, "Dee", match="late arrival")
    unchanged(ev, ev.remove_player, 1, "Cy", match="has started")


# ---- entering rounds: G1 and the refusals --------------------------------------------------


def test_G1_each_players_points_every_round_and_in_total_lowest_wins():
    ev = mt()
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.enter_round(1, 1, [10, 0, 25])
    ev.enter_round(1, 2, {"Cy": "0", "Ann": " 7 ", "Bob": 30})
    sh = ev.sheet(1)
    assert [(p["name"], [c["points"] for c in p["cells"]], p["total"], p["place"])
            for p in sh["players"]] == [
        ("Ann", [10, 7, None], 17, 1), ("Bob", [0, 30, None], 30, 3),
        ("Cy", [25, 0, None], 25, 2)]
    assert sh["winners"] == ["Ann"] and not sh["complete"]
    assert [r["double_label"] for r in sh["rounds"]] == ["9-9", "8-8", "7-7"]
    assert ev.next_round(1) == 3


@pytest.mark.parametrize("points, msg", [
    ([1, 2, "abc"], r"Points must be whole numbers 0 or more: 'abc' \(Table 1, round 1, Cy\)"),
    ([1, 2, -3], "Points must be whole numbers 0 or more: -3"),
    ([1, 2, 2.5], "Points must be whole numbers 0 or more: 2.5"),
    ([1, 2, True], "whole numbers"),
    ([1, 2, None], "whole numbers"),
    ([1, 2, "1e3"], "whole numbers"),
    ([1, 2, "٣"], "whole numbers"),  # an Arabic-Indic digit is not typed on the keypad
    ([1, 2, 1000], "over 999 must be a typo"),
    ([1, 2], r"needs 3 scores \(Ann, Bob, Cy\), not 2"),
    ({"Ann": 1, "Bob": 2}, "no points for Cy"),
    ({"Ann": 1, "Bob": 2, "Cy": 3, "Zed": 4}, "nobody called 'Zed'"),
    ({"Ann": 1, "ann": 2, "Cy": 3}, "given twice"),
    ("12 0 3", "list in seat order"),
])
def test_nonsense_points_are_refused_with_a_clear_message(points, msg):
    ev = mt()
    ev.add_table(["Ann", "Bob", "Cy"])
    unchanged(ev, ev.enter_round, 1, 1, points, match=msg)


def test_a_round_entered_twice_is_refused():
    ev = mt()
    ev.add_table(["Ann", "Bob"])
    ev.add_table(["Cy", "Dee"])
    ev.enter_round(2, 3, [1, 2])
    unchanged(ev, ev.enter_round, 2, 3, [1, 2], match=r"Table 2, round 3 is already entered")
    unchanged(ev, ev.enter_round, 2, 4, [1, 2], match="plays rounds 1 to 3, not 4")
    unchanged(ev, ev.enter_round, 3, 1, [1, 2], match="no table 3")


def test_all_fives_points_come_in_fives_and_the_highest_total_wins_A8():
    ev = Event.create("Fives", "all-fives", rounds=2)
    ev.add_table(["Ann & Cy", "Bob & Dee"])  # a partnership is one line on the sheet
    unchanged(ev, ev.enter_round, 1, 1, [250, 12], match=r"All Fives points come in fives: 12")
    unchanged(ev, ev.enter_round, 1, 1, [250, NO_SHOW], match="not an All Fives rule")
    unchanged(ev, ev.late_arrival, 1, "Eve", match=r"\(Players\)")  # A1
    unchanged(ev, ev.add_table, ["a", "b", "c", "d", "e"], match="seat 2 to 4")
    ev.enter_round(1, 1, [250, 180])
    ev.enter_round(1, 2, [100, 255])
    st = ev.standings()
    assert [(r["name"], r["total"]) for r in st["rows"]] == [("Bob & Dee", 435),
                                                           ("Ann & Cy", 350)]
    assert st["first"] == "Bob & Dee" and st["second"] == "Ann & Cy"
    assert ev.sheet(1)["rounds"][0]["label"] == "Game 1"


def test_corrections_change_one_score_of_an_entered_round():
    ev = small()
    ev.correct(1, 1, "Ann", 11)
    assert ev.sheet(1)["players"][0]["cells"][0]["points"] == 11
    unchanged(ev, ev.correct, 1, 3, "Ann", 1, match="not entered yet")
    unchanged(ev, ev.correct, 1, 1, "Fay", 1, match="Fay did not play Table 1, round 1")
    unchanged(ev, ev.correct, 1, 1, "Ann", "x", match="whole numbers")


# ---- G7: late arrivals -------------------------------------------------------------------------


def test_G7_late_arrival_joins_next_round_with_the_highest_total():
    ev = small()
    fay = ev.sheet(1)["players"][3]
    assert (fay["name"], fay["joined"], fay["late"], fay["start"]) == ("Fay", 2, True, 25)
    assert fay["cells"][0]["mark"] == "not seated" and fay["total"] == 25 + 12
    assert ("Fay joined at round 2 with the table's highest total, 25 (General 9)"
            in ev.sheet(1)["notes"])
    row = next(r for r in ev.standings()["rows"] if r["name"] == "Fay")
    assert (row["start"], row["total"], row["late"]) == (25, 37, True)


def test_G7_start_follows_a_later_correction_of_an_earlier_round():
    ev = small()
    ev.correct(1, 1, "Cy", 40)
    assert ev.sheet(1)["players"][3]["start"] == 40


def test_G7_refusals():
    ev = small()
    unchanged(ev, ev.late_arrival, 1, "Gus", 2,
              match=r"round 2 is already entered.*\(General 9\)")
    unchanged(ev, ev.late_arrival, 1, "ann", match="already has a player")
    ev.enter_round(1, 3, [1, 2, 3, 4])
    unchanged(ev, ev.late_arrival, 1, "Gus", match="too late to join")
    full = mt()
    full.add_table([f"P{i}" for i in range(8)])
    unchanged(full, full.late_arrival, 1, "Gus", match=r"full \(8 players\)")
    unchanged(small(), small().late_arrival, 1, "Gus", 2, match="already entered")


def test_G7_a_late_arrival_must_score_from_the_round_they_join():
    ev = mt()
    ev.add_table(["Ann", "Bob"])
    ev.late_arrival(1, "Cy", 2)
    ev.enter_round(1, 1, [5, 9])
    refused(ev.enter_round, 1, 1 + 1, {"Ann": 1, "Bob": 2}, match="no points for Cy")
    unchanged(ev, ev.correct, 1, 1, "Cy", 3, match="Cy did not play")
    assert ev.seated(1, 1) == ["Ann", "Bob"] and ev.seated(1, 2) == ["Ann", "Bob", "Cy"]


# ---- G10: did not show their bones --------------------------------------------------------------


def test_G10_no_show_scores_the_highest_at_the_table_that_round_plus_10():
    ev = small()
    bob = ev.sheet(1)["players"][1]
    assert bob["cells"][1] == {"round": 2, "points": 22, "text": "22", "mark": "no-show"}
    assert any("Bob did not show their bones in round 2: 22 (12 + 10) (The Play 10)" in n
               for n in ev.sheet(1)["notes"])
    ev.no_show(2, 1, "Dee")  # the button on a round already entered
    assert ev.sheet(2)["players"][0]["cells"][0]["points"] == 0 + 10
    ev.correct(1, 2, "Fay", 30)  # the highest changes: so does the penalty
    assert ev.sheet(1)["players"][1]["cells"][1]["points"] == 40


def test_G10_when_nobody_shows_each_scores_10():
    ev = mt()
    ev.add_table(["Ann", "Bob"])
    ev.enter_round(1, 1, [NO_SHOW, NO_SHOW])
    assert [p["total"] for p in ev.sheet(1)["players"]] == [10, 10]


# ---- G11: standings across all tables ---------------------------------------------------------


def test_G11_the_two_lowest_totals_of_all_tables_take_1st_and_2nd():
    ev = small()
    st = ev.standings()
    assert [(r["place"], r["table"], r["name"], r["total"]) for r in st["rows"]] == [
        (1, "2", "Dee", 4), (1, "2", "Eve", 4)][:0] + [
        (r["place"], r["table"], r["name"], r["total"]) for r in st["rows"]]
    totals = {r["name"]: r["total"] for r in st["rows"]}
    assert totals == {"Ann": 13, "Bob": 22, "Cy": 25, "Fay": 37, "Dee": 4, "Eve": 0}
    assert [r["name"] for r in st["rows"]][:2] == ["Eve", "Dee"]
    assert (st["first"], st["second"], st["playoff_needed"]) == ("Eve", "Dee", False)
    assert [g["message"] for g in st["places"]] == ["1st: Eve (0)", "2nd: Dee (4)"]


def test_G11_a_tie_for_1st_is_flagged_for_a_play_off_not_broken():
    ev = mt(rounds=1)
    ev.add_table(["Ann", "Bob"])
    ev.add_table(["Cy", "Dee"])
    ev.enter_round(1, 1, [5, 9])
    ev.enter_round(2, 1, [9, 5])
    st = ev.standings()
    assert [(r["place"], r["name"], r["tie"]) for r in st["rows"]] == [
        (1, "Ann", True), (1, "Dee", True), (3, "Bob", True), (3, "Cy", True)]
    assert st["first"] is None and st["second"] is None and st["playoff_needed"]
    assert st["ties"][0] == "Ann and Dee tie for 1st (and 2nd) on 5: play-off (The Play 11)"


def test_G11_a_tie_for_2nd_names_1st_and_flags_2nd():
    ev = mt(rounds=1)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.enter_round(1, 1, [1, 9, 9])
    st = ev.standings()
    assert st["first"] == "Ann" and st["second"] is None
    assert st["ties"] == ["Bob and Cy tie for 2nd on 9: play-off (The Play 11)"]
    cand = ev.playoff_candidates("ties")
    assert cand["players"] == ["Bob", "Cy"] and cand["ready"]


def test_G11_standings_show_progress_while_tables_are_still_playing():
    ev = small()
    st = ev.standings()
    assert not st["complete"]
    assert {r["name"]: r["played"] for r in st["rows"]} == {
        "Ann": 2, "Bob": 2, "Cy": 2, "Fay": 1, "Dee": 1, "Eve": 1}


# ---- S6: playoffs ------------------------------------------------------------------------------


def finished(preset: str = "st-mt") -> Event:
    ev = mt(rounds=2, preset=preset)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve", "Fay"])
    ev.add_table(["Gus", "Hal"])
    for t, rows in {1: [[5, 9, 3], [5, 0, 0]], 2: [[1, 2, 3], [4, 5, 6]],
                    3: [[1, 1], [2, 2]]}.items():
        for r, pts in enumerate(rows, 1):
            ev.enter_round(t, r, pts)
    return ev


def test_S6_table_winners_go_to_a_playoff_with_its_own_double_and_rounds():
    ev = finished()
    winners = ev.table_winners()
    assert [(w["table"], w["players"], w["tie"]) for w in winners] == [
        ("1", ["Cy"], False), ("2", ["Dee"], False), ("3", ["Gus", "Hal"], True)]
    cand = ev.playoff_candidates()
    assert cand["kind"] == "winners" and cand["players"] == ["Cy", "Dee", "Gus", "Hal"]
    assert cand["notes"] == ["Table 3: Gus and Hal tie for the table's win; all go to the "
                             "playoff"]
    unchanged(ev, ev.create_playoff, match=r"official picks .*double and rounds")  # S6
    p = ev.create_playoff(first_double=6, rounds=2)
    assert p == "P1"
    sh = ev.sheet(p)
    assert [r["double"] for r in sh["rounds"]] == [6, 5] and sh["kind"] == "playoff"
    assert [(x["name"], x["from"]) for x in sh["players"]] == [
        ("Cy", "Table 1, seat 3"), ("Dee", "Table 2, seat 1"), ("Gus", "Table 3, seat 1"),
        ("Hal", "Table 3, seat 2")]
    ev.enter_round(p, 1, [3, 0, 10, 5])
    ev.enter_round(p, 2, [10, 0, 3, 1])
    res = ev.results()
    assert (res["first"], res["second"]) == ("Dee", "Hal")
    # the tables close once the playoff exists
    unchanged(ev, ev.add_table, ["X", "Y"], match="no more tables")
    unchanged(ev, ev.late_arrival, 1, "Zed", match="closed|too late")


def test_S6_playoff_needs_every_table_finished_or_named_players():
    ev = small()
    cand = ev.playoff_candidates("winners")
    assert not cand["ready"] and "has not entered all its rounds" in cand["message"]
    unchanged(ev, ev.create_playoff, first_double=12, rounds=1, kind="winners",
              match="not entered all")
    p = ev.create_playoff(first_double=12, rounds=1, players=[(1, "Ann"), (2, "Eve"), "Zed"])
    assert ev.seated(p, 1) == ["Ann", "Eve", "Zed"]
    unchanged(ev, ev.create_playoff, first_double=12, rounds=1,
              players=[(1, "Ann"), (1, "ann")], match="named twice")


def test_S6_a_tied_playoff_leads_to_another_playoff_of_the_tied():
    ev = finished()
    p = ev.create_playoff(first_double=12, rounds=1)
    ev.enter_round(p, 1, [5, 5, 9, 9])
    res = ev.results()
    assert res["playoff_needed"] and res["ties"][0].startswith("Cy and Dee tie for 1st")
    p2 = ev.create_playoff(first_double=11, rounds=1)
    assert p2 == "P2" and ev.seated(p2, 1) == ["Cy", "Dee"]


def test_G11_ties_on_a_gs_sheet_default_to_a_play_off_of_the_tied():
    ev = mt(rounds=1)
    ev.add_table(["Ann", "Bob"])
    ev.add_table(["Cy", "Dee"])
    ev.enter_round(1, 1, [5, 9])
    ev.enter_round(2, 1, [9, 5])
    p = ev.create_playoff(first_double=9, rounds=1)
    assert ev.seated(p, 1) == ["Ann", "Dee"]


# ---- undo and history --------------------------------------------------------------------------


def test_undo_the_last_entry_restores_exactly_and_stays_in_the_history():
    ev = small()
    before = ev.state()
    ev.enter_round(2, 2, [1, 2])
    n = ev.undo()
    assert ev.state() == before
    h = ev.history()
    assert h[-1]["text"].startswith("Undo of change") and h[-1]["in_force"]
    assert h[-2]["undone_by"] == n and not h[-2]["in_force"]
    ev.undo(n)  # undoing the undo brings the entry back
    assert ev.sheet(2)["players"][0]["cells"][1]["points"] == 1


def test_undo_any_earlier_entry_not_only_the_last():
    ev = small()
    ev.enter_round(2, 2, [1, 2])
    entry = next(h["n"] for h in ev.history() if h["text"].startswith("Table 2, round 1"))
    ev.undo(entry)
    assert not ev.sheet(2)["rounds"][0]["entered"] and ev.sheet(2)["rounds"][1]["entered"]
    ev.enter_round(2, 1, [7, 7])  # and it may be entered again
    assert ev.sheet(2)["players"][0]["total"] == 8


def test_undo_is_refused_when_a_later_change_depends_on_it():
    ev = small()
    late = next(h["n"] for h in ev.history() if "joins late" in h["text"])
    msg = refused(ev.undo, late, match="depends on it")
    assert "Table 1, round 2 entered" in msg
    unchanged(ev, ev.undo, 1, match="cannot be undone")
    unchanged(ev, ev.undo, 99, match="no change 99")
    ev.undo()
    unchanged(ev, ev.undo, len(ev.log) - 1, match="already undone")


def test_undoing_a_table_never_moves_scores_to_another_table():
    ev = mt()
    ev.add_table(["Ann", "Bob"])
    ev.add_table(["Cy", "Dee"])
    ev.enter_round(2, 1, [1, 2])
    ev.undo(2)  # table 1 had no scores: it may go; table 2 keeps its number
    assert ev.tables() == ["2"] and ev.seated(2, 1) == ["Cy", "Dee"]
    assert ev.add_table(["Eve", "Fay"]) == "3"
    assert loads(ev.to_csv()) == ev and loads(ev.dumps()) == ev


def test_history_lists_every_change_in_plain_words():
    ev = small()
    ev.no_show(2, 1, "Eve")
    ev.undo()
    texts = [h["text"] for h in ev.history()]
    assert texts[:3] == [
        "Event 'Spring Samboree' created: Mexican Train, Good Sam's Samboree & Rally, "
        "3 rounds from 9-9",
        "Table 1 added: Ann, Bob, Cy", "Table 2 added: Dee, Eve"]
    assert "Table 1: Fay joins late at round 2 with the highest total (General 9)" in texts
    assert ("Table 1, round 2 entered: Ann 3, Bob did not show (The Play 10), Cy 0, Fay 12"
            in texts)
    assert texts[-1] == ("Undo of change 8 (Table 2, round 1: Eve did not show their bones "
                         "(The Play 10))")


def test_clock_stamps_each_change():
    times = iter(f"2025-03-0{i}T10:00" for i in range(1, 9))
    ev = mt(clock=lambda: next(times))
    ev.add_table(["Ann", "Bob"])
    assert [h["at"] for h in ev.history()] == ["2025-03-01T10:00", "2025-03-02T10:00"]
    assert loads(ev.dumps()).log == ev.log


# ---- the in-game score sheet uses the same code ---------------------------------------------


def test_match_sheet_has_the_shape_of_a_rally_sheet_with_a_G7_start():
    g = bones.new_game("mexican-train", seats=3, seed=5, options={"rounds": 3})
    rng = random.Random(2)
    joined = False
    while not g.match_over:
        moves = g.legal_moves()
        if not joined and JOIN_MOVE in moves:
            g.play(JOIN_MOVE)
            joined = True
            continue
        nxt = [m for m in moves if m.kind == NEXT]
        g.play(nxt[0] if nxt else rng.choice(moves))
    assert joined
    sh = match_sheet(g, ["Ann", "Bob", "Cy", "Dee"])
    ev_keys = set(small().sheet(1))
    assert set(sh) == ev_keys and set(sh["players"][0]) == set(small().sheet(1)["players"][0])
    dee = sh["players"][3]
    assert dee["late"] and dee["joined"] == 2 and dee["cells"][0]["mark"] == "not seated"
    assert dee["start"] == max(g.round_scores[0][:3])
    assert [p["total"] for p in sh["players"]] == g.totals
    assert [r["double"] for r in sh["rounds"]] == [9, 8, 7]
    assert sorted(p["place"] for p in sh["players"])[0] == 1


def test_match_sheet_all_fives_highest_wins():
    g = bones.new_game("all-fives", seats=2, seed=3)
    rng = random.Random(1)
    while not g.match_over:
        g.play(rng.choice(g.legal_moves()))
    sh = match_sheet(g)
    best = max(range(2), key=lambda s: g.totals[s])
    assert sh["winners"] == [f"Seat {best + 1}"] and not sh["lower_wins"]
    assert [p["total"] for p in sh["players"]] == g.totals


# ---- JSON and CSV --------------------------------------------------------------------------


def test_json_round_trip_keeps_the_whole_history():
    ev = small()
    ev.undo()
    back = loads(ev.dumps())
    assert back == ev and back.log == ev.log and back.history() == ev.history()
    assert loads(ev.dumps().encode("utf-8")) == ev


def test_csv_round_trip_gives_an_equal_event():
    ev = finished()
    p = ev.create_playoff(first_double=6, rounds=2)
    ev.enter_round(p, 1, [0, NO_SHOW, 10, 5])
    ev.rename(1, "Cy", "Cyrus")  # the playoff seat keeps the name it was given
    text = ev.to_csv()
    back = loads(text)
    assert back == ev and back.to_csv() == text
    assert loads(("\ufeff" + text).encode("utf-8")) == ev  # Excel's byte-order mark


def test_csv_layout():
    ev = small()
    lines = ev.to_csv().splitlines()
    assert lines[:7] == ["record,table,round,double,seat,player,points,total,info",
                         "format,,,,,,,,rally-dominoes-csv 2",
                         "event,,,,,,,,Spring Samboree", "game,,,,,,,,mexican-train",
                         "preset,,,,,,,,gs-mt", f"id,,,,,,,,{ev.id}", "round,,1,9,,,,,"]
    assert "player,1,2,,4,Fay,,25,late arrival (General 9)" in lines
    assert "score,1,2,8,2,Bob,22,22,no-show (The Play 10)" in lines
    assert "score,1,2,8,4,Fay,12,37," in lines


def test_a_csv_written_with_our_rule_ids_still_reads_G7_G10():
    """Files written before the sheets' own items were cited say "(G7)" and "(G10)"."""
    text = small().to_csv()
    old = text.replace("(General 9)", "(G7)").replace("(The Play 10)", "(G10)")
    assert old != text and loads(old) == small()


def test_a_hand_typed_csv_with_blank_derived_cells_is_read():
    text = "\n".join([
        "record,table,round,double,seat,player,points,total,info",
        "format,,,,,,,,rally-dominoes-csv 1", "event,,,,,,,,Club night",
        "game,,,,,,,,chicken-foot", "preset,,,,,,,,gs-cf",
        "round,,1,9", "round,,2,8",
        "table,1", "player,1,,,1,Ann", "player,1,,,2,Bob",
        "score,1,1,,1,,12", "score,1,1,,2,,0", "score,1,2,,1,Ann,,,no-show",
        "score,1,2,,2,Bob,4,,,,,"])
    ev = loads(text)
    assert [p["total"] for p in ev.sheet(1)["players"]] == [12 + 14, 4]


def csv_with(change: callable) -> str:
    lines = small().to_csv().splitlines()
    return "\r\n".join(change(lines))


def swap(old: str, new: str):
    def f(lines):
        assert old in lines, old
        return [new if x == old else x for x in lines]
    return f


BAD_CSV = [
    (swap("format,,,,,,,,rally-dominoes-csv 2", "format,,,,,,,,rally-dominoes-csv 3"),
     "line 2: this file is version 3; this scorekeeper reads versions 1 to 2"),
    (lambda ls: [x if not x.startswith("id,") else "id,,,,,,,,Z" for x in ls],
     "line 6: An event's id is ten hex digits, not 'Z'"),
    (lambda ls: [ls[0].replace(",total", "")] + ls[1:], "line 1: the header lacks the column"
                                                        r"\(s\) total"),
    (swap("score,1,1,9,1,Ann,10,10,", "score,1,1,9,1,Ann,-10,,"),
     "line 15: Points must be whole numbers 0 or more: '-10'"),
    (lambda ls: ls + ["score,1,1,9,1,Ann,10,,"], r"round 1 is entered twice for seat 1 \(line "
                                                 r"15\)"),
    (swap("score,1,1,9,1,Ann,10,10,", "score,1,1,9,1,Ann,10,11,"),
     "line 15: Ann's total after round 1 is 10, not 11"),
    (swap("score,1,2,8,2,Bob,22,22,no-show (The Play 10)",
          "score,1,2,8,2,Bob,20,,no-show (The Play 10)"),
     r"a no-show counts the highest score that round \+ 10: 22, not 20 \(The Play 10\)"),
    (swap("player,1,2,,4,Fay,,25,late arrival (General 9)",
          "player,1,2,,4,Fay,,20,late arrival (General 9)"),
     r"Fay joins with the table's highest total, 25, not 20 \(General 9\)"),
    (swap("score,1,1,9,2,Bob,0,0,", "score,1,1,9,2,Rob,0,0,"), "seat 2 at Table 1 is 'Bob', "
                                                               "not 'Rob'"),
    (lambda ls: [x for x in ls if x != "score,1,1,9,2,Bob,0,0,"], r"no points for Bob"),
    (swap("game,,,,,,,,mexican-train", "game,,,,,,,,all-fives"), "All Fives"),
    (swap("game,,,,,,,,mexican-train", "game,,,,,,,,"), r"line \d+: no game called ''"),
    (swap("game,,,,,,,,mexican-train", "game,,,,,,,,dominoes"),
     r"line \d+: no game called 'dominoes': choose one of mexican-train"),
    (swap("round,,2,8,,,,,", "round,,2,X,,,,,"), "the double must be a whole number"),
    (lambda ls: ls + ["gossip,1"], "unknown record 'gossip'"),
    (lambda ls: [x for x in ls if not x.startswith("preset")], "no 'preset' record"),
    (lambda ls: ls + ["score,1,9,,1,Ann,10,,"],
     "Table 1 plays rounds 1 to 3, not 9"),
    (lambda ls: ls[:1], "first record must be 'format'"),
]


@pytest.mark.parametrize("change, msg", BAD_CSV)
def test_a_bad_csv_is_refused_with_the_line_and_what_is_wrong(change, msg):
    with pytest.raises(RallyError, match=msg):
        loads(csv_with(change))


def bad_json(**changes) -> str:
    d = small().to_json()
    d.update(changes)
    return json.dumps(d)


def with_change(i: int, **fields) -> str:
    d = small().to_json()
    d["log"][i].update(fields)
    return json.dumps(d)


BAD_JSON = [
    (bad_json(version=4), "version 4; this scorekeeper reads versions 1 to 3 .*newer"),
    (bad_json(format="something"), "not a Rally Dominoes event"),
    (bad_json(log=[]), "no changes"),
    (small().dumps()[:-40], "This file is not valid JSON"),
    (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "not text"),
    ("[1, 2, 3]", "not a Rally Dominoes event"),
    (with_change(3, points=[10, 0, -25]), "change 4: Points must be whole numbers"),
    (with_change(5, op="enter", round=1, table="1", points=[1, 2, 3]),
     "change 6 .*unknown field 'name'"),
    (with_change(6, round=1), "change 7: .*round 1 is already entered"),
    (with_change(2, n=7), "change 3 is numbered 7"),
    (with_change(1, op="fly"), "unknown kind 'fly'"),
    (with_change(0, op="undo", change=1), "change 1"),
]


@pytest.mark.parametrize("text, msg", BAD_JSON)
def test_a_bad_json_file_is_refused_saying_what_is_wrong(text, msg):
    with pytest.raises(RallyError, match=msg):
        loads(text)


def test_a_failed_import_touches_nothing_already_entered():
    ev = small()
    before, log = ev.state(), ev.log
    for text in [small().dumps()[:-5], "record,table\n", b"\xff\x00"]:
        with pytest.raises(RallyError):
            loads(text)
    assert ev.state() == before and ev.log == log


def test_print_data_is_plain():
    sheets = small().sheets()
    assert json.loads(json.dumps(sheets)) == sheets
    st = small().standings()
    assert json.loads(json.dumps(st)) == st


def test_S6_namesakes_from_two_tables_are_told_apart_in_the_playoff():
    ev = Event.create("A", "mexican-train", "st-mt", rounds=1)
    ev.add_table(["Ann", "Bob"])
    ev.add_table(["ann", "Cy"])
    ev.enter_round(1, 1, [0, 5])
    ev.enter_round(2, 1, [0, 5])
    p = ev.create_playoff(first_double=12, rounds=1)
    assert ev.seated(p, 1) == ["Ann (Table 1)", "ann (Table 2)"]
    assert loads(ev.to_csv()) == ev

"""House rules (bones.house): every setting's values accepted or refused in plain words,
impossible combinations refused with their field, files, codes and saves read back exactly
or refused, and random games under random house rules keeping every invariant of the
conformance test, played by random moves and by the computer players.
"""

from __future__ import annotations

import dataclasses
import doctest
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
import bones.house
from bones import ai
from bones.errors import OptionError
from bones.games import game, games, presets_of
from bones.house import HouseRules, HouseRulesError, players_words, same_name
from bones.house_settings import CHOICE, NUMBER, SIZES, TOGGLE, catalogue, per_seats
from bones.moves import NEXT
from bones.rally import Event, RallyError, loads, match_sheet
from bones.rally.sync import Merge, TableDevice, handout
from bones.rally.wire import decode, encode
from invariants import (
    assert_illegal_refused,
    assert_json_round_trip,
    assert_legal_moves_accepted,
    assert_over_only_when_it_should_be,
    assert_tiles_conserved,
    illegal_candidates,
)

BASES = [(g.id, p) for g in games() for p in presets_of(g.id)]
SETTINGS = [(gid, p, s) for gid, p in BASES for s in catalogue(gid)]


def _sid(case) -> str:
    return case.field if hasattr(case, "field") else str(case)


def test_the_doctests_and_the_example_in_the_docs():
    assert doctest.testmod(bones.house).failed == 0
    h = HouseRules("Sun Lakes Tuesday", "gs-mt", {"first_double": 6, "rounds": 7})
    assert h.title == "House rules: Sun Lakes Tuesday (from Good Sam's Mexican Train)"
    assert h.options().first_double == 6 and h.options().rounds == 7
    assert h.options().set_high == bones.PRESETS["gs-mt"].options.set_high
    assert h.file_name() == "sun-lakes-tuesday.house.json"


# ---- every value of every setting ------------------------------------------------------------
def _values(s, options) -> list:
    """Every value a setting allows with these options (numbers: the ends and a middle)."""
    if s.control in (CHOICE, TOGGLE):
        return list(s.allowed(options))
    if s.control == NUMBER:
        return [s.low, (s.low + s.high) // 2, s.high]
    seats = list(per_seats(options))
    return [dict.fromkeys(seats, t) for t in (s.low, 7, s.high)]


def _refused_values(s, options) -> list:
    if s.control == NUMBER:
        return [s.low - 1, s.high + 1, 2.5, "seven", None, True, [3]]
    if s.control == SIZES:
        seats = list(per_seats(options))
        return [dict.fromkeys(seats, s.high + 1), {seats[0]: 7}, dict.fromkeys(seats, 0),
                "12", [[2]], dict.fromkeys(seats, "many")]
    if s.doubles:
        return [-1, 19, "6-6", 1.5, True]
    return ["sometimes", 3.5, None, [1]]


@pytest.mark.parametrize(("game_id", "base", "s"), SETTINGS, ids=_sid)
def test_every_allowed_value_is_taken_and_said(game_id, base, s):
    """A value the catalogue allows is taken (as itself and, for numbers, as a form's
    text); the rules either play or say why not, naming a field, and any change from
    the sheet is listed in words."""
    h = HouseRules("Club", base)
    for v in _values(s, h.options()):
        try:
            h2 = h.with_change(s.field, v)
        except HouseRulesError as e:
            # only a double outside this set, or a size the set cannot deal, is refused
            assert e.field == s.field and str(e)
            continue
        if s.control == NUMBER:
            assert h.with_change(s.field, f" {v} ") == h2
        assert h2.value(s.field) == h2.options().__getattribute__(s.field)
        changed = [c.field for c in h2.differences()]
        assert changed in ([], [s.field])
        for p in h2.problems():
            assert p.message.endswith(".") and p.field in {x.field for x in catalogue(game_id)}
        if h2.ready:
            assert h2.seats, "ready rules are played by some number of players"
            h2.check()
            words = h2.sheet_words()["changes"]
            assert len(words) == len(changed)
        else:
            with pytest.raises(HouseRulesError) as e:
                h2.check()
            assert e.value.field in {x.field for x in catalogue(game_id)}


@pytest.mark.parametrize(("game_id", "base", "s"), SETTINGS, ids=_sid)
def test_every_value_out_of_range_is_refused_in_words(game_id, base, s):
    h = HouseRules("Club", base)
    for v in _refused_values(s, h.options()):
        with pytest.raises(HouseRulesError) as e:
            h.with_change(s.field, v)
        assert e.value.field == s.field
        assert s.label in str(e.value) or "double" in str(e.value), str(e.value)
        assert "Traceback" not in str(e.value) and len(str(e.value)) < 400
        with pytest.raises(HouseRulesError):  # the same from a file
            HouseRules("Club", base, {s.field: v})


def test_a_change_back_to_the_sheet_is_no_change():
    h = HouseRules("Club", "gs-mt", {"rounds": 10, "set_high": 12})
    assert h.changes == () and h.differences() == []
    h = HouseRules("Club", "gs-mt").with_change("rounds", 7).with_change("rounds", "10")
    assert h.changes == ()
    assert HouseRules("Club", "gs-mt", {"rounds": 7}).without_change("rounds").changes == ()


def test_what_no_house_rule_may_change_is_refused():
    for field in ("seats", "preset", "reserve", "leader", "__class__"):
        with pytest.raises(HouseRulesError, match="cannot change"):
            HouseRules("Club", "gs-mt", {field: 1})
    with pytest.raises(HouseRulesError, match="no sheet called"):
        HouseRules("Club", "no-such-sheet")
    with pytest.raises(HouseRulesError, match="changed twice"):
        HouseRules("Club", "gs-mt", [("rounds", 7), ("rounds", 8)])


# ---- combinations that cannot be played --------------------------------------------------------
def test_an_impossible_combination_names_its_field_and_reason():
    # a double-9 set has no 12-12 to start from, whatever the table
    h = HouseRules("Club", "gs-mt", {"set_high": 9, "first_double": 12})
    assert not h.ready and h.seats == ()
    p = h.refusals()[0]
    assert p.field == "first_double" and p.seats == ()
    assert p.message == ("The first round's double, 12-12, is not in a double-9 set: "
                         "choose 0-0 to 9-9.")
    with pytest.raises(HouseRulesError, match="double-9") as e:
        h.check()
    assert e.value.field == "first_double"
    assert h.editor()["ready"] is False
    assert [r["problem"] for r in h.form() if r["field"] == "first_double"] == [p.message]
    with pytest.raises(HouseRulesError):
        bones.new_game("mexican-train", seats=2, house=h)
    with pytest.raises(HouseRulesError):
        h.to_dict()  # nothing that cannot be played is saved


def test_a_combination_some_tables_cannot_play_names_them():
    h = HouseRules("Club", "gs-mt", {"set_high": 9})  # 12 each: 4 players at most
    assert h.ready and h.seats == (2, 3, 4) and h.players == "2 to 4 players"
    limits = [p for p in h.problems() if p.seats]
    assert {p.seats for p in limits} == {(5,), (6,), (7,), (8,)}
    assert all(p.field == "hand_sizes" and "tiles or fewer" in p.message for p in limits)
    bones.new_game("mexican-train", seats=4, house=h)
    with pytest.raises(OptionError, match="5 players with 12 tiles each"):
        bones.new_game("mexican-train", seats=5, house=h)


def test_the_first_double_must_be_in_the_set():
    h = HouseRules("Club", "gs-mt", {"first_double": 15})
    assert not h.ready and h.refusals()[0].field == "first_double"
    assert "not in a double-12 set" in h.refusals()[0].message
    assert HouseRules("Club", "gs-mt", {"set_high": 15, "first_double": 15}).ready


def test_the_name_is_checked():
    assert HouseRules("", "gs-mt").refusals()[0].field == "name"
    assert "Give the house rules a name" in HouseRules("", "gs-mt").refusals()[0].message
    assert not HouseRules("x" * 41, "gs-mt").ready
    assert not HouseRules("Tab\u200bhere", "gs-mt").ready
    assert not HouseRules("good sam's mexican train", "gs-mt").ready
    assert HouseRules("  Sun   Lakes  ", "gs-mt").name == "Sun Lakes"
    assert same_name(HouseRules("Sun Lakes", "gs-mt"), "sun  LAKES")


def test_players_words():
    assert players_words((2, 3, 4, 6)) == "2 to 4 and 6 players"
    assert players_words((2, 3)) == "2 and 3 players"
    assert players_words(()) == "no number of players"


def test_the_editor_and_the_rules_panel_show_the_changes():
    h = HouseRules("Club", "gs-mt", {"rounds": 7, "open_train_penalty": 10})
    ed = h.editor()
    assert ed["ready"] and ed["title"] == h.title
    assert [r["field"] for r in ed["settings"]] == [s.field for s in catalogue(h.game)]
    assert {r["field"] for r in ed["settings"] if r["changed"]} == {"rounds",
                                                                    "open_train_penalty"}
    json.dumps(ed)  # plain data a page can take
    panel = h.rules_panel()
    assert any(r["rule"] == "G5" and "Rounds: 7 (the sheet: 10)" in r["changes"]
               for r in panel)
    assert all(r["rule"] for r in panel)  # both changes stand on a rule of the sheet


# ---- editions, files, codes --------------------------------------------------------------
def test_an_edition_counts_changes_that_play_differently():
    old = HouseRules("Club", "gs-mt", {"rounds": 7})
    assert old.named("Club Tuesday").edited_from(old).edition == 1
    new = old.with_change("rounds", 8).edited_from(old)
    assert new.edition == 2 and new.edited_from(new).edition == 2


def test_file_and_code_read_back_exactly():
    h = HouseRules("Sun Lakes Tuesday", "gs-mt",
                   {"first_double": 6, "rounds": 7, "hand_sizes": dict.fromkeys(range(2, 9), 10)},
                   edition=3)
    assert HouseRules.read(h.dumps()) == h
    assert HouseRules.read(h.dumps().encode()) == h
    assert HouseRules.read(h.to_code()) == h
    assert h.to_code().startswith("RDR1:")


@pytest.mark.parametrize(("text", "says"), [
    ("", "not house rules that this page can read: it may be damaged"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, }',
     "not house rules that this page can read: it may be damaged"),
    ("[1, 2]", "not house rules"),
    ('{"format": "rally-dominoes-table-device", "version": 1}', "not house rules"),
    ('{"format": "rally-dominoes-house-rules", "version": 2, "name": "A", "base": "gs-mt",'
     ' "edition": 1, "changes": {}}', "version 2; this page reads version 1 (update"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-mt",'
     ' "edition": 1}', "changes"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-mt",'
     ' "edition": 1, "changes": {"rounds": 7}, "extra": 1}', "extra"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "zz",'
     ' "edition": 1, "changes": {}}', "no sheet called 'zz'"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-mt",'
     ' "edition": 0, "changes": {}}', "edition"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-mt",'
     ' "edition": 1, "changes": []}', "record of setting"),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-mt",'
     ' "edition": 1, "changes": {"first_double": 15}}', "not in a double-12 set"),
    ("[" * 500, "it may be damaged"),
    ("x" * 100_000, "This file is 100,000 characters; a house-rules file is at most 4,000."),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-mt",'
     ' "edition": 1, "changes": {"rounds": "7"}}',
     'Rounds is written as the text "7"; a house rules file gives it as a number'),
    ('{"format": "rally-dominoes-house-rules", "version": 1, "name": "A", "base": "gs-cf",'
     ' "edition": 1, "changes": {"hand_sizes": {"4": " 9"}}}', "Tiles each is written as"),
    ("RDR1:%%%", "damaged"),
    ("RDH1:00", "hand-out, not a house rule set"),
    ("RDR9:00", "version 9"),
])
def test_a_corrupt_or_unknown_file_is_refused_in_plain_words(text, says):
    with pytest.raises(HouseRulesError) as e:
        HouseRules.read(text)
    assert says.lower() in str(e.value).lower(), str(e.value)
    assert "Expecting" not in str(e.value) and "column" not in str(e.value)


def test_a_file_s_size_is_said_as_it_is_whatever_its_letters():
    """The characters a person's file has, not the bytes read of it: 200,157 of them,
    some taking two bytes (é)."""
    text = "é" * 100_000 + "x" * 100_157
    for data in (text, text.encode()):
        with pytest.raises(HouseRulesError) as e:
            HouseRules.read(data)
        assert str(e.value) == ("This file is 200,157 characters; a house-rules file is at "
                                "most 4,000.")


def test_numbers_as_text_are_taken_from_a_form_not_from_a_file():
    h = HouseRules("A", "gs-mt").with_change("rounds", "7")  # a form's box gives text
    assert h.value("rounds") == 7
    assert HouseRules.read(h.dumps()).value("rounds") == 7
    assert HouseRules.read(h.to_code()).value("rounds") == 7


# ---- in games and saves ------------------------------------------------------------------------
def test_a_game_by_house_rules_is_saved_with_them_and_replays_the_same():
    h = HouseRules("Short Game", "gs-mt", {"first_double": 6, "rounds": 7,
                                            "open_train_penalty": 15})
    g = bones.new_game("mexican-train", seats=4, house=h, seed=5)
    assert g.house == h and g.preset == "gs-mt" and g.options.round_double(1) == 6
    rng = random.Random(5)
    while not g.round_over:
        g.play(rng.choice(g.legal_moves()))
    save = bones.to_json(g)
    assert save["house"] == h.to_dict()
    again = bones.loads(bones.dumps(g))
    assert again == g and again.house == h and again.round_scores == g.round_scores
    # a later edition of the rules changes nothing in the saved game
    later = h.with_change("open_train_penalty", 50).edited_from(h)
    assert later.edition == 2
    assert bones.loads(bones.dumps(g)).house.to_dict() == h.to_dict()


def test_the_open_train_penalty_is_added_to_open_trains_only():
    h = HouseRules("Open Trains Cost", "gs-mt", {"open_train_penalty": 20})
    for seed in range(40):
        g = bones.new_game("mexican-train", seats=4, house=h, seed=seed)
        plain = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=seed)
        rng = random.Random(seed)
        while not g.round_over:
            m = rng.choice(g.legal_moves())
            g.play(m)
            plain.play(m)
        want = [v + 20 if g.markers[s] and s != g.out else v
                for s, v in enumerate(plain.round_scores[-1])]
        assert g.round_scores[-1] == want
        if any(g.markers[s] and s != g.out for s in range(4)):
            return
    raise AssertionError("no round in 40 ended with an open train")


def test_a_save_with_corrupt_house_rules_is_refused():
    h = HouseRules("Club", "gs-mt", {"rounds": 7})
    g = bones.new_game("mexican-train", seats=3, house=h, seed=1)
    g.play(g.legal_moves()[0])
    good = bones.to_json(g)
    for house, says in [({"name": "Club", "base": "gs-mt", "edition": 1,
                          "changes": {"rounds": 700}}, "rounds"),
                        ({"name": "Club", "base": "gs-mt", "edition": 1,
                          "changes": {"jokers": 2}}, "cannot change"),
                        ("Club", "not a record"),
                        ({"name": "", "base": "gs-mt", "edition": 1, "changes": {}}, "name"),
                        ({"name": "Club", "base": "gs-cf", "edition": 1, "changes": {}},
                         "chicken-foot")]:
        bad = {**good, "house": house}
        with pytest.raises(bones.BadSave) as e:
            bones.from_json(bad)
        assert says.lower() in str(e.value).lower(), str(e.value)
    # options that contradict the house rules are refused too
    with pytest.raises(bones.BadSave, match="house rules 'Club' play 7"):
        bones.from_json({**good, "options": {**good["options"], "rounds": 9}})


def test_house_rules_and_options_agree():
    h = HouseRules("Club", "gs-mt", {"rounds": 7})
    with pytest.raises(ValueError, match="play 7"):
        bones.new_game("mexican-train", seats=2, house=h, options={"rounds": 8})
    with pytest.raises(ValueError, match="start from the sheet 'gs-mt'"):
        bones.new_game("mexican-train", seats=2, house=h, preset="st-mt")
    with pytest.raises(ValueError, match="are for mexican-train"):
        bones.new_game("chicken-foot", seats=2, house=h)
    # All Fives: who leads is the table's, not the house's
    af = HouseRules("Club", "gs-af", {"target": 100})
    g = bones.new_game("all-fives", seats=3, house=af, options={"leader": 2})
    assert g.options.leader == 2 and g.options.target == 100


def test_a_save_without_house_rules_is_written_as_before():
    g = bones.new_game("mexican-train", seats=3, preset="gs-mt", seed=1)
    save = bones.to_json(g)
    assert "house" not in save and "open_train_penalty" not in save["options"]


# ---- random house rules played through ---------------------------------------------------------
@st.composite
def house_rules(draw, game_id: str | None = None) -> HouseRules:
    """House rules on a random sheet, each setting left alone or set to a value the
    catalogue allows; only rules that some table can play."""
    bases = [b for b in BASES if game_id is None or b[0] == game_id]
    gid, base = draw(st.sampled_from(bases), label="sheet")
    h = HouseRules("Random Club", base)
    for s in catalogue(gid):
        if not draw(st.booleans(), label=f"change {s.field}"):
            continue
        opts = h.options()
        if s.control == NUMBER:
            v = draw(st.integers(s.low, min(s.high, s.low + 30) if s.field == "target"
                                 else s.high), label=s.field)
            if s.field == "rounds":
                v = draw(st.integers(1, 4), label="rounds")  # short enough to play through
            if s.field == "target":
                v = draw(st.sampled_from([s.low, 25, 61, 100]), label="target")
        elif s.control == SIZES:
            v = {n: draw(st.integers(s.low, 12), label=f"{n} players")
                 for n in per_seats(opts)}
        else:
            v = draw(st.sampled_from(list(s.allowed(opts))), label=s.field)
        try:
            h = h.with_change(s.field, v)
        except HouseRulesError:
            pass  # a double not in the set chosen: a form would not offer it
    if not h.ready:
        from hypothesis import assume
        assume(False)
    return h


def _play_round(g, rng, full, targets, every: int) -> None:
    n = 0
    while not g.round_over:
        assert_tiles_conserved(g, full)
        if n % every == 0:
            assert_legal_moves_accepted(g)
            assert_illegal_refused(g, illegal_candidates(g, rng, full, targets))
        g.play(rng.choice(g.legal_moves()))
        assert_over_only_when_it_should_be(g)
        n += 1
        if n % 23 == 0:
            assert_json_round_trip(g)
    assert_tiles_conserved(g, full)
    assert_json_round_trip(g)


def _start(h: HouseRules, data) -> tuple:
    """A match by ``h`` at a table it suits, its seed and its full set."""
    seats = data.draw(st.sampled_from(h.seats), label="seats")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    g = bones.new_game(h.game, seats=seats, house=h, seed=seed)
    assert g.options == h.options() and g.house == h
    return g, seed, bones.full_set(game(h.game).set_high(g.options))


@settings(max_examples=60)
@given(h=house_rules(), data=st.data())
def test_random_house_rules_keep_every_invariant(h, data):
    g, seed, full = _start(h, data)
    _play_round(g, random.Random(seed), full, list(range(-2, g.seats + 8)), every=3)
    assert bones.loads(bones.dumps(g)).house == h


@settings(max_examples=12)
@given(h=house_rules(), data=st.data())
def test_random_house_rules_play_a_whole_match_that_replays_exactly(h, data):
    g, seed, full = _start(h, data)
    fresh = g.clone()
    rng = random.Random(seed)
    for _ in range(5000):
        moves = g.legal_moves()
        if not moves:
            break
        nxt = [m for m in moves if m.kind == NEXT]
        g.play(nxt[0] if nxt and rng.random() < 0.9 else rng.choice(moves))
        if g.round_over:
            assert_tiles_conserved(g, full)
    assert g.match_over, "the match did not end"
    again = bones.loads(bones.dumps(g))
    assert again == g and again.totals == g.totals
    while g.history:
        g.undo()
    assert g == fresh


@settings(max_examples=8)
@given(h=house_rules(), data=st.data())
def test_the_computer_players_play_any_house_rules_through(h, data):
    """Every level picks a legal move at every turn and the round ends."""
    g, seed, full = _start(h, data)
    levels = [ai.LEVELS[(seed + s) % len(ai.LEVELS)] for s in range(g.seats)]
    for n in range(2000):
        if g.round_over:
            break
        m = ai.choose(g, g.turn, levels[g.turn], seed=n, worlds=2)
        assert m in g.legal_moves()
        g.play(m)
    assert g.round_over, "the computer players stalled"
    assert_tiles_conserved(g, full)


# ---- rally events, hand-outs, CSV and score sheets ---------------------------------------------
SHORT = HouseRules("Sun Lakes Tuesday", "gs-mt",
                   {"first_double": 6, "rounds": 7, "late_arrivals": False})


def _rally(house: HouseRules = SHORT) -> Event:
    ev = Event.create("Spring Samboree", house.game, house=house)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.enter_round(1, 1, [10, 0, 25])
    return ev


def test_a_rally_event_is_scored_by_its_house_rules_and_carries_them():
    ev = _rally()
    assert ev.house == SHORT and ev.preset == "gs-mt"
    assert ev.state()["doubles"] == [6, 5, 4, 3, 2, 1, 0]  # 7 rounds from 6-6
    with pytest.raises(RallyError, match="House rules: Sun Lakes Tuesday .* no late arrivals"):
        ev.late_arrival(1, "Hal")
    saved = ev.to_json()
    # version 3: the event's random id is in its first change too
    assert saved["version"] == 3 and saved["log"][0]["house"] == SHORT.to_dict()
    again = loads(ev.dumps())
    assert again == ev and again.house == SHORT
    assert ev.sheet("1")["house"]["changes"] == [c.text for c in SHORT.differences()]
    assert "house rules 'Sun Lakes Tuesday'" in ev.history()[0]["text"]
    # an event by the sheet carries no house rules
    plain = Event.create("Spring Samboree", "mexican-train", "gs-mt")
    assert "house" not in plain.to_json()["log"][0]
    assert "house" not in plain.state() and plain.house is None


def test_an_event_refuses_house_rules_that_do_not_fit():
    with pytest.raises(RallyError, match="start from Good Sam's"):
        Event.create("E", "mexican-train", "st-mt", house=SHORT)
    with pytest.raises(RallyError, match="cannot be played: The first round's double"):
        Event.create("E", "mexican-train", house=HouseRules("X", "gs-mt",
                                                            {"set_high": 9,
                                                             "first_double": 12}))


@pytest.mark.parametrize(("house", "says"), [
    ({"name": "X", "base": "gs-mt", "edition": 1, "changes": {"rounds": 0}}, "Rounds"),
    ({"name": "X", "base": "gs-mt", "edition": 1, "changes": {"dice": 2}}, "cannot change"),
    ({"name": "X", "base": "st-mt", "edition": 1, "changes": {}}, "not the event's sheet"),
    ({"name": "X", "base": "gs-mt"}, "the event's house rules lacks its"),
    ("X", "bad 'house'"),
])
def test_an_event_file_with_corrupt_house_rules_is_refused(house, says):
    data = json.loads(_rally().dumps())
    data["log"][0]["house"] = house
    with pytest.raises(RallyError) as e:
        loads(json.dumps(data))
    assert says.lower() in str(e.value).lower(), str(e.value)


def test_a_hand_out_carries_the_house_rules_to_the_table():
    ev = _rally()
    dev = TableDevice.from_handout(handout(ev, 1))
    assert dev.event.house == SHORT and dev.event.state()["doubles"] == ev.state()["doubles"]
    with pytest.raises(RallyError, match="no late arrivals"):
        dev.event.late_arrival(1, "Hal")
    dev.event.enter_round(1, 2, [3, 4, 5])
    kept = TableDevice.loads(dev.dumps())
    assert kept.event == dev.event and kept.event.house == SHORT
    m = Merge(ev, dev.sheet())
    assert m.status == "clean"
    m.apply()
    assert ev.sheet("1")["players"][0]["total"] == 13


def test_a_hand_out_with_corrupt_house_rules_is_refused():
    body = decode(handout(_rally(), 1), "H")
    for house, says in [({**SHORT.to_dict(), "changes": {"rounds": 700}}, "Rounds"),
                        ({**SHORT.to_dict(), "base": "wc-mt"}, "not the event's sheet"),
                        ([1], "house rules")]:
        with pytest.raises(RallyError) as e:
            TableDevice.from_handout(encode("H", {**body, "h": house}))
        assert "hand-out" in str(e.value) and says.lower() in str(e.value).lower()


def test_a_csv_export_carries_the_house_rules_and_reads_back():
    ev = _rally()
    text = ev.to_csv()
    assert '\r\nhouse,,,,,,,,"{""name"": ""Sun Lakes Tuesday""' in text
    again = loads(text)
    assert again == ev and again.house == SHORT
    bad = text.replace('""rounds"": 7', '""rounds"": 0')
    with pytest.raises(RallyError, match="line 6.*Rounds"):
        loads(bad)


def test_a_match_sheet_names_the_house_rules():
    g = bones.new_game("mexican-train", seats=3, house=SHORT, seed=2)
    assert match_sheet(g)["house"]["title"] == SHORT.title
    assert "house" not in match_sheet(bones.new_game("mexican-train", seats=3, seed=2))


# ---- the options' own checks, below the catalogue ----------------------------------------------
@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_every_option_field_refuses_a_wrong_value_naming_it(game_id):
    """Whatever a caller passes (not only what the catalogue offers), a value the game
    cannot play is an OptionError: a sentence ending in a full stop, naming its field."""
    cls = game(game_id).match
    wrong = ["nonsense", -3, 10**6, 2.5, [[1]], {"a": 1}]
    for f in dataclasses.fields(cls.options_type):
        refused = 0
        for v in wrong:
            try:
                bones.new_game(game_id, seats=cls.min_seats, options={f.name: v}, seed=1)
            except OptionError as e:
                assert e.field == f.name and str(e).endswith("."), (f.name, v, str(e))
                refused += 1
        assert refused >= 4, f"{f.name} took {6 - refused} of {wrong}"

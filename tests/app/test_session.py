"""The table's session and screens, in CPython: what a player is shown and may do."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from html import escape, unescape

import pytest

import bones
from app.game.seats import BadName, Seat, clean_name, unique_names
from app.game.session import Session
from app.start import views as start_views
from app.table import dialog_views, felt, views
from bones.errors import BadSave
from bones.layout import layout_game
from bones.moves import PLAY
from bones.rulebook import cite


def layout(s, w=1000, h=560):
    names = [x.name for x in s.seats] + (["Mexican Train"]
                                         if s.game.game == "mexican-train" else [])
    return layout_game(s.game, width=w, height=h, names=names)


def test_quick_game_is_you_against_three_computers_by_good_sams_rules():
    s = Session.quick(seed=1)
    assert s.game.game == "mexican-train" and s.game.preset == "gs-mt"
    assert [x.kind for x in s.seats] == ["human", "computer", "computer", "computer"]
    assert s.humans == [0] and s.viewer() == 0


def test_names_are_trimmed_limited_and_told_apart():
    assert clean_name("  Ann \n Lee ", "X") == "Ann Lee"
    assert clean_name("\u0007", "Player 2") == "Player 2"
    with pytest.raises(BadName, match="longer than 20"):  # said, never cut
        clean_name("x" * 21, "X")
    assert unique_names(["Ann", "ann", "Bob", "Ann"]) == ["Ann", "ann 2", "Bob", "Ann 3"]
    s = Session.new("mexican-train", "gs-mt", [Seat("<b>Zoë</b>", "human"), Seat("")])
    assert s.seats[1].name == "Ann"
    html = views.whole_table(s, layout(s), selected=None)
    assert "<b>Zoë</b>" not in html and "&lt;b&gt;Zoë&lt;/b&gt;" in html


def test_status_line_says_what_is_expected():
    g_deal = {"hands": [["9-5", "5-5", "9-8", "12-12"], ["9-2", "5-4", "2-2"]], "first": 0}
    seats = [Seat("Ann", "computer"), Seat("Bob", "human")]
    s = Session.new("mexican-train", "gs-mt", seats, seed=1)
    s.game = bones.new_game("mexican-train", seats=2, seed=1, deal=g_deal)
    assert s.wording.status() == "Round 1: Ann plays first."  # the start is on the screen
    s.started = True
    assert s.wording.status() == "Ann is playing\N{HORIZONTAL ELLIPSIS}"
    for m in ("9-5@0", "9-2@1", "5-5@0"):
        s.play(m)
    assert s.wording.status().startswith("Ann is playing")
    s.play("9-8@M")
    assert s.wording.status() == "Your turn: satisfy the double 5-5 on Ann's train"
    # Player 1 keeps the form's name "You" when made a computer: plain English still.
    s = Session.new("mexican-train", "gs-mt", [Seat("You", "computer"), Seat("Bob", "human")],
                    seed=1)
    s.game = bones.new_game("mexican-train", seats=2, seed=1, deal=g_deal)
    assert s.wording.status() == "Round 1: You play first."
    s.started = True
    assert s.wording.status() == "You are playing\N{HORIZONTAL ELLIPSIS}"


def test_save_round_trip_and_bad_saves_say_what_is_wrong():
    s = Session.quick(seed=4)
    rng = random.Random(4)
    for _ in range(30):
        s.play(rng.choice(s.game.legal_moves()))
    again = Session.from_json(s.to_json())
    assert again.game == s.game and again.seats == s.seats and again.settings == s.settings
    with pytest.raises(BadSave, match="not valid JSON"):
        Session.from_json(s.to_json()[:-20])
    with pytest.raises(BadSave, match="another version"):
        Session.from_json(s.to_json().replace('"version":1', '"version":7', 1))
    with pytest.raises(BadSave, match="not a saved"):
        Session.from_json('{"format": "something else"}')
    tampered = s.to_json().replace('"moves":["', '"moves":["12-12@M","', 1)
    with pytest.raises(BadSave, match="move 1"):
        Session.from_json(tampered)


def test_hotseat_hides_each_hand_until_its_player_takes_the_screen():
    seats = [Seat("Ann", "human"), Seat("Bob", "human"), Seat("Cy", "computer")]
    s = Session.new("mexican-train", "gs-mt", seats, seed=8)
    s.started = True
    while s.game.turn == 2:
        s.play(s.game.legal_moves()[0])
    t = s.game.turn
    assert s.needs_handoff() and s.viewer() is None and s.my_moves() == ()
    html = views.whole_table(s, layout(s), selected=None)
    for hand in s.game.hands:
        for tile in hand:
            assert f">Domino {tile}," not in html
    assert f"Pass to {s.name(t)}" in dialog_views.handoff_dialog(s)
    s.take_seat()
    assert s.viewer() == t and s.my_moves() == s.game.legal_moves()
    html = views.whole_table(s, layout(s), selected=None)
    other = 1 - t
    assert all(f">Domino {x}," not in html for x in s.game.hands[other]
               if x not in s.game.hands[t])
    assert all(f">Domino {x}," in html for x in s.game.hands[t])


def test_hand_buttons_say_which_tiles_play_and_trains_light_up_for_the_selected():
    s = Session.quick(seed=2)
    s.started = True
    while s.game.turn != 0:
        s.play(s.game.legal_moves()[0])
    plays = [m for m in s.my_moves() if m.kind == PLAY]
    html = views.whole_table(s, layout(s), selected=None)
    for t in s.game.hands[0]:
        label = "playable" if any(m.tile == t for m in plays) else "not playable"
        assert f">Domino {t}, {label}</span>" in html
    assert 'role="button" tabindex="0" aria-label' not in html  # no tile chosen yet
    if plays:
        t = plays[0].tile
        html = views.whole_table(s, layout(s), selected=t)
        named = {unescape(n) for n in
                 re.findall(r'role="button" tabindex="0" aria-label="([^"]+)"', html)}
        want = {s.wording.target_label(m.target) for m in plays if m.tile == t}
        assert named == {w[:1].upper() + w[1:] for w in want}


def test_the_table_svg_is_well_formed_at_every_size_and_game():
    for game, seats in (("mexican-train", 8), ("chicken-foot", 4), ("all-fives", 4)):
        s = Session.new(game, bones.GAMES[game].default_preset,
                        [Seat(f"P{i}") for i in range(seats)], seed=3)
        rng = random.Random(3)
        for _ in range(60):
            if s.game.round_over:
                break
            s.play(rng.choice(s.game.legal_moves()))
        for w, h in ((1600, 800), (900, 560), (700, 520), (380, 420)):
            svg = felt.table_svg(s, layout(s, w, h), selected=None, targets=set())
            root = ET.fromstring(svg)
            assert len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='placed']")) \
                + len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='placed fresh']")) \
                == len(layout(s, w, h).tiles())


def test_start_form_keeps_seat_counts_inside_the_game_limits():
    f = start_views.StartForm()
    f.resize(12)
    assert len(f.seats) == 8
    f.set_game("all-fives")
    assert len(f.seats) == 4 and f.preset == "gs-af"
    f.resize(1)
    assert len(f.seats) == 2
    html = start_views.start_screen(f, can_resume=False)
    assert 'aria-label="Name of player 2"' in html and "Quick game" in html


def test_rules_panel_shows_every_rule_of_the_preset_where_its_sheet_has_it():
    for name, p in bones.PRESETS.items():
        html = dialog_views.rules_dialog(name)
        for rid in p.rules:
            assert f'<li data-rule="{rid}">' in html
            assert f'({escape(cite(rid, name), quote=True)})</span></li>' in html


def test_round_end_shows_every_hand_and_the_winners_say_ties():
    s = Session.quick(seed=5)
    rng = random.Random(5)
    while not s.game.round_over:
        s.play(rng.choice(s.game.legal_moves()))
    html = dialog_views.round_end_dialog(s)
    for hand in s.game.hands:
        for t in hand:
            assert f'aria-label="Domino {t.hi}-{t.lo}"' in html
    s.game.totals = [10, 10, 30, 40]
    assert s.wording.winners_text() == "Tied for 1st: You and Ann."
    s.game.totals = [10, 20, 20, 40]
    assert s.wording.winners_text() == "You win. Tied for 2nd: Ann and Bob."


def test_undo_my_move_takes_back_the_computer_moves_after_it():
    s = Session.quick(seed=6)
    rng = random.Random(6)
    while s.game.turn != 0:
        s.play(rng.choice(s.game.legal_moves()))
    before = s.game.clone()
    s.play(s.game.legal_moves()[0])
    while s.game.turn not in (0, None):
        s.play(rng.choice(s.game.legal_moves()))
    assert s.undo_my_move()
    assert s.game == before


def test_G7_a_late_arrival_takes_a_seat_between_rounds_with_the_highest_total():
    s = Session.quick(seed=9)
    rng = random.Random(9)
    while not s.game.round_over:
        s.play(rng.choice(s.game.legal_moves()))
    top = max(s.game.totals)
    s.join("  Zed  ", "computer", "easy")
    assert s.seats[-1] == Seat("Zed", "computer", "easy")
    assert s.game.seats == 5 and s.game.totals[-1] == top
    again = Session.from_json(s.to_json())
    assert again.seats == s.seats and again.game == s.game
    s.play("next")
    assert len(s.game.hands[4]) == 12


def test_round_end_offers_a_late_arrival_except_where_nobody_can_type_a_name():
    s = Session.quick(seed=5)
    rng = random.Random(5)
    while not s.game.round_over:
        s.play(rng.choice(s.game.legal_moves()))
    assert "A late arrival joins" in dialog_views.round_end_dialog(s)
    assert "A late arrival joins" not in dialog_views.round_end_dialog(s, can_join=False)


def test_the_start_screen_shows_the_double_twelve_drawn_from_the_engine():
    html = start_views.start_screen(start_views.StartForm(), can_resume=False)
    station = html[html.index('<div class="station"'):]
    svg = ET.fromstring(station[station.index("<svg"):station.index("</svg>") + 6])
    assert svg.get("data-tile") == "12-12"
    assert len(svg.findall(".//{http://www.w3.org/2000/svg}circle")) == 24


def test_table_layout_names_every_train_and_uses_big_tiles():
    # One layout for the table and the kiosk's attract screen (app.table.felt.table_layout).
    seats = [Seat("Ann", "human"), Seat("Bob", "computer", "normal")]
    s = Session.new("mexican-train", "gs-mt", seats, seed=3)
    lay = felt.table_layout(s, 1900, 1000)
    assert {t.name for t in lay.trains} == {"Ann", "Bob", "Mexican Train"}
    from bones.layout import layout_game

    small = layout_game(s.game, width=1900, height=1000)
    assert lay.scale > small.scale  # room on a big screen goes to bigger tiles
    again = felt.table_layout(s, 1900, 1000, prefer=lay.arrangement)
    assert again.arrangement == lay.arrangement


@pytest.mark.parametrize("game,preset,knocks", [("mexican-train", "gs-mt", True),
                                                ("chicken-foot", "gs-cf", True),
                                                ("all-fives", "gs-af", False)])
def test_the_knock_button_is_there_only_in_games_that_knock(game, preset, knocks):
    """G6 knocking is part of the train games; All Fives has none, so no dead button."""
    s = Session.new(game, preset, [Seat("Ann", "human"), Seat("Bob", "computer")], seed=2)
    html = views.actions_markup(s)
    assert ('aria-label="Knock"' in html) is knocks
    assert ">Pass" in html and ">Draw" in html


def test_hint_words_are_advice_for_every_kind_of_move():
    """The hint line tells the player what to do, never what someone did."""
    from bones.moves import CALL, DRAW, KNOCK, NEXT, PASS, Move

    s = Session.new("mexican-train", "gs-mt", [Seat("Ann", "human"), Seat("Bob")], seed=3)
    play = next(m for m in s.game.legal_moves() if m.kind == PLAY)
    assert s.wording.hint_words(play).startswith(f"play {play.tile} on ")
    assert s.wording.hint_words(Move(DRAW)) == "draw a tile"
    assert s.wording.hint_words(Move(PASS)) == "pass and put up your marker"
    assert s.wording.hint_words(Move(KNOCK)).startswith("knock")
    assert s.wording.hint_words(Move(CALL, None, 1)) == "catch Bob not knocking"
    assert s.wording.hint_words(Move(NEXT)) == "start the next round"
    cf = Session.new("chicken-foot", "gs-cf", [Seat("Ann", "human"), Seat("Bob")], seed=3)
    assert cf.wording.hint_words(Move(PASS)) == "pass"

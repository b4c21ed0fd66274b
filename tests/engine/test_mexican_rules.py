"""Mexican Train against the sheets: one test (or more) per rule ID of
docs/rules.md (G*, M* for GS-MT, S* for ST-MT, C* for WC-MT)."""

from __future__ import annotations

import random

import pytest

import bones
from bones import MEXICAN, IllegalMove
from bones.tiles import full_set, tile
from mtdeals import mt, plays, tile_plays, tiles


def random_match(preset="gs-mt", seats=4, seed=1, **options):
    g = bones.new_game("mexican-train", seats=seats, preset=preset, seed=seed,
                       options=options or None)
    rng = random.Random(seed)
    while g.legal_moves():
        moves = [m for m in g.legal_moves() if m.kind != "join"]
        g.play(rng.choice(moves))
    return g


# ---- shared Good Sam's rules ---------------------------------------------------------------
def test_G1_lowest_total_wins_and_every_round_is_recorded():
    g = random_match(rounds=3)
    assert len(g.round_scores) == 3
    assert g.totals == [sum(r[s] for r in g.round_scores) for s in range(4)]
    place, seat, total = g.standings()[0]
    assert place == 1 and total == min(g.totals)


def test_G2_one_double_twelve_set_per_table():
    g = bones.new_game("mexican-train", seats=6, preset="gs-mt", seed=3)
    assert sorted(g.all_tiles()) == sorted(full_set(12))
    assert len(g.all_tiles()) == 91


def test_G3_highest_drawn_bone_plays_first_ties_draw_again():
    for seed in range(40):
        g = bones.new_game("mexican-train", seats=6, preset="gs-mt", seed=seed)
        last = g.first_draw[-1]
        best = max(t.pips for _s, t in last)
        assert [s for s, t in last if t.pips == best] == [g.first_seat]
        for earlier in g.first_draw[:-1]:  # a tie at the top sent those players again
            top = max(t.pips for _s, t in earlier)
            assert sum(t.pips == top for _s, t in earlier) > 1
        assert g.leader == g.first_seat == g.turn


def test_G4_first_player_moves_one_seat_clockwise_each_round():
    g = mt(["9-1", "9-2", "9-3"], first=2)
    leaders = [g.leader]
    for _ in range(3):
        while not g.round_over:
            g.play(g.legal_moves()[0])
        g.play("next")
        leaders.append(g.leader)
    assert leaders == [2, 0, 1, 2]


def test_G5_play_begins_with_double_nines_then_down_one():
    g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=5)
    doubles = []
    while g.legal_moves():
        doubles.append(g.hub)
        while not g.round_over:
            g.play(g.legal_moves()[0])
        if g.legal_moves():
            g.play("next")
    assert doubles == [tile(d, d) for d in range(9, -1, -1)]


def test_G6_knocking_is_a_courtesy_with_no_penalty():
    g = mt(["9-1 1-2", "9-3 3-4 4-5"])
    g.play("9-1@0")  # down to one bone, no knock
    assert not any(m.kind == "call" for m in g.legal_moves())
    with pytest.raises(IllegalMove, match="G6"):
        g.play("call@0")
    h = mt(["9-1 1-2", "9-3 3-4 4-5"])
    assert "knock" in plays(h)  # the courtesy is still there to make
    h.play("knock")
    h.play("9-1@0")
    assert h.turn == 1


def test_G7_late_arrival_joins_next_round_with_the_highest_total():
    g = mt(["9-1", "9-2 2-3", "9-4 12-12"])
    g.play("9-1@0")  # seat 0 goes out
    assert g.round_over and g.round_scores[-1] == [0, 16, 37]
    assert "join" in plays(g)
    with pytest.raises(IllegalMove, match="G7"):
        bones.new_game("mexican-train", seats=3, seed=1).play("join")
    g.play("join")
    assert g.seats == 4 and g.totals == [0, 16, 37, 37]
    assert g.round_scores[-1] == [0, 16, 37, None]
    g.play("next")
    assert len(g.hands) == 4 and len(g.hands[3]) == 12


def test_G8_starting_double_is_placed_face_up_before_the_deal():
    g = bones.new_game("mexican-train", seats=6, preset="gs-mt", seed=11)
    assert g.hub == tile(9, 9)
    assert all(tile(9, 9) not in h for h in g.hands) and tile(9, 9) not in g.boneyard


def test_G9_round_ends_when_a_player_goes_out():
    g = mt(["9-1", "9-2 2-3"])
    g.play("9-1@0")
    assert g.round_over and g.out == 0 and not g.blocked
    assert g.legal_moves() == (bones.Move("next"), bones.Move("join"))


def test_G9_round_ends_when_boneyard_is_empty_and_nobody_can_play():
    g = mt(["12-11 10-10", "12-12 11-11"])
    g.boneyard.clear()  # nothing to draw (a tutorial-style position)
    g.play("pass")  # the engine looks at the position after each move: nobody can play
    assert g.round_over and g.blocked and g.out is None
    assert g.round_scores[-1] == [43, 46]


def test_G10_score_is_pips_in_hand_and_double_blank_counts_zero():
    g = mt(["9-1", "0-0 6-5 12-0"])
    g.play("9-1@0")
    assert g.round_scores[-1] == [0, 0 + 11 + 12]


def test_G10_double_blank_can_be_made_to_count():
    g = mt(["9-1", "0-0 6-5"], double_blank=50)
    g.play("9-1@0")
    assert g.round_scores[-1] == [0, 61]


def test_G11_two_lowest_totals_take_first_and_second_ties_shared():
    g = bones.new_game("mexican-train", seats=4, seed=1)
    g.totals = [30, 10, 10, 50]
    assert g.standings() == [(1, 1, 10), (1, 2, 10), (3, 0, 30), (4, 3, 50)]


# ---- GS-MT --------------------------------------------------------------------------------
def test_M1_twelve_bones_each():
    for seats in range(2, 8):
        g = bones.new_game("mexican-train", seats=seats, preset="gs-mt", seed=seats)
        assert [len(h) for h in g.hands] == [12] * seats


def test_M2_first_player_may_start_own_train_or_the_mexican_train():
    g = mt(["9-1 5-5", "9-2"])
    assert plays(g) >= {"9-1@0", "9-1@M"}


def test_M3_cannot_play_draw_one_still_cannot_marker_up():
    g = mt(["5-1", "9-2"], draws="6-6 7-7")
    assert plays(g) == {"draw"}
    with pytest.raises(IllegalMove, match="M3"):
        g.play("pass")
    g.play("draw")
    assert g.hands[0] == tiles("5-1 6-6")
    with pytest.raises(IllegalMove, match="M3"):
        g.play("draw")
    g.play("pass")
    assert g.markers == (True, False) and g.turn == 1


def test_M3_a_drawn_tile_that_plays_may_be_played():
    g = mt(["5-1", "9-2"], draws="9-6")
    g.play("draw")
    assert "9-6@0" in plays(g)


def test_M4_anyone_may_play_on_the_mexican_train_or_an_open_train():
    g = mt(["5-1 9-4", "9-2 1-1", "9-3"], draws="7-7")
    g.play("draw")
    g.play("pass")  # seat 0's marker goes up
    assert "9-2@0" in plays(g) and "9-2@M" in plays(g)
    with pytest.raises(IllegalMove, match="M4"):
        g.play("9-2@2")  # seat 2's train is private
    g.play("9-2@0")
    assert g.trains[0] == [(tile(9, 2), 2)]


def test_M4_owner_playing_on_own_train_takes_the_marker_down():
    g = mt(["5-1 9-4", "9-2 2-8"], draws="7-7 6-6")
    g.play("draw")
    g.play("pass")
    g.play("9-2@M")
    g.play("9-4@0")
    assert g.markers == (False, False)


def test_M5_a_double_obliges_another_tile_anywhere():
    g = mt(["9-5 5-5 9-8 3-3", "9-2 12-12"])
    g.play("9-5@0")
    g.play("9-2@1")
    g.play("5-5@0")
    assert g.turn == 0 and g.owe
    assert "9-8@M" in plays(g)  # not only on the double
    g.play("9-8@M")
    assert g.turn == 1 and g.pending == (0,)


def test_M5_draw_when_the_extra_tile_is_missing_then_marker():
    g = mt(["9-5 5-5 1-1", "9-2 12-12"], draws="11-11 10-10")
    g.play("9-5@0")
    g.play("9-2@1")
    g.play("5-5@0")
    assert plays(g) == {"draw"}
    g.play("draw")
    g.play("pass")
    assert g.markers[0] and g.turn == 1 and g.pending == (0,)


def test_M5_a_second_double_obliges_a_third_tile():
    g = mt(["9-5 5-5 9-7 7-7 7-1 3-3", "9-2 12-12"])
    g.play("9-5@0")
    g.play("9-2@1")
    g.play("5-5@0")
    g.play("9-7@M")
    assert g.turn == 1  # 9-7 was the extra tile; the turn ended
    g2 = mt(["9-5 5-5 5-7 7-7 7-1 3-3", "9-2 12-12"])
    g2.play("9-5@0")
    g2.play("9-2@1")
    g2.play("5-5@0")
    g2.play("5-7@0")  # covers its own double, turn over
    assert g2.turn == 1
    g3 = mt(["9-7 7-7 5-5 5-1 3-3", "9-5 12-12 2-2"])
    g3.play("9-7@0")
    g3.play("9-5@M")
    g3.play("7-7@0")
    g3.play("5-5@M")  # a double as the extra tile ...
    assert g3.turn == 0 and g3.owe  # ... obliges a third
    g3.play("5-1@M")
    assert g3.turn == 1 and g3.pending == (0,)


def test_M6_next_player_must_satisfy_the_double_even_on_a_private_train():
    g = mt(["9-5 5-5 9-8 12-12", "9-2 5-4 2-2"])
    g.play("9-5@0")
    g.play("9-2@1")
    g.play("5-5@0")
    g.play("9-8@M")
    assert tile_plays(g) == {"5-4@0"}  # seat 0's train is private, yet it is owed
    with pytest.raises(IllegalMove, match="M6"):
        g.play("2-2@1")
    g.play("5-4@0")
    assert g.pending == () and g.turn == 0


def test_M6_unable_to_satisfy_draws_then_passes_the_duty_on():
    g = mt(["9-5 5-5 9-8 12-12", "9-2 1-1", "9-3 5-6"], draws="11-11")
    g.play("9-5@0")
    g.play("9-2@1")
    g.play("9-3@2")
    g.play("5-5@0")
    g.play("9-8@M")
    assert plays(g) == {"draw"}
    g.play("draw")
    g.play("pass")
    assert g.turn == 2 and tile_plays(g) == {"6-5@0"}


def test_M6_the_last_double_played_is_satisfied_first():
    g = mt(["9-5 5-5 7-7 9-3 12-12", "9-7 7-1 5-6", "9-4 5-2"], draws="11-11")
    g.play("9-5@0")
    g.play("9-7@M")
    g.play("draw")  # seat 2 holds 9-4 but may draw (GS-MT does not forbid it) ...
    g.play("pass")  # ... and passes: its train is open
    g.play("5-5@0")
    g.play("7-7@M")  # a second double as the extra tile
    g.play("9-3@2")  # the third tile covers neither
    assert g.pending == (0, MEXICAN) and g.turn == 1
    assert tile_plays(g) == {"7-1@M"}
    with pytest.raises(IllegalMove, match="M6"):
        g.play("5-6@0")
    g.play("7-1@M")
    assert g.pending == (0,) and g.turn == 2
    assert tile_plays(g) == {"5-2@0"}


def test_M7_going_out_on_a_double_needs_no_satisfying():
    g = mt(["9-5 5-5", "9-2 12-12 11-11"])
    g.play("9-5@0")
    g.play("9-2@1")
    g.play("5-5@0")
    assert g.round_over and g.out == 0 and g.round_scores[-1] == [0, 24 + 22]


# ---- ST-MT --------------------------------------------------------------------------------
@pytest.mark.parametrize("seats,size", [(2, 12), (4, 12), (5, 10), (6, 10), (7, 8), (8, 8)])
def test_S1_hand_sizes_by_table_size(seats, size):
    g = bones.new_game("mexican-train", seats=seats, preset="st-mt", seed=seats)
    assert [len(h) for h in g.hands] == [size] * seats


def test_S2_four_rounds_from_double_twelve_down():
    g = bones.new_game("mexican-train", seats=4, preset="st-mt", seed=2)
    doubles = []
    while g.legal_moves():
        doubles.append(g.hub)
        while not g.round_over:
            g.play(g.legal_moves()[0])
        if g.legal_moves():
            g.play("next")
    assert doubles == [tile(12, 12), tile(11, 11), tile(10, 10), tile(9, 9)]
    assert g.match_over


def test_S3_tournament_double_is_already_in_place():
    g = bones.new_game("mexican-train", seats=5, preset="st-mt", seed=9)
    assert g.hub == tile(12, 12) and all(g.hub not in h for h in g.hands)


def test_S3_casual_holder_plays_it_else_draw_in_turn_from_last_winner():
    g = mt(["3-1 12-12 5-5", "12-4 6-6", "12-2"], preset="st-mt", start="holder")
    assert g.hub == tile(12, 12) and g.leader == 0 and tile(12, 12) not in g.hands[0]
    # Nobody holds it: players draw in turn, starting with the first seat, until it shows.
    h = mt(["3-1", "12-4", "12-2"], draws="1-1 2-2 3-3 12-12", preset="st-mt",
           start="holder", first=1)
    assert h.hub == tile(12, 12)
    assert h.setup_draws == [1, 2, 1] and h.leader == 1
    assert h.hands == [tiles("3-1 3-3"), tiles("12-4 1-1"), tiles("12-2 2-2")]


def test_S4_a_double_must_be_satisfied_on_itself_before_any_other_train():
    g = mt(["12-5 5-5 12-8 5-1", "12-2 5-4 2-3"], preset="st-mt")
    g.play("12-5@0")
    g.play("12-2@1")
    g.play("5-5@0")
    assert tile_plays(g) == {"5-1@0"}
    with pytest.raises(IllegalMove, match="S4"):
        g.play("12-8@M")
    g.play("5-1@0")
    assert g.turn == 1 and g.pending == ()


def test_S4_unable_to_honour_draws_then_marker_and_next_player_must_honour():
    g = mt(["12-5 5-5 12-8", "12-2 5-4 2-3"], draws="11-11", preset="st-mt")
    g.play("12-5@0")
    g.play("12-2@1")
    g.play("5-5@0")
    g.play("draw")
    g.play("pass")
    assert g.markers[0] and g.pending == (0,)
    assert tile_plays(g) == {"5-4@0"}  # 2-3 on his own train must wait
    with pytest.raises(IllegalMove, match="S4"):
        g.play("2-3@1")


def test_S5_tapping_on_the_last_domino_is_mandatory():
    g = mt(["12-1 1-2", "12-3 3-4 4-5"], preset="st-mt", draws="6-6 7-7 8-8")
    g.play("12-1@0")  # down to one, no tap
    assert "call@0" in plays(g)
    g.play("call@0")
    assert len(g.hands[0]) == 3 and g.hands[0][1:] == tiles("6-6 7-7")
    h = mt(["12-1 1-2", "12-3 3-4 4-5"], preset="st-mt")
    h.play("knock")
    h.play("12-1@0")
    assert not any(m.kind == "call" for m in h.legal_moves())


def test_S6_playoff_official_picks_starting_double_and_rounds():
    g = bones.new_game("mexican-train", seats=4, preset="st-mt", seed=4,
                       options={"first_double": 6, "rounds": 2})
    assert g.hub == tile(6, 6)
    while g.legal_moves():
        while not g.round_over:
            g.play(g.legal_moves()[0])
        if g.legal_moves():
            assert g.legal_moves()[0].kind == "next"
            g.play("next")
            assert g.hub == tile(5, 5)
    assert len(g.round_scores) == 2


# ---- WC-MT --------------------------------------------------------------------------------
@pytest.mark.parametrize("seats,size", [(2, 15), (4, 15), (5, 11), (6, 11), (7, 8), (8, 8)])
def test_C1_up_to_eight_players_fifteen_eleven_eight(seats, size):
    g = bones.new_game("mexican-train", seats=seats, preset="wc-mt", seed=seats)
    for s, hand in enumerate(g.hands):
        placed = 1 if s == g.leader else 0  # the holder put the starting double down
        assert len(hand) == size + g.setup_draws[s] - placed


def test_C2_the_set_highest_double_holder_leads():
    g = mt(["3-1 5-5", "12-4 6-6 12-12", "12-2"], preset="wc-mt")
    assert g.hub == tile(12, 12) and g.leader == 1 and g.turn == 1


def test_C2_or_the_highest_double_anyone_holds():
    g = mt(["3-1 5-5", "12-4 6-6", "12-2 8-8"], preset="wc-mt", start="highest")
    assert g.hub == tile(8, 8) and g.leader == 2
    h = mt(["3-1", "12-4", "12-2"], draws="1-2 4-4", preset="wc-mt", start="highest")
    assert h.hub == tile(4, 4) and h.leader == 1


def test_C3_a_player_who_can_play_must_play():
    g = mt(["12-1 3-4 12-12", "12-3"], preset="wc-mt")
    assert "draw" not in plays(g)
    with pytest.raises(IllegalMove, match="C3"):
        g.play("draw")
    gs = mt(["9-1 3-4", "9-3"], preset="gs-mt")
    assert "draw" in plays(gs)  # GS-MT is silent: holding is allowed


def test_a_pass_tells_the_others_only_what_the_rules_make_public():
    # Seat 0 holds nothing for the engine (9-9), draws, and passes: stuck with 4-6, by
    # choice with 9-6 (GS-MT: a drawn tile need not be played). Seat 1 cannot tell
    # the two apart, so it is told the same (``lacks``): nothing.
    seen = []
    for drawn in ("4-6", "9-6"):
        g = mt(["3-1 5-5", "12-3"], draws=drawn, preset="gs-mt")
        g.play("draw")
        g.play("pass")
        obs = g.observation(1)
        seen.append((obs["lacks"], obs["log"], obs["hand_sizes"], obs["markers"]))
    assert seen[0] == seen[1] and seen[0][0][0] == frozenset()
    # Where a player who can play must (C3, as WC-MT), the same pass proves seat 0
    # holds no 9.
    g = mt(["3-1 5-5", "12-3"], draws="4-6", preset="gs-mt", must_play=True)
    g.play("draw")
    g.play("pass")
    assert g.hub == tile(9, 9) and g.observation(1)["lacks"][0] == {9}


def test_C4_a_drawn_tile_that_fits_may_be_played_at_once():
    g = mt(["3-1 12-12", "12-3"], draws="12-6", preset="wc-mt")
    g.play("draw")
    assert "12-6@0" in plays(g)
    h = mt(["3-1 12-12", "12-3"], draws="12-6", preset="wc-mt", drawn_playable=False)
    h.play("draw")
    assert plays(h) == {"pass"}
    with pytest.raises(IllegalMove, match="C4"):
        h.play("12-6@0")


def test_C5_a_double_is_covered_in_the_same_turn_or_by_each_next_player():
    g = mt(["12-5 5-5 3-3 12-12", "12-2 4-4", "12-1 5-0"], draws="11-11 10-10",
           preset="wc-mt")
    g.play("12-5@0")
    g.play("12-2@1")
    g.play("12-1@2")
    g.play("5-5@0")
    assert g.turn == 0 and plays(g) == {"draw"}  # must cover now; draws one
    g.play("draw")
    g.play("pass")
    assert plays(g) == {"draw", "call@2"}  # seat 1 cannot cover: draws (or calls seat 2)
    g.play("draw")
    g.play("pass")
    assert plays(g) == {"5-0@0"}
    g.play("5-0@0")  # seat 2 goes out on it
    assert g.pending == ()


def test_C6_only_one_mexican_train_started_by_anyone_matching_the_centre():
    g = mt(["12-5 12-6 12-12", "12-2 2-9"], preset="wc-mt")
    g.play("12-5@M")
    assert g.trains[MEXICAN] == [(tile(12, 5), 5)]
    assert "12-2@M" not in plays(g)  # the Mexican Train now ends in 5
    assert all(m.target in (1, MEXICAN) for m in g.legal_moves() if m.kind == "play")


def test_C7_forgetting_to_knock_when_called_draws_two():
    g = mt(["12-1 1-2 12-12", "12-3 3-4 4-5"], preset="wc-mt", draws="6-6 7-7 8-8")
    g.play("12-1@0")
    g.play("call@0")
    assert g.hands[0] == tiles("1-2 6-6 7-7") and len(g.boneyard) == 91 - 6 - 2
    with pytest.raises(IllegalMove, match="C7"):
        g.play("call@0")  # once only


def test_C8_blocked_round_blanks_score_25_and_double_blank_50():
    g2 = mt(["12-12 11-0 10-10", "0-0 11-11"], preset="wc-mt")
    g2.boneyard.clear()
    g2.play("pass")
    assert g2.blocked and g2.round_scores[-1] == [11 + 25 + 20, 50 + 22]
    g3 = mt(["11-0 10-10", "0-0 11-11"], preset="gs-mt", first_double=12)
    g3.boneyard.clear()
    g3.play("pass")
    assert g3.round_scores[-1] == [11 + 20, 0 + 22]  # other sheets: pips only


def test_G9_a_double_played_this_turn_means_the_table_is_not_blocked():
    g = mt(["9-4 12-11 5-3", "9-5 5-5 12-10"])
    g.boneyard.clear()
    g.play("9-4@0")
    g.play("9-5@1")
    g.play("pass")  # seat 0 is stuck
    g.play("5-5@1")
    g.play("pass")  # seat 1 cannot follow its double; but a tile went down this turn
    assert not g.round_over
    assert tile_plays(g) == {"5-3@1"}  # seat 0 can satisfy it (M6)


# ---- blocked by the position, the rotation after a late arrival, a double's duty ---
REPRO_HANDS = [
    "6-1 5-1 6-2 5-2 4-0 4-1 4-2 4-3 4-4 6-4 1-0 1-1 2-0",
    "6-5 5-5 5-0 3-0 5-3 5-4 2-1 2-2 3-1 3-2 3-3 6-0 6-3",
]
REPRO_MOVES = "6-1@0 6-5@1 5-1@0 5-5@1 5-0@1 6-2@M 3-0@1 5-2@M 5-3@1 draw pass 5-4@1".split()


def test_G9_a_pass_that_opens_a_train_does_not_block_the_round():
    """G9 (Good Sam's Mexican Train, The Play 9: "until ... no one is able to play"):
    seat 1's pass puts its marker up, and seat 0 holds 4s for its train's open 4."""
    g = mt(REPRO_HANDS, draws="0-0", set_high=6, first_double=6)
    for m in REPRO_MOVES:
        g.play(m)
    assert not g.boneyard
    g.play("pass")  # seat 0: nothing on its train, the Mexican Train (both 5) or ...
    g.play("pass")  # ... seat 1, whose train (open end 4) this pass opens
    assert not g.round_over and not g.blocked and g.turn == 0
    assert tile_plays(g) == {"4-0@1", "4-1@1", "4-2@1", "4-3@1", "4-4@1", "6-4@1"}


def test_G9_blocked_as_soon_as_nobody_can_play_even_after_passes():
    """G9: with the boneyard empty the round ends the moment no seat can play at any
    turn it could still get (every pass only opens more trains): no passes are needed."""
    g = mt(["9-1 2-2", "3-4 4-4"])
    g.boneyard.clear()
    g.play("9-1@0")  # 2-2, 3-4, 4-4: nothing matches 1 or 9 on any train, open or not
    assert g.round_over and g.blocked and g.out is None
    assert g.round_scores[-1] == [4, 15]


def test_G9_M5_the_owing_player_can_still_play_anywhere_so_not_blocked():
    """M5: the player of a double may put the extra tile anywhere he may play; nobody can
    satisfy the double, but he can play on the Mexican Train, so the round goes on."""
    g = mt(["9-5 5-5 9-7 3-3", "9-4 1-1"])
    g.boneyard.clear()
    g.play("9-5@0")
    g.play("9-4@1")
    g.play("5-5@0")  # owes a tile; holds 9-7 (plays on the Mexican Train), no 5
    assert not g.round_over and tile_plays(g) == {"9-7@M"}
    g.play("9-7@M")
    assert g.round_over and g.blocked  # nobody holds a 5 for the double: blocked now


def test_G4_G7_first_player_keeps_rotating_after_a_late_arrival():
    """G4 (General 6) and G7 (General 9): the first player moves one seat clockwise a
    round; a late arrival sits after the last seat and the rotation goes on from the
    last round's first player."""
    g = mt(["9-1", "9-2"], first=1, rounds=5)
    leaders = [g.leader]
    for r in range(4):
        while not g.round_over:
            g.play(g.legal_moves()[0])
        if r == 1:
            g.play("join")  # seat 2 sits after seat 1
        g.play("next")
        leaders.append(g.leader)
    assert leaders == [1, 0, 1, 2, 0]


def test_M5_the_player_of_a_double_may_not_draw_while_holding_the_extra_tile():
    """M5 (Good Sam's Mexican Train, The Play 6): "you must play an extra domino ...
    You must draw if you can't play the second tile"."""
    g = mt(["9-5 5-5 5-1 12-12", "9-4 4-4 2-3"])
    for m in ("9-5@0", "9-4@1", "5-5@0"):
        g.play(m)
    assert g.owe and "draw" not in plays(g) and tile_plays(g) == {"5-1@0"}
    with pytest.raises(IllegalMove, match="M5"):
        g.play("draw")


def test_M6_the_next_player_may_not_draw_while_holding_a_tile_for_the_double():
    """M6 (The Play 7): "the next player must satisfy the double ... If unable to do so,
    that player draws"."""
    g = mt(["9-5 5-5 9-8 12-12", "9-2 5-4 2-2"])
    for m in ("9-5@0", "9-2@1", "5-5@0", "9-8@M"):
        g.play(m)
    assert plays(g) - {"knock"} == {"5-4@0"}
    with pytest.raises(IllegalMove, match="M6"):
        g.play("draw")


def test_M5_a_drawn_tile_that_meets_the_duty_must_be_played():
    """M5 / M3: the player of a double who draws the extra tile plays it (he passes only
    when "he still cannot play")."""
    g = mt(["9-5 5-5 12-12", "9-4 4-4 2-3"], draws="5-2")
    for m in ("9-5@0", "9-4@1", "5-5@0", "draw"):
        g.play(m)
    assert plays(g) == {"5-2@0", "knock"}


def test_S4_the_double_must_be_satisfied_before_drawing():
    """S4 (Samboree tournament sheet, To Start 5): "(s)he must "satisfy" the double by
    playing the next matching tile. If (s)he cannot, (s)he must draw"."""
    g = mt(["12-5 5-5 5-1 11-11", "12-4 4-3 1-2"], preset="st-mt")
    for m in ("12-5@0", "12-4@1", "5-5@0"):
        g.play(m)
    assert plays(g) - {"knock"} == {"5-1@0"}
    with pytest.raises(IllegalMove, match="S4"):
        g.play("draw")
    h = mt(["12-5 5-5 11-11", "12-4 5-3 1-2"], preset="st-mt", draws="10-10")
    for m in ("12-5@0", "12-4@1", "5-5@0", "draw", "pass"):
        h.play(m)
    assert plays(h) - {"knock"} == {"5-3@0"}  # the next player holds 5-3: no drawing instead


def test_an_ordinary_turn_keeps_the_choice_to_draw():
    """GS-MT's documented option (docs/engine.md): with no double owed, a player who
    could play may still draw, and pass after drawing."""
    g = mt(["9-5 5-1", "9-4 2-3"], draws="12-12")
    assert "draw" in plays(g)
    g.play("draw")
    assert "pass" in plays(g)

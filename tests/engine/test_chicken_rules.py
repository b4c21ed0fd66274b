"""Chicken Foot against the GS-CF sheet: one test (or more) per rule ID of
docs/rules.md (G1-G11 shared with GS-MT, F1-F6), then the options."""

from __future__ import annotations

import random
import sys

import pytest

import bones
from bones import IllegalMove
from bones.chicken import HUB, ChickenFoot, ChickenOptions, Line
from bones.tiles import full_set, parse_tile, tile


def tiles(text: str) -> list:
    return [parse_tile(x) for x in text.split()]


def cf(hands: list[str], draws: str = "", first: int = 0, seed: int = 7,
       **options) -> ChickenFoot:
    """A match whose first round deals ``hands`` (any sizes) and whose boneyard gives
    ``draws`` first, then every other tile in a fixed order; seat ``first`` leads."""
    base = bones.new_game("chicken-foot", seats=len(hands), options=options or None, seed=seed)
    o = base.options
    hub = tile(o.round_double(1), o.round_double(1))
    dealt = [tiles(h) for h in hands]
    drawn = tiles(draws)
    used = {t for h in dealt for t in h} | set(drawn) | {hub}
    rest = [t for t in full_set(o.set_high) if t not in used]
    deal = {"hands": [[str(t) for t in h] for h in dealt],
            "boneyard": [str(t) for t in drawn + rest], "first": first}
    return bones.new_game("chicken-foot", seats=len(hands), options=options or None,
                          seed=seed, deal=deal)


def plays(g) -> set[str]:
    """The legal moves in notation, leaving out the courtesy knock (G6)."""
    return {g.notation(m) for m in g.legal_moves() if m.kind != "knock"}


def run(g, *moves: str) -> None:
    for m in moves:
        g.play(m)


def random_match(seats=4, seed=1, **options):
    g = bones.new_game("chicken-foot", seats=seats, seed=seed, options=options or None)
    rng = random.Random(seed)
    while g.legal_moves():
        g.play(rng.choice([m for m in g.legal_moves() if m.kind != "join"]))
    return g


# A three-seat round that fills the centre, then has seat 0 play the double 1-1 on line 0.
# Seat 1 cannot satisfy it and draws 12-11; seat 2 plays the second toe; seat 0 draws 1-3.
FOOT_HANDS = ["9-1 9-5 1-1 1-2 10-11 10-12", "9-3 3-5 6-10", "9-4 4-6 1-8 2-7"]
FOOT_DRAWS = "12-11 1-3"
CENTRE = ("9-1@0", "9-3@1", "9-4@2", "9-5@3", "3-5@1", "4-6@2")


def foot() -> ChickenFoot:
    g = cf(FOOT_HANDS, FOOT_DRAWS)
    run(g, *CENTRE)
    return g


# ---- shared Good Sam's rules ---------------------------------------------------------------
def test_G1_lowest_total_wins_and_every_round_is_recorded():
    g = random_match(rounds=3)
    assert g.match_over and len(g.round_scores) == 3
    assert g.totals == [sum(r[s] for r in g.round_scores) for s in range(4)]
    place, _seat, total = g.standings()[0]
    assert place == 1 and total == min(g.totals)


def test_G2_one_double_twelve_set_per_table():
    g = bones.new_game("chicken-foot", seats=6, seed=3)
    assert g.options.set_high == 12
    assert sorted(g.all_tiles()) == sorted(full_set(12)) and len(g.all_tiles()) == 91


def test_G3_highest_drawn_bone_plays_first_ties_draw_again():
    for seed in range(40):
        g = bones.new_game("chicken-foot", seats=6, seed=seed)
        last = g.first_draw[-1]
        best = max(t.pips for _s, t in last)
        assert [s for s, t in last if t.pips == best] == [g.first_seat]
        for earlier in g.first_draw[:-1]:  # a tie at the top sent those players again
            top = max(t.pips for _s, t in earlier)
            assert sum(t.pips == top for _s, t in earlier) > 1
        assert g.leader == g.first_seat == g.turn


def test_G4_play_is_clockwise_and_the_first_player_moves_each_round():
    g = cf(["9-1 1-2", "9-2 2-3", "9-3 3-4"], first=2)
    assert g.turn == 2
    g.play("9-3@0")
    assert g.turn == 0
    g.play("9-1@1")
    assert g.turn == 1
    leaders = [g.leader]
    for _ in range(3):
        while not g.round_over:
            g.play(g.legal_moves()[0])
        g.play("next")
        leaders.append(g.leader)
    assert leaders == [2, 0, 1, 2]


def test_G5_play_begins_with_double_nines_then_down_one():
    g = bones.new_game("chicken-foot", seats=4, seed=5)
    doubles = []
    while g.legal_moves():
        doubles.append(g.hub)
        while not g.round_over:
            g.play(g.legal_moves()[0])
        if g.legal_moves():
            g.play("next")
    assert doubles == [tile(d, d) for d in range(9, -1, -1)]


def test_G6_knocking_is_a_courtesy_with_no_penalty():
    g = cf(["9-1 1-2", "9-3 3-4 4-5"])
    assert bones.Move("knock") in g.legal_moves()  # the courtesy is there to make ...
    g.play("9-1@0")  # ... but down to one bone without it, nothing happens
    assert g.turn == 1 and len(g.hands[0]) == 1
    assert not any(m.kind == "call" for m in g.legal_moves())
    with pytest.raises(IllegalMove, match="G6"):
        g.play("call@0")
    h = cf(["9-1 1-2", "9-3 3-4 4-5"])
    h.play("knock")
    assert bones.Move("knock") not in h.legal_moves()
    h.play("9-1@0")
    assert h.turn == 1 and h.hands[0] == tiles("1-2")


def test_G7_late_arrival_joins_next_round_with_the_highest_total():
    g = cf(["9-1", "9-2 2-3", "9-4 12-12"])
    g.play("9-1@0")  # seat 0 goes out
    assert g.round_over and g.round_scores[-1] == [0, 16, 37]
    assert "join" in plays(g)
    with pytest.raises(IllegalMove, match="G7"):
        bones.new_game("chicken-foot", seats=3, seed=1).play("join")
    g.play("join")
    assert g.seats == 4 and g.totals == [0, 16, 37, 37]
    assert g.round_scores[-1] == [0, 16, 37, None]
    g.play("next")
    assert [len(h) for h in g.hands] == [7] * 4 and g.hub == tile(8, 8)
    full = bones.new_game("chicken-foot", seats=8, seed=1)
    while not full.round_over:
        full.play(full.legal_moves()[0])
    assert "join" not in plays(full)  # 8 seats at most


def test_G8_starting_double_is_placed_face_up_before_the_deal():
    g = bones.new_game("chicken-foot", seats=6, seed=11)
    assert g.hub == tile(9, 9)
    assert all(tile(9, 9) not in h for h in g.hands) and tile(9, 9) not in g.boneyard
    assert g.observation(3)["hub"] == tile(9, 9)


def test_G9_round_ends_when_a_player_goes_out():
    g = cf(["9-1", "9-2 2-3"])
    g.play("9-1@0")
    assert g.round_over and g.out == 0 and not g.blocked and g.turn is None
    assert g.legal_moves() == (bones.Move("next"), bones.Move("join"))
    with pytest.raises(IllegalMove, match="G9"):
        g.play("draw")


def test_G9_round_ends_when_boneyard_is_empty_and_nobody_can_play():
    g = cf(["12-11 10-10", "12-12 11-11", "0-0 1-2"])
    g.boneyard.clear()  # nothing to draw (a tutorial-style position)
    assert plays(g) == {"pass"}
    g.play("pass")  # the engine looks at the position after each move: nobody can play
    assert g.round_over and g.blocked and g.out is None
    assert g.round_scores[-1] == [43, 46, 3]  # a blocked round scores like any other


def test_G9_blocked_the_moment_a_play_leaves_nobody_able_to_play():
    """G9 (Good Sam's Chicken Foot, The Play 8: "until ... no one is able to play"): the
    round is decided by the position, not by counting passes."""
    g = cf(["12-11 10-10", "12-12 11-11", "9-2 2-3"])
    g.boneyard.clear()
    run(g, "pass", "pass")  # seats 0 and 1 cannot play, but seat 2 can
    assert not g.round_over
    g.play("9-2@0")  # the centre's other paths need a 9 that nobody holds
    assert g.round_over and g.blocked and g.round_scores[-1] == [43, 46, 5]


def test_G10_score_is_pips_in_hand_and_double_blank_counts_zero():
    g = cf(["9-1", "0-0 6-5 12-0"])
    g.play("9-1@0")
    assert g.round_scores[-1] == [0, 0 + 11 + 12]


def test_G10_double_blank_can_be_made_to_count_fifty():
    g = cf(["9-1", "0-0 6-5"], double_blank=50)
    g.play("9-1@0")
    assert g.round_scores[-1] == [0, 61]


def test_G11_two_lowest_totals_take_first_and_second_ties_shared():
    g = bones.new_game("chicken-foot", seats=4, seed=1)
    g.totals = [30, 10, 10, 50]
    assert g.standings() == [(1, 1, 10), (1, 2, 10), (3, 0, 30), (4, 3, 50)]
    g.totals = [30, 5, 10, 50]
    assert [s for _p, s, _t in g.standings()[:2]] == [1, 2]


# ---- GS-CF ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", range(2, 9))
def test_F1_seven_bones_each(seats):
    g = bones.new_game("chicken-foot", seats=seats, seed=seats)
    assert [len(h) for h in g.hands] == [7] * seats
    assert len(g.boneyard) == 91 - 1 - 7 * seats


def test_F2_the_centre_takes_three_toes_and_a_spur():
    g = cf(["9-1 9-2 12-10", "9-3 12-12", "9-4 12-11"])
    assert g.line_info == [Line("toe", tile(9, 9), HUB)] * 3 + [Line("spur", tile(9, 9), HUB)]
    assert g.lines == [[], [], [], []] and g.pending == (0, 1, 2, 3)
    assert plays(g) == {"9-1@0", "9-2@0"}  # F2 and F5: the centre is owed, no drawing
    with pytest.raises(IllegalMove, match="F5"):
        g.play("draw")
    with pytest.raises(IllegalMove, match="F2"):
        g.play("9-1@3")  # the paths are filled in order: toes, then the spur
    run(g, "9-1@0", "9-3@1", "9-4@2", "9-2@3")
    assert [line[0][0] for line in g.lines] == tiles("9-1 9-3 9-4 9-2")
    assert g.pending == () and not g.round_over


def test_F2_all_four_paths_before_anything_else():
    g = cf(["9-1 1-5 2-6", "9-3 1-6", "9-4 12-12"])
    g.play("9-1@0")
    assert plays(g) == {"9-3@1"}  # 1-6 would match line 0, but not yet
    with pytest.raises(IllegalMove, match="F2") as e:
        g.play("1-6@0")
    assert "4 paths of the centre double 9-9" in str(e.value)
    run(g, "9-3@1", "9-4@2")
    assert plays(g) == {"draw"}  # seat 0 has no 9 left for the spur
    with pytest.raises(IllegalMove, match="F2"):
        g.play("1-5@0")
    run(g, "draw", "pass")
    assert plays(g) == {"draw"}  # ... and neither does seat 1 (F5)


def test_F3_a_later_double_takes_three_toes_before_play_goes_elsewhere():
    g = foot()
    g.play("1-1@0")
    assert g.line_info[4:] == [Line("toe", tile(1, 1), 0)] * 3
    assert g.pending == (4, 5, 6) and not g.is_open(0)
    g.play("2-1@4")  # seat 0's second tile (F4)
    assert g.turn == 1 and g.pending == (5, 6)
    assert "10-6@2" not in plays(g)
    with pytest.raises(IllegalMove, match="F3") as e:
        g.play("10-6@2")
    assert "1-1 must get its 3 toes" in str(e.value)
    run(g, "draw", "pass", "8-1@5")
    assert g.pending == (6,)
    run(g, "draw", "3-1@6")  # seat 0 draws 1-3 and fills the third toe
    assert g.pending == ()
    with pytest.raises(IllegalMove, match="F3") as e:
        g.play("12-11@0")
    assert "line 0 ends in the double 1-1" in str(e.value)
    assert "10-6@2" in plays(g)
    layout = g.observation(1)["lines"]
    assert [(x["line"], x["kind"], x["double"], x["stem"], x["open"]) for x in layout[3:]] == [
        (3, "spur", tile(9, 9), HUB, True), (4, "toe", tile(1, 1), 0, True),
        (5, "toe", tile(1, 1), 0, True), (6, "toe", tile(1, 1), 0, True)]
    assert layout[0]["open"] is False and [x["end"] for x in layout[4:]] == [2, 8, 3]


def test_F4_the_player_of_a_double_plays_a_second_tile():
    g = foot()
    g.play("1-1@0")
    assert g.turn == 0 and g.owe
    assert plays(g) == {"2-1@4"}  # The Play 5: no drawing while a second tile plays
    with pytest.raises(IllegalMove, match="F4"):
        g.play("draw")
    g.play("2-1@4")
    assert g.turn == 1 and not g.owe


def test_F4_unable_to_play_the_second_tile_draws_then_passes():
    g = cf(["9-1 9-5 1-1 12-12", "9-3 3-4 12-7", "9-4 4-6 12-8"], draws="11-10 1-7")
    run(g, "9-1@0", "9-3@1", "9-4@2", "9-5@3", "3-4@1", "4-6@2", "1-1@0")
    assert g.turn == 0 and plays(g) == {"draw"}
    with pytest.raises(IllegalMove, match="F4"):
        g.play("pass")
    g.play("draw")  # 11-10: no 1
    assert plays(g) == {"pass"}
    with pytest.raises(IllegalMove, match="you have drawn") as e:
        g.play("draw")
    assert e.value.rule == "draw"
    g.play("pass")
    assert g.turn == 1 and g.pending == (4, 5, 6)


def test_F4_a_drawn_tile_that_fits_is_the_second_tile():
    g = cf(["9-1 9-5 1-1 12-12", "9-3 3-4 12-7", "9-4 4-6 12-8"], draws="1-7")
    run(g, "9-1@0", "9-3@1", "9-4@2", "9-5@3", "3-4@1", "4-6@2", "1-1@0", "draw")
    assert plays(g) == {"7-1@4"}  # The Play 5: the drawn tile is the second domino
    with pytest.raises(IllegalMove, match="F4"):
        g.play("pass")
    g.play("7-1@4")
    assert g.turn == 1 and g.pending == (5, 6)


def test_F5_the_duty_to_satisfy_passes_from_player_to_player():
    g = foot()
    run(g, "1-1@0", "2-1@4")
    assert g.turn == 1 and plays(g) == {"draw"}  # seat 1 holds no 1
    g.play("draw")  # 12-11
    assert plays(g) == {"pass"}
    g.play("pass")
    assert g.turn == 2 and plays(g) == {"8-1@5"}  # now seat 2's duty (The Play 6)
    with pytest.raises(IllegalMove, match="F5"):
        g.play("draw")
    g.play("8-1@5")
    assert g.turn == 0 and g.pending == (6,)


def test_a_pass_tells_the_others_only_what_the_rules_make_public():
    # On an ordinary turn seat 0 draws and passes: stuck (no 1, 5 or 6), or by choice
    # while holding 1-2 (GS-CF: a drawn tile need not be played). The others cannot tell
    # the two apart, so what they are told (``lacks``) is the same: nothing.
    seen = []
    for mine in ("1-2 10-11 10-12", "7-7 10-11 10-12"):
        g = cf([f"9-1 9-5 {mine}", "9-3 3-5 6-10", "9-4 4-6 1-8 2-7"], "12-11")
        run(g, *CENTRE, "draw", "pass")
        obs = g.observation(2)
        seen.append((obs["lacks"], obs["log"], obs["hand_sizes"]))
    assert seen[0] == seen[1] and seen[0][0][0] == frozenset()
    # Where a player who can play must play, the same pass proves seat 0 holds none.
    g = cf(["9-1 9-5 7-7 10-11 10-12", "9-3 3-5 6-10", "9-4 4-6 1-8 2-7"], "12-11",
           must_play=True)
    run(g, *CENTRE, "draw", "pass")
    assert g.observation(2)["lacks"][0] == {1, 5, 6}
    # So does a pass while a double is owed (F4, F5): seat 1 drew 12-11 and holds no 1.
    g = cf(FOOT_HANDS, FOOT_DRAWS)
    run(g, *CENTRE, "1-1@0", "2-1@4", "draw", "pass")
    assert g.observation(2)["lacks"][1] == {1}


def test_F5_the_centre_too_is_each_player_s_duty_in_turn():
    g = cf(["9-1 12-12", "11-11 10-10", "9-3 3-4"], draws="12-11 10-11")
    g.play("9-1@0")
    run(g, "draw", "pass")  # seat 1 cannot
    assert g.turn == 2 and plays(g) == {"9-3@1"}  # The Play 3 and 6: no drawing instead


def test_F6_going_out_on_a_double_needs_no_satisfying():
    g = cf(["9-1 9-3 1-1", "9-2 9-4 5-6 5-7"])
    run(g, "9-1@0", "9-2@1", "9-3@2", "9-4@3", "1-1@0")
    assert g.round_over and g.out == 0 and not g.blocked
    assert len(g.lines) == 4 and g.pending == ()
    assert g.round_scores[-1] == [0, 23]


def test_every_GS_CF_rule_has_a_test():
    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_")]
    for rule in bones.PRESETS["gs-cf"].rules:
        assert any(n.startswith(f"test_{rule}_") for n in names), f"no test for {rule}"


# ---- options ---------------------------------------------------------------------------------
def test_the_gs_cf_preset_is_the_sheet():
    p = bones.PRESETS["gs-cf"]
    assert p.game == "chicken-foot" and p.title == "Good Sam's Samboree & Rally"
    assert p.options == ChickenOptions()
    assert (p.options.centre_paths, p.options.double_blank, p.options.draw,
            p.options.set_high, p.options.first_double) == (4, 0, "one", 12, 9)
    assert bones.new_game("chicken-foot", seats=2, seed=1).preset == "gs-cf"


def test_option_centre_of_six_paths():
    g = cf(["9-1 9-2 1-3", "9-3 9-4 12-12", "9-5 9-6 12-1"], centre_paths=6)
    assert [x.kind for x in g.line_info] == ["line"] * 6 and g.pending == tuple(range(6))
    run(g, "9-1@0", "9-3@1", "9-5@2", "9-2@3", "9-4@4")
    assert plays(g) == {"9-6@5"}
    with pytest.raises(IllegalMove, match="6 paths"):
        g.play("12-1@0")
    g.play("9-6@5")
    assert g.pending == () and "3-1@0" in plays(g)


def test_option_draw_until_a_tile_plays():
    g = cf(["9-1 12-12", "11-11"], draws="12-11 10-10 9-4 3-3", draw="until")
    g.play("9-1@0")
    g.play("draw")  # 12-11: no 9, and the boneyard is not empty: draw again
    assert plays(g) == {"draw"}
    with pytest.raises(IllegalMove, match="draw again"):
        g.play("pass")
    g.play("draw")  # 10-10
    g.play("draw")  # 9-4 plays
    assert plays(g) == {"9-4@1"} and len(g.hands[1]) == 4  # it is owed to the centre


def test_option_draw_until_stops_at_an_empty_boneyard():
    g = cf(["9-1 9-5 12-12", "11-11"], draw="until")
    g.play("9-1@0")
    del g.boneyard[:-2]
    g.boneyard[:] = tiles("10-10 12-11")[::-1]  # drawn in this order, neither plays
    run(g, "draw", "draw")
    assert plays(g) == {"pass"}  # seat 0 holds 9-5 for the centre: not blocked


def test_option_must_play():
    g = cf(FOOT_HANDS, FOOT_DRAWS, must_play=True)
    run(g, *CENTRE)  # an ordinary turn: no double is owed
    assert plays(g) == {"1-1@0", "2-1@0"}
    with pytest.raises(IllegalMove, match="you must play it") as e:
        g.play("draw")
    assert e.value.rule == "must_play"
    h = foot()
    assert plays(h) == {"1-1@0", "2-1@0", "draw"}  # the sheet's preset: drawing is allowed
    h.play("draw")
    assert "pass" in plays(h)


@pytest.mark.parametrize("seats,size", [(2, 7), (6, 7), (7, 6), (8, 5)])
def test_option_double_nine_set_with_hand_sizes_by_seats(seats, size):
    g = bones.new_game("chicken-foot", seats=seats, seed=seats, options={"set_high": 9})
    assert [len(h) for h in g.hands] == [size] * seats and g.hub == tile(9, 9)
    assert sorted(g.all_tiles()) == sorted(full_set(9))
    assert len(g.boneyard) >= 12


def test_option_hand_sizes_given_explicitly():
    g = bones.new_game("chicken-foot", seats=4, seed=1, options={"hand_sizes": [[4, 10]]})
    assert [len(h) for h in g.hands] == [10] * 4
    with pytest.raises(ValueError, match="8 players with 7 tiles each and the round's double "
                                         "need 57 tiles, but a double-9 set has 55"):
        bones.new_game("chicken-foot", seats=8, seed=1,
                       options={"set_high": 9, "hand_sizes": [[8, 7]]})


def test_option_rounds_and_starting_double():
    g = random_match(seats=3, rounds=4, first_double=12)
    assert len(g.round_scores) == 4 and g.hub == tile(9, 9)
    h = bones.new_game("chicken-foot", seats=3, seed=1, options={"first_double": None})
    assert h.hub == tile(12, 12)
    k = bones.new_game("chicken-foot", seats=3, seed=1, options={"first_double": 1})
    assert [k.options.round_double(r) for r in (1, 2, 3)] == [1, 0, 12]


@pytest.mark.parametrize("changes,message", [
    ({"centre_paths": 5}, "The number of paths of the centre double must be 4 or 6, not '5'"),
    ({"draw": "two"}, "How a player who cannot play draws must be 'one' or 'until'"),
    ({"set_high": 6}, "double-6"),
    ({"first_double": 13}, "13-13, is not in a double-12 set: choose 0-0 to 12-12"),
    ({"rounds": 0}, "rounds"),
    ({"double_blank": -1}, "0-0"),
    ({"paths": 4}, "unknown option"),
])
def test_options_are_checked(changes, message):
    with pytest.raises(ValueError, match=message):
        bones.new_game("chicken-foot", seats=4, seed=1, options=changes)


def test_two_to_eight_seats():
    for seats in (1, 9):
        with pytest.raises(ValueError, match="2 to 8"):
            bones.new_game("chicken-foot", seats=seats, seed=1)


# ---- notation, refusals, observation, saves -------------------------------------------------
def test_notation_names_a_line_by_its_number():
    g = foot()
    g.play("1-1@0")
    m = g.parse("2-1@4")
    assert m == bones.Move("play", tile(2, 1), 4) and g.notation(m) == "2-1@4"
    with pytest.raises(IllegalMove, match="no line called 'x'"):
        g.play("1-2@x")
    with pytest.raises(IllegalMove, match="no line 9"):
        g.play("1-2@9")
    with pytest.raises(IllegalMove, match="does not hold 12-12"):
        g.play("12-12@4")


def test_a_tile_must_match_the_open_end():
    g = foot()
    run(g, "1-1@0", "2-1@4", "draw", "pass", "8-1@5", "draw", "3-1@6")
    with pytest.raises(IllegalMove, match="12-11 does not match the open end 2 of line 4"):
        g.play("12-11@4")


def test_observation_shows_the_feet_and_hides_the_other_hands():
    g = foot()
    g.play("1-1@0")
    obs = g.observation(1)
    assert obs["game"] == "chicken-foot" and obs["hand"] == g.hands[1]
    assert obs["hand_sizes"] == [len(h) for h in g.hands] and obs["boneyard"] == 91 - 1 - 13
    assert obs["pending"] == (4, 5, 6) and obs["pending_double"] == tile(1, 1) and obs["owe"]
    assert obs["lines"][0]["tiles"] == [(tile(9, 1), 1), (tile(1, 1), 1)]
    assert "boneyard_order" not in obs and g.hands[0] != obs["hand"]


def test_save_and_load_give_the_same_match_and_undo_is_exact():
    g = foot()
    fresh = cf(FOOT_HANDS, FOOT_DRAWS)
    run(g, "1-1@0", "2-1@4", "draw", "pass")
    again = bones.loads(bones.dumps(g))
    assert again == g and again.legal_moves() == g.legal_moves()
    while g.history:
        g.undo()
    assert g == fresh


def test_G4_G7_first_player_keeps_rotating_after_a_late_arrival():
    """G4 (Good Sam's Chicken Foot, General 6) and G7 (General 9): the rotation goes on
    from the last round's first player, counting the newcomer where he sits."""
    g = cf(["9-1", "9-2"], first=1, rounds=5)
    leaders = [g.leader]
    for r in range(4):
        while not g.round_over:
            g.play(g.legal_moves()[0])
        if r == 1:
            g.play("join")  # seat 2 sits after seat 1
        g.play("next")
        leaders.append(g.leader)
    assert leaders == [1, 0, 1, 2, 0]

"""All Fives against the GS-AF sheet: tests named by rule ID (A1-A8 of
docs/rules.md), then the options players ask for. Each uses a
stacked deal (``af``) so it asserts behaviour that could fail."""

from __future__ import annotations

import random

import pytest

import bones
from bones import IllegalMove
from bones.allfives_arms import CENTRE
from bones.allfives_options import AllFivesOptions
from bones.allfives_scores import round_to_five
from bones.errors import OptionError
from bones.tiles import full_set, parse_tile


def tiles(text: str) -> list:
    return [parse_tile(x) for x in text.split()]


def af(hands: list[str], draws: str = "", leader: int = 0, seed: int = 7,
       **options) -> bones.Match:
    """A game whose first hand deals ``hands``, whose boneyard gives ``draws`` first (then
    every other tile, lowest first), and that seat ``leader`` leads."""
    dealt = [tiles(h) for h in hands]
    drawn = tiles(draws)
    used = {t for h in dealt for t in h} | set(drawn)
    rest = [t for t in full_set(6) if t not in used]
    deal = {"hands": [[str(t) for t in h] for h in dealt],
            "boneyard": [str(t) for t in drawn + rest], "leader": leader}
    return bones.new_game("all-fives", seats=len(hands), options=options or None, seed=seed,
                          deal=deal)


def plays(g) -> set[str]:
    return {g.notation(m) for m in g.legal_moves()}


def run(g, *moves: str) -> None:
    for m in moves:
        g.play(m)


def refused(g, move: str) -> IllegalMove:
    before = g.clone()
    with pytest.raises(IllegalMove) as e:
        g.play(move)
    assert g == before
    return e.value


# A chain that blocks a four-seat hand: every 6 is played and both ends show 6.
BLOCK_PLAYS = ("3-2@C", "6-3@E", "6-2@W", "6-4@E", "6-1@W", "5-4@E", "1-0@W", "6-5@E",
               "6-0@W", "6-6@W")
BLOCK_TILES = ["3-2 6-1 6-0", "6-3 5-4 6-6", "6-2 1-0", "6-4 6-5"]  # by seat, in play order


def block_deal(extra: list[str], **options) -> bones.Match:
    hands = [f"{mine} {more}" for mine, more in zip(BLOCK_TILES, extra, strict=True)]
    g = af(hands, **options)
    run(g, *BLOCK_PLAYS)
    return g


# ---- A1: players and partnerships -----------------------------------------------------------
def test_A1_two_three_or_four_players_and_no_late_arrivals():
    for n in (2, 3, 4):
        g = bones.new_game("all-fives", seats=n, seed=1)
        assert g.seats == n and len(g.hands) == n
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4"):
            bones.new_game("all-fives", seats=n, seed=1)
    g = af(["5-0", "6-6", "4-4"])
    g.play("5-0@C")  # going out ends the hand
    assert g.round_over and plays(g) == {"next"}
    assert refused(g, "join").rule == "A1"


def test_A1_four_players_are_two_partnerships_partners_opposite():
    g = af(["6-4 1-1", "0-0 1-0", "2-2 2-1", "3-3 3-1"])
    assert g.sides == (0, 1, 0, 1)
    g.play("6-4@C")  # the lead counts 10: seat 0 and partner seat 2 both gain it
    assert g.totals == [10, 0, 10, 0]
    assert g.side_totals() == [10, 0]
    assert g.log[-1].seat == 0 and g.log[-1].side == 0
    assert g.observation(2)["side_totals"] == [10, 0]
    assert [place for place, _s, _t in g.standings()] == [1, 1, 3, 3]
    solo = af(["6-4 1-1", "0-0 1-0", "2-2 2-1", "3-3 3-1"], partners=False)
    assert solo.sides == (0, 1, 2, 3)
    solo.play("6-4@C")
    assert solo.totals == [10, 0, 0, 0]
    three = af(["6-4 1-1", "0-0 1-0", "2-2 2-1"])
    assert three.sides == (0, 1, 2)


# ---- A2: draw for the lead, reshuffle, 7 each, boneyard --------------------------------------
def test_A2_highest_double_else_highest_tile_leads():
    def leader(draw):
        g = bones.new_game("all-fives", seats=len(draw), seed=1, deal={"draw": draw})
        assert g.first_draw == tuple(enumerate(tiles(" ".join(draw))))
        assert g.turn == g.leader
        assert bones.loads(bones.dumps(g)) == g  # the stacked draw is saved with the game
        return g.leader

    assert leader(["6-5", "2-2", "1-0", "3-3"]) == 3  # a double beats any other tile
    assert leader(["0-0", "6-5"]) == 0  # even the double blank
    assert leader(["5-4", "6-5", "6-4"]) == 1  # no double: the highest tile
    assert leader(["5-4", "6-3"]) == 1  # equal pips: the higher half decides


def test_A2_random_draw_then_reshuffle_and_seven_each():
    for seed in range(30):
        for n in (2, 3, 4):
            g = bones.new_game("all-fives", seats=n, seed=seed)
            drawn = dict(g.first_draw)
            assert len(drawn) == n and len(set(drawn.values())) == n
            best = max(drawn.values(), key=lambda t: (t.is_double, t.pips, t.hi))
            assert drawn[g.leader] == best and g.turn == g.leader
            assert [len(h) for h in g.hands] == [7] * n  # reshuffled: all 28 are dealt from
            assert len(g.boneyard) == 28 - 7 * n
            assert sorted(g.all_tiles()) == full_set(6)


def test_A2_draw_from_the_boneyard_until_you_can_play():
    g = af(["6-6 6-5", "1-1 2-2"], draws="3-3 4-0 6-0 5-5")
    g.play("6-6@C")
    assert plays(g) == {"draw"}  # seat 1 cannot play: draw, no passing
    assert refused(g, "pass").rule == "A2"
    g.play("draw")
    g.play("draw")
    assert plays(g) == {"draw"}  # 3-3 and 4-0 do not play either: keep drawing
    g.play("draw")  # 6-0 plays
    assert plays(g) == {"6-0@E", "6-0@W"}
    assert refused(g, "draw").rule == "A2"  # no drawing while a tile plays
    assert len(g.hands[1]) == 5 and len(g.boneyard) == 28 - 4 - 3


def test_A2_empty_boneyard_you_pass():
    sixes = " ".join(str(t) for t in full_set(6) if 6 in t)
    rest = " ".join(str(t) for t in full_set(6) if 6 not in t)
    g = af([sixes, rest])  # all 28 dealt: no boneyard
    g.play("6-6@C")  # seat 1 holds no 6; seat 0 can still play
    assert g.boneyard == [] and plays(g) == {"pass"} and not g.round_over
    e = refused(g, "draw")
    assert e.rule == "A2" and "empty" in str(e)
    g.play("pass")
    assert g.turn == 0 and g.observation(0)["lacks"][1] == {6}


# ---- A3: the lead is any tile, ends must match -----------------------------------------------
def test_A3_leader_plays_any_tile_and_ends_must_match():
    g = af(["6-4 5-0 3-3 1-1", "4-2 6-1 0-0"], leader=1)
    assert g.turn == 1
    assert plays(g) == {"4-2@C", "6-1@C", "0-0@C"}  # any tile of the leader's hand
    assert refused(g, "4-2@E").rule == "A3"  # nothing to match yet: lead to the centre
    g.play("4-2@C")  # E shows 4, W shows 2
    assert g.turn == 0
    assert plays(g) == {"6-4@E"}  # only tiles that match an open end
    assert refused(g, "5-0@E").rule == "A3"
    assert refused(g, "6-4@W").rule == "A3"
    assert refused(g, "6-4@C").rule == "A3"  # the lead is taken
    assert refused(g, "pass").rule == "A3"  # you must play if you can
    g.play("4-6@E")  # notation reads either half first
    assert g.layout()["arms"][0]["end"] == 6


# ---- A4: multiples of five score --------------------------------------------------------------
def test_A4_open_ends_multiple_of_five_score_that_total():
    g = af(["6-4 4-1 1-0", "6-5 6-2 3-0"])
    g.play("6-4@C")  # 6 + 4 = 10
    assert g.totals == [10, 0] and g.log[-1].reason == "ends 10"
    g.play("6-5@E")  # 5 + 4 = 9: nothing
    assert g.totals == [10, 0] and g.count == 9
    g.play("4-1@W")  # 5 + 1 = 6: nothing
    assert g.count == 6 and g.totals == [10, 0] and len(g.log) == 1
    g.undo()
    g.undo()
    assert g.totals == [10, 0] and g.count == 10
    g.undo()
    assert g.totals == [0, 0] and g.log == [] and g.count == 0


def test_A4_every_score_is_logged_with_who_and_why():
    g = af(["6-3 1-1", "6-6 2-2"])
    g.play("6-3@C")  # 9
    assert g.log == []
    g.play("6-6@E")  # the 6-6 at the end shows 12, the W end 3: 15
    e = g.log[-1]
    assert (e.hand, e.seat, e.side, e.points, e.value, e.reason, e.total) == \
        (1, 1, 1, 15, 15, "ends 15", 15)
    assert g.totals == [0, 15] and g.hand_points == (0, 15)
    assert g.observation(0)["score_log"] == [e]


# ---- A5: the spinner; other doubles crosswise ---------------------------------------------------
def test_A5_first_double_is_the_spinner_its_sides_open_after_its_ends():
    g = af(["5-5 5-1 6-5 2-2", "5-0 5-3 1-1 0-0"])
    g.play("5-5@C")  # alone, the double counts once: 10
    assert g.totals == [10, 0]
    lay = g.layout()
    assert [a["name"] for a in lay["arms"]] == ["E", "W", "N", "S"]
    assert [a["open"] for a in lay["arms"]] == [True, True, False, False]
    assert lay["spinners"][0]["open"] is False
    assert plays(g) == {"5-0@E", "5-0@W", "5-3@E", "5-3@W"}
    g.play("5-0@E")  # E shows 0; the spinner's open W side shows both halves: 10
    assert g.totals == [10, 10]
    assert refused(g, "5-1@N").rule == "A5"  # W is not played on yet
    g.play("5-1@W")  # 0 + 1; now N and S are open and count nothing until played on
    assert g.count == 1
    assert {"5-3@N", "5-3@S", "1-1@W"} <= plays(g)
    g.play("5-3@N")  # 0 + 1 + 3 = 4
    assert g.count == 4
    g.play("6-5@S")  # 0 + 1 + 3 + 6 = 10
    assert g.totals == [20, 10] and g.log[-1].reason == "ends 10"
    lay = g.layout()
    assert [a["counts"] for a in lay["arms"]] == [0, 1, 3, 6]
    assert [a["end"] for a in lay["arms"]] == [0, 1, 3, 6]
    assert lay["count"] == 10 and lay["scores"] and lay["spinners"][0]["open"]


def test_A5_a_later_first_double_spins_once_played_past():
    g = af(["6-4 4-2 1-1", "4-4 4-3 0-0"])
    g.play("6-4@C")
    g.play("4-4@W")  # the first double, at the end of W: 6 + 8 = 14
    assert g.count == 14
    sp = g.layout()["spinners"]
    assert sp == [{"tile": parse_tile("4-4"), "on": "W", "index": 0, "arms": ["N", "S"],
                   "open": False}]
    assert refused(g, "4-2@N").rule == "A5"
    g.play("4-2@W")  # played past it: 6 + 2, and its sides N and S open on 4
    assert g.count == 8 and g.layout()["spinners"][0]["open"]
    assert plays(g) == {"4-3@N", "4-3@S"}


def test_A5_other_doubles_lie_crosswise_and_count_both_halves():
    g = af(["3-3 3-1 2-1 0-0", "3-2 2-2 1-0 6-6"])
    g.play("3-3@C")  # 6
    g.play("3-2@E")  # 2 + the spinner's W side 6 = 8
    g.play("3-1@W")  # 2 + 1 = 3
    g.play("2-2@E")  # crosswise, both halves: 4 + 1 = 5
    assert g.count == 5 and g.log[-1][1:6] == (1, 1, 5, 5, "ends 5")
    assert len(g.spinners) == 1  # not a second spinner
    assert refused(g, "2-1@N2").rule == "A5"
    g.play("2-1@E")  # 1 + 1
    assert g.count == 2


def test_A5_option_no_spinner_muggins():
    g = af(["5-5 5-1 5-4", "5-0 5-3 1-1"], spinner="none")
    g.play("5-5@C")
    g.play("5-0@E")
    g.play("5-1@W")
    assert g.count == 1 and not g.spinners
    assert plays(g) == {"1-1@W"}  # only the two ends of the line
    assert refused(g, "5-3@N").rule == "A5"
    assert [a["name"] for a in g.layout()["arms"]] == ["E", "W"]


def test_A5_option_every_double_is_a_spinner():
    g = af(["6-6 6-3 2-1 4-4", "6-2 2-2 2-0 5-5"], spinner="every")
    run(g, "6-6@C", "6-2@E", "6-3@W", "2-2@E")
    assert len(g.spinners) == 2
    assert refused(g, "2-1@N2").rule == "A5"  # not yet played past
    g.play("2-1@E")
    assert {"2-0@N2", "2-0@S2"} <= plays(g)
    g.play("2-0@S2")
    lay = g.layout()
    assert [a["name"] for a in lay["arms"]] == ["E", "W", "N", "S", "N2", "S2"]
    assert lay["arms"][5]["tiles"] == [(parse_tile("2-0"), 0)]
    assert sum(a["counts"] for a in lay["arms"]) == lay["count"] == g.count


# ---- A6: going out -------------------------------------------------------------------------------
def test_A6_domino_scores_opponents_pips_not_the_partners():
    g = af(["6-4 3-0", "6-1 3-3", "4-3 5-5 5-2", "6-6 2-1"])
    run(g, "6-4@C", "6-1@E", "4-3@W", "2-1@E")  # 10 (side 0), 5 (side 1), 4, 5 (side 1)
    assert g.totals == [10, 10, 10, 10]
    g.play("3-0@W")  # seat 0 goes out; opponents hold 3-3 and 6-6: 18 -> 20
    assert g.round_over and g.out == 0 and g.ended == "domino"
    e = g.log[-1]
    assert (e.seat, e.side, e.points, e.reason) == (0, 0, 20, "domino: opponents 18 -> 20")
    assert g.totals == [30, 10, 30, 10]  # partner seat 2's 17 pips do not count
    assert g.round_scores == [[30, 10, 30, 10]]
    assert bones.loads(bones.dumps(g)) == g
    g.undo()
    assert g.totals == [10, 10, 10, 10] and len(g.log) == 3 and g.round_scores == []


def test_A6_domino_individual_play_all_others_and_the_last_tile_scores_too():
    g = af(["6-4 5-1", "6-1 3-3", "4-0 6-6 2-2"])
    run(g, "6-4@C", "6-1@E", "4-0@W", "5-1@E")  # the last tile makes 5 + 0
    assert [e.reason for e in g.log] == ["ends 10", "ends 5", "ends 5",
                                         "domino: opponents 22 -> 20"]
    assert g.totals == [35, 5, 0]
    assert round_to_five(22) == 20 and round_to_five(23) == 25 and round_to_five(0) == 0


# ---- A7: blocked ---------------------------------------------------------------------------------
def test_A7_blocked_fewest_pips_side_scores_opponents_pips():
    g = block_deal(["0-0 1-1 2-0 2-1", "5-5 4-4 5-3 5-2", "3-0 3-1 2-2 4-0 4-1",
                    "3-3 4-2 4-3 5-0 5-1"])
    # "If in the course of the game it is impossible for any of the players to play, the
    # game is Blocked" (Blocking the Game): decided as the last 6 goes down, no passes.
    assert g.round_over and g.blocked and g.ended == "blocked" and g.out is None
    e = g.log[-1]
    # side 0 holds 7 + 20 = 27, side 1 holds 33 + 30 = 63 -> 65
    assert (e.seat, e.side, e.points) == (0, 0, 65)
    assert e.reason == "blocked: fewest pips 27, opponents 63 -> 65"
    g.undo()
    before = list(g.totals)
    g.play("6-6@W")
    assert g.totals == [before[0] + 65, before[1], before[2] + 65, before[3]]


def test_A7_blocked_individual_fewest_pips_player_scores_all_others():
    g = block_deal(["0-0 1-1 2-0 2-1", "5-5 4-4 5-3 5-2", "3-0 3-1 2-2 4-0 4-1",
                    "3-3 4-2 4-3 5-0 5-1"], partners=False)
    e = g.log[-1]
    assert (e.seat, e.points, e.reason) == (0, 85, "blocked: fewest pips 7, opponents 83 -> 85")


def test_A7_blocked_tie_nobody_scores():
    g = block_deal(["0-0 1-1 2-0 2-1", "2-2 3-0 3-1 3-3", "5-5 4-4 5-3 5-2 5-0",
                    "4-0 4-1 4-2 4-3 5-1"])
    e = g.log[-1]
    assert (e.seat, e.side, e.points, e.value) == (None, None, 0, 0)
    assert e.reason == "blocked: tied at 45 pips, nobody scores"
    assert g.round_scores[-1] == list(g.hand_points) and g.winner is None  # only the play's
    g.play("next")
    assert g.leader == 1  # nobody won the hand: the lead passes clockwise
    h = block_deal(["0-0 2-2 3-0 4-0", "1-1 2-0 2-1 3-1", "3-3 4-1 4-2 4-3 4-4",
                    "5-0 5-1 5-2 5-3 5-5"], partners=False)
    assert h.log[-1].seat is None and h.log[-1].reason.startswith("blocked: tied at 11")


# ---- A8: the game to 250; the winner leads the next --------------------------------------------
def test_A8_first_to_the_target_wins_and_the_game_stops_at_once():
    assert bones.PRESETS["gs-af"].options.target == 250
    g = af(["6-4 1-1", "0-0 2-1"], target=10)
    g.play("6-4@C")  # 10 points mid-hand: the game is won there and then
    assert g.round_over and g.match_over and g.ended == "target"
    assert g.legal_moves() == () and g.winner == 0
    assert refused(g, "next").rule == "match"
    assert g.round_scores == [[10, 0]] and g.standings()[0] == (1, 0, 10)
    assert g.next_game_leader() == 0
    g.undo()
    assert not g.round_over and g.totals == [0, 0] and g.next_game_leader() is None


def test_A8_the_winner_leads_the_next_game():
    g = af(["6-1 1-1", "6-4 2-1"], leader=1, target=10)
    g.play("6-4@C")
    assert g.match_over and g.next_game_leader() == 1
    nxt = bones.new_game("all-fives", seats=2, seed=99,
                         options={"target": 10, "leader": g.next_game_leader()})
    assert nxt.turn == nxt.leader == 1 and nxt.first_draw == ()
    assert nxt.observation(0)["next_game_leader"] is None


def test_A8_a_hand_end_score_can_win_and_the_hand_may_be_played_out():
    g = af(["6-4 5-1", "6-1 3-3", "4-0 6-6 2-2"], target=30)
    run(g, "6-4@C", "6-1@E", "4-0@W", "5-1@E")  # 25 in play, then domino 20
    assert g.match_over and g.totals == [35, 5, 0] and g.ended == "domino"
    h = af(["6-4 5-1", "6-1 3-3", "4-0 6-6 2-2"], target=10, stop_at_target=False)
    h.play("6-4@C")  # 10: the hand goes on
    assert not h.round_over and h.turn == 1
    run(h, "6-1@E", "4-0@W", "5-1@E")
    assert h.match_over and h.legal_moves() == ()


# ---- later hands: who leads (the sheet is silent) ---------------------------------------------
@pytest.mark.parametrize("rule, expected", [("winner", 2), ("clockwise", 1)])
def test_next_hand_led_by_the_last_hands_winner_or_clockwise(rule, expected):
    g = af(["6-4 1-1", "6-2 0-0", "4-3"], next_leader=rule)
    run(g, "6-4@C", "6-2@E", "4-3@W")  # seat 2 goes out
    assert g.round_over and g.winner == 2 and not g.match_over
    g.play("next")
    assert g.round_number == 2 and g.leader == g.turn == expected
    assert [len(h) for h in g.hands] == [7, 7, 7] and g.root is None
    assert plays(g) == {f"{t}@C" for t in g.hands[expected]}


# ---- the options players ask for ---------------------------------------------------------------
def test_option_counting_in_fives_to_61():
    g = af(["6-3 1-1", "6-6 2-2"], target=61, count_in_fives=True)
    run(g, "6-3@C", "6-6@E")  # 15 pips move 3 holes
    e = g.log[-1]
    assert (e.points, e.value, e.total) == (15, 3, 3) and g.totals == [0, 3]
    assert g.observation(0)["count_in_fives"] is True


def test_option_two_player_hand_of_nine():
    g = bones.new_game("all-fives", seats=2, seed=4, options={"two_player_hand": 9})
    assert [len(h) for h in g.hands] == [9, 9] and len(g.boneyard) == 10
    g3 = bones.new_game("all-fives", seats=3, seed=4, options={"two_player_hand": 9})
    assert [len(h) for h in g3.hands] == [7, 7, 7]


@pytest.mark.parametrize("draw", ["until-play", "leave-two"])
def test_option_leave_the_last_two_tiles_in_the_boneyard(draw):
    # seat 1 can play only 6-0 or 6-1, the last two tiles of the boneyard
    no_six = " ".join(str(t) for t in full_set(6) if 6 not in t and str(t) != "1-1")
    g = af(["6-6 6-2 6-3 6-4 6-5", "1-1"], draws=no_six + " 6-0 6-1", draw=draw)
    g.play("6-6@C")
    for _ in range(20):
        g.play("draw")
    assert len(g.boneyard) == 2
    if draw == "leave-two":
        assert plays(g) == {"pass"}
        e = refused(g, "draw")
        assert e.rule == "A2" and "last two" in str(e)
        assert g.observation(1)["drawable"] == 0
    else:
        assert plays(g) == {"draw"}
        g.play("draw")
        assert plays(g) == {"6-0@E", "6-0@W"}


def test_option_checks_say_what_is_wrong():
    for bad, says in (({"target": 0}, "The target score must be a whole number from 1"),
                      ({"draw": "never"}, "How players draw must be 'until-play' or"),
                      ({"spinner": "all"}, "Which doubles spin must be"),
                      ({"next_leader": "loser"}, "Who leads the later hands must be"),
                      ({"two_player_hand": 20}, "two players takes must be a whole number"),
                      ({"leader": 4}, "There is no seat 4 to lead at a table of 4")):
        with pytest.raises(OptionError, match=says) as e:
            bones.new_game("all-fives", seats=4, options=bad)
        assert e.value.field == next(iter(bad))
    assert AllFivesOptions() == bones.PRESETS["gs-af"].options
    assert bones.PRESETS["gs-af"].rules == tuple(f"A{i}" for i in range(1, 9))


def test_target_notation():
    g = bones.new_game("all-fives", seats=2, seed=1)
    names = {CENTRE: "C", 0: "E", 1: "W", 2: "N", 3: "S", 4: "N2", 5: "S2", 7: "S3"}
    for n, name in names.items():
        assert g.target_name(n) == name and g.target_number(name.lower()) == n
    assert g.parse("6-4@c") == bones.Move("play", parse_tile("6-4"), CENTRE)
    with pytest.raises(IllegalMove, match="no end called"):
        g.parse("6-4@x")


def test_observation_shows_own_hand_counts_and_layout_only():
    g = af(["6-4 1-1", "0-0 2-1 3-3"], draws="5-5")
    g.play("6-4@C")
    obs = g.observation(1)
    assert obs["hand"] == tiles("0-0 2-1 3-3") and obs["hand_sizes"] == [1, 3]
    assert obs["boneyard"] == len(g.boneyard) and obs["drawable"] == len(g.boneyard)
    assert repr(parse_tile("1-1")) not in repr(obs) and "hands" not in obs
    assert obs["layout"]["root"] == parse_tile("6-4") and obs["count"] == 10


def test_random_games_end_with_a_winner_at_the_target():
    rng = random.Random(3)
    for seed in range(20):
        g = bones.new_game("all-fives", seats=2 + seed % 3, seed=seed)
        while g.legal_moves():
            g.play(rng.choice(g.legal_moves()))
        assert max(g.totals) >= 250 and g.standings()[0][2] == max(g.totals)
        assert g.totals == [sum(r[s] for r in g.round_scores) for s in range(g.seats)]
        assert sum(e.value for e in g.log if e.side == g.sides[0]) == g.totals[0]

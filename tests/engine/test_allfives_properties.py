"""Property tests: random All Fives games over the options and 2-4 seats.

After every move: all 28 tiles are in exactly one place, the hand is over exactly when
someone went out, the target was reached or nobody can play (A7), every listed legal
move is accepted (and undone exactly), a sample of unlisted moves is refused
with IllegalMove and no change, the chosen move undoes exactly, every score is
a multiple of five and the score log adds up to the totals; at sampled points
the JSON round-trip gives an equal state.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.allfives_arms import CENTRE
from bones.allfives_scores import round_to_five
from bones.moves import NEXT, PLAY
from invariants import OPTION_CHANGES, assert_over_only_when_it_should_be, assert_tiles_conserved

FULL = bones.full_set(6)
TARGETS = [CENTRE - 1, CENTRE, 0, 1, 2, 3, 4, 5, 6, 7]

def check_scores(g: bones.Match) -> None:
    """A4 / A6 / A7: scores are multiples of five, the log adds up to the totals, partners
    share their side's score."""
    fives = g.options.count_in_fives
    for e in g.log:
        assert e.points % 5 == 0 and e.points >= 0
        assert e.value == (e.points // 5 if fives else e.points)
    for s in range(g.seats):
        side = g.sides[s]
        assert g.totals[s] == sum(e.value for e in g.log if e.side == side)
        if not fives:
            assert g.totals[s] % 5 == 0
    for s, t in zip(g.sides, g.totals, strict=True):
        assert t == g.side_totals()[s]
    for s, hand in enumerate(g.hands):  # what a seat passed on, it does not hold
        assert not any(t.hi in g.lacks[s] or t.lo in g.lacks[s] for t in hand)
    if g.root is not None:
        lay = g.layout()
        assert sum(a["counts"] for a in lay["arms"]) == lay["count"] == g.count


def check_play_score(g: bones.Match, before_log: int) -> None:
    """A4: a play scores exactly when the open ends total a positive multiple of five."""
    new = g.log[before_log:]
    play_entries = [e for e in new if e.reason.startswith("ends")]
    if g.count and g.count % 5 == 0:
        assert [e.points for e in play_entries] == [g.count]
    else:
        assert play_entries == []


def check_hand_end(g: bones.Match) -> None:
    """A6 / A7 checked from the hands, independently of how the engine got there."""
    pips = [sum(t.pips for t in h) for h in g.hands]
    e = g.log[-1] if g.ended in ("domino", "blocked") else None
    if g.ended == "domino":
        assert not g.hands[g.out]
        opp = sum(p for s, p in enumerate(pips) if g.sides[s] != g.sides[g.out])
        assert (e.seat, e.points) == (g.out, round_to_five(opp))
    elif g.ended == "blocked":
        assert len(g.boneyard) <= g.options.reserve()
        side_pips: dict[int, int] = {}
        for s, p in enumerate(pips):
            side_pips[g.sides[s]] = side_pips.get(g.sides[s], 0) + p
        low = min(side_pips.values())
        if list(side_pips.values()).count(low) > 1:
            assert e.seat is None and e.points == 0
        else:
            assert side_pips[e.side] == low
            assert e.points == round_to_five(sum(side_pips.values()) - low)
    else:
        assert g.ended == "target" and g.options.stop_at_target and g.match_over


@settings(max_examples=100)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6), changes=OPTION_CHANGES["all-fives"])
def test_random_hands_score_by_the_sheet(seats, seed, changes):
    """A4, A6, A7 after every move of two hands."""
    g = bones.new_game("all-fives", seats=seats, seed=seed, options=changes)
    rng = random.Random(seed)
    hands = 0
    while g.legal_moves() and hands < 2:
        m = rng.choice(g.legal_moves())
        k = len(g.log)
        g.play(m)
        if m.kind == PLAY:
            check_play_score(g, k)
        if g.round_over and m.kind != NEXT:
            check_hand_end(g)
            hands += 1
        check_scores(g)
    assert_tiles_conserved(g, FULL)


@settings(max_examples=40)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6), changes=OPTION_CHANGES["all-fives"])
def test_whole_game_to_the_target(seats, seed, changes):
    """A8: the game ends at the target (at once, by the option), the totals add up and
    the winner leads the next game."""
    g = bones.new_game("all-fives", seats=seats, seed=seed, options=changes)
    rng = random.Random(seed)
    while g.legal_moves():
        g.play(rng.choice(g.legal_moves()))
        if g.round_over:
            check_scores(g)
    assert g.match_over and g.legal_moves() == ()
    target = g.options.target
    assert max(g.totals) >= target
    if g.options.stop_at_target:
        # the game stopped with the first move that reached the target
        last = g.undo()
        assert max(g.totals) < target
        g.play(last)
    assert g.totals == [sum(r[s] for r in g.round_scores) for s in range(seats)]
    leader = g.next_game_leader()
    assert g.totals[leader] == max(g.totals)
    assert g.next_game_options() == {"leader": leader}


def test_thousands_of_random_hands_conserve_tiles_and_score_by_the_sheet():
    """A wide, cheap sweep: 1,500 random hands over 2-4 seats and the spinner rules."""
    rng = random.Random(2026)
    for i in range(1500):
        seats = 2 + i % 3
        spinner = ("first", "none", "every")[i // 3 % 3]
        g = bones.new_game("all-fives", seats=seats, seed=i,
                           options={"spinner": spinner, "stop_at_target": False})
        while not g.round_over:
            k = len(g.log)
            m = g.play(rng.choice(g.legal_moves()))
            if m.kind == PLAY:
                check_play_score(g, k)
            if not g.boneyard:
                assert_over_only_when_it_should_be(g)
        assert_tiles_conserved(g, FULL)
        check_hand_end(g)
        check_scores(g)

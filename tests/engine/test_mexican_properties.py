"""Property tests: random Mexican Train games under every preset and 2-8 seats.

After every move: every tile is in exactly one place, the round is over exactly when
someone went out or nobody can play (G9), every listed legal move
is accepted (and undone exactly), a sample of unlisted moves is refused with
IllegalMove and no change, the chosen move undoes exactly, and at sampled
points the JSON round-trip gives an equal state. Round scores follow the sheet.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.mexican import MEXICAN
from bones.moves import JOIN, NEXT
from invariants import (
    assert_illegal_refused,
    assert_json_round_trip,
    assert_legal_moves_accepted,
    assert_observation_hides,
    assert_over_only_when_it_should_be,
    assert_tiles_conserved,
    illegal_candidates,
)

PRESETS = ["gs-mt", "st-mt", "wc-mt"]

option_changes = st.fixed_dictionaries({}, optional={
    "double_rule": st.sampled_from(["anywhere", "on-double"]),
    "chain_doubles": st.booleans(),
    "must_play": st.booleans(),
    "drawn_playable": st.booleans(),
    "mexican_start": st.sampled_from(["any", "after-own-train"]),
    "knock_penalty": st.sampled_from([0, 2]),
    "blocked_blanks": st.booleans(),
    "start": st.sampled_from(["placed", "holder", "highest"]),
    "double_blank": st.sampled_from([0, 50]),
})


def check_scores(g: bones.MexicanTrain) -> None:
    """G10 / C8: the round score of each seat is what is left in its hand."""
    scores = g.round_scores[-1]
    for s, hand in enumerate(g.hands):
        expected = 0
        for t in hand:
            if t.hi == 0 and t.lo == 0:
                expected += 50 if (g.blocked and g.options.blocked_blanks) \
                    else g.options.double_blank
            elif t.lo == 0 and g.blocked and g.options.blocked_blanks:
                expected += t.hi + 25
            else:
                expected += t.pips
        assert scores[s] == expected
    if g.out is not None:
        assert scores[g.out] == 0 and not g.hands[g.out]
    else:
        assert g.blocked and not g.boneyard  # G9


@settings(max_examples=60)
@given(preset=st.sampled_from(PRESETS), seats=st.integers(2, 8), seed=st.integers(0, 10**6),
       changes=option_changes)
def test_random_round_keeps_every_invariant(preset, seats, seed, changes):
    try:
        g = bones.new_game("mexican-train", seats=seats, preset=preset, seed=seed,
                           options=changes)
    except ValueError:
        return  # an option mix the deck cannot deal (too many tiles per hand)
    full = bones.full_set(g.options.set_high)
    rng = random.Random(seed)
    targets = [MEXICAN, *range(seats)]
    n = 0
    while not g.round_over:
        assert_tiles_conserved(g, full)
        assert_legal_moves_accepted(g)
        assert_illegal_refused(g, illegal_candidates(g, rng, full, targets))
        m = rng.choice(g.legal_moves())
        before = g.clone()
        g.play(m)
        g.undo()
        assert g == before
        g.play(m)
        assert_over_only_when_it_should_be(g)  # G9, after every move
        n += 1
        if n % 37 == 0:
            assert_json_round_trip(g)
            assert_observation_hides(g)
    assert_tiles_conserved(g, full)
    check_scores(g)
    assert_json_round_trip(g)


@settings(max_examples=15)
@given(preset=st.sampled_from(PRESETS), seats=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_whole_match_then_undo_to_the_start(preset, seats, seed):
    g = bones.new_game("mexican-train", seats=seats, preset=preset, seed=seed)
    fresh = g.clone()
    rng = random.Random(seed)
    expected = [0] * seats  # G1 totals kept by hand, G7 late arrivals included
    while g.legal_moves():
        moves = g.legal_moves()
        nxt = [m for m in moves if m.kind == NEXT]
        m = g.play(nxt[0] if nxt and rng.random() < 0.9 else rng.choice(moves))
        assert_over_only_when_it_should_be(g)
        if m.kind == JOIN:
            expected.append(max(expected))
        elif g.round_over and m.kind != NEXT:
            check_scores(g)
            expected = [t + s for t, s in zip(expected, g.round_scores[-1], strict=True)]
        assert g.totals == expected
    assert g.match_over and g.legal_moves() == []
    assert len(g.round_scores) == g.options.rounds
    assert_json_round_trip(g)
    while g.history:
        g.undo()
    assert g == fresh


def test_thousands_of_random_rounds_conserve_tiles_and_score_by_the_sheet():
    """A wide, cheap sweep: 1,500 random rounds over the presets and 2-8 seats."""
    rng = random.Random(2026)
    for i in range(1500):
        preset = PRESETS[i % 3]
        seats = 2 + i % 7
        g = bones.new_game("mexican-train", seats=seats, preset=preset, seed=i)
        full = bones.full_set(12)
        while not g.round_over:
            g.play(rng.choice(g.legal_moves()))
            if not g.boneyard:
                assert_over_only_when_it_should_be(g)
        assert_tiles_conserved(g, full)
        check_scores(g)

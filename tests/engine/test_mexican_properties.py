"""Property tests: random Mexican Train games under every preset, the options and 2-8
seats, scored by the sheet. The invariants after every move (tiles, legal and illegal
moves, undo, saves, the round's end) are the conformance test's (test_conformance.py),
over every game.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.moves import JOIN, NEXT
from invariants import OPTION_CHANGES, assert_over_only_when_it_should_be, assert_tiles_conserved

PRESETS = ["gs-mt", "st-mt", "wc-mt"]

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
       changes=OPTION_CHANGES["mexican-train"])
def test_random_round_under_any_options_scores_by_the_sheet(preset, seats, seed, changes):
    try:
        g = bones.new_game("mexican-train", seats=seats, preset=preset, seed=seed,
                           options=changes)
    except ValueError:
        return  # an option mix the deck cannot deal (too many tiles per hand)
    rng = random.Random(seed)
    while not g.round_over:
        g.play(rng.choice(g.legal_moves()))
    assert_tiles_conserved(g, bones.full_set(g.options.set_high))
    check_scores(g)


@settings(max_examples=15)
@given(preset=st.sampled_from(PRESETS), seats=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_whole_match_keeps_the_totals(preset, seats, seed):
    """G1 / G7 / G10: every round's scores are the pips left, and the totals add them up
    (a late arrival starts with the highest total). The moves' invariants, saves and undo
    are the conformance test's (test_conformance.py)."""
    g = bones.new_game("mexican-train", seats=seats, preset=preset, seed=seed)
    rng = random.Random(seed)
    expected = [0] * seats
    while g.legal_moves():
        moves = g.legal_moves()
        nxt = [m for m in moves if m.kind == NEXT]
        m = g.play(nxt[0] if nxt and rng.random() < 0.9 else rng.choice(moves))
        if m.kind == JOIN:
            expected.append(max(expected))
        elif g.round_over and m.kind != NEXT:
            check_scores(g)
            expected = [t + s for t, s in zip(expected, g.round_scores[-1], strict=True)]
        assert g.totals == expected
    assert g.match_over and g.legal_moves() == ()
    assert len(g.round_scores) == g.options.rounds


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

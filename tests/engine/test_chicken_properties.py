"""Property tests: random Chicken Foot games over the options and 2-8 seats.

After every move: every tile is in exactly one place, the round is over exactly when
someone went out or nobody can play (G9), the chicken feet are
well formed (each line grows from its double, every later double has its 3
toes, the unsatisfied double's empty lines are the only empty ones and the
only targets), every listed legal move is accepted (and undone exactly), a
sample of unlisted moves is refused with IllegalMove and no change, the chosen
move undoes exactly, and at sampled points the JSON round-trip gives an equal
state. Round scores follow the sheet (G10).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.chicken import HUB, LINE, SPUR, TOE
from bones.moves import JOIN, NEXT, PLAY
from invariants import OPTION_CHANGES, assert_over_only_when_it_should_be, assert_tiles_conserved


def assert_feet(g: bones.Match) -> None:
    """The layout is a set of chicken feet, as the table draws it."""
    o = g.options
    centre = [i for i, x in enumerate(g.line_info) if x.stem == HUB]
    assert centre == list(range(o.centre_paths))
    kinds = [g.line_info[i].kind for i in centre]
    assert kinds == ([TOE, TOE, TOE, SPUR] if o.centre_paths == 4 else [LINE] * 6)
    assert len(g.lines) == len(g.line_info)
    toes: dict = {}
    for i, info in enumerate(g.line_info):
        if info.stem != HUB:
            assert info.kind == TOE and g.lines[info.stem][-1][0] == info.double
            toes.setdefault(info.double, []).append(i)
        end = info.double.hi
        for k, (t, e) in enumerate(g.lines[i]):
            assert t.has(end) and e == t.other(end)  # each tile matches the one before
            assert not t.is_double or k == len(g.lines[i]) - 1  # a double closes its line
            end = e
    for tiles in g.lines:
        if tiles and tiles[-1][0].is_double:
            feet = toes.get(tiles[-1][0], [])
            going_out = g.round_over and g.out is not None and not feet
            assert going_out or len(feet) == 3  # F3 (F6: none when it went out)
    for feet in toes.values():
        assert feet == list(range(feet[0], feet[0] + 3))
    assert list(g.pending) == [i for i, tiles in enumerate(g.lines) if not tiles]  # F2/F3
    for hand, lacks in zip(g.hands, g.lacks, strict=True):  # what the AI may rely on
        assert not any(t.has(x) for t in hand for x in lacks)
    assert len({g.line_info[i].double for i in g.pending}) <= 1
    if not g.round_over:
        targets = {m.target for m in g.legal_moves() if m.kind == PLAY}
        if g.pending:
            assert targets <= {g.pending[0]}
        else:
            assert targets <= {i for i in range(len(g.lines)) if g.is_open(i)}


def check_scores(g: bones.Match) -> None:
    """G10: the round score of each seat is what is left in its hand; 0-0 by the option."""
    scores = g.round_scores[-1]
    for s, hand in enumerate(g.hands):
        expected = sum(g.options.double_blank if t.pips == 0 else t.pips for t in hand)
        assert scores[s] == expected
    if g.out is not None:
        assert scores[g.out] == 0 and not g.hands[g.out]
    else:
        assert g.blocked and not g.boneyard  # G9
        for s in range(g.seats):  # ... and nobody can play
            ends = [g.end_of(i) for i in (g.pending[:1] or range(len(g.lines)))
                    if g.is_open(i)]
            assert not any(t.has(e) for t in g.hands[s] for e in ends)


def new(seats, seed, changes):
    try:
        return bones.new_game("chicken-foot", seats=seats, seed=seed, options=changes)
    except ValueError:
        return None  # an option mix the deck cannot deal


@settings(max_examples=60)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6),
       changes=OPTION_CHANGES["chicken-foot"])
def test_random_round_keeps_the_feet_and_scores_by_the_sheet(seats, seed, changes):
    g = new(seats, seed, changes)
    if g is None:
        return
    rng = random.Random(seed)
    while not g.round_over:
        assert_feet(g)
        g.play(rng.choice(g.legal_moves()))
    assert_tiles_conserved(g, bones.full_set(g.options.set_high))
    assert_feet(g)
    check_scores(g)


@settings(max_examples=15)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6),
       changes=OPTION_CHANGES["chicken-foot"])
def test_whole_match_keeps_the_totals(seats, seed, changes):
    """G1 / G7 / G10: the totals add up every round, a late arrival's included."""
    g = new(seats, seed, {**changes, "rounds": 4})
    if g is None:
        return
    rng = random.Random(seed)
    while g.legal_moves():
        moves = g.legal_moves()
        nxt = [m for m in moves if m.kind == NEXT]
        m = g.play(nxt[0] if nxt and rng.random() < 0.8 else rng.choice(moves))
        if g.round_over and m.kind not in (NEXT, JOIN):
            check_scores(g)
    assert g.match_over and g.legal_moves() == ()
    assert len(g.round_scores) == 4
    assert g.totals == [sum(r[s] or 0 for r in g.round_scores) + _joined_with(g, s)
                        for s in range(g.seats)]


def _joined_with(g, seat):
    """G7: a late arrival starts with the highest total at the table when they joined."""
    missed = [r for r in g.round_scores if r[seat] is None]
    if not missed:
        return 0
    k = len(missed)
    return max(sum(r[s] or 0 for r in g.round_scores[:k]) + _joined_with(g, s)
               for s in range(g.seats) if g.round_scores[k - 1][s] is not None)


def test_thousands_of_random_rounds_keep_the_feet_and_score_by_the_sheet():
    """A wide, cheap sweep: 1,500 random rounds over the options and 2-8 seats."""
    rng = random.Random(2026)
    for i in range(1500):
        changes = {"centre_paths": (4, 6)[i % 2], "draw": ("one", "until")[i // 2 % 2],
                   "set_high": (12, 9)[i // 4 % 2], "must_play": i % 5 == 0}
        g = bones.new_game("chicken-foot", seats=2 + i % 7, seed=i, options=changes)
        full = bones.full_set(g.options.set_high)
        while not g.round_over:
            g.play(rng.choice(g.legal_moves()))
            if not g.boneyard:
                assert_over_only_when_it_should_be(g)
        assert_tiles_conserved(g, full)
        assert_feet(g)
        check_scores(g)

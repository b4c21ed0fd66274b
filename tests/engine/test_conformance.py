"""One conformance test over every registered game and preset: random play
to the end of a round and of a match, the invariants after every move (every tile in one
place, every listed move accepted and undone exactly, unlisted moves refused with a
clear error and no change, the round over exactly when it should be), saves that load
equal, and a whole match undone back to its start. The per-game property tests keep
only what is particular to a game (its scoring, its feet, its options).
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
import bones.games
import bones.layout.tables
from bones.ai.levels import POLICIES
from bones.games import game, games, presets_of
from bones.layout.tables import tables
from bones.moves import NEXT
from invariants import (
    OPTION_CHANGES,
    assert_illegal_refused,
    assert_json_round_trip,
    assert_legal_moves_accepted,
    assert_observation_hides,
    assert_over_only_when_it_should_be,
    assert_seen_copy_is_the_observation,
    assert_tiles_conserved,
    illegal_candidates,
)

CASES = [(g.id, name) for g in games() for name in presets_of(g.id)]


def _new(game_id: str, preset: str, data, options: bool = False) -> tuple:
    """A new match of any size by the preset (and, with ``options``, changed by a mix of
    the game's options), and its seed; None for a mix the deck cannot deal."""
    cls = game(game_id).match
    seats = data.draw(st.integers(cls.min_seats, cls.max_seats), label="seats")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    changes = data.draw(OPTION_CHANGES[game_id], label="options") if options else None
    try:
        return bones.new_game(game_id, seats=seats, preset=preset, seed=seed,
                              options=changes), seed
    except ValueError:
        return None, seed


def test_every_game_is_registered_once_with_its_presets():
    assert [g.id for g in games()] == ["mexican-train", "chicken-foot", "all-fives"]
    assert set(bones.GAMES) == {g.id for g in games()}
    for g in games():
        assert g.match.game == g.id and bones.GAMES[g.id] is g.match
        assert g.match.default_preset in presets_of(g.id)
    # the table and the computer player register themselves, by the game's id
    assert set(tables()) == set(POLICIES) == {g.id for g in games()}
    assert sorted(n for _g, n in CASES) == sorted(bones.PRESETS)
    assert set(OPTION_CHANGES) == {g.id for g in games()}  # each game's options are played
    with pytest.raises(ValueError, match="twice"):
        bones.games.register(game("all-fives"))
    assert doctest.testmod(bones.games).failed == 0
    assert doctest.testmod(bones.layout.tables).failed == 0


@pytest.mark.parametrize(("game_id", "preset"), CASES)
@settings(max_examples=28)
@given(data=st.data())
def test_random_round_keeps_every_invariant(game_id, preset, data):
    g, seed = _new(game_id, preset, data, options=True)
    if g is None:
        return
    full = bones.full_set(game(game_id).set_high(g.options))
    targets = list(range(-2, g.seats + 8))  # every game's targets, and some beyond
    rng = random.Random(seed)
    n = 0
    while not g.round_over:
        assert_tiles_conserved(g, full)
        assert_legal_moves_accepted(g)
        assert_illegal_refused(g, illegal_candidates(g, rng, full, targets))
        m = rng.choice(g.legal_moves())
        before = g.clone()
        g.play(m)
        g.undo()
        assert g == before, f"{g.notation(m)} then undo did not restore the position"
        g.play(m)
        assert_over_only_when_it_should_be(g)  # G9 / A7, after every move
        n += 1
        if n % 19 == 0:
            assert_json_round_trip(g)
            assert_observation_hides(g)
            assert_seen_copy_is_the_observation(g, rng)
    assert_tiles_conserved(g, full)
    assert_json_round_trip(g)
    assert_seen_copy_is_the_observation(g, rng)


@pytest.mark.parametrize(("game_id", "preset"), CASES)
@settings(max_examples=6)
@given(data=st.data())
def test_whole_match_saves_loads_and_undoes_to_the_start(game_id, preset, data):
    g, seed = _new(game_id, preset, data)
    fresh = g.clone()
    full = bones.full_set(game(game_id).set_high(g.options))
    rng = random.Random(seed)
    while g.legal_moves():
        moves = g.legal_moves()
        nxt = [m for m in moves if m.kind == NEXT]
        g.play(nxt[0] if nxt and rng.random() < 0.9 else rng.choice(moves))
        assert_over_only_when_it_should_be(g)
        if g.round_over:
            assert_tiles_conserved(g, full)
            assert_json_round_trip(g)
    assert g.match_over and g.legal_moves() == ()
    assert_json_round_trip(g)
    while g.history:
        g.undo()
    assert g == fresh

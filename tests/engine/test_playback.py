"""Replay of a saved game (bones.playback): every position of a random game is reproduced
from its save, stepping forward, back and jumping, and the rounds are where they were."""

from __future__ import annotations

import doctest
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones import playback
from bones.errors import BadSave
from bones.playback import Replay
from records_play import GAMES, play_random


def test_the_modules_examples_hold():
    assert doctest.testmod(playback).failed == 0


def _positions(game, preset, seats, seed, sealed, rounds):
    """A random game and a copy of every position it went through."""
    g = play_random(game, preset, seats, seed, sealed=sealed, rounds=rounds, max_moves=600)
    moves = [m for m, _s, _t in g.history]
    h = bones.from_json(dict(g.to_json(), moves=[]))
    states = [h.clone()]
    for m in moves:
        h.play(m)
        states.append(h.clone())
    assert states[-1] == g
    return g, states


@settings(max_examples=30, deadline=None)
@given(which=st.sampled_from(GAMES), seats=st.integers(2, 5), seed=st.integers(0, 10**6),
       sealed=st.booleans(), rounds=st.integers(1, 3))
def test_a_replay_reproduces_every_position_forward_back_and_by_jumps(which, seats, seed,
                                                                     sealed, rounds):
    game, preset = which
    if game == "all-fives":
        seats = min(seats, 4)
    g, states = _positions(game, preset, seats, seed, sealed, rounds)
    r = Replay(bones.dumps(g))
    assert len(r) == len(g.history) and r.final == g
    for k in range(len(r) + 1):  # forward, one move at a time
        assert r.at(k) == states[k]
    for k in range(len(r), -1, -1):  # and back
        assert r.at(k) == states[k]
    rng = random.Random(seed)
    for k in rng.choices(range(len(r) + 1), k=20):  # and by jumps
        assert r.at(k) == states[k]
        assert r.hands(k) == [list(h) for h in states[k].hands]
    for i, (seat, notation) in enumerate(r.moves()):
        assert seat == g.history[i][1] and notation == g.notation(g.history[i][0])


@settings(max_examples=15, deadline=None)
@given(which=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_the_rounds_start_at_a_deal_and_end_when_the_round_is_over(which, seed):
    game, preset = which
    g, states = _positions(game, preset, 3, seed, True, 3)
    r = Replay(g)
    rounds = r.rounds()
    assert [rd.number for rd in rounds] == list(range(1, g.round_number + 1))
    for rd in rounds:
        start = states[rd.start]
        assert start.round_number == rd.number and not start.round_over
        assert r.round_of(rd.start) == rd
        if rd.end is not None:
            assert states[rd.end].round_over and not states[rd.end - 1].round_over
            assert r.round_of(rd.end) == rd
    for seat in range(g.seats):
        assert all(r.move(i)[0] == seat for i in r.seat_moves(seat))


def test_finished_only_shows_no_hand_of_the_round_being_played():
    g = play_random("mexican-train", "gs-mt", 3, 4, rounds=2, joins=False)
    assert g.round_over and g.round_number == 2
    g.play("next")
    for _ in range(3):
        g.play(g.legal_moves()[0])
    assert not g.round_over
    r = Replay(g, finished_only=True)
    assert [rd.end is not None for rd in r.rounds()] == [True] * len(r.rounds())
    assert r.at(len(r)).round_over
    assert len(r) < len(g.history)
    with pytest.raises(IndexError, match="positions 0 to"):
        r.at(len(r) + 1)


def test_a_replay_leaves_the_match_it_was_given_alone():
    g = play_random("all-fives", "gs-af", 2, 9, rounds=1)
    before = g.to_json()
    r = Replay(g)
    r.at(0)
    assert g.to_json() == before and len(g.history) == len(r)


def test_a_tampered_save_is_refused_at_the_move_that_does_not_fit():
    g = play_random("chicken-foot", "gs-cf", 3, 2, rounds=1)
    data = json.loads(bones.dumps(g))
    data["moves"][3], data["moves"][4] = data["moves"][4], data["moves"][3]
    with pytest.raises(BadSave):
        Replay(data)


@pytest.mark.parametrize("game, preset", GAMES)
def test_opening_a_rounds_deal_leaves_the_replay_where_it_was(game, preset):
    g = play_random(game, preset, 2, 7, sealed=True, rounds=1)
    r = Replay(g)
    for k in (len(r), len(r) // 2, 1):
        m = r.at(k)
        before = m.clone()
        assert r.deal(1) is not None
        assert m == before and r.at(k) == before and len(m.history) == k

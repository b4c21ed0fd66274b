"""The coach of the replay (bones.ai.coach): at a player's move, what Normal and Hard
would have played (the Hint's own choices and words), what the player's choice cost by
the computer's estimate, marked only when clearly worse; thinking only on what the
player's seat saw."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.ai import levels
from bones.ai.coach import MARK, Coach, review
from bones.ai.policy import forced
from bones.moves import JOIN
from bones.playback import Replay
from invariants import reshuffle_hidden
from records_play import play_random

FEW = {"worlds": 12, "hard_worlds": 8}  # enough to test the workings, quick


def _choice_position(seed: int, game: str = "mexican-train", preset: str = "gs-mt"):
    """A position in a random round where the seat to move has a real choice (the
    first one from ``seed`` on), and the move made there."""
    for n in range(seed, seed + 100):
        g = play_random(game, preset, 3, n, sealed=False, rounds=1, max_moves=60)
        r = Replay(g)
        for i in range(len(r)):
            before = r.at(i).clone()
            legal = [m for m in before.legal_moves() if m.kind != JOIN]
            if before.turn is not None and len(legal) > 2 and forced(legal) is None:
                return before, r.move(i)[1]
    raise AssertionError("no choice in 100 random games")


def test_a_forced_move_gets_no_advice():
    g = bones.new_game("mexican-train", seats=2, seed=1, deal={
        "hands": [["1-2"], ["3-4", "5-6"]], "first": 0})
    assert [g.notation(m) for m in g.legal_moves()] == ["draw"]
    a = review(g, "draw", **FEW)
    assert a.forced and a.normal is None and a.hard is None and not a.marked
    assert a.to_json()["played"] == "draw"


def test_the_coach_gives_the_hints_own_choices_and_words():
    before, played = _choice_position(3)
    a = review(before, played, seed="r1", **FEW)
    seat = before.turn
    normal = levels.hint(before, seat, "normal", seed="r1")
    hard = levels.hint(before, seat, "hard", seed="r1", worlds=FEW["hard_worlds"])
    assert (a.normal, a.hard) == (normal, hard)
    assert not a.forced and a.seat == seat and a.played == played
    j = a.to_json()
    assert j["normal"] == {"move": normal.notation, "reason": normal.reason}


def test_choosing_what_a_computer_would_costs_nothing():
    before, _ = _choice_position(4)
    a = review(before, levels.hint(before, before.turn).notation, **FEW)
    assert (a.cost, a.marked, a.worlds) == (0.0, False, 0)


def test_throwing_away_a_round_is_marked():
    """Going out ends the round with nothing in hand; drawing instead leaves 28 pips
    behind and the other player the chance to go out first."""
    g = bones.new_game("mexican-train", seats=2, seed=2, deal={
        "hands": [["9-5"], ["12-12", "11-11", "10-10", "8-8", "7-7", "6-6", "4-4"]],
        "first": 0})
    assert "draw" in [g.notation(m) for m in g.legal_moves()]
    a = review(g, "draw", seed=1, **FEW)
    assert a.normal.notation.startswith("9-5") and a.marked and a.cost >= MARK
    assert a.cost > 2 * a.error


def test_the_advice_is_the_same_every_time_and_kept_by_the_replay():
    g = play_random("all-fives", "gs-af", 2, 5, sealed=True, rounds=1, max_moves=30)
    r = Replay(g)
    c = Coach(r, seed="game-id", **FEW)
    i = next(i for i in r.seat_moves(0) if len(r.at(i).legal_moves()) > 1)
    first = c.advice(i)
    assert Coach(Replay(g), seed="game-id", **FEW).advice(i) == first
    assert c.advice(i) is first
    between = next((k for k, (s, _n) in enumerate(r.moves()) if s is None), None)
    if between is not None:
        with pytest.raises(ValueError, match="between rounds"):
            c.advice(between)


def test_an_illegal_move_is_refused():
    g = bones.new_game("chicken-foot", seats=2, seed=1)
    with pytest.raises(ValueError, match="not a legal move"):
        review(g, "draw" if "draw" not in map(g.notation, g.legal_moves()) else "pass", **FEW)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**5))
def test_the_coach_sees_only_what_the_players_seat_saw(seed):
    """The hidden tiles dealt otherwise, the advice is the same: the coach never reads
    the hands the replay shows face up."""
    before, _ = _choice_position(seed, "chicken-foot", "gs-cf")
    seat = before.turn
    choices = {levels.hint(before, seat, "normal", seed=seed).move,
               levels.hint(before, seat, "hard", seed=seed, worlds=FEW["hard_worlds"]).move}
    played = next(m for m in before.legal_moves() if m not in choices)  # a cost is worked out
    other = reshuffle_hidden(before, seat, random.Random(seed))
    a = review(before, played, seed=seed, **FEW)
    assert a.worlds > 0 and review(other, played, seed=seed, **FEW) == a

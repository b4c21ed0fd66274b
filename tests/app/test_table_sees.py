"""The table's markup shows only what the seat at the screen may see: it reads
the seat's observation (``Session.observation``, boardgame.io's playerView), never the
real hands. Two tables whose hidden tiles differ, the same to that seat, draw the same."""

from __future__ import annotations

import dataclasses
import random

import pytest

import bones
from app.game.seats import Seat
from app.game.session import Session
from app.table import dialog_views, felt, views
from bones.moves import PLAY

GAMES = [("mexican-train", 4), ("chicken-foot", 4), ("all-fives", 4), ("all-fives", 2)]


def session(game: str, seats: int, moves: int | None, seed: int, humans: int = 1) -> Session:
    """A table ``moves`` moves in, or at the round's end (``moves`` None), the first
    ``humans`` seats people, the rest the computer."""
    s = Session.new(game, bones.GAMES[game].default_preset,
                    [Seat(f"P{i}", "human" if i < humans else "computer")
                     for i in range(seats)], seed=seed)
    s.started = True
    rng = random.Random(seed)
    while not s.game.round_over:
        if moves is not None and len(s.game.history) == moves:
            break
        ms = s.game.legal_moves()
        s.play(rng.choice([m for m in ms if m.kind == PLAY] or ms))
    if moves is not None and s.game.round_over:  # it ended sooner: back to mid-round
        s.game.undo()
    return s


def redealt(s: Session, hidden: set[int], rng: random.Random) -> Session:
    """The same table with the hands of the ``hidden`` seats and the boneyard dealt again
    from their own tiles at random, every count kept."""
    g = s.game.clone()
    pool = [t for seat in sorted(hidden) for t in g.hands[seat]] + list(g.boneyard)
    rng.shuffle(pool)
    for seat in sorted(hidden):
        n = len(g.hands[seat])
        g.hands[seat], pool = pool[:n], pool[n:]
    g.boneyard = pool
    g._legal = None
    return dataclasses.replace(s, game=g, seats=[dataclasses.replace(x) for x in s.seats])


def screen(s: Session) -> str:
    """The whole table as the page draws it, the felt laid out, a tile of the hand chosen
    (the places it may go lit), with the move log and score sheet dialog."""
    hand = s.observation()["hand"]
    chosen = hand[0] if hand else None
    lay = felt.lanes_layout(s, 960, 514)
    return (views.whole_table(s, lay, selected=chosen, hint="")
            + felt.table_svg(s, lay, selected=chosen, targets=set())
            + dialog_views.sheet_dialog(s))


def differ(a: Session, b: Session) -> bool:
    return a.game.hands != b.game.hands or a.game.boneyard != b.game.boneyard


@pytest.mark.parametrize("game,seats", GAMES)
@pytest.mark.parametrize("moves", [0, 6, 20])
def test_hidden_tiles_do_not_change_the_table(game, seats, moves):
    """The others' hands and the boneyard dealt again: the same observation for the seat
    at the screen, the same markup, byte for byte."""
    s = session(game, seats, moves, seed=moves + seats)
    v = s.viewer()
    assert v == 0
    rng = random.Random(moves)
    twin = redealt(s, set(range(seats)) - {v}, rng)
    assert differ(s, twin) or not s.game.boneyard
    assert twin.observation() == s.observation()
    assert screen(twin) == screen(s)


@pytest.mark.parametrize("game,seats", GAMES[:3])
def test_with_no_seat_at_the_screen_no_hand_is_read(game, seats):
    """Hotseat, the next player not yet at the screen: every hand is hidden, so every
    hand dealt again changes nothing on the screen."""
    s = session(game, seats, 9, seed=3, humans=seats)
    assert s.needs_handoff() and s.viewer() is None
    twin = redealt(s, set(range(seats)), random.Random(3))
    assert differ(s, twin)
    assert s.observation()["hand"] is None and twin.observation() == s.observation()
    assert screen(twin) == screen(s)
    assert dialog_views.handoff_dialog(twin) == dialog_views.handoff_dialog(s)


@pytest.mark.parametrize("game,seats", GAMES[:3])
def test_at_the_round_end_every_hand_shows_but_not_the_boneyard(game, seats):
    """G10: once the round is over every hand is shown; the boneyard's order stays
    hidden."""
    s = session(game, seats, None, seed=5)
    assert s.game.round_over and "shown" in s.observation()
    twin = redealt(s, set(), random.Random(5))
    assert differ(s, twin) or len(s.game.boneyard) < 2
    assert twin.observation() == s.observation()
    assert dialog_views.round_end_dialog(twin) == dialog_views.round_end_dialog(s)
    assert screen(twin) == screen(s)
    for seat, hand in enumerate(s.game.hands):
        for t in hand:
            assert f'data-tile="{t}"' in dialog_views.round_end_dialog(s), (seat, t)


def test_the_seats_own_tiles_do_change_the_table():
    """The check above can fail: the seat at the screen holding other tiles (as many)
    draws another table."""
    s = session("mexican-train", 4, 6, seed=1)
    twin = redealt(s, {0}, random.Random(1))
    assert sorted(twin.game.hands[0]) != sorted(s.game.hands[0])
    assert twin.observation() != s.observation()
    assert screen(twin) != screen(s)

"""All Fives, two players, the boneyard empty: the rest of the hand searched to its end
(bones.ai.af_endgame). Checked against a plain minimax on the real engine (every rule,
no pruning, no light lists) over endgames from many games."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

import bones
from bones.ai import af_endgame, levels, world
from bones.ai import allfives as af
from bones.ai.policy import DEFAULT
from bones.moves import PASS, PLAY

POL = af.AllFivesPolicy()


def endgames(count: int, seed: int, max_tiles: int = 9, bone: int = 0):
    """Positions where a player to move has two plays or more and ``bone`` tiles are
    left to draw, from games of Normal against Easy (hands no bigger than ``max_tiles``
    in all, so the plain minimax stays quick)."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=rng.getrandbits(32))
        for _ in range(400):
            if g.match_over or len(found) >= count:
                break
            if g.round_over:
                g.play(g.legal_moves()[0])
                continue
            seat = g.turn
            legal = sorted(g.legal_moves(), key=levels.move_key)
            obs = g.observation(seat)
            if (af_endgame.applies(g, obs) and obs["boneyard"] == bone
                    and sum(m.kind == PLAY for m in legal) > 1
                    and sum(len(h) for h in g.hands) <= max_tiles):
                found.append(g.clone())
            g.play(levels.choose(g, seat, "normal" if seat == 0 else "easy", seed=1))
    return found


def engine_value(g, seat: int) -> float:
    """Minimax on the engine itself: ``seat`` picks the best, the other the worst."""
    if g.round_over:
        return POL.outcome(g, seat)
    vals = []
    for m in g.legal_moves():
        sim = g.clone(keep_history=False)
        sim._push(m)
        vals.append(engine_value(sim, seat))
    return max(vals) if g.turn == seat else min(vals)


def play_value(g, seat: int, m) -> float:
    sim = g.clone(keep_history=False)
    sim._push(m)
    return engine_value(sim, seat)


@pytest.fixture(scope="module")
def positions():
    return endgames(40, 7)


def test_the_solved_play_is_the_best_and_its_value_exact(positions):
    """For every endgame: the value ``solve`` gives is the engine's minimax value of the
    position, and the play it picks reaches it."""
    differ = 0
    for g in positions:
        seat = g.turn
        legal = sorted(g.legal_moves(), key=levels.move_key)
        got = af_endgame.solve(g, g.observation(seat), legal, POL, nodes=10**6)
        assert got is not None
        move, value = got
        values = {m: play_value(g, seat, m) for m in legal if m.kind == PLAY}
        best = max(values.values())
        assert value == pytest.approx(best, abs=1e-9)
        assert values[move] == pytest.approx(best, abs=1e-9)
        differ += len({round(v, 9) for v in values.values()}) > 1
    assert differ >= 10  # the plays do matter in many of these positions


@pytest.mark.parametrize(("bone", "count", "words"), [
    (1, 12, "Counting the tiles left, no play does better on average"),
    (2, 5, "Counting the tiles left, no play does better on average")])
def test_with_tiles_left_to_draw_the_mean_over_every_deal(bone, count, words):
    """One or two tiles left to draw: the value of a play is its engine minimax value
    averaged over every deal of the unseen tiles (which are left to draw, in which
    order) that the other player's known gaps allow, and the play picked has the best
    average."""
    checked = hinted = 0
    for g in endgames(count, 5, max_tiles=8 - bone, bone=bone):
        seat = g.turn
        obs = g.observation(seat)
        legal = sorted(g.legal_moves(), key=levels.move_key)
        plays = [m for m in legal if m.kind == PLAY]
        unseen = world.unseen_tiles(g, obs, POL)
        lack = POL.lacks(g, obs)[1 - seat]
        totals = dict.fromkeys(plays, 0.0)
        deals = 0
        for left in permutations(unseen, bone):
            hand = [u for u in unseen if u not in left]
            if any(u.hi in lack or u.lo in lack for u in hand):
                continue
            w = g.clone(keep_history=False)
            world.install(w, seat, obs, {1 - seat: hand}, list(left))
            deals += 1
            for m in plays:
                totals[m] += play_value(w, seat, m)
        got = af_endgame.solve(g, obs, legal, POL, nodes=10**6)
        assert got is not None and deals >= 1
        move, value = got
        best = max(totals.values()) / deals
        assert value == pytest.approx(best, abs=1e-9)
        assert totals[move] / deals == pytest.approx(best, abs=1e-9)
        checked += 1
        if af_endgame.solve(g, obs, legal, POL) is not None:  # within Normal's budget
            h = levels.hint(g, seat, "normal")
            assert totals[h.move] / deals == pytest.approx(best, abs=1e-9)
            assert words in h.reason
            hinted += 1
    assert checked == count and hinted >= count // 2


def test_normal_and_hard_play_it(positions):
    """Both levels play a best move of the end of the hand, and the hint says why
    (wherever the search fits its budget, as it does in most of these)."""
    done = 0
    for g in positions[:15]:
        seat = g.turn
        legal = sorted(g.legal_moves(), key=levels.move_key)
        if af_endgame.solve(g, g.observation(seat), legal, POL) is None:
            continue
        done += 1
        values = {m: play_value(g, seat, m) for m in legal if m.kind == PLAY}
        best = max(values.values())
        for level in ("normal", "hard"):
            m = levels.choose(g, seat, level, seed=3, worlds=20)
            assert values[m] == pytest.approx(best, abs=1e-9), level
        h = levels.hint(g, seat, "normal")
        assert "Counting every tile, no play does better by the end of the hand." in h.reason
    assert done >= 10


def test_it_uses_only_what_the_seat_may_see(positions):
    """The other hand is read from the observation: the full set minus the seat's hand
    and the table. A clone whose other hand is swapped for nonsense gives the same
    answer (the search never looks at it)."""
    for g in positions[:10]:
        seat = g.turn
        legal = sorted(g.legal_moves(), key=levels.move_key)
        obs = g.observation(seat)
        a = af_endgame.solve(g, obs, legal, POL)
        h = g.clone()
        h.hands[1 - seat] = list(reversed(h.hands[seat]))  # wrong tiles, never read
        assert af_endgame.solve(h, obs, legal, POL) == a


def test_too_big_a_search_gives_up_and_normal_decides_as_before(positions):
    g = max(positions, key=lambda x: sum(len(h) for h in x.hands))
    assert af_endgame.solve(g, g.observation(g.turn), g.legal_moves(), POL, nodes=10**6)
    seat = g.turn
    legal = sorted(g.legal_moves(), key=levels.move_key)
    assert af_endgame.solve(g, g.observation(seat), legal, POL, nodes=1) is None
    # with the end-of-hand search off, Normal's ranking is the rules of thumb alone
    off = af.AllFivesPolicy(DEFAULT.with_("allfives.endgame", False))
    plain = off.normal(g, g.observation(seat), legal, random.Random(1))
    assert all("Counting" not in s.reason for s in plain)


def test_it_does_not_apply_while_tiles_are_left_to_draw_or_with_more_players():
    g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=5)
    legal = g.legal_moves()
    assert not af_endgame.applies(g, g.observation(g.turn))
    assert af_endgame.solve(g, g.observation(g.turn), legal, POL) is None
    g3 = bones.new_game("all-fives", seats=3, preset="gs-af", seed=5)
    assert not af_endgame.applies(g3, g3.observation(g3.turn))


def test_a_stuck_player_passes_and_a_block_ends_the_hand():
    """Endgames where a pass or a block follows the play (A7) are among those solved:
    the plain minimax passes through the engine's PASS moves."""
    seen_pass = 0
    for g in endgames(30, 11):
        seat = g.turn
        sim = g.clone(keep_history=False)
        legal = sorted(g.legal_moves(), key=levels.move_key)
        move, value = af_endgame.solve(g, g.observation(seat), legal, POL, nodes=10**6)
        sim._push(move)
        seen_pass += any(m.kind == PASS for m in sim.legal_moves()) if not sim.round_over \
            else 0
        assert value == pytest.approx(play_value(g, seat, move), abs=1e-9)
    assert seen_pass >= 1

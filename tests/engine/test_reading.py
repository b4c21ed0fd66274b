"""Reading the hands (bones.ai.reading): what draws and passes say about each tile a
seat holds, and Hard's worlds dealt to agree with it."""

from __future__ import annotations

import random

import pytest

import bones
from bones import ai
from bones.ai import mexican as aimt
from bones.ai import world
from bones.ai.policy import DEFAULT
from mtdeals import mt


def reads(g, seat: int) -> list:
    return ai.levels.policy_for(g).reads(g, g.observation(seat))


def fits(hand: list, slots: list) -> bool:
    """Can every tile of ``hand`` be given its own slot that it does not contradict
    (a bipartite matching, by augmenting paths)?"""
    if len(hand) != len(slots):
        return False
    owner: dict[int, int] = {}

    def place(i: int, seen: set) -> bool:
        t = hand[i]
        for j, f in enumerate(slots):
            if j in seen or t.hi in f or t.lo in f:
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(hand)))


def test_a_draw_then_playing_the_drawn_tile_reads_the_rest_of_the_hand():
    # This round starts on 9-9: seat 1 holds no 9, draws 9-6 and plays it.
    g = mt(["9-5 0-1 2-3", "4-4 7-8 9-10"], draws="9-6 0-0")
    g.play("9-5@0")
    assert g.turn == 1
    g.play("draw")
    g.play("9-6@1")
    assert reads(g, 0)[1] == [frozenset({9})] * 3
    assert reads(g, 0)[0] == []  # nothing is read of the observer's own hand
    # Seat 1's reading of seat 0: it has never drawn, so nothing is known.
    assert reads(g, 1)[0] == [frozenset()] * 2


def test_a_pass_after_a_draw_reads_the_drawn_tile_too():
    # GS-MT: a drawn tile that fits may be played at once (M3), so passing says it
    # does not fit either.
    g = mt(["9-5 0-1 2-3", "4-4 7-8 9-10"], draws="0-0 3-3")
    g.play("9-5@0")
    g.play("draw")
    g.play("pass")
    assert reads(g, 0)[1] == [frozenset({9})] * 4
    # Where a drawn tile may not be played at once, the pass says nothing of it.
    g = mt(["9-5 0-1 2-3", "4-4 7-8 9-10"], draws="0-0 3-3", drawn_playable=False)
    g.play("9-5@0")
    g.play("draw")
    g.play("pass")
    assert sorted(reads(g, 0)[1], key=len) == [frozenset()] + [frozenset({9})] * 3


def test_hard_worlds_agree_with_the_reading():
    g = mt(["9-5 0-1 2-3", "4-4 7-8 9-10"], draws="9-6 0-0")
    g.play("9-5@0")
    g.play("draw")
    g.play("9-6@1")
    obs = g.observation(0)
    pol = aimt.MexicanTrainPolicy()
    sample = world.world_sampler(g, 0, obs, pol)
    rng = random.Random(3)
    for _ in range(40):
        w = sample(rng)
        assert len(w.hands[1]) == 3
        assert not any(9 in (t.hi, t.lo) for t in w.hands[1])
        assert sorted(w.hands[1] + w.boneyard + w.hands[0]) == sorted(
            g.hands[1] + g.boneyard + g.hands[0])
    # The reading switched off (and Normal's reading of the plays, which can tell the
    # same here): the flat ``lacks`` alone knows nothing.
    class Flat(aimt.MexicanTrainPolicy):
        def reads(self, game, obs):
            return None

    flat = Flat(DEFAULT.with_("mexican.hard.model_tries", 0))
    sample = world.world_sampler(g, 0, obs, flat)
    assert any(9 in (t.hi, t.lo) for _ in range(40) for t in sample(rng).hands[1])


@pytest.mark.parametrize("game,preset,seats", [
    ("mexican-train", "gs-mt", 4), ("mexican-train", "st-mt", 3),
    ("mexican-train", "wc-mt", 4), ("chicken-foot", "gs-cf", 4)])
def test_reading_holds_for_players_who_draw_only_when_stuck(game, preset, seats):
    """Normal never draws while holding a tile that plays, so the reading must be true
    of its real hands: at every fifth move, each seat's hand can be matched tile by
    tile to the slots another seat reads for it. And the reading does know things."""
    told = checked = 0
    for seed in (1, 2, 3):
        g = bones.new_game(game, seats=seats, preset=preset, seed=seed)
        k = 0
        while not g.match_over and g.round_number <= 2:
            if not g.round_over and k % 5 == 0:
                me = g.turn
                before = g.clone()
                r = reads(g, me)
                assert g == before  # the walk back is made on a copy
                for s in range(seats):
                    if s == me:
                        continue
                    assert fits(g.hands[s], r[s]), (seed, k, s, g.hands[s], r[s])
                    checked += 1
                    told += any(r[s])
            g.play(ai.choose(g, g.turn, "normal", seed=k))
            k += 1
    assert checked > 50
    assert told > checked // 5, (told, checked)


def test_a_contradicted_reading_is_dropped():
    """GS-MT lets a player draw while holding a tile that plays. Seat 1 does, then
    plays a 9: the drawn tile may have been that 9, so the reading cannot tell yet.
    When it plays a second 9 no tile it read can be that one, and the reading of
    seat 1 is wiped (it errs towards knowing less)."""
    g = mt(["9-5 0-1 2-3 4-5", "9-7 9-8 10-10 11-11"], draws="0-0 3-3")
    g.play("9-5@0")
    g.play("draw")
    g.play("9-7@1")
    assert reads(g, 0)[1] == [frozenset({9})] * 4
    g.play("5-4@0")
    g.play("9-8@M")
    assert reads(g, 0)[1] == [frozenset()] * 3
    assert fits(g.hands[1], reads(g, 0)[1])


def test_mexican_train_dumps_say_which_heavier_tiles_a_seat_lacks():
    """A Normal player dumps the heaviest tile it can spare off its own train, so an
    unseen tile at least as heavy that fits the same ends is rarely in its hand (chain
    tiles aside): shunned tiles are held far less often than an unseen tile is."""
    pol = aimt.MexicanTrainPolicy()
    held = shunned = base_held = base_n = 0
    for seed in (1, 2, 3, 4):
        g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=seed)
        k = 0
        while not g.round_over:
            if k % 3 == 0:
                me = g.turn
                obs = g.observation(me)
                unseen = world.unseen_tiles(g, obs, pol)
                sh = pol.shun(g, obs, unseen)
                assert sh[me] == frozenset()
                for s in range(4):
                    if s != me:
                        shunned += len(sh[s])
                        held += sum(t in g.hands[s] for t in sh[s])
                        base_n += len(unseen)
                        base_held += len(g.hands[s])
            g.play(ai.choose(g, g.turn, "normal", seed=k))
            k += 1
    assert shunned > 300
    assert held / shunned < 0.4 * base_held / base_n, (held, shunned, base_held, base_n)


def _deal_by_full_shuffle(unseen, sizes, slots, shun, check, rng) -> tuple[dict, list]:
    """The plain way to deal what ``world.deal_hidden`` deals: shuffle every tile, give
    each tile place of a seat (most constrained seat first) the first tile it may hold;
    deal a seat that ``check`` refuses again from its tiles and those left, shuffled
    afresh (up to 30 times; a deal that finds no tile for a place keeps the hand)."""
    order = sorted(range(1, len(sizes)),
                   key=lambda s: (-sum(map(len, slots[s])) - len(shun[s]), s))

    def first_fit(s, pool):
        got = []
        for f in slots[s]:
            t = next((t for t in pool if t.hi not in f and t.lo not in f
                      and t not in shun[s]), None)
            if t is None:
                return None
            pool.remove(t)
            got.append(t)
        return got

    while True:
        pool = list(unseen)
        rng.shuffle(pool)
        hands = {}
        for s in order:
            got = first_fit(s, pool)
            if got is None:
                break
            for _ in range(30):
                if check(s, got):
                    break
                trial = pool + got
                rng.shuffle(trial)
                again = first_fit(s, trial)
                if again is None:
                    break
                got, pool = again, trial
            hands[s] = got
        else:
            return hands, pool


def test_hard_deals_each_tile_place_as_a_full_shuffle_would():
    """``deal_hidden`` draws its shuffle only as far as it reads it (it is faster so);
    what it deals must still be what a full shuffle of the unseen tiles deals: each
    tile in each hand, and the first tile drawn from the boneyard, as often over many
    deals, with the reading's slots, a shunned tile and a check that deals a seat
    again all in play. Fixed seeds: the counts are the same every run."""
    from collections import Counter

    from bones.tiles import full_set

    unseen = sorted(full_set(6))[:17]
    sizes = [3, 4, 3, 4]
    slots = [[], [frozenset({1, 2}), frozenset({1}), frozenset(), frozenset()],
             [frozenset({0, 3, 4}), frozenset({3}), frozenset()], [frozenset()] * 4]
    shun = [frozenset(), frozenset({unseen[5]}), frozenset(), frozenset()]

    def check(s, hand):  # seat 2 holds no more than 12 pips
        return s != 2 or sum(t.hi + t.lo for t in hand) <= 12

    def counts(deal, seed, n=12000) -> Counter:
        rng = random.Random(seed)
        c: Counter = Counter()
        for _ in range(n):
            hands, bone = deal(rng)
            assert len(bone) == len(unseen) - sum(sizes[1:])
            for s, h in hands.items():
                assert len(h) == sizes[s] and not shun[s] & set(h)
                c.update((s, t) for t in h)
            c[("boneyard", bone[-1])] += 1
        return c

    ours = counts(lambda rng: world.deal_hidden(unseen, sizes, 0, None, rng, shun=shun,
                                                slots=slots, check=check,
                                                check_tries=30), 1)
    plain = counts(lambda rng: _deal_by_full_shuffle(unseen, sizes, slots, shun, check,
                                                     rng), 2)
    assert set(ours) == set(plain)
    # Two independent counts of the same law differ by about sqrt(a + b); 5 of those
    # is far outside chance. (Dealt another way, e.g. each place a tile at random among
    # those it may hold, the cells are off by 20 and more.)
    worst = max(abs(ours[k] - plain[k]) / (ours[k] + plain[k]) ** 0.5 for k in ours)
    assert worst < 5, worst

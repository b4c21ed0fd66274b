"""Chicken Foot: rules of thumb (Normal), a beginner (Easy), a fast play-out policy and
what Hard needs to build worlds.

There is no private train, so Normal's plan is about tempo and weight: go out if you
can; play a double only when you hold a tile to follow it (you play twice, and the
others must find three tiles of that number or draw); otherwise shed the heaviest
tile, preferring plays that leave you tiles that fit the open ends next turn.
"""

from __future__ import annotations

import random

from ..moves import DRAW, KNOCK, PASS, PLAY, Move
from . import reading
from .player import Player
from .policy import ChickenTuning, Scored, plural
from .search import rollout, round_words
from .world import pips_outcome, row_value


def _open_ends(obs: dict) -> dict:
    return {ln["line"]: ln["end"] for ln in obs["lines"] if ln["open"]}


def _value(t, ln: int, rest: list, ends: dict, tu: ChickenTuning) -> tuple[float, list, int]:
    """Normal's rating of playing ``t`` on line ``ln`` keeping ``rest``: the value, the
    tiles that would follow a double, and how many of ``rest`` fit the ends after it."""
    v = tu.shed_w * (t.hi + t.lo)
    follow: list = []
    if not rest:
        return v + 1000, follow, 0
    if t.hi == t.lo:
        follow = [x for x in rest if x.hi == t.hi or x.lo == t.hi]
        v += tu.double_follow if follow else tu.double_stuck
        nxt = {t.hi}
    else:
        e2 = dict(ends)
        e2[ln] = t.other(ends[ln]) if ln in ends else t.hi
        nxt = set(e2.values())
    flex = sum(1 for x in rest if x.hi in nxt or x.lo in nxt)
    return v + tu.flex_w * flex, follow, flex


def normal(match, obs: dict, legal: list, rng, tu: ChickenTuning) -> list:
    hand = list(obs["hand"])
    ends = _open_ends(obs)
    out = []
    for m in legal:
        if m.kind != PLAY:
            v = {DRAW: -1e6, PASS: -2e6}.get(m.kind, -3e6)
            why = ("Draw: none of your tiles fits where you may play." if m.kind == DRAW
                   else "Pass: nothing you hold fits.")
            out.append(Scored(v, m, why))
            continue
        t, ln = m.tile, m.target
        rest = list(hand)
        rest.remove(t)
        tn = f"Play {t} on line {ln}"
        v, follow, flex = _value(t, ln, rest, ends, tu)
        if not rest:
            reason = f"{tn}: it is your last bone, and you go out."
        elif follow:
            reason = (f"{tn}: you can follow the double at once with "
                      f"{follow[0]}, and the others must find its toes.")
        elif obs["pending"] and ln == obs["pending"][0]:
            reason = (f"{tn}: the double must get its toes first; this is the "
                      "heaviest tile you can spare there.")
        else:
            fits = ("no tile that fits" if flex == 0 else "1 tile that fits"
                    if flex == 1 else f"{flex} tiles that fit")
            reason = (f"{tn}: it gets {plural(t.hi + t.lo, 'point')} out of your hand "
                      f"and leaves you {fits} next turn.")
        out.append(Scored(v, m, reason))
    jitter = {m: rng.random() * 1e-6 for m in legal}
    out.sort(key=lambda s: -(s.value + jitter[s.move]))
    return out


def agreement(state, seat: int, move, tu: ChickenTuning):
    """``agrees(hand) -> bool``: would Normal, holding ``hand`` in ``state`` (the public
    layout just before ``seat`` played ``move``), have played ``move``? Ties count. The
    quick form of ``choose(..., "normal")`` that Hard's reading asks many times
    (reading.normal_check): the same answer without the engine's move list. With a play
    in hand the engine also offers a knock (two or three tiles, not knocked yet: Normal
    knocks first), a draw (not drawn yet, a play not required) and a pass (drawn, a play
    not required); a lone play is forced."""
    o = state.options
    ends = {i: state.end_of(i) for i in range(len(state.lines)) if state.is_open(i)}
    tends = [(ln, state.end_of(ln)) for ln in state.targets()]
    others = (bool(state.boneyard) and not state.drawn and not o.must_play) + (
        state.drawn and not o.must_play)
    knocked = state.knocked
    tile, target = move.tile, move.target

    def agrees(hand: list) -> bool:
        plays = [(t, ln) for ln, e in tends for t in hand if t.hi == e or t.lo == e]
        if (tile, target) not in plays:
            return False
        if not knocked and 2 <= len(hand) <= 3:
            return False
        if len(plays) + others == 1:
            return True
        # Normal's rating of this play, then: does any other play rate above it? (A
        # play's rating is at most its weight, a followed double and every other tile
        # fitting next turn: a play that cannot reach this one's is not rated.)
        mine = _value(tile, target, [x for x in hand if x != tile], ends, tu)[0] + 1e-4
        room = tu.flex_w * (len(hand) - 1)
        for t, ln in plays:
            if t == tile and ln == target:
                continue
            if tu.shed_w * (t.hi + t.lo) + room + (tu.double_follow if t.hi == t.lo
                                                   else 0) <= mine:
                continue
            if _value(t, ln, [x for x in hand if x != t], ends, tu)[0] > mine:
                return False
        return True

    return agrees


def easy(match, obs: dict, legal: list, rng) -> Move:
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        for k in (DRAW, PASS):
            for m in legal:
                if m.kind == k:
                    return m
        return legal[0]
    if len(obs["hand"]) == 1:
        return plays[0]
    return rng.choice(plays)


# ---- Hard's side --------------------------------------------------------------------------
def fast(world, rng) -> Move:
    legal = world.legal_moves()
    s = world.turn
    hand = world.hands[s]
    best = None
    bk = None
    other = None
    for m in legal:
        k = m.kind
        if k == PLAY:
            t = m.tile
            dbl = t.hi == t.lo
            follow = dbl and any(x is not t and (x.hi == t.hi or x.lo == t.hi) for x in hand)
            key = (len(hand) == 1, follow, not dbl, t.hi + t.lo)
            if bk is None or key > bk:
                bk, best = key, m
        elif k == KNOCK:
            return m
        elif other is None or k == DRAW:
            other = m
    return best if best is not None else other


# ---- Hard's play-outs without the engine ----------------------------------------------------
# A whole-round play-out through the engine (legal_moves, _push) spends most of its time
# building move lists the fast policy then scans. ``playout`` plays the same round with
# the same fast policy on a light copy of the state: the open ends as numbers, the
# unsatisfied double's toes, hands and boneyard as lists. It follows the engine's rules
# for GS-CF (one draw, then pass; a double is followed by its player or left to the next;
# blocked when every seat passes in a row with the boneyard empty: later than the engine,
# which ends the round as soon as nobody can play, but with the same hands, as a pass
# changes nothing) and picks exactly the move ``fast`` picks (same order of lines and
# tiles, same tie-breaks), so its outcome is the engine play-out's outcome
# (tests/engine/test_ai.py checks this).

def _light(world) -> tuple:
    ends = []
    for tiles, info in zip(world.lines, world.line_info):
        if not tiles:
            ends.append(info.double.hi)
        else:
            t, e = tiles[-1]
            ends.append(-1 if t.hi == t.lo else e)
    pend = list(world.pending)
    opened = [i for i, e in enumerate(ends) if e >= 0 and i not in pend]
    return ends, pend, opened


def evaluate(world, seat: int) -> float:
    """An unfinished round (not expected: a round played out ends), for the seat: minus
    its pips."""
    return -float(sum(t.hi + t.lo for t in world.hands[seat]))


def final_scores(world, move, seed: int) -> list | None:
    """The round's scores once ``move`` is played in ``world`` and the round played out
    with ``fast`` at every seat (None if it somehow did not end)."""
    if world.round_over:
        return list(world.round_scores[-1])
    o = world.options
    if o.draw != "one":
        sim = world.clone(keep_history=False)
        sim._push(move)
        rollout(sim, ChickenFootPolicy(), random.Random(seed))  # "draw until": the engine's way
        return list(sim.round_scores[-1]) if sim.round_over else None
    ends, pend, opened = _light(world)
    hands = [list(h) for h in world.hands]
    bone = list(world.boneyard)
    n = world.seats
    turn = world.turn
    drawn = world.drawn
    passes = world.passes
    first = move
    chose = False
    while True:
        hand = hands[turn]
        if first is not None:
            m, first = first, None
            if m.kind == PLAY:
                best, tg = m.tile, m.target
            elif m.kind == DRAW:
                best, tg = None, -2
            elif m.kind == PASS:
                best, tg = None, -3
                # A pass while holding a play (after a draw, where that is allowed)
                # does not count towards a blocked round (the engine's G9).
                chose = any(e in t for e in (ends[x] for x in (pend[:1] if pend else opened))
                            for t in hand)
            else:  # KNOCK changes nothing a play-out needs
                continue
        else:
            best = None
            bk = -1
            tg = -1
            nh = len(hand)
            for target in (pend[:1] if pend else opened):
                e = ends[target]
                for t in hand:
                    hi, lo = t
                    if hi == e or lo == e:
                        if hi == lo:
                            k = hi + lo
                            for x in hand:
                                if x is not t and (x[0] == hi or x[1] == hi):
                                    k += 1000
                                    break
                        else:
                            k = 100 + hi + lo
                        if nh == 1:
                            k += 10000
                        if k > bk:
                            bk, best, tg = k, t, target
            if best is None:
                tg = -2 if bone and not drawn else -3
        if best is not None:
            hand.remove(best)
            passes = 0
            hi, lo = best
            e = ends[tg]
            if pend:
                del pend[0]
                if hi != lo:
                    opened.append(tg)
            if not hand:
                break  # G9: out
            if hi == lo:
                if tg in opened:
                    opened.remove(tg)
                ends[tg] = -1
                k = len(ends)
                ends += (hi, hi, hi)
                pend = [k, k + 1, k + 2]
                drawn = False
                continue  # F4: the same player follows the double
            ends[tg] = lo if hi == e else hi
        elif tg == -2:
            hand.append(bone.pop())
            drawn = True
            continue
        else:
            if bone or chose:
                passes = 0
                chose = False
            else:
                passes += 1
                if passes >= n:
                    break
        turn = (turn + 1) % n
        drawn = False
    db = o.double_blank
    return [sum((db if t[0] == 0 else t[0] + t[1]) for t in h) for h in hands]


def _ends_open_to(state, seat: int, move) -> dict:
    """``{line: number}`` open to ``seat`` when it made ``move`` in ``state``."""
    return {i: state.end_of(i) for i in state.targets()}


class ChickenFootPolicy(Player):
    """Chicken Foot's computer player (ai/policy.py: Policy)."""

    game = "chicken-foot"
    key = "chicken"
    tu: ChickenTuning

    def easy(self, match, obs: dict, legal: list, rng: random.Random) -> Move:
        return easy(match, obs, legal, rng)

    def normal(self, match, obs: dict, legal: list, rng: random.Random) -> list:
        return normal(match, obs, legal, rng, self.tu)

    def table_tiles(self, obs: dict) -> list:
        out = [obs["hub"]] if obs.get("hub") is not None else []
        for ln in obs["lines"]:
            out.extend(t for t, _e in ln["tiles"])
        return out

    def reads(self, match, obs: dict) -> list:
        """Every draw and pass of the round, tile by tile (ai/reading.py)."""
        return reading.slots(match, obs, _ends_open_to)

    def shun(self, match, obs: dict, unseen: list) -> list | None:
        """Per seat, the unseen tiles its plays since its last draw say it does not hold:
        a player who sheds weight and plays a light tile where one more than
        ``shun_slack`` pips heavier would have gone most likely holds no such tile (the
        slack allows for Normal's other reasons to keep a tile)."""
        if self.tu.shun_slack is None:
            return None
        return reading.shun(match, obs, unseen, _ends_open_to, self.tu.shun_slack,
                            lambda _seat, _move, ends: set(ends.values()))

    def agreement(self, state, seat: int, move: Move):
        return agreement(state, seat, move, self.tu)

    def fast(self, world, rng: random.Random) -> Move:
        return fast(world, rng)

    def outcome(self, world, seat: int) -> float:
        return pips_outcome(world, seat, evaluate, self.tu.win_bonus)

    def playout(self, world, seat: int, move: Move, seed: int) -> float:
        """``move`` and the round played out with ``fast`` on plain lists (above); the
        engine's play-out where the light rules do not apply."""
        scores = final_scores(world, move, seed)
        if scores is None:
            return evaluate(world, seat)  # not expected: a round played out ends
        return row_value(scores, seat, self.tu.win_bonus)

    def hint_words(self, match, seat: int, obs: dict, move: Move, rng: random.Random,
                   mean: float) -> str:
        """What Hard's choice did in likely deals: points left and rounds won."""
        return round_words(match, seat, obs, move, rng, self, final_scores)

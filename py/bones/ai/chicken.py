"""Chicken Foot: rules of thumb (Normal), a beginner (Easy), a fast play-out policy and
what Hard needs to build worlds.

There is no private train, so Normal's plan is about tempo and weight: go out if you
can; play a double only when you hold a tile to follow it (you play twice, and the
others must find three tiles of that number or draw); otherwise shed the heaviest
tile, preferring plays that leave you tiles that fit the open ends next turn.
"""

from __future__ import annotations

from ..moves import DRAW, KNOCK, PASS, PLAY, Move
from .levels import Scored
from .world import pips_outcome

SHED_W = 1.0
FLEX_W = 1.5  # each remaining tile that still fits somewhere after the play
DOUBLE_FOLLOW = 14.0
DOUBLE_STUCK = -20.0


def _open_ends(obs: dict) -> dict:
    return {ln["line"]: ln["end"] for ln in obs["lines"] if ln["open"]}


def normal(game, obs: dict, legal: list, rng) -> list:
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
        v = SHED_W * (t.hi + t.lo)
        reason = ""
        if not rest:
            v += 1000
            reason = f"{tn}: it is your last bone, and you go out."
        elif t.hi == t.lo:
            follow = [x for x in rest if x.hi == t.hi or x.lo == t.hi]
            if follow:
                v += DOUBLE_FOLLOW
                reason = (f"{tn}: you can follow the double at once with "
                          f"{follow[0]}, and the others must find its toes.")
            else:
                v += DOUBLE_STUCK
            nxt = {t.hi}
        else:
            e2 = dict(ends)
            e2[ln] = t.other(ends[ln]) if ln in ends else t.hi
            nxt = set(e2.values())
        flex = sum(1 for x in rest if x.hi in nxt or x.lo in nxt)
        v += FLEX_W * flex
        if not reason:
            if obs["pending"] and ln == obs["pending"][0]:
                reason = (f"{tn}: the double must get its toes first; this is the "
                          "heaviest tile you can spare there.")
            else:
                reason = (f"{tn}: it gets {t.hi + t.lo} points out of your hand and leaves "
                          f"you {flex} tile(s) that fit next turn.")
        out.append(Scored(v, m, reason))
    jitter = {m: rng.random() * 1e-6 for m in legal}
    out.sort(key=lambda s: -(s.value + jitter[s.move]))
    return out


def easy(game, obs: dict, legal: list, rng) -> Move:
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


# Hard's default thinking time, and the fixed worlds per move the arena uses in its place
# (what this budget gives on the development machine, median, see docs/ai.md).
BUDGET_MS = 70.0
ARENA_WORLDS = 40


# ---- Hard's side --------------------------------------------------------------------------
def set_high(game) -> int:
    return game.options.set_high


def table_tiles(obs: dict) -> list:
    out = [obs["hub"]] if obs.get("hub") is not None else []
    for ln in obs["lines"]:
        out.extend(t for t, _e in ln["tiles"])
    return out


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


SEARCH_DRAW = False  # drawing instead of playing: measured a trap (see docs/ai.md)
WIN_BONUS = 20.0  # Hard's search: winning the round (lowest score) is worth this many pips


# Truncated play-outs (stop after this many moves, score the hand by its pips) measured
# worse here than whole rounds (1,000 rounds, 100 worlds: ratio 1.004 against 0.952),
# so Chicken Foot plays every round out (0).
ROLLOUT_PLIES = 0


def evaluate(world, seat: int) -> float:
    """An unfinished round, for the seat (higher is better): minus its pips."""
    return -float(sum(t.hi + t.lo for t in world.hands[seat]))


def outcome(world, seat: int) -> float:
    return pips_outcome(world, seat, evaluate, WIN_BONUS)


def outcome_words(mean: float) -> str:
    return f" (you were left with {-mean:.0f} points on average)"

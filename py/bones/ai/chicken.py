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
from .levels import Scored, plural
from .world import pips_outcome, row_value

SHED_W = 1.0
FLEX_W = 1.5  # each remaining tile that still fits somewhere after the play
DOUBLE_FOLLOW = 14.0
DOUBLE_STUCK = -20.0


def _open_ends(obs: dict) -> dict:
    return {ln["line"]: ln["end"] for ln in obs["lines"] if ln["open"]}


def _value(t, ln: int, rest: list, ends: dict) -> tuple[float, list, int]:
    """Normal's rating of playing ``t`` on line ``ln`` keeping ``rest``: the value, the
    tiles that would follow a double, and how many of ``rest`` fit the ends after it."""
    v = SHED_W * (t.hi + t.lo)
    follow: list = []
    if not rest:
        return v + 1000, follow, 0
    if t.hi == t.lo:
        follow = [x for x in rest if x.hi == t.hi or x.lo == t.hi]
        v += DOUBLE_FOLLOW if follow else DOUBLE_STUCK
        nxt = {t.hi}
    else:
        e2 = dict(ends)
        e2[ln] = t.other(ends[ln]) if ln in ends else t.hi
        nxt = set(e2.values())
    flex = sum(1 for x in rest if x.hi in nxt or x.lo in nxt)
    return v + FLEX_W * flex, follow, flex


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
        v, follow, flex = _value(t, ln, rest, ends)
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


def agreement(state, seat: int, move):
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
        mine = _value(tile, target, [x for x in hand if x != tile], ends)[0] + 1e-4
        room = FLEX_W * (len(hand) - 1)
        for t, ln in plays:
            if t == tile and ln == target:
                continue
            if SHED_W * (t.hi + t.lo) + room + (DOUBLE_FOLLOW if t.hi == t.lo else 0) <= mine:
                continue
            if _value(t, ln, [x for x in hand if x != t], ends)[0] > mine:
                return False
        return True

    return agrees


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


# Hard's default thinking time outside the page (the page's worker gives it
# app.controller.HARD_BUDGET_GAME_MS, 500 ms), and the fixed worlds per move the arena
# uses in its place: no more than the page's Hard gets (``python3 build.py bench worlds``:
# 292 to 495 in Pyodide at 500 ms, thirteenth session). With the win bonus of 50, 300
# worlds won more rounds than 150 at the same points (docs/ai.md).
BUDGET_MS = 70.0
ARENA_WORLDS = 300


# ---- Hard's side --------------------------------------------------------------------------
def set_high(game) -> int:
    return game.options.set_high


def table_tiles(obs: dict) -> list:
    out = [obs["hub"]] if obs.get("hub") is not None else []
    for ln in obs["lines"]:
        out.extend(t for t, _e in ln["tiles"])
    return out


# What a seat's plays say about its hand. A player who sheds weight (Normal; most people)
# and plays a light tile where a much heavier one would have gone most likely holds no
# such heavier tile, until it draws again. ``SHUN_SLACK`` pips of difference allow for
# the other reasons to keep a tile (it fits the ends next turn: Normal's FLEX_W).
SHUN_SLACK: float | None = 3.0


def shun(game, obs: dict, unseen: list) -> list | None:
    """Per seat, the unseen tiles its plays since its last draw say it does not hold
    (``reading.shun``: any play, at any end open to it)."""
    if SHUN_SLACK is None:
        return None
    from . import reading

    return reading.shun(game, obs, unseen, _ends_open_to, SHUN_SLACK,
                        lambda _seat, _move, ends: set(ends.values()))


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
# Hard's search: winning the round (lowest score) is worth this many pips. 50 with 300
# worlds won 34.6% of rounds against 32.2% (20, 150 worlds) at the same points; 100 won
# as many but left more points (docs/ai.md, thirteenth session).
WIN_BONUS = 50.0


# Truncated play-outs (stop after this many moves, score the hand by its pips) measured
# worse here than whole rounds (1,000 rounds, 100 worlds: ratio 1.004 against 0.952),
# so Chicken Foot plays every round out (0).
ROLLOUT_PLIES = 0


def evaluate(world, seat: int) -> float:
    """An unfinished round, for the seat (higher is better): minus its pips."""
    return -float(sum(t.hi + t.lo for t in world.hands[seat]))


def outcome(world, seat: int) -> float:
    return pips_outcome(world, seat, evaluate, WIN_BONUS)


def hint_words(game, seat: int, obs: dict, move, rng) -> str:
    """What Hard's choice did in likely deals: points left and rounds won."""
    from . import chicken
    from .search import round_words

    return round_words(game, seat, obs, move, rng, chicken, final_scores)


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


def playout(world, seat: int, move, seed: int) -> float:
    """Play ``move`` in ``world`` and the round out with ``fast`` at every seat; the
    outcome for ``seat`` (as ``outcome``). ``world`` itself is not changed."""
    scores = final_scores(world, move, seed)
    if scores is None:
        return evaluate(world, seat)  # not expected: a round played out ends
    return row_value(scores, seat, WIN_BONUS)


def final_scores(world, move, seed: int) -> list | None:
    """The round's scores once ``move`` is played in ``world`` and the round played out
    with ``fast`` at every seat (None if it somehow did not end)."""
    if world.round_over:
        return list(world.round_scores[-1])
    o = world.options
    if o.draw != "one":
        from . import chicken
        from .search import rollout

        sim = world.clone(keep_history=False)
        sim._push(move)
        rollout(sim, chicken, random.Random(seed))  # "draw until": the engine's way
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


# ---- reading the hands (ai/reading.py) -----------------------------------------------
READ_HANDS = True  # Hard's worlds read every draw and pass of the round, tile by tile
# ... and each other seat's last ``MODEL_KEEP`` plays since its last draw as Normal's: a
# seat whose world hand would have made Normal play otherwise is dealt again, up to
# ``MODEL_TRIES`` times (reading.normal_check). Twelfth session, 3,000 rounds against
# three Normals (150 worlds): ratio 0.826, 0.845, 0.827 on seeds 1-3 (was 0.889, 0.860,
# 0.846); Hard's round score -0.69 paired (CI -1.50 to +0.12); docs/ai.md. It costs
# about half the worlds, so the page gives Chicken Foot Hard more time (app.controller).
MODEL_TRIES = 30
MODEL_KEEP = 2


def _ends_open_to(state, seat: int, move) -> dict:
    """``{line: number}`` open to ``seat`` when it made ``move`` in ``state``."""
    return {i: state.end_of(i) for i in state.targets()}


def reads(game, obs: dict) -> list:
    from .reading import slots

    return slots(game, obs, _ends_open_to)

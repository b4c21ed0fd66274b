"""All Fives: Hard's play-outs (the fast policy, the whole hand played on plain lists
instead of the engine) and what a hand's end is worth (``value``). Used by Hard's
search through ``allfives.AllFivesPolicy`` and by the end-of-hand search (ai/af_endgame.py).
"""

from __future__ import annotations

import math

from ..allfives_arms import CENTRE, open_ends
from ..allfives_scores import hand_end
from ..moves import DRAW, PASS, PLAY, Move
from .policy import AllFivesTuning
from .search import rollout


def _score(count: int) -> int:
    return count if count and count % 5 == 0 else 0


def fast(world, rng, tu: AllFivesTuning) -> Move:
    """Greedy: the biggest immediate score (a play the next player cannot follow counts
    ``fast_lock`` more, one after which none of my own tiles fits ``fast_stuck`` less;
    the sides a new spinner would open are not counted), else the heaviest tile."""
    legal = world.legal_moves()
    if legal[0].kind != PLAY:
        return legal[0]
    if world.root is None:
        return max(legal, key=lambda m: (_score(m.tile.hi + m.tile.lo), m.tile.hi + m.tile.lo))
    opens, count, counts = open_ends(world.root, world.arms, world.spinners)
    where = {a: (e, c) for (a, e), c in zip(opens, counts)}
    best, bk = None, None
    nxt = world.hands[(world.turn + 1) % world.seats]
    mine = world.hands[world.turn]
    ends = [e for _a, e in opens]
    for m in legal:
        t = m.tile
        e, c = where[m.target]
        o = t.other(e)
        v = _score(count - c + (2 * o if t.hi == t.lo else o))
        if tu.fast_lock or tu.fast_stuck:
            left = list(ends)
            left.remove(e)
            left.append(o)
            if tu.fast_lock and not any(u.hi in left or u.lo in left for u in nxt):
                v += tu.fast_lock
            if tu.fast_stuck and len(mine) > 1 and not any(
                    u != t and (u.hi in left or u.lo in left) for u in mine):
                v -= tu.fast_stuck
        key = (v, t.hi + t.lo)
        if bk is None or key > bk:
            bk, best = key, m
    return best


def _light_opens(root, L: list, E: list, D: list, spin) -> list:
    """The open arms as ``(arm, pips to match, what it counts)``, in the engine's order
    (``AllFives._ends``), from the root, each arm's length, open half and whether its
    last tile is a double, and the spinner ``(arm, index, value)`` or None."""
    rh, rl = root
    dr = rh == rl
    out = []
    for a, base in ((0, rh), (1, rl)):
        if L[a]:
            e = E[a]
            out.append((a, e, e + e if D[a] else e))
        else:
            out.append((a, base, base + base if dr and (L[0] or L[1]) else base))
    if spin is not None:
        sa, si, d = spin
        if (L[0] and L[1]) if sa == CENTRE else L[sa] > si + 1:
            for b in (2, 3):
                if L[b]:
                    e = E[b]
                    out.append((b, e, e + e if D[b] else e))
                else:
                    out.append((b, d, 0))
    return out


def light_arms(world) -> tuple:
    """The arms as plain lists (each arm's length, open half and whether its last tile
    is a double) and the spinner ``(arm, index, value)`` or None: what
    ``_light_opens`` reads."""
    L = [0, 0, 0, 0]
    E = [0, 0, 0, 0]
    D = [False] * 4
    for a, arm in enumerate(world.arms):
        L[a] = len(arm)
        if arm:
            t, e = arm[-1]
            E[a] = e
            D[a] = t.hi == t.lo
    return L, E, D, (world.spinners[0] if world.spinners else None)


def playout(world, seat: int, move, seed: int, pol) -> float:
    """Play ``move`` in ``world`` and the hand out with ``fast`` at every seat, on plain
    lists instead of the engine (2 to 3 times as many worlds in the same time);
    the outcome for ``seat`` (as ``outcome``). ``world`` itself is not changed. Every
    rule the engine applies is followed (A2 draws, A4 scores, A5 the spinner, A6/A7 the
    hand's end, A8 the target); "every double a spinner" goes to the engine. ``pol``
    is the All Fives policy (its ``fast`` and tuning)."""
    tu = pol.tu
    if world.round_over:
        return outcome(world, seat, tu)
    o = world.options
    if o.spinner == "every":
        sim = world.clone(keep_history=False)
        sim._push(move)
        rollout(sim, pol, None)
        return outcome(sim, seat, tu)
    spinning = o.spinner == "first"
    n = world.seats
    sides = world.sides
    reserve = o.reserve()
    fives = o.count_in_fives
    target = o.target
    stop = o.stop_at_target
    hands = [list(h) for h in world.hands]
    bone = list(world.boneyard)
    totals = list(world.totals)
    hp = list(world.hand_points)
    root = world.root
    L, E, D, spin = light_arms(world)
    passes = world.passes
    turn = world.turn
    lock = tu.fast_lock
    stuck = tu.fast_stuck
    first = move
    out = None  # who went out
    opens = _light_opens(root, L, E, D, spin) if root is not None else ()
    count = world.count  # the open-end total, kept as the ends change
    while True:
        hand = hands[turn]
        best = None
        if first is not None:
            m, first = first, None
            kind = m.kind
            if kind == PLAY:
                best, tg = m.tile, m.target
        else:
            # The numbers the next player holds; a play locks them out (they must draw)
            # when no end it leaves is one of them.
            held = set()
            for u in hands[(turn + 1) % n]:
                held.add(u.hi)
                held.add(u.lo)
            bad = sum(1 for _a, e, _c in opens if e in held)
            if stuck:  # own tiles and the ends as bit sets of numbers
                masks = [(u, 1 << u.hi | 1 << u.lo) for u in hand]
                others = {}
                for a, _e, _c in opens:
                    ms = 0
                    for b, y, _c in opens:
                        if b != a:
                            ms |= 1 << y
                    others[a] = ms
            bk = None
            for a, e, c in opens:
                free = bad - (e in held) == 0
                for t in hand:
                    hi, lo = t
                    if hi == e or lo == e:
                        x = lo if hi == e else hi
                        v = count - c + (x + x if hi == lo else x)
                        v = v if v and v % 5 == 0 else 0
                        if lock and free and x not in held:
                            v += lock
                        if stuck and len(hand) > 1:
                            ms = others[a] | 1 << x
                            for u, mu in masks:
                                if mu & ms and u is not t:
                                    break
                            else:
                                v -= stuck
                        k = (v, hi + lo)
                        if bk is None or k > bk:
                            bk, best, tg = k, t, a
            kind = PLAY if best is not None else DRAW if len(bone) > reserve else PASS
        if best is not None:
            hand.remove(best)
            hi, lo = best
            if tg == CENTRE:
                root = best
                if hi == lo and spinning:
                    spin = (CENTRE, -1, hi)
            else:
                e = next(x for a, x, _c in opens if a == tg)
                L[tg] += 1
                E[tg] = lo if hi == e else hi
                D[tg] = hi == lo
                if hi == lo and spinning and spin is None:
                    spin = (tg, L[tg] - 1, hi)
            opens = _light_opens(root, L, E, D, spin)
            count = 0
            for _a, _e, c in opens:
                count += c
            scored = count and count % 5 == 0
            if scored:
                v = count // 5 if fives else count
                side = sides[turn]
                for i in range(n):
                    if sides[i] == side:
                        totals[i] += v
                        hp[i] += v
            passes = 0
            if not hand:
                out = turn
                break  # A6
            if stop and scored and totals[turn] >= target:
                break  # A8: the game stops the moment it is won
            turn = (turn + 1) % n
        elif kind == DRAW:
            hand.append(bone.pop())
        else:
            passes += 1
            if passes >= n:
                out = -1  # A7: blocked
                break
            turn = (turn + 1) % n
    scores = [0] * n
    lead = None
    if out is not None:
        w, _opp, pts, _low = hand_end(hands, sides, out if out >= 0 else None)
        lead = w
        if w is not None:
            v = pts // 5 if fives else pts
            for i in range(n):
                if sides[i] == sides[w]:
                    scores[i] = v
    totals = [a + b for a, b in zip(totals, scores)]
    return value([a + b for a, b in zip(scores, hp)], totals, sides, seat,
                 max(totals) >= target, target, fives, lead, tu=tu)


def outcome(world, seat: int, tu: AllFivesTuning) -> float:
    """What the finished hand (or game) is worth to ``seat`` (``value``)."""
    o = world.options
    return value(world.round_scores[-1], world.totals, world.sides, seat, world.match_over,
                 o.target, o.count_in_fives, world.winner, tu=tu)


# What a hand's end is worth to Hard in a two-player game: the chance of winning the
# game from there, not the hand's points. A point counts for more as the target nears,
# and leading the next hand (A8: the hand's winner leads) is worth about 8 points. The
# chance is a logistic in the fives each side still needs, fitted (rms error 0.013) to
# the exact table that dynamic programming gives over 30,000 hands of Normal against
# Normal (``research/af_equity.py``): ``eq_k``, ``eq_lead``, ``eq_c``; a game won counts
# ``win`` (docs/ai.md, Tuning).


def win_chance(need: float, their_need: float, lead: bool, tu: AllFivesTuning) -> float:
    """The chance of winning a two-sided game when this side needs ``need`` more fives
    (holes, where the game counts in fives) and the other ``their_need``; ``lead``: this
    side leads the next hand."""
    z = tu.eq_k * (their_need - need + (tu.eq_lead if lead else -tu.eq_lead))
    return 1.0 / (1.0 + math.exp(-z / math.sqrt(need + their_need + tu.eq_c)))


def value(row: list, totals: list, sides, seat: int, over: bool, target: int = 250,
          fives: bool = False, lead=None, *, tu: AllFivesTuning) -> float:
    """What a finished hand (or game) is worth to ``seat``: with two players, the chance of
    winning the game from there (``win_chance``; ``lead`` is the seat that leads next,
    None when nobody won the hand) scaled to +/- ``win``; otherwise the hand's points for
    its side minus the best other side's, and ``win`` more or less for a game won or
    lost."""
    me = sides[seat]
    win = tu.win
    if len(sides) == 2:
        if over:
            return win if totals[seat] == max(totals) else -win
        opp = next(i for i in range(len(sides)) if sides[i] != me)
        u = 1.0 if fives else 5.0
        p = win_chance((target - totals[seat]) / u, (target - totals[opp]) / u,
                       lead is not None and sides[lead] == me, tu)
        return win * (2.0 * p - 1.0)
    v = float(row[seat] - max((row[i] for i in range(len(row)) if sides[i] != me),
                              default=0))
    if over:
        v += win if totals[seat] == max(totals) else -win
    return v


def outcome_words(mean: float, match, tu: AllFivesTuning) -> str:
    """Hard's search value ``mean`` in words."""
    if match.seats == 2:
        p = min(99, max(1, round(50 * (1 + mean / tu.win))))
        return f" (it leaves you about a {p}% chance of winning the game)"
    return f" (it gained you {mean:+.0f} points on the other side on average)"

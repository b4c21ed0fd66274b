"""All Fives, two players, at the end of a hand: searched to its end.

Once the boneyard is empty, the tiles a player cannot see are exactly the other hand
(tile counting, open to anyone at the table: the observation alone tells it), so the
rest of the hand is a game of perfect information. ``solve`` searches it to the end
(minimax with alpha-beta pruning and a memo of positions met again) and values each
ending as Hard does (``af_playout.value``: the chance of winning the game from there,
or the game itself when it is won mid-hand). With ``endgame_bone`` tiles or fewer
left to draw, it searches every way the unseen tiles may lie (which tiles are left to
draw, in every order, the rest in the other hand, ruling out hands with a number that
player is known to lack) and plays the best on average. It gives up (returns None)
past ``endgame_nodes`` positions (ai/policy.py: AllFivesTuning), so a move never waits
long; then the rules of thumb decide
as before. Normal and Hard both play the solved move.

The rules are Hard's light play-outs' (``allfives.playout``): A2 draws, A4 scores, A5
the first double as the spinner, A6 going out, A7 blocked, A8 the game stopping at its
target. "every double a spinner" is not solved (the light rules do not cover it).
"""

from __future__ import annotations

from itertools import permutations

from ..allfives_scores import hand_end
from ..moves import PLAY
from .af_playout import _light_opens, light_arms, value
from .world import install, unseen_tiles


class _TooBig(Exception):
    pass


def applies(match, obs: dict, max_bone: int = 2) -> bool:
    """Two players, the spinner rule the light rules cover, at most ``max_bone`` tiles
    left to draw and none kept back in the boneyard."""
    o = match.options
    return (obs["seats"] == 2 and obs["drawable"] == obs["boneyard"] <= max_bone
            and o.spinner != "every"
            and obs["layout"]["root"] is not None and not obs["round_over"])


def solve(match, obs: dict, legal: list, pol, nodes: int | None = None):
    """``(move, value)``: the best play for the seat to move and what it is worth
    (``af_playout.value``; with tiles left to draw, the mean over the ways they may
    lie), or None when the rules of the search do not apply or it needs more than
    ``nodes`` positions (default ``endgame_nodes``; over all the ways the tiles may lie
    together). ``pol`` is the All Fives policy (ai/allfives.py), with its tuning."""
    tu = pol.tu
    if not applies(match, obs, tu.endgame_bone):
        return None
    if nodes is None:
        nodes = tu.endgame_nodes
    plays = [m for m in legal if m.kind == PLAY]
    if len(plays) < 2:
        return None
    seat = obs["seat"]
    other = 1 - seat
    unseen = unseen_tiles(match, obs, pol)
    b = obs["boneyard"]
    if len(unseen) != obs["hand_sizes"][other] + b:
        return None
    world = match.clone(keep_history=False)
    try:
        if b == 0:
            install(world, seat, obs, {other: unseen}, [])
            return _search(world, seat, plays, [nodes], tu)
        # every order the last tiles may be drawn in, the rest in the other hand; a
        # number that hand is known to lack (its draws and passes) rules a deal out
        lack = pol.lacks(match, obs)[other]
        deals = []
        for bone in permutations(unseen, b):
            hand = [t for t in unseen if t not in bone]
            if not any(t.hi in lack or t.lo in lack for t in hand):
                deals.append((hand, list(bone)))
        if not deals:
            return None
        total = [0.0] * len(plays)
        left = [nodes]  # for all the ways together
        for hand, bone in deals:
            install(world, seat, obs, {other: hand}, bone)
            for k, v in enumerate(_search(world, seat, plays, left, tu, every=True)):
                total[k] += v
        k = max(range(len(plays)), key=lambda k: (total[k], -k))
        return plays[k], total[k] / len(deals)
    except _TooBig:
        return None


def _search(world, seat: int, plays: list, left: list, tu, every: bool = False):
    """The best of ``plays`` and its value; with ``every``, the exact value of each."""
    o = world.options
    fives = o.count_in_fives
    target = o.target
    stop = o.stop_at_target
    spinning = o.spinner == "first"
    sides = world.sides
    hands = [list(h) for h in world.hands]
    bone = list(world.boneyard)  # drawn from the end
    totals = list(world.totals)
    hp = list(world.hand_points)
    root = world.root
    L, E, D, spin = light_arms(world)
    win = tu.win
    masks = [0, 0]  # each hand as a set of bits (tile hi * 7 + lo), for the memo's keys
    for s, h in enumerate(hands):
        for t in h:
            masks[s] |= 1 << (t.hi * 7 + t.lo)

    def ended(out):
        """The value of the hand's end: ``out`` went out, or None (blocked)."""
        w, _opp, pts, _low = hand_end(hands, sides, out)
        tot = list(totals)
        row = list(hp)
        if w is not None:
            v = pts // 5 if fives else pts
            tot[w] += v
            row[w] += v
        return value(row, tot, sides, seat, max(tot) >= target, target, fives, w, tu=tu)

    # positions met again by another order of the same plays: (value, kind), kind 0
    # exact, 1 at least (a cut-off above beta), -1 at most (nothing above alpha)
    seen: dict = {}

    def rec(turn, passes, opens, count, alpha, beta):
        alike = len(opens) == 4 or not spinning
        if alike:
            # settled: no spinner to come, so an arm is no more than its end and what it
            # counts, and arms alike are interchangeable
            table = tuple(sorted((e, c) for _a, e, c in opens))
        else:
            table = (tuple(L), tuple(E), tuple(D), spin)
        key = (masks[0], masks[1], table, totals[0], totals[1], turn, passes, len(bone))
        got = seen.get(key)
        if got is not None:
            v, kind = got
            if kind == 0 or (kind == 1 and v >= beta) or (kind == -1 and v <= alpha):
                return v
        a0, b0 = alpha, beta
        v = _rec(turn, passes, opens, count, alpha, beta, alike)
        seen[key] = (v, 1 if v >= b0 else -1 if v <= a0 else 0)
        return v

    def _rec(turn, passes, opens, count, alpha, beta, alike):
        left[0] -= 1
        if left[0] < 0:
            raise _TooBig
        hand = hands[turn]
        moves = []
        done = set()
        for a, e, c in opens:
            if alike:
                if (e, c) in done:
                    continue  # the same as playing on the arm before, already listed
                done.add((e, c))
            for t in hand:
                hi, lo = t
                if hi == e or lo == e:
                    x = lo if hi == e else hi
                    v = count - c + (x + x if hi == lo else x)
                    moves.append((v if v and v % 5 == 0 else 0, t, a, x))
        if not moves:
            if bone:  # A2: draw, and look again
                t = bone.pop()
                hand.append(t)
                bit = 1 << (t.hi * 7 + t.lo)
                masks[turn] ^= bit
                v = rec(turn, passes, opens, count, alpha, beta)
                masks[turn] ^= bit
                hand.pop()
                bone.append(t)
                return v
            if passes + 1 >= 2:
                return ended(None)  # A7
            return rec(1 - turn, passes + 1, opens, count, alpha, beta)
        moves.sort(key=lambda m: -m[0])
        mine = turn == seat
        best = -1e18 if mine else 1e18
        for _v, t, a, x in moves:
            val = play(turn, t, a, x, alpha, beta)
            if mine:
                if val > best:
                    best = val
                if best > alpha:
                    alpha = best
            else:
                if val < best:
                    best = val
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def play(turn, t, a, x, alpha, beta):
        nonlocal spin
        hand = hands[turn]
        i = hand.index(t)
        hand.pop(i)
        bit = 1 << (t.hi * 7 + t.lo)
        masks[turn] ^= bit
        saved = (L[a], E[a], D[a], spin)
        dbl = t.hi == t.lo
        L[a] += 1
        E[a] = x
        D[a] = dbl
        if dbl and spinning and spin is None:
            spin = (a, L[a] - 1, t.hi)
        opens = _light_opens(root, L, E, D, spin)
        count = 0
        for _a, _e, c in opens:
            count += c
        scored = count and count % 5 == 0
        v = (count // 5 if fives else count) if scored else 0
        totals[turn] += v
        hp[turn] += v
        if not hand:
            val = ended(turn)  # A6
        elif stop and scored and totals[turn] >= target:
            val = win if turn == seat else -win  # A8: the game stops when won
        else:
            val = rec(1 - turn, 0, opens, count, alpha, beta)
        totals[turn] -= v
        hp[turn] -= v
        L[a], E[a], D[a], spin = saved
        hand.insert(i, t)
        masks[turn] ^= bit
        return val

    def first(m):
        t = m.tile
        e = next(e for a, e, _c in _light_opens(root, L, E, D, spin) if a == m.target)
        return t, m.target, t.lo if t.hi == e else t.hi

    if every:
        return [play(seat, *first(m), -1e18, 1e18) for m in plays]
    best, bv = None, -1e18
    for m in plays:
        val = play(seat, *first(m), bv, 1e18)
        if val > bv:
            best, bv = m, val
    return best, bv

"""Hard: Perfect-Information Monte Carlo within a time (or world) budget.

For each sampled world (ai/world.py) every candidate move is played and the round
is played out by the game's fast policy (``Policy.playout``); the same world and the
same play-out seed serve every candidate (common random numbers), so the comparison is
fair and much less noisy than independent samples. The candidates are Normal's best
``search.top`` plays, in Normal's order. Candidates that fall clearly behind the leader,
world by world, are dropped as the worlds come in (successive elimination), so the time
goes to the moves still in contention. Hard leaves Normal's first choice only for a
move whose mean gain over it, paired world by world, exceeds ``margin`` standard
errors. The settings are the ``Tuning``'s (``search`` and the game's ``hard``).
"""

from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

from ..moves import PLAY
from .policy import Policy

MAX_STEPS = 5000  # a play-out longer than this is cut (not expected: a round ends)


class Result(NamedTuple):
    move: object
    mean: float
    worlds: int


def rollout(sim, pol: Policy, rng: random.Random) -> None:
    """Play the simulated game on with the fast policy to the end of the round."""
    fast = pol.fast
    push = sim._push  # fast() returns a legal move of the simulated game
    steps = 0
    while not sim.round_over and steps < MAX_STEPS:
        push(fast(sim, rng))
        steps += 1


def engine_playout(pol: Policy, world, seat: int, move, seed: int) -> float:
    """``Policy.playout`` through the engine: ``move`` played on a copy of ``world``,
    the round played out with ``pol.fast``, its ``outcome`` for ``seat``."""
    sim = world.clone(keep_history=False)
    sim._push(move)
    rollout(sim, pol, random.Random(seed))
    return pol.outcome(sim, seat)


def final_scores(world, move, seed: int, pol) -> list | None:
    """The round's scores once ``move`` is played in ``world`` and the round played
    out to its end with the policy's fast play at every seat (None if it did not end)."""
    if world.round_over:
        return list(world.round_scores[-1])
    sim = world.clone(keep_history=False)
    sim._push(move)
    rollout(sim, pol, random.Random(seed))
    return list(sim.round_scores[-1]) if sim.round_over else None


def round_words(match, seat: int, obs: dict, move, rng: random.Random, pol,
                scores=None) -> str:
    """What Hard's choice did in likely deals of a train game, in words: the points
    the seat was left with and the share of rounds it won. (Hard's own value adds a
    bonus for winning to the points, so it is no count of points: these deals are
    dealt again and played to the end for the words.) ``scores(world, move, seed)``
    plays a round out (default: ``final_scores`` through the engine)."""
    if scores is None:
        def scores(w, m, sd):
            return final_scores(w, m, sd, pol)
    sample = pol.worlds(match, seat, obs)
    pips = won = 0.0
    n = 0
    for _ in range(pol.tuning.search.hint_worlds):
        w = sample(rng)
        sc = scores(w, move, rng.getrandbits(32))
        if sc is None:
            continue
        n += 1
        pips += sc[seat]
        if sc[seat] == min(sc):
            won += 1 / sc.count(sc[seat])
    if not n:
        return ""
    return (f" (you were left with {pips / n:.0f} points on average and won "
            f"{round(100 * won / n)}% of those rounds)")


def candidates(pol: Policy, ranked: list) -> list:
    """Normal's best ``search.top`` plays, in Normal's order."""
    return [s.move for s in ranked if s.move.kind == PLAY][:pol.tuning.search.top]


def _stats(d: list[float]) -> tuple[float, float]:
    n = len(d)
    m = sum(d) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)


def pimc(match, seat: int, obs: dict, ranked: list, rng: random.Random, pol: Policy, *,
         budget_ms: float | None = None, worlds: int | None = None) -> Result:
    st = pol.tuning.search
    margin = st.margin
    cands = candidates(pol, ranked)
    if len(cands) <= 1:
        return Result(ranked[0].move, 0.0, 0)
    # A policy may know the answer outright (All Fives once every tile is known).
    got = pol.exact(match, obs, ranked)
    if got is not None:
        return Result(got[0], got[1], 0)
    if worlds is None:
        if budget_ms is None:
            budget_ms = pol.hard.budget_ms
        budget = budget_ms / 1000.0
        deadline = time.perf_counter() + budget
    else:
        deadline = None
    k = len(cands)
    alive = list(range(k))
    outs: list[list[float]] = [[] for _ in range(k)]  # per candidate, per world
    n = 0
    # A policy may play its play-outs without the engine (Chicken Foot, All Fives).
    playout = pol.playout
    sample = pol.worlds(match, seat, obs)
    while True:
        w = sample(rng)
        seed = rng.getrandbits(32)
        for i in alive:
            outs[i].append(playout(w, seat, cands[i], seed))
        n += 1
        if deadline is None:
            if n >= worlds:
                break
        elif time.perf_counter() >= deadline:
            break
        if n % st.prune_every == 0:
            alive = _prune(alive, outs, st.prune_z)
            if len(alive) == 1:
                break  # settled: one move is clearly best
    # Compare on the worlds every survivor saw (the later ones, after the last drop,
    # are seen by every survivor; the first ``n0`` worlds are seen by all).
    best, best_gain = alive[0], 0.0
    base = 0 if 0 in alive else best
    for i in alive:
        if i == base:
            continue
        d = [a - b for a, b in zip(outs[i], outs[base])]
        m, se = _stats(d)
        if m > best_gain and m > margin * se:
            best, best_gain = i, m
    b = outs[base]
    return Result(cands[best], sum(b) / len(b) + best_gain, n)


def _prune(alive: list[int], outs: list[list[float]], z: float) -> list[int]:
    """Drop the candidates clearly behind the best (paired differences); Normal's
    first choice (index 0) is only dropped when clearly behind too."""
    means = {i: sum(outs[i]) / len(outs[i]) for i in alive}
    lead = max(alive, key=lambda i: (means[i], -i))
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        m = min(len(outs[i]), len(outs[lead]))
        d = [a - b for a, b in zip(outs[i][-m:], outs[lead][-m:])]
        mu, se = _stats(d)
        if mu + z * se >= 0:
            keep.append(i)
    return keep

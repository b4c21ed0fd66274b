"""Hard: Perfect-Information Monte Carlo within a time (or world) budget.

For each sampled world (ai/world.py) every candidate move is played and the round
is played out by the game's fast policy; the same world and the same play-out seed
serve every candidate (common random numbers), so the comparison is fair and much
less noisy than independent samples. The candidates are every legal play (in
Normal's order) and, where the rules let a player draw while holding a tile that
plays (GS-MT), drawing. Candidates that fall clearly behind the leader, world by
world, are dropped as the worlds come in (successive elimination), so the time
goes to the moves still in contention. Hard leaves Normal's first choice only for a
move whose mean gain over it, paired world by world, exceeds ``margin`` standard
errors.
"""

from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

from ..moves import DRAW, PLAY
from .world import world_sampler

DEFAULT_BUDGET_MS = 70.0  # unless the game's policy module sets BUDGET_MS
MAX_CANDS = 10  # Normal's best this many plays (a policy may set SEARCH_TOP)
MAX_STEPS = 5000
MARGIN = 0.5  # standard errors a move must beat Normal's choice by (or SEARCH_MARGIN)
PRUNE_EVERY = 8  # worlds between eliminations
PRUNE_Z = 2.5  # a candidate this many standard errors behind the leader is dropped


class Result(NamedTuple):
    move: object
    mean: float
    worlds: int


def rollout(sim, pol, rng: random.Random, whole: bool = False) -> None:
    """Play the simulated game on with the fast policy: to the end of the round, or
    for ``pol.ROLLOUT_PLIES`` moves when the policy sets it and ``whole`` is false
    (its ``outcome`` then scores an unfinished round with a hand evaluation)."""
    fast = pol.fast
    push = sim._push  # fast() returns a legal move of the simulated game
    steps = 0
    limit = (None if whole else getattr(pol, "ROLLOUT_PLIES", None)) or MAX_STEPS
    end = getattr(pol, "rollout_over", None)
    while not sim.round_over and steps < limit:
        if end is not None and end(sim):
            break
        push(fast(sim, rng))
        steps += 1


def final_scores(world, move, seed: int, pol) -> list | None:
    """The round's scores once ``move`` is played in ``world`` and the round played
    out to its end with the policy's fast play at every seat (None if it did not end)."""
    if world.round_over:
        return list(world.round_scores[-1])
    sim = world.clone(keep_history=False)
    sim._push(move)
    rollout(sim, pol, random.Random(seed), whole=True)
    return list(sim.round_scores[-1]) if sim.round_over else None


HINT_WORLDS = 60  # the deals a Hard hint plays its move out in again, to put it in words


def round_words(game, seat: int, obs: dict, move, rng: random.Random, pol,
                scores=None) -> str:
    """What Hard's choice did in likely deals of a train game, in words: the points
    the seat was left with and the share of rounds it won. (Hard's own value adds a
    bonus for winning to the points, so it is no count of points: these deals are
    dealt again and played to the end for the words.) ``scores(world, move, seed)``
    plays a round out (default: ``final_scores`` through the engine)."""
    if scores is None:
        def scores(w, m, sd):
            return final_scores(w, m, sd, pol)
    sample = world_sampler(game, seat, obs, pol)
    pips = won = 0.0
    n = 0
    for _ in range(HINT_WORLDS):
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


def candidates(pol, legal: list, ranked: list) -> list:
    top = getattr(pol, "SEARCH_TOP", MAX_CANDS)
    plays = [s.move for s in ranked if s.move.kind == PLAY][:top]
    if plays and getattr(pol, "SEARCH_DRAW", False):
        plays += [m for m in legal if m.kind == DRAW]
    return plays


def _stats(d: list[float]) -> tuple[float, float]:
    n = len(d)
    m = sum(d) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)


def pimc(game, seat: int, obs: dict, legal: list, ranked: list, rng: random.Random, *,
         budget_ms: float | None = None, worlds: int | None = None,
         margin: float | None = None) -> Result:
    from .levels import policy_for

    pol = policy_for(game)
    if margin is None:
        margin = getattr(pol, "SEARCH_MARGIN", MARGIN)
    cands = candidates(pol, legal, ranked)
    if len(cands) <= 1:
        return Result(ranked[0].move, 0.0, 0)
    # A policy may know the answer outright (All Fives once every tile is known).
    exact = getattr(pol, "exact", None)
    got = exact(game, obs, ranked) if exact is not None else None
    if got is not None:
        return Result(got[0], got[1], 0)
    if worlds is None:
        if budget_ms is None:
            budget_ms = getattr(pol, "BUDGET_MS", DEFAULT_BUDGET_MS)
        budget = budget_ms / 1000.0
        deadline = time.perf_counter() + budget
    else:
        deadline = None
    k = len(cands)
    alive = list(range(k))
    outs: list[list[float]] = [[] for _ in range(k)]  # per candidate, per world
    n = 0
    # A policy may play its play-outs itself (Chicken Foot: without the engine), as
    # ``playout(world, seat, move, seed) -> outcome``; the world must stay unchanged.
    playout = getattr(pol, "playout", None)
    sample = world_sampler(game, seat, obs, pol)
    while True:
        w = sample(rng)
        seed = rng.getrandbits(32)
        for i in alive:
            if playout is not None:
                outs[i].append(playout(w, seat, cands[i], seed))
                continue
            sim = w.clone(keep_history=False)
            sim._push(cands[i])
            rollout(sim, pol, random.Random(seed))
            outs[i].append(pol.outcome(sim, seat))
        n += 1
        if deadline is None:
            if n >= worlds:
                break
        elif time.perf_counter() >= deadline:
            break
        if n % PRUNE_EVERY == 0:
            alive = _prune(alive, outs, n)
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


def _prune(alive: list[int], outs: list[list[float]], n: int) -> list[int]:
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
        if mu + PRUNE_Z * se >= 0:
            keep.append(i)
    return keep

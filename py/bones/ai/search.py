"""Hard: Perfect-Information Monte Carlo within a time (or world) budget.

For each sampled world (ai/world.py) every candidate move is played and the round
is played out by the game's fast policy; the same world and the same play-out seed
serve every candidate (common random numbers), so the comparison is fair and less
noisy. Normal's ranking chooses the candidates (its best few plays); Hard leaves
Normal's first choice only for a candidate whose mean gain over it, world by
world, is more than ``margin`` standard errors (so noise alone rarely moves it).
"""

from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

from ..moves import PLAY
from .world import sample_world

DEFAULT_BUDGET_MS = 300.0
TOP = 5  # candidates: Normal's best few plays
MAX_STEPS = 5000
MARGIN = 1.0  # standard errors a move must beat Normal's choice by


class Result(NamedTuple):
    move: object
    mean: float
    worlds: int


def rollout(sim, pol, rng: random.Random) -> None:
    fast = pol.fast
    steps = 0
    end = getattr(pol, "rollout_over", None)
    while not sim.round_over and steps < MAX_STEPS:
        if end is not None and end(sim):
            break
        sim.play(fast(sim, rng))
        steps += 1


def pimc(game, seat: int, obs: dict, legal: list, ranked: list, rng: random.Random, *,
         budget_ms: float | None = None, worlds: int | None = None, top: int = TOP, margin: float = MARGIN) -> Result:
    pol_mod = __import__("bones.ai.levels", fromlist=["policy_for"])
    pol = pol_mod.policy_for(game)
    cands = [s.move for s in ranked if s.move.kind == PLAY][:top]
    if len(cands) <= 1:
        return Result(ranked[0].move, 0.0, 0)
    if worlds is None:
        budget = (DEFAULT_BUDGET_MS if budget_ms is None else budget_ms) / 1000.0
        deadline = time.perf_counter() + budget
    else:
        deadline = None
    k = len(cands)
    diffs: list[list[float]] = [[] for _ in range(k)]  # outcome minus Normal's choice
    total0 = 0.0
    n = 0
    while True:
        w = sample_world(game, seat, obs, pol, rng)
        seed = rng.getrandbits(32)
        outs = []
        for c in cands:
            sim = w.clone(keep_history=False)
            sim.play(c)
            rollout(sim, pol, random.Random(seed))
            outs.append(pol.outcome(sim, seat))
        total0 += outs[0]
        for i in range(k):
            diffs[i].append(outs[i] - outs[0])
        n += 1
        if deadline is None:
            if n >= worlds:
                break
        elif time.perf_counter() >= deadline:
            break
    # Leave Normal's choice only for a move that does clearly better in the same worlds.
    best, best_gain = 0, 0.0
    for i in range(1, k):
        d = diffs[i]
        m = sum(d) / n
        if n > 1:
            var = sum((x - m) ** 2 for x in d) / (n - 1)
            se = math.sqrt(var / n)
        else:
            se = float("inf")
        if m > best_gain and m > margin * se:
            best, best_gain = i, m
    return Result(cands[best], (total0 / n) + best_gain, n)

"""Research players for the train games' Hard, tried against the outside field with
``research/field_edge.py --also NAME:player=hard_variants:ATTR`` (or ``--variant``).
Each is a ``player(game, tuning) -> Policy`` as ``arena.run`` takes it. Never shipped.

- ``selfnormal``: Hard's play-outs play its own seat by Normal (the rest by the fast
  policy), so a move is valued by how Normal would carry on after it, not the cheaper
  fast policy.
- ``endgame``: once the boneyard is empty, every deal of the unseen tiles to the other
  hands that agrees with the reading of draws and passes (``reads``) and, where any do,
  with Normal's recent plays (``model``), is played out for every candidate (the fast
  policy draws nothing, so each play-out is fixed): the best mean is played, with no
  sampling noise. When there are more than ``ENDGAME_CAP`` such deals, Hard searches as
  it stands.

Standard library only; run from the repository's root.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from bones.ai.levels import POLICIES  # noqa: E402
from bones.ai.policy import DEFAULT, Tuning, forced, move_key  # noqa: E402
from bones.ai.reading import normal_check  # noqa: E402
from bones.ai.search import MAX_STEPS, candidates  # noqa: E402
from bones.ai.world import install, unseen_tiles  # noqa: E402
from bones.moves import JOIN  # noqa: E402

ENDGAME_CAP = 400  # deals played out at most (each for every candidate)
_CLASSES: dict = {}


def _fits(hand: list, slots: list) -> bool:
    """Whether the tiles of ``hand`` can be matched one to one with ``slots`` (each slot
    the numbers its tile lacks): a bipartite matching by augmenting paths."""
    if len(hand) != len(slots):
        return False
    ok = [[j for j, f in enumerate(slots) if t.hi not in f and t.lo not in f] for t in hand]
    owner: dict = {}

    def augment(i: int, seen: set) -> bool:
        for j in ok[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(hand)))


def consistent_deals(match, seat: int, obs: dict, pol, cap: int) -> list | None:
    """Every deal ``{seat: hand}`` of the unseen tiles to the other hands (the boneyard
    empty) that agrees with the reading, and with Normal's recent plays where any deal
    does; None when the boneyard is not empty or there are more than ``cap``."""
    if obs["boneyard"]:
        return None
    unseen = unseen_tiles(match, obs, pol)
    sizes = list(obs["hand_sizes"])
    others = [s for s in range(len(sizes)) if s != seat]
    if sum(sizes[s] for s in others) != len(unseen):
        return None
    total = math.factorial(len(unseen))
    for s in others:
        total //= math.factorial(sizes[s])
    if total > 50 * cap:  # too many to sift
        return None
    slots = pol.reads(match, obs) or [[frozenset()] * n for n in sizes]
    out: list = []

    def rec(k: int, left: list, got: dict) -> bool:
        if k == len(others) - 1:
            s = others[k]
            if _fits(left, slots[s]):
                out.append({**got, s: left})
            return len(out) <= cap
        s = others[k]
        for combo in itertools.combinations(left, sizes[s]):
            hand = list(combo)
            if not _fits(hand, slots[s]):
                continue
            rest = [t for t in left if t not in combo]
            if not rec(k + 1, rest, {**got, s: hand}):
                return False
        return True

    if not rec(0, list(unseen), {}) or not out:
        return None
    check = normal_check(match, obs, pol, pol.hard.model_keep) if pol.hard.model_tries else None
    if check is not None:
        agree = [d for d in out if all(check(s, h) for s, h in d.items())]
        out = agree or out
    return out


def _endgame_exact(self, match, obs: dict, ranked: list):
    seat = obs["seat"]
    deals = consistent_deals(match, seat, obs, self, ENDGAME_CAP)
    if deals is None:
        return None
    cands = candidates(self, ranked)
    tot = [0.0] * len(cands)
    for d in deals:
        w = match.clone(keep_history=False)
        install(w, seat, obs, d, [])
        for i, m in enumerate(cands):
            tot[i] += self.playout(w, seat, m, 0)
    best = max(range(len(cands)), key=lambda i: (tot[i], -i))
    return cands[best], tot[best] / len(deals)


def _selfnormal_playout(self, world, seat: int, move, seed: int) -> float:
    rng = random.Random(seed)
    sim = world.clone(keep_history=False)
    sim._push(move)
    steps = 0
    while not sim.round_over and steps < MAX_STEPS:
        if sim.turn == seat:
            legal = sorted(sim.legal_moves(), key=move_key)
            f = forced([m for m in legal if m.kind != JOIN])
            m = f if f is not None else self.normal(sim, sim.observation(seat), legal,
                                                    rng)[0].move
        else:
            m = self.fast(sim, rng)
        sim._push(m)
        steps += 1
    return self.outcome(sim, seat)


def _make(name: str, attrs: dict):
    def player(game, tuning: Tuning = DEFAULT):
        base = POLICIES[game.game]
        cls = _CLASSES.get((name, base))
        if cls is None:
            cls = _CLASSES[(name, base)] = type(f"{name}{base.__name__}", (base,), attrs)
        return cls(tuning)

    return player


selfnormal = _make("SelfNormal", {"playout": _selfnormal_playout})
endgame = _make("Endgame", {"exact": _endgame_exact})

"""What a train-game Hard setting gives away against the real hands (a development tool).

    python research/oracle_regret.py --game mexican-train --preset gs-mt --rounds 20 \\
        --variant kept --variant "off:mexican.hard.model_tries=0"

An arena run of 1,000 rounds takes a core a quarter of an hour and still cannot tell
small changes apart. This asks a cheaper question at single positions. It plays rounds
of four Normal players and at every third turn with two or more plays it values every
play by ``--judge`` play-outs in worlds that hold the real hands (only the boneyard's
order reshuffled), with the game's own play-out
policy and ``outcome`` (points left, the win bonus). Each variant (settings of the tuning,
as the arena's ``--set`` takes them; ``NAME`` alone is the tuning as it stands) then chooses
as Hard does, from what its seat may see, with ``--worlds`` worlds; its **regret** at
the position is the best play's value less the value of the play it chose. Normal's
choice and Hard with the real hands in its worlds (``oracle``) are reported as well,
and with ``--one-real J`` Hard with its own worlds but the real hand of the seat J
places after it (``real +J``: what one hand is worth).
The mean regret over the positions, with a 95% interval, and the paired difference
with the first variant (the same positions) are printed. Lower is better; the judge's
values carry noise of their own, shared by every variant.

It reports; it asserts nothing. Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants import dealing, variant  # noqa: E402  (research/variants.py)

import bones  # noqa: E402
from bones.ai import levels, search  # noqa: E402
from bones.ai.policy import DEFAULT, forced  # noqa: E402
from bones.ai.world import world_sampler  # noqa: E402
from bones.moves import PLAY  # noqa: E402


def real_sampler(game, seat: int, obs: dict, pol):
    """Worlds with the real hands; only the boneyard's order is dealt afresh."""
    def sample(rng: random.Random):
        w = game.clone(keep_history=False)
        w.boneyard = list(w.boneyard)
        rng.shuffle(w.boneyard)
        w._legal = None
        return w

    return sample


def one_real_sampler(offset: int):
    """Hard's own worlds, but with the real hand of the seat ``offset`` places after
    Hard's: what that one hand is worth."""
    def sampler(game, seat: int, obs: dict, pol):
        plain = world_sampler(game, seat, obs, pol)
        who = (seat + offset) % game.seats

        def sample(rng: random.Random):
            w = plain(rng)
            real = list(game.hands[who])
            missing = set(real) - set(w.hands[who])
            keep = set(real)
            spare = [t for t in w.hands[who] if t not in keep]
            for s in range(w.seats):  # each real tile held elsewhere swaps with a spare
                if s != who:
                    w.hands[s] = [spare.pop() if t in missing else t for t in w.hands[s]]
            w.boneyard = [spare.pop() if t in missing else t for t in w.boneyard]
            w.hands[who] = real
            w._legal = None
            return w

        return sample

    return sampler


def judge(game, pol, plays: list, n: int, seed: int) -> dict:
    """Each play's mean value in ``n`` real-hand worlds (common play-out seeds)."""
    seat = game.turn
    sample = real_sampler(game, seat, None, pol)
    rng = random.Random(seed)
    tot = dict.fromkeys(plays, 0.0)
    for _ in range(n):
        w = sample(rng)
        sd = rng.getrandbits(32)
        for m in plays:
            sim = w.clone(keep_history=False)
            sim._push(m)
            search.rollout(sim, pol, random.Random(sd))
            tot[m] += pol.outcome(sim, seat)
    return {m: v / n for m, v in tot.items()}


def choose(game, tuning, worlds: int, seed: int, oracle=None):
    """Hard's choice by ``tuning``; ``oracle`` (a sampler) in place of its worlds."""
    pol = dealing(oracle)(game, tuning) if oracle is not None else None
    return levels.choose(game, game.turn, "hard", seed=seed, worlds=worlds, tuning=tuning,
                         policy=pol)


def _ci(d: list[float]) -> str:
    n = len(d)
    m = sum(d) / n
    se = (sum((x - m) ** 2 for x in d) / max(n - 1, 1) / n) ** 0.5
    return f"{m:6.3f} (95% CI {m - 1.96 * se:6.3f} to {m + 1.96 * se:6.3f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="mexican-train")
    ap.add_argument("--preset", default="gs-mt")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=100, help="Hard's worlds a choice")
    ap.add_argument("--judge", type=int, default=200, help="real-hand worlds a play")
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--json", default=None, help="write each position's regrets here")
    ap.add_argument("--one-real", type=int, action="append", default=[],
                    help="also Hard (as the code stands) with the real hand of the seat "
                         "this many places on (repeatable)")
    ap.add_argument("--variant", action="append", default=[],
                    help="NAME[:PATH=VALUE,...] (repeatable), e.g. "
                         "off:mexican.hard.model_tries=0")
    a = ap.parse_args(argv)
    variants = [variant(v) for v in (a.variant or ["kept"])]
    names = (["normal"] + [n for n, _ in variants] + [f"real +{j}" for j in a.one_real]
             + ["oracle"])
    regret: dict[str, list[float]] = {n: [] for n in names}
    positions = 0
    for r in range(a.rounds):
        g = bones.new_game(a.game, seats=4, preset=a.preset, seed=f"regret/{a.seed}/{r}")
        pol = levels.policy_for(g)
        k = 0
        while not g.round_over:
            k += 1
            legal = g.legal_moves()
            plays = [m for m in legal if m.kind == PLAY]
            normal = levels.choose(g, g.turn, "normal", seed=k)
            if (k % a.every == 0 and len(plays) > 1 and len(g.hands[g.turn]) > 1
                    and forced(legal) is None):  # a knock comes first
                val = judge(g, pol, plays, a.judge, seed=10**6 + k)  # not Hard's worlds
                best = max(val.values())
                got = {"normal": normal}
                for name, var in variants:
                    got[name] = choose(g, var, a.worlds, seed=k)
                for j in a.one_real:
                    got[f"real +{j}"] = choose(g, DEFAULT, a.worlds, seed=k,
                                               oracle=one_real_sampler(j))
                got["oracle"] = choose(g, DEFAULT, a.worlds, seed=k, oracle=real_sampler)
                for name in names:
                    m = got[name]
                    regret[name].append(best - val[m] if m in val else 0.0)  # a draw
                    if m not in val:
                        print(f"  {name} chose {m} (not a play)", file=sys.stderr)
                positions += 1
            g.play(normal)
        print(f"  round {r + 1}/{a.rounds}: {positions} positions", file=sys.stderr)
    print(f"{a.game} ({a.preset}), {positions} positions of {a.rounds} Normal rounds; "
          f"Hard {a.worlds} worlds, judged by {a.judge} real-hand worlds a play")
    if a.json:
        import json

        Path(a.json).write_text(json.dumps(regret))
    first = variants[0][0]
    for name in names:
        d = regret[name]
        line = f"{name:12s} regret {_ci(d)}"
        if name != first:
            line += "   minus " + first + ": " + _ci([x - y for x, y in
                                                       zip(d, regret[first])])
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

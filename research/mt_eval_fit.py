"""The scale of Mexican Train Hard's unfinished play-outs (a research script; it gave
``eval_orphan_w`` and ``eval_chain_w``: ai/policy.py, MexicanTuning).

    python research/mt_eval_fit.py --rounds 1000

A Mexican Train play-out cut short scores the round so far by ``mexican.evaluate``:
minus the pips outside the seat's own train's chain, and a lighter weight for the
chain's pips. A finished play-out scores minus the seat's real round score. For the
two to be compared fairly, the first must be on the second's scale. This plays
``--rounds`` GS-MT rounds of four seats with the play-out policy (``fast``, on the real
hands, as in a play-out), takes every sixth position from the fourth move on, and for
each seat records the features below and its real score when the round ended. It
prints:

- the factor by which the round's final score rises per unit of today's form (the
  scale ``eval_orphan_w`` carries), and the share of the score's variance (R²) the
  form explains;
- a least-squares fit on more features (tiles in hand, the fewest tiles any other seat
  holds, the chain's tiles, the train open) with its R², for comparison: it explains
  more, yet played worse in the arena (docs/ai-decisions.md).

It reports; it asserts nothing. Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from af_fit import solve  # noqa: E402

import bones  # noqa: E402
from bones.ai import mexican as aimt  # noqa: E402
from bones.ai.policy import DEFAULT  # noqa: E402

NAMES = ["orphan", "chain", "chain_n", "hand_n", "marker", "min_other"]


def features(world, seat: int) -> list:
    hand = world.hands[seat]
    chain = aimt.best_chain(hand, world.end_of(seat), cap=600)
    cp = sum(t.hi + t.lo for t in chain)
    hp = sum(t.hi + t.lo for t in hand)
    other = min(len(world.hands[s]) for s in range(world.seats) if s != seat)
    return [hp - cp, cp, len(chain), len(hand), 1.0 if world.markers[seat] else 0.0, other]


def positions(rounds: int, preset: str) -> list:
    """``[(features, the seat's score at the round's end)]``."""
    rows = []
    rng = random.Random(1)
    for k in range(rounds):
        g = bones.new_game("mexican-train", seats=4, preset=preset, seed=10000 + k)
        g = g.clone(keep_history=False)
        pending = []
        ply = 0
        while not g.round_over:
            if ply % 6 == 0 and ply >= 4:
                pending.extend((s, features(g, s)) for s in range(4))
            g._push(aimt.fast(g, rng))
            ply += 1
        row = g.round_scores[-1]
        rows.extend((f, float(row[s])) for s, f in pending)
    return rows


def least_squares(xs: list, ys: list) -> list:
    """Coefficients (the constant first), by the normal equations."""
    xs = [[1.0] + x for x in xs]
    m = len(xs[0])
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(m)] for i in range(m)]
    return solve(xtx, [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(m)])


def r2(xs: list, ys: list, coef: list) -> float:
    pred = [coef[0] + sum(c * v for c, v in zip(coef[1:], x)) for x in xs]
    mean = sum(ys) / len(ys)
    return 1 - (sum((p - y) ** 2 for p, y in zip(pred, ys))
                / sum((y - mean) ** 2 for y in ys))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--preset", default="gs-mt")
    args = ap.parse_args()
    rows = positions(args.rounds, args.preset)
    ys = [y for _f, y in rows]
    tu = DEFAULT.mexican
    ratio = tu.eval_chain_w / tu.eval_orphan_w
    form = [[f[0] + ratio * f[1]] for f, _y in rows]
    k = least_squares(form, ys)
    print(f"{len(rows)} positions of {args.rounds} rounds ({args.preset})")
    print(f"today's form (orphan pips + {ratio:.2f} x chain pips): the final score rises "
          f"{k[1]:.3f} a unit (eval_orphan_w is {tu.eval_orphan_w}); R² {r2(form, ys, k):.3f}")
    xs = [f for f, _y in rows]
    coef = least_squares(xs, ys)
    print(f"the wider fit: R² {r2(xs, ys, coef):.3f}; constant {coef[0]:.3f}")
    for n, c in zip(NAMES, coef[1:]):
        print(f"  {n:<10} {c:7.3f}")


if __name__ == "__main__":
    main()

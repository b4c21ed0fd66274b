"""What a hand's end is worth in All Fives: the chance of winning the game from there
(a research script; it fits ``eq_k``, ``eq_lead`` and ``eq_c``: ai/policy.py,
AllFivesTuning).

    python research/af_equity.py --hands 30000

1. Plays ``--hands`` hands of Normal against Normal (two players, GS-AF, with a target
   no game reaches) and counts each hand's outcome: the points the leader and the other
   player made (in fives), and whether the leader won the hand (and so leads the next).
2. Works out, by dynamic programming over those outcomes, the exact chance of winning
   a game to ``--target`` for every pair of needs (in fives) and either leader. A hand
   that takes both players over the target counts half a win (the game stops mid-hand
   at whoever gets there first; the play-outs see that part themselves).
3. Fits the logistic ``1 / (1 + exp(-K (b - a +/- LEAD) / sqrt(a + b + C)))`` (``a``
   my need, ``b`` theirs, ``+LEAD`` when I lead the next hand) to that table by a grid
   search, and prints the fit, its error and a few rows of the table.

It reports; it asserts nothing. Standard library only; run from the repository's root.
About 3 minutes for 30,000 hands in CPython.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import bones  # noqa: E402
from bones.ai.levels import choose  # noqa: E402


def hand_outcomes(n: int) -> Counter:
    """``{(leader's fives, other's fives, leader won the hand): count}``."""
    out: Counter = Counter()
    hands = 0
    seed = 0
    while hands < n:
        seed += 1
        g = bones.new_game("all-fives", seats=2, preset="gs-af", seed=seed,
                           options={"target": 10000})
        for _ in range(8):
            leader = g.leader
            while not g.round_over:
                g.play(choose(g, g.turn, "normal", seed=seed * 1000 + len(g.log)))
            row = g.round_scores[-1]
            won = None if g.winner is None else g.winner == leader
            out[(row[leader] // 5, row[1 - leader] // 5, won)] += 1
            hands += 1
            g.play(g.legal_moves()[0])  # the next hand
    return out


def equity_table(outcomes: Counter, units: int) -> dict:
    """``{(my need, their need, 0 if I lead else 1): chance I win}``, needs in fives."""
    samples = [(x, y, won, c) for (x, y, won), c in outcomes.items() if x + y > 0]
    total = sum(c for *_, c in samples)
    w: dict = {}
    for s in range(2, 2 * units + 1):  # every move lowers a + b, so smaller sums first
        for a in range(max(1, s - units), min(units, s - 1) + 1):
            b = s - a
            for lead in (0, 1):
                acc = 0.0
                for x, y, won, c in samples:
                    me, them = (x, y) if lead == 0 else (y, x)
                    nxt = lead if won else 1 - lead  # a tie (won None): the other leads
                    if me >= a and them >= b:
                        v = 0.5
                    elif me >= a:
                        v = 1.0
                    elif them >= b:
                        v = 0.0
                    else:
                        v = w[(a - me, b - them, nxt)]
                    acc += c * v
                w[(a, b, lead)] = acc / total
    return w


def logistic(a: int, b: int, lead: int, k: float, lam: float, c: float) -> float:
    z = k * (b - a + (lam if lead == 0 else -lam)) / math.sqrt(a + b + c)
    return 1 / (1 + math.exp(-z))


def fit(table: dict) -> tuple:
    best = None
    for i in range(30):
        k = 0.7 + 0.01 * i
        for j in range(20):
            lam = 1.0 + 0.05 * j
            for c in (0.0, 1.0, 2.0, 4.0, 6.0):
                sq = sum((logistic(a, b, L, k, lam, c) - v) ** 2 for (a, b, L), v in table.items())
                if best is None or sq < best[0]:
                    best = (sq, k, lam, c)
    sq, k, lam, c = best
    return k, lam, c, math.sqrt(sq / len(table))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=30000)
    ap.add_argument("--target", type=int, default=250)
    args = ap.parse_args()
    outcomes = hand_outcomes(args.hands)
    n = sum(outcomes.values())
    lead = sum(x * c for (x, _y, _w), c in outcomes.items()) * 5 / n
    other = sum(y * c for (_x, y, _w), c in outcomes.items()) * 5 / n
    won = sum(c for (_x, _y, w), c in outcomes.items() if w) / n
    print(f"{n} hands: the leader makes {lead:.1f} points a hand, the other {other:.1f}; "
          f"the leader wins {won:.1%} of hands")
    table = equity_table(outcomes, args.target // 5)
    k, lam, c, rms = fit(table)
    print(f"fit: eq_k {k:.2f}, eq_lead {lam:.2f}, eq_c {c:.0f} (rms error {rms:.4f})")
    print("needs (points)   exact: I lead / they lead   fit: I lead / they lead")
    for a, b in ((50, 50), (48, 50), (40, 50), (30, 50), (10, 10), (5, 10), (2, 4)):
        print(f"{a * 5:>4} {b * 5:>4}            {table[(a, b, 0)]:.3f} / {table[(a, b, 1)]:.3f}"
              f"              {logistic(a, b, 0, k, lam, c):.3f} / "
              f"{logistic(a, b, 1, k, lam, c):.3f}")


if __name__ == "__main__":
    main()

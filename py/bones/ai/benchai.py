"""``python -m bones bench-ai``: median move time of each computer level (CPython).

Plays rounds with the level in every seat and times each ``choose`` call that had a
real choice (more than one legal move). It reports; it asserts nothing. Pyodide in the
browser is typically 1.5-3x slower than CPython on this kind of code.
"""

from __future__ import annotations

import argparse
import statistics
import time

from .. import new_game
from .levels import choose

CASES = [
    ("Mexican Train, GS-MT, 4 seats", "mexican-train", "gs-mt", 4),
    ("Chicken Foot, GS-CF, 4 seats", "chicken-foot", "gs-cf", 4),
    ("All Fives, GS-AF, 2 seats", "all-fives", "gs-af", 2),
]


def measure(game: str, preset: str, seats: int, level: str, moves: int,
            budget_ms: float | None, seed: int = 1) -> list[float]:
    times: list[float] = []
    k = 0
    while len(times) < moves:
        k += 1
        g = new_game(game, seats=seats, preset=preset, seed=f"bench-ai-{seed}-{k}")
        while not g.round_over and len(times) < moves:
            s = g.turn
            many = len(g.legal_moves()) > 1
            t0 = time.perf_counter()
            m = choose(g, s, level, seed=k, budget_ms=budget_ms)
            dt = time.perf_counter() - t0
            if many:
                times.append(dt * 1000)
            g.play(m)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bones bench-ai", description=__doc__)
    ap.add_argument("--moves", type=int, default=60, help="timed moves per case and level")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="Hard's budget (default: the game's BUDGET_MS)")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("-k", dest="only", default="")
    a = ap.parse_args(argv)
    print(f"{'case':32} {'level':7} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for label, game, preset, seats in CASES:
        if a.only.lower() not in label.lower():
            continue
        for level in a.levels.split(","):
            ts = sorted(measure(game, preset, seats, level, a.moves, a.budget_ms))
            p90 = ts[int(0.9 * (len(ts) - 1))]
            print(f"{label:32} {level:7} {statistics.median(ts):10.1f} {p90:8.1f} "
                  f"{ts[-1]:8.1f}")
    return 0

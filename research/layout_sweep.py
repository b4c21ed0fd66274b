"""Random table positions through the tree layout, as the property tests draw them but
many more (a development tool: it reports; it asserts nothing).

    python research/layout_sweep.py --game cf --positions 1500 --seed 1

For each position (seats, deal seed, number of random moves, centre paths or spinner
option, and view size, all drawn from ``--seed``) it lays out the table and runs the
geometry checks of tests/engine/test_layout_trees.py. It prints every position whose
check fails, and counts the positions where composing a junction reached the last
resort (``measure._spread``, subtrees pushed far out) in any arrangement tried.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from bones.layout import measure  # noqa: E402
from bones.layout.preview import random_game  # noqa: E402
from test_layout_trees import SIZES, check_allfives, check_chicken  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("cf", "af"), default="cf")
    ap.add_argument("--positions", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    spreads = [0]
    original = measure._spread

    def counted(fixed, kids):
        spreads[0] += 1
        return original(fixed, kids)

    measure._spread = counted
    rng = random.Random(a.seed)
    failed, last_resort = [], []
    for _ in range(a.positions):
        size = rng.choice(SIZES)
        if a.game == "cf":
            seats, seed, depth = rng.randint(2, 8), rng.randint(0, 10**6), rng.randint(0, 200)
            paths = rng.choice((4, 6))
            g = random_game("chicken-foot", seats, seed, moves=depth,
                            options={"centre_paths": paths})
            case, check = (seats, seed, depth, paths, size), check_chicken
        else:
            seats, seed, depth = rng.randint(2, 4), rng.randint(0, 10**6), rng.randint(0, 60)
            spinner = rng.choice(("first", "none", "every"))
            g = random_game("all-fives", seats, seed, moves=depth,
                            options={"spinner": spinner, "stop_at_target": False})
            case, check = (seats, seed, depth, spinner, size), check_allfives
        before = spreads[0]
        try:
            check(g, *size)
        except AssertionError as e:
            failed.append(case)
            print("fails:", case, str(e)[:160])
        if spreads[0] > before:
            last_resort.append(case)
    print(f"{a.game}: {a.positions} positions, {len(failed)} fail the checks, "
          f"{len(last_resort)} reached the last resort {last_resort[:5]}")


if __name__ == "__main__":
    main()

"""Random-play throughput of the engine: ``python3 build.py bench engine``.

Plays whole rounds with uniformly random legal moves through the public
interface (legal_moves + play, history kept, as the AI's play-outs do) and
reports rounds and moves per second. With ``--layout``, it lays out the table
after every move of random rounds at the biggest tables instead, as the page
does, and reports milliseconds per move. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from . import new_game
from .moves import NEXT

# (label, game, preset, seats): one line of the report each.
CASES = [
    ("Mexican Train, GS-MT, 4 seats", "mexican-train", "gs-mt", 4),
    ("Mexican Train, ST-MT, 6 seats", "mexican-train", "st-mt", 6),
    ("Mexican Train, WC-MT, 4 seats", "mexican-train", "wc-mt", 4),
    ("All Fives, GS-AF, 2 seats", "all-fives", "gs-af", 2),
    ("All Fives, GS-AF, 4 seats (partners)", "all-fives", "gs-af", 4),
    ("Chicken Foot, GS-CF, 4 seats", "chicken-foot", "gs-cf", 4),
]


def random_round(game, rng: random.Random) -> int:
    """Play the current round to its end; return the number of moves."""
    n = 0
    choice = rng.choice
    while not game.round_over:
        game.play(choice(game.legal_moves()))
        n += 1
    return n


def measure(game_name: str, preset: str, seats: int, seconds: float, seed: int = 1) -> dict:
    rng = random.Random(seed)
    rounds = moves = 0
    busy = 0.0
    k = 0
    while busy < seconds:
        k += 1
        g = new_game(game_name, seats=seats, preset=preset, seed=f"bench-{seed}-{k}")
        while True:
            t0 = time.perf_counter()
            moves += random_round(g, rng)
            busy += time.perf_counter() - t0
            rounds += 1
            legal = [m for m in g.legal_moves() if m.kind == NEXT]
            if not legal or busy >= seconds:
                break
            g.play(legal[0])
    return {"rounds": rounds, "moves": moves, "seconds": busy,
            "rounds_per_s": rounds / busy, "moves_per_s": moves / busy,
            "moves_per_round": moves / rounds}


# (label, game, preset, seats) for --layout: the biggest tables each game allows.
LAYOUT_CASES = [
    ("Mexican Train, GS-MT, 8 seats", "mexican-train", "gs-mt", 8),
    ("Chicken Foot, GS-CF, 8 seats", "chicken-foot", "gs-cf", 8),
    ("All Fives, GS-AF, 4 seats", "all-fives", "gs-af", 4),
]
LAYOUT_SIZES = [(1920, 1080), (1280, 800), (1024, 768), (390, 844)]


def measure_layout(game_name: str, preset: str, seats: int, lay, rounds: int = 4,
                   seed: int = 1) -> dict:
    """Milliseconds ``lay(game, width=, height=)`` takes after each move of ``rounds``
    random rounds, the screen size taken in turn from LAYOUT_SIZES."""
    rng = random.Random(seed)
    times: list[float] = []
    for k in range(rounds):
        g = new_game(game_name, seats=seats, preset=preset, seed=f"bench-layout-{seed}-{k}")
        while not g.round_over:
            g.play(rng.choice(g.legal_moves()))
            width, height = LAYOUT_SIZES[len(times) % len(LAYOUT_SIZES)]
            t0 = time.perf_counter()
            lay(g, width=width, height=height)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {"moves": len(times), "mean_ms": sum(times) / len(times),
            "p95_ms": times[int(0.95 * (len(times) - 1))], "max_ms": times[-1]}


def main_layout(only: str) -> int:
    from .layout import layout_game
    from .layout.lanes import layout_table

    # The play screen draws lanes; the kiosk's attract screen the whole table.
    layouts = [("lanes", layout_table), ("whole table", layout_game)]
    print(f"{'layout after each move':44} {'moves':>6} {'mean ms':>8} {'p95 ms':>8} "
          f"{'max ms':>8}")
    for label, game, preset, seats in LAYOUT_CASES:
        if only.lower() not in label.lower():
            continue
        for kind, lay in layouts:
            r = measure_layout(game, preset, seats, lay)
            print(f"{label + ', ' + kind:44} {r['moves']:6} {r['mean_ms']:8.2f} "
                  f"{r['p95_ms']:8.2f} {r['max_ms']:8.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench engine", description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per case (default 3)")
    ap.add_argument("-k", dest="only", default="", help="only cases whose label contains this")
    ap.add_argument("--layout", action="store_true",
                    help="time the table layout after every move instead")
    args = ap.parse_args(argv)
    if args.layout:
        return main_layout(args.only)
    print(f"{'case':40} {'rounds/s':>10} {'moves/s':>10} {'moves/round':>12}")
    for label, game, preset, seats in CASES:
        if args.only.lower() not in label.lower():
            continue
        r = measure(game, preset, seats, args.seconds)
        print(f"{label:40} {r['rounds_per_s']:10.0f} {r['moves_per_s']:10.0f} "
              f"{r['moves_per_round']:12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

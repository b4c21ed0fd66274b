"""``python -m bones bench-ai``: median move time of each computer level (CPython).

Plays rounds with the level in every seat and times each ``choose`` call that had a
real choice (more than one legal move). For Hard it also counts the worlds each search
sampled, and reports the median over the searches that ran to the end of their budget
(the others settled early): what the budget buys on this machine, the figure the arena's
``Hard.arena_worlds`` stands for. With ``--worlds W`` Hard plays W worlds a move instead,
as in the arena: what that many worlds cost a move. It reports; it asserts nothing.
Pyodide in the browser is typically 1.5-3x slower than CPython on this kind of code;
``python3 build.py bench worlds`` runs this same module in Pyodide (Node) to measure it
there.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time

from .. import new_game
from . import levels
from .levels import choose


def _af_end(g, s) -> bool:
    from . import af_endgame

    return af_endgame.applies(g, g.observation(s))


# (label, game, preset, seats, which moves to time: all, or those a test picks)
CASES = [
    ("Mexican Train, GS-MT, 4 seats", "mexican-train", "gs-mt", 4, None),
    ("Chicken Foot, GS-CF, 4 seats", "chicken-foot", "gs-cf", 4, None),
    ("All Fives, GS-AF, 2 seats", "all-fives", "gs-af", 2, None),
    # the moves the end-of-hand search may take (af_endgame.applies)
    ("All Fives, hand ends only", "all-fives", "gs-af", 2, _af_end),
]


@contextlib.contextmanager
def counting_worlds(out: list[tuple[int, float]]):
    """While open, every Hard search appends (worlds sampled, seconds taken) to ``out``."""
    real = levels.pimc

    def counted(*args, **kw):
        t0 = time.perf_counter()
        res = real(*args, **kw)
        out.append((res.worlds, time.perf_counter() - t0))
        return res

    levels.pimc = counted  # what levels.choose and levels.hint call
    try:
        yield out
    finally:
        levels.pimc = real


def measure(game: str, preset: str, seats: int, level: str, moves: int,
            budget_ms: float | None, seed: int = 1, when=None,
            worlds: int | None = None) -> list[float]:
    times: list[float] = []
    k = 0
    while len(times) < moves:
        k += 1
        g = new_game(game, seats=seats, preset=preset, seed=f"bench-ai-{seed}-{k}")
        while not g.round_over and len(times) < moves:
            s = g.turn
            many = len(g.legal_moves()) > 1 and (when is None or when(g, s))
            t0 = time.perf_counter()
            m = choose(g, s, level, seed=k, budget_ms=budget_ms, worlds=worlds)
            dt = time.perf_counter() - t0
            if many:
                times.append(dt * 1000)
            g.play(m)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bones bench-ai", description=__doc__)
    ap.add_argument("--moves", type=int, default=60, help="timed moves per case and level")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="Hard's budget (default: the game's Hard.budget_ms)")
    ap.add_argument("--game-budget-ms", action="append", default=[], metavar="GAME=MS",
                    help="Hard's budget for one game (the page's: app.game.games_ui hard_ms)")
    ap.add_argument("--worlds", type=int, default=None,
                    help="Hard plays this many worlds a move instead of a budget (the "
                         "arena's way): what a number of worlds costs")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("-k", dest="only", default="")
    a = ap.parse_args(argv)
    per_game = {g: float(ms) for g, ms in (x.split("=", 1) for x in a.game_budget_ms)}
    print(f"{'case':32} {'level':7} {'median ms':>10} {'p90 ms':>8} {'max ms':>8} "
          f"{'worlds':>7}")
    for label, game, preset, seats, when in CASES:
        if a.only.lower() not in label.lower():
            continue
        for level in a.levels.split(","):
            searches: list[tuple[int, float]] = []
            given = per_game.get(game, a.budget_ms)
            with counting_worlds(searches):
                ts = sorted(measure(game, preset, seats, level, a.moves, given, when=when,
                                    worlds=a.worlds))
            p90 = ts[int(0.9 * (len(ts) - 1))]
            budget = given or levels.policy_for(new_game(game, seats=seats,
                                                         preset=preset)).hard.budget_ms
            if a.worlds:  # every search plays its worlds unless one move is settled early
                full = [n for n, _dt in searches]
            else:
                full = [n for n, dt in searches if dt * 1000 >= 0.95 * budget]
            worlds = f"{statistics.median(full):7.0f}" if full else f"{'-':>7}"
            print(f"{label:32} {level:7} {statistics.median(ts):10.1f} {p90:8.1f} "
                  f"{ts[-1]:8.1f} {worlds}", flush=True)
    return 0

"""The benchmarks, `build.py bench KIND` (docs/benchmarks.md): each kind's command line
(``add_parsers``) and its run (``run``). Playwright and the other dev tools are imported
inside the runs, which build.py starts in .venv."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .boot import BENCH_BROWSERS, SETTLE_MS, cmd_bench_boot
from .engine import cmd_bench_engine, cmd_bench_worlds
from .play import cmd_bench_ai, cmd_bench_moves, cmd_bench_soak
from .size import cmd_bench_size

__all__ = ["add_parsers", "cmd_bench_engine", "run"]


def add_parsers(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """``bench`` and its kinds, under build.py's sub-commands ``sub``; returns ``bench``'s."""
    bench = sub.add_parser("bench", help="measurements")
    kinds = bench.add_subparsers(dest="kind", required=True)
    boot = kinds.add_parser("boot", help="our page's boot against a bare PyScript page")
    boot.add_argument("--runs", type=int, default=7)
    boot.add_argument("--browser", default="chromium", choices=(*BENCH_BROWSERS, "all"),
                      help="chromium (the default), webkit, firefox, or all in turn")
    boot.add_argument("--no-build", action="store_true")
    boot.add_argument("--settle", type=int, default=SETTLE_MS, metavar="MS",
                      help="wait before the warm reload (0: reload the moment it is ready)")
    size = kinds.add_parser("size", help="size of dist/ and of a first visit")
    size.add_argument("--no-build", action="store_true")
    kinds.add_parser("engine", help="python -m bones.bench")
    ai = kinds.add_parser("ai", help="computer move times in the page")
    ai.add_argument("--game", default="Mexican Train",
                    help="the game, as the start screen names it (\"Chicken Foot\")")
    ai.add_argument("--screenshot", default=None, help="save the page at the end here")
    ai.add_argument("--pace", default="Very fast",
                    help="the pace between moves, as Settings names it (\"Normal\"): the "
                         "moves made in the time show whether thinking adds to the pace")
    ai.add_argument("--seconds", type=int, default=60)
    ai.add_argument("--no-build", action="store_true")
    mv = kinds.add_parser("moves", help="a computer's move as seen, at each pace")
    mv.add_argument("--game", default="Mexican Train")
    mv.add_argument("--seconds", type=int, default=15, help="of play at each pace")
    mv.add_argument("--no-build", action="store_true")
    worlds = kinds.add_parser("worlds", help="Hard's worlds per move in Pyodide (Node)")
    worlds.add_argument("--budget-ms", type=float, default=None,
                        help="Hard's budget for every game (default: the page's, each "
                             "game's hard_ms in app/game/games_ui.py)")
    worlds.add_argument("--worlds", type=int, default=None,
                        help="Hard plays this many worlds a move instead of a budget")
    worlds.add_argument("--moves", type=int, default=40)
    worlds.add_argument("-k", default="", help="only the cases whose name holds this")
    worlds.add_argument("--levels", default="hard",
                        help="levels to time, e.g. normal,hard (default hard)")
    soak = kinds.add_parser("soak", help="kiosk: attract games in one page session, JS "
                                          "heap and the renderer's memory")
    soak.add_argument("--games", type=int, default=300)
    soak.add_argument("--minutes", type=float, default=None,
                      help="run this long instead of --games")
    soak.add_argument("--pace", type=int, default=0,
                      help="ms between the attract game's moves (0: as fast as it can; "
                           "1200: the kiosk's own)")
    soak.add_argument("--no-build", action="store_true")
    return bench


RUNS = {"boot": cmd_bench_boot, "ai": cmd_bench_ai, "moves": cmd_bench_moves,
        "soak": cmd_bench_soak, "worlds": cmd_bench_worlds, "size": cmd_bench_size}


def run(args: argparse.Namespace, build: Callable[[], object]) -> int:
    """The benchmark ``args.kind``; ``build`` makes dist/ (build.py's)."""
    return RUNS[args.kind](args, build)

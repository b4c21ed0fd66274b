"""The computer players' behaviour on fixed seeds, as JSON (a check that a refactoring
changed nothing: run it before and after, and compare the files byte for byte).

    python research/record_ai.py --out /tmp/ai-before.json
    python research/record_ai.py --out /tmp/ai-after.json
    cmp /tmp/ai-before.json /tmp/ai-after.json

It records, for each game (Mexican Train, Chicken Foot, All Fives at their GS presets),
an arena run (duplicate) of every pairing of the levels (Easy, Normal, Hard), of the
three together, and of Normal against two styles of the outside field (ai/field.py):
every round's (or game's) record and the summary, without the run's time. Hard plays
with a fixed number of worlds so the run reproduces. Then, at fixed positions of each
game (random plays from fixed seeds), the move each level chooses and the Normal and
Hard hints. About 40 seconds in CPython.
Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import bones  # noqa: E402
from bones.ai import arena, levels  # noqa: E402

# (game, preset, chairs, rounds or games per pairing)
GAMES = [
    ("mexican-train", "gs-mt", 4, 16),
    ("chicken-foot", "gs-cf", 4, 16),
    ("all-fives", "gs-af", 2, 8),
]
PAIRS = [("normal", "easy"), ("hard", "easy"), ("hard", "normal"), ("hard", "normal", "easy")]
FIELD = {"mexican-train": ("field-chain", "field-weighted"),
         "chicken-foot": ("field-greedy", "field-weighted"),
         "all-fives": ("field-points", "field-blocker")}
WORLDS = 16  # Hard's worlds per move in these runs: few, for speed
POSITIONS = 12  # fixed positions per game
POSITION_WORLDS = 100


def arena_runs(progress) -> list:
    out = []
    for game, preset, n, count in GAMES:
        pairs = PAIRS + [("normal", f) for f in FIELD[game]]
        for pair in pairs:
            if len(pair) > n:
                continue
            seats = list(pair[:n]) if len(pair) > 2 else [pair[0]] + [pair[1]] * (n - 1)
            seats += [seats[-1]] * (n - len(seats))
            progress(f"{game}: {','.join(seats)}")
            res = arena.run(game, preset, seats, count, 7, worlds=WORLDS, progress=False,
                            duplicate=True)
            res["config"].pop("seconds")
            out.append(res)
    return out


def positions(game: str, preset: str, n: int) -> list:
    """Positions a few random moves into a round, each with a real choice of plays."""
    out = []
    k = 0
    while len(out) < POSITIONS:
        k += 1
        rng = random.Random(f"record/{game}/{k}")
        g = bones.new_game(game, seats=n, preset=preset, seed=f"record/{game}/{k}")
        for _ in range(rng.randrange(2, 14)):
            if g.round_over:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.round_over or sum(m.kind == "play" for m in g.legal_moves()) < 2:
            continue
        out.append(g)
    return out


def choices(progress) -> list:
    out = []
    for game, preset, n, _count in GAMES:
        progress(f"{game}: positions")
        for i, g in enumerate(positions(game, preset, n)):
            s = g.turn
            row = {"game": game, "position": i, "save": bones.dumps(g)}
            for lv in levels.LEVELS:
                row[lv] = g.notation(levels.choose(g, s, lv, seed=3, worlds=POSITION_WORLDS))
            for lv in levels.HINT_LEVELS:
                h = levels.hint(g, s, lv, seed=3, worlds=POSITION_WORLDS)
                row[f"hint-{lv}"] = [h.notation, h.reason]
            out.append(row)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="the JSON file to write")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)

    def progress(msg: str) -> None:
        if not a.quiet:
            print(msg, file=sys.stderr, flush=True)

    doc = {"arena": arena_runs(progress), "positions": choices(progress)}
    Path(a.out).write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

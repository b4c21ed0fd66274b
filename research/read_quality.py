"""How well Hard's worlds read the other hands (a development tool).

    python research/read_quality.py --game mexican-train --preset gs-mt --rounds 20

Plays rounds of four Normal players (``--others F``: a Normal in seat 0 and three of
the outside field's style F, whose hands are read as well). At every third turn of seat
0 with two or more plays, it deals ``--worlds`` worlds from seat 0's observation, as
Hard does, once per reading, and reports the mean chance that a world puts a tile of
another seat's hand in that seat's hand. Seats 1-3 hold about a ninth of the unseen
tiles each, so a world that knows nothing scores about that; the real hands score 1.
The readings compared: ``flat`` (the engine's ``lacks``: passes since the last draw) or
``read`` (the policy's ``reads``: every draw and pass, tile by tile), each with and without the
game's ``shun`` (what a seat's plays say it does not hold); and ``read, model k``:
``read`` plus the others' last ``k`` plays since their last draw read as Normal's
(``hard.model_tries``, reading.normal_check). Hard plays with ``read, model 2``
(``read`` and ``shun`` with the last two plays read as Normal's). It also reports the
time a world takes to deal under each reading. It reports; it asserts nothing.

Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import bones  # noqa: E402
from bones.ai import field, levels  # noqa: E402
from bones.ai.policy import DEFAULT  # noqa: E402
from bones.moves import PLAY  # noqa: E402


def normal_positions(game: str, preset, rounds: int, base: int, others: str = "normal"):
    """Rounds of four Normal players (seeds ``base``, ``base + 1``, ...), or of a Normal
    in seat 0 and three ``others`` (a style of the outside field, ai/field.py): yields
    ``(round, turn, state)`` at every third turn of seat 0 that has two or more plays.
    The state is the live game: read it, do not change it."""
    for r in range(rounds):
        g = bones.new_game(game, seats=4, preset=preset, seed=base + r)
        k = 0
        while not g.round_over:
            s = g.turn
            k += 1
            if s == 0 and k % 3 == 0 and sum(m.kind == PLAY for m in g.legal_moves()) > 1:
                yield r, k, g
            if s == 0 or others == "normal":
                g.play(levels.choose(g, s, "normal", seed=r))
            else:
                g.play(field.choose(g, s, others, seed=f"{r}/{k}"))


_FLAT: dict = {}


def flat(cls):
    """The policy class ``cls`` without its tile-by-tile reading (``reads``)."""
    if cls not in _FLAT:
        _FLAT[cls] = type(f"Flat{cls.__name__}", (cls,), {"reads": lambda *_a: None})
    return _FLAT[cls]


def readings(game) -> dict:
    """``{name: policy}``: the game's player with each reading."""
    cls = levels.POLICIES[game.game]
    key = {"mexican-train": "mexican", "chicken-foot": "chicken", "all-fives": "allfives"}[
        game.game]
    off = DEFAULT.with_(f"{key}.hard.model_tries", 0)
    out = {}
    for read in (False, True):
        name = "read" if read else "flat"
        c = cls if read else flat(cls)
        if getattr(DEFAULT.setting(key), "shun_slack", None) is not None:
            out[f"{name}, no shun"] = c(off.with_(f"{key}.shun_slack", None))
        out[name] = c(off)
    for k in (1, 2, 4):
        out[f"read, model {k}"] = cls(DEFAULT.with_(f"{key}.hard.model_tries", 30)
                                      .with_(f"{key}.hard.model_keep", k))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="mexican-train")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--others", default="normal",
                    help="who plays seats 1-3: normal, or a style of the outside field "
                         "(ai/field.py), e.g. field-chain")
    a = ap.parse_args(argv)
    kinds = readings(bones.new_game(a.game, seats=4, preset=a.preset, seed=0))
    total = dict.fromkeys(kinds, 0.0)
    secs = dict.fromkeys(kinds, 0.0)
    positions = 0
    for _r, _k, g in normal_positions(a.game, a.preset, a.rounds, 1000, a.others):
        for name, pol in kinds.items():
            t0 = time.perf_counter()
            sample = pol.worlds(g, 0, g.observation(0))
            rng = random.Random(1)
            ws = [sample(rng) for _ in range(a.worlds)]
            secs[name] += time.perf_counter() - t0
            hits = n = 0
            for o in range(1, 4):
                for t in g.hands[o]:
                    hits += sum(t in w.hands[o] for w in ws) / a.worlds
                    n += 1
            total[name] += hits / n
        positions += 1
    who = "four Normals" if a.others == "normal" else f"a Normal and three {a.others}"
    print(f"{a.game} ({a.preset or 'default'}), {a.rounds} rounds of {who}, "
          f"{positions} positions of seat 0, {a.worlds} worlds each")
    print("reading          chance a hand tile is dealt to its holder")
    for name in kinds:
        print(f"{name:16s} {total[name] / max(positions, 1):.4f}   "
              f"{1000 * secs[name] / max(positions, 1) / a.worlds:.2f} ms a world")


if __name__ == "__main__":
    main()

"""Are Hard's worlds calibrated? (a development tool)

    python research/world_calibration.py --game mexican-train --preset gs-mt --rounds 20

Plays rounds of four Normal players. At every third turn of seat 0 with two or more
plays it deals ``--worlds`` worlds from seat 0's observation, as Hard does, and for each
other seat compares a few features of the dealt hands with the real hand: its pips, its
doubles, its tiles for its own train's end (train games), its tiles for any place it may
play, and the boneyard's pips. If the worlds were dealt from the true posterior (what a
seat holds, given all it has seen and that the others play as Normal does), a feature's
mean over the worlds would equal the real feature on average over positions; a mean
difference far from zero is a bias the search acts on. ``read_quality.py`` asks how
often a tile lands with its holder; this asks whether the worlds are wrong in a
systematic direction. It reports; it asserts nothing.

Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import bones  # noqa: E402
from bones.ai import levels  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from read_quality import normal_positions  # noqa: E402
from variants import variant  # noqa: E402


def features(g, o: int, hand: list, boneyard: list) -> dict:
    """Seat ``o``'s ``hand`` measured against the table of ``g`` (the boneyard's pips
    once, with seat 1). "own end" and "any place" are for the train games only; the
    places open to ``o`` are those of the table as it stands at another seat's turn."""
    out = {
        "pips": sum(t.hi + t.lo for t in hand),
        "doubles": sum(t.hi == t.lo for t in hand),
    }
    if o == 1:
        out["boneyard pips"] = sum(t.hi + t.lo for t in boneyard)
    if hasattr(g, "end_of") and hasattr(g, "_targets"):
        own = g.end_of(o)
        ends = {g.end_of(x) for x in g._targets(o)}
        out["own end"] = sum(own in (t.hi, t.lo) for t in hand)
        out["any place"] = sum(t.hi in ends or t.lo in ends for t in hand)
    return out


def _position(g, r: int, k: int, worlds: int, pol, diffs: dict, reals: dict) -> None:
    sample = pol.worlds(g, 0, g.observation(0))
    rng = random.Random(r * 1000 + k)
    ws = [sample(rng) for _ in range(worlds)]
    for o in range(1, 4):
        real = features(g, o, g.hands[o], g.boneyard)
        dealt = [features(w, o, w.hands[o], w.boneyard) for w in ws]
        for f, v in real.items():
            m = sum(d[f] for d in dealt) / len(dealt)
            diffs.setdefault(f, []).append(m - v)
            reals.setdefault(f, []).append(v)
            if f != "boneyard pips":
                diffs.setdefault(f"{f}, seat {o}", []).append(m - v)
                reals.setdefault(f"{f}, seat {o}", []).append(v)


def run(game: str, preset, rounds: int, worlds: int, settings: list,
        player=None) -> tuple[dict, dict]:
    """``{feature: [the mean over the worlds minus the real value, per position and
    seat]}`` over seats 1-3, and the same per seat as ``"feature, seat N"``, with the
    tuning's ``settings`` (``PATH=VALUE``, as the arena's ``--set`` takes them). Also
    ``{feature: [the real value, per position and seat]}``. ``player(game, tuning)``:
    a variant of the game's player (research/variants.py: ``dealing``)."""
    _name, tuning = variant(":" + ",".join(settings))
    g0 = bones.new_game(game, seats=4, preset=preset, seed=0)
    pol = (player or levels.policy_for)(g0, tuning)
    diffs: dict = {}
    reals: dict = {}
    for r, k, g in normal_positions(game, preset, rounds, 2000):
        _position(g, r, k, worlds, pol, diffs, reals)
    return diffs, reals


def mean_ci(xs: list) -> tuple:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(n - 1, 1)
    h = 1.96 * math.sqrt(var / n)
    return m, m - h, m + h


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="mexican-train")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--worlds", type=int, default=60)
    ap.add_argument("--set", action="append", default=[], metavar="PATH=VALUE",
                    help="a setting of the tuning for the run, as the arena's --set takes it")
    a = ap.parse_args(argv)
    diffs, reals = run(a.game, a.preset, a.rounds, a.worlds, a.set)
    n = len(diffs.get("boneyard pips", []))
    print(f"{a.game} ({a.preset or 'default'}), {a.rounds} rounds of four Normals, "
          f"{n} positions of seat 0, {a.worlds} worlds each; settings: "
          f"{' '.join(a.set) or 'as kept'}")
    print("feature                    real, mean   worlds - real (95% CI)")
    for f in sorted(diffs):
        m, lo, hi = mean_ci(diffs[f])
        real = sum(reals[f]) / len(reals[f])
        print(f"{f:26s} {real:10.3f}   {m:+7.3f} ({lo:+.3f} to {hi:+.3f})")


if __name__ == "__main__":
    main()

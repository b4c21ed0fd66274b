"""Fit All Fives Normal's weights to Hard's play-out values (a development tool).

    python research/af_fit.py gen --tag a --games 150 --worlds 120 --out /tmp/af_a.jsonl
    python research/af_fit.py fit /tmp/af_a.jsonl --test /tmp/af_b.jsonl
    python research/af_fit.py hands --level normal --games 600

``gen`` plays Normal against Easy and, at each of Normal's turns with two or more
plays (not the last tile, nor a play that wins the game), writes one line: Normal's
terms for every play (``play_features``) and each play's value by Hard's play-outs
(the hand's points for the seat minus the other's, or with ``--game-value`` Hard's
own value, the chance of winning the game in percentage points; the mean over
``--worlds`` sampled worlds, the same worlds for every play). ``fit`` solves least squares within
each position (the features and values less their means over the position's plays)
and prints the weights scaled so that ``pts`` is 1, with how often the fitted
weights pick the play-outs' best play and the mean points they give up against it,
against the weights as they are (``AllFivesTuning.weights``; ``--test``: the same on
held-out files). ``hands`` plays a level against Easy and splits each hand's points
into those scored in play and the hand-end points (domino or blocked), to see where a
level's edge comes from.

Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from bones import new_game  # noqa: E402
from bones.ai import allfives as aiaf  # noqa: E402
from bones.ai.levels import choose, move_key  # noqa: E402
from bones.ai.policy import DEFAULT  # noqa: E402
from bones.ai.search import rollout  # noqa: E402

POL = aiaf.AllFivesPolicy()
WEIGHTS = dict(DEFAULT.allfives.weights)
from bones.moves import NEXT, PLAY  # noqa: E402


def _values(g, s: int, obs: dict, plays: list, worlds: int, rng: random.Random,
            game_value: bool = False) -> list:
    sums = [0.0] * len(plays)
    sample = POL.worlds(g, s, obs)
    for _ in range(worlds):
        w = sample(rng)
        seed = rng.getrandbits(32)
        for i, m in enumerate(plays):
            sim = w.clone(keep_history=False)
            sim._push(m)
            rollout(sim, POL, random.Random(seed))
            if game_value:  # what Hard's play-outs value: the chance of winning the game
                sums[i] += POL.outcome(sim, s) / (2 * POL.tu.win) * 100
                continue
            row = sim.round_scores[-1]
            sums[i] += row[s] - row[1 - s]
    return [x / worlds for x in sums]


def features(g, obs: dict, plays: list) -> list[dict]:
    """Normal's terms (``play_features``) for each of ``plays``, as Normal works them out."""
    theirs, p_tile, ctx = aiaf.context(g, obs)
    out = []
    for m in plays:
        count, opens = aiaf._ends_after(obs["layout"], m.tile, m.target)
        rest = list(obs["hand"])
        rest.remove(m.tile)
        out.append(aiaf.play_features(m.tile, count, opens, rest, theirs, p_tile, ctx))
    return out


def gen(a: argparse.Namespace) -> int:
    n = 0
    with open(a.out, "w") as out:
        for j in range(a.games):
            levels = ["normal", "easy"] if j % 2 == 0 else ["easy", "normal"]
            g = new_game("all-fives", seats=2, preset="gs-af", seed=f"fit/{a.tag}/{j}")
            rngs = [random.Random(f"fit/{a.tag}/{j}/{i}") for i in range(2)]
            wr = random.Random(f"fit/{a.tag}/{j}/worlds")
            while not g.match_over:
                while not g.round_over:
                    s = g.turn
                    legal = sorted(g.legal_moves(), key=move_key)
                    plays = [m for m in legal if m.kind == PLAY]
                    if levels[s] == "normal" and len(plays) >= 2 and g.root is not None:
                        obs = g.observation(s)
                        feats = features(g, obs, plays)
                        wins = any(f["pts"] and obs["totals"][s] + f["pts"] >= obs["target"]
                                   for f in feats)
                        if len(obs["hand"]) > 1 and not wins:
                            q = _values(g, s, obs, plays, a.worlds, wr, a.game_value)
                            out.write(json.dumps({"f": feats, "q": q}) + "\n")
                            n += 1
                    g.play(choose(g, s, levels[s], rng=rngs[s]))
                if not g.match_over:
                    g.play(next(m for m in g.legal_moves() if m.kind == NEXT))
    print(f"{n} positions written to {a.out}")
    return 0


def solve(m: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``m x = b`` (Gauss-Jordan with partial pivoting; a term whose column
    is all zero gets 0). Also used by research/mt_eval_fit.py."""
    d = len(b)
    rows = [r[:] + [x] for r, x in zip(m, b)]
    for c in range(d):
        p = max(range(c, d), key=lambda r: abs(rows[r][c]))
        rows[c], rows[p] = rows[p], rows[c]
        if not rows[c][c]:
            continue
        for r in range(d):
            if r != c and rows[r][c]:
                k = rows[r][c] / rows[c][c]
                rows[r] = [x - k * y for x, y in zip(rows[r], rows[c])]
    return [rows[i][d] / rows[i][i] if rows[i][i] else 0.0 for i in range(d)]


def _picks(rows: list, w: dict) -> float:
    hit = 0
    for r in rows:
        pred = [sum(w[k] * f[k] for k in w) for f in r["f"]]
        best = max(r["q"])
        hit += r["q"][max(range(len(pred)), key=pred.__getitem__)] == best
    return hit / len(rows)


def _regret(rows: list, w: dict) -> float:
    """The mean points given up against the play-outs' best play, choosing by ``w``."""
    tot = 0.0
    for r in rows:
        pred = [sum(w[k] * f[k] for k in w) for f in r["f"]]
        tot += max(r["q"]) - r["q"][max(range(len(pred)), key=pred.__getitem__)]
    return tot / len(rows)


def fit(a: argparse.Namespace) -> int:
    rows = [json.loads(line) for fn in a.files for line in open(fn)]
    keys = a.keys.split(",") if a.keys else list(WEIGHTS)
    d = len(keys)
    xtx = [[0.0] * d for _ in range(d)]
    xty = [0.0] * d
    for r in rows:
        fs, q = r["f"], r["q"]
        n = len(fs)
        mf = [sum(f[k] for f in fs) / n for k in keys]
        mq = sum(q) / n
        for f, y in zip(fs, q):
            x = [f[k] - m for k, m in zip(keys, mf)]
            for i in range(d):
                xty[i] += x[i] * (y - mq)
                for j in range(d):
                    xtx[i][j] += x[i] * x[j]
    for i in range(d):
        xtx[i][i] += a.ridge
    w = solve(xtx, xty)
    scale = w[keys.index("pts")] if "pts" in keys else 1.0
    fitted = {k: v / scale for k, v in zip(keys, w)}
    print(f"{len(rows)} positions")
    print("fitted: " + json.dumps({k: round(v, 3) for k, v in fitted.items()}))
    w0 = {k: v for k, v in WEIGHTS.items() if k in rows[0]["f"][0]}
    print(f"picks the play-outs' best play: fitted {_picks(rows, fitted):.3f}, "
          f"W as it is {_picks(rows, w0):.3f}")
    print(f"mean points given up: fitted {_regret(rows, fitted):.3f}, "
          f"W as it is {_regret(rows, w0):.3f}")
    if a.test:
        test = [json.loads(line) for fn in a.test for line in open(fn)]
        print(f"held out ({len(test)}): picks fitted {_picks(test, fitted):.3f}, "
              f"W {_picks(test, w0):.3f}; points given up fitted "
              f"{_regret(test, fitted):.3f}, W {_regret(test, w0):.3f}")
    return 0


def hands(a: argparse.Namespace) -> int:
    play = [0, 0]
    end = [0, 0]
    outs = [0, 0]
    n = wins = 0
    for j in range(a.games):
        levels = [a.level, "easy"] if j % 2 == 0 else ["easy", a.level]
        me = levels.index(a.level)
        g = new_game("all-fives", seats=2, preset="gs-af", seed=f"hands/{j}")
        rngs = [random.Random(f"hands/{j}/{i}") for i in range(2)]
        while not g.match_over:
            while not g.round_over:
                s = g.turn
                g.play(choose(g, s, levels[s], rng=rngs[s], worlds=a.worlds))
            for k, seat in enumerate((me, 1 - me)):
                play[k] += g.hand_points[seat]
                end[k] += g.result[1] if g.result and g.result[0] == seat else 0
                outs[k] += g.ended == "domino" and g.out == seat
            n += 1
            if not g.match_over:
                g.play(next(m for m in g.legal_moves() if m.kind == NEXT))
        wins += g.totals[me] > g.totals[1 - me]
    print(f"{a.level} against easy: {wins}/{a.games} games won, {n} hands")
    print(f"points in play a hand: {play[0] / n:.2f} against {play[1] / n:.2f}")
    print(f"hand-end points a hand: {end[0] / n:.2f} against {end[1] / n:.2f}")
    print(f"went out first: {outs[0]} hands against {outs[1]}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen", help="positions and their play-out values")
    g.add_argument("--tag", default="a", help="names the deals (different tags, other deals)")
    g.add_argument("--games", type=int, default=150)
    g.add_argument("--worlds", type=int, default=120)
    g.add_argument("--out", required=True)
    g.add_argument("--game-value", action="store_true",
                   help="value plays as Hard does (the chance of winning the game, in "
                        "percentage points) instead of the hand's points")
    f = sub.add_parser("fit", help="least-squares weights from gen's files")
    f.add_argument("files", nargs="+")
    f.add_argument("--keys", default=None, help="comma-separated terms (default: W's)")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--test", nargs="*", default=None, help="held-out files to score")
    h = sub.add_parser("hands", help="where a level's points come from, against Easy")
    h.add_argument("--level", default="normal")
    h.add_argument("--games", type=int, default=600)
    h.add_argument("--worlds", type=int, default=None, help="Hard: worlds per move")
    a = ap.parse_args(argv)
    return {"gen": gen, "fit": fit, "hands": hands}[a.cmd](a)


if __name__ == "__main__":
    raise SystemExit(main())

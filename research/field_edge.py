"""Hard's edge over Normal against the outside field, in points a round, two ways from
the same duplicate runs (a development tool).

    python research/field_edge.py --game mexican-train --preset gs-mt --field field-chain \\
        --rounds 400 --seed 1 --worlds 100 [--set PATH=VALUE] [--workers 2] [--json out.json]

It plays the arena's duplicate runs (``python -m bones arena --seats
normal,F,F,F --duplicate`` and the same with ``hard`` first: the same deals, the same
chairs, the same seeds, so the records are the arena's own) and reports Hard's round
score minus Normal's in its chair on the same deal, two ways:

- **paired**: the two runs' round scores, deal by deal (what ``--against`` prints, with
  the interval taken over deals: a deal's rotations are not independent);
- **advantage sum**: at each of Hard's choices in its own run, what its move gains over
  Normal's move *there*, valued with the real hands (``--judge`` fresh orders of the
  boneyard, which no seat has seen, common to both moves), every seat then playing on as
  it plays (Hard's seat as Normal). By the performance difference lemma the sum of these
  over a round has, in expectation, exactly the paired difference; but one deal's luck
  after the two runs part ways (who draws what) is averaged out, so its interval is far
  narrower for the same rounds. Where Hard makes Normal's move the term is 0.

Both in points a round (lower is better: a negative figure is Hard scoring less). It also
reports how often Hard leaves Normal's move and Hard's CPU time a choice (with more than one
legal move). ``--set`` changes Hard's tuning (the arena's ``--set``); Normal always plays
as it stands. ``--variant`` plays a research player (``module:attr``, a ``player(game,
tuning)`` as ``arena.run`` takes it) for Hard. It reports; it asserts nothing.
Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bones.ai import arena, levels  # noqa: E402
from bones.ai.policy import DEFAULT, forced, move_key  # noqa: E402
from bones.moves import JOIN  # noqa: E402

_CHOOSE = arena._choose  # the arena's own (kept before the patch below)
_PLAY_JOB = arena._play_job
_JUDGE = {"n": 16}  # boneyard orders a move is valued in (set by main, seen by workers)
_TERMS: list = []  # this job's choices: (round number, advantage term, deviated, cpu s)


def _normal_move(g, seat: int):
    """Normal's move for ``seat`` as it stands (its own seeded tie-break)."""
    return levels.choose(g, seat, "normal", seed="edge", tuning=DEFAULT)


def continuation(g, seat: int, others: str, rng: random.Random) -> dict:
    """The players of a play-on from ``g``: ``seat`` plays Normal, every other seat
    ``others`` (a level or a field style), each with its own generator."""
    return {s: ("normal" if s == seat else others, random.Random(rng.getrandbits(32)))
            for s in range(g.seats)}


def _play_on(g, seat: int, level: str, rng: random.Random):
    """``level``'s move in a play-on: as ``levels.choose`` (or the field's) chooses it,
    but a Normal thinks on the game itself, not on a copy dealt again: it reads no
    hidden tile, so the move is the same and the copy is saved."""
    if level != "normal":
        return _CHOOSE(g, seat, level, rng, 1, DEFAULT, None)
    legal = sorted(g.legal_moves(), key=move_key)
    f = forced([m for m in legal if m.kind != JOIN])
    if f is not None:
        return f
    return levels.policy_for(g).normal(g, g.observation(seat), legal, rng)[0].move


def q_values(g, seat: int, moves: list, others: str, n: int, seed) -> dict:
    """Each move's round scores for ``seat`` with the real hands (a list, one per
    boneyard order): ``n`` fresh boneyard orders (the same ones for every move), the
    move played, then every seat on as ``continuation`` plays (the same generators for
    every move)."""
    rng = random.Random(f"edge/{seed}")
    tot: dict = {m: [] for m in moves}
    for _ in range(n):
        bone = list(g.boneyard)
        rng.shuffle(bone)
        sd = rng.getrandbits(32)
        for m in moves:
            sim = g.clone(keep_history=False)
            sim.boneyard = list(bone)
            sim._legal = None
            sim._push(m)
            who = continuation(sim, seat, others, random.Random(sd))
            while not sim.round_over:
                s = sim.turn
                lv, r = who[s]
                sim._push(_play_on(sim, s, lv, r))
            tot[m].append(sim.round_scores[-1][seat])
    return tot


def _measured_choose(g, seat: int, level: str, rng, worlds, tuning, player):
    """The arena's choice; for Hard, also Normal's move and Hard's advantage term."""
    if level != "hard":
        return _CHOOSE(g, seat, level, rng, worlds, tuning, player)
    legal = [m for m in g.legal_moves() if m.kind != JOIN]
    real = len(legal) > 1 and forced(sorted(legal, key=move_key)) is None
    t0 = time.process_time()
    m = _CHOOSE(g, seat, level, rng, worlds, tuning, player)
    cpu = time.process_time() - t0
    if real:
        nm = _normal_move(g, seat)
        term = noise = 0.0
        if nm != m:
            q = q_values(g, seat, [m, nm], _JUDGE["others"], _JUDGE["n"],
                         f"{g.round_number}/{len(g.moves_played())}/{seat}")
            d = [a - b for a, b in zip(q[m], q[nm])]
            term, noise = _mean_var(d)
        _TERMS.append((g.round_number, term, nm != m, cpu, noise))
    return m


def _job(args: tuple) -> list[dict]:
    """``arena._play_job`` with each round's record given Hard's advantage terms."""
    _TERMS.clear()
    recs = _PLAY_JOB(args)
    rounds = sorted({r for r, *_ in _TERMS})
    by_round: dict = {}
    for r, *row in _TERMS:
        by_round.setdefault(r, []).append(row)
    if len(rounds) > len(recs):
        raise RuntimeError("more rounds chose than were recorded")
    for rec, r in zip(recs, rounds):
        rows = by_round[r]
        rec["adv"] = sum(t for t, *_x in rows)
        rec["noise"] = sum(x[3] for x in rows)  # the judge's own variance in "adv"
        rec["choices"] = len(rows)
        rec["left"] = sum(1 for _t, d, *_x in rows if d)
        rec["cpu"] = [x[2] for x in rows]
    return recs


def _mean_var(d: list[float]) -> tuple[float, float]:
    """The mean of ``d`` and its variance as an estimate (sample variance over n)."""
    n = len(d)
    m = sum(d) / n
    return m, sum((x - m) ** 2 for x in d) / max(n - 1, 1) / n


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(n - 1, 1))
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def _key(rec: dict) -> tuple:
    return (rec["deal"], rec["hands"], tuple("*" if x in ("hard", "normal") else x
                                             for x in rec["levels"]))


def _score(rec: dict, level: str) -> float:
    return rec["scores"][rec["levels"].index(level)]


def compare(hard: list[dict], normal: list[dict]) -> dict:
    """Hard minus Normal a round, paired deal by deal, and the advantage sums; each with
    its 95% interval over deals (a deal's rotations averaged together)."""
    theirs = {_key(r): r for r in normal}
    deals: dict = {}
    for r in hard:
        if _key(r) not in theirs:
            continue
        d = deals.setdefault(r["deal"], [[], [], []])
        d[0].append(_score(r, "hard") - _score(theirs[_key(r)], "normal"))
        d[1].append(r.get("adv", 0.0))
        d[2].append(r.get("noise", 0.0))
    paired = [sum(a) / len(a) for a, _b, _c in deals.values()]
    adv = [sum(b) / len(b) for _a, b, _c in deals.values()]
    noise = [sum(c) / len(c) ** 2 for _a, _b, c in deals.values()]  # of each deal's mean
    if len(paired) < 2:
        raise ValueError("the runs share fewer than two deals")
    choices = sum(r.get("choices", 0) for r in hard)
    cpu = sorted(c for r in hard for c in r.get("cpu", []))
    m, lo, hi = _mean_ci(adv)
    spread = ((hi - m) / 1.96) ** 2 * len(adv)  # the deals' variance
    return {"deals": len(paired), "rounds": sum(len(a) for a, *_x in deals.values()),
            "paired": _mean_ci(paired), "advantage": (m, lo, hi),
            "judge_share": sum(noise) / len(noise) / spread if spread else 0.0,
            "choices_a_round": choices / len(hard),
            "left_normal": sum(r.get("left", 0) for r in hard) / max(choices, 1),
            "cpu_ms_mean": 1000 * sum(cpu) / max(len(cpu), 1),
            "cpu_ms_p90": 1000 * cpu[int(0.9 * (len(cpu) - 1))] if cpu else 0.0}


def _player(text: str | None):
    if not text:
        return None
    mod, _colon, attr = text.partition(":")
    return getattr(importlib.import_module(mod), attr)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="mexican-train")
    ap.add_argument("--preset", default="gs-mt")
    ap.add_argument("--field", default="field-chain",
                    help="the style (or level) in the three other chairs")
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--worlds", type=int, default=None, help="Hard's worlds a move")
    ap.add_argument("--judge", type=int, default=16, help="boneyard orders a move is valued in")
    ap.add_argument("--set", action="append", default=[], metavar="PATH=VALUE")
    ap.add_argument("--variant", default=None, help="module:attr, a research player for Hard")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", default=None, help="write both runs' records here")
    ap.add_argument("--normal", default=None,
                    help="a --json file of this script's with the same game, seed, rounds and "
                         "field: its Normal run is reused")
    a = ap.parse_args(argv)
    tuning = DEFAULT
    for item in a.set:
        tuning = tuning.with_text(item)
    pol = levels.policy_for(arena.new_game(a.game, seats=4, preset=a.preset), tuning)
    worlds = a.worlds or pol.hard.arena_worlds
    _JUDGE["n"] = a.judge
    _JUDGE["others"] = a.field
    field = [a.field] * 3
    normal = None
    if a.normal:
        normal = json.loads(Path(a.normal).read_text())["normal"]
    if normal is None:
        normal = arena.run(a.game, a.preset, ["normal", *field], a.rounds, a.seed,
                           workers=a.workers, worlds=worlds, progress=False,
                           duplicate=True)["records"]
    arena._choose = _measured_choose
    arena._play_job = _job
    t0 = time.perf_counter()
    try:
        res = arena.run(a.game, a.preset, ["hard", *field], a.rounds, a.seed,
                        workers=a.workers, worlds=worlds, duplicate=True, tuning=tuning,
                        player=_player(a.variant))
    finally:
        arena._choose, arena._play_job = _CHOOSE, _PLAY_JOB
    c = compare(res["records"], normal)
    extra = "".join(f", {x}" for x in a.set) + (f", {a.variant}" if a.variant else "")
    print(f"{a.game} ({a.preset}): Hard ({worlds} worlds{extra}) and Normal, each against 3 "
          f"{a.field}, seed {a.seed}, {c['rounds']} rounds ({c['deals']} deals), "
          f"{time.perf_counter() - t0:.0f} s")
    for name in ("paired", "advantage"):
        m, lo, hi = c[name]
        print(f"  Hard minus Normal, {name + ':':10} {m:+6.2f} points a round "
              f"(95% CI {lo:+.2f} to {hi:+.2f})")
    print(f"  Hard's choices: {c['choices_a_round']:.1f} a round, Normal's move left in "
          f"{100 * c['left_normal']:.1f}%; CPU {c['cpu_ms_mean']:.0f} ms a choice on "
          f"average, p90 {c['cpu_ms_p90']:.0f}; the judge's noise is "
          f"{100 * c['judge_share']:.0f}% of the advantage's variance")
    if a.json:
        Path(a.json).write_text(json.dumps({"summary": c, "normal": normal,
                                            "hard": res["records"],
                                            "config": res["config"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

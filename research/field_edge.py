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
# set by main, seen by the workers: boneyard orders a move is valued in, the others'
# style, and other Hards asked at the same positions (name -> worlds, tuning, player)
_JUDGE: dict = {"n": 16, "others": "normal", "also": {}}
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
        where = f"{g.round_number}/{len(g.moves_played())}/{seat}"
        alts = {}
        for name, (w, tu, pl) in _JUDGE["also"].items():
            t1 = time.process_time()
            alts[name] = (_CHOOSE(g, seat, "hard", random.Random(f"also/{where}/{name}"), w,
                                  tu, pl), time.process_time() - t1)
        moves = list(dict.fromkeys([m, nm, *(x for x, _c in alts.values())]))
        q = (q_values(g, seat, moves, _JUDGE["others"], _JUDGE["n"], where)
             if len(moves) > 1 else {})
        term, noise = _term(q, m, nm)
        also = {name: (*_term(q, x, nm), cpu_x, x != nm) for name, (x, cpu_x) in alts.items()}
        _TERMS.append((g.round_number, term, nm != m, cpu, noise, also))
    return m


def _term(q: dict, m, nm) -> tuple[float, float]:
    """``m``'s advantage over Normal's ``nm`` and the judge's variance of it."""
    if m == nm:
        return 0.0, 0.0
    return _mean_var([a - b for a, b in zip(q[m], q[nm])])


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
        for name in _JUDGE["also"]:
            rec.setdefault("also", {})[name] = {
                "adv": sum(x[4][name][0] for x in rows),
                "left": sum(1 for x in rows if x[4][name][3]),
                "cpu": [x[4][name][2] for x in rows]}
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
    """Hard minus Normal a round, paired deal by deal, and the advantage sums (also those
    of the other Hards asked at the same positions, and their difference from Hard's);
    each with its 95% interval over deals (a deal's rotations averaged together)."""
    theirs = {_key(r): r for r in normal}
    deals: dict = {}
    for r in hard:
        if _key(r) in theirs:
            diff = _score(r, "hard") - _score(theirs[_key(r)], "normal")
            deals.setdefault(r["deal"], []).append((diff, r))
    if len(deals) < 2:
        raise ValueError("the runs share fewer than two deals")

    def over(f) -> tuple[float, float, float]:
        return _mean_ci([sum(f(d, r) for d, r in rows) / len(rows) for rows in deals.values()])

    def cost(cpu: list[float]) -> tuple[float, float]:
        cpu = sorted(cpu)
        return 1000 * sum(cpu) / max(len(cpu), 1), 1000 * cpu[int(0.9 * (len(cpu) - 1))]

    adv = over(lambda _d, r: r["adv"])
    spread = ((adv[2] - adv[0]) / 1.96) ** 2 * len(deals)  # the deals' variance
    noise = [sum(r["noise"] for _d, r in rows) / len(rows) ** 2 for rows in deals.values()]
    choices = sum(r["choices"] for r in hard)
    out = {"deals": len(deals), "rounds": sum(len(rows) for rows in deals.values()),
           "paired": over(lambda d, _r: d), "advantage": adv,
           "judge_share": sum(noise) / len(noise) / spread if spread else 0.0,
           "choices_a_round": choices / len(hard),
           "left_normal": sum(r["left"] for r in hard) / max(choices, 1),
           "cpu_ms": cost([c for r in hard for c in r["cpu"]]), "also": {}}
    for name in hard[0].get("also", {}):
        out["also"][name] = {
            "advantage": over(lambda _d, r, n=name: r["also"][n]["adv"]),
            "minus_hard": over(lambda _d, r, n=name: r["also"][n]["adv"] - r["adv"]),
            "left_normal": sum(r["also"][name]["left"] for r in hard) / max(choices, 1),
            "cpu_ms": cost([c for r in hard for c in r["also"][name]["cpu"]])}
    return out


def _player(text: str | None):
    if not text:
        return None
    mod, _colon, attr = text.partition(":")
    return getattr(importlib.import_module(mod), attr)


def measured_run(game: str, preset, field: str, rounds: int, seed, *, worlds: int,
                 judge: int = 16, also: dict | None = None, tuning=DEFAULT, player=None,
                 workers: int = 1, progress: bool = True) -> dict:
    """``arena.run`` of Hard against three ``field`` (duplicate), each round's record
    with Hard's advantage terms (``adv``, ...), and those of the Hards in ``also``
    (``{name: (worlds, tuning, player)}``) asked at the same positions."""
    _JUDGE.update(n=judge, others=field, also=also or {})
    arena._choose = _measured_choose
    arena._play_job = _job
    try:
        return arena.run(game, preset, ["hard"] + [field] * 3, rounds, seed, workers=workers,
                         worlds=worlds, duplicate=True, tuning=tuning, player=player,
                         progress=progress)
    finally:
        arena._choose, arena._play_job = _CHOOSE, _PLAY_JOB


def _also(text: str, worlds: int) -> tuple[str, tuple]:
    """``NAME[:worlds=N,player=MODULE:ATTR,PATH=VALUE,...]`` as a name and the Hard it
    names: (worlds, tuning, player)."""
    name, _colon, rest = text.partition(":")
    tuning, player = DEFAULT, None
    for item in filter(None, rest.split(",")):
        key, _eq, value = item.partition("=")
        if key == "worlds":
            worlds = int(value)
        elif key == "player":
            player = _player(value)
        else:
            tuning = tuning.with_text(item)
    return name, (worlds, tuning, player)


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
    ap.add_argument("--also", action="append", default=[],
                    metavar="NAME[:worlds=N,PATH=VALUE,...]",
                    help="another Hard asked at each of Hard's positions, valued the same way "
                         "(its worlds, its tuning), e.g. w400:worlds=400 or "
                         "nobonus:mexican.win_bonus=0")
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
    if a.normal:
        normal = json.loads(Path(a.normal).read_text())["normal"]
    else:
        normal = arena.run(a.game, a.preset, ["normal"] + [a.field] * 3, a.rounds, a.seed,
                           workers=a.workers, worlds=worlds, progress=False,
                           duplicate=True)["records"]
    t0 = time.perf_counter()
    res = measured_run(a.game, a.preset, a.field, a.rounds, a.seed, worlds=worlds,
                       judge=a.judge, also=dict(_also(x, worlds) for x in a.also),
                       tuning=tuning, player=_player(a.variant), workers=a.workers)
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
          f"{100 * c['left_normal']:.1f}%; CPU {c['cpu_ms'][0]:.0f} ms a choice on "
          f"average, p90 {c['cpu_ms'][1]:.0f}; the judge's noise is "
          f"{100 * c['judge_share']:.0f}% of the advantage's variance")
    for name, d in c["also"].items():
        (m, lo, hi), (dm, dlo, dhi) = d["advantage"], d["minus_hard"]
        print(f"  {name} at Hard's positions: advantage {m:+6.2f} (95% CI {lo:+.2f} to "
              f"{hi:+.2f}), minus Hard's {dm:+.2f} (95% CI {dlo:+.2f} to {dhi:+.2f}); "
              f"Normal's move left in {100 * d['left_normal']:.1f}%, CPU {d['cpu_ms'][0]:.0f} "
              f"ms a choice, p90 {d['cpu_ms'][1]:.0f}")
    if a.json:
        Path(a.json).write_text(json.dumps({"summary": c, "normal": normal,
                                            "hard": res["records"],
                                            "config": res["config"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

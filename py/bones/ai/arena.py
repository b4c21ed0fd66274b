"""``python -m bones arena``: levels against each other, with confidence intervals.

Mexican Train and Chicken Foot are measured per round (mean round score, lower is
better, and the share of rounds won); All Fives per game to its target (win rate).
Seats rotate: in round (or game) r, seat i is played by level ``seats[(i + r) % n]``,
so every level sits in every chair equally often. With ``--duplicate`` every deal is
played once per rotation (as in duplicate bridge: n times, each level in each chair),
so the luck of the deal cancels and the confidence intervals, taken over the deals,
are much narrower for the same number of rounds. Hard plays with a fixed number of
sampled worlds per move (``--worlds``) so that a run reproduces exactly.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import random
import sys
import time

from .. import new_game
from ..games import ROUNDS
from ..games import game as game_type
from ..moves import NEXT
from .levels import LEVELS, choose, policy_for
from .policy import DEFAULT, Tuning


def by_rounds(game_id: str) -> bool:
    """A game measured round by round (the train games: G1), not a match to a target
    score played game by game (All Fives: A8)."""
    return game_type(game_id).length == ROUNDS


def _levels_for(seats: list[str], r: int) -> list[str]:
    n = len(seats)
    return [seats[(i + r) % n] for i in range(n)]


def _play_job(args: tuple) -> list[dict]:
    """One match. Round games: each of its first ``limit`` rounds is a record.
    Game-to-a-target games: the whole match is one record."""
    (game, preset, seats, seed, j, limit, rounds_per_job, worlds, options, tuning, player,
     *dup) = args
    n = len(seats)
    rot = dup[0] if dup else 0  # duplicate: match j's deals, levels turned by rot more
    g = new_game(game, seats=n, preset=preset, seed=f"{seed}/arena/{j}", options=options)
    tail = f"/{rot}" if dup else ""  # each rotation's players choose afresh
    rngs = [random.Random(f"{seed}/{j}/{i}{tail}") for i in range(n)]
    out = []
    per_round = by_rounds(game)
    r = j * rounds_per_job if per_round else j
    levels = _levels_for(seats, r + rot)
    moves = 0
    first_key = ""
    while True:
        deal_key = _deal_key(g)
        first_key = first_key or deal_key  # a game's later hands follow from its play
        while not g.round_over:
            s = g.turn
            m = _choose(g, s, levels[s], rngs[s], worlds, tuning, player)
            g.play(m)
            moves += 1
        if per_round:
            sc = g.round_scores[-1]
            best = min(sc)
            winners = [i for i in range(n) if sc[i] == best]
            out.append({"round": r, "levels": levels, "scores": list(sc),
                        "winners": winners, "moves": moves, "hands": deal_key})
            if dup:
                out[-1]["deal"] = f"{j}.{len(out) - 1}"
            moves = 0
            if len(out) >= limit:
                break
        if g.match_over:
            break
        g.play(next(m for m in g.legal_moves() if m.kind == NEXT))
        if per_round:
            r += 1
            levels = _levels_for(seats, r + rot)
    if not per_round:
        places = g.standings()
        top = places[0][0]
        winners = [s for p, s, _t in places if p == top]
        out.append({"game": j, "levels": levels, "totals": list(g.totals),
                    "winners": winners, "rounds": g.round_number, "hands": first_key})
        if dup:
            out[-1]["deal"] = f"{j}"
    return out


def _choose(g, seat: int, level: str, rng, worlds: int, tuning: Tuning, player):
    if level.startswith("field-"):  # the outside field (ai/field.py), never in the page
        from .field import choose as field_choose

        return field_choose(g, seat, level, rng=rng)
    pol = player(g, tuning) if player is not None else None
    return choose(g, seat, level, rng=rng, worlds=worlds, tuning=tuning, policy=pol)


def _deal_key(g) -> str:
    """A short fingerprint of the hands as dealt (a duplicate run checks that every
    rotation of a deal was dealt the same tiles)."""
    text = "|".join(",".join(str(t) for t in h) for h in g.hands)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def _wilson(k: float, n: int) -> tuple[float, float, float]:
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    z = 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, c - h, c + h


def _units(records: list[dict]) -> list[list[dict]] | None:
    """A duplicate run's records grouped by deal (the unit its intervals are taken
    over: the rotations of one deal are not independent); None for a plain run."""
    if not records or "deal" not in records[0]:
        return None
    groups: dict = {}
    for rec in records:
        groups.setdefault(rec["deal"], []).append(rec)
    return list(groups.values())


def _mean_of(rows: list[dict], key: str, lv: str) -> float:
    xs = [sc for rec in rows for sc, lv2 in zip(rec[key], rec["levels"]) if lv2 == lv]
    return sum(xs) / len(xs)


def _share_of(rows: list[dict], lv: str) -> float:
    wins = sum(1.0 / len(rec["winners"]) for rec in rows for w in rec["winners"]
               if rec["levels"][w] == lv)
    return wins / sum(rec["levels"].count(lv) for rec in rows)


def summarize(game: str, seats: list[str], records: list[dict]) -> dict:
    kinds = sorted(set(seats), key=seats.index)
    res: dict = {"levels": {}}
    units = _units(records)
    if units is not None:
        res["deals"] = len(units)
    if by_rounds(game):
        res["rounds"] = len(records)
        for lv in kinds:
            xs = [sc for rec in records for sc, lv2 in zip(rec["scores"], rec["levels"])
                  if lv2 == lv]
            wins = sum(1.0 / len(rec["winners"]) for rec in records
                       for w in rec["winners"] if rec["levels"][w] == lv)
            per_seat = len(xs)
            m, lo, hi = _mean_ci(xs)
            p, plo, phi = _wilson(wins, per_seat)
            if units is not None:  # over the deals, each one's rotations together
                m, lo, hi = _mean_ci([_mean_of(u, "scores", lv) for u in units])
                p, plo, phi = _mean_ci([_share_of(u, lv) for u in units])
            res["levels"][lv] = {"chairs": seats.count(lv), "seat_rounds": per_seat,
                                 "mean_score": m, "ci": [lo, hi], "wins": wins,
                                 "win_share_per_seat": p, "win_ci": [plo, phi]}
        if len(kinds) == 2:
            a, b = kinds
            pa, pb = [], []
            for rows in units or [[rec] for rec in records]:
                pa.append(_mean_of(rows, "scores", a))
                pb.append(_mean_of(rows, "scores", b))
            ma, mb = sum(pa) / len(pa), sum(pb) / len(pb)
            ratio = ma / mb if mb else float("inf")
            d = [x - ratio * y for x, y in zip(pa, pb)]
            md = sum(d) / len(d)
            sd = math.sqrt(sum((x - md) ** 2 for x in d) / max(1, len(d) - 1))
            h = 1.96 * sd / math.sqrt(len(d)) / mb if mb else 0.0
            res["ratio"] = {"of": a, "to": b, "ratio": ratio, "ci": [ratio - h, ratio + h]}
    else:
        res["games"] = len(records)
        for lv in kinds:
            k = sum(1.0 / len(rec["winners"]) for rec in records for w in rec["winners"]
                    if rec["levels"][w] == lv)
            chairs = seats.count(lv)
            p, lo, hi = _wilson(k / chairs, len(records))
            if units is not None:
                p, lo, hi = _mean_ci([_share_of(u, lv) for u in units])
            res["levels"][lv] = {"chairs": chairs, "wins": k, "win_rate_per_seat": p,
                                 "ci": [lo, hi]}
    return res


def _dup_words(res: dict) -> str:
    if "deals" not in res:
        return ""
    return (f" ({res['deals']} deals, each played in every rotation; intervals over "
            "the deals)")


def report(game: str, seats: list[str], res: dict) -> str:
    lines = []
    if by_rounds(game):
        lines.append(f"{res['rounds']} rounds{_dup_words(res)}; per level (lower score "
                     "is better):")
        lines.append(f"{'level':14} {'chairs':>6} {'mean round score':>17} {'95% CI':>17} "
                     f"{'round wins/seat':>16} {'95% CI':>15}")
        for lv, d in res["levels"].items():
            lines.append(f"{lv:14} {d['chairs']:6d} {d['mean_score']:17.2f} "
                         f"[{d['ci'][0]:6.2f}, {d['ci'][1]:6.2f}] "
                         f"{100 * d['win_share_per_seat']:15.1f}% "
                         f"[{100 * d['win_ci'][0]:4.1f}, {100 * d['win_ci'][1]:4.1f}]")
        if "ratio" in res:
            r = res["ratio"]
            lines.append(f"mean score ratio {r['of']}/{r['to']}: {r['ratio']:.3f} "
                         f"(95% CI {r['ci'][0]:.3f} to {r['ci'][1]:.3f})")
    else:
        lines.append(f"{res['games']} games{_dup_words(res)}; per level:")
        lines.append(f"{'level':14} {'chairs':>6} {'wins':>8} {'win rate/seat':>14} "
                     f"{'95% CI':>16}")
        for lv, d in res["levels"].items():
            lines.append(f"{lv:14} {d['chairs']:6d} {d['wins']:8.1f} "
                         f"{100 * d['win_rate_per_seat']:13.1f}% "
                         f"[{100 * d['ci'][0]:5.1f}, {100 * d['ci'][1]:5.1f}]")
    return "\n".join(lines)


def run(game: str, preset: str | None, seats: list[str], count: int, seed, workers: int = 1,
        worlds: int = 12, options: dict | None = None, progress: bool = True,
        duplicate: bool = False, tuning: Tuning = DEFAULT, player=None) -> dict:
    """Play the levels ``seats`` against each other (each level by ``tuning``).
    ``player(game, tuning) -> Policy`` (research: a variant of the game's player, as
    ``levels.policy_for``) plays in place of the game's own."""
    from .field import STYLES

    for lv in seats:
        if lv in STYLES and game not in STYLES[lv][1]:
            raise SystemExit(f"arena: {lv} does not play {game}")
        if lv not in LEVELS and lv not in STYLES:
            raise SystemExit(f"arena: unknown level {lv!r} (use {', '.join(LEVELS)}, or one "
                             f"of the outside field: {', '.join(STYLES)})")
    probe = new_game(game, seats=len(seats), preset=preset, seed=0, options=options)
    n = len(seats)
    deals = -(-count // n) if duplicate else count  # duplicate: each deal n times
    if by_rounds(game):
        per_job = probe.options.rounds
        jobs = [(game, preset, seats, seed, j, min(per_job, deals - j * per_job), per_job,
                 worlds, options, tuning, player)
                for j in range((deals + per_job - 1) // per_job)]
    else:
        jobs = [(game, preset, seats, seed, j, 1, 1, worlds, options, tuning, player)
                for j in range(deals)]
    if duplicate:
        jobs = [job + (rot,) for job in jobs for rot in range(n)]
    t0 = time.perf_counter()
    records: list[dict] = []
    if workers > 1:
        import multiprocessing as mp

        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(workers) as p:
            for i, recs in enumerate(p.imap(_play_job, jobs, chunksize=1)):
                records.extend(recs)
                if progress and (i + 1) % max(1, len(jobs) // 10) == 0:
                    print(f"  {i + 1}/{len(jobs)} jobs, {time.perf_counter() - t0:.0f} s",
                          file=sys.stderr, flush=True)
    else:
        for i, job in enumerate(jobs):
            records.extend(_play_job(job))
            if progress and (i + 1) % max(1, len(jobs) // 10) == 0:
                print(f"  {i + 1}/{len(jobs)} jobs, {time.perf_counter() - t0:.0f} s",
                      file=sys.stderr, flush=True)
    if duplicate:
        _check_duplicates(records)
    res = summarize(game, seats, records)
    res["config"] = {"game": game, "preset": preset, "seats": seats, "count": count,
                     "seed": seed, "hard_worlds": worlds, "workers": workers,
                     "duplicate": duplicate, "seconds": round(time.perf_counter() - t0, 1)}
    if tuning != DEFAULT:
        res["config"]["tuning"] = changed(tuning)
    res["records"] = records  # one per round (or game), for paired comparisons
    return res


def changed(tuning: Tuning) -> dict:
    """``{path: value}`` for every setting of ``tuning`` other than the default's."""
    out = {}

    def walk(a, b, path: str) -> None:
        if dataclasses.is_dataclass(a):
            for f in dataclasses.fields(a):
                walk(getattr(a, f.name), getattr(b, f.name), f"{path}{f.name}.")
        elif a != b:
            out[path[:-1]] = a

    walk(tuning, DEFAULT, "")
    return out


def paired(records: list[dict], other: list[dict], level: str,
           other_level: str | None = None) -> dict:
    """``level``'s result in this run minus ``other_level``'s (default: the same level)
    in ``other``, deal by deal (two runs with the same seed, count and seats, but for
    that level, play the same deals in the same chairs, e.g. Hard against the field and
    Normal in Hard's chair; records whose hands were dealt differently are not paired):
    round games its mean round score, games its win share; with a 95% CI."""
    other_level = other_level or level

    def key(rec: dict, lv: str) -> tuple:
        return (rec.get("deal", rec.get("round", rec.get("game"))), rec["hands"],
                tuple("*" if x == lv else x for x in rec["levels"]))

    def value(rec: dict, lv: str) -> float:
        return _mean_of([rec], "scores", lv) if "scores" in rec else _share_of([rec], lv)

    theirs = {key(r, other_level): r for r in other if other_level in r["levels"]}
    d = [value(r, level) - value(theirs[key(r, level)], other_level) for r in records
         if level in r["levels"] and key(r, level) in theirs]
    if len(d) < 2:
        raise ValueError("the two runs share fewer than two deals: use the same seed, "
                         "count and seats")
    m, lo, hi = _mean_ci(d)
    return {"level": level, "n": len(d), "diff": m, "ci": [lo, hi]}


def _check_duplicates(records: list[dict]) -> None:
    """Every rotation of a deal must have been dealt the same tiles (the engine deals
    from its seed alone, whatever the players do)."""
    seen: dict = {}
    for rec in records:
        if seen.setdefault(rec["deal"], rec["hands"]) != rec["hands"]:
            raise RuntimeError(f"arena: deal {rec['deal']} was not dealt the same in "
                               "every rotation")


def main(argv: list[str] | None = None, player=None) -> int:
    """The command line; ``player`` as in ``run`` (for research scripts)."""
    ap = argparse.ArgumentParser(prog="python -m bones arena", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="mexican-train")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--seats", default="normal,easy,easy,easy",
                    help="one level per chair, e.g. hard,normal,normal,normal; or a style of the "
                         "outside field (ai/field.py), e.g. normal,field-chain,field-chain,"
                         "field-chain")
    ap.add_argument("--rounds", type=int, default=None,
                    help="rounds to play (Mexican Train, Chicken Foot)")
    ap.add_argument("--games", type=int, default=None,
                    help="games to the target score to play (All Fives)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=None,
                    help="Hard: sampled worlds per move (fixed, so runs reproduce); default: "
                         "the game's Hard.arena_worlds, at most what the page's Hard gets "
                         "(docs/ai.md)")
    ap.add_argument("--set", action="append", default=[], metavar="PATH=VALUE",
                    help="play with one setting of the tuning changed (ai/policy.py: Tuning), "
                         "e.g. --set mexican.hard.model_tries=0 --set search.margin=1.0")
    ap.add_argument("--duplicate", action="store_true",
                    help="play every deal once per rotation, so each level meets the same "
                         "deals in every chair (the count is the rounds or games played)")
    ap.add_argument("--json", default=None,
                    help="also write the results, with every round's record, to this file")
    ap.add_argument("--against", default=None,
                    help="a --json file of an earlier run with the same seed, count and "
                         "seats: print the first level's change, paired deal by deal")
    a = ap.parse_args(argv)
    seats = [s.strip() for s in a.seats.split(",") if s.strip()]
    count = a.rounds if by_rounds(a.game) else a.games
    if count is None:
        count = a.games or a.rounds or (1000 if by_rounds(a.game) else 400)
    tuning = DEFAULT
    for item in a.set:
        try:
            tuning = tuning.with_text(item)
        except ValueError as exc:
            raise SystemExit(f"arena: --set {exc}") from None
    if a.worlds is None:
        a.worlds = policy_for(new_game(a.game, seats=len(seats), preset=a.preset),
                              tuning).hard.arena_worlds
    res = run(a.game, a.preset, seats, count, a.seed, workers=a.workers, worlds=a.worlds,
              duplicate=a.duplicate, tuning=tuning, player=player)
    c = res["config"]
    print(f"arena: {a.game} ({a.preset or 'default preset'}), seats {','.join(seats)}, "
          f"seed {a.seed}{', duplicate' if a.duplicate else ''}, Hard {a.worlds} "
          f"worlds/move, {c['seconds']} s on {a.workers} worker(s)"
          + "".join(f", {k} = {v!r}" for k, v in c.get("tuning", {}).items()))
    print(report(a.game, seats, res))
    if a.against:
        try:
            with open(a.against) as f:
                earlier = json.load(f)
            p = paired(res["records"], earlier["records"], seats[0],
                       earlier["config"]["seats"][0])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"arena: cannot compare with {a.against}: {exc}", file=sys.stderr)
        else:
            what = "mean round score" if by_rounds(a.game) else "win share"
            print(f"against {a.against}: {p['level']}'s {what}, this run minus "
                  f"{earlier['config']['seats'][0]}'s in that one, "
                  f"paired over {p['n']}: {p['diff']:+.3f} (95% CI {p['ci'][0]:+.3f} to "
                  f"{p['ci'][1]:+.3f})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0

"""All Fives (GS-AF): rules of thumb (Normal), a beginner (Easy), a fast play-out policy
and what Hard needs to build worlds.

Normal weighs each play by: the points it scores now (open ends a multiple of five);
minus what the next player can expect to score in reply (denial, from the tiles that
seat may hold: the unseen ones, each with the chance that seat holds it); plus what
you can expect to score on your next turn after their likely reply (a 2-ply look);
plus getting doubles out (they are the hardest to place); the race to go out: ends
the next player likely cannot follow (they must draw), and ends your own remaining
tiles can follow (or you must draw). The weights (``W``) are fitted to what Hard's
play-outs say of each play."""

from __future__ import annotations

import math

from ..allfives import CENTRE, arm_number, hand_end
from ..moves import DRAW, PASS, PLAY, Move, parse_move
from ..tiles import full_set
from .levels import Scored

# Normal's weights for each term of ``play_features``, fitted (least squares within each
# position) to the values Hard's play-outs give the plays of 9,890 positions from Normal
# against Easy (120 worlds each), in points of the hand (``tools/af_fit.py``; docs/ai.md).
# The first ten terms since the fourth session, the rest since the fifth.
W = {
    "pts": 1.0,  # score now
    "risk": -1.248,  # the next player's expected best reply (denial)
    "counter": 0.736,  # 2-ply: my best score after the next player's likely reply
    "shed": -0.056,  # pips out of the hand
    "double": 0.411,  # extra for getting a double out
    "follow": -1.319,  # unseen tiles the next player may hold that fit the ends (expected)
    "lock": 0.327,  # the chance that the next player holds none that fits (they must draw)
    "diverse": 0.065,  # numbers kept in hand
    "match": 0.361,  # own tiles left that fit the ends
    "stuck": -2.053,  # none left that fits (you may have to draw)
    "lockmatch": -2.478,  # lock, when I hold a tile that fits too
    "lockpass": -5.625,  # lock, when nothing is left to draw (they pass)
    "ahead_follow": -0.389,  # follow, times my lead in the game (-1 to 1 for 100 points)
    "ahead_risk": 0.101,  # risk, the same
    "lose": -2.345,  # the chance the next player's reply wins them the game
    "orphan": -4.267,  # own tiles that fit no end and whose numbers are all out
    "thin": 0.808,  # own tiles that fit no end with two or fewer unseen tiles to join
    "deaddouble": -1.992,  # own doubles that fit no end, two or fewer of their number unseen
    "outrisk": -1.105,  # the next player has one tile: my pips, unless they cannot follow
    "late_shed": -0.451,  # pips out of the hand when nothing is left to draw
}
INFER = 1  # read what the next player's draws and passes tell about their hand
INFER_WORLDS = 1  # and Hard's worlds too


def _place(count: int, opens: dict, u, a: int):
    """(count, opens) after tile ``u`` goes on open arm ``a`` (spinner sides that a
    play would open are not modelled: an estimate)."""
    e, c = opens[a]
    o = u.other(e)
    new = 2 * o if u.hi == u.lo else o
    d = dict(opens)
    d[a] = (o, new)
    return count - c + new, d


def _counter(count: int, opens: dict, tiles, mine: list, p) -> float:
    """What I can expect to score on my next turn: the next player plays the tile
    scoring most for them (each of ``tiles`` held with chance ``p``, independently),
    or draws/passes when they hold none that plays; then my best play from ``mine``."""
    ps = p if isinstance(p, (list, tuple)) else [p] * len(tiles)
    opts = []
    for u, pu in zip(tiles, ps):
        best = None
        for a, (e, _c) in opens.items():
            if u.hi == e or u.lo == e:
                c2, o2 = _place(count, opens, u, a)
                s = _score(c2)
                mc = max(_best_reply(c2, o2, mine), default=0)
                k = (s, -mc)
                if best is None or k > best[0]:
                    best = (k, mc)
        if best is not None:
            opts.append((best[0], best[1], pu))
    opts.sort(key=lambda x: x[0], reverse=True)
    ev = 0.0
    miss = 1.0
    for _k, mc, pu in opts:
        ev += pu * miss * mc
        miss *= 1 - pu
    ev += miss * max(_best_reply(count, opens, mine), default=0)
    return ev


def _ends_after(layout: dict, t, a: int):
    """(count, {arm: (end, what covering it takes off the count)}) after ``t`` is played
    on arm ``a``: the engine's open ends and count (tests/engine/test_ai.py checks every
    play of random positions), but for a double led (see below)."""
    if layout["root"] is None:
        if t.hi == t.lo:
            # A double led counts both halves, and still does once a tile covers one
            # side (the other side then shows both): covering a side takes nothing off.
            # (The side left open is not then raised to both halves in ``_place``: that
            # more exact second ply measured worse, docs/ai.md.)
            return 2 * t.hi, {0: (t.hi, 0), 1: (t.hi, 0)}
        return t.hi + t.lo, {0: (t.hi, t.hi), 1: (t.lo, t.lo)}
    opens = {i: (arm["end"], arm["counts"]) for i, arm in enumerate(layout["arms"])
             if arm["open"]}
    e, c = opens[a]
    o = t.other(e)
    new = 2 * o if t.hi == t.lo else o
    count = layout["count"] - c + new
    root = layout["root"]
    if root.hi == root.lo and a in (0, 1) and not layout["arms"][0]["tiles"] and \
            not layout["arms"][1]["tiles"]:
        # The first tile on a lone double root: the other side now counts both halves.
        count += root.hi
        other = 1 - a
        opens[other] = (root.hi, 2 * root.hi)
    opens[a] = (o, new)
    # A5: this play may open a spinner's two sides (they count nothing until played on)
    arms = layout["arms"]
    for k, sp in enumerate(layout["spinners"]):
        if sp["open"]:
            continue
        if sp["on"] is None:  # the root: once both its ends are played on
            opening = a in (0, 1) and not arms[a]["tiles"] and arms[1 - a]["tiles"]
        else:  # on an arm: once a tile follows it there
            on = next(i for i, arm in enumerate(arms) if arm["name"] == sp["on"])
            opening = a == on and len(arms[a]["tiles"]) == sp["index"] + 1
        if opening:
            d = sp["tile"].hi
            opens[2 + 2 * k] = opens[3 + 2 * k] = (d, 0)
    return count, opens


def _score(count: int) -> int:
    return count if count and count % 5 == 0 else 0


def _best_reply(count: int, opens: dict, tiles) -> list:
    """The scores each tile of ``tiles`` could make next, best play per tile."""
    out = []
    for u in tiles:
        best = 0
        for _a, (e, c) in opens.items():
            if u.hi == e or u.lo == e:
                o = u.other(e)
                s = _score(count - c + (2 * o if u.hi == u.lo else o))
                if s > best:
                    best = s
        out.append(best)
    return out


def known_counts(obs: dict, seat: int, spinner: str = "first") -> dict:
    """For ``seat`` (not the observer): ``{number: at most this many of its tiles hold
    it}``, for the numbers its past turns this hand tell about. It had to draw on the
    open ends (none of its tiles held them); every tile it drew and did not play at once
    did not fit either; the tile it played after drawing is the last one drawn. A pass
    means it holds none of the open ends. Read from the public move log only."""
    log = obs.get("log") or ()
    start = 0
    for i in range(len(log) - 1, -1, -1):
        if log[i][1] == "next":
            start = i + 1
            break
    ends: dict = {}  # arm -> pips to match
    lens: dict = {}  # arm -> tiles on it
    spins: list = []  # (arm, index, value)
    free: dict = {}
    after_draw = False

    def open_ends() -> set:
        out = {ends[0], ends[1]} if 0 in ends else set()
        for k, (a, i, _d) in enumerate(spins):
            if (lens[0] and lens[1]) if a == CENTRE else lens[a] > i + 1:
                out.add(ends[2 + 2 * k])
                out.add(ends[3 + 2 * k])
        return out

    for s, note in log[start:]:
        m = parse_move(note, arm_number)
        if m.kind == DRAW or m.kind == PASS:
            if s == seat:
                for x in open_ends():
                    free[x] = 0
                after_draw = m.kind == DRAW
                if after_draw:
                    for x in free:
                        free[x] += 1
            continue
        if m.kind != PLAY:
            continue
        h, l_, a = m.tile.hi, m.tile.lo, m.target
        double = h == l_
        if a == CENTRE:
            ends[0], ends[1] = h, l_
            lens[0] = lens[1] = 0
            if double and spinner != "none":
                spins.append((CENTRE, -1, h))
                ends[2] = ends[3] = h
                lens[2] = lens[3] = 0
        else:
            e = ends.get(a)
            if e is None:
                return {}  # a layout this reader does not follow: no inference
            ends[a] = l_ if h == e else h
            lens[a] += 1
            if double and (spinner == "every" or (spinner == "first" and not spins)):
                spins.append((a, lens[a] - 1, h))
                k = len(spins) - 1
                ends[2 + 2 * k] = ends[3 + 2 * k] = h
                lens[2 + 2 * k] = lens[3 + 2 * k] = 0
        if s == seat and free:
            if after_draw:
                for x in free:
                    free[x] -= 1
            else:
                for x in (h, l_) if not double else (h,):
                    if x in free:
                        free[x] -= 1
            for x in free:
                if free[x] < 0:
                    free[x] = 0
        if s == seat:
            after_draw = False
    n = obs["hand_sizes"][seat]
    lack = (obs.get("lacks") or ())
    if seat < len(lack):
        for x in lack[seat]:
            free[x] = 0
    return {x: min(c, n) for x, c in free.items() if c < n}


def hold_chances(obs: dict, seat: int, unseen: list, spinner: str = "first") -> dict:
    """The chance ``seat`` holds each unseen tile: its hand size spread over the unseen
    tiles, with a tile holding a number the seat can hold few of (``known_counts``)
    capped at those few over the unseen tiles with that number."""
    n = obs["hand_sizes"][seat]
    if not unseen or not n:
        return dict.fromkeys(unseen, 0.0)
    free = known_counts(obs, seat, spinner)
    p0 = min(1.0, n / len(unseen))
    if not free:
        return dict.fromkeys(unseen, p0)
    with_x = {x: sum(1 for u in unseen if u.hi == x or u.lo == x) for x in free}
    out = {}
    mass = 0.0
    loose = []
    for u in unseen:
        cap = None
        for x in (u.hi, u.lo):
            if x in free:
                c = free[x] / with_x[x]
                cap = c if cap is None or c < cap else cap
        if cap is None:
            loose.append(u)
        else:
            p = min(p0, cap)
            out[u] = p
            mass += p
    if loose:
        q = min(1.0, max(0.0, n - mass) / len(loose))
        for u in loose:
            out[u] = q
    return out


def lacks(game, obs: dict) -> tuple:
    """For Hard's worlds (ai/world.py): the numbers each seat surely lacks, from its
    passes (the engine's ``lacks``) and its draws (``known_counts``)."""
    base = obs.get("lacks") or (frozenset(),) * obs["seats"]
    if not INFER_WORLDS:
        return base
    memo = obs.get("_lacks_known")
    if memo is not None:
        return memo
    spinner = getattr(game.options, "spinner", "first")
    out = []
    for s in range(obs["seats"]):
        if s == obs["seat"]:
            out.append(frozenset())
            continue
        kc = known_counts(obs, s, spinner)
        out.append(frozenset(base[s]) | {x for x, c in kc.items() if c == 0})
    obs["_lacks_known"] = tuple(out)  # once per decision, not once per world
    return obs["_lacks_known"]


def _unseen(obs: dict) -> list:
    seen = set(obs["hand"])
    seen.update(table_tiles(obs))
    return [t for t in full_set(6) if t not in seen]


def number_counts(tiles) -> list:
    """How many of ``tiles`` hold each number 0-6 (a double once)."""
    out = [0] * 7
    for u in tiles:
        out[u.hi] += 1
        if u.lo != u.hi:
            out[u.lo] += 1
    return out


def play_features(t, count: int, opens: dict, rest: list, theirs: list, p_tile: list,
                  ctx: dict) -> dict:
    """What Normal weighs about playing ``t`` (the ends after it: ``count``, ``opens``),
    each term a number that ``W`` weights. ``ctx`` (the same for every play): the unseen
    tiles holding each number (``number_counts``), the points the next
    player needs to win the game (``need``), my lead over them (``ahead``), the tiles
    left to draw (``drawable``) and the next player's hand size (``opp_n``)."""
    pips = t.hi + t.lo
    # Denial: the next player's expected best reply, from the unseen tiles.
    replies = sorted(zip(_best_reply(count, opens, theirs), p_tile), reverse=True)
    risk = 0.0
    miss = 1.0
    for r, pu in replies:
        if r <= 0:
            break
        risk += r * pu * miss
        miss *= 1 - pu
    ends = {e for e, _c in opens.values()}
    followers = 0.0
    none = 1.0
    for u, pu in zip(theirs, p_tile):
        if u.hi in ends or u.lo in ends:
            followers += pu
            none *= 1 - pu
    match = sum(1 for u in rest if u.hi in ends or u.lo in ends)
    lock = none if rest else 0.0
    unseen_n = ctx["unseen_n"]
    orphan = thin = dead_double = 0
    for u in rest:
        if u.hi in ends or u.lo in ends:
            continue
        join = unseen_n[u.hi] + unseen_n[u.lo]  # a double's number twice
        orphan += join == 0
        thin += join <= 2
        dead_double += u.hi == u.lo and unseen_n[u.hi] <= 2
    lose = 0.0
    if rest:
        q = 1.0
        for r, pu in replies:
            if r < ctx["need"]:
                break
            q *= 1 - pu
        lose = 1 - q
    ahead = max(-1.0, min(1.0, ctx["ahead"] / 100))
    dry = ctx["drawable"] == 0
    return {
        "pts": _score(count),
        "risk": risk,
        "counter": _counter(count, opens, theirs, rest, p_tile) if rest else 0.0,
        "shed": pips,
        "double": pips if t.hi == t.lo else 0,
        "follow": followers,
        "lock": lock,
        "diverse": len({x for u in rest for x in (u.hi, u.lo)}),
        "match": match,
        "stuck": 1.0 if rest and not match else 0.0,
        "lockmatch": lock if match else 0.0,
        "lockpass": lock if dry else 0.0,
        "ahead_follow": followers * ahead,
        "ahead_risk": risk * ahead,
        "lose": lose,
        "orphan": orphan,
        "thin": thin,
        "deaddouble": dead_double,
        "outrisk": (1 - lock) * sum(u.hi + u.lo for u in rest) if ctx["opp_n"] == 1 else 0.0,
        "late_shed": pips if dry else 0,
    }


def normal(game, obs: dict, legal: list, rng) -> list:
    seat = obs["seat"]
    hand = list(obs["hand"])
    layout = obs["layout"]
    unseen = _unseen(obs)
    nxt = (seat + 1) % obs["seats"]
    opp_n = obs["hand_sizes"][nxt]
    lack = (obs.get("lacks") or [frozenset()] * obs["seats"])[nxt]
    # What the next player may hold: unseen tiles without a number they are known to lack.
    theirs_maybe = [u for u in unseen if u.hi not in lack and u.lo not in lack]
    p_hold = min(1.0, opp_n / len(theirs_maybe)) if theirs_maybe else 0.0
    if INFER:
        chances = hold_chances(obs, nxt, unseen, getattr(game.options, "spinner", "first"))
        theirs_maybe = [u for u in unseen if chances[u] > 0]
        p_tile = [chances[u] for u in theirs_maybe]
    else:
        p_tile = [p_hold] * len(theirs_maybe)
    mine = obs["totals"][seat]
    target = obs["target"]
    ctx = {"unseen_n": number_counts(unseen), "need": target - obs["totals"][nxt],
           "ahead": mine - obs["totals"][nxt], "drawable": obs["drawable"], "opp_n": opp_n}
    out = []
    for m in legal:
        if m.kind != PLAY:
            out.append(Scored(-1e6 if m.kind == DRAW else -2e6, m,
                              "Draw: none of your tiles fits an open end." if m.kind == DRAW
                              else "Pass: nothing fits and the boneyard is done."))
            continue
        t, a = m.tile, m.target
        count, opens = _ends_after(layout, t, a)
        rest = list(hand)
        rest.remove(t)
        f = play_features(t, count, opens, rest, theirs_maybe, p_tile, ctx)
        pts, risk = f["pts"], f["risk"]
        v = sum(w * f[k] for k, w in W.items())
        if mine + pts >= target and pts:
            v += 500  # this wins the game
        if not rest:
            v += 1000
        where = "to lead" if a == CENTRE else f"on {game.target_name(a)}"
        if not rest:
            reason = (f"Play {t} {where}: it is your last tile, and you go out (domino)"
                      + (f", scoring {pts} for the ends as well." if pts else "."))
        elif pts:
            reason = f"Play {t} {where}: the ends add up to {count}, so you score {pts}."
        elif f["lock"] >= 0.5:
            reason = (f"Play {t} {where}: the next player most likely holds nothing that fits,"
                      " so they must draw"
                      + (f", and it sets up about {f['counter']:.0f} for your next turn."
                         if f["counter"] >= 10 else "."))
        elif risk < 2:
            reason = (f"Play {t} {where}: it scores nothing, but it leaves the next player "
                      "little to score.")
        elif t.hi == t.lo:
            reason = f"Play {t} {where}: it gets a heavy double out of your hand."
        else:
            reason = f"Play {t} {where}: it gives away the least and keeps your options."
        out.append(Scored(v, m, reason))
    jitter = {m: rng.random() * 1e-6 for m in legal}
    out.sort(key=lambda s: -(s.value + jitter[s.move]))
    got = exact(game, obs, out)
    if got is not None:
        i = next(i for i, s in enumerate(out) if s.move == got[0])
        s = out.pop(i)
        if obs["boneyard"]:
            why = s.reason + " Counting the tiles left, no play does better on average by" \
                " the end of the hand."
        else:
            why = s.reason + " Counting every tile, no play does better by the end of the" \
                " hand."
        out.insert(0, Scored(max(s.value, out[0].value + 1.0), s.move, why))
    return out


# Two players, nothing (or next to nothing) left to draw: the rest of the hand is
# searched to its end (ai/af_endgame.py) by Normal and Hard alike.
ENDGAME = True


def exact(game, obs: dict, ranked: list):
    """``(move, value)`` when the rest of the hand can be searched to its end (the plays
    tried in ``ranked``'s order, so the first of equals is Normal's), else None. Once
    per decision: Hard asks again after Normal's ranking, with the same observation."""
    if not ENDGAME:
        return None
    if "_exact" not in obs:
        from . import af_endgame

        obs["_exact"] = af_endgame.solve(game, obs, [s.move for s in ranked])
    return obs["_exact"]


def easy(game, obs: dict, legal: list, rng) -> Move:
    """A beginner: takes a big score in sight (10 or more), otherwise plays at random."""
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        return legal[0]
    layout = obs["layout"]
    best, bp = None, 5
    for m in plays:
        p = _score(_ends_after(layout, m.tile, m.target)[0])
        if p > bp:
            best, bp = m, p
    if best is not None:
        return best
    return rng.choice(plays)


# Hard's default thinking time outside the page (the page's worker gives it
# app.controller.HARD_BUDGET_MS), and the fixed worlds per move the arena uses in its
# place: no more than the page's Hard gets (308 worlds in Pyodide with the light
# play-outs and ``FAST_STUCK``, ``python3 build.py bench worlds``; 457-467 without
# ``FAST_STUCK``, 248 with the engine's play-outs); docs/ai.md.
BUDGET_MS = 30.0
ARENA_WORLDS = 300


# ---- Hard's side --------------------------------------------------------------------------
def set_high(game) -> int:
    return 6


def table_tiles(obs: dict) -> list:
    layout = obs["layout"]
    out = [layout["root"]] if layout.get("root") is not None else []
    for arm in layout.get("arms", ()):
        out.extend(t for t, _e in arm["tiles"])
    return out


# Play-outs: a play that leaves the next player nothing to follow (they must draw) is
# worth this many points (52.8% -> 59.8% against Normal, 60 worlds, docs/ai.md).
FAST_LOCK = 8.0
# and a play after which none of my own tiles fits the ends (I may have to draw) is worth
# this many points less (Hard against the fifth session's Normal, 60 worlds, 400 games:
# 49.8% without, 53.5% with 4, 53.0% with 8).
FAST_STUCK = 4.0


def fast(world, rng) -> Move:
    """Greedy: the biggest immediate score (a play the next player cannot follow counts
    ``FAST_LOCK`` more, one after which none of my own tiles fits ``FAST_STUCK`` less;
    the sides a new spinner would open are not counted), else the heaviest tile."""
    legal = world.legal_moves()
    if legal[0].kind != PLAY:
        return legal[0]
    if world.root is None:
        return max(legal, key=lambda m: (_score(m.tile.hi + m.tile.lo), m.tile.hi + m.tile.lo))
    opens, count, counts = world._ends()
    where = {a: (e, c) for (a, e), c in zip(opens, counts)}
    best, bk = None, None
    nxt = world.hands[(world.turn + 1) % world.seats]
    mine = world.hands[world.turn]
    ends = [e for _a, e in opens]
    for m in legal:
        t = m.tile
        e, c = where[m.target]
        o = t.other(e)
        v = _score(count - c + (2 * o if t.hi == t.lo else o))
        if FAST_LOCK or FAST_STUCK:
            left = list(ends)
            left.remove(e)
            left.append(o)
            if FAST_LOCK and not any(u.hi in left or u.lo in left for u in nxt):
                v += FAST_LOCK
            if FAST_STUCK and len(mine) > 1 and not any(
                    u != t and (u.hi in left or u.lo in left) for u in mine):
                v -= FAST_STUCK
        key = (v, t.hi + t.lo)
        if bk is None or key > bk:
            bk, best = key, m
    return best


def _light_opens(root, L: list, E: list, D: list, spin) -> list:
    """The open arms as ``(arm, pips to match, what it counts)``, in the engine's order
    (``AllFives._ends``), from the root, each arm's length, open half and whether its
    last tile is a double, and the spinner ``(arm, index, value)`` or None."""
    rh, rl = root
    dr = rh == rl
    out = []
    for a, base in ((0, rh), (1, rl)):
        if L[a]:
            e = E[a]
            out.append((a, e, e + e if D[a] else e))
        else:
            out.append((a, base, base + base if dr and (L[0] or L[1]) else base))
    if spin is not None:
        sa, si, d = spin
        if (L[0] and L[1]) if sa == CENTRE else L[sa] > si + 1:
            for b in (2, 3):
                if L[b]:
                    e = E[b]
                    out.append((b, e, e + e if D[b] else e))
                else:
                    out.append((b, d, 0))
    return out


def light_arms(world) -> tuple:
    """The arms as plain lists (each arm's length, open half and whether its last tile
    is a double) and the spinner ``(arm, index, value)`` or None: what
    ``_light_opens`` reads."""
    L = [0, 0, 0, 0]
    E = [0, 0, 0, 0]
    D = [False] * 4
    for a, arm in enumerate(world.arms):
        L[a] = len(arm)
        if arm:
            t, e = arm[-1]
            E[a] = e
            D[a] = t.hi == t.lo
    return L, E, D, (world.spinners[0] if world.spinners else None)


def playout(world, seat: int, move, seed: int) -> float:
    """Play ``move`` in ``world`` and the hand out with ``fast`` at every seat, on plain
    lists instead of the engine (2 to 3 times as many worlds in the same time);
    the outcome for ``seat`` (as ``outcome``). ``world`` itself is not changed. Every
    rule the engine applies is followed (A2 draws, A4 scores, A5 the spinner, A6/A7 the
    hand's end, A8 the target); "every double a spinner" goes to the engine."""
    if world.round_over:
        return outcome(world, seat)
    o = world.options
    if o.spinner == "every":
        from . import allfives
        from .search import rollout

        sim = world.clone(keep_history=False)
        sim._push(move)
        rollout(sim, allfives, None)
        return outcome(sim, seat)
    spinning = o.spinner == "first"
    n = world.seats
    sides = world.sides
    reserve = o.reserve()
    fives = o.count_in_fives
    target = o.target
    stop = o.stop_at_target
    hands = [list(h) for h in world.hands]
    bone = list(world.boneyard)
    totals = list(world.totals)
    hp = list(world.hand_points)
    root = world.root
    L, E, D, spin = light_arms(world)
    passes = world.passes
    turn = world.turn
    lock = FAST_LOCK
    stuck = FAST_STUCK
    first = move
    out = None  # who went out
    opens = _light_opens(root, L, E, D, spin) if root is not None else ()
    count = world.count  # the open-end total, kept as the ends change
    while True:
        hand = hands[turn]
        best = None
        if first is not None:
            m, first = first, None
            kind = m.kind
            if kind == PLAY:
                best, tg = m.tile, m.target
        else:
            # The numbers the next player holds; a play locks them out (they must draw)
            # when no end it leaves is one of them.
            held = set()
            for u in hands[(turn + 1) % n]:
                held.add(u.hi)
                held.add(u.lo)
            bad = sum(1 for _a, e, _c in opens if e in held)
            if stuck:  # own tiles and the ends as bit sets of numbers
                masks = [(u, 1 << u.hi | 1 << u.lo) for u in hand]
                others = {}
                for a, _e, _c in opens:
                    ms = 0
                    for b, y, _c in opens:
                        if b != a:
                            ms |= 1 << y
                    others[a] = ms
            bk = None
            for a, e, c in opens:
                free = bad - (e in held) == 0
                for t in hand:
                    hi, lo = t
                    if hi == e or lo == e:
                        x = lo if hi == e else hi
                        v = count - c + (x + x if hi == lo else x)
                        v = v if v and v % 5 == 0 else 0
                        if lock and free and x not in held:
                            v += lock
                        if stuck and len(hand) > 1:
                            ms = others[a] | 1 << x
                            for u, mu in masks:
                                if mu & ms and u is not t:
                                    break
                            else:
                                v -= stuck
                        k = (v, hi + lo)
                        if bk is None or k > bk:
                            bk, best, tg = k, t, a
            kind = PLAY if best is not None else DRAW if len(bone) > reserve else PASS
        if best is not None:
            hand.remove(best)
            hi, lo = best
            if tg == CENTRE:
                root = best
                if hi == lo and spinning:
                    spin = (CENTRE, -1, hi)
            else:
                e = next(x for a, x, _c in opens if a == tg)
                L[tg] += 1
                E[tg] = lo if hi == e else hi
                D[tg] = hi == lo
                if hi == lo and spinning and spin is None:
                    spin = (tg, L[tg] - 1, hi)
            opens = _light_opens(root, L, E, D, spin)
            count = 0
            for _a, _e, c in opens:
                count += c
            scored = count and count % 5 == 0
            if scored:
                v = count // 5 if fives else count
                side = sides[turn]
                for i in range(n):
                    if sides[i] == side:
                        totals[i] += v
                        hp[i] += v
            passes = 0
            if not hand:
                out = turn
                break  # A6
            if stop and scored and totals[turn] >= target:
                break  # A8: the game stops the moment it is won
            turn = (turn + 1) % n
        elif kind == DRAW:
            hand.append(bone.pop())
        else:
            passes += 1
            if passes >= n:
                out = -1  # A7: blocked
                break
            turn = (turn + 1) % n
    scores = [0] * n
    lead = None
    if out is not None:
        w, _opp, pts, _low = hand_end(hands, sides, out if out >= 0 else None)
        lead = w
        if w is not None:
            v = pts // 5 if fives else pts
            for i in range(n):
                if sides[i] == sides[w]:
                    scores[i] = v
    totals = [a + b for a, b in zip(totals, scores)]
    return _value([a + b for a, b in zip(scores, hp)], totals, sides, seat,
                  max(totals) >= target, target, fives, lead)

def outcome(world, seat: int) -> float:
    """What the finished hand (or game) is worth to ``seat`` (``_value``)."""
    o = world.options
    return _value(world.round_scores[-1], world.totals, world.sides, seat, world.match_over,
                  o.target, o.count_in_fives, world.winner)


# What a hand's end is worth to Hard in a two-player game: the chance of winning the
# game from there, not the hand's points. A point counts for more as the target nears,
# and leading the next hand (A8: the hand's winner leads) is worth about 8 points. The
# chance is a logistic in the fives each side still needs, fitted (rms error 0.013) to
# the exact table that dynamic programming gives over 30,000 hands of Normal against
# Normal (``python tools/af_equity.py``). Against Normal, 100 worlds, the same 1,200
# games (three seeds): 57.7% won by hand points, 61.5% by this, +3.8 points (95% CI
# +0.9 to +6.8) deal by deal (docs/ai.md, ninth session).
EQUITY = True
EQ_K = 0.93
EQ_LEAD = 1.55
EQ_C = 4.0
WIN = 300.0  # a game won (lost) counts +WIN (-WIN); the chance of winning scales to it


def win_chance(need: float, their_need: float, lead: bool) -> float:
    """The chance of winning a two-sided game when this side needs ``need`` more fives
    (holes, where the game counts in fives) and the other ``their_need``; ``lead``: this
    side leads the next hand."""
    z = EQ_K * (their_need - need + (EQ_LEAD if lead else -EQ_LEAD))
    return 1.0 / (1.0 + math.exp(-z / math.sqrt(need + their_need + EQ_C)))


def _value(row: list, totals: list, sides, seat: int, over: bool, target: int = 250,
           fives: bool = False, lead=None) -> float:
    """What a finished hand (or game) is worth to ``seat``: with two players, the chance of
    winning the game from there (``win_chance``; ``lead`` is the seat that leads next,
    None when nobody won the hand) scaled to +/- ``WIN``; otherwise the hand's points for
    its side minus the best other side's, and ``WIN`` more or less for a game won or
    lost."""
    me = sides[seat]
    if EQUITY and len(sides) == 2:
        if over:
            return WIN if totals[seat] == max(totals) else -WIN
        opp = next(i for i in range(len(sides)) if sides[i] != me)
        u = 1.0 if fives else 5.0
        p = win_chance((target - totals[seat]) / u, (target - totals[opp]) / u,
                       lead is not None and sides[lead] == me)
        return WIN * (2.0 * p - 1.0)
    v = float(row[seat] - max((row[i] for i in range(len(row)) if sides[i] != me),
                              default=0))
    if over:
        v += WIN if totals[seat] == max(totals) else -WIN
    return v


def outcome_words(mean: float, game=None) -> str:
    if EQUITY and game is not None and game.seats == 2:
        p = min(99, max(1, round(50 * (1 + mean / WIN))))
        return f" (it leaves you about a {p}% chance of winning the game)"
    return f" (it gained you {mean:+.0f} points on the other side on average)"

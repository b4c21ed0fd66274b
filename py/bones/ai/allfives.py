"""All Fives (GS-AF): rules of thumb (Normal), a beginner (Easy), a fast play-out policy
and what Hard needs to build worlds.

Normal weighs each play by: the points it scores now (open ends a multiple of five);
minus what the next player can expect to score in reply (denial, from the tiles that
seat may hold: the unseen ones, each with the chance that seat holds it); plus what
you can expect to score on your next turn after their likely reply (a 2-ply look);
plus getting doubles out (they are the hardest to place); the race to go out: ends
the next player likely cannot follow (they must draw), and ends your own remaining
tiles can follow (or you must draw). The weights (``W``) are fitted to what Hard's
play-outs say of each play (``AllFivesTuning.weights`` in ai/policy.py)."""

from __future__ import annotations

from ..allfives_arms import CENTRE, arm_number
from ..moves import DRAW, PASS, PLAY, Move, parse_move
from ..tiles import full_set
from . import af_endgame
from .af_playout import _score, fast, outcome, outcome_words, playout
from .player import Player
from .policy import AllFivesTuning, Scored


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


def lacks(match, obs: dict) -> tuple:
    """For Hard's worlds (ai/world.py): the numbers each seat surely lacks, from its
    passes (the engine's ``lacks``) and its draws (``known_counts``)."""
    base = obs.get("lacks") or (frozenset(),) * obs["seats"]
    memo = obs.get("_lacks_known")
    if memo is not None:
        return memo
    spinner = getattr(match.options, "spinner", "first")
    out = []
    for s in range(obs["seats"]):
        if s == obs["seat"]:
            out.append(frozenset())
            continue
        kc = known_counts(obs, s, spinner)
        out.append(frozenset(base[s]) | {x for x, c in kc.items() if c == 0})
    obs["_lacks_known"] = tuple(out)  # once per decision, not once per world
    return obs["_lacks_known"]


def table_tiles(obs: dict) -> list:
    layout = obs["layout"]
    out = [layout["root"]] if layout.get("root") is not None else []
    for arm in layout.get("arms", ()):
        out.extend(t for t, _e in arm["tiles"])
    return out


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


def context(match, obs: dict) -> tuple[list, list, dict]:
    """What every play's ``play_features`` read the same: the unseen tiles the next
    player may hold, the chance of each (their draws and passes say which numbers they
    lack), and ``ctx``."""
    seat = obs["seat"]
    unseen = _unseen(obs)
    nxt = (seat + 1) % obs["seats"]
    chances = hold_chances(obs, nxt, unseen, getattr(match.options, "spinner", "first"))
    theirs_maybe = [u for u in unseen if chances[u] > 0]
    p_tile = [chances[u] for u in theirs_maybe]
    ctx = {"unseen_n": number_counts(unseen), "need": obs["target"] - obs["totals"][nxt],
           "ahead": obs["totals"][seat] - obs["totals"][nxt], "drawable": obs["drawable"],
           "opp_n": obs["hand_sizes"][nxt]}
    return theirs_maybe, p_tile, ctx


def normal(match, obs: dict, legal: list, rng, pol: AllFivesPolicy) -> list:
    seat = obs["seat"]
    hand = list(obs["hand"])
    layout = obs["layout"]
    theirs_maybe, p_tile, ctx = context(match, obs)
    mine = obs["totals"][seat]
    target = obs["target"]
    weights = pol.tu.weights
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
        v = sum(w * f[k] for k, w in weights)
        if mine + pts >= target and pts:
            v += 500  # this wins the game
        if not rest:
            v += 1000
        where = "to lead" if a == CENTRE else f"on {match.target_name(a)}"
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
    got = pol.exact(match, obs, out)
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


def easy(match, obs: dict, legal: list, rng) -> Move:
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


class AllFivesPolicy(Player):
    """All Fives's computer player (ai/policy.py: Policy). Its play-outs and the value of
    a hand's end: ai/af_playout.py; the end of a two-player hand searched outright:
    ai/af_endgame.py."""

    game = "all-fives"
    key = "allfives"
    tu: AllFivesTuning

    def easy(self, match, obs: dict, legal: list, rng) -> Move:
        return easy(match, obs, legal, rng)

    def normal(self, match, obs: dict, legal: list, rng) -> list:
        return normal(match, obs, legal, rng, self)

    def exact(self, match, obs: dict, ranked: list):
        """``(move, value)`` when the rest of the hand can be searched to its end
        (two players, next to nothing left to draw: ai/af_endgame.py; Normal and Hard
        alike), the plays tried in ``ranked``'s order, so the first of equals is
        Normal's; else None. Once per decision: Hard asks again after Normal's ranking,
        with the same observation."""
        if not self.tu.endgame:
            return None
        if "_exact" not in obs:
            obs["_exact"] = af_endgame.solve(match, obs, [s.move for s in ranked], self)
        return obs["_exact"]

    def set_high(self, match) -> int:
        return 6

    def table_tiles(self, obs: dict) -> list:
        return table_tiles(obs)

    def lacks(self, match, obs: dict) -> tuple:
        return lacks(match, obs)

    def fast(self, world, rng) -> Move:
        return fast(world, rng, self.tu)

    def outcome(self, world, seat: int) -> float:
        return outcome(world, seat, self.tu)

    def playout(self, world, seat: int, move: Move, seed: int) -> float:
        return playout(world, seat, move, seed, self)

    def hint_words(self, match, seat: int, obs: dict, move: Move, rng, mean: float) -> str:
        return outcome_words(mean, match, self.tu)

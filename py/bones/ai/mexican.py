"""Mexican Train: rules of thumb (Normal), a beginner (Easy), a fast play-out policy
(Hard's simulations) and what Hard needs to build a world from an observation.

Normal's plan: the longest (then heaviest) chain your hand can lay on your own train
is safe, because nobody else may play there while it is closed; every tile outside
that chain is an orphan that can only leave your hand on the Mexican Train or an open
train, and only while a matching end is showing. So: go out if you can; close your
own train when your marker is up; play a double when you can follow it; dump the
heaviest orphan that fits elsewhere; otherwise lay the next tile of your chain.
"""

from __future__ import annotations

from ..mexican import MEXICAN
from ..moves import DRAW, KNOCK, PASS, PLAY, Move
from .levels import Scored, plural
from .world import pips_outcome

ORPHAN_W = 1.0  # pips of a tile with no place in the plan
CHAIN_W = 0.3  # pips of a tile the plan will lay on your own train
CHAIN_LEN_W = 3.0  # each tile of the plan is a turn you are sure to play
CLOSE_BONUS = 25.0  # taking your marker off
DOUBLE_FOLLOW = 12.0  # a double you can follow is a free extra tile
DOUBLE_STUCK = -25.0  # a double you cannot follow: draw, and maybe a marker
NODE_CAP = 4000


def best_chain(hand: list, end: int, cap: int = NODE_CAP) -> list:
    """The longest, then heaviest, line of tiles from ``hand`` that starts on ``end``.

    Depth-first over the hand (deterministic order); stops exploring after ``cap``
    nodes and returns the best line found so far.
    """
    for t in hand:
        if t.hi == end or t.lo == end:
            break
    else:
        return []
    tiles = sorted(hand)
    by_num: dict[int, list[tuple[int, int, int]]] = {}  # number -> (index, other end, pips)
    for i, t in enumerate(tiles):
        p = t.hi + t.lo
        by_num.setdefault(t.hi, []).append((i, t.lo, p))
        if t.lo != t.hi:
            by_num.setdefault(t.lo, []).append((i, t.hi, p))
    used = [False] * len(tiles)
    path: list[int] = []
    best: tuple = ()
    best_len = best_pips = nodes = 0

    def dfs(e: int, pips: int) -> None:
        nonlocal best, best_len, best_pips, nodes
        nodes += 1
        d = len(path)
        if d > best_len or (d == best_len and pips > best_pips):
            best_len, best_pips, best = d, pips, tuple(path)
        if nodes > cap:
            return
        for i, o, p in by_num.get(e, ()):
            if used[i]:
                continue
            used[i] = True
            path.append(i)
            dfs(o, pips + p)
            path.pop()
            used[i] = False

    dfs(end, 0)
    return [tiles[i] for i in best]


def _pips(ts) -> int:
    return sum(t.hi + t.lo for t in ts)


def _minus(hand: list, t) -> list:
    h = list(hand)
    h.remove(t)
    return h


def _name(obs: dict, seat: int, target: int) -> str:
    if target == MEXICAN:
        return "the Mexican Train"
    if target == seat:
        return "your train"
    return f"seat {target}'s train"


def _plan_value(hand: list, end: int) -> tuple[float, list]:
    chain = best_chain(hand, end)
    orphans_pips = _pips(hand) - _pips(chain)
    return -(ORPHAN_W * orphans_pips + CHAIN_W * _pips(chain)) + CHAIN_LEN_W * len(chain), chain


def _follow_ends(game, obs: dict, seat: int, t, target: int, own_end: int) -> set:
    """Ends a tile may be played on right after the double ``t`` lands on ``target``."""
    if game.options.double_rule == "on-double":
        return {t.hi}
    ends = {t.hi, own_end}
    ends.add(obs["ends"][MEXICAN] if target != MEXICAN else t.hi)
    for i, up in enumerate(obs["markers"]):
        if up and i != seat:
            ends.add(t.hi if i == target else obs["ends"][i])
    return ends


def normal(game, obs: dict, legal: list, rng) -> list:
    """Every legal move with Normal's rating and reason, best first."""
    seat = obs["seat"]
    hand = list(obs["hand"])
    ends = obs["ends"]
    own_end = ends[seat]
    marker = obs["markers"][seat]
    base_chain = best_chain(hand, own_end)
    in_base = set(base_chain)
    out = []
    for m in legal:
        if m.kind != PLAY:
            if m.kind == DRAW:
                out.append(Scored(-1e6, m, "Draw: none of your tiles fits anywhere you may "
                                          "play."))
            elif m.kind == PASS:
                out.append(Scored(-2e6, m, "Pass: nothing you hold fits, so your marker "
                                          "goes up on your train."))
            else:
                out.append(Scored(-3e6, m, "No better move."))
            continue
        t, tg = m.tile, m.target
        rest = _minus(hand, t)
        e2 = t.other(ends[tg]) if tg == seat else own_end
        v, _chain = _plan_value(rest, e2)
        tn = f"Play {t} on {_name(obs, seat, tg)}"
        reason = ""
        if not rest:
            v += 1000
            reason = f"{tn}: it is your last bone, and you go out."
        if tg == seat and marker:
            v += CLOSE_BONUS
            reason = reason or f"{tn}: it closes your train (your marker comes off)."
        if t.hi == t.lo and rest:
            follow = _follow_ends(game, obs, seat, t, tg, e2)
            if any(x.hi in follow or x.lo in follow for x in rest):
                v += DOUBLE_FOLLOW
                reason = reason or (f"{tn}: a double lets you play another tile straight "
                                    "away, and you have one that follows it.")
            else:
                v += DOUBLE_STUCK
        if not reason:
            if obs["pending"] and tg == obs["pending"][-1] and tg != seat:
                reason = (f"{tn}: the double there must be covered first, and this is the "
                          "tile you can best spare.")
            elif tg == seat and t in in_base:
                reason = (f"{tn}: it starts your longest chain ({plural(len(base_chain), 'tile')} "
                          "for your own train).")
            elif tg != seat and t not in in_base:
                reason = (f"{tn}: your own train's chain cannot use it, and it gets "
                          f"{plural(t.hi + t.lo, 'point')} out of your hand.")
            else:
                reason = f"{tn}: it keeps the longest chain for your own train."
        out.append(Scored(v, m, reason))
    # Stable, then a seeded tie-break among equals.
    jitter = {m: rng.random() * 1e-6 for m in legal}
    out.sort(key=lambda s: (-(s.value + jitter[s.move])))
    return out


def _chain_value(chain: list) -> float:
    """The part of Normal's rating the chain left for one's own train gives: its pips
    count ``CHAIN_W`` instead of ``ORPHAN_W``, and each of its tiles ``CHAIN_LEN_W``.
    (Normal's value of a play is ``ORPHAN_W`` times the tile's pips plus this, plus its
    bonuses, less the same for every tile in hand.)"""
    return ((ORPHAN_W - CHAIN_W) * sum(t.hi + t.lo for t in chain)
            + CHAIN_LEN_W * len(chain))


def agreement(state, seat: int, move):
    """``agrees(hand) -> bool``: would Normal, holding ``hand`` in ``state`` (the public
    layout just before ``seat`` played ``move``), have played ``move``? Ties count. The
    quick form of ``choose(..., "normal")`` that Hard's reading asks many times
    (reading.normal_check): the same answer without the engine's move list or Normal's
    words. The moves besides the plays are the engine's: a knock (two or three tiles,
    not knocked yet: Normal knocks first), a draw, a pass, a call on a player who did
    not knock (it comes first too); a lone move is forced.

    A chain is worked out once for the hand, and again only for a play that takes one
    of its tiles other than its first, or that lays on the seat's own train a tile
    other than its first (the chain left is otherwise the same one, or its tail)."""
    o = state.options
    if state.drawn and not o.drawn_playable:
        return lambda hand: False
    targets = [(tg, state.end_of(tg)) for tg in state._targets(seat)]
    no_doubles = state.owe and not o.chain_doubles
    calls = len(state.exposed) if o.knock_penalty and not state.acted else 0
    others = (bool(state.boneyard) and not state.drawn and not o.must_play) + (
        state.drawn and not o.must_play)
    knocked = state.knocked
    own_end = state.end_of(seat)
    marker = state.markers[seat]
    view = {"ends": [state.end_of(i) for i in range(state.seats)] + [state.end_of(MEXICAN)],
            "markers": state.markers}
    tile, target = move.tile, move.target

    def rate(t, tg: int, hand: list, base: list, in_base: set, base_v: float) -> float:
        e2 = t.other(own_end) if tg == seat else own_end
        if tg == seat and base and t == base[0]:
            cv = base_v - _chain_value([t])
        elif tg != seat and t not in in_base:
            cv = base_v
        else:
            cv = _chain_value(best_chain([x for x in hand if x != t], e2))
        v = ORPHAN_W * (t.hi + t.lo) + cv
        if len(hand) == 1:
            v += 1000
        if tg == seat and marker:
            v += CLOSE_BONUS
        if t.hi == t.lo and len(hand) > 1:
            fol = _follow_ends(state, view, seat, t, tg, e2)
            v += DOUBLE_FOLLOW if any(x != t and (x.hi in fol or x.lo in fol)
                                      for x in hand) else DOUBLE_STUCK
        return v

    def agrees(hand: list) -> bool:
        plays = [(t, tg) for tg, e in targets for t in hand
                 if (t.hi == e or t.lo == e) and not (no_doubles and t.hi == t.lo)]
        if (tile, target) not in plays:
            return False
        if calls or (not knocked and 2 <= len(hand) <= 3):
            return False
        if len(plays) + others == 1:
            return True
        base = best_chain(hand, own_end)
        in_base = set(base)
        base_v = _chain_value(base)
        mine = rate(tile, target, hand, base, in_base, base_v) + 1e-4
        return not any(rate(t, tg, hand, base, in_base, base_v) > mine
                       for t, tg in plays if t != tile or tg != target)

    return agrees


def easy(game, obs: dict, legal: list, rng) -> Move:
    """A beginner: plays a random tile that fits, but goes out when it can and closes
    its own open train when it can."""
    plays = [m for m in legal if m.kind == PLAY]
    if not plays:
        for k in (DRAW, PASS):
            for m in legal:
                if m.kind == k:
                    return m
        return legal[0]
    seat = obs["seat"]
    if len(obs["hand"]) == 1:
        return plays[0]
    if obs["markers"][seat]:
        own = [m for m in plays if m.target == seat]
        if own:
            return rng.choice(own)
    return rng.choice(plays)


# Hard's default thinking time outside the page (the page's worker gives it
# app.controller.HARD_BUDGET_MS), and the fixed worlds per move the arena uses in its
# place: no more than the page's Hard gets (whole-round play-outs and the Normal
# reading, 500 ms: a median of 180 worlds in Pyodide, ``python3 build.py bench worlds``,
# sixteenth session). 200 worlds measured no better than 100 (docs/ai.md, fourteenth
# session); 180 a little better on fresh seeds (sixteenth, seeds 6-9: -0.89 points a
# round, CI -1.76 to -0.02; +1.60 rounds won in a hundred, CI -0.09 to +3.29). 100
# stands for a busier machine than this one.
BUDGET_MS = 70.0
ARENA_WORLDS = 100


# ---- Hard's side: worlds and play-outs ----------------------------------------------------
def set_high(game) -> int:
    return game.options.set_high


def table_tiles(obs: dict) -> list:
    out = [obs["hub"]] if obs.get("hub") is not None else []
    for train in obs["trains"]:
        out.extend(t for t, _e in train)
    out.extend(t for t, _e in obs["mexican"])
    return out


def _plan(world, s: int, hand: list, end: int) -> list:
    """Seat ``s``'s chain for its own train in a play-out, kept between its turns and
    only recomputed when its train's end or its hand changed in an unplanned way."""
    plans = world.__dict__.setdefault("_ai_plans", {})
    p = plans.get(s)
    n = len(hand)
    if p is not None:
        pend, pn, chain = p
        if pend == end and pn >= n and all(t in hand for t in chain):
            return chain
        if (chain and pn >= n and chain[0] not in hand
                and chain[0].other(pend) == end and all(t in hand for t in chain[1:])):
            chain = chain[1:]
            plans[s] = (end, n, chain)
            return chain
    chain = best_chain(hand, end, cap=600)
    plans[s] = (end, n, chain)
    return chain


FAST_FOLLOW = False  # prefer only doubles one can follow: measured no better (0.876)


def fast(world, rng) -> Move:
    """The play-out policy: Normal's plan in a cheap form, on the (sampled) full state.

    Go out; close your own open train; play a double you can follow; dump the heaviest
    tile outside your own train's chain wherever it fits; else lay your chain."""
    legal = world.legal_moves()
    s = world.turn
    plays = []
    other = None
    for m in legal:
        k = m.kind
        if k == PLAY:
            plays.append(m)
        elif k == KNOCK:
            return m
        elif other is None or k == DRAW:
            other = m
    if not plays:
        return other
    hand = world.hands[s]
    if len(hand) == 1 or len(plays) == 1:
        return plays[0]
    own_end = world.end_of(s)
    chain = _plan(world, s, hand, own_end)
    first = chain[0] if chain else None
    marker = world.markers[s]
    best = None
    bk = None
    for m in plays:
        t = m.tile
        tg = m.target
        dbl = t.hi == t.lo
        if dbl and FAST_FOLLOW:  # Normal's rule: a double only with a tile to follow it
            dbl = any(x is not t and (x.hi == t.hi or x.lo == t.hi) for x in hand)
        if tg == s:
            key = (3 if marker else 1) if t == first else (2 if marker else 0)
            key = (key, dbl, t.hi + t.lo)
        else:
            in_chain = t in chain
            key = (2 if not in_chain else -1, dbl, t.hi + t.lo)
        if bk is None or key > bk:
            bk, best = key, m
    return best


SEARCH_DRAW = False  # drawing instead of playing: measured a trap (see docs/ai.md)
# Hard's search (fourteenth session, docs/ai.md): every play, a 0.5 standard-error
# margin, whole-round play-outs and a bonus of 50 pips for winning the round. Paired
# with the older setting (Normal's best 5, a 1.0 margin, play-outs cut at 20 moves, no
# bonus) on the same deals, seeds 1-4, 4,000 duplicate rounds: +3.51 rounds won in a
# hundred (CI +1.83 to +5.19) at about the same points (+0.44 a round, CI -0.44 to
# +1.33).
# (Every play with the old truncated play-outs had measured 1.104, second session: the
# worlds were worse then; since the eighth session they read every draw and dump.)
WIN_BONUS = 50.0  # winning the round (lowest score) is worth this many pips
SEARCH_TOP = 10
SEARCH_MARGIN = 0.5


# Hard's play-outs stop after this many moves (0: at the end of the round) and the hand
# is scored by ``evaluate``. Cut at 20 moves they were less noisy (ratio 0.854 against
# 1.004 for whole rounds with 40 worlds, second session), but a cut play-out cannot see
# who wins the round, and with the better worlds and 100 of them whole rounds win more.
ROLLOUT_PLIES = 0
# A truncated play-out: pips of tiles outside your own train's chain, and of the chain
# (it will most likely be laid), on the scale of a finished play-out's score: the
# round score at the end goes up 0.354 (300 rounds) to 0.356 (1,000 rounds, 53,008
# positions) a pip of this form, by least squares over rounds of the play-out policy
# (``python tools/mt_eval_fit.py``).
# The old weights, 1.0 and 0.3, counted a truncated play-out's pips about three times
# a finished one's (docs/ai.md, ninth session).
EVAL_ORPHAN_W = 0.354
EVAL_CHAIN_W = 0.106
EVAL_MARKER = 0.0  # ... your own train left open


def evaluate(world, seat: int) -> float:
    """An unfinished round, for the seat (higher is better): the pips it will likely
    be left holding, its own train's chain counted light (it is sure to be laid),
    less ``EVAL_REL`` times the same for the others (on average)."""
    v = _hand_eval(world, seat)
    if EVAL_RACE:  # tiles ahead of (or behind) the seat closest to going out
        hs = world.hands
        v += EVAL_RACE * (min(len(hs[s]) for s in range(world.seats) if s != seat)
                          - len(hs[seat]))
    if EVAL_REL:
        others = [s for s in range(world.seats) if s != seat]
        v -= EVAL_REL * sum(_hand_eval(world, s) for s in others) / len(others)
    return v


EVAL_REL = 0.0  # 0.5 measured worse (0.907, see docs/ai.md)
EVAL_RACE = 0.0  # 3 measured worse (0.906, see docs/ai.md)


def _hand_eval(world, seat: int) -> float:
    hand = world.hands[seat]
    chain = best_chain(hand, world.end_of(seat), cap=600)
    cp = _pips(chain)
    v = -(EVAL_ORPHAN_W * (_pips(hand) - cp) + EVAL_CHAIN_W * cp)
    if world.markers[seat]:
        v -= EVAL_MARKER
    return v


# A finished play-out also counts this much of the others' mean round score in the
# seat's favour (0: its own points and the win bonus only). 1.0 measured no better
# (seed 6: 0.952, 27.4%; paired with 0, wins -0.15 in a hundred, points +0.68 a round,
# both inside the noise; docs/ai.md, sixteenth session).
OUTCOME_REL = 0.0


def outcome(world, seat: int) -> float:
    v = pips_outcome(world, seat, evaluate, WIN_BONUS)
    if OUTCOME_REL and world.round_over:
        others = [x for s, x in enumerate(world.round_scores[-1]) if s != seat and x is not None]
        v += OUTCOME_REL * sum(others) / max(len(others), 1)
    return v


def hint_words(game, seat: int, obs: dict, move, rng) -> str:
    """What Hard's choice did in likely deals: points left and rounds won (Hard's own
    value adds the win bonus, so it is no count of points)."""
    from . import mexican
    from .search import round_words

    return round_words(game, seat, obs, move, rng, mexican)


# ---- reading the hands (ai/reading.py) -----------------------------------------------
READ_HANDS = True  # Hard's worlds read every draw and pass of the round, tile by tile
# A dump (a play off the seat's own train) is the heaviest tile it could spare there, so
# an unseen tile more than ``SHUN_SLACK`` pips heavier that fits the same ends is most
# likely not in its hand (doubles aside), until it draws again. None: no such reading.
SHUN_SLACK: float | None = 0.0
# Hard reads the others' last two plays since their last draw as Normal's, as Chicken
# Foot does: a seat dealt a hand Normal would not have made them with is dealt again (up
# to 30 times). Measured against it off on the seeds not used to choose the search
# (4 and 5, 2,000 duplicate rounds, 100 worlds): 1.65 fewer points a round (CI 0.42 to
# 2.87) at the same round wins (+0.95 in a hundred, CI -1.43 to +3.33) (docs/ai.md,
# fifteenth session; the twelfth measured it before the search played whole rounds, no
# better then). Asked through ``agreement`` (sixteenth session) a search's worlds cost
# 1.37 times as much as without the reading; through Normal's full ranking, 1.85.
MODEL_TRIES = 30
MODEL_KEEP = 2
# A seat that plays elsewhere with its own train open most likely has nothing for it
# (127 such plays over 39 Normal rounds, none wrong), but reading it so made Hard worse:
# -1.95 rounds won in a hundred (CI -3.60 to -0.30), seeds 1-2 (docs/ai.md, fourteenth
# session; the code is in commits af6e5bd and facfbd1). Not kept.


def _ends_open_to(state, seat: int, move) -> dict | None:
    """``{target: number}`` open to ``seat`` when it made ``move`` in ``state``. A pass
    right after a draw says nothing of the drawn tile where it may not be played."""
    if move.kind == PASS and state.drawn and not state.options.drawn_playable:
        return None
    if move.kind not in (PLAY, DRAW, PASS):
        return None
    return {t: state.end_of(t) for t in state._targets(seat)}


def reads(game, obs: dict) -> list:
    from .reading import slots

    return slots(game, obs, _ends_open_to)


def _dumped(seat: int, move, ends: dict) -> set | None:
    """A dump (a play off the seat's own train) could have matched any other end."""
    return None if move.target == seat else {e for t, e in ends.items() if t != seat}


def shun(game, obs: dict, unseen: list) -> list | None:
    """Per seat, the unseen tiles its dumps since its last draw say it does not hold."""
    if SHUN_SLACK is None:
        return None
    from . import reading

    return reading.shun(game, obs, unseen, _ends_open_to, SHUN_SLACK, _dumped)

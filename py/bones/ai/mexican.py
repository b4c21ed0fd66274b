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

import random

from ..mexican import MEXICAN
from ..moves import DRAW, KNOCK, PASS, PLAY, Move
from . import reading
from .player import Player
from .policy import MexicanTuning, Scored, plural
from .search import round_words
from .world import pips_outcome

NODE_CAP = 4000  # positions the chain search explores at most (Normal)


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


def _plan_value(hand: list, end: int, tu: MexicanTuning) -> tuple[float, list]:
    chain = best_chain(hand, end)
    orphans_pips = _pips(hand) - _pips(chain)
    return (-(tu.orphan_w * orphans_pips + tu.chain_w * _pips(chain))
            + tu.chain_len_w * len(chain), chain)


def _follow_ends(match, obs: dict, seat: int, t, target: int, own_end: int) -> set:
    """Ends a tile may be played on right after the double ``t`` lands on ``target``."""
    if match.options.double_rule == "on-double":
        return {t.hi}
    ends = {t.hi, own_end}
    ends.add(obs["ends"][MEXICAN] if target != MEXICAN else t.hi)
    for i, up in enumerate(obs["markers"]):
        if up and i != seat:
            ends.add(t.hi if i == target else obs["ends"][i])
    return ends


def normal(match, obs: dict, legal: list, rng, tu: MexicanTuning) -> list:
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
        v, _chain = _plan_value(rest, e2, tu)
        tn = f"Play {t} on {_name(obs, seat, tg)}"
        reason = ""
        if not rest:
            v += 1000
            reason = f"{tn}: it is your last bone, and you go out."
        if tg == seat and marker:
            v += tu.close_bonus
            reason = reason or f"{tn}: it closes your train (your marker comes off)."
        if t.hi == t.lo and rest:
            follow = _follow_ends(match, obs, seat, t, tg, e2)
            if any(x.hi in follow or x.lo in follow for x in rest):
                v += tu.double_follow
                reason = reason or (f"{tn}: a double lets you play another tile straight "
                                    "away, and you have one that follows it.")
            else:
                v += tu.double_stuck
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


def _chain_value(chain: list, tu: MexicanTuning) -> float:
    """The part of Normal's rating the chain left for one's own train gives: its pips
    count ``chain_w`` instead of ``orphan_w``, and each of its tiles ``chain_len_w``.
    (Normal's value of a play is ``orphan_w`` times the tile's pips plus this, plus its
    bonuses, less the same for every tile in hand.)"""
    return ((tu.orphan_w - tu.chain_w) * sum(t.hi + t.lo for t in chain)
            + tu.chain_len_w * len(chain))


def agreement(state, seat: int, move, tu: MexicanTuning):
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
            cv = base_v - _chain_value([t], tu)
        elif tg != seat and t not in in_base:
            cv = base_v
        else:
            cv = _chain_value(best_chain([x for x in hand if x != t], e2), tu)
        v = tu.orphan_w * (t.hi + t.lo) + cv
        if len(hand) == 1:
            v += 1000
        if tg == seat and marker:
            v += tu.close_bonus
        if t.hi == t.lo and len(hand) > 1:
            fol = _follow_ends(state, view, seat, t, tg, e2)
            v += tu.double_follow if any(x != t and (x.hi in fol or x.lo in fol)
                                         for x in hand) else tu.double_stuck
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
        base_v = _chain_value(base, tu)
        mine = rate(tile, target, hand, base, in_base, base_v) + 1e-4
        return not any(rate(t, tg, hand, base, in_base, base_v) > mine
                       for t, tg in plays if t != tile or tg != target)

    return agrees


def easy(match, obs: dict, legal: list, rng) -> Move:
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


# ---- Hard's side: worlds and play-outs ----------------------------------------------------
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
        if tg == s:
            key = (3 if marker else 1) if t == first else (2 if marker else 0)
            key = (key, dbl, t.hi + t.lo)
        else:
            in_chain = t in chain
            key = (2 if not in_chain else -1, dbl, t.hi + t.lo)
        if bk is None or key > bk:
            bk, best = key, m
    return best


def evaluate(world, seat: int, tu: MexicanTuning) -> float:
    """An unfinished round (a play-out cut at ``search.MAX_STEPS``, not expected), for
    the seat (higher is better): the pips it will likely be left holding, its own
    train's chain counted light (it is sure to be laid), on the scale of a finished
    play-out's score (``eval_orphan_w``, ``eval_chain_w``: research/mt_eval_fit.py)."""
    hand = world.hands[seat]
    chain = best_chain(hand, world.end_of(seat), cap=600)
    cp = _pips(chain)
    return -(tu.eval_orphan_w * (_pips(hand) - cp) + tu.eval_chain_w * cp)


def _ends_open_to(state, seat: int, move) -> dict | None:
    """``{target: number}`` open to ``seat`` when it made ``move`` in ``state``. A pass
    right after a draw says nothing of the drawn tile where it may not be played."""
    if move.kind == PASS and state.drawn and not state.options.drawn_playable:
        return None
    if move.kind not in (PLAY, DRAW, PASS):
        return None
    return {t: state.end_of(t) for t in state._targets(seat)}


def _dumped(seat: int, move, ends: dict) -> set | None:
    """A dump (a play off the seat's own train) could have matched any other end."""
    return None if move.target == seat else {e for t, e in ends.items() if t != seat}


class MexicanTrainPolicy(Player):
    """Mexican Train's computer player (ai/policy.py: Policy)."""

    game = "mexican-train"
    key = "mexican"
    tu: MexicanTuning

    def easy(self, match, obs: dict, legal: list, rng: random.Random) -> Move:
        return easy(match, obs, legal, rng)

    def normal(self, match, obs: dict, legal: list, rng: random.Random) -> list:
        return normal(match, obs, legal, rng, self.tu)

    def table_tiles(self, obs: dict) -> list:
        out = [obs["hub"]] if obs.get("hub") is not None else []
        for train in obs["trains"]:
            out.extend(t for t, _e in train)
        out.extend(t for t, _e in obs["mexican"])
        return out

    def reads(self, match, obs: dict) -> list:
        """Every draw and pass of the round, tile by tile (ai/reading.py)."""
        return reading.slots(match, obs, _ends_open_to)

    def shun(self, match, obs: dict, unseen: list) -> list | None:
        """Per seat, the unseen tiles its dumps since its last draw say it does not hold:
        a dump is the heaviest tile it could spare there, so an unseen tile more than
        ``shun_slack`` pips heavier that fits the same ends is most likely not in its
        hand (doubles aside), until it draws again."""
        if self.tu.shun_slack is None:
            return None
        return reading.shun(match, obs, unseen, _ends_open_to, self.tu.shun_slack, _dumped)

    def agreement(self, state, seat: int, move: Move):
        return agreement(state, seat, move, self.tu)

    def fast(self, world, rng: random.Random) -> Move:
        return fast(world, rng)

    def outcome(self, world, seat: int) -> float:
        tu = self.tu
        return pips_outcome(world, seat, lambda w, s: evaluate(w, s, tu), tu.win_bonus)

    def hint_words(self, match, seat: int, obs: dict, move: Move, rng: random.Random,
                   mean: float) -> str:
        """What Hard's choice did in likely deals: points left and rounds won (Hard's own
        value adds the win bonus, so it is no count of points)."""
        return round_words(match, seat, obs, move, rng, self)

"""Reading the hands: what a round's public moves say about each tile a seat holds.

A player who draws had no tile that fitted any end it could play on (the rules say so
where a player must play if able, C3; elsewhere it is what players do: nobody draws a
tile while holding one that plays, and Normal never does). Every tile it held then
lacks those numbers, and only the tiles it draws afterwards may carry them. A pass
(nothing fits, the boneyard is empty or the drawn tile did not fit either) says the
same of every tile it holds.

So each seat's hand is read as one set of numbers per tile, the numbers that tile
lacks (``slots``). A draw or a pass adds its ends to every slot the seat has and a
draw brings a new, empty slot; a play takes away the slot its tile most likely came
from: the most constrained slot that tile could fill. When a seat's play contradicts
its reading (it drew with a tile that fitted), the reading of that seat is wiped and
starts again from what it does next.

The slots only ever err on the side of knowing less: removing the most constrained
slot that fits leaves the looser ones behind. The engine's ``lacks`` (passes since the
last draw) is the special case of a seat that has not drawn since it passed.

The moves are read from the game itself, walked back move by move (``undo`` on a
copy) to the start of the round; only what every seat saw is read on the way: whose
turn it was, the move, the ends open to that seat and the hand sizes. The same walk
gives ``shun``: the heavier tiles a seat's plays say it does not hold.
"""

from __future__ import annotations

import random

from ..moves import DRAW, JOIN, NEXT, PASS, PLAY
from .policy import forced, move_key


def steps(match, obs: dict, open_ends) -> list[tuple]:
    """The round's moves as ``(seat, move, ends, sizes)``: ``ends`` is
    ``open_ends(state, seat, move)`` in the state just before the move (the ends open to
    that seat, ``{target: number}``, or None when the move tells nothing), ``sizes`` the
    hand sizes then. Worked out once per observation (kept in it)."""
    memo = obs.get("_steps")
    if memo is not None:
        return memo
    out = []
    sim = match.clone(keep_history=True)
    while sim.history:
        move, seat, _token = sim.history[-1]
        if move.kind == NEXT or move.kind == JOIN:
            break
        sim.undo()
        out.append((seat, move, open_ends(sim, seat, move), [len(h) for h in sim.hands]))
    out.reverse()
    obs["_steps"] = out
    return out


def slots(match, obs: dict, open_ends) -> list[list[frozenset]]:
    """Per seat (the observing seat's own list is empty), one set of numbers per tile of
    its hand: the numbers that tile most likely lacks, most constrained first (the
    ends open to a seat when it drew or passed: ``steps``)."""
    me = obs["seat"]
    walk = steps(match, obs, open_ends)
    n = obs["seats"]
    sizes0 = walk[0][3] if walk else list(obs["hand_sizes"])
    read: list[list[frozenset]] = [[frozenset()] * sizes0[s] for s in range(n)]
    after = [st[3] for st in walk[1:]] + [list(obs["hand_sizes"])]
    for (seat, move, ends, _before), sizes in zip(walk, after):
        mine = read[seat]
        if ends is not None and move.kind in (DRAW, PASS):
            e = frozenset(ends.values())
            read[seat] = mine = [f | e for f in mine]
        if move.kind == PLAY:
            t = move.tile
            fit = [i for i, f in enumerate(mine) if t.hi not in f and t.lo not in f]
            if fit:
                i = max(fit, key=lambda i: len(mine[i]))
            else:  # the reading was wrong: keep nothing of it
                read[seat] = mine = [frozenset()] * len(mine)
                i = 0
            if mine:
                del mine[i]
        for s in range(n):  # draws and penalties bring tiles nobody has seen
            r = read[s]
            while len(r) < sizes[s]:
                r.append(frozenset())
            while len(r) > sizes[s]:  # not expected; the loosest slots are kept
                r.remove(max(r, key=len))
    out = []
    for s in range(n):
        out.append([] if s == me else sorted(read[s], key=lambda f: -len(f)))
    return out


def shun(match, obs: dict, unseen: list, open_ends, slack: float, spare) -> list:
    """Per seat, the unseen tiles its plays since its last draw say it does not hold
    (a draw brings a tile nobody knows). A seat that sheds its heaviest tile and plays
    a light one where a heavier would have gone most likely holds no such heavier
    tile: every unseen tile more than ``slack`` pips heavier than the one it chose that
    would have matched the same ends (doubles aside: they are kept for other reasons).
    ``spare(seat, move, ends)`` gives the numbers a play could have matched, or None
    when the play is not a choice of what to shed."""
    n = obs["seats"]
    me = obs["seat"]
    since: list[list] = [[] for _ in range(n)]
    for seat, move, ends, _sizes in steps(match, obs, open_ends):
        if move.kind == DRAW:
            since[seat] = []
        elif move.kind == PLAY and seat != me and ends and move.tile.hi != move.tile.lo:
            can = spare(seat, move, ends)
            if can:
                since[seat].append((can, move.tile.hi + move.tile.lo + slack))
    out = []
    for s in range(n):
        bad = set()
        for x in unseen if since[s] else ():
            if x.hi == x.lo:
                continue
            p = x.hi + x.lo
            if any(p > lim and (x.hi in can or x.lo in can) for can, lim in since[s]):
                bad.add(x)
        out.append(frozenset(bad))
    return out


def decisions(match, obs: dict, keep: int) -> dict:
    """Per other seat, its last ``keep`` plays since its last draw, latest first, each
    as ``(state, move, extra)``: a copy of the game just before the play, the play, and
    the tiles that seat has played from then on (this one included). Between draws a
    hand only shrinks, so the hand it held then is its hand now plus ``extra``. The
    copies are walked back from the game like ``steps``; only their layout is read (the
    seat's hand in them is replaced before any use)."""
    me = obs["seat"]
    out: dict[int, list] = {}
    done = {me}
    played: dict[int, list] = {}
    sim = match.clone(keep_history=True)
    while sim.history and len(done) < obs["seats"]:
        move, seat, _token = sim.history[-1]
        if move.kind == NEXT or move.kind == JOIN:
            break
        sim.undo()
        if seat in done:
            continue
        if move.kind == DRAW:
            done.add(seat)
        elif move.kind == PLAY:
            p = played.setdefault(seat, [])
            p.append(move.tile)
            recs = out.setdefault(seat, [])
            recs.append((sim.clone(keep_history=False), move, tuple(p)))
            if len(recs) >= keep:
                done.add(seat)
    return out


def normal_check(match, obs: dict, pol, keep: int):
    """``ok(seat, hand) -> bool``: would Normal, holding ``hand`` now, have made each of
    that seat's last ``keep`` plays since its last draw (``decisions``)? A hand Normal
    would have played differently from is unlikely for a player who plays like it
    (Hard's worlds deal such a seat again: ai/world.py). Ties count as agreeing. None
    when no seat has such a play."""
    recs = decisions(match, obs, keep)
    if not recs:
        return None
    rng = random.Random(0)  # Normal's tie-break only; ties are accepted anyway
    # A policy may give a quick form of the question (``agreement``), else Normal's
    # ranking is asked through the engine's move list.
    def _slow(st, seat: int, move, o):
        def agrees(h: list) -> bool:
            st.hands[seat] = h
            st._legal = None
            legal = sorted(st.legal_moves(), key=move_key)
            if move not in legal:
                return False
            f = forced([m for m in legal if m.kind != JOIN])
            if f is not None:
                return f == move
            o["hand"] = h
            ranked = pol.normal(st, o, legal, rng)
            return next(x.value for x in ranked if x.move == move) >= ranked[0].value - 1e-4

        return agrees

    views = {}
    for seat, rs in recs.items():
        vs = []
        for st, move, extra in rs:
            quick = pol.agreement(st, seat, move)
            if quick is not None:
                vs.append((quick, list(extra)))
                continue
            o = st.observation(seat)
            o["hand"] = None  # set per hand below
            vs.append((_slow(st, seat, move, o), list(extra)))
        views[seat] = vs

    seen: dict = {}  # (seat, hand) -> verdict: late in a round hands repeat

    def ok(seat: int, hand: list) -> bool:
        key = (seat, frozenset(hand))
        got = seen.get(key)
        if got is None:
            got = seen[key] = all(agrees(list(hand) + extra)
                                  for agrees, extra in views.get(seat, ()))
        return got

    return ok

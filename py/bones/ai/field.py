"""The outside field: opponents of other styles than ours, for the arena only.

Every figure of our levels against each other hides a weakness they share, so the arena
also seats players written from the strategies common in public domino bots (written
from their descriptions, not from anyone's code). They are development-only: never
offered in the page, not in ``levels.LEVELS``, and kept out of the shipped bundle.
Like our levels, each sees only ``game.observation(seat)`` and ``game.legal_moves()``.

- ``field-weighted`` (every game): each play scored by its pips, the tiles left that
  follow the end it shows, a bonus for a double, plus a little seeded noise.
- ``field-chain`` (Mexican Train): the heaviest line the hand can lay on its own train;
  close its own train when its marker is up, else dump the heaviest spare tile on
  another train, else lay the line.
- ``field-greedy`` (every game): the heaviest tile that fits.
- ``field-points`` (All Fives): the biggest score now; with none, leave an end whose
  number has been seen most (the next player is least likely to hold it).
- ``field-blocker`` (All Fives): leave the fewest unseen tiles that fit the ends.
"""

from __future__ import annotations

import random

from ..games import game as game_type
from ..mexican import MEXICAN
from ..moves import DRAW, JOIN, PASS, PLAY, Move
from ..tiles import full_set
from .policy import forced, move_key, rng_for

# The weighted-score player's weights (a pip is 1).
W_FOLLOW = 2.0  # each tile left that matches the end the play shows
W_DOUBLE = 6.0  # doubles are hard to place later: get them down
W_NOISE = 3.0  # uniform noise in [0, W_NOISE): no two games alike


def _plays(legal: list) -> list:
    return [m for m in legal if m.kind == PLAY]


def _no_play(legal: list) -> Move:
    """Draw if allowed, else pass (the engine offers one or the other)."""
    for k in (DRAW, PASS):
        for m in legal:
            if m.kind == k:
                return m
    return legal[0]


def _pips(t) -> int:
    return t.hi + t.lo


def _rest(hand: list, t) -> list:
    out = list(hand)
    out.remove(t)
    return out


def _end_after(match, obs: dict, m: Move) -> int:
    """The number the play shows on its line afterwards (train games)."""
    t = m.tile
    if game_type(match.game).seat_trains:  # M2: an end per seat's train
        return t.other(obs["ends"][m.target])
    ends = {ln["line"]: ln["end"] for ln in obs["lines"] if ln["open"]}
    return t.other(ends[m.target]) if m.target in ends else t.hi


def _af_after(obs: dict, m: Move) -> tuple[int, list]:
    """All Fives: (points the play scores now, the open ends' numbers after it)."""
    from .allfives import _ends_after, _score

    count, opens = _ends_after(obs["layout"], m.tile, m.target)
    return _score(count), [e for e, _c in opens.values()]


def _seen(obs: dict) -> list:
    """Tiles this seat has seen: its hand and the table (All Fives)."""
    from .allfives import table_tiles

    return list(obs["hand"]) + table_tiles(obs)


def weighted(match, obs: dict, legal: list, rng: random.Random) -> Move:
    plays = _plays(legal)
    if not plays:
        return _no_play(legal)
    hand = obs["hand"]

    def value(m: Move) -> float:
        t = m.tile
        rest = _rest(hand, t)
        if game_type(match.game).counts_ends:  # A4: a play scores the open ends
            pts, ends = _af_after(obs, m)
            follow = sum(1 for x in rest if x.hi in ends or x.lo in ends)
            v = pts * 2.0
        else:
            e = _end_after(match, obs, m)
            follow = sum(1 for x in rest if e in (x.hi, x.lo))
            v = 0.0
        v += _pips(t) + W_FOLLOW * follow + (W_DOUBLE if t.hi == t.lo else 0.0)
        return v + rng.random() * W_NOISE

    return max(plays, key=value)


def greedy(match, obs: dict, legal: list, rng: random.Random) -> Move:
    plays = _plays(legal)
    if not plays:
        return _no_play(legal)
    return max(plays, key=lambda m: _pips(m.tile) + rng.random() * 1e-3)


def heaviest_chain(hand: list, end: int, cap: int = 3000) -> list:
    """The heaviest (then longest) line of tiles from ``hand`` starting on ``end``:
    depth-first, the best found within ``cap`` nodes."""
    best: list = []
    best_key = (0, 0)
    used = [False] * len(hand)
    path: list = []
    nodes = 0

    def dfs(e: int, pips: int) -> None:
        nonlocal best, best_key, nodes
        nodes += 1
        if (pips, len(path)) > best_key:
            best_key, best = (pips, len(path)), list(path)
        if nodes > cap:
            return
        for i, t in enumerate(hand):
            if not used[i] and e in (t.hi, t.lo):
                used[i] = True
                path.append(t)
                dfs(t.other(e), pips + _pips(t))
                path.pop()
                used[i] = False

    dfs(end, 0)
    return best


def chain(match, obs: dict, legal: list, rng: random.Random) -> Move:
    plays = _plays(legal)
    if not plays:
        return _no_play(legal)
    seat = obs["seat"]
    hand = list(obs["hand"])
    line = heaviest_chain(hand, obs["ends"][seat])
    own = [m for m in plays if m.target == seat]
    if line:
        lay = next((m for m in own if m.tile == line[0]), None)
        if lay is not None and obs["markers"][seat]:
            return lay  # close its own train
    in_line = set(line)
    spare = [m for m in plays if m.target != seat and m.tile not in in_line]
    if spare:
        return max(spare, key=lambda m: (_pips(m.tile), m.target == MEXICAN))
    if line:
        lay = next((m for m in own if m.tile == line[0]), None)
        if lay is not None:
            return lay
    return max(plays, key=lambda m: (_pips(m.tile), m.target == seat))


def points(match, obs: dict, legal: list, rng: random.Random) -> Move:
    plays = _plays(legal)
    if not plays:
        return _no_play(legal)
    seen = _seen(obs)
    times = [0] * 7
    for t in seen:
        times[t.hi] += 1
        if t.lo != t.hi:
            times[t.lo] += 1

    def value(m: Move) -> tuple:
        pts, ends = _af_after(obs, m)
        exposed = max((times[e] for e in ends), default=0)
        return (pts, exposed, _pips(m.tile))

    return max(plays, key=value)


def blocker(match, obs: dict, legal: list, rng: random.Random) -> Move:
    plays = _plays(legal)
    if not plays:
        return _no_play(legal)
    seen = set(_seen(obs))
    unseen = [t for t in full_set(6) if t not in seen]

    def value(m: Move) -> tuple:
        pts, ends = _af_after(obs, m)
        fits = sum(1 for u in unseen if u.hi in ends or u.lo in ends)
        return (-fits, pts, _pips(m.tile))

    return max(plays, key=value)


# level name -> (player, the games it plays)
STYLES = {
    "field-weighted": (weighted, ("mexican-train", "chicken-foot", "all-fives")),
    "field-chain": (chain, ("mexican-train",)),
    "field-greedy": (greedy, ("mexican-train", "chicken-foot", "all-fives")),
    "field-points": (points, ("all-fives",)),
    "field-blocker": (blocker, ("all-fives",)),
}


def choose(match, seat: int, style: str, *, seed=0, rng: random.Random | None = None) -> Move:
    """The move the field player ``style`` makes for ``seat`` (whose turn it is)."""
    player, games = STYLES[style]
    if match.game not in games:
        raise ValueError(f"{style} does not play {match.game}")
    legal = sorted(match.legal_moves(), key=move_key)
    f = forced([m for m in legal if m.kind != JOIN])
    if f is not None:
        return f
    obs = match.observation(seat)
    return player(match, obs, legal, rng_for(obs, seat, seed, rng))

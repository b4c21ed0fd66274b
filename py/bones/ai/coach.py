"""The coach of the replay: at a move a player made, what Normal and Hard would have
played and why (the Hint's own words: ``levels.hint``), and what the player's choice cost
by the computer's estimate, marked only when it is clearly worse.

Like every computer player, the coach thinks only on what the player's seat saw
(``Match.seen_by``), never on the hands the replay shows face up. Hard thinks with a
fixed number of worlds and every draw is seeded from the seed and the position, so a
replay gives the same advice every time it is opened.

The cost: the round is played out from the position, after the player's move and after
each computer's choice, in ``worlds`` deals of the hidden tiles that agree with what the
seat saw (the same deals and the same play for every choice), by the fast play Hard
thinks with. A choice's value in each deal is the player's points against the table:
his score for the round less the average of his opponents', with the sign turned so
more is better (in the train games, fewer pips left is better). The cost is how much
better the computers' better choice did on average, paired deal by deal. It is marked
when it is at least MARK points and at least Z standard errors above nothing.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from ..moves import JOIN, Move
from .levels import Hint, hint, policy_for
from .policy import forced, move_key
from .search import final_scores

WORLDS = 48  # deals the cost is played out in
HARD_WORLDS = 32  # Hard's worlds per move in the replay (the arena plays 100 to 300)
MARK = 4.0  # points: a choice costing less is never marked
Z = 2.0  # standard errors the cost must clear


class Advice(NamedTuple):
    """The coach at one move. ``forced``: the player had no choice worth a word (only
    one move, or one every level makes: next round, call, knock), and nothing else is
    filled in. ``cost``: points the player's choice cost against the computers' better
    choice by the estimate (0 when the player chose it; negative: it did better);
    ``error`` its standard error; ``marked``: clearly worse."""

    seat: int
    played: str
    forced: bool
    normal: Hint | None = None
    hard: Hint | None = None
    cost: float = 0.0
    error: float = 0.0
    marked: bool = False
    worlds: int = 0

    def to_json(self) -> dict:
        def h(x: Hint | None):
            return None if x is None else {"move": x.notation, "reason": x.reason}

        return {"seat": self.seat, "played": self.played, "forced": self.forced,
                "normal": h(self.normal), "hard": h(self.hard),
                "cost": round(self.cost, 1), "error": round(self.error, 1),
                "marked": self.marked, "worlds": self.worlds}


def net(scores: list, seat: int, sides: list, lower_wins: bool) -> float:
    """The seat's points against the table: its score less its opponents' average (the
    seats on another side), more being better."""
    foes = [x for s, x in enumerate(scores) if sides[s] != sides[seat] and x is not None]
    v = scores[seat] - (sum(foes) / len(foes) if foes else 0.0)
    return -v if lower_wins else v


def review(before, move: Move | str, *, seed=0, worlds: int = WORLDS,
           hard_worlds: int = HARD_WORLDS) -> Advice:
    """The coach at ``before`` (the match as it stood, the seat to move being the
    player's) for the player's ``move``. Changes nothing."""
    seat = before.turn
    if seat is None:
        raise ValueError("the coach reviews a move made in a round, by a seat")
    if isinstance(move, str):
        move = before.parse(move)
    if move not in before.legal_moves():
        raise ValueError(f"{before.notation(move)} was not a legal move there")
    played = before.notation(move)
    legal = sorted(before.legal_moves(), key=move_key)
    if forced([m for m in legal if m.kind != JOIN]) is not None:
        return Advice(seat, played, True)
    normal = hint(before, seat, "normal", seed=seed)
    hard = hint(before, seat, "hard", seed=seed, worlds=hard_worlds)
    choices = list(dict.fromkeys([hard.move, normal.move]))
    cost, error, n = _cost(before, seat, move, choices, seed, worlds)
    marked = n > 1 and cost >= MARK and cost >= Z * error
    return Advice(seat, played, False, normal, hard, cost, error, marked, n)


def _cost(before, seat: int, move: Move, choices: list, seed, worlds: int
          ) -> tuple[float, float, int]:
    """The computers' better choice's mean gain over ``move``, its standard error, and
    the deals it was measured in."""
    if move in choices:
        return 0.0, 0.0, 0
    view = before.seen_by(seat)
    obs = view.observation(seat)
    pol = policy_for(view)
    sample = pol.worlds(view, seat, obs)
    rng = random.Random(f"coach/{seed}/{seat}/{obs['round']}/{len(obs['log'])}")
    sides = list(getattr(before, "sides", range(before.seats)))
    cands = [move, *choices]
    values: list[list[float]] = [[] for _ in cands]
    for _ in range(worlds):
        w = sample(rng)
        sd = rng.getrandbits(32)
        got = [final_scores(w, m, sd, pol) for m in cands]
        if any(g is None for g in got):
            continue
        for v, g in zip(values, got, strict=True):
            v.append(net(g, seat, sides, before.lower_wins))
    n = len(values[0])
    if not n:
        return 0.0, 0.0, 0
    best = max(range(1, len(cands)), key=lambda i: (sum(values[i]), -i))
    d = [b - a for a, b in zip(values[0], values[best], strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n), n


class Coach:
    """The coach over a replay (bones.playback.Replay): ``advice(i)`` for move ``i``,
    worked out once and kept. ``seed``: the replay's own (e.g. the record's id)."""

    def __init__(self, replay, *, seed=0, worlds: int = WORLDS,
                 hard_worlds: int = HARD_WORLDS):
        self.replay = replay
        self.seed = seed
        self.worlds = worlds
        self.hard_worlds = hard_worlds
        self._memo: dict[int, Advice] = {}

    def advice(self, i: int) -> Advice:
        """The coach at move ``i`` (made by a seat in a round)."""
        if i not in self._memo:
            seat, text = self.replay.move(i)
            if seat is None:
                raise ValueError(f"move {i + 1} was made between rounds: nothing to coach")
            before = self.replay.at(i).clone()
            self._memo[i] = review(before, text, seed=self.seed, worlds=self.worlds,
                                   hard_worlds=self.hard_worlds)
        return self._memo[i]

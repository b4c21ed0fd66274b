"""Determinization: worlds that agree with everything a seat has seen.

From the observation alone: the unseen tiles are the full set minus the seat's
hand minus every tile on the table, listed in sorted (canonical) order; a seeded
generator deals them into the other hands (by their public sizes) and the
boneyard, never giving a seat a tile with a number it is publicly known to lack
(``lacks``: it drew or passed on those ends since its last draw). The world is a
clone of the game whose every hidden field (other hands, boneyard) is then
overwritten with the sample, so the real hidden tiles are never read.

A policy may read more (ai/reading.py): each tile a seat holds on its own (``reads``),
single tiles its plays say it does not hold (``shun``), and whether Normal, dealt the
sampled hand, would have made that seat's recent plays (``Hard.model_tries``): a seat
dealt a hand it would not have played so from is dealt again.
"""

from __future__ import annotations

import random

from ..tiles import full_set
from .reading import normal_check


def unseen_tiles(match, obs: dict, pol) -> list:
    seen = set(obs["hand"])
    seen.update(pol.table_tiles(obs))
    return sorted(t for t in full_set(pol.set_high(match)) if t not in seen)


def deal_hidden(unseen: list, sizes: list, seat: int, lacks, rng: random.Random,
                tries: int = 30, shun=None, slots=None, check=None,
                check_tries: int = 0) -> tuple[dict, list]:
    """Hands for every other seat and the boneyard (in drawing order, drawn from the
    end). Constrained seats are dealt first; after ``tries`` failures the constraints
    are dropped (they can then no longer all hold, which only happens in rare spots).
    ``lacks`` (per seat) names numbers none of a seat's tiles holds. ``slots`` (per
    seat: ai/reading.py) reads each tile of a seat's hand on its own, the numbers that
    tile lacks, and takes the place of ``lacks``. ``shun`` (per seat) names single
    tiles a seat most likely does not hold. All are optional. The unseen tiles are
    shuffled (``_Order``) and each tile place of a seat, most constrained first, takes
    the first tile of that order it may hold."""
    n = len(sizes)
    others = [s for s in range(n) if s != seat]
    shun = list(shun) if shun else [frozenset()] * n
    if slots is None:
        lacks = list(lacks) if lacks else [frozenset()] * n
        slots = [[lacks[s]] * sizes[s] for s in range(n)]
        weight = {s: len(lacks[s]) + len(shun[s]) for s in others}
    else:
        weight = {s: sum(len(f) for f in slots[s]) + len(shun[s]) for s in others}
    order = sorted(others, key=lambda s: (-weight[s], s))
    for attempt in range(tries + 1):
        pool = _Order(unseen, rng)
        hands: dict[int, list] = {}
        ok = True
        for s in order:
            free = attempt == tries or not weight[s]
            got = pool.deal(sizes[s], slots[s], shun[s], free)
            if got is None:
                ok = False
                break
            # A seat whose recent plays Normal would not have made with this hand is
            # dealt again (within the same constraints, from the tiles left shuffled
            # afresh), ``check_tries`` times at most.
            if check is not None and attempt < tries:
                for _ in range(check_tries):
                    if check(s, got):
                        break
                    pool.shuffle_back(got)
                    again = pool.deal(sizes[s], slots[s], shun[s], free)
                    if again is None:  # rare: keep the hand dealt before
                        pool.take_out(got)
                        break
                    got = again
            hands[s] = got
        if ok:
            return hands, pool.rest()
    raise AssertionError("unreachable: the last try has no constraints")


class _Order:
    """The tiles not yet dealt, in a random order that is drawn only as far as the deal
    reads it: ``seen`` is the order's start, tiles passed over (in order), ``hidden``
    the rest, each as likely as any other to come next. That spares a full shuffle of
    every tile for each deal and each hand dealt again."""

    __slots__ = ("seen", "hidden", "rng")

    def __init__(self, tiles: list, rng: random.Random) -> None:
        self.seen: list = []
        self.hidden = list(tiles)
        self.rng = rng

    def _next(self):
        """Draw the next tile of the order onto the end of ``seen``; None at the end."""
        hid = self.hidden
        if not hid:
            return None
        i = self.rng.randrange(len(hid))
        hid[i], hid[-1] = hid[-1], hid[i]
        t = hid.pop()
        self.seen.append(t)
        return t

    def deal(self, need: int, slots_s: list, avoid, free: bool) -> list | None:
        """One seat's hand: the first ``need`` tiles of the order when ``free``, else for
        each slot the first tile of the order it may hold. None when a slot finds none
        (what it took then goes back, shuffled)."""
        seen = self.seen
        got: list = []
        if free:
            while len(seen) < need and self._next() is not None:
                pass
            got = seen[:need]
            del seen[:need]
            return got if len(got) == need else None
        for f in slots_s:
            for j, t in enumerate(seen):
                if t.hi not in f and t.lo not in f and t not in avoid:
                    got.append(seen.pop(j))
                    break
            else:
                while True:
                    t = self._next()
                    if t is None:
                        self.shuffle_back(got)
                        return None
                    if t.hi not in f and t.lo not in f and t not in avoid:
                        got.append(seen.pop())
                        break
        return got

    def shuffle_back(self, tiles: list) -> None:
        """Put ``tiles`` back and shuffle every tile not dealt afresh."""
        self.hidden += self.seen
        self.hidden += tiles
        self.seen = []

    def take_out(self, tiles: list) -> None:
        gone = set(tiles)
        self.hidden = [t for t in self.seen + self.hidden if t not in gone]
        self.seen = []

    def rest(self) -> list:
        """The tiles left, in the order's order (the boneyard)."""
        self.rng.shuffle(self.hidden)
        return self.seen + self.hidden


def world_sampler(match, seat: int, obs: dict, pol):
    """``sample(rng) -> world``: what the observation tells is worked out once, each
    call deals one world."""
    unseen = unseen_tiles(match, obs, pol)
    sizes = list(obs["hand_sizes"])
    hidden = sum(n for s, n in enumerate(sizes) if s != seat) + obs["boneyard"]
    if hidden != len(unseen):
        raise ValueError(f"the observation does not add up: {len(unseen)} unseen tiles "
                         f"for {hidden} hidden places")
    # A policy may know more than the engine's ``lacks`` (All Fives: what draws tell),
    # and may read single tiles a seat's plays say it does not hold (``shun``).
    known = pol.lacks(match, obs)
    shun = pol.shun(match, obs, unseen)
    slots = pol.reads(match, obs)
    # A policy may read the others' recent plays as Normal's (``model_tries``: how many
    # times a seat is dealt again when Normal would have played otherwise with its hand).
    ctries = pol.hard.model_tries
    check = normal_check(match, obs, pol, pol.hard.model_keep) if ctries else None

    def sample(rng: random.Random):
        hands, boneyard = deal_hidden(unseen, sizes, seat, known, rng, shun=shun, slots=slots,
                                      check=check, check_tries=ctries)
        world = match.clone(keep_history=False)
        install(world, seat, obs, hands, boneyard)
        return world

    return sample


def install(world, seat: int, obs: dict, hands: dict, boneyard: list) -> None:
    """Fill every hidden place of ``world`` (a copy of the match as ``seat`` sees it,
    ``Match.seen_by``) with a sampled deal: the hands and the boneyard are all a seat
    cannot see, in every game."""
    for s in range(world.seats):
        world.hands[s] = list(obs["hand"]) if s == seat else list(hands[s])
    world.boneyard = list(boneyard)
    world._legal = None


def pips_outcome(world, seat: int, evaluate, win_bonus: float) -> float:
    """A train game's play-out, for ``seat`` (higher is better): minus the pips it is
    left holding, plus ``win_bonus`` for the lowest score at the table (shared on a
    tie); an unfinished (truncated) play-out is scored by ``evaluate``."""
    if not world.round_over:
        return evaluate(world, seat)
    return row_value(world.round_scores[-1], seat, win_bonus)


def row_value(row: list, seat: int, win_bonus: float) -> float:
    """A finished round's scores, for ``seat``: minus its score, plus ``win_bonus`` for
    the lowest (shared on a tie)."""
    me = row[seat]
    low = min(row)
    v = -float(me)
    if me == low:
        v += win_bonus / row.count(low)
    return v

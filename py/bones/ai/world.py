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
sampled hand, would have made that seat's recent plays (``MODEL_TRIES``): a seat
dealt a hand it would not have played so from is dealt again.
"""

from __future__ import annotations

import random

from ..tiles import full_set


def unseen_tiles(game, obs: dict, pol) -> list:
    seen = set(obs["hand"])
    seen.update(pol.table_tiles(obs))
    return sorted(t for t in full_set(pol.set_high(game)) if t not in seen)


def deal_hidden(unseen: list, sizes: list, seat: int, lacks, rng: random.Random,
                tries: int = 30, shun=None, slots=None, check=None,
                check_tries: int = 0) -> tuple[dict, list]:
    """Hands for every other seat and the boneyard (in drawing order, drawn from the
    end). Constrained seats are dealt first; after ``tries`` failures the constraints
    are dropped (they can then no longer all hold, which only happens in rare spots).
    ``lacks`` (per seat) names numbers none of a seat's tiles holds. ``slots`` (per
    seat: ai/reading.py) reads each tile of a seat's hand on its own, the numbers that
    tile lacks, and takes the place of ``lacks``. ``shun`` (per seat) names single
    tiles a seat most likely does not hold. All are optional. Each tile place of a
    seat, most constrained first, takes the first tile of the shuffled pool it may
    hold."""
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
        pool = list(unseen)
        rng.shuffle(pool)
        hands: dict[int, list] = {}
        ok = True
        for s in order:
            free = attempt == tries or not weight[s]
            got = _deal_seat(pool, sizes[s], slots[s], shun[s], free)
            if got is None:
                ok = False
                break
            # A seat whose recent plays Normal would not have made with this hand is
            # dealt again (within the same constraints), ``check_tries`` times at most.
            if check is not None and attempt < tries:
                for _ in range(check_tries):
                    if check(s, got):
                        break
                    trial = pool + got
                    rng.shuffle(trial)
                    again = _deal_seat(trial, sizes[s], slots[s], shun[s], free)
                    if again is None:
                        break
                    got, pool = again, trial
            hands[s] = got
        if ok:
            return hands, pool
    raise AssertionError("unreachable: the last try has no constraints")


def _deal_seat(pool: list, need: int, slots_s: list, avoid, free: bool) -> list | None:
    """Take one seat's hand out of ``pool`` (in place): the first ``need`` tiles when
    ``free``, else for each slot the first tile it may hold; None (the pool partly
    used) when a slot finds none."""
    if free or not need:
        got = pool[:need]
        del pool[:need]
        return got
    got: list = []
    for f in slots_s:
        for i, t in enumerate(pool):
            if t.hi not in f and t.lo not in f and t not in avoid:
                got.append(pool.pop(i))
                break
        else:
            return None
    return got


def world_sampler(game, seat: int, obs: dict, pol):
    """``sample(rng) -> world``: what the observation tells is worked out once, each
    call deals one world."""
    unseen = unseen_tiles(game, obs, pol)
    sizes = list(obs["hand_sizes"])
    hidden = sum(n for s, n in enumerate(sizes) if s != seat) + obs["boneyard"]
    if hidden != len(unseen):
        raise ValueError(f"the observation does not add up: {len(unseen)} unseen tiles "
                         f"for {hidden} hidden places")
    # A policy may know more than the engine's ``lacks`` (All Fives: what draws tell),
    # and may read single tiles a seat's plays say it does not hold (``shun``).
    known = pol.lacks(game, obs) if hasattr(pol, "lacks") else obs.get("lacks")
    shun = pol.shun(game, obs, unseen) if hasattr(pol, "shun") else None
    slots = pol.reads(game, obs) if getattr(pol, "READ_HANDS", False) else None
    # A policy may read the others' recent plays as Normal's (``MODEL_TRIES``: how many
    # times a seat is dealt again when Normal would have played otherwise with its hand).
    ctries = getattr(pol, "MODEL_TRIES", 0)
    check = None
    if ctries:
        from .reading import normal_check

        check = normal_check(game, obs, pol, pol.MODEL_KEEP)

    def sample(rng: random.Random):
        hands, boneyard = deal_hidden(unseen, sizes, seat, known, rng, shun=shun, slots=slots,
                                      check=check, check_tries=ctries)
        world = game.clone(keep_history=False)
        install(world, seat, obs, hands, boneyard)
        return world

    return sample


def sample_world(game, seat: int, obs: dict, pol, rng: random.Random):
    return world_sampler(game, seat, obs, pol)(rng)


def install(world, seat: int, obs: dict, hands: dict, boneyard: list) -> None:
    """Overwrite every hidden field of a cloned game with a sampled world (the hands
    and the boneyard are all a seat cannot see, in every game)."""
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
    row = world.round_scores[-1]
    me = row[seat]
    low = min(row)
    v = -float(me)
    if me == low:
        v += win_bonus / row.count(low)
    return v

"""The arena with a Hard that is told what it may not see (a development tool: what
the hidden tiles are worth to the search, so what any reading of them could give a Hard
of this kind).

    python research/oracle_arena.py --knows hands -- --game mexican-train --preset gs-mt \\
        --seats hard,normal,normal,normal --rounds 1000 --seed 6 --duplicate --workers 1

``--knows hands``: Hard's worlds hold the real hands; only the boneyard's order is
dealt afresh. ``--knows pool``: Hard knows which tiles
are in the others' hands, all together, but not who holds which (each world deals that
pool among them at random; the boneyard's tiles are then known too). ``--knows
pool-read``: the same pool, dealt with Hard's reading of each seat. ``--knows
share:P``: Hard's own worlds, with each tile of the others' hands told to it with the
chance P. ``--knows none``: Hard as it stands, for a check. What follows ``--`` goes
to ``python -m bones arena``; keep ``--workers 1`` (the oracle player is not sent to worker
processes). Never the product: the page's and the arena's Hard see
only ``observation(seat)``. Standard library only; run from the repository's root.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from bones.ai import arena, world  # noqa: E402
from bones.ai.reading import normal_check  # noqa: E402
from bones.ai.world import world_sampler  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_regret import real_sampler  # noqa: E402
from variants import dealing  # noqa: E402


def pool_sampler(game, seat: int, obs: dict, pol):
    """Worlds where the others' hands are the real pool of their tiles dealt afresh
    (hand sizes kept) and the boneyard holds its real tiles in a fresh order."""
    real = real_sampler(game, seat, obs, pol)

    def sample(rng: random.Random):
        others = [s for s in range(game.seats) if s != seat]
        pool = [t for s in others for t in game.hands[s]]
        rng.shuffle(pool)
        w = real(rng)  # after the pool's shuffle, as the runs in docs/ai-decisions.md were dealt
        for s in others:
            n = len(w.hands[s])
            w.hands[s], pool = pool[:n], pool[n:]
        return w

    return sample


def pool_read_sampler(game, seat: int, obs: dict, pol):
    """As ``pool``, but the pool is dealt as Hard deals its worlds: with its reading of
    each seat (draws, passes, ``shun`` and the plays read as Normal's)."""
    unseen = world.unseen_tiles(game, obs, pol)
    others = [s for s in range(game.seats) if s != seat]
    pool = sorted(t for s in others for t in game.hands[s])
    sizes = list(obs["hand_sizes"])
    known = pol.lacks(game, obs)
    shun = pol.shun(game, obs, unseen)
    slots = pol.reads(game, obs)
    tries = pol.hard.model_tries
    check = normal_check(game, obs, pol, pol.hard.model_keep) if tries else None
    real = real_sampler(game, seat, obs, pol)

    def sample(rng: random.Random):
        hands, rest = world.deal_hidden(pool, sizes, seat, known, rng, shun=shun,
                                        slots=slots, check=check, check_tries=tries)
        assert not rest
        w = real(rng)
        for s in others:
            w.hands[s] = list(hands[s])
        return w

    return sample


def partial_sampler(share: float):
    """Hard's own worlds, but each tile of the others' real hands is told to it with the
    chance ``share`` (drawn once a decision) and put with its holder in every world: a
    reading that knows that share of the hands for certain."""
    def sampler(game, seat: int, obs: dict, pol):
        plain = world_sampler(game, seat, obs, pol)
        pick = random.Random(len(game.history) * 7919 + seat)
        told = {s: {t for t in game.hands[s] if pick.random() < share}
                for s in range(game.seats) if s != seat}

        def sample(rng: random.Random):
            w = plain(rng)
            for s, known in told.items():
                place_told(w, s, known)
            w._legal = None
            return w

        return sample

    return sampler


def place_told(w, who: int, known: set) -> None:
    """Put the tiles ``known`` into ``who``'s hand in world ``w``, each swapped with a tile
    of that hand that is not known (another seat's tiles that are known stay put where
    they were placed before: they are never the ones swapped out of their holder)."""
    spare = [t for t in w.hands[who] if t not in known]
    missing = known - set(w.hands[who])
    for s in range(w.seats):
        if s != who and missing & set(w.hands[s]):
            w.hands[s] = [spare.pop() if t in missing else t for t in w.hands[s]]
    if missing & set(w.boneyard):
        w.boneyard = [spare.pop() if t in missing else t for t in w.boneyard]
    keep = [t for t in w.hands[who] if t in known]
    w.hands[who] = keep + sorted(missing) + spare


SAMPLERS = {"hands": real_sampler, "pool": pool_sampler, "pool-read": pool_read_sampler,
            "none": None}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv:
        raise SystemExit(__doc__)
    i = argv.index("--")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--knows", required=True,
                    help=f"one of {', '.join(sorted(SAMPLERS))}, or share:P (0 < P <= 1)")
    a = ap.parse_args(argv[:i])
    if a.knows.startswith("share:"):
        try:
            share = float(a.knows[6:])
        except ValueError:
            share = -1.0
        if not 0 < share <= 1:
            raise SystemExit(f"--knows {a.knows!r}: P must be a number above 0, at most 1")
        sampler = partial_sampler(share)
    elif a.knows not in SAMPLERS:
        raise SystemExit(f"--knows {a.knows!r}: not one of {sorted(SAMPLERS)} or share:P")
    else:
        sampler = SAMPLERS[a.knows]
    print(f"oracle arena: Hard knows {a.knows}", file=sys.stderr)
    return arena.main(argv[i + 1:], player=dealing(sampler) if sampler else None)


if __name__ == "__main__":
    sys.exit(main())

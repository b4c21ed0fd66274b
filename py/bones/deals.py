"""Dealing helpers every game shares: a round's deck and how it is dealt out, stacked
deals and the draw for first player."""

from __future__ import annotations

import random
from typing import NamedTuple

from .tiles import Tile, full_set, parse_tile, tile


def as_tile(x) -> Tile:
    """A tile from a Tile, a pair of numbers or its text ("12-5")."""
    if isinstance(x, Tile):
        return x
    if isinstance(x, (list, tuple)) and len(x) == 2:
        return tile(int(x[0]), int(x[1]))
    return parse_tile(str(x))


def check_seat(x, seats: int) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < seats:
        raise ValueError(f"deal: no seat {x!r}")
    return x


def with_item(t: tuple, i: int, v) -> tuple:
    """``t`` with item ``i`` replaced (per-seat state is kept in immutable tuples)."""
    return t[:i] + (v,) + t[i + 1:]


def stacked(deal: dict, pool: list[Tile], seats: int, rng: random.Random) -> tuple[list, list]:
    """An explicit deal: hands (any sizes) and optionally the boneyard in drawing order.

    ``pool`` is every tile that can be dealt. Returns the hands and the boneyard,
    stored to be drawn from its end.
    """
    try:
        hands = [[as_tile(x) for x in h] for h in deal["hands"]]
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"deal: 'hands' must list each seat's tiles like '6-4' ({e})") from None
    if len(hands) != seats:
        raise ValueError(f"deal: {len(hands)} hands for {seats} seats")
    held = [t for h in hands for t in h]
    taken = set(held)
    left = [t for t in pool if t not in taken]
    if len(taken) != len(held) or len(left) != len(pool) - len(held):
        raise ValueError("deal: a tile is dealt twice or is not in this set "
                         "(a placed starting double cannot be in a hand)")
    if "boneyard" in deal:
        boneyard = [as_tile(x) for x in deal["boneyard"]]
        if sorted(boneyard) != sorted(left):
            raise ValueError("deal: the boneyard must hold exactly the tiles not dealt")
    else:
        rng.shuffle(left)
        boneyard = left
    return hands, boneyard[::-1]


def draw_for_first_player(seats: int, set_high: int, rng: random.Random
                          ) -> tuple[int, list[list[tuple[int, Tile]]]]:
    """G3: each player draws one bone; the highest pip total plays first, and players
    tied for highest draw again. Returns the first seat and every round of drawing."""
    pool = full_set(set_high)
    rng.shuffle(pool)
    rounds: list[list[tuple[int, Tile]]] = []
    contenders = list(range(seats))
    while len(contenders) > 1 and len(pool) >= len(contenders):
        drawn = [(s, pool.pop()) for s in contenders]
        rounds.append(drawn)
        best = max(t.pips for _s, t in drawn)
        contenders = [s for s, t in drawn if t.pips == best]
    return contenders[0], rounds


class Deck(NamedTuple):
    """What a round shuffles and how it is dealt out, as the rules fix it before any
    shuffle: the tiles in the set's order (less a double placed face up first), the
    seats and their hand size, and the purpose that names the shuffle (``Match.rng``).
    ``last_first``: the boneyard is drawn from the deck's far end (All Fives) rather
    than from the tile after the last hand (the train games)."""

    purpose: str
    tiles: tuple[Tile, ...]
    seats: int
    hand_size: int
    placed: Tile | None = None
    last_first: bool = False


def deal_out(deck: Deck, rng) -> tuple[list[list[Tile]], list[Tile]]:
    """The deck shuffled by ``rng`` and dealt: a block of ``hand_size`` tiles to each seat
    in turn from the deck's start, the rest the boneyard, stored to be drawn from its end
    (``drawing_order`` gives it first tile first)."""
    tiles = list(deck.tiles)
    rng.shuffle(tiles)
    n, size = deck.seats, deck.hand_size
    hands = [tiles[i * size:(i + 1) * size] for i in range(n)]
    boneyard = tiles[n * size:]
    if not deck.last_first:
        boneyard.reverse()
    return hands, boneyard


def drawing_order(boneyard: list) -> list:
    """A boneyard as the engine keeps it (drawn from its end), the next tile first."""
    return boneyard[::-1]

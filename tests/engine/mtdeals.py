"""Stacked Mexican Train deals for rule tests: small hands, chosen draws."""

from __future__ import annotations

import bones
from bones.tiles import full_set, parse_tile, tile


def tiles(text: str) -> list:
    return [parse_tile(x) for x in text.split()]


def mt(hands: list[str], draws: str = "", preset: str = "gs-mt", first: int = 0,
       seed: int = 7, **options) -> bones.MexicanTrain:
    """A match whose first round deals ``hands`` and whose boneyard gives ``draws``
    first (then every other tile in a fixed order); seat ``first`` leads."""
    base = bones.new_game("mexican-train", seats=len(hands), preset=preset,
                          options=options or None, seed=seed)
    o = base.options
    d = o.round_double(1)
    hub = tile(d, d)
    dealt = [tiles(h) for h in hands]
    drawn = tiles(draws)
    used = {t for h in dealt for t in h} | set(drawn)
    rest = [t for t in full_set(o.set_high)
            if t not in used and not (o.start == "placed" and t == hub)]
    deal = {"hands": [[str(t) for t in h] for h in dealt],
            "boneyard": [str(t) for t in drawn + rest], "first": first}
    return bones.new_game("mexican-train", seats=len(hands), preset=preset,
                          options=options or None, seed=seed, deal=deal)


def plays(g) -> set[str]:
    return {g.notation(m) for m in g.legal_moves()}


def tile_plays(g) -> set[str]:
    """The legal tile plays only (no draw, pass, knock or call)."""
    return {g.notation(m) for m in g.legal_moves() if m.kind == "play"}

"""Random games for the tests of the records (fair deals, replay, the kept games): played
by random legal moves, each round sealed with a deal code when asked, late arrivals now
and then, cut short after a number of rounds or moves."""

from __future__ import annotations

import random

import bones
from bones import fair
from bones.moves import JOIN, NEXT

GAMES = sorted({(p.game, name) for name, p in bones.PRESETS.items()})


def secret_of(rng: random.Random) -> str:
    return f"{rng.getrandbits(256):064x}"


def random_seal(rng: random.Random) -> fair.Sealed:
    return fair.seal(secret_of(rng), rng.randrange(fair.CUT_MAX + 1))


def play_random(game: str, preset: str, seats: int, seed: int, *, sealed: bool = True,
                rounds: int = 3, max_moves: int = 400, joins: bool = True,
                options: dict | None = None) -> bones.Match:
    """A match played at random from ``seed``: ``rounds`` rounds at most (the last one
    played to its end when the moves allow), every round sealed when ``sealed``."""
    rng = random.Random(seed)
    seals = [random_seal(rng)] if sealed else None
    g = bones.new_game(game, seats=seats, preset=preset, seed=seed, fair=seals,
                       options=options)
    for _ in range(max_moves):
        moves = g.legal_moves()
        if not moves:
            break
        if g.round_over:
            if g.round_number >= rounds:
                break
            if joins and any(m.kind == JOIN for m in moves) and rng.random() < 0.3:
                g.play("join")
                continue
            if sealed:
                fair.seal_next(g, random_seal(rng))
            g.play(next(m for m in moves if m.kind == NEXT))
            continue
        g.play(rng.choice(moves))
    return g


SHORT = {"mexican-train": {"rounds": 2}, "chicken-foot": {"rounds": 2},
         "all-fives": {"target": 40}}  # matches short enough to play to their end


def finished(game: str, preset: str, seats: int, seed: int, **kw) -> bones.Match:
    """A short match (``SHORT``) played at random to its end."""
    g = play_random(game, preset, seats, seed, rounds=100, max_moves=20_000,
                    options=SHORT[game], **kw)
    assert g.match_over
    return g

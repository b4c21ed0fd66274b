"""What the games' players (ai/policy.py: ``Policy``) share: the tuning each is built
with, Hard's worlds, and the hooks a game answers the plain way unless it knows more
(no outright solution, the engine's ``lacks``, no reading of single tiles, play-outs
through the engine)."""

from __future__ import annotations

import random

from ..moves import Move
from .policy import DEFAULT, Tuning
from .search import engine_playout
from .world import world_sampler


class Player:
    """The base of each game's player class; ``game`` is the game's name, ``key`` its
    block of the ``Tuning`` (``self.tu``), whose ``hard`` is ``self.hard``."""

    game = ""
    key = ""

    def __init__(self, tuning: Tuning = DEFAULT) -> None:
        self.tuning = tuning
        self.tu = tuning.setting(self.key)
        self.hard = self.tu.hard

    def exact(self, match, obs: dict, ranked: list) -> tuple | None:
        return None

    def worlds(self, match, seat: int, obs: dict):
        return world_sampler(match, seat, obs, self)

    def set_high(self, match) -> int:
        return match.options.set_high

    def lacks(self, match, obs: dict):
        return obs.get("lacks")

    def reads(self, match, obs: dict) -> list | None:
        return None

    def shun(self, match, obs: dict, unseen: list) -> list | None:
        return None

    def agreement(self, state, seat: int, move: Move):
        return None

    def playout(self, world, seat: int, move: Move, seed: int) -> float:
        return engine_playout(self, world, seat, move, seed)

    def hint_words(self, match, seat: int, obs: dict, move: Move, rng: random.Random,
                   mean: float) -> str:
        return ""

"""What the research scripts share: a setting of the computer players as text, and a
player whose Hard deals its worlds another way (an oracle). Standard library only."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from bones.ai.levels import POLICIES  # noqa: E402
from bones.ai.policy import DEFAULT, Tuning  # noqa: E402


def variant(text: str, base: Tuning = DEFAULT) -> tuple[str, Tuning]:
    """``NAME[:PATH=VALUE,...]`` (e.g. ``off:mexican.hard.model_tries=0``) as its name
    and the tuning with those settings (``Tuning.with_text``); SystemExit if one is bad."""
    name, _colon, rest = text.partition(":")
    tuning = base
    for item in filter(None, rest.split(",")):
        try:
            tuning = tuning.with_text(item)
        except ValueError as exc:
            raise SystemExit(f"{text!r}: {exc}") from None
    return name, tuning


_DEALT: dict = {}


def dealing(sampler):
    """``player(game, tuning) -> Policy`` (as ``levels.policy_for``, for ``arena.run``
    and ``levels.choose``): the game's player, but its Hard's worlds come from
    ``sampler(game, seat, obs, pol) -> sample(rng)``."""
    def player(game, tuning: Tuning = DEFAULT):
        base = POLICIES[game.game]
        cls = _DEALT.get(base)
        if cls is None:
            cls = _DEALT[base] = type(f"Dealt{base.__name__}", (base,), {
                "worlds": lambda self, g, seat, obs: self.sampler(g, seat, obs, self)})
        pol = cls(tuning)
        pol.sampler = sampler
        return pol

    return player

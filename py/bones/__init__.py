"""bones: the Rally Dominoes engine. Pure Python, standard library only.

    >>> import bones
    >>> g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=1)
    >>> g.play(g.legal_moves()[0]) in g.history[-1]
    True
"""

from __future__ import annotations

from . import allfives, chicken, mexican  # noqa: F401  (each game registers itself)
from .core import GAMES, Match, new_game
from .errors import BadSave, IllegalMove
from .mexican import MEXICAN, MexicanTrain
from .mexican_options import MexicanOptions
from .moves import Move
from .presets import PRESETS, Preset
from .record import dumps, from_json, loads, to_json
from .tiles import Tile, full_set, parse_tile, tile

__all__ = [
    "GAMES", "MEXICAN", "PRESETS", "BadSave", "IllegalMove", "Match", "MexicanOptions",
    "MexicanTrain", "Move", "Preset", "Tile", "dumps", "from_json", "full_set", "loads",
    "new_game", "parse_tile", "tile", "to_json",
]

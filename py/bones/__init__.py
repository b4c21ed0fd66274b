"""bones: the Rally Dominoes engine. Pure Python, standard library only.

    >>> import bones
    >>> g = bones.new_game("mexican-train", seats=4, preset="gs-mt", seed=1)
    >>> g.play(g.legal_moves()[0]) in g.history[-1]
    True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import allfives, chicken, mexican  # noqa: F401  (each game registers itself)
from .core import GAMES, Match
from .errors import BadSave, IllegalMove
from .mexican import MEXICAN, MexicanOptions, MexicanTrain
from .moves import Move
from .presets import PRESETS, Preset
from .record import dumps, from_json, loads, to_json
from .tiles import Tile, full_set, parse_tile, tile

__all__ = [
    "GAMES", "MEXICAN", "PRESETS", "BadSave", "IllegalMove", "Match", "MexicanOptions",
    "MexicanTrain", "Move", "Preset", "Tile", "dumps", "from_json", "full_set", "loads",
    "new_game", "parse_tile", "tile", "to_json",
]


def new_game(game: str, *, seats: int, preset: str | None = None,
             options: Any = None, seed: int | str | None = None,
             deal: dict | list | None = None, _exact: bool = False,
             _rules: int | None = None) -> Match:
    """Start a match of ``game`` by a preset's rules, changed by ``options``.

    ``options`` is an options object or a dict of fields to change; ``seed``
    reproduces every shuffle; ``deal`` stacks the deck (see docs/engine.md).
    """
    cls = GAMES.get(game)
    if cls is None:
        raise ValueError(f"no game called {game!r}: choose one of {', '.join(GAMES)}")
    name = preset or cls.default_preset
    p = PRESETS.get(name)
    if p is None:
        raise ValueError(f"no preset called {name!r}: choose one of "
                         f"{', '.join(n for n, q in PRESETS.items() if q.game == game)}")
    if p.game != game:
        raise ValueError(f"the preset {name!r} is for {p.game}, not {game}")
    opts = p.options
    if isinstance(options, cls.options_type):
        opts = options
    elif isinstance(options, dict):
        opts = _with_options(opts, options)
    elif options is not None:
        raise TypeError(f"options must be a dict or {cls.options_type.__name__}")
    if _rules is None:
        return cls(seats=seats, options=opts, seed=seed, deal=deal, preset=name)
    return cls(seats=seats, options=opts, seed=seed, deal=deal, preset=name, rules=_rules)


def _with_options(base: Any, changes: dict) -> Any:
    fields = {f.name: f for f in dataclasses.fields(base)}
    unknown = sorted(set(changes) - set(fields))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; the options are "
                         f"{', '.join(fields)}")
    fixed = {}
    for k, v in changes.items():
        if isinstance(v, list):
            v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
        fixed[k] = v
    return dataclasses.replace(base, **fixed)

"""Where every tile on the table goes: pure geometry, no drawing (docs/layout.md).

    >>> import bones
    >>> from bones.layout import layout_game
    >>> g = bones.new_game("mexican-train", seats=4, seed=1)
    >>> t = layout_game(g, width=1280, height=800)
    >>> t.arrangement, t.scale, len(t.trains)
    ('rows', 44.0, 5)

The browser's renderer (py/app) turns a ``TableLayout`` into SVG; ``preview`` draws a
plain one for tests and for looking at (``python -m bones.layout --demo out.svg``).
"""

from __future__ import annotations

from ..games import game
from .allfives import layout_allfives
from .chicken import layout_chicken
from .geometry import (
    Box,
    Label,
    Marker,
    Placed,
    TableLayout,
    Target,
    TrainView,
)
from .mexican import ARRANGEMENTS, MAX_SCALE, layout_mexican

__all__ = [
    "ARRANGEMENTS", "MAX_SCALE", "Box", "Label", "Marker", "Placed", "TableLayout", "Target",
    "TrainView", "layout_allfives", "layout_chicken", "layout_game", "layout_mexican",
    "layout_observation",
]


def layout_observation(obs: dict, *, width: float, height: float, names=None,
                       **kw) -> TableLayout:
    """Lay out the table a seat sees (``g.observation(seat)``)."""
    return game(obs["game"]).layout_seen(obs, width=width, height=height, names=names, **kw)


def layout_game(g, *, width: float, height: float, names=None, **kw) -> TableLayout:
    """Lay out the table of a match (any seat's view of it: the table is public)."""
    return game(g.game).layout(g, width=width, height=height, names=names, **kw)

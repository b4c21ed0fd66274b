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
    game = obs["game"]
    if game == "mexican-train":
        return layout_mexican(obs["hub"], [*obs["trains"], obs["mexican"]], obs["markers"],
                              width=width, height=height, names=names,
                              pending=obs["pending"], **kw)
    if game == "chicken-foot":
        return layout_chicken(obs["hub"], obs["lines"], width=width, height=height,
                              pending=obs["pending"], names=names, **kw)
    if game == "all-fives":
        return layout_allfives(obs["layout"], width=width, height=height, names=names,
                               **kw)
    raise ValueError(f"no table layout for {game!r}")


def layout_game(g, *, width: float, height: float, names=None, **kw) -> TableLayout:
    """Lay out the table of a match (any seat's view of it: the table is public)."""
    if g.game == "mexican-train":
        return layout_mexican(g.hub, g.trains, g.markers, width=width, height=height,
                              names=names, pending=g.pending, **kw)
    if g.game == "chicken-foot":
        return layout_chicken(g.hub, g.layout(), width=width, height=height,
                              pending=g.pending, names=names, **kw)
    if g.game == "all-fives":
        return layout_allfives(g.layout(), width=width, height=height, names=names, **kw)
    return layout_observation(g.observation(0), width=width, height=height, names=names,
                              **kw)

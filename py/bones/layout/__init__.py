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

from . import allfives, chicken, lanes, mexican
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
from .tables import Table, register, table_for

__all__ = [
    "ARRANGEMENTS", "MAX_SCALE", "Box", "Label", "Marker", "Placed", "TableLayout", "Target",
    "TrainView", "layout_allfives", "layout_chicken", "layout_game", "layout_mexican",
    "layout_observation",
]

# each game's table, looked up by the game's id (bones.layout.tables)
register("mexican-train", Table(mexican.table_of, mexican.table_seen, lanes.mexican_table))
register("chicken-foot", Table(chicken.table_of, chicken.table_seen, lanes.chicken_table))
register("all-fives", Table(allfives.table_of, allfives.table_seen, lanes.allfives_table))


def layout_observation(obs: dict, *, width: float, height: float, names=None,
                       **kw) -> TableLayout:
    """Lay out the table a seat sees (``g.observation(seat)``)."""
    return table_for(obs["game"]).seen(obs, width=width, height=height, names=names, **kw)


def layout_game(g, *, width: float, height: float, names=None, **kw) -> TableLayout:
    """Lay out the table of a match (any seat's view of it: the table is public)."""
    return table_for(g.game).whole(g, width=width, height=height, names=names, **kw)

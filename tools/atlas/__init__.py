"""The screen atlas: every screen and dialog of the page at six sizes, normal and large
print, reached from saves, each checked where a person first sees it (docs/table.md,
"Reading the atlas").

One list of screens (``SCREENS``) serves both ``python3 build.py atlas`` (the screenshots
and one HTML contact sheet, a row a screen and a column a size) and
tests/browser/test_atlas.py (the checks alone). A screen is reached along a *chain*: the
chain's start is a load of the page with the chain's storage (localStorage put in place
before the page's own scripts run), each screen after it a few presses on from the one
before, or another game handed over as another tab would (a ``storage`` event). One page
serves a whole size.

At every screen (``check``): no sideways scroll; no console error, page error or CSP
violation since the last screen; its heading and primary action in view as it opens (a
dialog's top too); no text that informs cut with "..." (``text-overflow: ellipsis`` that
cuts, or a literal "\u2026" the code put at the end of a shortened name); no word of a
player's name drawn on two lines; a replay's felt and hands differ between the positions
shown.

Standard library at import time; the saves are made with the project's own packages
(py/), Playwright is imported by ``main`` only.
"""

from __future__ import annotations

from .checks import CHECK, INIT, Result, Visit, shot_name
from .saves import (
                    BOOT_MS,
                    GAMES,
                    LESSONS,
                    OUT,
                    PRINTS,
                    READY,
                    ROOT,
                    SIZES,
                    TIMEOUT_MS,
                    WHOLE_WITH_ELLIPSIS,
)
from .screens import Chain, Pages, Screen, chains, screen_ids, screens
from .sheet import contact_sheet, main

__all__ = ["BOOT_MS", "CHECK", "GAMES", "INIT", "LESSONS", "OUT", "PRINTS", "READY",
           "ROOT", "SIZES", "TIMEOUT_MS", "WHOLE_WITH_ELLIPSIS", "Chain", "Pages", "Result",
           "Screen", "Visit", "chains", "contact_sheet", "main", "screen_ids",
           "screens", "shot_name"]

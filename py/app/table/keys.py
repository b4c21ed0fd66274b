"""The table's keys (docs/accessibility.md): arrows move along the hand or among the
places lit for the chosen tile, Shift with an arrow moves the focused tile along the hand
(the player's own order), Escape puts a chosen tile back, and D, P, K, H and T are the
table's shortcuts (markup.SHORTCUTS). The page-wide keys (Tab kept in a dialog, Escape
closing it, Enter on a button) are app.shared.keyboard's; focus kept through redraws is
app.shared.focus's, which asks ``fallback_focus`` where focus goes at the table when the
control that had it is gone.

``t`` is the table screen (app.table.ui)."""

from __future__ import annotations

from app.dom import closest, nothing
from app.shared import markup
from bones.tiles import parse_tile

DIALOG = "[role=dialog]"  # an open dialog in the screen Python draws
ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


class TableKeys:
    def __init__(self, t):
        self.t = t
        self.hand_pos = 0  # where in the hand the last chosen tile was (focus goes on there)

    def on_key(self, event, key: str) -> bool:
        """A key at the table: True when it was the table's (nothing else is to be done)."""
        t = self.t
        if key == "Escape" and t.state.selected is not None:
            chosen = t.state.selected
            t.select(None)
            t.page.focusing.focus(f'.hand-tile[data-tile="{chosen}"]')
            return True
        el = event.target
        if key in ARROWS and event.shiftKey and self._move_tile(el, ARROWS[key]):
            event.preventDefault()
            return True
        if key in ARROWS and self._arrow(el, ARROWS[key]):
            event.preventDefault()
            return True
        return self._shortcut(event, key)

    def _arrow(self, el, step: int) -> bool:
        """Arrow keys move along the hand, or among the places lit for the chosen tile."""
        p = self.t.page
        for group in (".hand-tile", "[data-act=target]"):
            if not nothing(closest(el, group)):
                items = p.focusing.focusables(matching=group)
                if el in items:
                    p.focusing.focus_el(items[(items.index(el) + step) % len(items)])
                    return True
        return False

    def _move_tile(self, el, step: int) -> bool:
        """Shift and an arrow key move the focused tile of the hand one place along it
        (the player's own order, app.game.hand); focus stays on it."""
        tile = closest(el, ".hand-tile")
        p = self.t.page
        if nothing(tile) or p.has(DIALOG):
            return False
        text = p.data(tile, "tile")
        if text is None:
            return False
        self.t.step_tile(parse_tile(text), step)
        return True

    def _shortcut(self, event, key: str) -> bool:
        """The table's keys: D draws, P passes, K knocks, H hints, T reads the table."""
        t = self.t
        p = t.page
        if (event.ctrlKey or event.altKey or event.metaKey or len(key) != 1
                or p.has(DIALOG) or p.typing_in(event.target)):
            return False
        act = {k: a for a, k in markup.SHORTCUTS.items()}.get(key.upper())
        if act is None:
            return False
        event.preventDefault()
        if act == "read":
            t.say(t.session.wording.table_said())
            return True
        btn = p.find(f'[data-act="{act}"]:not([disabled])')
        if btn is not None:  # as the button pressed: the page's press (app.controller)
            p.focusing.focus_el(btn)
            t.act(act, "", p.control(btn))
        return True

    def fallback_focus(self) -> bool:
        """The control that had focus is gone after a redraw: focus goes on to the next
        playable tile (from where the last one chosen was), else Draw, Pass or Knock, else
        a tile (app.shared.focus's ``settle``); False when the table has none of them."""
        p = self.t.page
        tiles = p.focusing.focusables(".hand", matching=".hand-tile")
        playable = [x for x in tiles if p.matches(x, ".playable")]
        later = [x for x in tiles[self.hand_pos:] if p.matches(x, ".playable")]
        acts = p.focusing.focusables(".actions")
        for group in (later, playable, acts, tiles):
            if group:
                p.focusing.focus_el(group[0])
                return True
        return False

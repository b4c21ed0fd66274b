"""Dragging a tile from the hand onto a train: a pointer pressed on a playable tile and
moved 12 px chooses it and shows a ghost of it under the finger; let go over a place it
may go, it is played there (as tapping the tile, then the place, does).

``c`` is the page's controller (app.controller), read and called as the rally and kiosk
screens do."""

from __future__ import annotations

from app import markup
from app.dom import closest, nothing
from bones.tiles import parse_tile

START_PX = 12  # how far the pointer moves (across plus down) before a press is a drag


class Drag:
    def __init__(self, c):
        self.c = c
        self.held: dict | None = None  # the tile dragged, where it began, and its ghost
        self._suppress_click = False

    def swallow_click(self) -> bool:
        """The click that ends a drag is not a tap: True (once) after a drop."""
        was, self._suppress_click = self._suppress_click, False
        return was

    def clear_ghosts(self) -> None:
        """A drag the page never saw end leaves no ghost behind (called on each redraw)."""
        if self.held is None:
            self.c.page.remove_all(".drag-ghost")

    def on_pointer_down(self, event) -> None:
        el = closest(event.target, ".hand-tile.playable")
        if nothing(el):
            return
        self.held = {"tile": self.c.page.data(el, "tile"), "x": event.clientX, "y": event.clientY,
                     "ghost": None}

    def on_pointer_move(self, event) -> None:
        d = self.held
        if d is None:
            return
        c = self.c
        if d["ghost"] is None:
            if abs(event.clientX - d["x"]) + abs(event.clientY - d["y"]) < START_PX:
                return
            t = parse_tile(d["tile"])
            c.table.select(t, render=True)
            d["ghost"] = c.page.add_ghost(markup.upright(t, **markup.tile_look(c.session)))
        c.page.place(d["ghost"], event.clientX - 30, event.clientY - 60)

    def on_pointer_cancel(self, event) -> None:
        """A drag the browser took over (a scroll, a second finger): no ghost stays."""
        d = self.held
        self.held = None
        if d is not None and d["ghost"] is not None:
            self.c.page.remove(d["ghost"])

    def on_pointer_up(self, event) -> None:
        d = self.held
        self.held = None
        if d is None or d["ghost"] is None:
            return
        p = self.c.page
        p.remove(d["ghost"])
        self._suppress_click = True
        spot = closest(p.element_at(event.clientX, event.clientY), "[data-target],[data-drop]")
        if nothing(spot):
            return
        target = p.data(spot, "target")
        if target is None:
            target = p.data(spot, "drop")
        self.c.table.play_on(int(target))

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
            ghosts = self.c.doc.querySelectorAll(".drag-ghost")
            for i in range(ghosts.length):
                ghosts.item(i).remove()

    def on_pointer_down(self, event) -> None:
        el = closest(event.target, ".hand-tile.playable")
        if nothing(el):
            return
        self.held = {"tile": str(el.dataset.tile), "x": event.clientX, "y": event.clientY,
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
            ghost = c.doc.createElement("div")
            ghost.className = "drag-ghost"
            ghost.innerHTML = markup.upright(t, **markup.tile_look(c.session))
            c.doc.body.appendChild(ghost)
            d["ghost"] = ghost
        d["ghost"].style.transform = f"translate({event.clientX - 30}px, {event.clientY - 60}px)"

    def on_pointer_cancel(self, event) -> None:
        """A drag the browser took over (a scroll, a second finger): no ghost stays."""
        d = self.held
        self.held = None
        if d is not None and d["ghost"] is not None:
            d["ghost"].remove()

    def on_pointer_up(self, event) -> None:
        d = self.held
        self.held = None
        if d is None or d["ghost"] is None:
            return
        d["ghost"].remove()
        self._suppress_click = True
        hit = self.c.doc.elementFromPoint(event.clientX, event.clientY)
        spot = closest(hit, "[data-target],[data-drop]")
        if nothing(spot):
            return
        target = getattr(spot.dataset, "target", None)
        if nothing(target):
            target = getattr(spot.dataset, "drop", None)
        self.c.table.play_on(int(target))

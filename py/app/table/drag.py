"""Dragging a tile of the hand: a pointer pressed on a tile and moved 12 px shows a ghost
of it under the finger (and chooses it, when it is playable). Let go over a place it may
go, it is played there (as tapping the tile, then the place, does); let go over another
tile of the hand, it takes that tile's place (over the hand past its last tile: the
last place), so a player keeps their own order (app.game.hand).

``t`` is the table screen (app.table.ui): a drop is its ``play_on`` or ``move_tile``."""

from __future__ import annotations

from app.dom import closest, nothing
from app.shared import markup
from bones.tiles import parse_tile

START_PX = 12  # how far the pointer moves (across plus down) before a press is a drag


class Drag:
    def __init__(self, t):
        self.t = t
        self.held: dict | None = None  # the tile dragged, where it began, and its ghost
        self._suppress_click = False

    def swallow_click(self) -> bool:
        """The click that ends a drag is not a tap: True (once) after a drop."""
        was, self._suppress_click = self._suppress_click, False
        return was

    def clear_ghosts(self) -> None:
        """A drag the page never saw end leaves no ghost behind (called on each redraw)."""
        if self.held is None:
            self.t.page.remove_all(".drag-ghost")

    def on_pointer_down(self, event) -> None:
        el = closest(event.target, ".hand-tile")
        if nothing(el):
            return
        playable = not nothing(closest(event.target, ".hand-tile.playable"))
        self.held = {"tile": self.t.page.data(el, "tile"), "x": event.clientX, "y": event.clientY,
                     "ghost": None, "playable": playable}

    def on_pointer_move(self, event) -> None:
        d = self.held
        if d is None:
            return
        t = self.t
        if d["ghost"] is None:
            if abs(event.clientX - d["x"]) + abs(event.clientY - d["y"]) < START_PX:
                return
            tile = parse_tile(d["tile"])
            if d["playable"]:
                t.select(tile, render=True)
            d["ghost"] = t.page.add_ghost(markup.upright(tile, **markup.tile_look(t.session)))
        t.page.place(d["ghost"], event.clientX - 30, event.clientY - 60)

    def on_pointer_cancel(self, event) -> None:
        """A drag the browser took over (a scroll, a second finger): no ghost stays."""
        d = self.held
        self.held = None
        if d is not None and d["ghost"] is not None:
            self.t.page.remove(d["ghost"])

    def on_pointer_up(self, event) -> None:
        d = self.held
        self.held = None
        if d is None or d["ghost"] is None:
            return
        p = self.t.page
        p.remove(d["ghost"])
        self._suppress_click = True
        under = p.element_at(event.clientX, event.clientY)
        spot = closest(under, "[data-target],[data-drop]")
        if not nothing(spot):
            if d["playable"]:
                target = p.data(spot, "target")
                if target is None:
                    target = p.data(spot, "drop")
                self.t.play_on(int(target))
            return
        self._drop_in_hand(parse_tile(d["tile"]), under)

    def _drop_in_hand(self, t, under) -> None:
        """The tile let go over the hand: it takes the place of the tile it is over."""
        p = self.t.page
        other = closest(under, ".hand-tile")
        order = self.t.session.hand_in_order()
        if not nothing(other):
            over = parse_tile(p.data(other, "tile") or "")
            to = order.index(over) if over in order else None
        elif not nothing(closest(under, ".hand")):
            to = len(order)
        else:
            return
        if to is None or t not in order or to == order.index(t):
            return
        if self.t.state.selected == t:  # chosen as the drag began: a move in the hand
            self.t.select(None, render=False)
        self.t.move_tile(t, to)

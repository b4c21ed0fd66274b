"""The table drawn: the screen's markup with its felt, the hand sized to the room there
is, and the felt's layout kept while its tiles and size stay. The felt is written once a
redraw: laid out in the markup for the size it had, and written again after only when
the felt's size is new (the first drawing, a resize, a hand grown by a row).

``redraw`` is the table's whole drawing, made by the table itself (no step back through
the controller): the screen written on the page once with the line over it and the dialog
over it, focus kept (app.shared.focus) and a new line under the table said.

``t`` is the table screen (app.table.ui): its game, its page, its state and the view of
the position it drew from (app.table.position)."""

from __future__ import annotations

from app.game import hand
from app.table import felt, views
from app.table.saving import remember_screen

FELT = ".felt-area"  # the felt, less its labels' bands: its size is watched (app.browser.page)
HAND = ".hand"  # the hand's area: as wide as the screen, its tiles sized to fit (app.game.hand)


class Board:
    def __init__(self, t):
        self.t = t
        self._lay = self._lay_key = None  # the table's layout, kept while tiles and felt stay
        self._drawn_size = None  # the felt size the felt on the page was laid out for
        self._in_markup = None  # the felt size the last markup laid its felt out for

    def redraw(self, above: str, dialog: str) -> None:
        """The table on the page: ``above`` it Play together's line, over it ``dialog``
        (the controller's slot's, or the game's own), in one ``set_html``."""
        t = self.t
        p = t.page
        before = t.focus.key()
        remember_screen(p.storage(), "game")  # a reload comes back to the game
        t.drag.clear_ghosts()
        p.set_html(above + t.markup() + dialog)
        p.flag("screen", t.name)
        t.drawn()
        t.focus.settle(before, t.keys.fallback_focus)
        t.say_hint()  # a new line under the table, said once

    def markup(self, view) -> str:
        """The table, its felt laid out for the felt's last size (none known: no felt,
        ``drawn`` writes it once the page has measured it)."""
        t = self.t
        size = self._drawn_size
        self._in_markup = size
        svg = self._svg(view, size) if size is not None else ""
        return views.table_screen(t.session, view, svg, hint=t.state.hint,
                                  unsaved=t.saver.unsaved)

    def drawn(self, view) -> None:
        """After the table's markup went on the page: the hand's size, then the felt
        written again if its size is not the one the markup was laid out for."""
        t = self.t
        s = t.session
        # large print: bigger text and hand as well as numbers (docs/kiosk.md)
        t.page.flag("large", "1" if s.settings.numerals else "0")
        self._fit_hand(view)
        size = self._felt_size()
        if size != self._in_markup:
            self._draw_felt(view, size)
        else:
            self._drawn_size = size
        t.page.watch_size(FELT, self._on_felt_resize)
        t.page.flag("turn", str(s.game.turn))

    def _fit_hand(self, view) -> None:
        """Size the hand's tiles to the room there is (app.game.hand.fit): every tile on
        screen at once. Before the felt is measured: the hand's rows take their height
        first."""
        p = self.t.page
        area, screen = p.size_of(HAND), p.size_of(".table-screen")
        if area is None or screen is None or area[0] <= 0 or screen[1] <= 0:
            return
        n = len(view.hand)
        f = hand.fit(area[0], screen[1], n, large=self.t.session.settings.numerals,
                     screen_w=screen[0])
        p.set_var(HAND, "--tile", f"{f.tile}px")
        p.set_var(HAND, "--hand-h", f"{f.height}px")

    def _felt_size(self):
        """The felt's size (less its labels' bands) in CSS px; None while it is
        not shown (the page is still starting: #table is hidden until it is ready)."""
        size = self.t.page.size_of(FELT)
        return size if size is not None and size[0] > 0 and size[1] > 0 else None

    def _svg(self, view, size) -> str:
        t = self.t
        lay = self.layout(*size)
        return felt.table_svg(t.session, lay, selected=view.selected, targets=view.targets,
                              fresh=t.state.fresh)

    def _draw_felt(self, view, size) -> None:
        """Write the felt for ``size``. Laid out for a felt with no size (a reload draws
        before the page is shown) it would be drawn too small and stay so: then nothing
        is drawn, and the watch on the felt's size draws it once shown."""
        self._drawn_size = size
        if size is None:
            return
        self.t.page.replace(FELT, f'<div class="felt-area">{self._svg(view, size)}</div>')

    def _on_felt_resize(self, *_args) -> None:
        t = self.t
        try:
            if not t.on_show():
                return
            view = t.view()
            self._fit_hand(view)  # drawn while the page was hidden: sized now it is shown
            size = self._felt_size()
            if size is not None and size != self._drawn_size:
                before = t.focus.key()
                self._draw_felt(view, size)
                t.page.watch_size(FELT, self._on_felt_resize)  # the felt's new element
                t.focus.settle(before, t.keys.fallback_focus)
        except Exception as exc:  # never a dead table; say so in the console
            t.page.error(f"Rally Dominoes: redrawing the table failed: {exc!r}")

    def layout(self, w: int, h: int):
        """The table's layout, made again only when tiles change or the felt's size
        does: choosing a tile or reading a hint moves nothing."""
        s = self.t.session
        g = s.game
        key = (w, h, id(g), g.round_number, len(s.seats),
               [(m, seat) for m, seat, _t in g.history])
        if key != self._lay_key:
            # the same round keeps its frame (bones.layout.lanes): placed tiles stay put,
            # and room is made right after a person's own move rather than a computer's
            same = self._lay_key is not None and self._lay_key[2:5] == key[2:5]
            last = g.history[-1][1] if g.history else None
            brace = last is not None and last < len(s.seats) and s.seats[last].human
            self._lay = felt.lanes_layout(s, w, h, before=self._lay if same else None,
                                          brace=brace)
            self._lay_key = key
        return self._lay

"""Focus that is never lost through a redraw (docs/accessibility.md). Every screen is
drawn from scratch, so before a redraw ``key`` notes what has focus by the attributes that
name it, and ``settle`` focuses the same control after it, or the next sensible one: a
dialog just opened takes focus, one just closed gives it back to what had it.

Shared by the controller (any screen it draws) and the table screen (app.table.ui, which
draws itself); ``page`` is app.browser.page's ``Page``, whose ``focusing`` does the element
work (what can take focus, what has it, a control's key across redraws)."""

from __future__ import annotations

from collections.abc import Callable

DIALOG = "[role=dialog]"  # an open dialog in the screen Python draws
# The attributes that name a control across redraws (the markup is made anew each time).
KEY_ATTRS = ("id", "data-act", "data-tile", "data-target", "data-field", "data-seat",
             "data-option", "data-rally-field", "data-i", "name", "data-house-field",
             "data-setting", "data-players")


class FocusKeeper:
    def __init__(self, page):
        self.page = page
        self.dialog_open = False  # a dialog was on the page after the last redraw
        self.opener = None  # the key of what had focus when that dialog opened

    def key(self):
        """What has focus, as a selector that finds the same control after a redraw,
        with its place among the screen's controls; None when focus is not in #table."""
        return self.page.focusing.focus_key(KEY_ATTRS)

    def settle(self, before, fallback: Callable[[], bool] | None = None) -> None:
        """After a redraw: a dialog that opened takes focus (``_open_at_top``); one that
        closed gives it back to what had it before; else the same control has it again,
        or the next sensible one: the screen's own choice (``fallback``, True when it
        focused something: the table's next playable tile), else whatever is now where
        the control was."""
        p = self.page
        dlg = p.has(DIALOG)
        had, self.dialog_open = self.dialog_open, dlg
        kept = p.focusing.focus_kept()
        if dlg:
            if not had:
                self.opener = before
            if kept and p.focusing.inside(p.focusing.active(), DIALOG):
                return
            if before is not None and p.focusing.try_focus(before[0], DIALOG):
                return
            self._open_at_top()
            return
        if kept:
            return
        if had and self.opener is not None:
            before, self.opener = self.opener, None
        if before is None and not had:
            return  # focus was never on the screen (a page just loaded): leave it be
        if before is not None and p.focusing.try_focus(before[0]):
            return
        if fallback is not None and fallback():
            return
        items = p.focusing.focusables()
        if items:
            place = before[1] if before is not None else 0
            p.focusing.focus_el(items[min(place, len(items) - 1)])

    def _open_at_top(self) -> None:
        """A dialog just opened shows its top: focus on its first control when the whole
        dialog is in view, else on its heading (the first control may be far down: the
        Rules' Close would open it at its end)."""
        p = self.page
        p.scroll_top(DIALOG, 0)
        items = p.focusing.focusables(DIALOG)
        if items and not p.scrolls(DIALOG):
            p.focusing.focus_el(items[0])
        else:
            p.focusing.focus("h2", DIALOG)
            p.scroll_top(DIALOG, 0)

    def shown(self, fallback: Callable[[], bool] | None = None) -> None:
        """The page is on screen (start-up's end): a dialog drawn while it was hidden
        takes focus now."""
        self.dialog_open = False
        self.settle(None, fallback)

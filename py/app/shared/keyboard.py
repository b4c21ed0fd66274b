"""The keyboard, and focus that is never lost (docs/accessibility.md).

Escape closes a dialog (or a kiosk's PIN pad), Tab stays inside an open dialog, Enter
and Space press a button drawn as one; the table's own keys are app.table.keys, the past
games' replay's app.past.ui. Every screen is redrawn from scratch, so before a redraw
``focus_key`` notes what has focus by the attributes that name it, and ``settle`` focuses
the same control after it, or the next sensible one.

``c`` is the page's controller (app.controller), read and called as the rally and kiosk
screens do. The decisions are made here; the element work (what can take focus, what has
it, a control's key across redraws) is app.browser.page's."""

from __future__ import annotations

DIALOG = "[role=dialog]"  # an open dialog in the screen Python draws
# The attributes that name a control across redraws (the markup is made anew each time).
KEY_ATTRS = ("id", "data-act", "data-tile", "data-target", "data-field", "data-seat",
             "data-option", "data-rally-field", "data-i", "name", "data-house-field",
             "data-setting", "data-players")

class Keyboard:
    def __init__(self, c):
        self.c = c
        self.dialog_open = False  # a dialog was on the page after the last redraw
        self.opener = None  # the key of what had focus when that dialog opened

    def on_key(self, event) -> None:
        key = str(event.key)
        if key == "Tab" and self._trap_tab(event):
            return
        if key == "Escape" and self.c.kiosk is not None and self.c.kiosk.panel in (
                "pin", "new-pin", "again-pin"):
            self.c.kiosk.act("kiosk-cancel", "")  # the PIN pad's Cancel
            return
        if key == "Escape" and self.c.dialog:
            self.c.dialog = None
            self.c.render()
            self.c.schedule()
            return
        if self.c.screen == "past" and self.c.past.on_key(key):  # the replay's steps
            event.preventDefault()
            return
        if self.c.screen == "table" and self.c.session is not None \
                and self.c.table.keys.on_key(event, key):  # the table's own (app.table.keys)
            return
        el = event.target
        if key in ("Enter", " ") and self.c.page.is_role_button(el):
            event.preventDefault()
            ctl = self.c.page.control(el)
            self.c.act(ctl.data.get("act", ""), ctl)

    def _trap_tab(self, event) -> bool:
        """Tab and Shift+Tab go round the open dialog's controls, never behind it."""
        p = self.c.page
        if not p.has(DIALOG):
            return False
        items = p.focusing.focusables(DIALOG)
        if not items:
            event.preventDefault()
            return True
        active = p.focusing.active()
        back = bool(event.shiftKey)
        # from outside, from the dialog's heading, or past its last control (or its first):
        # to its first control (or its last)
        if (not p.focusing.inside(active, DIALOG) or active not in items
                or active == (items[0] if back else items[-1])):
            event.preventDefault()
            p.focusing.focus_el(items[-1] if back else items[0])
            return True
        return False

    # ---- focus, never lost -------------------------------------------------------------
    def focus_key(self):
        """What has focus, as a selector that finds the same control after a redraw,
        with its place among the screen's controls; None when focus is not in #table."""
        return self.c.page.focusing.focus_key(KEY_ATTRS)

    def settle(self, before) -> None:
        """After a redraw: a dialog that opened takes focus (``_open_at_top``); one that
        closed gives it back to what had it before; else the same control has it again,
        or the next sensible one (a playable tile, Draw or Pass)."""
        p = self.c.page
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
        self._fallback_focus(before[1] if before is not None else 0)

    def _open_at_top(self) -> None:
        """A dialog just opened shows its top: focus on its first control when the whole
        dialog is in view, else on its heading (the first control may be far down: the
        Rules' Close would open it at its end)."""
        p = self.c.page
        p.scroll_top(DIALOG, 0)
        items = p.focusing.focusables(DIALOG)
        if items and not p.scrolls(DIALOG):
            p.focusing.focus_el(items[0])
        else:
            p.focusing.focus("h2", DIALOG)
            p.scroll_top(DIALOG, 0)

    def _fallback_focus(self, place: int) -> None:
        """The control gone, focus goes on: at the table to the next playable tile (from
        where the last one chosen was), else Draw, Pass or Knock, else a tile; elsewhere to
        whatever is now where the control was."""
        p = self.c.page
        if self.c.screen == "table" and self.c.session is not None:
            tiles = p.focusing.focusables(".hand", matching=".hand-tile")
            playable = [x for x in tiles if p.matches(x, ".playable")]
            later = [x for x in tiles[self.c.table.keys.hand_pos:] if p.matches(x, ".playable")]
            acts = p.focusing.focusables(".actions")
            for group in (later, playable, acts, tiles):
                if group:
                    p.focusing.focus_el(group[0])
                    return
        items = p.focusing.focusables()
        if items:
            p.focusing.focus_el(items[min(place, len(items) - 1)])

    def shown(self) -> None:
        """The page is on screen (start-up's end): a dialog drawn while it was hidden
        takes focus now."""
        self.dialog_open = False
        self.settle(None)

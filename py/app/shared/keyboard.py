"""The page-wide keys (docs/accessibility.md): Tab stays inside an open dialog, Escape
closes it, Enter and Space press a button drawn as one. Every other key is the screen's
own: a screen answers ``on_key(event, key)`` (app.screen; the table's are app.table.keys,
a kiosk's PIN pad's Escape app.kiosk.ui's, the past games' replay's steps app.past.ui's).
Focus kept through redraws is app.shared.focus's ``FocusKeeper``, held here as ``focus``.

``c`` is the page's controller (app.controller): which screen shows, its dialog slot, and
a press handed on. The element work (what can take focus, what has it) is
app.browser.page's."""

from __future__ import annotations

from app.shared.focus import DIALOG, FocusKeeper


class Keyboard:
    def __init__(self, c):
        self.c = c
        self.focus = FocusKeeper(c.page)  # focus kept through redraws (app.shared.focus)

    def on_key(self, event) -> None:
        c = self.c
        key = str(event.key)
        if key == "Tab" and self._trap_tab(event):
            return
        if c.kiosk is not None and c.kiosk.on_key(event, key):  # a PIN pad over any screen
            return
        if key == "Escape" and c.dialog:
            c.dialog = None
            c.render()
            c.schedule()
            return
        screen = c.current()
        if screen is not c.kiosk and screen.on_key(event, key):  # the screen's own
            return
        el = event.target
        if key in ("Enter", " ") and c.page.is_role_button(el):
            event.preventDefault()
            ctl = c.page.control(el)
            c.act(ctl.data.get("act", ""), ctl)

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

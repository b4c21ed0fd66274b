"""The keyboard, and focus that is never lost (issue 34; docs/accessibility.md).

Arrows move along the hand or among the places lit for the chosen tile; D, P, K, H and T
are the table's keys (markup.SHORTCUTS); Escape closes a dialog or puts a chosen tile back;
Tab stays inside an open dialog. Every screen is redrawn from scratch, so before a redraw
``focus_key`` notes what has focus by the attributes that name it, and ``settle`` focuses
the same control after it, or the next sensible one.

``c`` is the page's controller (app.controller), read and called as the rally and kiosk
screens do."""

from __future__ import annotations

from app import markup
from app.dom import nothing

# What Tab can reach, as the browser counts it (a radio group is one stop: its checked one).
FOCUSABLE = ("button:not([disabled]), input:not([disabled]):not([type=radio]), "
             "input[type=radio]:checked:not([disabled]), select:not([disabled]), "
             "textarea:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])")
# The attributes that name a control across redraws (the markup is made anew each time).
KEY_ATTRS = ("id", "data-act", "data-tile", "data-target", "data-field", "data-seat",
             "data-option", "data-rally-field", "data-i", "name")
ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}

class Keyboard:
    def __init__(self, c):
        self.c = c
        self.dialog_open = False  # a dialog was on the page after the last redraw
        self.opener = None  # the key of what had focus when that dialog opened
        self.hand_pos = 0  # where in the hand the last chosen tile was

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
        if key == "Escape" and self.c.selected is not None and self.c.screen == "table":
            t = self.c.selected
            self.c.table.select(None)
            self.c.focus(f'.hand-tile[data-tile="{t}"]')
            return
        el = event.target
        if key in ARROWS and self._arrow(el, ARROWS[key]):
            event.preventDefault()
            return
        if self._shortcut(event, key):
            return
        if (key in ("Enter", " ") and hasattr(el, "getAttribute")
                and el.getAttribute("role") == "button" and el.tagName != "BUTTON"):
            event.preventDefault()
            self.c.act(str(el.dataset.act), el)

    def _trap_tab(self, event) -> bool:
        """Tab and Shift+Tab go round the open dialog's controls, never behind it."""
        dlg = self.c.root.querySelector("[role=dialog]")
        if nothing(dlg):
            return False
        items = self.focusables(dlg)
        if not items:
            event.preventDefault()
            return True
        active = self.c.doc.activeElement
        inside = not nothing(active) and dlg.contains(active)
        back = bool(event.shiftKey)
        if not inside or active == (items[0] if back else items[-1]):
            event.preventDefault()
            (items[-1] if back else items[0]).focus()
            return True
        return False

    def _arrow(self, el, step: int) -> bool:
        """Arrow keys move along the hand, or among the places lit for the chosen tile."""
        if nothing(el) or not hasattr(el, "closest") or self.c.screen != "table":
            return False
        for group in (".hand-tile", "[data-act=target]"):
            if not nothing(el.closest(group)):
                items = [x for x in self.focusables(self.c.root) if x.matches(group)]
                if el in items:
                    items[(items.index(el) + step) % len(items)].focus()
                    return True
        return False

    def _shortcut(self, event, key: str) -> bool:
        """The table's keys: D draws, P passes, K knocks, H hints, T reads the table."""
        if (self.c.screen != "table" or self.c.session is None or event.ctrlKey
                or event.altKey or event.metaKey or len(key) != 1
                or not nothing(self.c.root.querySelector("[role=dialog]"))):
            return False
        el = event.target
        if not nothing(el) and str(getattr(el, "tagName", "")) in ("INPUT", "SELECT",
                                                                     "TEXTAREA"):
            return False
        act = {k: a for a, k in markup.SHORTCUTS.items()}.get(key.upper())
        if act is None:
            return False
        event.preventDefault()
        if act == "read":
            self.c.say(self.c.session.table_said())
            return True
        btn = self.c.root.querySelector(f'[data-act="{act}"]:not([disabled])')
        if not nothing(btn):
            btn.focus()
            self.c.act(act, btn)
        return True

    # ---- focus, never lost -------------------------------------------------------------
    def focusables(self, within) -> list:
        found = within.querySelectorAll(FOCUSABLE)
        return [el for el in (found.item(i) for i in range(found.length))
                if el.getClientRects().length > 0]

    def focus_key(self):
        """What has focus, as a selector that finds the same control after a redraw,
        with its place among the screen's controls; None when focus is not in #table."""
        el = self.c.doc.activeElement
        if nothing(el) or not self.c.root.contains(el) or el == self.c.root:
            return None
        sel = str(el.tagName).lower()
        for a in KEY_ATTRS:
            v = el.getAttribute(a)
            if not nothing(v):
                sel += f'[{a}="{self.c.js.CSS.escape(str(v))}"]'
        if el.tagName == "INPUT" and str(el.type) in ("radio", "checkbox"):
            sel += f'[value="{self.c.js.CSS.escape(str(el.value))}"]'
        elif "[" not in sel and el.classList.length:
            sel += "." + str(el.classList.item(0))
        items = self.focusables(self.c.root)
        place = next((i for i, x in enumerate(items) if x == el), 0)
        return sel, place

    def settle(self, before) -> None:
        """After a redraw: a dialog that opened takes focus (its main button); one that
        closed gives it back to what had it before; else the same control has it again,
        or the next sensible one (a playable tile, Draw or Pass)."""
        dlg = self.c.root.querySelector("[role=dialog]")
        had, self.dialog_open = self.dialog_open, not nothing(dlg)
        active = self.c.doc.activeElement
        kept = not nothing(active) and active != self.c.doc.body and active.isConnected
        if not nothing(dlg):
            if not had:
                self.opener = before
            if kept and dlg.contains(active):
                return
            if before is not None and self._try_focus(before[0], dlg):
                return
            first = dlg.querySelector(".primary:not([disabled])")
            items = self.focusables(dlg)
            target = first if not nothing(first) else (items[0] if items else None)
            if target is not None:
                target.focus()
            return
        if kept:
            return
        if had and self.opener is not None:
            before, self.opener = self.opener, None
        if before is None and not had:
            return  # focus was never on the screen (a page just loaded): leave it be
        if before is not None and self._try_focus(before[0], self.c.root):
            return
        self._fallback_focus(before[1] if before is not None else 0)

    def _try_focus(self, selector: str, within) -> bool:
        try:
            el = within.querySelector(selector)
        except Exception:  # a key that is no selector: no control to find
            return False
        if nothing(el) or getattr(el, "disabled", False) or el.getClientRects().length == 0:
            return False
        el.focus()
        return el == self.c.doc.activeElement

    def _fallback_focus(self, place: int) -> None:
        """The control gone, focus goes on: at the table to the next playable tile (from
        where the last one chosen was), else Draw, Pass or Knock, else a tile; elsewhere to
        whatever is now where the control was."""
        if self.c.screen == "table" and self.c.session is not None:
            tiles = self.focusables(self.c.root.querySelector(".hand") or self.c.root)
            tiles = [x for x in tiles if x.classList.contains("hand-tile")]
            playable = [x for x in tiles if x.classList.contains("playable")]
            later = [x for x in tiles[self.hand_pos:] if x.classList.contains("playable")]
            acts = self.focusables(self.c.root.querySelector(".actions") or self.c.root)
            for group in (later, playable, acts, tiles):
                if group:
                    group[0].focus()
                    return
        items = self.focusables(self.c.root)
        if items:
            items[min(place, len(items) - 1)].focus()

    def shown(self) -> None:
        """The page is on screen (start-up's end): a dialog drawn while it was hidden
        takes focus now."""
        self.dialog_open = False
        self.settle(None)

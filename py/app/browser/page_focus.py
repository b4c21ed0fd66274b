"""The page's part for focus (app.shared.keyboard keeps its decisions, this does the
element work): what has focus, the controls Tab reaches in a part of the screen, a
control's key across redraws, focusing by selector. ``Page`` (app.browser.page) holds
one as ``page.focusing``; like app.browser.page, this module reaches the browser
(tests/engine/test_structure.py lists both)."""

from __future__ import annotations

from app.dom import nothing

# What Tab can reach, as the browser counts it (a radio group is one stop: its checked one).
FOCUSABLE = ("button:not([disabled]), input:not([disabled]):not([type=radio]), "
             "input[type=radio]:checked:not([disabled]), select:not([disabled]), "
             "textarea:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])")


class PageFocus:
    """Given Pyodide's ``js``, the part of the page Python draws (#table) and the page's
    ``find``, ``data`` and ``_scope`` (a selector's element inside #table)."""

    def __init__(self, js, root, find, data, scope):
        self._js = js
        self._doc = js.document
        self._root = root
        self._find = find
        self._data = data
        self._scope = scope

    def active(self):
        """What has focus, or None."""
        el = self._doc.activeElement
        return None if nothing(el) else el

    def inside(self, el, within: str | None = None) -> bool:
        """Whether ``el`` is inside #table (not #table itself), or inside ``within``."""
        scope = self._scope(within)
        if el is None or scope is None or not scope.contains(el):
            return False
        return within is not None or el != self._root

    def focus_kept(self) -> bool:
        """Whether focus is still on a control on the page (not lost to the body)."""
        el = self.active()
        return el is not None and el != self._doc.body and bool(el.isConnected)

    def focusables(self, within: str | None = None, matching: str | None = None) -> list:
        """The controls Tab reaches in #table (in ``within`` there, or all of #table when
        ``within`` is not there), in order, those shown only; with ``matching``, those
        that match it."""
        scope = self._scope(within)
        if scope is None:
            scope = self._root
        found = scope.querySelectorAll(FOCUSABLE)
        return [el for el in (found.item(i) for i in range(found.length))
                if el.getClientRects().length > 0
                and (matching is None or el.matches(matching))]

    def focus_el(self, el) -> None:
        el.focus()

    def focus(self, selector: str, within: str | None = None) -> bool:
        """Focus what ``selector`` finds in #table; False when nothing is found."""
        el = self._find(selector, within)
        if el is None:
            return False
        el.focus()
        return True

    def focus_id(self, id_: str) -> None:
        el = self._doc.getElementById(id_)
        if not nothing(el):
            el.focus()

    def try_focus(self, selector: str, within: str | None = None) -> bool:
        """Focus what ``selector`` finds, if it can take focus (shown, not disabled);
        True if it has focus now. A key that is no selector finds nothing."""
        try:
            el = self._find(selector, within)
        except Exception:
            return False
        if el is None or getattr(el, "disabled", False) or el.getClientRects().length == 0:
            return False
        el.focus()
        return el == self._doc.activeElement

    def focus_key(self, attrs: tuple[str, ...]):
        """What has focus, as a selector that finds the same control after a redraw (by
        its tag and ``attrs``), with its place among the screen's controls; None when
        focus is not in #table."""
        el = self.active()
        if not self.inside(el):
            return None
        escape = self._js.CSS.escape
        sel = str(el.tagName).lower()
        for a in attrs:
            v = el.getAttribute(a)
            if not nothing(v):
                sel += f'[{a}="{escape(str(v))}"]'
        if el.tagName == "INPUT" and str(el.type) in ("radio", "checkbox"):
            sel += f'[value="{escape(str(el.value))}"]'
        elif "[" not in sel and el.classList.length:
            sel += "." + str(el.classList.item(0))
        items = self.focusables()
        place = next((i for i, x in enumerate(items) if x == el), 0)
        return sel, place

    def to_top(self) -> None:
        """The window scrolled to the page's top (a screen opened shows its top)."""
        self._js.window.scrollTo(0, 0)

    def reveal(self, selector: str) -> None:
        """What ``selector`` finds scrolled into the window by the least that shows it
        whole (its top, when it is taller than the window); in view already, nothing
        moves."""
        el = self._find(selector)
        if el is not None:
            el.scrollIntoView(self._js.JSON.parse('{"block": "nearest"}'))

    def active_data(self, name: str) -> str:
        """The focused element's ``data-NAME`` ("" when it has none)."""
        return self._data(self.active(), name) or ""

    def caret_to_end(self, selector: str) -> None:
        """The text caret at the end of the field ``selector`` finds."""
        el = self._find(selector)
        if el is None:
            return
        n = len(str(getattr(el, "value", "") or ""))
        try:
            el.setSelectionRange(n, n)
        except Exception:
            pass

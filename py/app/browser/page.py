"""The page: the one module of app/ that touches the browser (Pyodide's ``js``, the
document, the window and the DOM's elements), with the parts it holds: ``motion``
(app.browser.page_motion: a move's tile flying, the notes played, the felt patched in
place) and ``focusing`` (app.browser.page_focus). Only app.boot (start-up) and
app.browser.qr (the QR loader) import ``js`` besides (tests/engine/test_structure.py).

Everything else in app/ says what it wants of the page through a ``Page`` method, and
the CPython tests hand the controller a stand-in with the same methods
(tests/app/fakepage.py), so no test fakes ``document`` or an element.

- Where: a ``selector`` is looked up inside ``#table``, the part of the page Python draws
  (a dialog there is ``[role=dialog]``; the camera panel outside it is not one of them);
  an ``id_`` names an element anywhere in the document (#live, #scanner, #attract-bg...).
- Elements: a few calls hand one back (``find``, ``active``, ``focusables``,
  ``element_at``, ``add_ghost``). It is a handle, to be given back to the page
  (``focus_el``, ``matches``, ``inside``, ``data``, ``place``, ``remove``), compared
  (``==``) or kept; it is never read or changed outside app.browser.
- Focus: app.shared.keyboard decides; the part ``focusing`` (app.browser.page_focus) does
  the element work.
- Controls: a press or a change reaches a screen's handler as an app.dom ``Control``
  (``control``: its tag, ``data-*``, value, checked, disabled, files), plain Python.
- Events: the page's listeners still get the browser's event and read its ``key``,
  ``target``, ``clientX``... and call ``preventDefault`` (app.controller, app.shared.keyboard,
  app.table.drag, app.kiosk.ui); its ``target`` goes to app.dom's ``closest`` and to this
  class.
"""

from __future__ import annotations

import json
from datetime import datetime

from app.browser.page_focus import PageFocus
from app.browser.page_motion import PageMotion
from app.dom import Control, nothing

LIVE_LINES = 5  # lines kept in the live region (#live)


class Page:
    def __init__(self, js, create_proxy):
        self._js = js
        self._doc = js.document
        self._root = self._doc.getElementById("table")
        self._proxy = create_proxy
        self._proxies: list = []
        self._viewport: str | None = None  # the page's own viewport, while kiosk mode is on
        self._observers: dict = {}  # selector -> its ResizeObserver
        self.motion = PageMotion(js, self.find)  # a tile flying, the notes played, the felt patched
        self.focusing = PageFocus(js, self._root, self.find, self.data, self._scope)  # focus

    # ---- events -------------------------------------------------------------------------
    def _callback(self, fn):
        """``fn`` as a JavaScript function, kept alive as long as the page is (Pyodide
        frees a proxy nobody holds)."""
        p = self._proxy(fn)
        self._proxies.append(p)
        return p

    def listen(self, target: str, kind: str, fn, passive: bool | None = None) -> None:
        """``fn(event)`` on ``kind`` events of ``target``: "document", "window" or an
        element's id. ``passive=False`` for a listener that may stop scrolling or zoom."""
        if target == "document":
            el = self._doc
        elif target == "window":
            el = self._js.window
        else:
            el = self._doc.getElementById(target)
        if passive is None:
            el.addEventListener(kind, self._callback(fn))
        else:
            options = self._js.JSON.parse(json.dumps({"passive": passive}))
            el.addEventListener(kind, self._callback(fn), options)

    # ---- drawing ------------------------------------------------------------------------
    def set_html(self, html: str) -> None:
        """The screen Python draws (#table), drawn anew."""
        self._root.innerHTML = html

    def flag(self, name: str, value: str | None) -> None:
        """``<html data-NAME="value">`` (the style sheet reads it); None takes it away."""
        if value is None:
            self._doc.documentElement.removeAttribute(f"data-{name}")
        else:
            setattr(self._doc.documentElement.dataset, name, value)

    def read_flag(self, name: str) -> str:
        """``<html data-NAME>``, or "" when it is not there: the page's own flags too
        (index.html's ``storage`` and ``ios``, docs/browsers.md)."""
        value = getattr(self._doc.documentElement.dataset, name, None)
        return "" if nothing(value) else str(value)

    async def keep_storage(self) -> str:
        """Ask the browser to keep what the page stores (index.html's keepStorage, which
        sets ``data-storage``); its answer: "kept", "refused" or "unknown"."""
        return str(await self._js.rallyBoot.keepStorage(True))

    def say(self, text: str) -> None:
        """A line in the page's one live region (index.html's #live): it is never
        redrawn, so a screen reader hears each line once. The last few lines stay."""
        log = self._doc.getElementById("live")
        if not text or nothing(log):
            return
        line = self._doc.createElement("p")
        line.textContent = text
        log.appendChild(line)
        while log.childElementCount > LIVE_LINES:
            log.firstElementChild.remove()

    def set_text(self, id_: str, text: str) -> None:
        """The text of the element ``id_``, if it is on the page."""
        el = self._doc.getElementById(id_)
        if not nothing(el):
            el.textContent = text

    def set_inner(self, id_: str, html: str) -> None:
        el = self._doc.getElementById(id_)
        if not nothing(el):
            el.innerHTML = html

    def size(self, id_: str) -> tuple[int, int] | None:
        """The element ``id_``'s inner size in CSS px (0 while hidden), or None."""
        el = self._doc.getElementById(id_)
        return None if nothing(el) else (int(el.clientWidth), int(el.clientHeight))

    def size_of(self, selector: str) -> tuple[int, int] | None:
        """The inner size in CSS px of what ``selector`` finds (0 while hidden), or None."""
        el = self.find(selector)
        return None if el is None else (int(el.clientWidth), int(el.clientHeight))

    def replace(self, selector: str, html: str) -> None:
        """What ``selector`` finds, replaced by ``html`` (its outer markup)."""
        el = self.find(selector)
        if el is not None:
            el.outerHTML = html

    def set_var(self, selector: str, name: str, value: str) -> None:
        """The CSS custom property ``name`` (``--tile``) of what ``selector`` finds, set
        through its style (markup has no ``style=``: docs/csp.md)."""
        el = self.find(selector)
        if el is not None:
            el.style.setProperty(name, value)

    def watch_size(self, selector: str, fn) -> None:
        """``fn`` is called when what ``selector`` finds changes size (a ResizeObserver,
        made once per selector, moved to the element drawn now), just after the observer's
        own call: a redraw inside it would change sizes again there, which Firefox reports
        as an error ("ResizeObserver loop completed with undelivered notifications"); a
        timer, not the next frame, which a window out of sight may never draw. Nothing
        where the browser has no ResizeObserver."""
        observer = self._observers.get(selector)
        if observer is None:
            rs = getattr(self._js, "ResizeObserver", None)
            if nothing(rs):
                return
            later = self._callback(fn)
            observer = self._observers[selector] = rs.new(
                self._callback(lambda *_: self._js.setTimeout(later, 0)))
        observer.disconnect()
        el = self.find(selector)
        if el is not None:
            observer.observe(el)

    def scroll_top(self, selector: str, value: int | None = None) -> int:
        """How far what ``selector`` finds is scrolled (0 when it is not there); with
        ``value``, scroll it there."""
        el = self.find(selector)
        if el is None:
            return 0
        if value is not None:
            el.scrollTop = value
        return int(el.scrollTop)

    def scrolls(self, selector: str) -> bool:
        """Whether what ``selector`` finds holds more than it shows (it scrolls)."""
        el = self.find(selector)
        return el is not None and int(el.scrollHeight) > int(el.clientHeight) + 1

    def open_panel(self, id_: str) -> None:
        """Show the panel ``id_`` (outside #table) as a modal dialog."""
        panel = self._doc.getElementById(id_)
        panel.setAttribute("role", "dialog")  # only while it shows: nothing else is a dialog
        panel.setAttribute("aria-modal", "true")
        panel.hidden = False

    def close_panel(self, id_: str) -> bool:
        """Hide the panel ``id_``; True if it was showing."""
        panel = self._doc.getElementById(id_)
        was_open = not panel.hidden
        panel.hidden = True
        panel.removeAttribute("role")
        panel.removeAttribute("aria-modal")
        return was_open

    # ---- the dragged tile's ghost -------------------------------------------------------
    def add_ghost(self, html: str):
        """A ``.drag-ghost`` showing ``html``, over the whole page (to ``place``)."""
        ghost = self._doc.createElement("div")
        ghost.className = "drag-ghost"
        ghost.innerHTML = html
        self._doc.body.appendChild(ghost)
        return ghost

    def place(self, el, x: float, y: float) -> None:
        el.style.transform = f"translate({x}px, {y}px)"

    def remove(self, el) -> None:
        el.remove()

    def remove_all(self, selector: str) -> None:
        """Every element ``selector`` finds in the whole document, taken away."""
        found = self._doc.querySelectorAll(selector)
        for i in range(found.length):
            found.item(i).remove()

    def element_at(self, x: float, y: float):
        return self._doc.elementFromPoint(x, y)

    # ---- elements -----------------------------------------------------------------------
    def find(self, selector: str, within: str | None = None):
        """The first element ``selector`` finds in #table (in ``within`` there), or None."""
        scope = self._scope(within)
        el = None if scope is None else scope.querySelector(selector)
        return None if nothing(el) else el

    def has(self, selector: str) -> bool:
        return self.find(selector) is not None

    def data(self, el, name: str) -> str | None:
        """``el``'s ``data-NAME`` (``name`` in the dataset's spelling), or None."""
        ds = None if nothing(el) else getattr(el, "dataset", None)
        v = None if nothing(ds) else getattr(ds, name, None)
        return None if nothing(v) else str(v)

    def data_all(self, selector: str, name: str) -> list[str]:
        """The ``data-NAME`` of every element ``selector`` finds in #table, in order."""
        found = self._root.querySelectorAll(selector)
        return [str(getattr(found.item(i).dataset, name, "")) for i in range(found.length)]

    def control(self, el) -> Control:
        """What a handler reads of the element ``el`` (app.dom.Control); an empty one
        when ``el`` is null."""
        if nothing(el):
            return Control()
        ds = getattr(el, "dataset", None)
        data = {} if nothing(ds) else {str(pair[0]): str(pair[1])
                                       for pair in self._js.Object.entries(ds)}
        value = getattr(el, "value", None)
        files = getattr(el, "files", None)
        return Control(tag=str(getattr(el, "tagName", "") or ""), data=data,
                       value="" if nothing(value) else str(value),
                       checked=bool(getattr(el, "checked", False)),
                       disabled=bool(getattr(el, "disabled", False)),
                       files=() if nothing(files) else tuple(
                           files.item(i) for i in range(int(files.length))))

    def file_name(self, file) -> str:
        """The name of a file chosen in a control ("" if it has none)."""
        name = getattr(file, "name", None)
        return "" if nothing(name) else str(name)

    async def read_text(self, file) -> str:
        return str(await file.text())

    async def read_bytes(self, file) -> bytes:
        return bytes((await file.arrayBuffer()).to_bytes())

    def value_of(self, id_: str) -> str:
        """The value of the field ``id_`` ("" when it is not on the page)."""
        el = self._doc.getElementById(id_)
        return "" if nothing(el) else str(el.value)

    def matches(self, el, selector: str) -> bool:
        return bool(el.matches(selector))

    def is_role_button(self, el) -> bool:
        """Whether ``el`` is a ``role=button`` that is no <button> (Enter and Space press
        it as they do a button)."""
        return bool(hasattr(el, "getAttribute") and el.getAttribute("role") == "button"
                    and el.tagName != "BUTTON")

    def typing_in(self, el) -> bool:
        """Whether ``el`` is a field that takes typed keys (an input, a select, a text)."""
        return not nothing(el) and str(getattr(el, "tagName", "")) in ("INPUT", "SELECT",
                                                                      "TEXTAREA")

    # ---- the browser --------------------------------------------------------------------
    def error(self, text: str) -> None:
        """A line in the browser's console (the page's own console: app.table.saving takes a
        Page where it takes one)."""
        self._js.console.error(text)

    def warn(self, text: str) -> None:
        self._js.console.warn(text)

    def storage(self):
        """The page's local storage, or None when it is switched off (play on unsaved)."""
        try:
            return self._js.window.localStorage
        except Exception:
            return None

    def query(self) -> str:
        """The URL's query string (``?kiosk=1...``)."""
        return str(self._js.location.search)

    def url(self, path: str) -> str:
        """``path`` as a full URL, from the page's own."""
        return str(self._js.URL.new(path, self._doc.baseURI).href)

    def push_history(self) -> None:
        """One more entry in the tab's history, so "back" stays on the page."""
        self._js.history.pushState(None, "")

    def set_viewport(self, content: str) -> None:
        """The viewport meta tag says ``content``; its own is kept for ``restore_viewport``."""
        meta = self._doc.querySelector('meta[name="viewport"]')
        if not nothing(meta):
            if self._viewport is None:
                self._viewport = str(meta.getAttribute("content"))
            meta.setAttribute("content", content)

    def restore_viewport(self) -> None:
        meta = self._doc.querySelector('meta[name="viewport"]')
        if not nothing(meta) and self._viewport is not None:
            meta.setAttribute("content", self._viewport)

    def fullscreen(self) -> None:
        """Full screen (index.html's plain JavaScript asks: our code evaluates no
        strings, docs/csp.md)."""
        self._js.rallyBoot.fullscreen()

    def print(self) -> None:
        self._js.window.print()

    def download(self, text: str, filename: str, mime: str = "application/json") -> None:
        """``text`` offered as the file ``filename``."""
        a = self._doc.createElement("a")
        a.href = f"data:{mime};charset=utf-8," + self._js.encodeURIComponent(text)
        a.download = filename
        self._doc.body.appendChild(a)
        a.click()
        a.remove()

    def clock(self) -> str:
        """The local time ("2025-05-14 14:05"), as the browser has it."""
        try:
            d = self._js.Date.new()
            return (f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-"
                    f"{int(d.getDate()):02d} {int(d.getHours()):02d}:"
                    f"{int(d.getMinutes()):02d}")
        except Exception:
            return datetime.now().strftime("%Y-%m-%d %H:%M")

    def now_ms(self) -> float:
        """The page's clock for timing, in ms (``performance.now()``)."""
        return float(self._js.performance.now())

    def publish(self, name: str, value) -> None:
        """``window.NAME = value`` (a JSON value), for the benchmarks to read."""
        setattr(self._js.window, name, self._js.JSON.parse(json.dumps(value)))

    def append(self, name: str, value, keep: int) -> None:
        """``value`` (a JSON value) added to the array ``window.NAME``; past ``keep``
        items, the older half goes."""
        items = getattr(self._js.window, name, None)
        if nothing(items):
            items = self._js.Array.new()
            setattr(self._js.window, name, items)
        items.push(self._js.JSON.parse(json.dumps(value)))
        if items.length > keep:
            items.splice(0, keep // 2)

    def wasm_bytes(self) -> int | None:
        """Pyodide's memory size, or None where it cannot be read."""
        try:
            import pyodide_js

            return int(pyodide_js._module.HEAP8.length)
        except Exception:
            return None

    async def scan_qr(self, video_id: str):
        """One QR code read by the camera into the video ``video_id`` (app.browser.qr.scan)."""
        from app.browser import qr

        return await qr.scan(self._doc.getElementById(video_id), self._js)

    def stop_qr(self) -> None:
        from app.browser import qr

        qr.stop_scan(self._js)

    # ---- helpers ------------------------------------------------------------------------
    def _scope(self, within: str | None):
        if within is None:
            return self._root
        el = self._root.querySelector(within)
        return None if nothing(el) else el
